"""Heroes and allies (product.md, "Heroes"): a hero is a Legend or an ally. Foes target the
closest hero, "each hero" cards include allies, traps hurt only the setter's enemies, the
players move an ally once per Legend phase after any Legend, and a protect objective."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine_packs import ScriptedRng, by_command, foe, game, make_pack, place, with_foes

from hollowcli.engine import apply, end_of_round, legal_actions, new_game
from hollowcli.engine.adversary import adversary_phase, foe_attack, foe_move
from hollowcli.engine.core import enter
from hollowcli.engine.state import FOES_SIDE, LEGENDS_SIDE, Trap
from hollowcli.pack.model import Ally, AttackSpec, Card, Objective, TrackSpot, frozen_map

PIP = Ally("pip", "Pip Miller", health=4, defense=0, move=2, attack_priority=3, basic_attack=AttackSpec(1, 1, 1))
MUTE = Ally("mute", "Mute Hans", health=3, defense=1, move=1, attack_priority=0)  # cannot attack


def ally_pack(*, at: str = "C3", allies=(PIP,), **kw):
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
    ours = replace(state, traps=(Trap("C2", "snare", LEGENDS_SIDE, "ann", 2),))
    out: list = []
    after, standing = enter(ours, LEGENDS_SIDE, "pip", "C2", out)
    assert standing and out == [] and after.ally("pip").health == 4
    theirs = replace(state, traps=(Trap("C2", "thorns", FOES_SIDE, "gob", 2),))
    after, standing = enter(theirs, LEGENDS_SIDE, "pip", "C2", out)
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
    pack = ally_pack(at="C3", objective=Objective("protect", rounds=5, ally="pip"))
    again = new_game(pack, "t")
    assert [(a.id, a.loc, a.health) for a in again.allies] == [("pip", "C3", 4)]


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
