"""How each kind of chapter objective is won, lost and told: one rule per ``ObjectiveKind``.

A chapter's ``objective`` (``kind: survive | search | defeat | protect``, with ``rounds``,
``count``, ``foe`` or ``ally``) is read only through :data:`OBJECTIVE_RULES`: the end of
the round asks its rule whether the objective has failed and then whether it is met, the
round line and the screen ask it for its words. Adding a kind of objective is a member of
:class:`~hollowcli.pack.vocab.ObjectiveKind`, its pack-level record, and one rule here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from hollowcli.engine.core import foes_phrase, objective_of
from hollowcli.engine.state import GameState
from hollowcli.names import plural
from hollowcli.pack.model import Objective
from hollowcli.pack.vocab import ObjectiveKind


@dataclass(frozen=True)
class ObjectiveRule:
    """One kind of objective: each question gets the state and the chapter's objective."""

    won: Callable[[GameState, Objective], str]  # why the chapter is won now ('' while it is not)
    lost: Callable[[GameState, Objective], str]  # why the objective has failed ('' while it can be met)
    progress: Callable[[GameState, Objective], str]  # how far along it is, for the round line
    status: Callable[[GameState, Objective], str]  # the screen's "Objective:" line
    cause: str  # a loss by it, as ``hollow simulate`` counts causes ("ally", "rounds")


def _limit(obj: Objective) -> str:
    return f" by round {obj.rounds}" if obj.rounds else ""


def _ally_name(state: GameState, ally_id: str | None) -> str | None:
    return state.pack.allies[ally_id].name if ally_id and ally_id in state.pack.allies else ally_id


def _deadline(state: GameState, obj: Objective, won: Callable[[GameState, Objective], str]) -> str:
    """A search or defeat objective not met by its round (``rounds``), and not met now."""
    if obj.rounds is None or state.round < obj.rounds or won(state, obj):
        return ""
    return f"the objective was not met within {plural(obj.rounds or 0, 'round')}"


# ------------------------------------------------------------------------- survive
def _survived(state: GameState, obj: Objective) -> str:
    if obj.rounds is None or state.round < obj.rounds:
        return ""
    return f"the Legends survived {plural(obj.rounds, 'round')}"


def _never(state: GameState, obj: Objective) -> str:
    return ""


# ------------------------------------------------------------------------- protect
def _protected(state: GameState, obj: Objective) -> str:
    won = _survived(state, obj)
    return won and f"{won} and kept {state.legend_name(obj.ally or '')} safe"


def _ward_fell(state: GameState, obj: Objective) -> str:
    ally = obj.ally
    if not ally or any(a.id == ally for a in state.allies):
        return ""
    return f"{_ally_name(state, ally)} has fallen, and the objective was to protect them"


# -------------------------------------------------------------------------- search
def _searched(state: GameState, obj: Objective) -> str:
    need = obj.count or 1
    if state.search_count < need:
        return ""
    extra = f" ({state.search_count} in all)" if state.search_count > need else ""
    return f"the Legends made the {plural(need, 'search', 'searches')} needed{extra}"


# -------------------------------------------------------------------------- defeat
def _defeated(state: GameState, obj: Objective) -> str:
    n = state.defeated_count(obj.foe)
    need = obj.count or 1
    if n < need:
        return ""
    return f"the Legends defeated {foes_phrase(state, obj.foe, need)}" + (f" ({n} in all)" if n > need else "")


# ---------------------------------------------------------------------------- flag
def _goal(obj: Objective) -> str:
    return (obj.flag or "").replace("-", " ")


def _flag_set(state: GameState, obj: Objective) -> str:
    script = state.script
    if script is None or script.counter(obj.flag or "") <= 0:
        return ""
    return f"the Legends reached the goal '{_goal(obj)}'"


def _flag_progress(state: GameState, obj: Objective) -> str:
    return "reached" if _flag_set(state, obj) else "not yet"


# ----------------------------------------------------------------------------- all
def _all_won(state: GameState, obj: Objective) -> str:
    parts = [OBJECTIVE_RULES[part.kind].won(state, part) for part in obj.of]
    return "; ".join(parts) if all(parts) else ""


def _any_lost(state: GameState, obj: Objective) -> str:
    for part in obj.of:
        why = OBJECTIVE_RULES[part.kind].lost(state, part)
        if why:
            return why
    return ""


def _all_progress(state: GameState, obj: Objective) -> str:
    return "all of: " + "; ".join(OBJECTIVE_RULES[part.kind].progress(state, part) for part in obj.of)


def _all_status(state: GameState, obj: Objective) -> str:
    """The parts in their short form, each with its progress in brackets: their own status
    lines hold a "; " too ("reach the goal 'jar'; not yet"), which would read as a part."""
    return "Objective: " + _all_progress(state, obj)


#: Each kind of objective's rule (a test checks every ``ObjectiveKind`` has one).
OBJECTIVE_RULES: Final[dict[ObjectiveKind, ObjectiveRule]] = {
    ObjectiveKind.SURVIVE: ObjectiveRule(
        won=_survived, lost=_never,
        progress=lambda s, o: f"survive {plural(o.rounds or 0, 'round')} (round {s.round})",
        status=lambda s, o: f"Objective: survive {plural(o.rounds or 0, 'round')} (this is round {s.round})",
        cause="rounds"),
    ObjectiveKind.SEARCH: ObjectiveRule(
        won=_searched, lost=lambda s, o: _deadline(s, o, _searched),
        progress=lambda s, o: f"search {plural(o.count or 1, 'time')}{_limit(o)} ({s.search_count} so far)",
        status=lambda s, o: f"Objective: search {plural(o.count or 1, 'time')}{_limit(o)}; {s.search_count} done so far",
        cause="rounds"),
    ObjectiveKind.DEFEAT: ObjectiveRule(
        won=_defeated, lost=lambda s, o: _deadline(s, o, _defeated),
        progress=lambda s, o: f"defeat {foes_phrase(s, o.foe, o.count or 1)}{_limit(o)} ({s.defeated_count(o.foe)} so far)",
        status=lambda s, o: (f"Objective: defeat {foes_phrase(s, o.foe, o.count or 1)}{_limit(o)}; "
                             f"{s.defeated_count(o.foe)} defeated so far"),
        cause="rounds"),
    ObjectiveKind.PROTECT: ObjectiveRule(
        won=_protected, lost=_ward_fell,
        progress=lambda s, o: f"keep {_ally_name(s, o.ally)} alive for {plural(o.rounds or 0, 'round')} (round {s.round})",
        status=lambda s, o: (f"Objective: keep {_ally_name(s, o.ally)} (ally) alive for "
                             f"{plural(o.rounds or 0, 'round')} (this is round {s.round})"),
        cause="ally"),
    ObjectiveKind.FLAG: ObjectiveRule(
        won=_flag_set, lost=lambda s, o: _deadline(s, o, _flag_set),
        progress=lambda s, o: f"reach the goal '{_goal(o)}'{_limit(o)} ({_flag_progress(s, o)})",
        status=lambda s, o: f"Objective: reach the goal '{_goal(o)}'{_limit(o)}; {_flag_progress(s, o)}",
        cause="rounds"),
    ObjectiveKind.ALL: ObjectiveRule(
        won=_all_won, lost=_any_lost,
        progress=_all_progress, status=_all_status,
        cause="rounds"),
}


def rule_of(state: GameState) -> tuple[ObjectiveRule, Objective]:
    """The rule of the objective in play, and the objective: the chapter's, or the one an
    event put in its place (``objective:``)."""
    obj = objective_of(state)
    return OBJECTIVE_RULES[ObjectiveKind(obj.kind)], obj


def loss_cause(state: GameState) -> str:
    """How ``hollow simulate`` counts a loss by the objective: the cause of the kind that
    failed (a part of an ``all``), else the round limits."""
    _, obj = rule_of(state)
    for part in obj.leaves():
        rule = OBJECTIVE_RULES[ObjectiveKind(part.kind)]
        if rule.lost(state, part):
            return rule.cause
    return "rounds"


def progress(state: GameState) -> str:
    """The objective and how far along it is, in words."""
    rule, obj = rule_of(state)
    return rule.progress(state, obj)
