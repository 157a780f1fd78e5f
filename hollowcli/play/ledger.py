"""What ``hollow assist`` says about the real board: how to set it up for a chapter, and the
ledger (round, track, next spawn, every figure with its health) on one 80x24 screen, each
also as data for ``--json``."""

from __future__ import annotations

from typing import Any

from hollowcli.engine import standees
from hollowcli.engine.growth import fear_limit
from hollowcli.names import plural
from hollowcli.play import view
from hollowcli.play.view import wrap

# ----------------------------------------------------------------------------- setup


def spawn_point_at(state: Any, loc: str) -> int | None:
    return next((p for p, where in state.board.spawn_points.items() if where == loc), None)


def _where(state: Any, loc: str) -> str:
    p = spawn_point_at(state, loc)
    return f"spawn point {p} ({loc})" if p is not None else loc


def setup_doc(state: Any) -> dict[str, Any]:
    """What to place where before round 1, as data (``--json``)."""
    ch = state.chapter_def
    return {
        "chapter": state.chapter,
        "name": ch.name,
        "number": ch.number,
        "legends": [{"id": lg.id, "name": state.pack.legends[lg.id].name, "loc": lg.loc} for lg in state.legends],
        "allies": [{"id": a.id, "name": state.pack.allies[a.id].name, "loc": a.loc} for a in state.allies],
        "foes": [{"number": f.standee, "foe": f.foe, "name": state.pack.foes[f.foe].name, "loc": f.loc,
                  "spawn_point": spawn_point_at(state, f.loc)} for f in state.foes],
        "spawn_points": {str(p): loc for p, loc in sorted(state.board.spawn_points.items())},
        "barricades": list(state.barricades),
        "storybook_spot": state.track_pos + 1,
        "cards": [{"id": c.id, "title": c.title, "copies": c.copies} for c in ch.cards if c.copies > 0],
        "tokens": _tokens_doc(state),
        "objective": view.objective_text(state).removeprefix("Objective: "),
    }


def _tokens_doc(state: Any) -> list[dict[str, Any]]:
    """The chapter's tokens on the board (and on skills), as data."""
    script = state.script
    return [] if script is None else [{"token": t.kind, "name": view.token_words(state, t).split(" on ")[0], "loc": t.loc or None,
                                       "skill": t.skill or None, "health": t.health or None} for t in script.tokens]


def setup_lines(state: Any) -> list[str]:
    """The set-up instructions: what to place where, the cards to shuffle, the objective."""
    doc = setup_doc(state)
    lines = [f"Set up the board for chapter {doc['number']}, {doc['name']}:"]
    by_loc: dict[str, list[str]] = {}
    for lg in doc["legends"]:
        by_loc.setdefault(lg["loc"], []).append(lg["name"])
    lines += wrap("  Legends: " + "; ".join(f"{', '.join(names)} on {loc}" for loc, names in by_loc.items()) + ".",
                  indent="    ", width=78)
    if doc["allies"]:
        lines += wrap("  Allies: " + ", ".join(f"{a['name']} on {a['loc']}" for a in doc["allies"]) + ".", indent="    ")
    if doc["foes"]:
        foes = [f"{state.foe_name(f)} on {_where(state, f.loc)}" for f in state.foes]
        lines += wrap("  Foes (by the number on the standee's base): " + ", ".join(foes) + ".", indent="    ")
    pts = [f"{p} on {loc}" for p, loc in doc["spawn_points"].items()]
    if pts:
        lines += wrap("  Spawn tokens: " + ", ".join(pts) + ".", indent="    ")
    if doc["tokens"]:
        lines += wrap("  Tokens: " + ", ".join(view.token_words(state, t) for t in state.script.tokens) + ".",
                      indent="    ")
    bars = doc["barricades"]
    lines += wrap("  Barricades: " + (", ".join(f"on spawn point {p} ({state.board.spawn_points.get(p, '?')})" for p in bars)
                                    if bars else "none") + ".", indent="    ")
    track = state.chapter_def.track
    if track:
        lines += wrap(f"  Storybook token: on spot {doc['storybook_spot']} of {len(track)} "
                      f"({view.spot_text(track[state.track_pos])}).", indent="    ")
    cards = [f"{c['title']}" + (f" x{c['copies']}" if c["copies"] > 1 else "") for c in doc["cards"]]
    total = sum(c["copies"] for c in doc["cards"])
    if cards:
        lines += wrap(f"  Chapter cards: these {total}, face down beside the board (hollow names the card "
                      "to draw each time): " + ", ".join(cards) + ".", indent="    ")
    lines += wrap(f"  Objective: {doc['objective']}.", indent="    ")
    return lines


# ----------------------------------------------------------------------------- the ledger


def status_doc(state: Any) -> dict[str, Any]:
    """The ledger as data: round, phase, track, next spawn, Legends, allies and foes."""
    ch = state.chapter_def
    entries = ch.spawn_list
    nxt = None
    if entries:
        pos = state.spawn_pos
        if pos < len(entries) or state.pack.rules.spawn_list_end == "loop":
            pos %= len(entries)
            nxt = {"entry": pos + 1, "of": len(entries),
                   "groups": [{"foe": g.foe, "count": g.count} for g in entries[pos]]}
    return {
        "round": state.round,
        "phase": state.phase,
        "track_spot": state.track_pos + 1 if ch.track else None,
        "next_spawn": nxt,
        "barricades": list(state.barricades),
        "legends": [{"id": lg.id, "name": state.pack.legends[lg.id].name, "loc": lg.loc, "health": lg.health,
                     "fear": lg.fear, "tokens": lg.ready, "tokens_total": lg.ready + lg.spent, "relic": lg.relic,
                     "activated": lg.activated} for lg in state.legends],
        "allies": [{"id": a.id, "name": state.pack.allies[a.id].name, "loc": a.loc, "health": a.health,
                    "activated": a.activated} for a in state.allies],
        "foes": [{"number": f.standee, "foe": f.foe, "name": state.pack.foes[f.foe].name, "loc": f.loc,
                  "health": f.health} for f in _ledger_order(state)],
        "tokens": _tokens_doc(state),
        "flags": dict(state.script.counters) if state.script is not None else {},
        "result": state.result,
    }


def status_lines(state: Any) -> list[str]:
    """The ledger on one 80x24 screen."""
    ch = state.chapter_def
    doc = status_doc(state)
    phase = {"legends": "Legend phase", "adversary": "adversary phase", "over": "game over"}.get(state.phase, state.phase)
    lines = [f"== Round {state.round}, {phase} - {ch.name} =="[:79]]
    lines += _at_most(view.objective_text(state), 2)
    track = ch.track
    spot = f"spot {state.track_pos + 1} of {len(track)} ({view.spot_text(track[state.track_pos])})" if track else "none"
    nxt = doc["next_spawn"]
    if nxt:
        groups = ", ".join(f"{g['count']} {state.pack.foes[g['foe']].name if g['foe'] in state.pack.foes else g['foe']}"
                           for g in nxt["groups"])
        spawn = f"entry {nxt['entry']} of {nxt['of']}: {groups}"
    else:
        spawn = "none (the list is used up)"
    lines.append(f"Storybook: {spot}"[:79])
    lines.append(f"Next spawn: {spawn}"[:79])
    bars = ", ".join(str(b) for b in state.barricades) or "none"
    lines.append(f"Barricades on spawn points: {bars}; chapter deck: {plural(len(state.pile) or len(state.discard), 'card')}"
                 + (f", {len(state.discard)} drawn" if state.pile else ""))
    for text in (view.tokens_text(state), view.flags_text(state)):
        if text:
            lines += _at_most(text, 2)
    lines.append(f"{'Legend':<18} {'at':<4} {'health':<7} {'fear':<6} {'tokens':<7} relic")
    for lg in state.legends:
        d = state.pack.legends[lg.id]
        relic = state.pack.items[lg.relic].name if lg.relic and lg.relic in state.pack.items else "-"
        mark = "v" if lg.activated else " "
        lines.append(f"{mark}{d.name[:17]:<17} {lg.loc:<4} {f'{lg.health}/{d.health}':<7} {f'{lg.fear}/{fear_limit(state.pack, lg.id)}':<6} "
                     f"{f'{lg.ready}/{lg.ready + lg.spent}':<7} {relic}"[:79])
    for a in state.allies:  # heroes too: no fear, tokens or relic
        d = state.pack.allies[a.id]
        mark = "v" if a.activated else " "
        lines.append(f"{mark}{d.name[:17]:<17} {a.loc:<4} {f'{a.health}/{d.health}':<7} {'-':<6} {'-':<7} (ally)")
    foes = _ledger_order(state)
    if not foes:
        lines.append("Foes: none on the board")
    else:
        lines.append("Foes (place, health):")
        cells = [f"{_short_name(state, f):<15} {f.loc:<3} {f.health}/{state.foe_def(f.foe).health}" for f in foes]
        room = 24 - len(lines) - 1
        per = 3
        rows = [cells[i:i + per] for i in range(0, len(cells), per)]
        if len(rows) > room:
            rows = rows[: room - 1] + [[f"... and {len(cells) - per * (room - 1)} more (the log has them)"]]
        lines += ["  " + "  ".join(f"{c:<24}" for c in row).rstrip() for row in rows]
    if any(h.activated for h in (*state.legends, *state.allies)):
        lines.append("  (v: activated this round)")
    return lines


def _at_most(text: str, n: int) -> list[str]:
    """``text`` wrapped to 79 columns on at most ``n`` lines, the last ending in " ..." when
    it goes on (the whole of it is in 'status --json' and the log)."""
    lines = wrap(text, width=79, indent="  ")
    if len(lines) <= n:
        return lines
    return lines[: n - 1] + [wrap(lines[n - 1], width=75)[0] + " ..."]


def _ledger_order(state: Any) -> list[Any]:
    """The foes as the ledger lists them: kind by kind (in activation order), by standee number."""
    rank = {c: i for i, c in enumerate(state.pack.rules.activation_order)}
    kinds = {k: i for i, k in enumerate(state.pack.foes)}
    return sorted(state.foes, key=lambda f: (rank.get(state.foe_def(f.foe).cls, len(rank)), kinds.get(f.foe, 0), f.standee))


def _short_name(state: Any, f: Any) -> str:
    """``Schrickroot 10`` within 15 columns (a long kind name is cut before its number)."""
    name = state.foe_name(f)
    if len(name) <= 15:
        return name
    tail = f" {f.standee}" if standees.numbered(state.pack, f.foe) else ""
    return name[: 15 - len(tail)] + tail
