"""The text view of a game: map with coordinates and a symbol key, statuses, track, events.

Every function returns plain text (lines); colour is added by the caller through a
``paint(text, role)`` function, so the same view serves a terminal, a pipe and the golden
transcripts. Nothing here decides a rule: it only reads the engine's state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hollowcli.engine.actions import KINDS
from hollowcli.engine.growth import fear_limit
from hollowcli.engine.objectives import rule_of
from hollowcli.engine.vocab import Act, EventKind
from hollowcli.names import plural

#: ``paint(text, role)`` -> text, possibly coloured; roles: legend, foe, wall, spawn,
#: feature, title, current, good, bad, dim.
Paint = Callable[[str, str], str]

CELL = 4  # characters per location on the map


def plain(text: str, role: str) -> str:
    """The paint function that adds no colour."""
    return text


# --------------------------------------------------------------------------- symbols


def legend_symbols(state: Any) -> dict[str, str]:
    """Two-letter initials for each Legend (first and last name), made unique; allies get
    theirs in lower case (``tb`` for Tobias Brom), so a hero that is not a Legend stands out."""
    out: dict[str, str] = {}
    heroes = [(lg.id, state.pack.legends[lg.id].name, False) for lg in state.legends]
    heroes += [(al.id, state.pack.allies[al.id].name, True) for al in getattr(state, "allies", ())]
    for hid, hname, ally in heroes:
        words = hname.split() or [hid]
        sym = (words[0][0] + words[-1][0]).upper() if len(words) > 1 else words[0][:2].upper()
        if ally:
            sym = sym.lower()
        if sym in out.values():
            sym = (words[0][:2]).upper()
        n = 1
        base = sym
        while sym in out.values():
            sym = f"{base[0]}{n}"
            n += 1
        out[hid] = sym
    return out


def class_letters(state: Any) -> dict[str, str]:
    """One capital letter per foe kind, by its class (``boss`` -> B, ``gobkin`` -> G ...),
    keyed by the kind's id (see :func:`hollowcli.engine.standees.letters`)."""
    from hollowcli.engine.standees import letters

    return letters(state)


def token_letters(state: Any) -> dict[str, str]:
    """One capital letter per token kind on the board, from its name (``*M`` Magic ward),
    made unique (a later kind takes the next letter of its name not taken)."""
    out: dict[str, str] = {}
    script = state.script
    for t in script.tokens if script is not None else ():
        if t.kind in out or not t.loc:
            continue
        k = state.pack.tokens.get(t.kind)
        name = (k.name if k is not None else t.kind).upper()
        out[t.kind] = next((ch for ch in name if ch.isalpha() and ch not in out.values()), "?")
    return out


def token_mark(c: Any, letters: dict[str, str]) -> str:
    """``*M``: the first token on a map cell ('' for none)."""
    return f"*{letters.get(c.tokens[0], '?')}" if getattr(c, "tokens", ()) else ""


def foe_symbol(state: Any, foe: Any, letters: dict[str, str] | None = None) -> str:
    """``G3``: the foe's letter and its standee number within its kind (``B`` alone for a
    kind with one miniature, the Headless Horseman)."""
    from hollowcli.engine.standees import numbered

    letter = (letters or class_letters(state)).get(foe.foe, "?")
    return f"{letter}{foe.standee}" if numbered(state.pack, foe.foe) else letter


# --------------------------------------------------------------------------- the map


def render_map(state: Any, paint: Paint = plain) -> list[str]:
    """The chapter map with column letters on top, row numbers at the left, figures on it,
    and walls drawn between locations (``|`` beside, ``----`` below)."""
    from hollowcli.engine import map_cells
    from hollowcli.engine.geometry import column_letters

    rows = map_cells(state)
    lsym = legend_symbols(state)
    letters = class_letters(state)
    tletters = token_letters(state)
    foe_by_number = {f.number: f for f in state.foes}

    def cell(c: Any) -> str:
        if not c.open:
            return paint(" ## ", "wall")
        figures = [(lsym[lid], "legend") for lid in c.legends]
        figures += [(lsym[aid], "legend") for aid in c.allies]
        figures += [(foe_symbol(state, foe_by_number[n], letters), "foe") for n in c.foes]
        if figures:
            sym, role = figures[0]
            text = sym + ("+" if len(figures) > 1 else "")
            return paint(f" {text:<3}" if len(text) <= 3 else text[:CELL], role)
        mark = token_mark(c, tletters)
        if mark:  # a token (with the spawn point under it, if any)
            return paint(f" {(mark + (str(c.spawn) if c.spawn is not None else ''))[:3]:<3}", "feature")
        if c.spawn is not None:
            return paint(f"[{c.spawn}] ", "bad") if c.locked else paint(f" {c.spawn}  ", "spawn")
        if c.traps:
            return paint(" ^  ", "feature")
        if c.feature:
            return paint(f" {c.char.lower()}  ", "feature")
        return paint(" .  ", "dim")

    width = max((len(r) for r in rows), default=0)
    label_w = len(str(len(rows))) + 1
    lines = [(" " * label_w + "".join(f" {column_letters(i):<{CELL}}" for i in range(width))).rstrip()]
    for r, row in enumerate(rows):
        line = f"{r + 1:>{label_w - 1}} "
        under = " " * label_w
        has_under = False
        for i, c in enumerate(row):
            sep, piece, wall_below = wall_edges(rows, r, i, CELL, paint)
            line += cell(c) + sep
            under += piece
            has_under = has_under or wall_below
        lines.append(line.rstrip())
        if has_under:
            lines.append(under.rstrip())
    return lines


def wall_edges(rows: list[list[Any]], r: int, i: int, width: int, paint: Paint) -> tuple[str, str, bool]:
    """What follows map cell ``rows[r][i]`` drawn ``width`` wide: the separator to its right
    (``|`` for a wall), its piece of the line underneath (``-`` under a wall below) and
    whether that piece is a wall (the line underneath is printed only when one is)."""
    c, row = rows[r][i], rows[r]
    right = row[i + 1].name if i + 1 < len(row) else None
    below = rows[r + 1][i].name if r + 1 < len(rows) and i < len(rows[r + 1]) else None
    sep = paint("|", "wall") if right is not None and right in c.walls else " "
    if below is not None and below in c.walls:
        return sep, paint("-" * width, "wall") + " ", True
    return sep, " " * (width + 1), False


def render_key(state: Any) -> list[str]:
    """The symbol key for the map of this state."""
    chapter = state.chapter_def
    lsym = legend_symbols(state)
    letters = class_letters(state)
    parts = [f"{lsym[lg.id]} {state.legend_name(lg.id)}" for lg in state.legends]
    parts += [f"{lsym[al.id]} {state.legend_name(al.id)} (ally)" for al in state.allies]
    from hollowcli.engine.standees import numbered

    kinds = {f.foe for f in state.foes}
    parts += [f"{letters[k]}n {state.pack.foes[k].name} n" if numbered(state.pack, k) else f"{letters[k]} {state.pack.foes[k].name}"
              for k in letters if k in kinds]
    parts.append("+ more figures here (see the lists)")
    points = sorted(state.board.spawn_points)
    spots = []
    if points:
        span = str(points[0]) if len(points) == 1 else f"{points[0]}-{points[-1]}"
        spots += [f"{span} spawn point", "[n] barricaded spawn point"]
    spots += ["## no location", "| and ---- walls"]
    if state.traps:
        spots.append("^ trap")
    tletters = token_letters(state)
    for kind_id, letter in tletters.items():
        k = state.pack.tokens.get(kind_id)
        spots.append(f"*{letter} {k.name if k is not None else kind_id}")
    feats = []
    for ch, kind in chapter.features.items():
        name = chapter.feature_names.get(ch)
        feats.append(f"{ch.lower()} {name} ({kind})" if name else f"{ch.lower()} {kind}")
    return wrap_items("Key: ", parts + spots + feats, indent="     ")


def wrap_items(lead: str, items: list[str], width: int = 78, indent: str = "", sep: str = ",") -> list[str]:
    """``lead`` and the comma-separated ``items``, wrapped between items where possible, so a
    key entry such as ``Sn Schrickroot #n`` stays on one line."""
    lines: list[str] = []
    line = lead
    for n, item in enumerate(items):
        piece = item + (sep if n < len(items) - 1 else "")
        if line.strip() and len(line) + 1 + len(piece) > width and line not in (lead, indent):
            lines.append(line.rstrip())
            line = indent
        line += ("" if line in (lead, indent) else " ") + piece
    lines.append(line.rstrip())
    return [out for chunk in lines for out in (wrap(chunk, width, indent) if len(chunk) > width else [chunk])]


def wrap(text: str, width: int = 78, indent: str = "") -> list[str]:
    """``text`` wrapped to ``width`` columns, continuation lines indented."""
    import textwrap

    return textwrap.wrap(text, width=width, subsequent_indent=indent, break_on_hyphens=False) or [""]


def short(text: str, n: int = 40) -> str:
    """What the player typed, quoted back in a hint: printable, at most ``n`` characters."""
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= n else text[: n - 1] + "…"


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop (unless it ends with one)."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def span(n: int, sep: str = "-") -> str:
    """``1`` or ``1-n`` (``1 to n``): the range of choice numbers."""
    return "1" if n == 1 else f"1{sep}{n}"


#: How a ruling is coloured on screen, by the kind of its event (not here: plain). The
#: game's end is coloured by its result (:func:`tone`).
TONE: Mapping[EventKind, str] = {EventKind.FALL: "bad", EventKind.ALLY_FALLS: "bad"}


def tone(ev: Any) -> str:
    """The colour role of an event's ruling: "good", "bad" or "" (plain)."""
    if ev.kind == EventKind.GAME_OVER:
        return "good" if ev.numbers.get("result") == "won" else "bad"
    return TONE.get(ev.kind, "")


# --------------------------------------------------------------------------- statuses


def _item_name(state: Any, item_id: str | None) -> str:
    if not item_id:
        return "-"
    item = state.pack.items.get(item_id)
    return item.name if item else item_id


def render_legends(state: Any, paint: Paint = plain, width: int = 78) -> list[str]:
    """One line per Legend: where, health, fear, tokens, relic and inventory.

    The relic and items are wrapped in their own column, so no line is wider than ``width``.
    """
    import textwrap

    lsym = legend_symbols(state)
    turn = getattr(state.turn, "legend", None)
    cols = f"{'':<24} {'at':<4} {'health':<7} {'fear':<6} {'tokens':<10} relic / items"
    lines = [paint("Legends", "title") + cols[len("Legends"):]]
    for lg in state.legends:
        d = state.pack.legends[lg.id]
        total = lg.ready + lg.spent
        mark = ">" if lg.id == turn else ("v" if lg.activated else " ")
        items = ", ".join(_item_name(state, i) for i in lg.inventory)
        gear = _item_name(state, lg.relic) + (f" / {items}" if items else "")
        health = f"{lg.health}/{d.health}"
        limit = fear_limit(state.pack, lg.id)
        fear = f"{lg.fear}/{limit}"
        tokens = f"{lg.ready}/{total} ready"
        if state.pack.rules.fear_tokens == "pool" and lg.fear > lg.fear_spent:
            tokens += f" +{lg.fear - lg.fear_spent} fear"  # fear tokens in the preparation space
        head = f"{mark}{lsym[lg.id]:<3}{d.name:<20} {lg.loc:<4} {health:<7} {fear:<6} {tokens}  "
        parts = textwrap.wrap(gear, width=max(16, width - len(head)), break_on_hyphens=False) or [""]
        rows = [head + parts[0]] + [" " * len(head) + more for more in parts[1:]]
        for line in rows:
            if lg.health <= 0 or lg.fear >= limit:
                line = paint(line, "bad")  # this Legend loses the chapter at the end of the round
            elif lg.id == turn:
                line = paint(line, "legend")
            lines.append(line)
    for al in state.allies:
        d = state.pack.allies[al.id]
        mark = ">" if al.id == turn else ("v" if al.activated else " ")
        atk = d.basic_attack
        can = f"attack {plural(atk.dice, 'die', 'dice')} +{atk.direct}, range {atk.range}" if atk else "cannot attack"
        health = f"{al.health}/{d.health}"
        line = f"{mark}{lsym[al.id]:<3}{d.name[:20]:<20} {al.loc:<4} {health:<7} ally: moves {d.move}, {can}"
        lines.append(paint(line, "legend") if al.id == turn else line)
    lines.append("  (> activating now, v already activated this round)")
    return lines


def render_foes(state: Any, paint: Paint = plain) -> list[str]:
    """One line per foe on the board, in activation order."""
    if not state.foes:
        return [paint("Foes", "title") + ": none on the board"]
    letters = class_letters(state)
    order = {c: i for i, c in enumerate(state.pack.rules.activation_order)}
    foes = sorted(state.foes, key=lambda f: (order.get(state.pack.foes[f.foe].cls, 99), f.number))
    namew = max([19] + [len(state.foe_name(f)) for f in foes])
    cols = f"{'':<{namew + 5}} {'at':<4} {'health':<7} {'defense':<8} {'move':<5} attack"
    lines = [paint("Foes", "title") + cols[len("Foes"):]]
    for f in foes:
        d = state.foe_def(f.foe)  # with the script's boosts
        atk = d.attack
        attack = f"{plural(atk.dice, 'die', 'dice')} +{atk.direct}, range {atk.range}"
        sym = foe_symbol(state, f, letters)
        health = f"{f.health}/{d.health}"
        lines.append(
            f" {sym:<4}{state.foe_name(f):<{namew}} {f.loc:<4} {health:<7} {d.defense:<8} {d.move:<5} {attack}"
        )
    return lines


def spot_text(spot: Any) -> str:
    """``move, attack + card`` for one track spot."""
    text = ", ".join(spot.actions)
    if spot.card:
        text += " + card"
    return text


def render_track(state: Any, paint: Paint = plain, width: int = 78) -> list[str]:
    """The storybook track with the spot the next adversary phase resolves marked."""
    chapter = state.chapter_def
    spots = []
    for i, spot in enumerate(chapter.track):
        text = f"{i + 1}:{spot_text(spot)}"
        spots.append(paint(f">>{text}<<", "current") if i == state.track_pos else text)
    end = "then loops" if chapter.track_end == "loop" else "then stays on the last spot"
    lines: list[str] = []
    line = "Track: "
    for s in spots:
        piece = s + " | "
        if len(_strip(line)) + len(_strip(piece)) > width and line.strip():
            lines.append(line.rstrip())
            line = "       "
        line += piece
    lines.append(line.rstrip(" |") + f"  ({end}; >>next<<)")
    return lines


def _strip(text: str) -> str:
    """Text without ANSI colour codes (for measuring)."""
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def objective_text(state: Any) -> str:
    """The objective in play (an event may have replaced the chapter's) and how far along it is."""
    rule, obj = rule_of(state)
    return rule.status(state, obj)


def render_board(state: Any, paint: Paint = plain, with_key: bool = True) -> list[str]:
    """The whole picture: title, objective, map (and key), track, Legends, foes."""
    chapter = state.chapter_def
    phase = {"legends": "Legend phase", "adversary": "adversary phase", "over": "game over"}.get(state.phase, state.phase)
    lines = [paint(f"== {chapter.name} (chapter {chapter.number}) - round {state.round}, {phase} ==", "title")]
    lines += wrap(objective_text(state), indent="  ")
    lines.append("")
    lines += render_map(state, paint)
    if with_key:
        lines += render_key(state)
    lines.append("")
    lines += render_track(state, paint)
    lines += _spawn_and_cards(state)
    for text in (tokens_text(state), flags_text(state)):
        if text:
            lines += wrap(text, indent="    ")
    lines.append("")
    lines += render_legends(state, paint)
    lines += render_foes(state, paint)
    return lines


def token_words(state: Any, t: Any) -> str:
    """``Magic ward on D4``, ``Tombstone on C3 (health 2/3)``, ``Skill lock on Long Shot``."""
    k = state.pack.tokens.get(t.kind)
    name = k.name if k is not None else t.kind
    if t.skill:
        skill = state.pack.skills.get(t.skill)
        return f"{name} on {skill.name if skill is not None else t.skill}"
    health = f" (health {t.health}/{k.health})" if k is not None and k.health else ""
    return f"{name} on {t.loc}{health}"


def tokens_text(state: Any) -> str:
    """``Tokens: Magic ward on D4, Tombstone on C3 (health 2/3)``: the chapter's tokens on
    the board and on skills; '' when there are none."""
    script = state.script
    if script is None or not script.tokens:
        return ""
    return "Tokens: " + ", ".join(token_words(state, t) for t in script.tokens)


def flags_text(state: Any) -> str:
    """``Flags: jar-found 1, stones 2``: the flags and counters the chapter's script has
    set (a flag is a counter above 0); '' when it has set none."""
    script = state.script
    if script is None or not script.counters:
        return ""
    return "Flags: " + ", ".join(f"{name} {n}" for name, n in script.counters)


def _spawn_and_cards(state: Any) -> list[str]:
    from hollowcli.engine.core import foes_phrase

    chapter = state.chapter_def
    parts = []
    if chapter.spawn_list:
        entry = chapter.spawn_list[state.spawn_pos % len(chapter.spawn_list)]
        groups = ", ".join(foes_phrase(state, g.foe, g.count) for g in entry)
        parts.append(f"Next spawn: {groups}")
    if state.barricades:
        parts.append("barricades on " + ", ".join(str(b) for b in sorted(state.barricades)))
    if chapter.cards:
        parts.append(f"chapter cards: {len(state.pile) + len(state.discard)}")
    return wrap_items("", parts, indent="  ", sep=";") if parts else []


# --------------------------------------------------------------------------- choices and events


def render_choices(actions: list[Any], paint: Paint = plain, state: Any = None, width: int = 78,
                   brief: bool = False) -> list[str]:
    """The numbered legal choices with their typed shortcut, at most ``width`` columns
    (the lines of :func:`choice_blocks`)."""
    return [line for lines, _numbers in choice_blocks(actions, paint, state, width, brief) for line in lines]


def choice_blocks(actions: list[Any], paint: Paint = plain, state: Any = None, width: int = 78,
                  brief: bool = False) -> list[tuple[list[str], tuple[int, ...]]]:
    """The numbered legal choices as blocks of lines, each with the choice numbers it shows
    (so a screen that keeps only the first blocks knows which numbers it left out).

    Moves are many and alike, so they are gathered into one compact block of numbered
    destinations (``4 E4``) under a header; every other choice gets a line of its own, so
    the real decisions stand out. Numbers follow the engine's order, so the number typed
    is always the index in ``actions``. With ``state``: the leave roll every move costs is
    said once, a destination whose walk costs more is marked with its dice (``E4!2``),
    gifts get one row per item, and who may activate is an aligned table. ``brief`` (a
    crowded screen): one line a choice, and attacks gathered like the moves, one row per
    way of attacking with a cell per target (``9 G1``).
    """
    blocks: list[tuple[list[str], tuple[int, ...]]] = []
    numw = len(str(len(actions)))
    if state is not None and actions and all(a.kind == Act.ACTIVATE for a in actions):
        table = _activate_table(actions, numw, state)
        if max(len(row) for row in table) <= width:  # else the plain wrapped lines below
            return [([row[: row.rindex("[")] + paint(row[row.rindex("["):], "dim")], (n,)) for n, row in enumerate(table, 1)]
    moves = [(i, a) for i, a in enumerate(actions, 1) if a.kind == Act.MOVE]
    gives = [(i, a) for i, a in enumerate(actions, 1) if a.kind == Act.GIVE] if state is not None else []
    grids: dict[int, tuple[list[str], tuple[int, ...]]] = {}  # first number -> the grid block there
    gridded: set[int] = set()
    if state is not None and brief:  # attacks and uses as grids, where that takes fewer lines
        attacks = [(i, a) for i, a in enumerate(actions, 1) if a.kind == Act.ATTACK]
        uses = [(i, a) for i, a in enumerate(actions, 1) if a.kind == Act.USE and a.recipient is not None]
        for group, grid in ((attacks, _attack_block), (uses, _use_block)):
            if len(group) < 2:
                continue
            lines = grid(group, numw, state, width)
            singles = sum(len(b) for b, _ in _single_blocks(group, numw, paint, width))
            if len(lines) < singles:
                grids[group[0][0]] = (lines, tuple(n for n, _ in group))
                gridded.update(n for n, _ in group)
    for i, a in enumerate(actions, 1):
        if a.kind == Act.MOVE:
            if moves and i == moves[0][0]:
                blocks.append((_move_block(moves, numw, paint, state, width, brief), tuple(n for n, _ in moves)))
            continue
        if gives and a.kind == Act.GIVE:
            if i == gives[0][0]:
                blocks.append((_give_block(gives, numw, paint, state, width), tuple(n for n, _ in gives)))
            continue
        if grids.get(i):
            blocks.append(grids[i])
        if i in gridded:
            continue
        if brief:
            blocks += _single_blocks([(i, a)], numw, paint, width)
            continue
        shortcut = f"[{a.command}]" if a.command else ""
        blocks.append((_choice_lines(f" {i:>{numw}}. ", a.label, shortcut, paint, width), (i,)))
    return blocks


def _single_blocks(items: list[tuple[int, Any]], numw: int, paint: Paint, width: int) -> list[tuple[list[str], tuple[int, ...]]]:
    """Choices of a crowded screen, one line each: the typed shortcut left out when it would not fit."""
    out: list[tuple[list[str], tuple[int, ...]]] = []
    for i, a in items:
        shortcut = f"[{a.command}]" if a.command else ""
        lead = f" {i:>{numw}}. "
        full = lead + a.label + (f"  {shortcut}" if shortcut else "")
        if len(full) <= width:
            out.append((_choice_lines(lead, a.label, shortcut, paint, width), (i,)))
        else:
            out.append(([(lead + a.label)[: width - 1] + ("…" if len(lead + a.label) >= width else "")], (i,)))
    return out


def _attack_block(attacks: list[tuple[int, Any]], numw: int, state: Any, width: int) -> list[str]:
    """The attacks of a crowded screen: one row per way of attacking (the basic attack, each
    skill or item), a ``number target`` cell per foe (its map symbol) or place (area attacks)."""
    from hollowcli.engine.actions import attack_how

    first = attacks[0][1]
    lines = wrap(f" Attack (dice, +direct; type its number, or '{first.command}'):", width, "   ")
    rows: dict[tuple[Any, Any], list[str]] = {}
    hows: dict[tuple[Any, Any], str] = {}
    letters = class_letters(state)
    for i, a in attacks:
        key = (a.source or "basic", a.source_id)
        how = attack_how(state, a).strip().replace(" direct", "")  # a grid row's head: 'Long Shot (2 dice, +1, 1 token)'
        hows.setdefault(key, how.removeprefix("with ") if a.source not in (None, "basic") else "basic " + how)
        target = a.at if a.at is not None else foe_symbol(state, state.foe(a.target), letters)
        rows.setdefault(key, []).append(f"{i:>{numw}} {target}")
    for key, cells in rows.items():
        lines += cell_row(f"   {hows[key]}:", cells, width)
    return lines


def cell_row(head: str, cells: list[str], width: int, indent: str = "      ", gap: str = "  ") -> list[str]:
    """``head`` and its numbered cells (``12 Matthias``), wrapped at ``width`` between
    cells, never inside one (a number is never parted from what it stands for)."""
    glue = "\x00"
    text = head + gap + "  ".join(c.replace(" ", glue) for c in cells)
    return [line.replace(glue, " ") for line in wrap(text, width, indent)]


def _use_block(uses: list[tuple[int, Any]], numw: int, state: Any, width: int) -> list[str]:
    """The restoring uses of a crowded screen: one row per item or skill, a ``number name``
    cell per Legend it can be used on."""
    from hollowcli.engine.actions import use_what

    lines = wrap(" Use (uses the action; type its number, or 'use ITEM on NAME'):", width, "   ")
    rows: dict[str | None, list[str]] = {}
    heads: dict[str | None, str] = {}
    for i, a in uses:
        name, what = use_what(state, a)
        heads.setdefault(a.source_id, f"{name} ({what}) on")
        rows.setdefault(a.source_id, []).append(f"{i:>{numw}} {state.legend_name(a.recipient)}")
    for key, cells in rows.items():
        lines += cell_row(f"   {heads[key]}", cells, width)
    return lines


def _activate_table(actions: list[Any], numw: int, state: Any) -> list[str]:
    """Who may activate, as an aligned table: where, health, fear and tokens ready."""
    rows = []
    for a in actions:
        if state.is_ally(a.legend):
            al = state.ally(a.legend)
            d = state.pack.allies[al.id]
            rows.append((state.legend_name(al.id), f"at {al.loc}", f"health {al.health}/{d.health}", "ally",
                         "moves" + (" + attacks" if d.basic_attack else ""), a.command))
            continue
        lg = state.legend(a.legend)
        d = state.pack.legends[lg.id]
        rows.append((state.legend_name(lg.id), f"at {lg.loc}", f"health {lg.health}/{d.health}", f"fear {lg.fear}",
                     f"tokens {lg.ready}/{lg.ready + lg.spent}", a.command))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = []
    for n, row in enumerate(rows, 1):
        cells = "  ".join(f"{c:<{w}}" for c, w in zip(row[:5], widths))
        lines.append(f" {n:>{numw}}. {cells}  [{row[5]}]")
    return lines


def _give_block(gives: list[tuple[int, Any]], numw: int, paint: Paint, state: Any, width: int) -> list[str]:
    """Gifts as one row per thing given: ``Silver Locket to  13 Matthias  14 Elijah``."""
    lines = [f" Give (uses the action; type its number, or '{KINDS[Act.GIVE].summary}'):"]
    rows: dict[str, list[str]] = {}
    for i, a in gives:
        item = state.pack.items.get(a.item)
        name = item.name if item else str(a.item)
        rows.setdefault(name, []).append(f"{i:>{numw}} {state.legend_name(a.recipient)}")
    namew = max(len(n) for n in rows) + 5
    for name, cells in rows.items():
        lines += wrap(f"   {name + ' to':<{namew}}" + "  ".join(cells), width, " " * (namew + 3))
    return lines


def _choice_lines(lead: str, label: str, shortcut: str, paint: Paint, width: int) -> list[str]:
    """One numbered choice, wrapped under its text, the shortcut dimmed at the end."""
    import textwrap

    glue = "\x00"  # the shortcut is never split across lines
    text = label + ("  " + shortcut.replace(" ", glue) if shortcut else "")
    body = textwrap.wrap(text, width=width - len(lead), break_on_hyphens=False, break_long_words=False) or [""]
    out = [(lead if n == 0 else " " * len(lead)) + chunk.replace(glue, " ") for n, chunk in enumerate(body)]
    if shortcut and out[-1].endswith(shortcut):
        out[-1] = out[-1][: -len(shortcut)] + paint(shortcut, "dim")
    return out


def _leave_dice(state: Any, action: Any) -> int:
    """Leave-roll dice the walk of a move action costs (one per foe in each location left)."""
    if state is None or not action.path:
        return 0
    return sum(len(state.foes_at(loc)) for loc in action.path[:-1])


def _move_block(moves: list[tuple[int, Any]], numw: int, paint: Paint, state: Any, width: int,
                brief: bool = False) -> list[str]:
    """The move choices as a header and wrapped rows of ``number destination`` cells."""
    costs = {a.to: _leave_dice(state, a) for _, a in moves}
    base = min(costs.values(), default=0)  # what leaving the Legend's own location costs
    steps = max((len(a.path) - 1 for _, a in moves), default=0)
    head = f" Move (up to {plural(steps, 'step')}; type its number or '{moves[0][1].command}'):"
    lines = wrap(head, width, "   ")
    notes = []
    if base:
        notes.append(f"every move leaves foes: a leave roll of {plural(base, 'die', 'dice')}")
    if any(c > base for c in costs.values()):
        notes.append("!N after a place: its walk leaves foes, a leave roll of N dice" + (" in all" if base else ""))
    if notes and not brief:  # brief (a crowded screen): the !N marks stay, 'help' explains them
        lines += wrap("   (" + "; ".join(notes) + ")", width, "    ")
    cells = []
    for i, a in moves:
        mark = f"!{costs[a.to]}" if costs[a.to] > base else ""
        cells.append(f"{i:>{numw}} {a.to}{mark}")
    cellw = max(len(c) for c in cells) + 2
    per_row = max(1, (width - 3) // cellw)
    for r in range(0, len(cells), per_row):
        lines.append("   " + "".join(f"{c:<{cellw}}" for c in cells[r : r + per_row]).rstrip())
    return lines


_PHASE_TITLE = {"legends": "Legend phase", "adversary": "Adversary phase", "end": "End of round", "over": "Game over"}


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def render_events(events: Iterable[Any], explain: bool = False, paint: Paint = plain, last: tuple[int, str] | None = None,
                  legend_headers: bool = False) -> tuple[list[str], tuple[int, str] | None]:
    """Events as lines, one ruling each, with a header whenever round or phase changes.

    ``last`` is the (round, phase) printed before, so headers are not repeated across
    calls; the new value is returned. Legend-phase headers are left out while playing
    (the board's title says it) unless ``legend_headers`` (the ``log`` command).
    """
    lines: list[str] = []
    for ev in events:
        key = (ev.round, ev.phase)
        if key != last and (legend_headers or ev.phase != "legends"):
            lines.append(paint(f"-- {_PHASE_TITLE.get(ev.phase, ev.phase)}, round {ev.round} --", "title"))
        last = key
        if ev.kind == EventKind.EVENT:  # a chapter event: a heading, and its own text whether or not explained
            lines += [paint(t, "title") for t in wrap(f"  >> {_upper(ev.reason)}", indent="     ")]
            lines += wrap(f"     {ev.detail}", indent="     ") if ev.detail else []
            continue
        role = tone(ev)
        for text in wrap(f"  * {ev.reason or ev.kind}", indent="    "):
            lines.append(paint(text, role) if role else text)
        if explain and ev.detail:
            for dl in str(ev.detail).splitlines():
                lines += [paint(t, "dim") for t in wrap(f"      {dl}", indent="        ")]
    return lines, last
