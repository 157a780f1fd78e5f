"""A chapter's tokens in ``hollow play`` and ``hollow assist`` (issue 18).

``tests/packs/table-tokens`` holds chapter 62, which places a Tombstone (health 3), a Magic
ward and a Skill lock (on Long Shot) at setup. What must hold: the set-up and the ledger
name every token where it is; the table is told to place and remove the tokens an event
moves, and to take a destroyed one off; ``undo`` says which tokens and squares to put
back as they were.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from hollowcli import engine
from hollowcli.engine.speed import replace
from hollowcli.engine.state import TokenState
from hollowcli.engine.vocab import EventKind
from hollowcli.pack.loader import load_pack
from hollowcli.play.instructions import instruction
from hollowcli.play.ledger import setup_doc, setup_lines, status_doc, status_lines
from hollowcli.play.putback import put_back
from hollowcli.play.view import render_board

PACK = str(Path(__file__).resolve().parent / "packs" / "table-tokens")
ALL = "Tombstone on D2 (health 3/3), Magic ward on E4, Skill lock on Long Shot"


def start() -> Any:
    return engine.new_game(load_pack((PACK,)), "risen-stones")


def flat(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def with_tokens(state: Any, *tokens: TokenState, **script: Any) -> Any:
    return replace(state, script=replace(state.script, tokens=tokens, **script))


def test_setup_and_ledger_name_every_token_where_it_is() -> None:
    state = start()
    assert f"Tokens: {ALL}." in flat(setup_lines(state))
    assert f"Tokens: {ALL}" in status_lines(state)
    assert f"Tokens: {ALL}" in flat(render_board(state))
    assert setup_doc(state)["tokens"][0] == {"token": "tombstone", "name": "Tombstone", "loc": "D2", "skill": None,
                                             "health": 3}
    assert status_doc(state)["tokens"][2] == {"token": "skill-lock", "name": "Skill lock", "loc": None,
                                              "skill": "long-shot", "health": None}


def test_a_damaged_tombstone_shows_its_health_left() -> None:
    state = with_tokens(start(), TokenState("tombstone", "D2", health=1))
    assert "Tokens: Tombstone on D2 (health 1/3)" in status_lines(state)


def _ev(kind: EventKind, reason: str, target: str, frm: str | None = None, to: str | None = None, **numbers: Any) -> Any:
    return SimpleNamespace(kind=kind, phase="legends", reason=reason, target=target, frm=frm, to=to, numbers=numbers,
                           detail="")


def test_the_table_is_told_to_place_remove_and_take_off_destroyed_tokens() -> None:
    state = start()
    placed = _ev(EventKind.TOKEN_PLACED, "event 'salt-circle': place a Magic ward token on F4", "magic-ward", to="F4",
                 token="magic-ward", placed=True, skill="")
    assert flat(instruction(placed, state)) == "- Place a Magic ward token on F4 (event 'salt-circle')."
    locked = _ev(EventKind.TOKEN_PLACED, "event 'cold-hand': place a Skill lock token on the skill Long Shot",
                 "skill-lock", token="skill-lock", placed=True, skill="long-shot")
    assert flat(instruction(locked, state)) == ("- Place a Skill lock token on Long Shot (a skill locked) "
                                                "(event 'cold-hand').")
    removed = _ev(EventKind.TOKEN_REMOVED, "event 'bait-spoils': remove the Magic ward token from E4", "magic-ward",
                  frm="E4", token="magic-ward", removed=1, skill="")
    assert flat(instruction(removed, state)) == "- Remove the Magic ward token from E4 (event 'bait-spoils')."
    gone = _ev(EventKind.TOKEN_DESTROYED, "Emily destroys the Tombstone on D2", "tombstone", frm="D2")
    assert flat(instruction(gone, state)) == "- Remove the Tombstone from D2: it is destroyed."
    refused = _ev(EventKind.TOKEN_PLACED, "event 'x': there is a Magic ward on E4 already, and a square holds one "
                  "of each kind", "magic-ward", to="E4", token="magic-ward", placed=False, skill="")
    assert flat(instruction(refused, state)) == ("- Event 'x': there is a Magic ward on E4 already, and a square "
                                                 "holds one of each kind.")


def test_undo_puts_the_tokens_and_squares_back_as_they_were() -> None:
    after = start()  # the ledger once the steps are taken back
    before = with_tokens(after, TokenState("tombstone", "D2", health=1), TokenState("magic-ward", "F4"),
                         opened=("F2",), closed=("B4",))  # the table now: ward moved, stone hit, squares changed
    said = put_back(before, after)
    assert "Take the Magic ward token off F4." in said
    assert "Put the Magic ward token back on E4." in said
    assert "Put the Skill lock token back on Long Shot." in said
    assert "The Tombstone on D2: health 3/3 again (it was 1)." in said
    assert "F2 is no location again: the script opened it since." in said
    assert "B4 is a location again: the script closed it since." in said
    destroyed = with_tokens(after, TokenState("magic-ward", "E4"), TokenState("skill-lock", skill="long-shot"))
    assert put_back(destroyed, after) == ["Put the Tombstone token back on D2 (health 3/3)."]
    assert put_back(after, after) == []


def test_the_maps_mark_each_token_and_the_key_names_it() -> None:
    from hollowcli.play import screen
    from hollowcli.play.view import render_key, render_map

    state = start()
    rows = {line.split()[0]: line for line in screen.compact_map(state)[1:]}
    assert rows["2"].split()[3] == "*T" and rows["4"].split()[4] == "*M"  # D2 and E4 (columns B, C, D, E)
    full = {line.split()[0]: line for line in render_map(state)[1:]}
    assert "*T" in full["2"] and "*M" in full["4"]
    assert "*T Tombstone" in flat(render_key(state)) and "*M Magic ward" in flat(render_key(state))
    onto = state.with_legend(replace(state.legend("jeremiah-pincke"), loc="E4"))  # a figure on the ward
    cells = {line.split()[0]: line for line in screen.compact_map(onto)[1:]}
    assert "JP:*" in cells["4"]
    assert "E4 Magic ward: JP" in flat(screen.board_lines(onto))
