"""``spawn-tables.pdf``: per chapter, its spawn points and barricades, what each roll of the
spawn die yields under them (and under each barricade the story may add or remove), and
its spawn list. Spawn results come from :func:`hollowcli.engine.resolve.spawn_point`, the
same function the ``hollow spawn`` command and the solo engine use."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import partial
from typing import Any

from hollowcli.engine.resolve import spawn_point
from hollowcli.errors import UsageError
from hollowcli.pack.model import Chapter, Pack
from hollowcli.render.cardface import SCHEMES
from hollowcli.render.fonts import register_fonts
from hollowcli.render.geometry import MM, PAPER_SIZES, SheetSpec
from hollowcli.render.layout import Pager, SimpleTable, styles
from hollowcli.render.markup import escape_text, icons
from hollowcli.render.product import GAME, chapter_label
from hollowcli.render.sheet import RenderResult, new_canvas

#: Rolls sent on to another spawn point (the one they name is barricaded or not on the map).
REDIRECT_TINT = "#f6e3c6"
#: The tables' header colour: the chapter cards' tint.
CHAPTER_TINT = SCHEMES["chapter"][2]


def _die_values(pack: Pack) -> list[int]:
    die = pack.dice.get(pack.rules.spawn_die)
    if die is None:
        return [1, 2, 3, 4, 5, 6]
    return [f.value for f in die.faces]


def _card_changes(chapter: Chapter) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """Spawn points chapter cards may lock and unlock -> titles of those cards."""
    locks: dict[int, list[str]] = {}
    unlocks: dict[int, list[str]] = {}
    for card in chapter.cards:
        for key, target in (("lock", locks), ("unlock", unlocks)):
            v = card.effect.get(key)
            if v is None:
                continue
            values = v if isinstance(v, (list, tuple)) else [v]
            for p in values:
                try:
                    target.setdefault(int(p), []).append(card.title)
                except (TypeError, ValueError):
                    continue
    return locks, unlocks


def spawn_list_rows(pack: Pack, chapter: Chapter) -> list[list[str]]:
    """The spawn list as a table: a header, then each entry's number and groups."""
    rows = [["#", "Groups (one D6 each)"]]
    for n, entry in enumerate(chapter.spawn_list, 1):
        groups = [f"{g.count}\u00d7 {pack.foes[g.foe].name if g.foe in pack.foes else g.foe}" for g in entry]
        rows.append([str(n), ", ".join(groups) or "nothing"])
    return rows


def spawn_chapter(pg: Pager, pack: Pack, chapter: Chapter) -> None:
    """One chapter's spawn page: points, barricades, the roll table, the grid, the spawn list."""
    st = styles()
    points = list(chapter.spawn_points)
    barricades = sorted(set(chapter.barricades))
    rolls = _die_values(pack)
    pts = ", ".join(str(p) for p in points) or "none"
    bars = ", ".join(str(b) for b in barricades) or "none"
    pg.need(120 * MM)
    pg.para(f"Chapter {chapter.number}: {escape_text(chapter.name)}", st["title"])
    pg.para(icons(f"Spawn points on the map: <b>{pts}</b> · {{barricade}} barricades at setup: <b>{bars}</b>"), st["sub"])
    pg.para(icons("Roll a D6 {dice} for each group. If that spawn point is barricaded or not on the map, "
                  "the group spawns at the lowest-numbered open spawn point."), st["p"])
    _roll_table(pg, st, rolls, points, barricades)
    scenarios = _scenarios(chapter, points, barricades)
    if scenarios:
        _scenario_grid(pg, st, rolls, points, scenarios)
    _spawn_list(pg, st, pack, chapter)


def _roll_table(pg: Pager, st: dict[str, Any], rolls: list[int], points: list[int], barricades: list[int]) -> None:
    """The main table: every roll under the setup barricades, and why."""
    rows = [["Roll", "Spawn at", "Why"]]
    fills: dict[tuple[int, int], str] = {}
    for i, roll in enumerate(rolls, 1):
        res = spawn_point(roll, points, barricades)
        rows.append([str(roll), "nothing spawns" if res.point is None else str(res.point), res.reason.split(": ", 1)[-1]])
        if res.redirected:
            fills.update({(i, col): REDIRECT_TINT for col in range(3)})
    pg.para("Under the setup barricades", st["h"])
    pg.table(SimpleTable(rows, [18 * MM, 26 * MM, pg.width - 44 * MM],
                         [st["cellb"], st["cellb"], st["cell"]], st["cellb"], CHAPTER_TINT, fills))


def _scenarios(chapter: Chapter, points: list[int], barricades: list[int]) -> list[tuple[str, list[int]]]:
    """Each further barricade the story may add (or remove): (its row's label, the spawn
    points barricaded then)."""
    locks, unlocks = _card_changes(chapter)
    scenarios: list[tuple[str, list[int]]] = []
    for p in points:
        if p in barricades:
            continue
        label = f"+ barricade on {p}"
        if p in locks:
            label += " (card: " + ", ".join(locks[p]) + ")"
        scenarios.append((label, barricades + [p]))
    for p, titles in sorted(unlocks.items()):
        if p in barricades:
            scenarios.append((f"− barricade on {p} (card: " + ", ".join(titles) + ")", [b for b in barricades if b != p]))
    card_locks = sorted(p for p in locks if p not in barricades)
    if len(card_locks) > 1:
        scenarios.append(("all card barricades (" + ", ".join(map(str, card_locks)) + ")", barricades + card_locks))
    return scenarios


def _scenario_grid(pg: Pager, st: dict[str, Any], rolls: list[int], points: list[int],
                   scenarios: list[tuple[str, list[int]]]) -> None:
    """A compact grid: the spawn point of each roll under each scenario, redirected ones shaded."""
    cell = min(14 * MM, (pg.width - 60 * MM) / max(1, len(rolls)))
    grid = [["Barricades"] + [str(r) for r in rolls]]
    fills: dict[tuple[int, int], str] = {}
    for ri, (label, locked) in enumerate(scenarios, 1):
        row = [label]
        for ci, roll in enumerate(rolls, 1):
            res = spawn_point(roll, points, locked)
            row.append("—" if res.point is None else str(res.point))
            if res.redirected:
                fills[(ri, ci)] = REDIRECT_TINT
        grid.append(row)
    pg.para("If the story adds or removes a barricade", st["h"])
    pg.para("Each row: the spawn point for each roll with the setup barricades plus that change. "
            "Shaded cells are redirected; — means every point is barricaded and nothing spawns.", st["small"])
    pg.space(2 * MM)
    pg.table(SimpleTable(grid, [pg.width - cell * len(rolls)] + [cell] * len(rolls),
                         [st["cell"]] + [st["cellc"]] * len(rolls), st["cellb"], CHAPTER_TINT, fills))


def _spawn_list(pg: Pager, st: dict[str, Any], pack: Pack, chapter: Chapter) -> None:
    """The chapter's spawn list, in order, and what happens after its last entry."""
    pg.para("Spawn list", st["h"])
    if not chapter.spawn_list:
        pg.para("This chapter has no spawn list.", st["p"])
        return
    lst = spawn_list_rows(pack, chapter)
    loops = getattr(pack.rules, "spawn_list_end", "loop") == "loop"
    pg.para(icons("Each {spawn} spawn action of the storybook track takes the next entry, in this order; "
                  + ("after the last entry the list starts again from the top." if loops
                     else "after the last entry no more foes spawn from the list.")), st["small"])
    pg.space(2 * MM)
    pg.table(SimpleTable(lst, [14 * MM, pg.width - 14 * MM], [st["cellc"], st["cell"]], st["cellb"], CHAPTER_TINT))


def spawn_pages(pack: Pack, chapters: Sequence[Chapter], spec: SheetSpec, label: str = "spawn-tables") -> RenderResult:
    """spawn-tables.pdf: one section per chapter, each starting on a fresh page; ``label``
    (the file's name without .pdf) is printed on each page."""
    register_fonts()
    pw, ph = PAPER_SIZES[spec.paper]
    buf = io.BytesIO()
    names = ", ".join(ch.name for ch in chapters[:3]) + (" ..." if len(chapters) > 3 else "")
    c = new_canvas(buf, pw, ph, f"{GAME}: spawn tables", f"Spawn tables for {names}. Print at 100%.")
    pg = Pager(c, pw, ph, label)
    parts = [pg.part(chapter_label(ch), partial(spawn_chapter, pg, pack, ch)) for ch in chapters]
    pages = pg.close()
    c.save()
    return RenderResult(buf.getvalue(), pages, 0, (), (), (), "spawn tables: what each roll yields, chapter by chapter",
                        parts=tuple(parts), paper="paper")


def render_spawn_tables(pack: Pack, chapters: Sequence[Chapter], spec: SheetSpec, label: str = "spawn-tables") -> RenderResult:
    """Per chapter: spawn points, barricades, what each die roll yields, and the spawn list
    (``label``: the file's name without .pdf, printed on each page)."""
    if not chapters:
        raise UsageError("there are no chapters to print spawn tables for")
    return spawn_pages(pack, chapters, spec, label)
