"""The walk the players name at the table: ``move G4 G5 H5`` checked step by step
(:func:`walk_action`), and the ways to a place that differ in what they cost
(:func:`walk_ways`: the places with foes left behind, the enemy traps entered), so that
``hollow assist`` can ask which way the miniature went. The moves the rules offer are
:func:`hollowcli.engine.legend_phase.move_actions`; this module only matches a named walk
against them."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any, Final

from hollowcli.engine import tokens
from hollowcli.engine.actions import Action, new_action, short
from hollowcli.engine.legend_phase import move_actions, move_allowance
from hollowcli.engine.state import GameState
from hollowcli.engine.vocab import Act, Side
from hollowcli.errors import RulesError

_MOVE: Final = Act.MOVE
_LEGENDS: Final = Side.LEGENDS


def walk_action(state: GameState, places: Sequence[str]) -> Action:
    """The acting hero's move along the walk the players name (``G4 G5 H5``: each place in
    turn, the start where it stands may be named first). Legal when each step goes to an
    orthogonal neighbour (no wall, no '#'), no place twice, within the moves it has left,
    to a place its moves offer. RulesError (one sentence) otherwise.

    At the table the way matters: leaving a place that holds foes costs a leave roll, an
    enemy trap springs; :func:`walk_ways` lists the ways that differ so.
    """
    turn = state.turn
    if turn is None:
        raise RulesError("nobody is acting: activate a Legend first")
    hero = state.hero(turn.legend)
    board = state.board
    walk = [hero.loc]
    for word in places:
        loc = board.normalise(word)
        if loc is None:
            raise RulesError(f"'{word}' is not a location of this map")
        walk.append(loc)
    if len(walk) > 1 and walk[1] == walk[0]:
        del walk[0]  # the start was named too
    name = short(state, hero.id)
    if len(walk) < 2:
        raise RulesError(f"name the places {name} walked through after {hero.loc}")
    for here, there in pairwise(walk):
        refused = tokens.entry_refusal(state, there, _LEGENDS) if state.script is not None else ""
        if refused:
            raise RulesError(refused)
        if there not in board.adjacent[here]:
            raise RulesError(f"{there} is not one step from {here} (a wall, a '#' or not a neighbour)")
    if len(set(walk)) < len(walk):
        raise RulesError("the walk passes the same place twice")
    steps = move_allowance(state)
    if len(walk) - 1 > steps:
        raise RulesError(f"that walk is {len(walk) - 1} steps; {name} can move {steps} more")
    offered = next((a for a in move_actions(state, hero) if a.to == walk[-1]), None)
    if offered is None:
        raise RulesError(f"{name} cannot move to {walk[-1]} now")
    return new_action(kind=_MOVE, legend=hero.id, to=walk[-1], path=tuple(walk), walk=tuple(walk), offered=state)


def walk_ways(state: GameState, dest: str) -> list[tuple[str, ...]]:
    """The ways to ``dest`` a player may have walked the acting hero that differ in what they
    cost (the places with foes it leaves, the enemy traps it enters): the shortest walks and
    the one ``move DEST`` takes (the cheapest), one walk per cost (ties clockwise from
    north), cheapest first. One way (or none): the players need not say which."""
    turn = state.turn
    if turn is None:
        return []
    hero = state.hero(turn.legend)
    offered = next((a for a in move_actions(state, hero) if a.to == dest), None)
    if offered is None:
        return []
    adjacent = state.board.adjacent
    foes_at: dict[str, int] = {}
    for f in state.foes:
        foes_at[f.loc] = foes_at.get(f.loc, 0) + 1
    traps = {t.loc for t in state.traps if t.side != _LEGENDS}

    def cost(walk: tuple[str, ...]) -> tuple[Any, ...]:
        return (tuple((loc, foes_at[loc]) for loc in walk[:-1] if loc in foes_at), tuple(loc for loc in walk[1:] if loc in traps))

    shortest = state.board.walk_distance(hero.loc, dest) or 0
    ways: dict[tuple[Any, ...], tuple[str, ...]] = {}
    stack: list[tuple[str, ...]] = [(hero.loc,)]
    while stack:  # every walk of the shortest length, depth first, N/E/S/W
        walk = stack.pop()
        if walk[-1] == dest:
            ways.setdefault(cost(walk), walk)
            continue
        if len(walk) - 1 < shortest:
            stack.extend(walk + (nb,) for nb in reversed(adjacent[walk[-1]]) if nb not in walk)
    ways.setdefault(cost(offered.path), offered.path)
    return sorted(ways.values(), key=lambda w: (sum(foes_at.get(loc, 0) for loc in w[:-1]), len(w)))
