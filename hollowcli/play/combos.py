"""Two-step choices that save the player an entry: "move there and attack", "next Legend".

The engine offers one step at a time (activate, move, act, end). A round of four Legends
would take a dozen entries; these combined choices bring a typical round to two entries
per Legend: activate, then move-and-attack (the activation ends by itself when nothing is
left), or act and go straight to the next Legend.

A combo is only a list of the engine's own steps; the loop takes them one by one, each
checked against the rules when it is taken (a leave roll on the way may change what is
possible). Nothing here decides a rule.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hollowcli import engine
from hollowcli.engine.vocab import Act

#: Kinds of action a combo may lead to after a move.
_AFTER_MOVE = (Act.ATTACK, Act.SEARCH)


@dataclass(frozen=True)
class Combo:
    """A choice made of several steps: ``first`` now, then the step ``then`` names."""

    kind: str  # move-then | next-legend | act-then-end
    first: Any  # engine Action taken now
    then: Any  # engine Action wanted after it (re-checked when it is taken)
    label: str
    command: str
    legend: str = ""


def combos(state: Any, legal: list[Any]) -> list[Combo]:
    """The combined choices worth offering now (none outside an activation)."""
    turn = state.turn
    if turn is None or state.result is not None:
        return []
    out: list[Combo] = []
    end = next((a for a in legal if a.kind == Act.END), None)
    if end is not None:
        if not turn.acted:
            out += _act_then_end(state, legal, end)
        out += _next_legend(state, end)
    if not turn.acted and turn.moves == 0:
        out += _move_then(state, legal)
    return out


def _act_then_end(state: Any, legal: list[Any], end: Any) -> list[Combo]:
    """"Attack G2, then end the activation" for the basic attacks and searches here."""
    out = []
    for a in legal:
        if a.kind in _AFTER_MOVE and a.source in (None, "basic"):
            label = a.label.split(" (")[0].split(": ", 1)[-1]
            out.append(Combo("act-then-end", a, end, f"{label[:1].upper()}{label[1:]}, then end the activation",
                             f"{a.command}; end", a.legend))
    return out


def _key(a: Any) -> tuple[Any, ...]:
    return (a.kind, a.target, a.at, a.source, a.source_id, a.item)


def _move_then(state: Any, legal: list[Any]) -> list[Combo]:
    """For each attack target or search place not in reach here: the cheapest move that
    brings it in reach (fewest leave-roll dice, then fewest steps), and the action."""
    here = {_key(a) for a in legal}
    best: dict[tuple[Any, ...], tuple[tuple[int, int, int], Any, Any]] = {}
    for order, m in enumerate(a for a in legal if a.kind == Act.MOVE):
        try:  # a preview: the leave roll is rolled with a throwaway generator
            after, _ = engine.apply(state, m, random.Random(0))
        except Exception:  # noqa: BLE001 - a preview that fails offers nothing
            continue
        if after.turn is None or after.turn.legend != m.legend or after.result is not None:
            continue
        seen_targets: set[tuple[Any, ...]] = set()
        for a in engine.legal_actions(after):
            if a.kind not in _AFTER_MOVE or _key(a) in here or a.source not in (None, "basic"):
                continue  # skills and items stay one step each: they cost tokens, worth a look
            target = (a.kind, a.target, a.at)
            if target in seen_targets:  # the first way the engine lists (basic first) is enough
                continue
            seen_targets.add(target)
            leave = sum(len(state.foes_at(loc)) for loc in m.path[:-1])
            rank = (leave, len(m.path), order)
            if target not in best or rank < best[target][0]:
                best[target] = (rank, m, a)
    out = []
    for _rank, m, a in sorted(best.values(), key=lambda v: v[0]):
        out.append(Combo("move-then", m, a, f"Move to {m.to}, then {_lower(a.label.split(' (')[0].split(': ', 1)[-1])}",
                         f"{m.command}; {a.command}", m.legend))
    return out


def _next_legend(state: Any, end: Any) -> list[Combo]:
    """"End this activation and activate NAME" for each Legend who could be next."""
    out = []
    for lg in state.legends:
        if lg.activated or lg.id == end.legend:
            continue
        command = f"activate {lg.id}"
        if engine.end_before_activate(state, command) is None:
            continue
        name = state.legend_name(lg.id)
        act = engine.Action(Act.ACTIVATE, lg.id, offered=state)
        out.append(Combo("next-legend", end, act, f"Next: {name}", command, lg.id))
    return out


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def render(items: list[Combo], first_number: int, width: int = 78) -> list[str]:
    """The combos as numbered lines: move-then choices one a line, next Legends on one row."""
    from hollowcli.play import view

    numw = len(str(first_number + len(items) - 1))
    lines: list[str] = []
    nexts = [f"{n} {c.label.removeprefix('Next: ')}" for n, c in enumerate(items, first_number) if c.kind == "next-legend"]
    if nexts:
        lines += view.cell_row(" Next Legend (ends this activation):", nexts, width, "   ", gap=" ")
    ends = [f"{n} {c.first.command}" for n, c in enumerate(items, first_number) if c.kind == "act-then-end"]
    if ends:
        lines += view.cell_row(" Act, then end the activation:", ends, width, "   ", gap=" ")
    for n, c in enumerate(items, first_number):
        if c.kind == "move-then":
            lines += view.wrap(f" {n:>{numw}}. {c.label}", width, " " * (numw + 4))
    return lines
