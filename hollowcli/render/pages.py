"""Full-page printables: the turn-order sheet and the spawn tables.

Both are flowing text and tables on plain pages, drawn with reportlab's platypus
frames on the same kind of canvas as the cards (embedded fonts, invariant, metadata).
Spawn results come from :func:`hollowcli.engine.resolve.spawn_point`, the same function
the ``hollow spawn`` command and the solo engine use.
"""

from __future__ import annotations

import io
from typing import Any, Sequence

from hollowcli.engine.resolve import spawn_point
from hollowcli.pack.model import Chapter, Pack
from hollowcli.render.cardface import SCHEMES
from hollowcli.render.fonts import BOLD, CONDENSED_BOLD, OBLIQUE, REGULAR, register_fonts
from hollowcli.render.geometry import MM, PAPER_SIZES, SheetSpec
from hollowcli.render.markup import escape_text, icons
from hollowcli.render.sheet import RenderResult, new_canvas

PAGE_MARGIN_MM = 16.0


def _styles() -> dict[str, Any]:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle

    dark = HexColor("#1a1a1a")
    return {
        "title": ParagraphStyle("title", fontName=CONDENSED_BOLD, fontSize=20, leading=24, textColor=dark, spaceAfter=2),
        "sub": ParagraphStyle("sub", fontName=OBLIQUE, fontSize=10, leading=13, textColor=HexColor("#444444"), spaceAfter=8),
        "h": ParagraphStyle("h", fontName=BOLD, fontSize=13.5, leading=17, textColor=dark, spaceBefore=8, spaceAfter=3),
        "p": ParagraphStyle("p", fontName=REGULAR, fontSize=11, leading=14.5, textColor=dark, spaceAfter=4),
        "step": ParagraphStyle(
            "step", fontName=REGULAR, fontSize=11, leading=14.5, textColor=dark, leftIndent=18,
            bulletIndent=4, bulletFontName=BOLD, bulletFontSize=11, spaceAfter=3,
        ),
        "cell": ParagraphStyle("cell", fontName=REGULAR, fontSize=9.5, leading=12, textColor=dark),
        "cellb": ParagraphStyle("cellb", fontName=BOLD, fontSize=9.5, leading=12, textColor=dark, alignment=1),
        "cellc": ParagraphStyle("cellc", fontName=REGULAR, fontSize=9.5, leading=12, textColor=dark, alignment=1),
        "small": ParagraphStyle("small", fontName=OBLIQUE, fontSize=8.5, leading=11, textColor=HexColor("#555555"), spaceBefore=4),
    }


def _flow_pages(c: Any, page_w: float, page_h: float, story: list[Any]) -> int:
    """Pour ``story`` into full-page frames; return the number of pages used."""
    from reportlab.platypus import Frame

    m = PAGE_MARGIN_MM * MM
    pages = 0
    while story:
        frame = Frame(m, m, page_w * MM - 2 * m, page_h * MM - 2 * m, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, showBoundary=0)
        before = len(story)
        frame.addFromList(story, c)
        c.showPage()
        pages += 1
        if story and len(story) == before:
            # Nothing fit on an empty page: drop the offender rather than loop for ever.
            story.pop(0)
    return pages


def turn_order_page(c: Any, pack: Pack, page_w: float, page_h: float) -> int:
    """The one-page turn-order sheet, in our own words, with numbers from the pack's rules."""
    from reportlab.platypus import Paragraph

    st = _styles()
    r = pack.rules
    class_names = {
        "boss": "bosses", "gobkin": "Gobkins", "schrickroot": "Schrickroots", "pumpling": "Pumplings",
    }
    order = ", then ".join(escape_text(class_names.get(k, k)) for k in r.activation_order)
    P = Paragraph
    story: list[Any] = [
        P("Turn order: one round", st["title"]),
        P(f"{escape_text(GAME_NAME)} · keep this sheet beside the board", st["sub"]),
        P("1. Legend phase", st["h"]),
        P("Each Legend takes its turn once, in any order the players choose:", st["p"]),
        P(icons("<b>Refresh.</b> If its preparation space holds no {token}, move all of them back there."), st["step"], bulletText="a"),
        P("<b>Swap.</b> It may exchange its equipped relic for another one from its inventory.", st["step"], bulletText="b"),
        P(icons(
            "<b>Move and act</b>, in either order: move up to its {move} value, and take one action: "
            "an attack, an environment action (search, hand over an item), a restore, or a skill or item "
            "that spends {token}."
        ), st["step"], bulletText="c"),
        P("2. Adversary phase", st["h"]),
        P("<b>Storybook.</b> Do what the current spot of the action indicator track shows, "
          "then slide the token to the next spot.", st["step"], bulletText="a"),
        P(f"<b>Foes activate</b> by class: {order}. Each moves toward the closest Legend "
          "(tie: the highest attack priority) and attacks when it has range and line of sight.",
          st["step"], bulletText="b"),
        P(icons("<b>Spawn.</b> Take the next entry of the spawn list; roll a {dice} D6 for each group. "
                "A barricaded or missing spawn point sends the group to the lowest-numbered open one."),
          st["step"], bulletText="c"),
        P("3. End of round", st["h"]),
        P(icons(f"If any Legend is at 0 {{health}} or less, or has {r.fear_limit} {{fear}} or more, the chapter is "
                "lost: reset the chapter and the Legends, reshuffle the chapter cards, keep items and relics."),
          st["p"]),
        P("Numbers to remember", st["h"]),
        P(icons("<b>Attack:</b> direct {damage} + dice {dice} − defense {defense}, never below 0."), st["step"], bulletText="\u2022"),
        P(icons(f"<b>Fear:</b> any damage taken gives {r.fear_per_damage} {{fear}} (once per attack, however much damage)."), st["step"], bulletText="\u2022"),
        P(icons(f"<b>Leaving</b> a location with foes: one attack die per foe; {r.leave_damage_per_hit} {{damage}} for each non-blank face."), st["step"], bulletText="\u2022"),
        P("<b>Range and movement</b> are orthogonal; line of sight is needed for every attack and figures never block it.", st["step"], bulletText="\u2022"),
        P("Printed by hollowcli from the rules summary; where the summary is silent, hollowcli's readings apply "
          "(see 'hollow rules').", st["small"]),
    ]
    return _flow_pages(c, page_w, page_h, story)


GAME_NAME = "Legends of Sleepy Hollow"


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


#: Plain-string cells of every table: our font, our size, padding.
_CELLS: list[Any] = [
    ("FONTNAME", (0, 0), (-1, -1), REGULAR),  # tables default to Helvetica otherwise
    ("FONTSIZE", (0, 0), (-1, -1), 9.5),
    ("LEADING", (0, 0), (-1, -1), 12),
]


def _cell(text: str, style: Any, col_w: float) -> Any:
    """Plain text when it fits the column on one line (cheap), else a wrapping Paragraph."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    if stringWidth(text, style.fontName, style.fontSize) <= col_w - 8:
        return text
    return Paragraph(escape_text(text), style)


def spawn_story(pack: Pack, chapter: Chapter, usable_w: float) -> list[Any]:
    """The flowables of one chapter's spawn page."""
    from reportlab.lib import colors
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import CondPageBreak, Paragraph, Spacer, Table, TableStyle

    st = _styles()
    points = list(chapter.spawn_points)
    barricades = sorted(set(chapter.barricades))
    rolls = _die_values(pack)
    tint = HexColor(SCHEMES["chapter"][2])
    redirect_tint = HexColor("#f6e3c6")
    P = Paragraph
    pts = ", ".join(str(p) for p in points) or "none"
    bars = ", ".join(str(b) for b in barricades) or "none"
    story: list[Any] = [
        CondPageBreak(120 * MM),
        P(f"Chapter {chapter.number}: {escape_text(chapter.name)}", st["title"]),
        P(icons(f"Spawn points on the map: <b>{pts}</b> · {{barricade}} barricades at setup: <b>{bars}</b>"), st["sub"]),
        P(icons("Roll a D6 {dice} for each group. If that spawn point is barricaded or not on the map, "
                "the group spawns at the lowest-numbered open spawn point."), st["p"]),
    ]
    # --- the main table: every roll under the setup barricades -----------------------
    why_w = usable_w - 44 * MM
    rows: list[list[Any]] = [["Roll", "Spawn at", "Why"]]
    shade: list[int] = []
    for i, roll in enumerate(rolls, 1):
        res = spawn_point(roll, points, barricades)
        where = "nothing spawns" if res.point is None else str(res.point)
        why = res.reason.split(": ", 1)[-1]
        rows.append([str(roll), where, _cell(why, st["cell"], why_w)])
        if res.redirected:
            shade.append(i)
    t = Table(rows, colWidths=[18 * MM, 26 * MM, why_w], repeatRows=1)
    style = _CELLS + [
        ("FONTNAME", (0, 0), (1, -1), BOLD),
        ("FONTNAME", (0, 0), (-1, 0), BOLD),
        ("ALIGN", (0, 0), (1, -1), "CENTER"),
        ("ALIGN", (0, 0), (-1, 0), "CENTER"),
        ("BACKGROUND", (0, 0), (-1, 0), tint),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#777777")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    style += [("BACKGROUND", (0, r), (-1, r), redirect_tint) for r in shade]
    t.setStyle(TableStyle(style))
    story += [P("Under the setup barricades", st["h"]), t]

    # --- compact grid: each further barricade the story may add (or remove) ------------
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
            scenarios.append((f"− barricade on {p} (card: " + ", ".join(titles) + ")",
                              [b for b in barricades if b != p]))
    card_locks = sorted(p for p in locks if p not in barricades)
    if len(card_locks) > 1:
        scenarios.append(("all card barricades (" + ", ".join(map(str, card_locks)) + ")", barricades + card_locks))
    if scenarios:
        cell = min(14 * MM, (usable_w - 60 * MM) / max(1, len(rolls)))
        label_w = usable_w - cell * len(rolls)
        grid: list[list[Any]] = [["Barricades"] + [str(r) for r in rolls]]
        gstyle: list[Any] = _CELLS + [
            ("FONTNAME", (0, 0), (-1, 0), BOLD),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("ALIGN", (0, 1), (0, -1), "LEFT"),
            ("BACKGROUND", (0, 0), (-1, 0), tint),
            ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#777777")),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]
        for ri, (label, locked) in enumerate(scenarios, 1):
            row: list[Any] = [_cell(label, st["cell"], label_w)]
            for ci, roll in enumerate(rolls, 1):
                res = spawn_point(roll, points, locked)
                row.append("—" if res.point is None else str(res.point))
                if res.redirected:
                    gstyle.append(("BACKGROUND", (ci, ri), (ci, ri), redirect_tint))
            grid.append(row)
        g = Table(grid, colWidths=[label_w] + [cell] * len(rolls), repeatRows=1)
        g.setStyle(TableStyle(gstyle))
        story += [
            P("If the story adds or removes a barricade", st["h"]),
            P("Each row: the spawn point for each roll with the setup barricades plus that change. "
              "Shaded cells are redirected; — means every point is barricaded and nothing spawns.", st["small"]),
            Spacer(1, 2 * MM),
            g,
        ]

    # --- the spawn list ------------------------------------------------------------------
    lst: list[list[Any]] = [["#", "Groups (one D6 each)"]]
    for n, entry in enumerate(chapter.spawn_list, 1):
        groups = []
        for grp in entry:
            name = pack.foes[grp.foe].name if grp.foe in pack.foes else grp.foe
            groups.append(f"{grp.count}\u00d7 {name}")
        lst.append([str(n), _cell(", ".join(groups) or "nothing", st["cell"], usable_w - 14 * MM)])
    if len(lst) > 1:
        lt = Table(lst, colWidths=[14 * MM, usable_w - 14 * MM], repeatRows=1)
        lt.setStyle(TableStyle(_CELLS + [
            ("FONTNAME", (0, 0), (-1, 0), BOLD),
            ("ALIGN", (0, 0), (0, -1), "CENTER"),
            ("BACKGROUND", (0, 0), (-1, 0), tint),
            ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#777777")),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]))
        story += [
            P("Spawn list", st["h"]),
            P(icons("Each {spawn} spawn action of the storybook track takes the next entry, in this order; "
                    + ("after the last entry the list starts again from the top."
                       if getattr(pack.rules, "spawn_list_end", "loop") == "loop"
                       else "after the last entry no more foes spawn from the list.")), st["small"]),
            Spacer(1, 2 * MM),
            lt,
        ]
    else:
        story += [P("Spawn list", st["h"]), P("This chapter has no spawn list.", st["p"])]
    story.append(Spacer(1, 6 * MM))
    return story


def spawn_pages(pack: Pack, chapters: Sequence[Chapter], spec: SheetSpec) -> RenderResult:
    """spawn-tables.pdf: one section per chapter, each starting on a fresh page."""
    from reportlab.platypus import PageBreak

    register_fonts()
    pw, ph = PAPER_SIZES[spec.paper]
    buf = io.BytesIO()
    names = ", ".join(ch.name for ch in chapters[:3]) + (" ..." if len(chapters) > 3 else "")
    c = new_canvas(buf, pw, ph, f"{GAME_NAME}: spawn tables", f"Spawn tables for {names}. Print at 100%.")
    usable = pw * MM - 2 * PAGE_MARGIN_MM * MM
    story: list[Any] = []
    for i, ch in enumerate(chapters):
        if i:
            story.append(PageBreak())
        story += spawn_story(pack, ch, usable)
    pages = _flow_pages(c, pw, ph, story)
    c.save()
    return RenderResult(buf.getvalue(), pages, 0, ())
