"""Play with a campaign's grown Legends (issue 19, C2): ``grown_pack`` from a save's growth
record, every grown number read by the engine in a real game (the stats, the skills, the
attack deltas with the words of their sources, the per-Legend fear limit), and skills that
start ``locked``: refused in play until a campaign or the ``unlock_skill`` event frees them.
Each test is built so that a wrong reading gives another answer."""

from __future__ import annotations

import dataclasses
import random
import textwrap
from pathlib import Path

import pytest
from script_packs import begin, step
from test_engine_packs import place, with_foes

from hollowcli.engine import (
    apply,
    campaign_unlocked,
    command_hint,
    end_of_round,
    fear_limit,
    grown_pack,
    growth_words,
    legal_actions,
    new_game,
    parse_command,
)
from hollowcli.engine.loadout import attack_numbers, own_skills
from hollowcli.engine.speed import replace
from hollowcli.engine.vocab import Result
from hollowcli.errors import SaveError
from hollowcli.pack import model
from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import Changes, Upgrade, frozen_map

PACK = Path(__file__).resolve().parent / "packs" / "campaign"


@pytest.fixture(scope="module")
def pack() -> model.Pack:
    return load_pack([PACK], use_cache=False)


def rec(upgrades: tuple[str, ...] = (), path: str | None = None, outfit: str | None = None,
        unlocked: tuple[str, ...] = ()) -> dict[str, object]:
    """One Legend's growth record, as a save holds it (plan §5)."""
    return {"upgrades": list(upgrades), "path": path, "outfit": outfit, "unlocked": list(unlocked)}


def with_upgrade(pack: model.Pack, uid: str, *changes: Changes) -> model.Pack:
    return dataclasses.replace(pack, upgrades=frozen_map({**pack.upgrades, uid: Upgrade(id=uid, name=uid.title(), legend="any", changes=changes)}))


# ----------------------------------------------------------------------- the grown pack
def test_no_growth_is_the_very_same_pack(pack: model.Pack) -> None:
    assert grown_pack(pack, None) is pack
    assert grown_pack(pack, {}) is pack
    assert grown_pack(pack, {"emily-van-winkle": rec(), "nobody": rec(("hard-hide",))}) is pack
    assert pack.legends["emily-van-winkle"].grown is None


def test_a_grown_legend_keeps_its_place_and_the_others_their_records(pack: model.Pack) -> None:
    g = grown_pack(pack, {"emily-van-winkle": rec(("hard-hide",))})
    assert list(g.legends) == list(pack.legends)  # (foes break ties of attack priority by this order)
    assert g.legends["emily-van-winkle"].grown is not None and g.legends["emily-van-winkle"].health == 9
    assert g.legends["matthias-geroux"] is pack.legends["matthias-geroux"]
    assert pack.legends["emily-van-winkle"].health == 8 and pack.legends["emily-van-winkle"].grown is None


def test_the_order_is_path_then_upgrades_then_outfit(pack: model.Pack) -> None:
    """The Healer removes Scatter Shot and adds Poultice; Keen Eye then replaces Long Shot
    in its place: path first, upgrades after (the other order would leave Long Shot)."""
    g = grown_pack(pack, {"emily-van-winkle": rec(("keen-eye",), path="healer", outfit="oilskin-coat")})
    emily = g.legends["emily-van-winkle"]
    assert emily.skills == ("far-shot", "poultice")
    assert [src for src, _ in emily.grown.sources["health"]] == ["The Healer"]
    assert growth_words(g, "emily-van-winkle", rec(("keen-eye",), path="healer", outfit="oilskin-coat")) == [
        ("The Healer", "loses Scatter Shot; gains Poultice; +1 health"),
        ("Keen Eye", "Long Shot becomes Far Shot"),
        ("Oilskin Coat", "+1 defense")]


def test_a_name_the_content_lost_is_one_sentence(pack: model.Pack) -> None:
    with pytest.raises(SaveError, match=r"^the campaign gave emily-van-winkle the upgrade 'gone', which the content "
                                           r"no longer has; put the pack"):
        grown_pack(pack, {"emily-van-winkle": rec(("gone",))})
    with pytest.raises(SaveError, match="life path 'poet'"):
        grown_pack(pack, {"emily-van-winkle": rec(path="poet")})


# ----------------------------------------------------------------------- stats in play
def test_each_grown_stat_is_what_the_game_plays(pack: model.Pack) -> None:
    quick = with_upgrade(pack, "quick", Changes(move=+1, tokens=-1, attack_priority=+5, health=+2, defense=+1))
    plain = new_game(quick, "schoolhouse")
    state = new_game(grown_pack(quick, {"matthias-geroux": rec(("quick",))}), "schoolhouse")
    before, after = plain.legend("matthias-geroux"), state.legend("matthias-geroux")
    assert (after.health, after.ready) == (before.health + 2, before.ready - 1)
    assert state.defense_of(after) == plain.defense_of(before) + 1
    mdef = state.legend_def("matthias-geroux")
    assert mdef.attack_priority == pack.legends["matthias-geroux"].attack_priority + 5
    # move: one step further from the same square
    for s, steps in ((plain, pack.legends["matthias-geroux"].move), (state, pack.legends["matthias-geroux"].move + 1)):
        s, _ = apply(s, parse_command(s, "activate matthias"), random.Random(1))
        from hollowcli.engine.legend_phase import move_allowance
        assert move_allowance(s) == steps


def test_attack_priority_grown_decides_a_foes_tie(pack: model.Pack) -> None:
    """Two Legends at the same distance: the foe goes for the higher attack priority, so
    raising the other's priority past it turns the foe."""
    top = max(pack.legends.values(), key=lambda lg: lg.attack_priority)
    low = min(pack.legends.values(), key=lambda lg: lg.attack_priority)
    from hollowcli.engine.adversary import _order_closest
    state = new_game(pack, "schoolhouse")
    dists = {top.id: 2, low.id: 2}
    assert _order_closest(state, dists, "")[0][0] == top.id
    bold = with_upgrade(pack, "bold", Changes(attack_priority=top.attack_priority - low.attack_priority + 1))
    grown = new_game(grown_pack(bold, {low.id: rec(("bold",))}), "schoolhouse")
    assert _order_closest(grown, dists, "")[0][0] == low.id


# ----------------------------------------------------------------------- skills
def test_added_removed_and_replaced_skills_are_the_attacks_offered(pack: model.Pack) -> None:
    def attacks(growth: dict[str, dict[str, object]]) -> list[str]:
        s = with_foes(new_game(grown_pack(pack, growth), "schoolhouse"), ("gobkin", "E6"))
        s, _ = apply(s, parse_command(s, "activate emily"), random.Random(1))
        return [a.command for a in legal_actions(s) if a.kind == "attack"]

    assert attacks({}) == ["attack g1", "attack g1 with long-shot", "attack E6 with scatter-shot"]
    assert attacks({"emily-van-winkle": rec(("keen-eye",))}) == ["attack g1", "attack g1 with far-shot",
                                                                 "attack E6 with scatter-shot"]
    assert attacks({"emily-van-winkle": rec(path="healer")}) == ["attack g1", "attack g1 with long-shot"]


# ----------------------------------------------------------------------- attack numbers
def test_the_ruling_of_a_grown_skill_says_where_its_numbers_come_from(pack: model.Pack) -> None:
    state = with_foes(new_game(grown_pack(pack, {"matthias-geroux": rec(("steady-hand",))}), "schoolhouse"),
                      ("gobkin", "E6"))
    state, _ = apply(state, parse_command(state, "activate matthias"), random.Random(1))
    state, events = apply(state, parse_command(state, "attack g1 with steady-aim"), random.Random(1))
    ruling = next(e.reason for e in events if e.kind == "attack")
    assert "Steady Aim: 3 dice +2 direct (1 +1 Steady Hand) + 1 personal bonus = 3 direct" in ruling
    assert "3 direct + " in ruling  # the grown number is the one rolled with
    nums = attack_numbers(state, state.legend("matthias-geroux"), "basic", None)
    assert "Steady Hand" not in nums.reason and nums.dice == pack.legends["matthias-geroux"].basic_attack.dice


def test_a_delta_on_the_basic_attack_adds_a_die_with_its_source(pack: model.Pack) -> None:
    base = pack.legends["jeremiah-pincke"].basic_attack
    state = new_game(grown_pack(pack, {"jeremiah-pincke": rec(("iron-fist",))}), "schoolhouse")
    nums = attack_numbers(state, state.legend("jeremiah-pincke"), "basic", None)
    assert nums.dice == base.dice + 1
    assert f"basic attack: {base.dice + 1} dice ({base.dice} +1 Iron Fist)" in nums.reason
    plain = new_game(pack, "schoolhouse")
    assert attack_numbers(plain, plain.legend("jeremiah-pincke"), "basic", None).dice == base.dice


# ----------------------------------------------------------------------- the fear limit
def test_a_raised_fear_limit_changes_when_a_legend_falls_to_fear(pack: model.Pack) -> None:
    limit = pack.rules.fear_limit
    brave = grown_pack(pack, {"jeremiah-pincke": rec(("brave-heart",), outfit="mourning-coat")})
    assert fear_limit(pack, "jeremiah-pincke") == limit and fear_limit(brave, "jeremiah-pincke") == limit + 2
    assert fear_limit(brave, "emily-van-winkle") == limit

    def after_round(p: model.Pack, who: str, fear: int) -> str:
        s = new_game(p, "schoolhouse")
        s = s.with_legend(replace(s.legend(who), fear=fear))
        s = end_of_round(s, [])
        return f"{s.result}: {s.reason}" if s.result else "goes on"

    assert after_round(pack, "jeremiah-pincke", limit).startswith(f"lost: Jeremiah has {limit} fear (limit {limit})")
    assert after_round(brave, "jeremiah-pincke", limit + 1) == "goes on"
    assert after_round(brave, "jeremiah-pincke", limit + 2).startswith(f"lost: Jeremiah has {limit + 2} fear (limit {limit + 2})")
    assert after_round(brave, "emily-van-winkle", limit).startswith("lost: Emily")  # only Jeremiah grew


def test_setting_fear_in_assist_reads_the_grown_limit(pack: model.Pack) -> None:
    from hollowcli.engine import parse_correction
    from hollowcli.engine.corrections import apply_correction
    from hollowcli.errors import RulesError

    limit = pack.rules.fear_limit
    brave = new_game(grown_pack(pack, {"jeremiah-pincke": rec(("brave-heart",))}), "schoolhouse")
    apply_correction(brave, parse_correction(brave, f"set jeremiah fear {limit + 1}"))
    plain = new_game(pack, "schoolhouse")
    with pytest.raises(RulesError, match=f"the fear limit is {limit}"):
        apply_correction(plain, parse_correction(plain, f"set jeremiah fear {limit + 1}"))


# ----------------------------------------------------------------------- locked skills
LOCKED = """\
replaces: [legends, chapters]
skills:
  hex-bolt: {{name: Hex Bolt, cost: 1, locked: true, attack: {{dice: 4, direct: 2, range: 4}}}}
legends:
  ann:
    name: Ann Tester
    health: 8
    defense: 0
    move: 3
    attack_priority: 1
    tokens: 3
    basic_attack: {{dice: 2, direct: 0, range: 4}}
    skills: [hex-bolt]
chapters:
  t:
    name: Test
    number: 1
    map: ["#######", "#1.S..#", "#.....#", "#....2#", "#######"]
    features: {{S: start}}
    track: [[move, attack], [move, attack]]
    spawn_list: [[{{foe: gobkin, count: 1}}]]
    objective: {{kind: survive, rounds: 1}}
    events:
      - {{id: the-word, when: {{enters: {at}}}, do: [{{unlock_skill: hex-bolt}}]}}
"""


def locked_pack(tmp_path: Path, at: str = "E2") -> model.Pack:
    folder = tmp_path / "pack"
    folder.mkdir(exist_ok=True)
    (folder / "t.yaml").write_text(textwrap.dedent(LOCKED.format(at=at)), encoding="utf-8")
    return load_pack([folder], use_cache=False)


def test_a_locked_skill_is_refused_with_a_clear_message_then_usable_after_unlock_skill(tmp_path: Path) -> None:
    """Reading 9: with no campaign a locked skill stays locked; the event frees it for the
    rest of the chapter, and a won chapter hands it to the campaign."""
    pack = locked_pack(tmp_path)
    state = with_foes(begin(new_game(pack, "t")), ("gobkin", "D3"))
    state, _ = step(state, "activate ann")
    assert [a.command for a in legal_actions(state) if a.kind == "attack"] == ["attack g1"]
    assert parse_command(state, "attack g1 with hex-bolt") is None
    assert command_hint(state, "attack g1 with hex-bolt") == \
        "Hex Bolt is locked: Ann cannot use it until a campaign reward or the chapter's story unlocks it."
    state, events = step(state, "move E2")  # the event: unlock_skill
    unlocked = [e for e in events if e.kind == "skill-unlocked"]
    assert [e.reason for e in unlocked] == ["event 'the-word': Hex Bolt is unlocked (take its skill-lock token off): "
                                            "Ann may use it for the rest of the chapter"]
    assert state.script is not None and state.script.unlocked == ("hex-bolt",)
    assert "attack g1 with hex-bolt" in [a.command for a in legal_actions(state)]
    assert own_skills(state, "ann") == ("hex-bolt",)
    assert campaign_unlocked(state) == ()  # not won yet
    assert campaign_unlocked(replace(state, result=Result.WON)) == ("hex-bolt",)
    assert campaign_unlocked(replace(state, result=Result.LOST)) == ()


def test_a_skill_the_campaign_unlocked_is_usable_from_the_start(tmp_path: Path) -> None:
    pack = locked_pack(tmp_path, at="B3")
    free = grown_pack(pack, {"ann": rec(unlocked=("hex-bolt",))})
    state = with_foes(begin(new_game(free, "t")), ("gobkin", "D3"))
    state, _ = step(state, "activate ann")
    assert "attack g1 with hex-bolt" in [a.command for a in legal_actions(state)]
    still = grown_pack(pack, {"ann": rec(unlocked=("other",))})  # a record that frees another skill
    state = with_foes(begin(new_game(still, "t")), ("gobkin", "D3"))
    state, _ = step(state, "activate ann")
    assert "attack g1 with hex-bolt" not in [a.command for a in legal_actions(state)]


def test_a_path_that_adds_a_locked_skill_leaves_it_locked_until_unlocked(pack: model.Pack) -> None:
    """Reading 11: locked belongs to the skill, not to how the Legend came by it."""
    s = with_foes(new_game(grown_pack(pack, {"emily-van-winkle": rec(path="hunter")}), "schoolhouse"), ("gobkin", "E6"))
    s, _ = apply(s, parse_command(s, "activate emily"), random.Random(1))
    assert "attack g1 with piercing-shot" not in [a.command for a in legal_actions(s)]
    assert command_hint(s, "attack g1 with piercing-shot").startswith("Piercing Shot is locked: Emily cannot use it")
    s = with_foes(new_game(grown_pack(pack, {"emily-van-winkle": rec(path="hunter", unlocked=("piercing-shot",))}),
                           "schoolhouse"), ("gobkin", "E6"))
    s = place(s)
    s, _ = apply(s, parse_command(s, "activate emily"), random.Random(1))
    assert "attack g1 with piercing-shot" in [a.command for a in legal_actions(s)]


def test_the_unlocked_skills_round_trip_through_a_save(tmp_path: Path) -> None:
    import json

    from hollowcli.engine import GameState

    pack = locked_pack(tmp_path)
    state = begin(new_game(pack, "t"))
    assert "unlocked" not in state.to_dict()["script"]  # a chapter that unlocks nothing: the saved form of before
    assert state.script is not None
    state = replace(state, script=replace(state.script, unlocked=("hex-bolt",)))
    back = GameState.from_dict(pack, json.loads(json.dumps(state.to_dict())))
    assert back.script is not None and back.script.unlocked == ("hex-bolt",)


def test_the_screens_show_each_legends_own_fear_limit(pack: model.Pack) -> None:
    """The solo screen's Legends block and assist's status list 'fear 0/11' for the Legend
    whose limit grew, '0/10' for the others."""
    from hollowcli.play.ledger import status_lines
    from hollowcli.play.view import render_legends

    limit = pack.rules.fear_limit
    state = new_game(grown_pack(pack, {"jeremiah-pincke": rec(("brave-heart",))}), "schoolhouse")
    for lines in (render_legends(state), status_lines(state)):
        jeremiah = next(line for line in lines if "Jeremiah" in line)
        emily = next(line for line in lines if "Emily" in line)
        assert f" 0/{limit + 1} " in jeremiah and f" 0/{limit} " in emily
