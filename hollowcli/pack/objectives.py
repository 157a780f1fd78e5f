"""The objective kinds at pack level: one :class:`ObjectiveSpec` per
:class:`~hollowcli.pack.vocab.ObjectiveKind`.

A spec says which fields of :class:`~hollowcli.pack.model.Objective` the kind takes, in
the order the validator checks them, which of those it requires, and how the objective
reads in a sentence on the setup sheet and the board (``words``); the checks of the fields
themselves are the model's metadata. How a kind is won, lost and reported is the
engine's table, keyed by the same members.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hollowcli.dice import Frozen, set_fields
from hollowcli.names import plural
from hollowcli.pack.model import Objective, Pack
from hollowcli.pack.vocab import ObjectiveKind


class ObjectiveSpec(Frozen):
    """One objective kind: the fields it takes (beside ``kind``), those it requires, and
    its sentence."""

    __slots__ = ("kind", "takes", "requires", "summary", "words")
    kind: ObjectiveKind
    takes: tuple[str, ...]  # in the order the validator checks them
    requires: tuple[str, ...]
    summary: str  # the YAML form, for docs
    words: Callable[[Pack, Objective], str]  # the objective in a sentence (plain text)

    def __init__(self, kind: ObjectiveKind, takes: tuple[str, ...], requires: tuple[str, ...], summary: str,
                 words: Callable[[Pack, Objective], str]) -> None:
        set_fields(self, kind=kind, takes=takes, requires=requires, summary=summary, words=words)


def _within(o: Objective) -> str:
    return f" within {plural(o.rounds, 'round')}" if o.rounds else ""


def _protect_words(pack: Pack, o: Objective) -> str:
    ally = pack.allies[o.ally].name if o.ally and o.ally in pack.allies else str(o.ally)
    return f"Keep {ally} (an ally) alive for {plural(o.rounds or 0, 'round')}: if {ally.split()[0]} falls, the chapter is lost."


def _defeat_words(pack: Pack, o: Objective) -> str:
    n = o.count or 1
    if not o.foe:
        return f"Defeat {plural(n, 'foe')}{_within(o)}."
    foe = pack.foes[o.foe].name if o.foe in pack.foes else o.foe
    return f"Defeat {foe}{f' ×{n}' if n > 1 else ''}{_within(o)}."


def _flag_words(pack: Pack, o: Objective) -> str:
    goal = (o.flag or "").replace("-", " ")
    return f"Reach the goal '{goal}'{_within(o)}: the chapter's events say how."


def _all_words(pack: Pack, o: Objective) -> str:
    parts = [OBJECTIVES[part.kind].words(pack, part).rstrip(".") for part in o.of]
    return "All of these: " + "; ".join(parts) + "."


OBJECTIVES: Final[dict[ObjectiveKind, ObjectiveSpec]] = {o.kind: o for o in (
    ObjectiveSpec(ObjectiveKind.SURVIVE, ("rounds",), ("rounds",), "{kind: survive, rounds: N}",
                  lambda p, o: f"Survive {plural(o.rounds or 0, 'round')}."),
    ObjectiveSpec(ObjectiveKind.SEARCH, ("count", "rounds"), ("count",), "{kind: search, count: N, rounds: N}",
                  lambda p, o: f"Search {plural(o.count or 0, 'time')}{_within(o)}."),
    ObjectiveSpec(ObjectiveKind.DEFEAT, ("count", "rounds", "foe"), ("count",), "{kind: defeat, count: N, foe: ID, rounds: N}",
                  _defeat_words),
    ObjectiveSpec(ObjectiveKind.PROTECT, ("ally", "rounds"), ("ally", "rounds"), "{kind: protect, ally: ID, rounds: N}",
                  _protect_words),
    ObjectiveSpec(ObjectiveKind.FLAG, ("flag", "rounds"), ("flag",), "{kind: flag, flag: NAME, rounds: N}", _flag_words),
    ObjectiveSpec(ObjectiveKind.ALL, ("of",), ("of",), "{kind: all, of: [OBJECTIVE, ...]}", _all_words),
)}
