"""``hollow spawn``: where each group of foes spawns, under which points and locks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hollowcli.dice import Frozen, set_fields
from hollowcli.errors import UsageError
from hollowcli.names import find_chapter, plural
from hollowcli.table.common import check_range, roll_or_read
from hollowcli.table.content import dice_from_pack
from hollowcli.table.groups import Group, parse_groups, parse_points

if TYPE_CHECKING:
    import random

    from hollowcli.engine import resolve
    from hollowcli.pack.model import Chapter
    from hollowcli.table.content import Content


class SpawnLine(Frozen):
    __slots__ = ("group", "name", "result")
    group: Group
    name: str
    result: resolve.SpawnResult

    def __init__(self, group: Group, name: str, result: resolve.SpawnResult) -> None:
        set_fields(self, group=group, name=name, result=result)


class SpawnReport(Frozen):
    """Where each group spawns, under which points and locks."""

    __slots__ = ("points", "locked", "lines", "where", "notes", "barricades")  # noqa: RUF023 (order = repr order)
    points: tuple[int, ...]
    locked: tuple[int, ...]
    lines: tuple[SpawnLine, ...]
    where: str
    notes: tuple[str, ...]
    barricades: tuple[int, ...]  # the chapter's setup barricades among ``locked``

    def __init__(
        self,
        points: tuple[int, ...],
        locked: tuple[int, ...],
        lines: tuple[SpawnLine, ...],
        where: str = "",
        notes: tuple[str, ...] = (),
        barricades: tuple[int, ...] = (),
    ) -> None:
        set_fields(
            self, points=points, locked=locked, lines=lines, where=where, notes=notes,
            barricades=barricades,
        )

    @property
    def all_locked(self) -> bool:
        return set(self.points) <= set(self.locked)

    def to_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "locked": list(self.locked),
            "all_locked": self.all_locked,
            "spawns": [
                {
                    "group": s.group.label,
                    "foe": s.group.foe,
                    "count": s.group.count,
                    "roll": s.result.roll,
                    "point": s.result.point,
                    "redirected": s.result.redirected,
                    "reason": s.result.reason,
                }
                for s in self.lines
            ],
        }

    def text(self) -> str:
        pts = _ranges(self.points)
        lk = _ranges(self.locked) if self.locked else "none"
        if self.barricades:
            which = "" if set(self.barricades) == set(self.locked) else f"{_ranges(self.barricades)} "
            noun = "barricade" if len(self.barricades) == 1 else "barricades"
            lk += f" ({which}by the chapter's setup {noun})"
        head = f"Spawn points {pts}{self.where}; locked: {lk}."
        out = [head, *(f"  {n}" for n in self.notes)]
        if self.all_locked:
            out.append(
                "Every spawn point is locked, so nothing spawns: the foes stay in the supply."
            )
            return "\n".join(out)
        for s in self.lines:
            r = s.result
            who = s.name if s.group.count == 1 else f"{s.name} x{s.group.count}"
            out.append(f"  {who}: point {r.point}  ({r.reason})")
        return "\n".join(out)


def _ranges(nums: Sequence[int]) -> str:
    nums = sorted(set(nums))
    if len(nums) > 2 and nums == list(range(nums[0], nums[-1] + 1)):
        return f"{nums[0]}-{nums[-1]}"
    return ", ".join(str(n) for n in nums)


def spawn(
    content: Content,
    words: Sequence[str],
    rng: random.Random,
    rolled: str | None = None,
    locked: str | None = None,
    unlocked: str | None = None,
    points: int | None = None,
    chapter: str | None = None,
) -> SpawnReport:
    """One spawn-die roll per group, resolved by ``resolve.spawn_point``.

    Points are 1..6 by default, 1..``points`` with ``--points``, or the chapter's map points
    with ``--chapter`` (whose barricades start locked; ``--locked`` adds to them and
    ``--unlocked`` removes some).
    """
    from hollowcli.engine import resolve

    pack = content.pack()
    groups = parse_groups(words, pack.foes)
    notes: list[str] = []
    for g in groups:
        foe = pack.foes[g.foe]
        if g.count > foe.supply:
            notes.append(
                f"the box holds only {plural(foe.supply, foe.name + ' figure')} (its supply), not {g.count}"
            )
    where = ""
    if chapter is not None and points is not None:
        raise UsageError(
            "give --points or --chapter, not both: a chapter's map says which points it has"
        )
    if chapter is not None:
        ch: Chapter = find_chapter(pack.chapters, chapter)
        pts = tuple(ch.spawn_points)
        base_locks = set(ch.barricades)
        where = f" on the map of {ch.name}"
    else:
        n = 6 if points is None else points
        check_range("--points", n, 1, 9)
        pts = tuple(range(1, n + 1))
        base_locks = set()
    add = parse_points(locked, "--locked") if locked is not None else []
    remove = parse_points(unlocked, "--unlocked") if unlocked is not None else []
    for option, values in (("--locked", add), ("--unlocked", remove)):
        for p in values:
            if p not in pts:
                raise UsageError(
                    f"{option} {p}: there is no spawn point {p}{where}; the points are {_ranges(pts)}"
                )
    lock = tuple(sorted((base_locks | set(add)) - set(remove)))
    die = dice_from_pack(pack).die("spawn_die")
    faces = roll_or_read(die, len(groups), rng, rolled)
    lines = tuple(
        SpawnLine(g, pack.foes[g.foe].name, resolve.spawn_point(f.value, pts, lock))
        for g, f in zip(groups, faces)
    )
    kept = tuple(p for p in lock if p in base_locks)
    return SpawnReport(pts, lock, lines, where, tuple(notes), kept)
