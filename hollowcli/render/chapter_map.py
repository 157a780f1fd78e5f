"""A chapter's map drawn to scale, as the setup sheet and the board at play size both
show it: squares, walls, spawn points and barricades, features with their names, search
spots, and who stands where at setup (:func:`setup_tags`); and the chapter's objective in
a sentence, which both print.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hollowcli.pack.model import Chapter, Pack
from hollowcli.pack.objectives import OBJECTIVES
from hollowcli.pack.vocab import FeatureKind
from hollowcli.render.fonts import BOLD, REGULAR, text_width
from hollowcli.render.geometry import MM
from hollowcli.render.richtext import TextAt, draw_texts, hex_colour

#: Colours on the map: blocked squares, walls, spawn points, barricades, search spots.
BLOCKED_FILL = "#d6d6d6"
WALL_COLOUR = "#1a1a1a"
SPAWN_COLOUR = "#6b3d1f"
BARRICADE_FILL = "#f6e3c6"
SEARCH_FILL = "#fbf0b8"
SEARCH_COLOUR = "#7a5200"
LEGEND_COLOUR = "#1f3a5f"
FOE_COLOUR = "#7a1f1f"
ALLY_COLOUR = "#1f5f3a"
TOKEN_COLOUR = "#5b2a86"
#: Words on a map square keep this far (pt) from its edges, shrinking down to MAP_LABEL_MIN_PT.
MAP_LABEL_PAD = 1.5
MAP_LABEL_MIN_PT = 2.5
#: A feature name shrinks in its two lines down to this size before it takes more lines.
MAP_NAME_READABLE_PT = 4.0


def objective_words(pack: Pack, chapter: Chapter) -> str:
    """The chapter's objective in a sentence (its kind's words, :mod:`hollowcli.pack.objectives`)."""
    return OBJECTIVES[chapter.objective.kind].words(pack, chapter.objective)


@dataclass(frozen=True)
class MapView:
    """The squares drawn: columns ``c0`` to ``c1 - 1`` and rows ``r0`` to ``r1 - 1`` of the
    chapter map (0-based), the map's blocked outer border left out."""

    c0: int
    c1: int
    r0: int
    r1: int

    @property
    def cols(self) -> int:
        return self.c1 - self.c0

    @property
    def rows(self) -> int:
        return self.r1 - self.r0


def _square(chapter: Chapter, col: int, row: int) -> str:
    line = chapter.map[row] if 0 <= row < len(chapter.map) else ""
    return line[col] if 0 <= col < len(line) else " "


def map_view(chapter: Chapter) -> MapView:
    """The map without the rows and columns at its edges that hold no location at all
    (a bordered map's ``#`` frame): they would only make every square smaller."""
    rows = len(chapter.map)
    cols = max((len(r) for r in chapter.map), default=0)

    def open_row(r: int) -> bool:
        return any(_square(chapter, c, r) not in "# " for c in range(cols))

    def open_col(c: int) -> bool:
        return any(_square(chapter, c, r) not in "# " for r in range(rows))

    r0, r1, c0, c1 = 0, rows, 0, cols
    while r0 < r1 - 1 and not open_row(r0):
        r0 += 1
    while r1 - 1 > r0 and not open_row(r1 - 1):
        r1 -= 1
    while c0 < c1 - 1 and not open_col(c0):
        c0 += 1
    while c1 - 1 > c0 and not open_col(c1 - 1):
        c1 -= 1
    return MapView(c0, max(c1, c0 + 1), r0, max(r1, r0 + 1))


@dataclass(frozen=True)
class Tag:
    """A name written along the top of a square: who or what is there at setup."""

    text: str
    colour: str


def _spawn_squares(chapter: Chapter) -> dict[int, tuple[int, int]]:
    out: dict[int, tuple[int, int]] = {}
    for r, line in enumerate(chapter.map):
        for col, ch in enumerate(line):
            if ch.isdigit() and ch != "0":
                out.setdefault(int(ch), (col, r))
    return out


def setup_tags(pack: Pack, chapter: Chapter) -> dict[tuple[int, int], list[Tag]]:
    """(column, row) -> what stands there at setup: Legends (blue), foes (red), allies
    (green) and the tokens placed at setup (purple)."""
    from hollowcli.engine.geometry import parse_loc

    spawn_xy = _spawn_squares(chapter)

    def where(at: int | str) -> tuple[int, int] | None:
        return spawn_xy.get(at) if isinstance(at, int) else parse_loc(str(at))

    groups: list[tuple[str, dict[tuple[int, int], list[str]]]] = [(LEGEND_COLOUR, {}), (FOE_COLOUR, {}), (ALLY_COLOUR, {}),
                                                                  (TOKEN_COLOUR, {})]
    for lid, loc in chapter.setup.legends.items():
        xy = parse_loc(str(loc))
        if xy is not None:
            groups[0][1].setdefault(xy, []).append((pack.legends[lid].name if lid in pack.legends else lid).split()[0])
    for fp in chapter.setup.foes:
        xy = where(fp.at)
        if xy is not None:
            name = (pack.foes[fp.foe].name if fp.foe in pack.foes else fp.foe).split()[-1]
            groups[1][1].setdefault(xy, []).append(f"{fp.count}× {name}" if fp.count > 1 else name)
    for aid, at in chapter.setup.allies.items():
        xy = where(at)
        if xy is not None:
            groups[2][1].setdefault(xy, []).append((pack.allies[aid].name if aid in pack.allies else aid).split()[0])
    for tp in chapter.setup.tokens:
        xy = where(tp.at) if tp.at is not None else None  # (a skill lock sits on a Legend's card, not the map)
        if xy is not None:
            groups[3][1].setdefault(xy, []).append(pack.tokens[tp.token].name if tp.token in pack.tokens else tp.token)
    out: dict[tuple[int, int], list[Tag]] = {}
    for colour, names in groups:
        for xy, found in names.items():
            out.setdefault(xy, []).append(Tag(", ".join(found)[:24], colour))
    return out


def draw_map(c: Any, pack: Pack, chapter: Chapter, view: MapView, origin: tuple[int, int], x0: float, top: float,
             cell: float, headers: bool = True, coordinates: bool = False) -> None:
    """The squares of ``view`` at ``cell`` points a square, square ``origin`` (column,
    row) with its top-left corner at (``x0``, ``top``). ``headers``: column letters above
    and row numbers left of the view; ``coordinates``: each square's name in its corner
    (the board at play size, where the edges are cut away)."""
    tags = setup_tags(pack, chapter)
    paint = _MapPainter(c, chapter, view, origin, x0, top, cell)
    c.saveState()
    if headers:
        paint.headers()
    paint.squares()
    paint.contents(coordinates)
    paint.tags(tags)
    draw_texts(c, paint.texts)
    paint.walls()
    c.restoreState()


class _MapPainter:
    """One view of a chapter's map being drawn: where each square goes and the words placed
    so far (drawn together, in one text object, before the walls)."""

    def __init__(self, c: Any, chapter: Chapter, view: MapView, origin: tuple[int, int], x0: float, top: float,
                 cell: float) -> None:
        self.c, self.chapter, self.view = c, chapter, view
        self.oc, self.orow = origin
        self.x0, self.top, self.cell = x0, top, cell
        self.k = min(1.8, max(1.0, cell / (20 * MM)))  # type sizes grow a little with large squares
        self.barricaded = set(chapter.barricades)
        self.room = cell - 2 * MAP_LABEL_PAD
        self.wall = max(2.0, cell * 0.08)
        self.cols, self.rows = range(view.c0, view.c1), range(view.r0, view.r1)
        self.texts: list[tuple[TextAt, float, float]] = []

    def text(self, words: str, font: str, size: float, colour: str, x: float, y: float, align: int = 1) -> None:
        self.texts.append((TextAt(words, font, size, hex_colour(colour), align), x, y))

    def fitted(self, lines: list[str], font: str, size: float) -> float:
        """The size at which every line fits across a square (never above ``size``)."""
        widest = max((text_width(t, font, size) for t in lines), default=0.0)
        return size if widest <= self.room else max(MAP_LABEL_MIN_PT, size * self.room / widest)

    def corner(self, col: int, row: int) -> tuple[float, float]:
        """The bottom-left corner of a square."""
        return self.x0 + (col - self.oc) * self.cell, self.top - (row - self.orow + 1) * self.cell

    def headers(self) -> None:
        """Column letters above the view, row numbers left of it (as large as 7.5 pt while the
        letters of neighbouring columns stay apart)."""
        from hollowcli.engine.geometry import column_letters

        cell = self.cell
        letters = [column_letters(col) for col in self.cols]
        head_pt = min(7.5, 7.5 * (cell - 1.5) / max(text_width(t, BOLD, 7.5) for t in letters))
        for col, letter in zip(self.cols, letters):
            self.text(letter, BOLD, head_pt, "#444444", self.corner(col, 0)[0] + cell / 2, self.top + 1.3 * MM)
        row_pt = min(7.5, cell * 0.8)
        for r in self.rows:
            self.text(str(r + 1), BOLD, row_pt, "#444444", self.x0 - 1.2 * MM,
                      self.corner(0, r)[1] + cell / 2 - row_pt / 3, 2)

    def squares(self) -> None:
        """Every square of the view: grey where there is no location, shaded for a barricaded
        spawn point or a search spot."""
        from reportlab.lib.colors import HexColor

        c, chapter = self.c, self.chapter
        c.setLineWidth(0.4 * self.k)
        c.setStrokeColor(HexColor("#8a8a8a"))
        for r in self.rows:
            for col in self.cols:
                ch = _square(chapter, col, r)
                x, y = self.corner(col, r)
                fill = None
                if ch in "# ":
                    fill = BLOCKED_FILL
                elif ch.isdigit() and int(ch) in self.barricaded:
                    fill = BARRICADE_FILL
                elif chapter.features.get(ch) == "search":
                    fill = SEARCH_FILL
                if fill:
                    c.setFillColor(HexColor(fill))
                c.rect(x, y, self.cell, self.cell, stroke=1, fill=1 if fill else 0)

    def contents(self, coordinates: bool) -> None:
        """What is on each open square: a spawn point or a feature (and with ``coordinates``,
        the square's name in its corner, clear of a wall along its bottom edge)."""
        from hollowcli.engine.geometry import loc_name

        for r in self.rows:
            for col in self.cols:
                ch = _square(self.chapter, col, r)
                x, y = self.corner(col, r)
                if coordinates and ch not in "# ":
                    self.text(loc_name(col, r), REGULAR, min(8.0, self.cell * 0.12), "#8a8a8a",
                              x + self.wall / 2 + 1.5, y + self.wall / 2 + 1.5, 0)
                if ch in "# .":
                    continue
                if ch.isdigit() and ch != "0":
                    self.spawn_point(int(ch), x, y)
                else:
                    self.feature(ch, x, y)

    def spawn_point(self, n: int, x: float, y: float) -> None:
        """A circled number, and under it "spawn" or "barricaded"."""
        from reportlab.lib.colors import HexColor

        c, cell, k = self.c, self.cell, self.k
        cx = x + cell / 2
        c.setStrokeColor(HexColor(SPAWN_COLOUR))
        c.setFillColor(HexColor("#ffffff"))
        c.setLineWidth(1.0 * k)
        c.circle(cx, y + cell * 0.48, cell * 0.2, stroke=1, fill=1)
        self.text(str(n), BOLD, cell * 0.28, SPAWN_COLOUR, cx, y + cell * 0.48 - cell * 0.1)
        word = "barricaded" if n in self.barricaded else "spawn"
        self.text(word, BOLD, self.fitted([word], BOLD, min(7.0 * k, cell * 0.17)), SPAWN_COLOUR, cx, y + cell * 0.09)

    def feature(self, ch: str, x: float, y: float) -> None:
        """A feature's letter with its name under it; a search spot's a little higher, with
        "search" along the bottom."""
        cell, k = self.cell, self.k
        cx = x + cell / 2
        kind = self.chapter.features.get(ch, "")
        name = self.chapter.feature_names.get(ch, "") or ("Start" if kind == FeatureKind.START else kind.capitalize())
        search = kind == FeatureKind.SEARCH
        lift = cell * 0.08 if search else 0.0
        self.text(ch, BOLD, cell * 0.32, "#1a1a1a", cx, y + cell * 0.52 + lift)
        size, step, lines = _name_in_square(name, min(6.5 * k, cell * 0.15), min(7.0 * k, cell * 0.17), self.room,
                                            cell * (0.12 if search else 0.24))
        for n, part in enumerate(lines):
            self.text(part, REGULAR, size, "#1a1a1a", cx, y + cell * 0.3 + lift - n * step)
        if search:
            self.text("search", BOLD, self.fitted(["search"], BOLD, min(7.0 * k, cell * 0.15)), SEARCH_COLOUR, cx,
                      y + cell * 0.07)

    def tags(self, tags: dict[tuple[int, int], list[Tag]]) -> None:
        """Who stands where at setup: small tags along the top of a square (below a wall
        along its top edge)."""
        view, cell = self.view, self.cell
        tag_pt = min(6.0 * self.k, cell * 0.14)
        for (col, r), found in tags.items():
            if not (view.c0 <= col < view.c1 and view.r0 <= r < view.r1):
                continue
            x, y = self.corner(col, r)
            for n, tag in enumerate(found):
                self.text(tag.text, BOLD, self.fitted([tag.text], BOLD, tag_pt), tag.colour, x + cell / 2,
                          y + cell - tag_pt - self.wall / 2 - 0.5 - n * (tag_pt + 0.5))

    def walls(self) -> None:
        """Walls: thick lines on the edge two squares share."""
        from reportlab.lib.colors import HexColor

        from hollowcli.engine.geometry import parse_loc

        c, view, cell, corner = self.c, self.view, self.cell, self.corner
        c.setStrokeColor(HexColor(WALL_COLOUR))
        c.setLineWidth(self.wall)
        c.setLineCap(1)
        for a, b in self.chapter.walls:
            pa, pb = parse_loc(a), parse_loc(b)
            if pa is None or pb is None:
                continue
            (ca, ra), (cb, rb) = pa, pb
            if ra == rb:  # side by side: a vertical wall
                if not (view.r0 <= ra < view.r1 and view.c0 < max(ca, cb) < view.c1 + 1):
                    continue
                xw = corner(max(ca, cb), ra)[0]
                c.line(xw, corner(0, ra)[1], xw, corner(0, ra)[1] + cell)
            else:  # one above the other: a horizontal wall
                if not (view.c0 <= ca < view.c1 and view.r0 < max(ra, rb) < view.r1 + 1):
                    continue
                yw = corner(0, max(ra, rb))[1] + cell
                c.line(corner(ca, 0)[0], yw, corner(ca, 0)[0] + cell, yw)


def _name_in_square(name: str, size: float, step: float, room: float, depth: float) -> tuple[float, float, list[str]]:
    """A feature's name under its letter: (size, line step, lines), every line at most ``room``
    wide and the lines at most ``depth`` from first to last baseline. Its words in two halves
    while they fit at a readable size, else wrapped over more lines, smaller; at the smallest
    size a word longer than the square is broken."""
    words = name.split()
    half = (len(words) + 1) // 2
    halves = [t for t in (" ".join(words[:half]), " ".join(words[half:])) if t]
    widest = max((text_width(t, REGULAR, size) for t in halves), default=0.0)
    fits = size if widest <= room else size * room / widest
    if fits >= min(size, MAP_NAME_READABLE_PT) and (len(halves) - 1) * step <= depth:
        return fits, step, halves
    s = size
    while s > MAP_LABEL_MIN_PT:
        lines = _wrap_words(words, s, room)
        if lines is not None and (len(lines) - 1) * s * 1.1 <= depth:
            return s, s * 1.1, lines
        s -= 0.25
    s = MAP_LABEL_MIN_PT
    return s, s * 1.1, _wrap_words(words, s, room, break_words=True) or []


def _wrap_words(words: list[str], size: float, room: float, break_words: bool = False) -> list[str] | None:
    """Words in lines at most ``room`` wide (``None`` if a word is wider, unless ``break_words``)."""
    lines: list[str] = []
    for word in words:
        if text_width(word, REGULAR, size) > room:
            if not break_words:
                return None
            piece = ""
            for ch in word:
                if piece and text_width(piece + ch, REGULAR, size) > room:
                    lines.append(piece)
                    piece = ""
                piece += ch
            lines.append(piece)
            continue
        if lines and text_width(f"{lines[-1]} {word}", REGULAR, size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
