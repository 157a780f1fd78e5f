"""The text view of a game: map with coordinates and a symbol key, statuses, track, events.

Every function returns plain text (lines); colour is added by the caller through a
``paint(text, role)`` function, so the same view serves a terminal, a pipe and the golden
transcripts. Nothing here decides a rule: it only reads the engine's state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

#: ``paint(text, role)`` -> text, possibly coloured; roles: legend, foe, wall, spawn,
#: feature, title, current, good, bad, dim.
Paint = Callable[[str, str], str]

CELL = 4  # characters per location on the map


def plain(text: str, role: str) -> str:
    """The paint function that adds no colour."""
    return text


# --------------------------------------------------------------------------- symbols


def legend_symbols(state: Any) -> dict[str, str]:
    """Two-letter initials for each Legend (first and last name), made unique."""
    out: dict[str, str] = {}
    for lg in state.legends:
        words = state.pack.legends[lg.id].name.split() or [lg.id]
        sym = (words[0][0] + words[-1][0]).upper() if len(words) > 1 else words[0][:2].upper()
        if sym in out.values():
            sym = (words[0][:2]).upper()
        n = 1
        base = sym
        while sym in out.values():
            sym = f"{base[0]}{n}"
            n += 1
        out[lg.id] = sym
    return out


def class_letters(state: Any) -> dict[str, str]:
    """One capital letter per foe class (``boss`` -> B, ``gobkin`` -> G ...)."""
    out: dict[str, str] = {}
    classes = list(state.pack.rules.activation_order) + sorted({f.cls for f in state.pack.foes.values()})
    for cls in dict.fromkeys(classes):
        letter = cls[:1].upper() or "?"
        if letter in out.values():
            letter = next((ch.upper() for ch in cls[1:] if ch.upper() not in out.values()), "?")
        out[cls] = letter
    return out


def foe_symbol(state: Any, foe: Any, letters: dict[str, str] | None = None) -> str:
    """``G3``: the foe's class letter and its number in this game."""
    letters = letters or class_letters(state)
    return f"{letters.get(state.pack.foes[foe.foe].cls, '?')}{foe.number}"


# --------------------------------------------------------------------------- the map


def render_map(state: Any, paint: Paint = plain) -> list[str]:
    """The chapter map with column letters on top, row numbers at the left, figures on it,
    and walls drawn between locations (``|`` beside, ``----`` below)."""
    from hollowcli.engine import map_cells
    from hollowcli.engine.geometry import column_letters

    rows = map_cells(state)
    lsym = legend_symbols(state)
    letters = class_letters(state)
    foe_by_number = {f.number: f for f in state.foes}

    def cell(c: Any) -> str:
        if not c.open:
            return paint(" ## ", "wall")
        figures = [(lsym[lid], "legend") for lid in c.legends]
        figures += [(foe_symbol(state, foe_by_number[n], letters), "foe") for n in c.foes]
        if figures:
            sym, role = figures[0]
            text = sym + ("+" if len(figures) > 1 else "")
            return paint(f" {text:<3}" if len(text) <= 3 else text[:CELL], role)
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
            line += cell(c)
            right = row[i + 1].name if i + 1 < len(row) else None
            below = rows[r + 1][i].name if r + 1 < len(rows) and i < len(rows[r + 1]) else None
            if right is not None:
                line += paint("|", "wall") if right in c.walls else " "
            if below is not None and below in c.walls:
                under += paint("-" * CELL, "wall") + " "
                has_under = True
            else:
                under += " " * (CELL + 1)
        lines.append(line.rstrip())
        if has_under:
            lines.append(under.rstrip())
    return lines


def render_key(state: Any) -> list[str]:
    """The symbol key for the map of this state."""
    chapter = state.chapter_def
    lsym = legend_symbols(state)
    letters = class_letters(state)
    parts = [f"{lsym[lg.id]} {state.legend_name(lg.id)}" for lg in state.legends]
    names: dict[str, str] = {}
    for f in state.foes:
        names.setdefault(state.pack.foes[f.foe].cls, state.pack.foes[f.foe].name)
    parts += [f"{letters[c]}n {names[c]} #n" for c in letters if c in names]
    parts.append("+ more figures here (see the lists)")
    spots = ["1-6 spawn point", "[n] barricaded spawn point", "## no location", "| and ---- walls"]
    if state.traps:
        spots.append("^ trap")
    feats = []
    for ch, kind in chapter.features.items():
        name = chapter.feature_names.get(ch)
        feats.append(f"{ch.lower()} {name} ({kind})" if name else f"{ch.lower()} {kind}")
    return wrap("Key: " + ", ".join(parts + spots + feats), indent="     ")


def wrap(text: str, width: int = 78, indent: str = "") -> list[str]:
    """``text`` wrapped to ``width`` columns, continuation lines indented."""
    import textwrap

    return textwrap.wrap(text, width=width, subsequent_indent=indent, break_on_hyphens=False) or [""]


# --------------------------------------------------------------------------- statuses


def _item_name(state: Any, item_id: str | None) -> str:
    if not item_id:
        return "-"
    item = state.pack.items.get(item_id)
    return item.name if item else item_id


def render_legends(state: Any, paint: Paint = plain) -> list[str]:
    """One line per Legend: where, health, fear, tokens, relic and inventory."""
    lsym = legend_symbols(state)
    limit = state.pack.rules.fear_limit
    turn = getattr(state.turn, "legend", None)
    lines = [paint("Legends", "title") + "                 at   health  fear   tokens  relic / items"]
    for lg in state.legends:
        d = state.pack.legends[lg.id]
        total = lg.ready + lg.spent
        mark = ">" if lg.id == turn else ("v" if lg.activated else " ")
        items = ", ".join(_item_name(state, i) for i in lg.inventory)
        gear = _item_name(state, lg.relic) + (f" / {items}" if items else "")
        health = f"{lg.health}/{d.health}"
        fear = f"{lg.fear}/{limit}"
        line = (
            f"{mark}{lsym[lg.id]:<3}{d.name:<20} {lg.loc:<4} {health:<7} {fear:<6} "
            f"{lg.ready}/{total} ready  {gear}"
        )
        if lg.health <= 0 or lg.fear >= limit:
            line = paint(line, "bad")  # this Legend loses the chapter at the end of the round
        elif lg.id == turn:
            line = paint(line, "legend")
        lines.append(line)
    lines.append("  (> activating now, v already activated this round)")
    return lines


def render_foes(state: Any, paint: Paint = plain) -> list[str]:
    """One line per foe on the board, in activation order."""
    if not state.foes:
        return [paint("Foes", "title") + ": none on the board"]
    letters = class_letters(state)
    order = {c: i for i, c in enumerate(state.pack.rules.activation_order)}
    foes = sorted(state.foes, key=lambda f: (order.get(state.pack.foes[f.foe].cls, 99), f.number))
    lines = [paint("Foes", "title") + "                    at   health  defense  move  attack"]
    for f in foes:
        d = state.pack.foes[f.foe]
        atk = d.attack
        attack = f"{atk.dice} {'die' if atk.dice == 1 else 'dice'} +{atk.direct}, range {atk.range}"
        sym = foe_symbol(state, f, letters)
        lines.append(
            f" {sym:<4}{state.foe_name(f):<19} {f.loc:<4} {f.health}/{d.health:<5} {d.defense:<8} {d.move:<5} {attack}"
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
    """The chapter's objective and how far along it is."""
    obj = state.chapter_def.objective
    pack = state.pack
    if obj.kind == "survive":
        return f"Objective: survive {obj.rounds} rounds (this is round {state.round})"
    limit = f" within {obj.rounds} rounds (this is round {state.round})" if obj.rounds else ""
    if obj.kind == "search":
        return f"Objective: search {obj.count} time(s){limit}; {state.search_count} done"
    foe = pack.foes[obj.foe].name if obj.foe and obj.foe in pack.foes else "foes"
    done = sum(1 for f in state.defeated if obj.foe is None or f == obj.foe)
    return f"Objective: defeat {obj.count} {foe}{limit}; {done} defeated"


def render_board(state: Any, paint: Paint = plain, with_key: bool = True) -> list[str]:
    """The whole picture: title, objective, map (and key), track, Legends, foes."""
    chapter = state.chapter_def
    phase = {"legends": "Legend phase", "adversary": "adversary phase", "over": "game over"}.get(state.phase, state.phase)
    lines = [paint(f"== {chapter.name} (chapter {chapter.number}) - round {state.round}, {phase} ==", "title")]
    lines.append(objective_text(state))
    lines.append("")
    lines += render_map(state, paint)
    if with_key:
        lines += render_key(state)
    lines.append("")
    lines += render_track(state, paint)
    lines += _spawn_and_cards(state)
    lines.append("")
    lines += render_legends(state, paint)
    lines += render_foes(state, paint)
    return lines


def _spawn_and_cards(state: Any) -> list[str]:
    chapter = state.chapter_def
    parts = []
    if chapter.spawn_list:
        entry = chapter.spawn_list[state.spawn_pos % len(chapter.spawn_list)]
        groups = ", ".join(f"{g.count} {state.pack.foes[g.foe].name}" for g in entry)
        parts.append(f"Next spawn: {groups}")
    if state.barricades:
        parts.append("barricades on " + ", ".join(str(b) for b in sorted(state.barricades)))
    if chapter.cards:
        parts.append(f"chapter cards: {len(state.pile) + len(state.discard)}")
    return ["; ".join(parts)] if parts else []


# --------------------------------------------------------------------------- choices and events


def render_choices(actions: list[Any], paint: Paint = plain) -> list[str]:
    """The numbered legal choices with their typed shortcut."""
    lines = []
    width = len(str(len(actions)))
    for i, a in enumerate(actions, 1):
        shortcut = f"  [{a.command}]" if a.command else ""
        lines.append(f" {i:>{width}}. {a.label}" + paint(shortcut, "dim"))
    return lines


_PHASE_TITLE = {"legends": "Legend phase", "adversary": "Adversary phase", "end": "End of round", "over": "Game over"}


def render_events(events: Iterable[Any], explain: bool = False, paint: Paint = plain, last: tuple[int, str] | None = None) -> tuple[list[str], tuple[int, str] | None]:
    """Events as lines, one ruling each, with a header whenever round or phase changes.

    ``last`` is the (round, phase) printed before, so headers are not repeated across
    calls; the new value is returned.
    """
    lines: list[str] = []
    for ev in events:
        key = (ev.round, ev.phase)
        if key != last and ev.phase != "legends":
            lines.append(paint(f"-- {_PHASE_TITLE.get(ev.phase, ev.phase)}, round {ev.round} --", "title"))
        last = key
        role = "bad" if ev.kind in ("lost", "defeat-legend") else ("good" if ev.kind == "won" else "")
        for text in wrap(f"  * {ev.reason or ev.kind}", indent="    "):
            lines.append(paint(text, role) if role else text)
        if explain and ev.detail:
            for dl in str(ev.detail).splitlines():
                lines += [paint(t, "dim") for t in wrap(f"      {dl}", indent="        ")]
    return lines, last
