"""What a text view needs to know about the board, without deciding how to draw it."""

from __future__ import annotations

from dataclasses import dataclass

from hollowcli.engine.geometry import loc_name
from hollowcli.engine.state import GameState


@dataclass(frozen=True)
class Cell:
    """One square of the chapter map and what stands on it.

    ``open`` is False for '#' (no location); ``spawn`` is the spawn point number there;
    ``feature`` the feature kind (start/search/scenery) and ``feature_name`` its name.
    """

    name: str
    col: int
    row: int
    char: str
    open: bool
    spawn: int | None = None
    locked: bool = False
    feature: str | None = None
    feature_name: str = ""
    legends: tuple[str, ...] = ()  # legend ids
    allies: tuple[str, ...] = ()  # ally ids
    foes: tuple[int, ...] = ()  # the foes' identities (FoeState.number)
    traps: tuple[str, ...] = ()  # trap types
    walls: tuple[str, ...] = ()  # neighbouring locations behind a wall
    tokens: tuple[str, ...] = ()  # the chapter's tokens there (their kinds' ids)


def map_cells(state: GameState) -> list[list[Cell]]:
    """Every square of the map, row by row (the '#' border included), with its contents."""
    board = state.board
    chapter = state.chapter_def
    by_loc_legends: dict[str, list[str]] = {}
    for lg in state.legends:
        by_loc_legends.setdefault(lg.loc, []).append(lg.id)
    by_loc_allies: dict[str, list[str]] = {}
    for al in state.allies:
        by_loc_allies.setdefault(al.loc, []).append(al.id)
    by_loc_foes: dict[str, list[int]] = {}
    for f in state.foes:
        by_loc_foes.setdefault(f.loc, []).append(f.number)
    by_loc_traps: dict[str, list[str]] = {}
    for t in state.traps:
        by_loc_traps.setdefault(t.loc, []).append(t.type)
    by_loc_tokens: dict[str, list[str]] = {}
    for tok in state.script.tokens if state.script is not None else ():
        if tok.loc:
            by_loc_tokens.setdefault(tok.loc, []).append(tok.kind)
    walls: dict[str, list[str]] = {}
    for a, b in chapter.walls:
        na, nb = board.normalise(a), board.normalise(b)
        if na and nb:
            walls.setdefault(na, []).append(nb)
            walls.setdefault(nb, []).append(na)
    rows = []
    for r in range(board.height):
        line = board.rows[r] if r < len(board.rows) else ""
        row = []
        for c in range(board.width):
            name = loc_name(c, r)
            ch = line[c] if c < len(line) else "#"
            if not board.is_location(name):
                row.append(Cell(name, c, r, "#", False))
                continue
            spawn = int(ch) if ch.isdigit() and ch != "0" else None
            kind = chapter.features.get(ch)
            row.append(Cell(
                name, c, r, ch, True, spawn=spawn, locked=spawn is not None and spawn in state.barricades,
                feature=kind, feature_name=chapter.feature_names.get(ch, "") if kind else "",
                legends=tuple(by_loc_legends.get(name, ())), foes=tuple(by_loc_foes.get(name, ())),
                allies=tuple(by_loc_allies.get(name, ())),
                traps=tuple(by_loc_traps.get(name, ())), walls=tuple(walls.get(name, ())),
                tokens=tuple(by_loc_tokens.get(name, ())),
            ))
        rows.append(row)
    return rows
