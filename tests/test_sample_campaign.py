"""The shipped sample campaign, The Long Autumn (content/campaigns.yaml; issue 19, C6).

What the issue asks of it, each checked so that taking the piece out fails a test: a
campaign over the six sample chapters with a branch on a flag a chapter carries, two
upgrades open to each Legend, a life path for each, an outfit reward, one locked skill per
Legend freed by a reward, ``unlock_skill`` in a built-in chapter, and the north-road flag
that makes the later chapters harder only in a campaign (a plain game is as before).
"""

from __future__ import annotations

from typing import Any

import pytest

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.engine import ScriptState
from hollowcli.engine.rolls import policy_rng, step_rng
from hollowcli.engine.speed import replace
from hollowcli.engine.vocab import Result
from hollowcli.pack.vocab import Effect
from hollowcli.play import campaigns, interlude, saves
from hollowcli.simulate.run import _policy

AUTUMN = "the-long-autumn"


@pytest.fixture(scope="module")
def pack() -> Any:
    return get_pack(())


def _won(pack: Any, chapter: str, flags: dict[str, int] | None = None) -> saves.Campaign:
    """A Long Autumn campaign that has just won ``chapter``, its script carrying ``flags``."""
    camp = saves.new_campaign("autumn", follows=AUTUMN)
    campaigns.start_game(pack, camp, chapter, 1)
    assert camp.game is not None
    state = engine.new_game(pack, chapter, camp.legends)
    script = ScriptState(counters=tuple(flags.items()), carry=tuple(flags)) if flags else None
    state = replace(state, result=Result.WON, round=5, script=script)
    campaigns.finish_game(pack, camp, state, "won", "")
    return camp


def test_the_long_autumn_plays_the_six_sample_chapters(pack: Any) -> None:
    camp = pack.campaigns[AUTUMN]
    assert camp.start == "schoolhouse" and set(camp.chapters) == set(pack.chapters)
    assert saves.new_campaign("x", follows=AUTUMN).follows == campaigns.choose_campaign(pack, "autumn", None)


@pytest.mark.parametrize(("flags", "goes"), [({"toll-ledger": 1}, "mill-race"), ({}, "cider-press")])
def test_the_covered_bridge_branches_on_the_toll_keepers_ledger(pack: Any, flags: dict[str, int], goes: str) -> None:
    camp = _won(pack, "covered-bridge", flags)
    assert camp.interlude is None and camp.log[-1]["next"] == goes  # (nothing to ask: closed at once)
    assert campaigns.next_chapter(pack, camp).id == goes
    assert camp.flags.get("toll-ledger", 0) == flags.get("toll-ledger", 0)


def _carried(pack: Any, chapter: str) -> set[str]:
    """The flags a chapter's events set with ``campaign: true`` (top-level steps)."""
    return {name for ev in pack.chapters[chapter].events for st in ev.do
            if st.effect == Effect.SET and st.value["campaign"] for name in st.value["values"]}


def test_the_covered_bridge_carries_the_ledger_and_the_north_road(pack: Any) -> None:
    assert _carried(pack, "covered-bridge") == {"toll-ledger", "north-road"}
    ledger = next(ev for ev in pack.chapters["covered-bridge"].events if ev.id == "dry-ledger")
    assert ledger.conditions  # only a ledger found early (by round 4) is dry enough to read


def test_each_legend_has_two_upgrades_a_life_path_and_one_locked_skill_a_reward_frees(pack: Any) -> None:
    camp = pack.campaigns[AUTUMN]
    freed = {s for ch in camp.chapters.values() for r in (ch.rewards.won, ch.rewards.lost) if r for s in r.skills}
    outfits = {o for ch in camp.chapters.values() for r in (ch.rewards.won, ch.rewards.lost) if r for o in r.outfits}
    for lid, legend in pack.legends.items():
        assert len(interlude.open_upgrades(pack, lid, ())) == 2, lid
        assert pack.paths[lid].at in camp.chapters and len(pack.paths[lid].options) == 2, lid
        locked = [s for s in legend.skills if pack.skills[s].locked]
        assert len(locked) == 1 and locked[0] in freed, (lid, locked)
        assert len(legend.skills) == 3  # it keeps both skills it had, the locked one is extra
    assert outfits and all(pack.items[o].kind == "outfit" for o in outfits)


def test_the_first_interlude_asks_the_outfit_an_upgrade_and_a_life_path_of_each(pack: Any) -> None:
    camp = _won(pack, "schoolhouse")
    assert camp.interlude is not None
    kinds = [(q["kind"], q.get("legend") or q.get("item")) for q in camp.interlude["questions"]]
    legends = list(pack.legends)
    assert kinds == ([("outfit", "drovers-greatcoat")] + [("upgrade", lid) for lid in legends]
                     + [("path", lid) for lid in legends])


def test_a_campaign_that_follows_no_pack_campaign_is_asked_no_life_path(pack: Any) -> None:
    camp = saves.new_campaign("plain", follows=None)
    campaigns.start_game(pack, camp, "schoolhouse", 1)
    state = replace(engine.new_game(pack, "schoolhouse", camp.legends), result=Result.WON, round=8)
    campaigns.finish_game(pack, camp, state, "won", "")
    assert camp.interlude is None and camp.log[-1]["choices"] == []


def _to_round(pack: Any, chapter: str, flags: dict[str, int] | None, rounds: int, seed: int = 4) -> Any:
    """The ``--auto`` game of ``chapter`` seeded ``seed`` played until round ``rounds`` begins."""
    choose = _policy("auto")
    state = engine.new_game(pack, chapter, flags=flags)
    step = 0
    while state.result is None and state.round < rounds:
        state, _ = engine.apply(state, choose(state, policy_rng(seed, step)), step_rng(seed, step))
        step += 1
    return state


@pytest.mark.parametrize("chapter", ["churchyard", "potters-field"])
def test_the_north_road_brings_foes_only_to_a_campaign_that_carried_it(pack: Any, chapter: str) -> None:
    plain = _to_round(pack, chapter, None, 4)
    carried = _to_round(pack, chapter, {"north-road": 1}, 4)
    assert "north-road" not in plain.script.fired
    assert "north-road" in carried.script.fired


def test_the_churchyard_vestry_unlocks_elijahs_vesper_psalm(pack: Any) -> None:
    psalter = next(ev for ev in pack.chapters["churchyard"].events if ev.id == "the-old-psalter")
    assert [st.value for st in psalter.do if st.effect == Effect.UNLOCK_SKILL] == ["vesper-psalm"]
    assert pack.skills["vesper-psalm"].locked and "vesper-psalm" in pack.legends["elijah-kappel"].skills


def test_a_pack_that_replaces_the_chapters_drops_the_long_autumn_and_validates(tmp_path: Any) -> None:
    """The Long Autumn is built on the sample chapters: a box of your own that replaces them
    (as the `content init` scaffold does) leaves no campaign naming chapters that are gone,
    and no warning about the built-in locked skills no campaign frees any more."""
    from hollowcli.pack.loader import load_pack

    (tmp_path / "c.yaml").write_text(
        "sample: true\nreplaces: [chapters]\nchapters:\n  lane:\n    name: The Lane\n    number: 1\n"
        "    map: |\n      #######\n      #1...2#\n      #..S..#\n      #######\n    features: {S: start}\n"
        "    track: [[move, attack], [spawn]]\n    spawn_list: [[{foe: gobkin, count: 1}]]\n"
        "    objective: {kind: survive, rounds: 3}\n", encoding="utf-8")
    warnings: list = []
    mine = load_pack([str(tmp_path)], use_cache=False, warnings=warnings)
    assert list(mine.chapters) == ["lane"] and not mine.campaigns and not mine.upgrades and not mine.paths
    assert warnings == []
    assert "coffin-lid" in mine.skills and mine.skills["coffin-lid"].locked  # still there, still locked
