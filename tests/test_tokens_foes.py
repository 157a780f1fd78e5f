"""The foe AI and a chapter's tokens (issue 18): foes walk round the squares they may not
enter and say so, a hero on such a square is shot but not reached, a sight token hides
what is behind it, and a lure draws the foes that go for the closest hero."""

from __future__ import annotations

import dataclasses

from test_engine_packs import ScriptedRng, foe, legend, place, with_foes
from test_tokens_engine import KINDS, WALLED, token_pack

from hollowcli.engine.adversary import foe_attack, foe_move
from hollowcli.engine.game import new_game
from hollowcli.engine.state import GameState
from hollowcli.engine.vocab import EventKind
from hollowcli.pack.model import AttackSpec, TokenKind, TokenPlacement, frozen_map

FOG = TokenKind("fog", "Fog bank", sight=True)


def board_game(*setup: TokenPlacement, one_legend: bool = False, **kw) -> GameState:  # type: ignore[no-untyped-def]
    if one_legend:
        kw["legends"] = [legend("ann", attack_priority=2)]
    pack = token_pack(tuple(setup), **kw)
    pack = dataclasses.replace(pack, tokens=frozen_map({**KINDS, "fog": FOG}))
    return new_game(pack, "t")


def move(state: GameState, number: int = 1) -> tuple[GameState, list]:
    events: list = []
    state = foe_move(state, number, ScriptedRng(), events)
    return state, events


def test_a_foe_walks_around_a_ward_and_says_so() -> None:
    plain = with_foes(place(board_game(one_legend=True), ann="F3"), ("gob", "B3"))
    after, events = move(plain)
    assert after.foe(1).loc == "D3"  # straight along row 3
    assert "walks around" not in events[0].reason
    warded = with_foes(place(board_game(TokenPlacement("ward", "C3"), one_legend=True), ann="F3"), ("gob", "B3"))
    after, events = move(warded)
    assert after.foe(1).loc == "C2"  # B3 -> B2 -> C2: round the ward, north first
    assert "it walks around the Magic ward on C3" in events[0].reason


def test_a_hedge_stops_heroes_not_foes() -> None:
    state = with_foes(place(board_game(TokenPlacement("hedge", "C3"), one_legend=True), ann="F3"), ("gob", "B3"))
    after, events = move(state)
    assert after.foe(1).loc == "D3" and "walks around" not in events[0].reason
    assert "C3" not in state.board.adjacent["B3"]  # the heroes' board keeps heroes out


def test_a_melee_foe_holds_against_a_hero_on_a_ward_while_a_ranged_one_shoots() -> None:
    state = place(board_game(TokenPlacement("ward", "D3"), one_legend=True), ann="D3")
    state = with_foes(state, ("gob", "B3"), ("pump", "D5"))
    after, events = move(state, 1)
    assert after.foe(1).loc == "B3" and events[0].kind == EventKind.FOE_HOLD
    assert "Ann stands on the Magic ward on D3, which foes may not enter" in events[0].reason
    events = []
    foe_attack(state, 1, ScriptedRng([3]), events)
    assert events[-1].kind == EventKind.FOE_NO_ATTACK  # range 0: the gobkin cannot reach her
    events = []
    hit = foe_attack(state, 2, ScriptedRng([3]), events)
    assert events[-1].kind == EventKind.FOE_ATTACK and hit.legend("ann").health < state.legend("ann").health


def test_a_sight_token_between_hides_the_hero_and_on_its_square_does_not() -> None:
    between = with_foes(place(board_game(TokenPlacement("fog", "C3"), one_legend=True), ann="D3"), ("pump", "B3"))
    events: list = []
    foe_attack(between, 1, ScriptedRng([3]), events)
    assert events[-1].kind == EventKind.FOE_NO_ATTACK
    assert "Fog bank" in events[-1].reason and "C3" in events[-1].reason
    on_her = with_foes(place(board_game(TokenPlacement("fog", "D3"), one_legend=True), ann="D3"), ("pump", "B3"))
    events = []
    foe_attack(on_her, 1, ScriptedRng([3]), events)
    assert events[-1].kind == EventKind.FOE_ATTACK
    nothing = with_foes(place(board_game(one_legend=True), ann="D3"), ("pump", "B3"))
    events = []
    foe_attack(nothing, 1, ScriptedRng([3]), events)
    assert events[-1].kind == EventKind.FOE_ATTACK


def test_bait_draws_a_foe_that_goes_for_the_closest_hero() -> None:
    state = with_foes(place(board_game(TokenPlacement("bait", "F3"), one_legend=True), ann="B3"), ("gob", "C3"))
    after, events = move(state)
    assert after.foe(1).loc == "E3"  # away from Ann, one step off, toward the bait
    assert "the Bait on F3 draws it" in events[0].reason and events[0].numbers["lure"] == "F3"
    again, events = move(replace_loc(after, "F3"))
    assert again.foe(1).loc == "F3" and events[0].kind == EventKind.FOE_HOLD and "holds there" in events[0].reason
    events = []
    foe_attack(again, 1, ScriptedRng([3]), events)  # its attack step is unchanged: Ann is out of reach
    assert events[-1].kind == EventKind.FOE_NO_ATTACK


def replace_loc(state: GameState, loc: str) -> GameState:
    return state.with_foe(dataclasses.replace(state.foe(1), loc=loc))


def test_a_named_quarry_ignores_the_bait() -> None:
    hunter = foe("gob", target="ann")
    state = board_game(TokenPlacement("bait", "F3"), one_legend=True, foes=[hunter])
    state = with_foes(place(state, ann="B3"), ("gob", "D3"))
    after, events = move(state)
    assert after.foe(1).loc == "B3" and "Bait" not in events[0].reason


def test_bait_the_foe_cannot_reach_is_ignored() -> None:
    state = board_game(TokenPlacement("bait", "G3"), one_legend=True, map_rows=WALLED)
    state = with_foes(place(state, ann="B2"), ("gob", "D3"))
    after, events = move(state)
    assert after.foe(1).loc in ("C2", "B3") and "Bait" not in events[0].reason
    assert "Ann is closest" in events[0].reason


def test_the_foes_attack_numbers_do_not_move_with_the_foe_s_lure() -> None:
    """(A foe on a lure still attacks with its own numbers: the attack step is unchanged.)"""
    shooter = foe("pump", "pumpling", attack=AttackSpec(1, 0, 2), health=1)
    state = board_game(TokenPlacement("bait", "D3"), one_legend=True, foes=[shooter])
    state = with_foes(place(state, ann="D5"), ("pump", "D3"))
    events: list = []
    foe_attack(state, 1, ScriptedRng([3]), events)
    assert events[-1].kind == EventKind.FOE_ATTACK and events[-1].numbers["dice"] == 1
