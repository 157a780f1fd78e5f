"""The objective kinds at pack level: one :class:`ObjectiveSpec` per
:class:`~hollowcli.pack.vocab.ObjectiveKind`.

A spec says which fields of :class:`~hollowcli.pack.model.Objective` the kind takes, in
the order the validator checks them, and which of those it requires; the checks of the
fields themselves are the model's metadata. How a kind is won, lost and reported is the
engine's table, keyed by the same members.
"""

from __future__ import annotations

from typing import Final

from hollowcli.dice import Frozen, set_fields
from hollowcli.pack.vocab import ObjectiveKind


class ObjectiveSpec(Frozen):
    """One objective kind: the fields it takes (beside ``kind``) and those it requires."""

    __slots__ = ("kind", "takes", "requires", "summary")
    kind: ObjectiveKind
    takes: tuple[str, ...]  # in the order the validator checks them
    requires: tuple[str, ...]
    summary: str  # the YAML form, for docs

    def __init__(self, kind: ObjectiveKind, takes: tuple[str, ...], requires: tuple[str, ...], summary: str) -> None:
        set_fields(self, kind=kind, takes=takes, requires=requires, summary=summary)


OBJECTIVES: Final[dict[ObjectiveKind, ObjectiveSpec]] = {o.kind: o for o in (
    ObjectiveSpec(ObjectiveKind.SURVIVE, ("rounds",), ("rounds",), "{kind: survive, rounds: N}"),
    ObjectiveSpec(ObjectiveKind.SEARCH, ("count", "rounds"), ("count",), "{kind: search, count: N, rounds: N}"),
    ObjectiveSpec(ObjectiveKind.DEFEAT, ("count", "rounds", "foe"), ("count",), "{kind: defeat, count: N, foe: ID, rounds: N}"),
    ObjectiveSpec(ObjectiveKind.PROTECT, ("ally", "rounds"), ("ally", "rounds"), "{kind: protect, ally: ID, rounds: N}"),
)}
