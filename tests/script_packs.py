"""Small scripted chapters for the events tests (tests/test_script_*.py): one Legend, the
built-in foes, a 9 x 5 field, and the events the test writes, loaded as a user pack.

    pack = scripted(tmp_path, '- {id: a, when: {round_start: 2}, do: [{story: x}]}')
    state = begin(new_game(pack, "t"))

The map (columns A..K, rows 1..7; the Legend starts on S, C4; G, F4, is a search feature):

    ###########
    #1...#...2#
    #.........#
    #.S..G....#
    #.........#
    #3...#...4#
    ###########
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path
from typing import Any

from hollowcli.engine import apply, legal_actions, new_game, parse_command
from hollowcli.engine.speed import replace
from hollowcli.engine.state import Event, FoeState, GameState
from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import Pack

MAP = ["###########", "#1...#...2#", "#.........#", "#.S..G....#", "#.........#", "#3...#...4#", "###########"]

LEGEND = """\
legends:
  ann:
    name: Ann Tester
    health: 8
    defense: 0
    move: 3
    attack_priority: 1
    tokens: 3
    basic_attack: {dice: 2, direct: 0, range: 4}
"""


def scripted(tmp_path: Path, events: str, *, track: str = "[[move, attack], {actions: [spawn], card: draw}, [move, attack]]",
             objective: str = "{kind: survive, rounds: 8}", cards: str = "", extra: str = "", tokens: str = "") -> Pack:
    """A pack whose one chapter ``t`` has ``events`` (YAML list items, one per line or block)."""
    folder = tmp_path / "pack"
    folder.mkdir(parents=True, exist_ok=True)
    body = textwrap.indent(textwrap.dedent(events).strip("\n"), "      ")
    card_lines = cards or "[{id: grave-wind, title: Grave Wind, effect: {fear: 1}}, {id: crows, title: Crows, effect: {fear: 1}}]"
    (folder / "t.yaml").write_text(
        "replaces: [legends, chapters]\n" + LEGEND + tokens +
        "chapters:\n  t:\n    name: Test\n    number: 1\n"
        f"    map: {MAP}\n"
        "    features: {S: start, G: {kind: search, name: The grave}}\n"
        f"    track: {track}\n"
        "    spawn_list: [[{foe: gobkin, count: 1}]]\n"
        f"    objective: {objective}\n"
        f"    cards: {card_lines}\n"
        + extra +
        "    events:\n" + body + "\n", encoding="utf-8")
    return load_pack([folder], use_cache=False)


def begin(state: GameState, seed: int = 1) -> GameState:
    """Past round 1's ``begin`` (when the chapter opens with one)."""
    if state.script is not None and state.script.opening:
        state, _ = apply(state, next(a for a in legal_actions(state) if a.kind == "begin"), random.Random(seed))
    return state


def step(state: GameState, command: str, seed: int = 1) -> tuple[GameState, list[Event]]:
    """Take a typed command (``activate ann``, ``move F4``, ``search``, ``end``)."""
    action = parse_command(state, command)
    assert action is not None, f"{command!r} is not legal now: {[a.command for a in legal_actions(state)]}"
    return apply(state, action, random.Random(seed))


def with_foe(state: GameState, foe: str, loc: str, health: int | None = None) -> GameState:
    """A foe added at ``loc`` (its next number)."""
    fdef = state.pack.foes[foe]
    f = FoeState(number=state.next_foe, foe=foe, loc=loc, health=fdef.health if health is None else health,
                 standee=1 + sum(1 for x in state.foes if x.foe == foe))
    return replace(state, foes=state.foes + (f,), next_foe=state.next_foe + 1)


def fired(events: list[Event]) -> list[str]:
    """The ids of the chapter events that fired, in order."""
    return [e.target for e in events if e.kind == "event"]  # type: ignore[misc]


def counters(state: GameState) -> dict[str, int]:
    assert state.script is not None
    return dict(state.script.counters)


def kinds(events: list[Event]) -> list[str]:
    return [str(e.kind) for e in events]


__all__ = ["begin", "counters", "fired", "kinds", "new_game", "scripted", "step", "with_foe", "Any"]
