"""The spawn grammar of ``hollow spawn``: groups like ``2gobkin`` and point lists like ``1,3``."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hollowcli.dice import Frozen, set_fields
from hollowcli.errors import MissingValue, UsageError
from hollowcli.names import find_id
from hollowcli.table.common import MAX_FOES, MAX_GROUPS

if TYPE_CHECKING:
    from hollowcli.pack.model import Foe


class Group(Frozen):
    """A spawn group typed on the command line: how many of which foe."""

    __slots__ = ("foe", "count")  # noqa: RUF023 (order = repr order)
    foe: str
    count: int

    def __init__(self, foe: str, count: int) -> None:
        set_fields(self, foe=foe, count=count)

    @property
    def label(self) -> str:
        return f"{self.count}{self.foe}"


_GROUP = r"([0-9]+)?\s*[x×*]?\s*(.*)"  # compiled on first use


def parse_groups(words: Sequence[str], foes: Mapping[str, Foe]) -> list[Group]:
    """``2gobkin``, ``gobkin``, ``2 gobkins``, ``2x gobkin`` -> groups; bad words raise UsageError."""
    groups: list[Group] = []
    pending: int | None = None
    for word in words:
        w = word.strip()
        if re.fullmatch(r"[0-9]+\s*[x×*]?", w):  # a count on its own: 2 gobkin, 2x gobkin
            w = w.rstrip("x×* ")
            if pending is not None:
                raise UsageError(
                    f"two numbers in a row ({pending} {w}); write groups like 2gobkin or 2 gobkin"
                )
            pending = _count(w)
            continue
        m = re.fullmatch(_GROUP, w, re.DOTALL)
        assert m is not None
        digits, name = m.groups()
        if digits and pending is not None:
            raise UsageError(
                f"two numbers in a row ({pending} {w}); write groups like 2gobkin or 2 gobkin"
            )
        count = _count(digits) if digits else (pending if pending is not None else 1)
        pending = None
        if not name.strip():
            raise UsageError(
                f"the group {word!r} names no foe; write groups like 2gobkin or 2 gobkin"
            )
        groups.append(Group(find_id("foe", name, foes, lambda e: e.name), count))
    if pending is not None:
        raise UsageError(
            f"the number {pending} at the end names no foe; write groups like 2gobkin or 2 gobkin"
        )
    if not groups:
        raise MissingValue("name at least one group to spawn, like 2gobkin")
    if len(groups) > MAX_GROUPS:
        raise UsageError(
            f"{len(groups)} groups is too many; the most one spawn rolls for is {MAX_GROUPS}"
        )
    return groups


def _count(digits: str) -> int:
    if len(digits) > 4 or not 1 <= int(digits) <= MAX_FOES:
        raise UsageError(
            f"a group of {digits} foes is out of range; a group has 1 to {MAX_FOES} foes"
        )
    return int(digits)


def parse_points(text: str, option: str) -> list[int]:
    """``1,3`` (commas and/or spaces) -> [1, 3]; ``none`` -> []."""
    if text.strip().lower() in ("", "none"):
        return []
    out = []
    for part in re.split(r"[,\s]+", text.strip()):
        if not re.fullmatch(r"[0-9]{1,3}", part):
            raise UsageError(
                f"{option}: {part!r} is not a spawn point number; give numbers like {option} 1,3"
            )
        out.append(int(part))
    return out
