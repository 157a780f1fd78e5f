"""A chapter's tokens in the engine (issue 18): the setup's tokens, the place/remove/open/close
effects of events, the boards each side walks on, and a save read back on the same board."""

from __future__ import annotations

import dataclasses
from typing import Any

from test_engine_packs import ScriptedRng, game, make_pack, place

from hollowcli.engine import tokens
from hollowcli.engine.effects import APPLY, EffectCtx
from hollowcli.engine.geometry import Terrain, game_board
from hollowcli.engine.state import GameState
from hollowcli.engine.view import map_cells
from hollowcli.engine.vocab import EventKind, Side
from hollowcli.pack.model import (
    AttackBonus,
    Bonus,
    Chapter,
    Pack,
    TokenKind,
    TokenPlacement,
    TokenTrap,
    frozen_map,
)
from hollowcli.pack.vocab import Effect

#: The token kinds of these tests (the sample chapter's, plan §5).
KINDS = {
    "ward": TokenKind("ward", "Magic ward", blocks="foes"),
    "hedge": TokenKind("hedge", "Thorn hedge", blocks="heroes"),
    "bale": TokenKind("bale", "Hay bale", blocks="all", sight=True),
    "bait": TokenKind("bait", "Bait", lure=True),
    "ley": TokenKind("ley", "Ley line", bonus=Bonus(AttackBonus(dice=1))),
    "stone": TokenKind("stone", "Tombstone", health=3, defense=1),
    "earth": TokenKind("earth", "Loose earth", search=True),
    "snare": TokenKind("snare", "Rusted snare", trap=TokenTrap(2), side="foes"),
    "lock": TokenKind("lock", "Skill lock", locks_skill=True),
}

WALLED = (
    "#########",
    "#1..#...#",
    "#...#...#",
    "#.S.#..2#",
    "#########",
)


def token_pack(setup: tuple[TokenPlacement, ...] = (), **kw: Any) -> Pack:
    """The test pack (``make_pack``) with the token kinds above and ``setup`` tokens."""
    pack = make_pack(**kw)
    ch: Chapter = pack.chapters["t"]
    ch = dataclasses.replace(ch, setup=dataclasses.replace(ch.setup, tokens=tuple(setup)))
    return dataclasses.replace(pack, tokens=frozen_map(KINDS), chapters=frozen_map({"t": ch}))


def apply(state: GameState, effect: Effect, value: Any) -> tuple[GameState, list[Any]]:
    events: list[Any] = []
    state = APPLY[effect](state, value, EffectCtx(ScriptedRng(), events, "event 'e'", []))
    return state, events


# ------------------------------------------------------------------ setup and the map
def test_an_unscripted_chapter_has_no_script_and_its_plain_board() -> None:
    pack = token_pack()
    state = game(pack)
    assert state.script is None
    assert state.board is game_board(pack, "t")
    assert tokens.board(state, Side.FOES) is state.board


def test_the_setup_places_its_tokens_and_the_map_shows_them() -> None:
    pack = token_pack((TokenPlacement("ward", "D2"), TokenPlacement("ley", 1), TokenPlacement("lock", skill="aim")))
    state = game(pack)
    assert state.script is not None
    assert [(t.kind, t.loc, t.skill) for t in state.script.tokens] == [("ward", "D2", ""), ("ley", "B2", ""), ("lock", "", "aim")]
    cells = {c.name: c for row in map_cells(state) for c in row}
    assert cells["D2"].tokens == ("ward",) and cells["B2"].tokens == ("ley",) and cells["C2"].tokens == ()


def test_a_destructible_token_starts_at_its_kind_s_health() -> None:
    state = game(token_pack((TokenPlacement("stone", "C3"),)))
    assert state.script is not None and state.script.tokens[0].health == 3


def test_the_boards_of_each_side_keep_out_only_that_side() -> None:
    """A ward stops foes, a hedge stops heroes, a hay bale stops both; the other side's
    board walks straight through."""
    state = game(token_pack((TokenPlacement("ward", "C2"), TokenPlacement("hedge", "D2"), TokenPlacement("bale", "E2"))))
    heroes, foes = state.board, tokens.board(state, Side.FOES)
    assert heroes is not foes
    assert "C2" in heroes.adjacent["B2"] and "C2" not in foes.adjacent["B2"]
    assert "D2" not in heroes.adjacent["C2"] and "D2" in foes.adjacent["D3"]
    assert "E2" not in heroes.adjacent["F2"] and "E2" not in foes.adjacent["F2"]


def test_a_figure_on_a_blocked_square_may_leave_it_but_nobody_comes_back_in() -> None:
    board = game_board(token_pack(), "t", Terrain(no_entry=(("C3", "Hay bale"),)))
    assert board.walk_distance("C3", "E3") == 2  # off it
    assert board.walk_distance("E3", "C3") is None  # never into it
    assert board.walk_distance("B3", "D3") == 4  # round it, not through it
    assert board.shortest_path("B3", "D3") == ["B3", "B2", "C2", "D2", "D3"]


def test_a_sight_token_blocks_lines_through_its_square_not_to_or_from_it() -> None:
    board = game_board(token_pack(), "t", Terrain(opaque=(("D3", "Hay bale"),)))
    through = board.line_of_sight("C3", "E3")
    assert not through.clear and "Hay bale" in through.reason and "D3" in through.reason
    assert board.line_of_sight("C3", "D3").clear  # looking at it
    assert board.line_of_sight("D3", "F3").clear  # from it
    assert game_board(token_pack(), "t").line_of_sight("C3", "E3").clear  # no token: clear


# ------------------------------------------------------------------ the effects
def test_place_puts_a_token_down_and_a_second_of_the_kind_on_the_square_is_refused() -> None:
    state = game(token_pack())
    state, events = apply(state, Effect.PLACE, TokenPlacement("ward", "D4"))
    assert [(t.kind, t.loc) for t in tokens.on_board(state)] == [("ward", "D4")]
    assert events[0].kind == EventKind.TOKEN_PLACED and events[0].to == "D4"
    assert "place a Magic ward token on D4" in events[0].reason and "foes may not enter" in events[0].reason
    assert "D4" not in tokens.board(state, Side.FOES).adjacent["D3"]  # the foes' board changed with it
    again, events = apply(state, Effect.PLACE, TokenPlacement("ward", "D4"))
    assert tokens.on_board(again) == tokens.on_board(state)
    assert "already" in events[0].reason and events[0].numbers["placed"] is False


def test_remove_takes_one_token_or_every_one_of_its_kind() -> None:
    state = game(token_pack((TokenPlacement("stone", "C2"), TokenPlacement("stone", "E2"), TokenPlacement("ward", "C3"))))
    one, events = apply(state, Effect.REMOVE, TokenPlacement("stone", "C2"))
    assert [(t.kind, t.loc) for t in tokens.on_board(one)] == [("stone", "E2"), ("ward", "C3")]
    assert events[0].kind == EventKind.TOKEN_REMOVED and events[0].frm == "C2"
    every, events = apply(state, Effect.REMOVE, TokenPlacement("stone"))
    assert [(t.kind, t.loc) for t in tokens.on_board(every)] == [("ward", "C3")]
    assert len(events) == 2
    none, events = apply(state, Effect.REMOVE, TokenPlacement("stone", "D4"))
    assert tokens.on_board(none) == tokens.on_board(state) and "no Tombstone on D4" in events[0].reason


def test_open_makes_a_wall_square_ground_and_shortens_the_walk() -> None:
    state = game(token_pack(map_rows=WALLED))
    assert state.board.walk_distance("D3", "F3") is None
    opened, events = apply(state, Effect.OPEN, ("E3",))
    assert opened.board.walk_distance("D3", "F3") == 2
    assert events[0].kind == EventKind.MAP_CHANGE and "E3 is open ground now" in events[0].reason
    shut, events = apply(opened, Effect.CLOSE, ("E3",))
    assert shut.board.walk_distance("D3", "F3") is None
    assert shut.board is state.board  # the same terrain finds the same board


def test_close_skips_a_square_someone_stands_on() -> None:
    state = place(game(token_pack()), ann="E4")
    after, events = apply(state, Effect.CLOSE, ("E4", "F2"))
    assert after.board.is_location("E4") and not after.board.is_location("F2")
    assert "E4 stays open: Ann stands there" in events[-1].reason


def test_a_saved_game_reads_back_on_the_board_its_script_made() -> None:
    state = game(token_pack((TokenPlacement("bale", "D3"),), map_rows=WALLED))
    state, _ = apply(state, Effect.OPEN, ("E3",))
    back = GameState.from_dict(state.pack, state.to_dict())
    assert back == state
    assert back.board is state.board
    assert back.board.walk_distance("D3", "F3") == 2  # through the opened E3, off the bale
    assert back.board.walk_distance("C3", "F3") is None  # the bale on D3 is the only way


def test_a_state_with_no_script_saves_no_script_key() -> None:
    state = game(token_pack())
    assert "script" not in state.to_dict()
