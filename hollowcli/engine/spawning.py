"""Spawning: foes come onto the board at spawn points, by the die, within the supply.

The track's ``spawn`` action takes the next entry of the chapter's spawn list
(:func:`spawn_step`); a card's ``spawn`` effect names its own groups. Each group is
placed by the D6 rule (:func:`hollowcli.engine.resolve.spawn_point`: the rolled point,
else the lowest unlocked one), as many miniatures as the supply has left, each with the
lowest standee number of its kind not on the board.
"""

from __future__ import annotations

from typing import Any, Final

from hollowcli.engine import resolve
from hollowcli.engine.core import event, foes_phrase, roll_dice, rolls_note
from hollowcli.engine.rolls import DiceLike
from hollowcli.engine.speed import replace
from hollowcli.engine.standees import free_standee, group_name
from hollowcli.engine.state import Event, FoeState, GameState
from hollowcli.engine.vocab import EventKind
from hollowcli.pack.model import SpawnGroup
from hollowcli.pack.vocab import SpawnListEnd, SupplyExhausted

# Enum members read on hot paths, as C statics when compiled (a read of a member from
# its class goes through the enum's __getattr__ in Python 3.11).
_EV_SPAWN: Final = EventKind.SPAWN
_SPAWN_LIST_END_LOOP: Final = SpawnListEnd.LOOP
_SUPPLY_LOSE: Final = SupplyExhausted.LOSE


def spawn_groups(state: GameState, groups: tuple[SpawnGroup, ...] | list[SpawnGroup], dice: DiceLike,
                 events: list[Event], why: str) -> GameState:
    """Spawn each group by the D6 rule (rolled point, else lowest unlocked), within supply."""
    rules = state.pack.rules
    board = state.board
    points = sorted(board.spawn_points)
    for g in groups:
        fdef = state.pack.foes.get(g.foe)
        if fdef is None:
            continue
        faces, rolls = roll_dice(state, rules.spawn_die, 1, dice, f"spawn point for {foes_phrase(state, g.foe, g.count)}, {why}", "spawn")
        sp = resolve.spawn_point(faces[0].value, points, state.barricades, rolls_note(rolls))
        if sp.point is None:
            events.append(event(state, _EV_SPAWN, actor=g.foe, rolls=rolls, numbers={"roll": sp.roll, "count": g.count, "placed": 0},
                                reason=f"{why} ({foes_phrase(state, g.foe, g.count)}): {sp.reason}"))
            continue
        state = place_foes(state, g.foe, g.count, board.spawn_points[sp.point], events,
                           f"{why} ({foes_phrase(state, g.foe, g.count)}): {sp.reason}",
                           {"roll": sp.roll, "point": sp.point, "redirected": sp.redirected}, rolls)
    return state


def place_foes(state: GameState, foe_id: str, count: int, loc: str, events: list[Event], head: str,
               numbers: dict[str, Any], rolls: Any = ()) -> GameState:
    """Put up to ``count`` foes of ``foe_id`` (a kind of the pack) on ``loc``, as many as the
    supply has left, each with the lowest standee number of its kind not on the board; one
    SPAWN event whose reason starts with ``head`` (``numbers`` say how the place was chosen)."""
    fdef = state.foe_def(foe_id)
    room = max(0, fdef.supply - state.on_board(foe_id))
    placed = min(room, count)
    standees: list[int] = []
    for _ in range(placed):  # each takes the lowest number of its kind not on the board
        standees.append(free_standee(state, foe_id, tuple(standees)))
    new = tuple(FoeState(number=state.next_foe + i, foe=foe_id, loc=loc, health=fdef.health, standee=standees[i])
                for i in range(placed))
    state = replace(state, foes=state.foes + new, next_foe=state.next_foe + placed)
    text = head
    if placed:
        text += f"; {group_name(state, foe_id, standees)} {'appears' if placed == 1 else 'appear'} at {loc}"
    if placed < count:
        text += f"; {count - placed} could not spawn: every {fdef.name} miniature ({fdef.supply} in the box) is on the board"
        if state.pack.rules.supply_exhausted == _SUPPLY_LOSE and not state.supply_out:
            state = replace(state, supply_out=f"the supply of {fdef.name} ran out ({count - placed} could not spawn; rules.supply_exhausted: lose)")
            text += ", so the chapter is lost at the end of the round (rules.supply_exhausted: lose)"
    events.append(event(state, _EV_SPAWN, actor=foe_id, to=loc, rolls=rolls,
                        numbers={**numbers, "count": count, "placed": placed, "supply": fdef.supply, "numbers": standees},
                        reason=text))
    return state


def spawn_step(state: GameState, dice: DiceLike, events: list[Event]) -> GameState:
    """The track's spawn action: the next spawn-list entry (the list loops when used up)."""
    entries = state.chapter_def.spawn_list
    if not entries:
        events.append(event(state, _EV_SPAWN, reason="the chapter has no spawn list, so nothing spawns"))
        return state
    pos = state.spawn_pos
    if pos >= len(entries):
        if state.pack.rules.spawn_list_end != _SPAWN_LIST_END_LOOP:
            events.append(event(state, _EV_SPAWN, reason="the spawn list is used up, so nothing spawns"))
            return state
        pos %= len(entries)
    state = replace(state, spawn_pos=pos + 1)
    return spawn_groups(state, entries[pos], dice, events, f"spawn list entry {pos + 1} of {len(entries)}")
