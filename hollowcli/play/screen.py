"""One screen to decide on: the compact board, the ledger and the choices of ``hollow play``.

At every Legend-phase prompt the player sees, within the terminal (80x24 at least):
a title line, the objective and track line, a compact map (border rows and columns that
hold no location are left out; cells narrow when the map is wide), beside it (or under
it) the ledger of Legends and foes, the figures that share a location or stand on a
spawn point or feature, the activating Legend's status and the numbered choices.

The full picture (symbol key, track, items) stays in ``map`` (:func:`view.render_board`).
Like :mod:`hollowcli.play.view`, everything here returns plain lines; colour comes from
``paint``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hollowcli.engine.growth import fear_limit
from hollowcli.names import plural
from hollowcli.play import combos, view
from hollowcli.play.view import Paint, plain

#: The smallest terminal the screen is designed for.
MIN_COLS, MIN_ROWS = 80, 24
#: Cell widths tried from the widest; a cell is followed by one column for walls.
CELL_WIDTHS = (4, 3, 2, 1)
GAP = "  "  # between the map and the ledger beside it


def terminal_size() -> tuple[int, int]:
    """Columns and rows of the terminal (``COLUMNS``/``LINES`` first; 80x24 when unknown)."""
    import shutil

    size = shutil.get_terminal_size((MIN_COLS, MIN_ROWS))
    return max(40, size.columns), max(12, size.lines)


# --------------------------------------------------------------------------- the map


def _crop(rows: list[list[Any]]) -> tuple[list[list[Any]], int, int]:
    """The map without leading/trailing rows and columns that hold no location."""
    open_rows = [r for r, row in enumerate(rows) if any(c.open for c in row)]
    open_cols = sorted({c.col for row in rows for c in row if c.open})
    if not open_rows:
        return rows, 0, 0
    r0, r1 = open_rows[0], open_rows[-1]
    c0, c1 = open_cols[0], open_cols[-1]
    return [row[c0 : c1 + 1] for row in rows[r0 : r1 + 1]], r0, c0


def _under(c: Any) -> str:
    """The one-character mark of what lies under figures: spawn point, trap, token or feature."""
    if c.spawn is not None:
        return str(c.spawn)
    if c.traps:
        return "^"
    if c.tokens:
        return "*"
    if c.feature:
        return c.char.lower()
    return ""


def _cell_text(c: Any, syms: list[str], w: int, mark: str = "") -> tuple[str, str]:
    """The text (exactly ``w`` wide) and paint role of one cell (``mark``: its token's, ``*M``)."""
    if not c.open:
        return ("##" if w > 1 else "#").ljust(w), "wall"
    if syms:
        role = "legend" if c.legends or c.allies else "foe"
        if w == 1:
            return ("@" if c.legends or c.allies else "x"), role
        text = syms[0]
        if len(syms) > 1:
            more = f"+{len(syms) - 1}"
            text = text + more if len(text + more) <= w else (text + "+")[:w]
        elif _under(c) and len(text) + 2 <= w:
            text += ":" + _under(c)
        return text[:w].ljust(w), role
    if mark:  # a token (with the spawn point under it, if the cell is wide enough)
        return (mark + (str(c.spawn) if c.spawn is not None else ""))[:w].ljust(w), "feature"
    if c.spawn is not None:
        if c.locked:
            return (f"[{c.spawn}]" if w >= 3 else f"{c.spawn}]"[:w]).ljust(w), "bad"
        return str(c.spawn).ljust(w), "spawn"
    if c.traps:
        return "^".ljust(w), "feature"
    if c.feature:
        return c.char.lower().ljust(w), "feature"
    return ".".ljust(w), "dim"


def map_width(state: Any, w: int) -> int:
    """Columns the compact map takes with cells ``w`` wide."""
    from hollowcli.engine import map_cells

    rows, _, _ = _crop(map_cells(state))
    ncols = max((len(r) for r in rows), default=0)
    return len(str(len(state.board.rows))) + 1 + ncols * (w + 1)


def _focus(state: Any) -> tuple[int, int]:
    """Column and row of the figure the view follows: the one activating (a Legend or an
    ally the players move), else the first Legend."""
    from hollowcli.engine.geometry import parse_loc

    active = getattr(state.turn, "legend", None)
    heroes = (*state.legends, *state.allies)
    hero = next((h for h in heroes if h.id == active), None) or (state.legends[0] if state.legends else None)
    where = parse_loc(hero.loc) if hero is not None else None
    return where if where is not None else (0, 0)


def _window(start: int, size: int, shown: int, focus: int) -> int:
    """The first index of ``shown`` items out of ``size`` centred on ``focus``."""
    return max(0, min(size - shown, focus - start - shown // 2))


def compact_map(state: Any, paint: Paint = plain, w: int = 4, max_width: int | None = None,
                max_rows: int | None = None) -> list[str]:
    """The map with cells ``w`` wide: column letters on top, row numbers at the left,
    walls as ``|`` between cells and ``-`` under them; stacks as ``JP+1``, a figure on a
    spawn point or feature as ``G2:3``. A map wider than ``max_width`` columns (or with
    more than ``max_rows`` rows) is shown as a window around the Legend the view follows,
    with a line saying which part is shown."""
    from hollowcli.engine import map_cells
    from hollowcli.engine.geometry import column_letters

    full = map_cells(state)
    rows, r0, c0 = _crop(full)
    label_w = len(str(r0 + len(rows))) + 1
    ncols = max((len(r) for r in rows), default=0)
    note = []
    fc, fr = _focus(state)
    if max_width is not None and label_w + ncols * (w + 1) > max_width:
        shown = max(1, (max_width - label_w) // (w + 1))
        first = _window(c0, ncols, shown, fc)
        rows = [row[first : first + shown] for row in rows]
        note.append(f"columns {column_letters(c0 + first)}-{column_letters(c0 + first + shown - 1)} of "
                    f"{column_letters(c0)}-{column_letters(c0 + ncols - 1)}")
        c0, ncols = c0 + first, shown
    if max_rows is not None and len(rows) > max_rows:
        shown = max(1, max_rows)
        first = _window(r0, len(rows), shown, fr)
        note.append(f"rows {r0 + first + 1}-{r0 + first + shown} of {r0 + 1}-{r0 + len(rows)}")
        rows, r0 = rows[first : first + shown], r0 + first
    lsym = view.legend_symbols(state)
    letters = view.class_letters(state)
    tletters = view.token_letters(state)
    foe_by_number = {f.number: f for f in state.foes}
    head = " " * label_w
    for i in range(ncols):
        name = column_letters(c0 + i)
        head += (name if len(name) <= w else name[-w:]).ljust(w + 1)
    lines = [head.rstrip()]
    for r, row in enumerate(rows):
        line = f"{r0 + r + 1:>{label_w - 1}} "
        under = " " * label_w
        has_under = False
        for i, c in enumerate(row):
            syms = [lsym[lid] for lid in (*c.legends, *c.allies)]
            syms += [view.foe_symbol(state, foe_by_number[n], letters) for n in c.foes]
            text, role = _cell_text(c, syms, w, view.token_mark(c, tletters))
            sep, piece, wall_below = view.wall_edges(rows, r, i, w, paint)
            line += paint(text, role) + sep
            under += piece
            has_under = has_under or wall_below
        lines.append(line.rstrip())
        if has_under:
            lines.append(under.rstrip())
    if note:
        lines.append(f"(a part of the map: {', '.join(note)}, around the active Legend)")
    return lines


def shared_places(state: Any, w: int) -> list[str]:
    """``E4 start: MG EK EW`` for each location where figures share a place, or stand on a
    spawn point, trap or feature the cell cannot show (with cells of 1 column: every
    figure's place)."""
    from hollowcli.engine import map_cells

    lsym = view.legend_symbols(state)
    letters = view.class_letters(state)
    foe_by_number = {f.number: f for f in state.foes}
    out = []
    for row in map_cells(state):
        for c in row:
            syms = [lsym[lid] for lid in (*c.legends, *c.allies)]
            syms += [view.foe_symbol(state, foe_by_number[n], letters) for n in c.foes]
            if not syms:
                continue
            under = ""
            if c.spawn is not None:
                under = f"spawn point {c.spawn}" + (" (barred)" if c.locked else "")
            elif c.traps:
                under = "trap"
            elif c.tokens:
                under = ", ".join(state.pack.tokens[k].name if k in state.pack.tokens else k for k in c.tokens)
            elif c.feature:
                under = c.feature_name or c.feature
            in_cell = len(syms) == 1 and w >= len(syms[0]) + 2  # the cell shows 'G2:3' itself
            if len(syms) > 1 or w == 1 or (under and not in_cell) or c.tokens:  # ('*' alone does not say which token)
                out.append(f"{c.name}" + (f" {under}" if under else "") + ": " + " ".join(syms))
    return out


# --------------------------------------------------------------------------- the ledger


def legend_ledger(state: Any, paint: Paint = plain) -> list[str]:
    """One short line per Legend: ``>JP Jeremiah D4 12/12 f0 3/3`` (> activating, v done)."""
    lsym = view.legend_symbols(state)
    turn = getattr(state.turn, "legend", None)
    lines = [paint("Legends", "title") + f"{'':<5} {'at':<3} {'hp':<5} {'fear':<4} {'tok'}"]
    for lg in state.legends:
        d = state.pack.legends[lg.id]
        mark = ">" if lg.id == turn else ("v" if lg.activated else " ")
        first = state.legend_name(lg.id)[:8]
        health = f"{lg.health}/{d.health}"
        line = f"{mark}{lsym[lg.id]:<3}{first:<8} {lg.loc:<3} {health:<5} {lg.fear:<4} {lg.ready}/{lg.ready + lg.spent}"
        if lg.health <= 0 or lg.fear >= fear_limit(state.pack, lg.id):
            line = paint(line, "bad")
        elif lg.id == turn:
            line = paint(line, "legend")
        lines.append(line)
    for al in state.allies:  # allies: no fear, no tokens
        d = state.pack.allies[al.id]
        mark = ">" if al.id == turn else ("v" if al.activated else " ")
        health = f"{al.health}/{d.health}"
        line = f"{mark}{lsym[al.id]:<3}{state.legend_name(al.id)[:8]:<8} {al.loc:<3} {health:<5} ally"
        lines.append(paint(line, "legend") if al.id == turn else line)
    return lines


def foe_ledger(state: Any, paint: Paint = plain, limit: int | None = None) -> list[str]:
    """One short line per foe in activation order: ``G1 Gobkin   B2  3/3 def 0``; at most
    ``limit`` foe lines (the rest counted)."""
    if not state.foes:
        return [paint("Foes", "title") + ": none on the board"]
    letters = view.class_letters(state)
    order = {c: i for i, c in enumerate(state.pack.rules.activation_order)}
    foes = sorted(state.foes, key=lambda f: (order.get(state.pack.foes[f.foe].cls, 99), f.number))
    lines = [paint("Foes", "title") + f"{'':<8} {'at':<3} {'hp':<5} def"]
    shown = foes if limit is None or len(foes) <= limit else foes[: max(1, limit - 1)]
    for f in shown:
        d = state.foe_def(f.foe)  # with the script's boosts
        sym = view.foe_symbol(state, f, letters)
        health = f"{f.health}/{d.health}"
        name = d.name[: 11 - max(3, len(sym) + 1)]  # a 3-letter symbol (G10) takes a letter of the name
        lines.append(f" {sym:<{max(3, len(sym) + 1)}}{name:<{11 - max(3, len(sym) + 1)}} {f.loc:<3} {health:<5} {d.defense}")
    if len(shown) < len(foes):
        lines.append(f" ... {len(foes) - len(shown)} more ('map' lists them)")
    return lines


def _fit(line: str, cols: int) -> str:
    """``line`` cut to ``cols`` visible columns (colour codes kept out of the count)."""
    if len(view._strip(line)) <= cols:
        return line
    plain_text = view._strip(line)
    return plain_text[: cols - 1] + "…"


def headline(state: Any) -> list[str]:
    """Title and one line of objective, track spot and next spawn."""
    chapter = state.chapter_def
    phase = {"legends": "Legend phase", "adversary": "adversary phase", "over": "game over"}.get(state.phase, state.phase)
    title = f"Round {state.round} - {phase} - {chapter.name} (chapter {chapter.number})"
    track = chapter.track
    goal = view.objective_text(state).removeprefix("Objective: ")
    parts = [goal.split(" (this is round")[0].replace(" so far", "")]
    if track:
        now = view.spot_text(track[state.track_pos % len(track)])
        parts.append(f"track: {now}")
    if chapter.spawn_list:
        from hollowcli.engine.core import foes_phrase

        entry = chapter.spawn_list[state.spawn_pos % len(chapter.spawn_list)]
        parts.append("spawn: " + ", ".join(foes_phrase(state, g.foe, g.count) for g in entry))
    return [title, " | ".join(parts)]


def board_lines(state: Any, paint: Paint = plain, cols: int = MIN_COLS, room: int = MIN_ROWS,
                map_rows: int | None = None) -> list[str]:
    """The compact board: headline, map with the ledger beside (or under) it, shared places.

    ``room`` is the most lines the board may take; the foe list is shortened to fit. A map
    with more than ``map_rows`` rows (default: half of ``room``, at least 8) is shown as a
    window around the active Legend.
    """
    if map_rows is None:
        map_rows = max(8, room // 2)
    title, info = headline(state)
    lines = [paint(_fit(title, cols), "title"), *view.wrap(info, cols - 1, "  ")[:2]]
    legends = legend_ledger(state, paint)
    panel_w = max(len(view._strip(x)) for x in legends)
    w = next((w for w in CELL_WIDTHS if map_width(state, w) + len(GAP) + panel_w <= cols), 0)
    beside = w >= 2
    if not beside:
        w = next((w for w in CELL_WIDTHS if map_width(state, w) <= cols), 1)
    # a map too wide (or too tall) for the terminal even with 1-column cells: a window of it
    mapl = compact_map(state, paint, w, max_width=cols - 1, max_rows=map_rows)
    places = shared_places(state, w)
    place_lines = view.wrap_items("Here: ", places, cols - 1, "      ", sep=";") if places else []
    fixed = len(lines) + len(place_lines)
    if beside:
        foe_room = max(2, room - fixed - len(legends) - 1, len(mapl) - len(legends) - 1)
        panel = legends + foe_ledger(state, paint, foe_room)
        mapw = max(len(view._strip(x)) for x in mapl)
        for i in range(max(len(mapl), len(panel))):
            left = mapl[i] if i < len(mapl) else ""
            right = panel[i] if i < len(panel) else ""
            pad = " " * (mapw - len(view._strip(left)))
            lines.append((left + pad + GAP + right).rstrip() if right else left)
    else:
        lines += mapl
        lines += legends
        lines += foe_ledger(state, paint, max(2, room - fixed - len(mapl) - len(legends) - 1))
    lines += place_lines
    head = 1 + len(view.wrap(info, cols - 1, "  ")[:2])
    if len(lines) > room and head > 1:  # too tall: the objective line goes ('map' has it)
        lines = lines[:1] + lines[head:]
    return [x if len(view._strip(x)) <= cols else _fit(x, cols) for x in lines]


def status_line(state: Any, paint: Paint = plain, cols: int = MIN_COLS) -> list[str]:
    """Who decides now: the activating Legend's moves, action and items, or the round's pick."""
    turn = state.turn
    if turn is None:
        return [paint(f"Round {state.round}: choose the next Legend to activate", "title")]
    if state.is_ally(turn.legend):
        al = state.ally(turn.legend)
        ad = state.pack.allies[al.id]
        name = state.legend_name(al.id)
        text = (f"{name} (ally) at {al.loc}: moved {turn.steps} of {ad.move}, "
                + ("attacked" if turn.acted else "no attack yet" if ad.basic_attack else "it cannot attack"))
        out = view.wrap(text, cols - 1, "  ")
        out[0] = paint(out[0][: len(name)], "title") + out[0][len(name):]
        return out
    lg = state.legend(turn.legend)
    d = state.pack.legends[lg.id]
    name = state.legend_name(lg.id)
    gear = [view._item_name(state, lg.relic)] if lg.relic else []
    gear += [view._item_name(state, i) for i in lg.inventory]
    text = (f"{name} at {lg.loc}: moved {turn.steps} of {d.move}, "
            + ("action taken" if turn.acted else "action not taken yet")
            + f"; {plural(lg.ready, 'token')} ready"
            + (f"; carries {', '.join(gear)}" if gear else ""))
    out = view.wrap(text, cols - 1, "  ")
    out[0] = paint(out[0][: len(name)], "title") + out[0][len(name):]
    return out


@dataclass(frozen=True)
class Screen:
    """One decision screen: its lines, and the choice numbers the prompt accepts that it
    leaves out (each named on the screen by a hint line, ``24-27: type 'choices'``)."""

    lines: list[str]
    hidden: tuple[int, ...] = ()


def decision_screen(state: Any, actions: list[Any], paint: Paint = plain,
                    cols: int = MIN_COLS, rows: int = MIN_ROWS, extra: list[Any] | None = None) -> list[str]:
    """The lines of :func:`decision` (see there)."""
    return decision(state, actions, paint, cols, rows, extra).lines


def decision(state: Any, actions: list[Any], paint: Paint = plain, cols: int = MIN_COLS, rows: int = MIN_ROWS,
             extra: list[Any] | None = None, keep: int = 0) -> Screen:
    """Everything the player decides on, in at most ``rows - 1`` lines of ``cols`` columns
    (the line above it is left blank): the board, the status line and the numbered choices
    (the engine's ``actions``, then the two-step ``extra`` choices of
    :mod:`hollowcli.play.combos`).

    ``keep`` lines printed just before the screen (the last step's rulings) should stay
    on the terminal with it. The screen is made as roomy as that allows: everything;
    then the two-step choices left out from the last (a hint naming their numbers);
    then one line a choice with the attacks in a grid, the two-step choices back and
    left out again from the last. (The board gives up its objective line and foe lines
    first at every stage.) When even the tightest does not fit beside the ``keep``
    lines, the roomiest that fits alone is shown and the first of those lines scroll
    away. Only when the choices alone do not fit the terminal are the last ones left out
    too, named by the hint (:attr:`Screen.hidden`), so every number the prompt accepts is
    on the screen or named on it.
    """
    every = list(extra or [])
    first_extra = len(actions) + 1
    map_rows = max(5, rows // 2 - 3)  # 24 rows: a map of up to 9 rows is shown whole
    full_status = status_line(state, paint, cols)
    tries = [(brief, n) for brief in (False, True) for n in range(len(every), -1, -1)]  # (brief, two-step shown)
    fallback: Screen | None = None
    for brief, n in tries:
        status = [_fit(" ".join(x.strip() for x in full_status), cols)] if brief and len(full_status) > 1 else full_status
        blocks = view.choice_blocks(actions, paint, state, width=cols - 2, brief=brief)
        choices = [line for lines, _ in blocks for line in lines]
        more = combos.render(every[:n], first_extra, cols - 2) if n else []
        hidden = tuple(range(first_extra + n, first_extra + len(every)))
        lines = _assemble(state, paint, cols, rows - keep, map_rows, status, choices, more, hidden, first_extra)
        if len(lines) <= rows - 1 - keep:
            return Screen(lines, hidden)
        if fallback is None and len(lines) <= rows - 1:
            fallback = Screen(lines, hidden)  # the roomiest screen that fits without the rulings
    if fallback is not None:
        return fallback
    # The choices alone are taller than the terminal: the first blocks that fit, the rest named.
    status = [_fit(" ".join(x.strip() for x in full_status), cols)]
    blocks = view.choice_blocks(actions, paint, state, width=cols - 2, brief=True)
    for keep_blocks in range(len(blocks) - 1, -1, -1):
        choices = [line for lines, _ in blocks[:keep_blocks] for line in lines]
        cut = [n for _, numbers in blocks[keep_blocks:] for n in numbers]
        hidden = tuple(sorted([*cut, *range(first_extra, first_extra + len(every))]))
        lines = _assemble(state, paint, cols, rows, map_rows, status, choices, [], hidden, first_extra)
        if len(lines) <= rows - 1:
            break
    return Screen(lines[-(rows - 1):], hidden)


def _assemble(state: Any, paint: Paint, cols: int, rows: int, map_rows: int, status: list[str],
              choices: list[str], more: list[str], hidden: tuple[int, ...], first_extra: int) -> list[str]:
    """Board, blank line (when it fits), status, choices, two-step choices and the hint that
    names the left-out numbers, in at most ``rows - 1`` lines if the board can shrink so."""
    choices = [*choices, *more]
    if hidden:
        tail = f"   ({spans(hidden)}: type 'choices')"
        if choices and len(view._strip(choices[-1])) + len(tail) <= cols - 2:
            choices[-1] += tail
        else:
            count = len(hidden)
            kind = " two-step" if hidden[0] >= first_extra else ""
            choices.append(f" {spans(hidden)}: {plural(count, f'more{kind} choice')} ('choices' lists them)")
    room = rows - 1 - len(choices) - len(status) - 1  # the blank line between board and status
    board = board_lines(state, paint, cols, room, map_rows)
    gap = [""] if len(board) + len(status) + len(choices) + 1 <= rows - 1 else []
    return [*board, *gap, *status, *choices]


def spans(numbers: tuple[int, ...] | list[int]) -> str:
    """``19-23`` or ``12, 19-23``: choice numbers as ranges."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)
