"""Heroes and allies (product.md, "Heroes"): a hero is a Legend or an ally. Where a chapter
says ``foe_targets: heroes`` (as every pack here does: the default, the closest *Legend*, is
tests/test_foe_targets.py's), foes target the closest hero; "each hero" cards include allies, traps hurt only the setter's enemies, the
players move an ally once per Legend phase after any Legend, and a protect objective."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine_packs import ScriptedRng, by_command, foe, game, make_pack, place, with_foes

from hollowcli.engine import apply, end_of_round, legal_actions, new_game
from hollowcli.engine.adversary import adversary_phase, foe_attack, foe_move
from hollowcli.engine.core import enter
from hollowcli.engine.state import Trap
from hollowcli.engine.vocab import Side
from hollowcli.pack.model import Ally, AttackSpec, Card, Objective, Rules, TrackSpot, frozen_map
from hollowcli.pack.vocab import FoeTargets

PIP = Ally("pip", "Pip Miller", health=4, defense=0, move=2, attack_priority=3, basic_attack=AttackSpec(1, 1, 1))
MUTE = Ally("mute", "Mute Hans", health=3, defense=1, move=1, attack_priority=0)  # cannot attack


def ally_pack(*, at: str = "C3", allies=(PIP,), **kw):
    kw.setdefault("rules", Rules(foe_targets=FoeTargets.HEROES))
    return make_pack(allies=allies, setup_allies={a.id: at for a in allies}, **kw)


def run_phase(state, rng=None):
    events: list = []
    return adversary_phase(state, rng or ScriptedRng(), events), events


def step(state, command, rng=None):
    state, events = apply(state, by_command(state, command), rng or ScriptedRng())
    return state, events


def test_setup_places_the_ally_at_full_health() -> None:
    state = game(ally_pack(at="B2"))
    assert [(a.id, a.loc, a.health) for a in state.allies] == [("pip", "B2", 4)]


def test_foes_target_the_closest_hero_even_an_ally() -> None:
    pack = ally_pack(at="E3", foes=[foe("gob", move=1)], track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann="B2", bob="B2"), ("gob", "F3"))
    after, events = run_phase(state)
    move = next(e for e in events if e.kind == "foe-hold" or e.kind == "foe-move")
    assert move.target == "pip"
    assert after.foe(1).loc == "E3"


def test_a_tie_between_an_ally_and_a_legend_goes_to_the_higher_priority() -> None:
    # Pip (priority 3) is listed after both Legends; mirror the map so only priority decides.
    for ann, pip, expect in (("B3", "F3", "E3"), ("F3", "B3", "C3")):
        pack = ally_pack(at=pip, foes=[foe("gob", move=1)], track=[TrackSpot(("move",))])
        state = with_foes(place(game(pack), ann=ann, bob="B5"), ("gob", "D3"))
        state = state.with_legend(replace(state.legend("bob"), health=0))
        after, events = run_phase(state)
        move = next(e for e in events if e.kind == "foe-move")
        assert move.target == "pip" and after.foe(1).loc == expect
        assert "attack priority picks Pip (Pip 3 > Ann 2)" in move.reason


def test_a_foe_attack_on_an_ally_hurts_it_without_fear_and_a_fallen_ally_leaves() -> None:
    pack = ally_pack(at="C3", foes=[foe("gob", attack=AttackSpec(1, 2, 0))])
    state = with_foes(place(game(pack), ann="F5", bob="F5"), ("gob", "C3"))
    out: list = []
    after = foe_attack(state, 1, ScriptedRng([1]), out)  # 2 + 1 - 0 = 3
    assert after.ally("pip").health == 1 and out[-1].target == "pip" and out[-1].numbers["fear"] == 0
    after = foe_attack(after, 1, ScriptedRng([1]), out)
    assert after.allies == () and out[-1].kind == "ally-falls"
    assert "goes on without them" in out[-1].reason
    assert end_of_round(replace(after, phase="adversary"), []).result is None  # not a protect objective


def test_a_foe_area_attack_hits_the_ally_too() -> None:
    pack = ally_pack(at="C3", foes=[foe("boss", "boss", attack=AttackSpec(1, 1, 1, area=True))])
    state = with_foes(place(game(pack), ann="C3", bob="F5"), ("boss", "D3"))
    out: list = []
    after = foe_attack(state, 1, ScriptedRng([1]), out)
    assert sorted(e.target for e in out if e.kind == "foe-attack") == ["ann", "pip"]
    assert after.ally("pip").health == 4 - 2 and after.legend("ann").health == 8 - 1


def test_each_hero_card_effects_include_allies() -> None:
    card = Card("gust", "Gust", "", effect=frozen_map({"damage": 1, "heal": 0}))
    pack = ally_pack(track=[TrackSpot((), card="draw")], cards=[card])
    state = game(pack)
    after, events = run_phase(state)
    hurt = [e.target for e in events if e.kind == "card-damage"]
    assert hurt == ["ann", "bob", "pip"] and after.ally("pip").health == 3 and after.ally("pip").id == "pip"
    assert "each hero" in events[-2].reason or any("each hero" in e.reason for e in events)


def test_a_card_can_bring_an_ally() -> None:
    card = Card("help", "Help Arrives", "", effect=frozen_map({"ally": frozen_map({"ally": "pip", "at": 2})}))
    pack = make_pack(allies=[PIP], track=[TrackSpot((), card="draw")], cards=[card])
    state = game(pack)
    assert state.allies == ()
    after, events = run_phase(state)
    assert [(a.id, a.loc) for a in after.allies] == [("pip", "F5")]
    again, events = run_phase(replace(after, pile=("help",)))
    assert len(again.allies) == 1 and "already on the board" in next(e for e in events if e.kind == "card-ally").reason


def test_traps_hurt_only_the_setters_enemies_allies_included() -> None:
    pack = ally_pack(at="B2")
    state = game(pack)
    ours = replace(state, traps=(Trap("C2", "snare", Side.LEGENDS, "ann", 2),))
    out: list = []
    after, standing = enter(ours, Side.LEGENDS, "pip", "C2", out)
    assert standing and out == [] and after.ally("pip").health == 4
    theirs = replace(state, traps=(Trap("C2", "thorns", Side.FOES, "gob", 2),))
    after, standing = enter(theirs, Side.LEGENDS, "pip", "C2", out)
    assert standing and after.ally("pip").health == 2 and out[-1].kind == "trap"


def test_the_ally_moves_once_per_legend_phase_after_any_legend() -> None:
    pack = ally_pack(at="D4", allies=(PIP,))
    state = with_foes(game(pack), ("gob", "F3"))
    assert "activate pip" not in {a.command for a in legal_actions(state)}  # not before a Legend
    state, _ = step(state, "activate ann")
    state, _ = step(state, "end")
    assert "activate pip" in {a.command for a in legal_actions(state)}
    state, _ = step(state, "activate pip")
    kinds = {a.kind for a in legal_actions(state)}
    assert kinds <= {"move", "attack", "end"} and "move" in kinds  # no tokens, skills, items or search
    state, events = step(state, "move E3")
    state, events = step(state, "attack 1", ScriptedRng([1]))  # 1 die (1) + 1 direct - 0 = 2
    assert state.foes == () and state.ally("pip").loc == "E3"
    assert state.turn is None and state.ally("pip").activated
    assert "activate pip" not in {a.command for a in legal_actions(state)}  # once per phase


def test_an_ally_that_cannot_attack_only_moves_and_the_phase_can_end_without_it() -> None:
    pack = ally_pack(at="D4", allies=(MUTE,))
    state = with_foes(game(pack), ("gob", "D3"))
    for lid in ("ann", "bob"):
        state, _ = step(state, f"activate {lid}")
        state, _ = step(state, "end")
    commands = {a.command for a in legal_actions(state)}
    assert commands == {"activate mute", "end"}  # the phase waits for the ally or an 'end'
    state, _ = step(state, "activate mute")
    assert {a.kind for a in legal_actions(state)} == {"move", "end"}
    state, events = step(state, "end")
    assert state.round == 2 and any(e.kind == "track" for e in events)
    state, _ = step(state, "activate ann")
    state, _ = step(state, "end")
    state, _ = step(state, "activate bob")
    state, _ = step(state, "end")
    state, events = step(state, "end")  # the ally stays put
    assert state.ally("mute").loc == "D4" and state.round == 3


def test_protect_objective_lost_when_the_ally_falls_won_when_it_survives() -> None:
    pack = ally_pack(at="C3", objective=Objective("protect", rounds=2, ally="pip"))
    state = game(pack)
    fallen = replace(state, allies=(), phase="adversary")
    ended = end_of_round(fallen, [])
    assert ended.result == "lost" and "Pip Miller has fallen" in ended.reason
    state = replace(state, round=2, phase="adversary")
    ended = end_of_round(state, [])
    assert ended.result == "won" and "kept Pip safe" in ended.reason


def test_a_lost_chapter_puts_the_ally_back_at_setup() -> None:
    """Pip is moved away from C3, hurt by its leave roll, then falls to a Gobkin: the
    protect chapter is lost, and the campaign's retry has Pip back at C3, unhurt."""
    from hollowcli.engine import GameState
    from hollowcli.play import campaigns, saves

    pack = ally_pack(at="C3", foes=[foe("gob", attack=AttackSpec(1, 2, 0))], track=[TrackSpot(("attack",))],
                     objective=Objective("protect", rounds=5, ally="pip"))
    camp = saves.new_campaign("t")
    record = campaigns.start_game(pack, camp, "t", seed=1)
    state = GameState.from_dict(pack, record.initial)
    state = with_foes(place(state, ann="F5", bob="F5"), ("gob", "C3"))
    for command in ("activate ann", "end", "activate pip"):
        state, _ = step(state, command)
    state, _ = step(state, "move D4", ScriptedRng([1]))  # leaves the Gobkin at C3: 1 damage
    assert (state.ally("pip").loc, state.ally("pip").health) == ("D4", 3)
    state = replace(state, foes=(replace(state.foe(1), loc="D4"),))  # it follows Pip
    state, events = step(state, "activate bob")
    state, events = step(state, "end", ScriptedRng([1]))  # the Gobkin attacks Pip: 2 + 1 = 3
    assert state.result == "lost" and "Pip Miller has fallen" in state.reason
    finish = campaigns.finish_game(pack, camp, state, state.result, state.reason)
    assert finish.result == "lost" and finish.next_chapter == "t" and camp.results["t"].lost == 1
    assert camp.game is not None and camp.game is not record and camp.game.actions == []  # a fresh game
    retry = GameState.from_dict(pack, camp.game.initial)
    assert [(a.id, a.loc, a.health, a.activated) for a in retry.allies] == [("pip", "C3", 4, False)]
    assert retry.round == 1 and retry.result is None


def test_saved_state_keeps_the_allies() -> None:
    from hollowcli.engine import GameState

    pack = ally_pack(at="C3")
    state = game(pack)
    state = state.with_ally(replace(state.ally("pip"), health=2, activated=True))
    back = GameState.from_dict(pack, state.to_dict())
    assert back.allies == state.allies


@pytest.mark.parametrize("ann_at", ["B3", "F3"])
def test_foe_moves_toward_the_ally_when_it_is_closer(ann_at: str) -> None:
    pip_at = "D5"
    pack = ally_pack(at=pip_at, foes=[foe("gob", move=1)], track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann=ann_at, bob=ann_at), ("gob", "D3"))
    out: list = []
    after = foe_move(state, 1, ScriptedRng(), out)
    assert out[-1].target == "pip" and after.foe(1).loc == "D4"


def test_auto_plays_every_ally_chapter_to_the_end() -> None:
    """The --auto policy commands allies too (the built-in chapter with allies, a few seeds)."""
    import random

    from hollowcli.engine import auto_action
    from hollowcli.pack.loader import load_pack

    pack = load_pack([])
    chapters = [cid for cid, ch in pack.chapters.items() if ch.setup.allies or any("ally" in c.effect for c in ch.cards)]
    assert chapters
    moved = 0
    for cid in chapters:
        for seed in range(3):
            state = new_game(pack, cid)
            rng = random.Random(seed)
            while state.result is None:
                action = auto_action(state, rng)
                moved += state.is_ally(action.legend) and action.kind == "move"
                state, _ = apply(state, action, rng)
            assert state.result in ("won", "lost")
    assert moved > 0  # the policy commanded an ally


def test_a_heal_card_reaches_the_allies_up_to_their_health() -> None:
    """"Each hero regains N health": allies are heroes."""
    card = Card("dawn", "Dawn", "", effect=frozen_map({"heal": 2}))
    pack = make_pack(allies=(PIP, MUTE), setup_allies={"pip": "C3", "mute": "E3"},
                     track=[TrackSpot((), card="draw")], cards=[card])
    state = game(pack)
    state = replace(state, allies=(replace(state.ally("pip"), health=1), replace(state.ally("mute"), health=2)))
    state = state.with_legend(replace(state.legend("ann"), health=5))
    after, events = run_phase(state)
    assert after.ally("pip").health == 3  # 1 + 2
    assert after.ally("mute").health == 3  # 2 + 2, but Mute has 3 at most
    assert after.legend("ann").health == 7
    assert "each hero regains up to 2 health" in next(e for e in events if e.kind == "card-heal").reason


def test_an_ally_leaving_foes_makes_the_leave_roll() -> None:
    """The leave roll is for every hero that leaves a location holding foes: one die per
    foe, 1 damage per non-blank face; an ally takes it without fear."""
    pack = ally_pack(at="C3", foes=[foe("gob")])
    state = with_foes(place(game(pack), ann="F5", bob="F5"), ("gob", "C3"), ("gob", "C3"))
    state, _ = step(state, "activate ann")
    state, _ = step(state, "end")
    state, _ = step(state, "activate pip")
    rng = ScriptedRng([1, 0])  # faces "1" and blank
    state, events = step(state, "move C5", rng)
    leave = [e for e in events if e.kind == "leave"]
    assert len(leave) == 1 and leave[0].target == "pip" and len(leave[0].rolls) == 2 and rng.calls == 2
    assert state.ally("pip").health == 3 and state.ally("pip").loc == "C5"
    assert "Pip leaves C3, which holds 2 foes: leave roll" in leave[0].reason


def test_an_ally_that_falls_to_its_leave_roll_leaves_the_board_where_it_stood() -> None:
    pack = ally_pack(at="C3", foes=[foe("gob")])
    state = with_foes(place(game(pack), ann="F5", bob="F5"), ("gob", "C3"))
    state = replace(state, allies=(replace(state.ally("pip"), health=1),))
    state, _ = step(state, "activate ann")
    state, _ = step(state, "end")
    state, _ = step(state, "activate pip")
    state, events = step(state, "move C5", ScriptedRng([1]))
    assert state.allies == () and [e.kind for e in events if e.kind in ("leave", "ally-falls")] == ["leave", "ally-falls"]
    assert not [e for e in events if e.kind == "move" and e.to == "C5"]


@pytest.mark.parametrize("next_hero", ["bob", "pip"])
def test_a_foe_that_cannot_attack_its_first_choice_attacks_the_next_hero_in_reach(next_hero: str) -> None:
    """Gob hunts Ann (its target), who is out of its reach: it attacks the next hero it can,
    a Legend or an ally."""
    pack = ally_pack(at="D3" if next_hero == "pip" else "F5",
                     foes=[foe("gob", target="ann", attack=AttackSpec(1, 2, 1))])
    state = with_foes(place(game(pack), ann="F5", bob="D3" if next_hero == "bob" else "B5"), ("gob", "C3"))
    out: list = []
    after = foe_attack(state, 1, ScriptedRng([1]), out)  # 2 direct + 1 rolled
    hit = next(e for e in out if e.kind == "foe-attack")
    assert hit.target == next_hero
    assert "as its first choice cannot be attacked (Ann is out of range" in hit.reason
    if next_hero == "bob":
        assert after.legend("bob").health == 8 - (3 - 1)
    else:
        assert after.ally("pip").health == 4 - 3
    assert after.legend("ann").health == 8
