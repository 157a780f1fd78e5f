"""The map of a chapter as a graph: location names, walking paths, range and line of sight.

A chapter map is a block of text, one character per location; ``#`` (or a space, or a
missing character at the end of a short row) is no location. Locations are named like a
spreadsheet: column letter then row number, both counted from the top-left character of
the map *including* the ``#`` border (so the top-left open square of a bordered map is
``B2``). Walls sit between two orthogonally adjacent locations.

Everything here is a pure function of the chapter and its :class:`Terrain` (what a
chapter's events and tokens change: squares opened or closed, squares one side may not
enter, squares sight does not pass through); a :class:`Board` is built once per chapter
and terrain, and cached on the pack (:func:`game_board`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

from hollowcli.errors import RulesError
from hollowcli.locations import column_letters as column_letters  # re-exported: one grammar
from hollowcli.locations import loc_name as loc_name
from hollowcli.locations import parse_loc as parse_loc
from hollowcli.pack.model import Chapter, Pack

#: Neighbour order used everywhere a tie between equally short paths must be broken:
#: clockwise from north (up, right, down, left). Documented in docs/rules-interpretations.md.
DIRECTIONS: Final[tuple[tuple[int, int], ...]] = ((0, -1), (1, 0), (0, 1), (-1, 0))

_BLOCKED: Final = "# "

_T = TypeVar("_T")

#: How many answers from positions (:meth:`Board.remember`) a board keeps before it starts
#: afresh: the positions of a good many rounds, and a few MB at most. A hint's rollouts all
#: start from one position, so they meet the same positions again and again: with 1,024
#: the board started afresh about every 20 rollouts and half its answers were worked out
#: again (200 rollouts of chapter 1's first decision: 10,700 answers worked out with 1,024
#: kept, 5,300 with 8,192).
ANSWERS_KEPT: Final = 8192

# The location grammar lives in hollowcli.locations (shared with the content validator);
# column_letters, loc_name and parse_loc are imported here for the engine's callers.


@dataclass(frozen=True)
class Terrain:
    """What tokens and events change on a chapter's map, for one side's board.

    ``opened``: squares that are open ground now (a ``#`` too); ``closed``: squares that
    are no location any more; ``no_entry``: (square, token name) pairs the side may not
    enter (a figure already there may leave); ``opaque``: (square, token name) pairs that
    sight does not pass *through*. Sorted tuples: a terrain is a cache key.
    """

    opened: tuple[str, ...] = ()
    closed: tuple[str, ...] = ()
    no_entry: tuple[tuple[str, str], ...] = ()
    opaque: tuple[tuple[str, str], ...] = ()


#: The map as drawn.
PLAIN: Final = Terrain()


@dataclass(frozen=True)
class LosCheck:
    """The answer to 'can A see B?', with the reason in words."""

    clear: bool
    reason: str


class Board:
    """The location graph of one chapter map (immutable after construction)."""

    def __init__(self, chapter: Chapter, corner_rule: str = "permissive", terrain: Terrain = PLAIN) -> None:
        self.chapter_id = chapter.id
        self.corner_rule = corner_rule
        self.terrain = terrain
        rows = [list(r) for r in chapter.map]
        for name, ch in [(n, ".") for n in terrain.opened] + [(n, "#") for n in terrain.closed]:
            xy = parse_loc(name)
            if xy is not None and xy[1] < len(rows):
                row = rows[xy[1]]
                row.extend("#" * (xy[0] + 1 - len(row)))
                row[xy[0]] = ch if ch == "#" or row[xy[0]] in _BLOCKED else row[xy[0]]
        self.rows: tuple[str, ...] = tuple("".join(r) for r in rows)
        self.height = len(self.rows)
        self.width = max((len(r) for r in self.rows), default=0)
        self._chars: dict[tuple[int, int], str] = {}
        for r, line in enumerate(self.rows):
            for c, ch in enumerate(line):
                if ch not in _BLOCKED:
                    self._chars[(c, r)] = ch
        #: Squares this board's side may not enter, and squares sight does not pass
        #: through, each with the token's name (for the reasons).
        self.no_entry: dict[str, str] = dict(terrain.no_entry)
        self.opaque: dict[str, str] = dict(terrain.opaque)
        self.walls: frozenset[frozenset[tuple[int, int]]] = frozenset(
            frozenset((self._coords_or_raise(a), self._coords_or_raise(b))) for a, b in chapter.walls
        )
        self.spawn_points: dict[int, str] = {}
        for (c, r), ch in sorted(self._chars.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if ch.isdigit() and ch != "0":
                self.spawn_points.setdefault(int(ch), loc_name(c, r))
        ordered = sorted(self._chars, key=lambda xy: (xy[1], xy[0]))
        self._names: tuple[str, ...] = tuple(loc_name(c, r) for c, r in ordered)
        self._xy: dict[str, tuple[int, int]] = dict(zip(self._names, ordered))
        self.order: dict[str, int] = {n: i for i, n in enumerate(self._names)}
        #: The feature kind (start/search/scenery) at each location that has one.
        self.features: dict[str, str] = {
            n: chapter.features[self._chars[xy]] for n, xy in self._xy.items() if self._chars[xy] in chapter.features
        }
        self._nb_cache: dict[str, list[str]] = {}
        for name in self._names:
            self.neighbours(name)  # every location's neighbours, once
        #: Every location's neighbours (:meth:`neighbours`), for the hot loops.
        self.adjacent: dict[str, list[str]] = self._nb_cache
        #: The squares next to each (no wall, no '#'), enterable or not: what a search from
        #: the destination walks back over (the same as ``adjacent`` without ``no_entry``).
        self._links: dict[str, list[str]] = self._nb_cache
        if self.no_entry:
            self._links = self._nb_cache
            self._nb_cache = {}
            for name, near in self._links.items():
                self._nb_cache[name] = [n for n in near if n not in self.no_entry]
            self.adjacent = self._nb_cache
        self._dist_cache: dict[str, dict[str, int]] = {}
        self._los_cache: dict[tuple[str, str], LosCheck] = {}
        self._reach_cache: dict[tuple[str, str, int, str], bool] = {}
        self._area_cache: dict[tuple[str, int, str], frozenset[str]] = {}
        #: Answers that depend on the map, the game's pack (a game's board is built per pack,
        #: :func:`game_board`) and positions: the Legend phase's walks and moves, whom a foe
        #: at a square wants (:meth:`remember`).
        self.answers: dict[tuple[Any, ...], Any] = {}

    def remember(self, key: tuple[Any, ...], work: Callable[[], _T]) -> _T:
        """``work()``, remembered by ``key`` (its first item names the kind of answer).
        At most :data:`ANSWERS_KEPT` are kept; then the board starts afresh, so memory
        stays flat in a long game."""
        answers = self.answers
        hit = answers.get(key)
        if hit is None:
            if len(answers) >= ANSWERS_KEPT:
                answers.clear()
            hit = answers[key] = work()
        return hit  # type: ignore[no-any-return]

    # ----------------------------------------------------------------- locations
    def _coords_or_raise(self, name: str) -> tuple[int, int]:
        hit = getattr(self, "_xy", {}).get(name)
        if hit is not None:
            return hit
        xy = parse_loc(name)
        if xy is None or xy not in self._chars:
            raise RulesError(f"chapter {self.chapter_id}: {name!r} is not a location on its map")
        return xy

    def is_location(self, name: str) -> bool:
        """True when ``name`` names an open square of this map."""
        if name in self._xy:
            return True
        xy = parse_loc(name)
        return xy is not None and xy in self._chars

    def normalise(self, name: str) -> str | None:
        """``' c4 '`` -> ``'C4'`` when it is a location of this map, else None."""
        xy = parse_loc(name)
        if xy is None or xy not in self._chars:
            return None
        return loc_name(*xy)

    def coords(self, name: str) -> tuple[int, int]:
        """Column and row (0-based) of a location; RulesError when it is not on the map."""
        return self._coords_or_raise(name)

    def char(self, name: str) -> str:
        """The map character at a location ('.', a spawn digit, a feature letter ...)."""
        return self._chars[self.coords(name)]

    def locations(self) -> list[str]:
        """Every location, in reading order (row by row, left to right)."""
        return list(self._names)

    # ------------------------------------------------------------------- walking
    def wall_between(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        return frozenset((a, b)) in self.walls

    def neighbours(self, name: str) -> list[str]:
        """Orthogonally adjacent locations reachable in one step (no wall, no '#'), N/E/S/W."""
        hit = self._nb_cache.get(name)
        if hit is not None:
            return hit
        c, r = self.coords(name)
        out = []
        for dc, dr in DIRECTIONS:
            nxt = (c + dc, r + dr)
            if nxt in self._chars and not self.wall_between((c, r), nxt):
                out.append(loc_name(*nxt))
        self._nb_cache[name] = out
        return out

    def distances_from(self, name: str) -> dict[str, int]:
        """Walking distance (steps) to ``name`` from every location that can reach it (BFS
        back from ``name``, cached). Without squares one may not enter, walks are symmetric
        and this is the distance from ``name`` too; with them, a square nobody may enter
        is never walked into (nothing but itself reaches it), and a figure standing on one
        may still walk off it."""
        cached = self._dist_cache.get(name)
        if cached is not None:
            return cached
        if name not in self._nb_cache:
            self.neighbours(name)
        nb = self._links
        blocked = self.no_entry
        dist = {name: 0}
        if blocked and name in blocked:
            self._dist_cache[name] = dist
            return dist
        queue = deque([name])
        while queue:
            cur = queue.popleft()
            d = dist[cur] + 1
            for nxt in nb[cur]:
                if nxt not in dist:
                    dist[nxt] = d
                    if not blocked or nxt not in blocked:
                        queue.append(nxt)
        self._dist_cache[name] = dist
        return dist

    def walk_distance(self, a: str, b: str) -> int | None:
        """Steps on the shortest walk from ``a`` to ``b``; None when unreachable."""
        return self.distances_from(b).get(a)

    def shortest_path(self, a: str, b: str) -> list[str] | None:
        """One shortest walk from ``a`` to ``b`` (both included), or None when unreachable.

        Among equally short walks the one taking the first direction clockwise from
        north at each step is chosen, so the answer never depends on set ordering.
        """
        to_b = self.distances_from(b)
        if a not in to_b:
            return None
        path = [a]
        cur = a
        while cur != b:
            d = to_b[cur]
            cur = next(n for n in self.neighbours(cur) if to_b.get(n) == d - 1)
            path.append(cur)
        return path

    def grid_distance(self, a: str, b: str) -> int:
        """Orthogonal steps ignoring walls and '#': |columns| + |rows|."""
        xy = self._xy
        (c1, r1) = xy[a] if a in xy else self.coords(a)
        (c2, r2) = xy[b] if b in xy else self.coords(b)
        return abs(c1 - c2) + abs(r1 - r2)

    def in_reach(self, a: str, b: str, rng: int, measure: str = "grid") -> bool:
        """Within range ``rng`` (:meth:`within_range`) and in line of sight (remembered:
        the map never changes during a game, and figures do not block sight)."""
        key = (a, b, rng, measure)
        hit = self._reach_cache.get(key)
        if hit is None:
            hit = self._reach_cache[key] = self.within_range(a, b, rng, measure) is not None and self.line_of_sight(a, b).clear
        return hit

    def _in_range_of(self, b: str, rng: int, measure: str) -> list[str]:
        """The squares within range ``rng`` of ``b``: the diamond of ``rng`` orthogonal steps
        round it (``grid``), or those at most ``rng`` walking steps away (``walk``). Both
        measures are symmetric (walls block both ways)."""
        if measure == "grid":
            c, r = self.coords(b)
            return [loc_name(c + dc, r + dr) for dc in range(-rng, rng + 1) for dr in range(abs(dc) - rng, rng - abs(dc) + 1)
                    if (c + dc, r + dr) in self._chars]
        return [a for a, d in self.distances_from(b).items() if d <= rng]

    def reach_area(self, b: str, rng: int, measure: str = "grid") -> frozenset[str]:
        """Every location ``a`` with ``in_reach(a, b, rng, measure)``: where a figure must
        stand to reach ``b`` (remembered). Only squares within range are checked."""
        key = (b, rng, measure)
        hit = self._area_cache.get(key)
        if hit is None:
            hit = self._area_cache[key] = frozenset(a for a in self._in_range_of(b, rng, measure) if self.in_reach(a, b, rng, measure))
        return hit

    # ------------------------------------------------------------- line of sight
    def line_of_sight(self, a: str, b: str) -> LosCheck:
        """Whether a straight line between the centres of ``a`` and ``b`` is clear.

        The line is traversed exactly (rational arithmetic, every grid line it crosses):
        it is blocked when it enters a '#' square or crosses a wall. Where it passes exactly
        through a grid corner, ``corner_rule`` decides: ``permissive`` (default) lets it
        through when at least one of the two ways round the corner is clear (sight slips
        past one blocking corner but not between two); ``strict`` needs both to be clear.
        Figures never block sight.
        """
        key = (a, b)
        hit = self._los_cache.get(key)
        if hit is None:
            hit = self._los_cache[key] = self._trace(a, b)
        return hit

    def _trace(self, a: str, b: str) -> LosCheck:
        start, end = self.coords(a), self.coords(b)
        if start == end:
            return LosCheck(True, f"{a} is the same location")
        (c1, r1), (c2, r2) = start, end
        dx, dy = c2 - c1, r2 - r1
        sx = 1 if dx > 0 else -1
        sy = 1 if dy > 0 else -1
        # The line crosses the k-th vertical grid line at t = (2k - 1) / (2|dx|) and the k-th
        # horizontal one at t = (2k - 1) / (2|dy|); compared exactly by cross-multiplying
        # (t_x < t_y  <=>  (2i - 1)|dy| < (2j - 1)|dx|), in whole numbers.
        ax, ay = abs(dx), abs(dy)
        i = j = 0  # grid lines crossed so far
        cur = start
        while i < ax or j < ay:
            kx = (2 * i + 1) * ay if i < ax else None
            ky = (2 * j + 1) * ax if j < ay else None
            if ky is None or (kx is not None and kx < ky):
                nxt = (cur[0] + sx, cur[1])
                why = self._step_block(cur, nxt, end)
                if why:
                    return LosCheck(False, f"line {a}→{b} {why}")
                cur, i = nxt, i + 1
            elif kx is None or ky < kx:
                nxt = (cur[0], cur[1] + sy)
                why = self._step_block(cur, nxt, end)
                if why:
                    return LosCheck(False, f"line {a}→{b} {why}")
                cur, j = nxt, j + 1
            else:
                diag = (cur[0] + sx, cur[1] + sy)
                via_x, via_y = (cur[0] + sx, cur[1]), (cur[0], cur[1] + sy)
                block_x = self._step_block(cur, via_x, end) or self._step_block(via_x, diag, end)
                block_y = self._step_block(cur, via_y, end) or self._step_block(via_y, diag, end)
                corner = loc_name(*cur) + "/" + loc_name(*diag)
                if self.corner_rule == "strict":
                    if block_x or block_y:
                        return LosCheck(False, f"line {a}→{b} grazes a corner between {corner} and {block_x or block_y} (strict corners)")
                elif block_x and block_y:
                    return LosCheck(False, f"line {a}→{b} passes a corner between {corner} blocked on both sides ({block_x}; {block_y})")
                if diag not in self._chars:
                    return LosCheck(False, f"line {a}→{b} enters {loc_name(*diag)}, which is not a location")
                if self.opaque and diag != end and loc_name(*diag) in self.opaque:
                    return LosCheck(False, f"line {a}→{b} passes through {loc_name(*diag)}, where the "
                                           f"{self.opaque[loc_name(*diag)]} blocks sight")
                cur, i, j = diag, i + 1, j + 1
        return LosCheck(True, f"line {a}→{b} is clear")

    def _step_block(self, a: tuple[int, int], b: tuple[int, int], end: tuple[int, int] | None = None) -> str:
        """Why sight cannot pass from square ``a`` into adjacent square ``b`` ('' if it can):
        ``end`` is the square looked at (a token blocking sight hides what is behind it,
        not itself)."""
        if b not in self._chars:
            return f"enters {loc_name(*b)}, which is not a location"
        if self.wall_between(a, b):
            return f"crosses the wall between {loc_name(*a)} and {loc_name(*b)}"
        if self.opaque and b != end:
            token = self.opaque.get(loc_name(*b))
            if token is not None:
                return f"passes through {loc_name(*b)}, where the {token} blocks sight"
        return ""

    def distance(self, a: str, b: str, measure: str = "grid") -> int | None:
        """The range from ``a`` to ``b``: ``grid`` counts orthogonal steps ignoring walls
        (walls and '#' are a matter of sight); ``walk`` counts walking steps (None when
        ``b`` cannot be reached)."""
        return self.grid_distance(a, b) if measure == "grid" else self.walk_distance(a, b)

    def within_range(self, a: str, b: str, rng: int, measure: str = "grid") -> int | None:
        """The range from ``a`` to ``b`` (:meth:`distance`) when it is at most ``rng``, else None."""
        d = self.distance(a, b, measure)
        if d is None or d > rng:
            return None
        return d

    def __iter__(self) -> Iterator[str]:
        return iter(self.locations())


def board_for(chapter: Chapter, corner_rule: str = "permissive") -> Board:
    """The :class:`Board` of a chapter (a new one: a game builds its board once and keeps
    it with its state, see :attr:`hollowcli.engine.state.GameState.board`)."""
    return Board(chapter, corner_rule)


def game_board(pack: Pack, chapter_id: str, terrain: Terrain = PLAIN) -> Board:
    """The board every game of ``chapter_id`` plays on, built once per pack (and corner rule).

    A board never changes, and all it remembers (walking distances, sight lines, reach) is
    geometry of the map alone, so the games of one process share it: a game no longer
    builds it twice (``new_game`` and again when its state is read back), and ``hollow
    simulate``'s games start with its distances known. It is kept on the pack object (no
    module-level cache); a reloaded pack builds its own.

    A chapter whose tokens or events change the map has a board per terrain (each side's,
    :func:`terrain_of`), kept the same way: a terrain that comes back finds its board.
    """
    boards: dict[tuple[str, str, Terrain], Board] = pack.__dict__.setdefault("_boards", {})
    key = (chapter_id, pack.rules.los_corners, terrain)
    board = boards.get(key)
    if board is None:
        if len(boards) >= ANSWERS_KEPT:
            boards.clear()
        board = boards[key] = Board(pack.chapters[chapter_id], pack.rules.los_corners, terrain)
    return board


class ScriptLike(Protocol):
    """What :func:`terrain_of` reads of a game's script state (``engine/state.ScriptState``)."""

    @property
    def tokens(self) -> Any: ...
    @property
    def opened(self) -> tuple[str, ...]: ...
    @property
    def closed(self) -> tuple[str, ...]: ...


#: Which token ``blocks`` words stop each side ("heroes" or "foes") from entering.
BLOCKING: Final[dict[str, tuple[str, ...]]] = {"heroes": ("heroes", "all"), "foes": ("foes", "all")}


def terrain_of(pack: Pack, chapter_id: str, script: ScriptLike | None, side: str) -> Terrain:
    """The terrain of one side's board (``heroes`` or ``foes``) in a game with this script
    state: the squares opened and closed, the squares its tokens stop that side entering,
    and the squares they hide sight through. (Here, below the state, so a saved state
    read back rebuilds its board.)"""
    if script is None:
        return PLAIN
    stop = BLOCKING[side]
    no_entry: dict[str, str] = {}
    opaque: dict[str, str] = {}
    for t in script.tokens:
        kind = pack.tokens.get(t.kind)
        if kind is None or not t.loc:
            continue
        if kind.blocks is not None and kind.blocks in stop:
            no_entry.setdefault(t.loc, kind.name)
        if kind.sight:
            opaque.setdefault(t.loc, kind.name)
    if not (script.opened or script.closed or no_entry or opaque):
        return PLAIN
    return Terrain(tuple(sorted(script.opened)), tuple(sorted(script.closed)),
                   tuple(sorted(no_entry.items())), tuple(sorted(opaque.items())))


def path_text(path: Iterable[str]) -> str:
    """``['B2', 'C2']`` -> ``'B2→C2'``."""
    return "→".join(path)
