"""Which choices a hint weighs: the policy's top few, and any the player names.

The ``--auto`` policy's own choice comes first; then, within an activation, the attacks
from where the Legend stands (basic first), the two-step "move there, then attack or
search" choices of the prompt (:mod:`hollowcli.play.combos`: a two-step choice is one
candidate), searching, restoring, refreshing, and ending the activation. Between
activations, each Legend that may activate. The first few of these, without repeats.

A named choice is typed as at the prompt: ``move D4``, ``attack 2``, ``move D4; attack 2``
(two steps: the second read on the board the first leaves), or a choice's number.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hollowcli import engine
from hollowcli.engine.vocab import Act
from hollowcli.hint.estimate import Candidate
from hollowcli.play import combos

#: How many candidates a hint weighs unless the player names more.
TOP = 5

#: The kinds worth weighing within an activation, after the attacks and the two-step choices.
_LATER = (Act.SEARCH, Act.RESTORE, Act.REFRESH, Act.USE, Act.END)


def policy_choice(state: Any) -> Any:
    """The ``--auto`` policy's choice (it breaks no ties with its generator)."""
    return engine.auto_action(state, random.Random(0))


def top_candidates(state: Any, top: int = TOP) -> list[Candidate]:
    """The policy's choice, then the other promising ones, ``top`` at most."""
    legal = engine.legal_actions(state)
    if not legal:
        return []
    mine = policy_choice(state)
    out = [_one(mine)]
    if state.turn is None:
        pool: list[Any] = [a for a in legal if a.kind == Act.ACTIVATE]
    else:
        pool = [a for a in legal if a.kind == Act.ATTACK]
        pool.sort(key=lambda a: a.source not in (None, "basic"))  # stable: the menu's order otherwise
        pool += [c for c in combos.combos(state, legal) if c.kind == "move-then"]
        pool += [a for kind in _LATER for a in legal if a.kind == kind
                 and (kind != Act.USE or a.recipient == state.turn.legend)]
        # plain moves (the rest as the policy plays), nearest the foes first, to fill the list
        pool += sorted((a for a in legal if a.kind == Act.MOVE), key=lambda a: _to_foes(state, a.to))
    seen = {out[0].command}
    for choice in pool:
        if len(out) >= top:
            break
        cand = _of(choice)
        if cand.command not in seen:
            seen.add(cand.command)
            out.append(cand)
    return out


def _to_foes(state: Any, loc: str | None) -> int:
    dist = state.board.distances_from(loc) if loc else {}
    return min((dist.get(f.loc, 10**6) for f in state.foes), default=0)


def _one(action: Any) -> Candidate:
    return Candidate(action.command, (action,), action.label)


def _of(choice: Any) -> Candidate:
    """A candidate from a menu entry: an engine Action, or a two-step combo."""
    if isinstance(choice, combos.Combo):
        if choice.kind == "next-legend":  # 'end, then activate X': the activation is the choice
            return Candidate(choice.command, (choice.first, choice.then), choice.label)
        return Candidate(f"{choice.first.command}; {choice.then.command}", (choice.first, choice.then), choice.label)
    return _one(choice)


def named(state: Any, text: str, menu: Sequence[Any] = ()) -> Candidate | str:
    """The candidate ``text`` names (``move D4``, ``attack 2``, ``move D4; attack 2``, or the
    number of a choice of ``menu``), or one sentence saying why it names none."""
    text = text.strip()
    if text.isascii() and text.isdigit():
        n = int(text) if len(text) <= 4 else 0
        if 1 <= n <= len(menu):
            return _of(menu[n - 1])
        return f"There is no choice {text[:8]} on the list now."
    parts = [p.strip() for p in text.split(";") if p.strip()]
    if not 1 <= len(parts) <= 2:
        return "Name one choice, or two steps joined by ';' ('move D4; attack 2')."
    first = engine.parse_command(state, parts[0])
    if first is None:
        return _why(state, parts[0])
    if len(parts) == 1:
        return Candidate(first.command, (first,), first.label)
    try:  # the second step is read on the board the first leaves (a throwaway roll for the preview)
        after, _ = engine.apply(state, first, random.Random(0))
    except engine.RulesError as e:
        return f"'{parts[0]}' cannot be weighed: {e}."
    if after.result is not None or getattr(after.turn, "legend", None) != first.legend:
        return f"After '{first.command}' the activation is over, so '{parts[1]}' cannot follow it."
    then = engine.parse_command(after, parts[1])
    if then is None:
        return _why(after, parts[1], f" after '{first.command}'")
    return Candidate(f"{first.command}; {then.command}", (first, then), f"{first.label}, then {then.label}")


def _why(state: Any, text: str, after: str = "") -> str:
    why = engine.command_hint(state, text, ("hint",))
    return why if not after else f"{why.rstrip('.')}{after}."
