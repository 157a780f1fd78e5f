"""``campaign-<name>.pdf``: a campaign's party sheet, to keep with the box (``hollow print
campaign NAME``).

One page for a campaign of four Legends: a block per Legend (its stats in a table, each
changed number as ``base+delta (source)``; its skills, a box before each locked one to
tick when a reward frees it; its life path, upgrades and kit), the chapter log as a table,
and an empty box for the group's notes filling the rest of the page. A long log goes on to
another page. The rows are the play room's :class:`hollowcli.play.party.Sheet` (the screen
and ``--json`` show the same): this module only lays them out. Plain paper, light ink.
"""

from __future__ import annotations

import io
from typing import Any

from hollowcli.render.fonts import register_fonts
from hollowcli.render.geometry import MM, PAPER_SIZES, SheetSpec
from hollowcli.render.layout import SHEET_MARGIN_MM, Pager, SimpleTable, compact_styles
from hollowcli.render.markup import escape_text
from hollowcli.render.product import GAME
from hollowcli.render.sheet import RenderResult, new_canvas

#: The box before a locked skill (DejaVu Sans has it), as the keeper's guide ticks events.
BOX = "\u2610"
#: What a file of this kind holds, in a few words.
HOLDS = "party sheet: the campaign's Legends and its chapter log"
#: The stats' column heads, in the sheet's order.
HEADS = ("Health", "Defense", "Move", "Tokens", "Priority", "Fear limit")
#: The notes box's least height (mm): less room left on the page starts a new one.
NOTES_MIN_MM = 22.0
#: A header row's fill: light, for home printers.
HEADER_FILL = "#e6e6e6"


def _styles() -> dict[str, Any]:
    from reportlab.lib.styles import ParagraphStyle

    st = compact_styles()
    return {
        **st,
        "legend": ParagraphStyle("pl", parent=st["h"], fontSize=11.5, leading=14, spaceBefore=5, spaceAfter=1.5),
        "line": ParagraphStyle("pn", parent=st["p"], fontSize=9, leading=11.5, spaceAfter=1.5),
    }


def _weights(sheet: Any) -> list[float]:
    """The stats columns' widths, shared by every Legend's table: a changed number gets room."""
    return [max([len(head) * 1.25 + 2] + [len(lg.stats[i].words) + 2.0 for lg in sheet.legends])
            for i, head in enumerate(HEADS)]  # (a head is bold: wider a letter)


def _legend(pg: Pager, lg: Any, st: dict[str, Any], weights: list[float]) -> None:
    """One Legend's block: its name with its path and outfit, its stats, skills, growth, kit."""
    extra = " · ".join(x for x in ((lg.path.name if lg.path else ""),
                                   (f"wears {lg.outfit.name}" if lg.outfit else "")) if x)
    head = f"{escape_text(lg.name)}" + (f" <font size=\"10\">({escape_text(extra)})</font>" if extra else "")
    pg.para(head, st["legend"], keep=4 * st["cell"].leading)
    cells = [s.words for s in lg.stats]
    pg.table(SimpleTable([list(HEADS), cells], [pg.width * w / sum(weights) for w in weights],
                         [st["cellc"]] * len(HEADS), st["cellb"], HEADER_FILL, pad=1.8))
    pg.space(-3)  # the table leaves room for a paragraph; the block's lines follow closely
    skills = " · ".join((f"{BOX}&#160;" if s.locked else "") + escape_text(s.name)
                        + (f" ({escape_text(s.source)})" if s.source else "") + (" <i>locked</i>" if s.locked else "")
                        for s in lg.skills)
    attacks = [n for n in lg.changed() if n.key in ("dice", "direct", "range")]
    pg.para(f"<b>Skills:</b> {skills or 'none'}."
            + (" <b>Attacks:</b> " + "; ".join(f"{escape_text(n.label)} {escape_text(n.words)}" for n in attacks) + "."
               if attacks else ""), st["line"])
    growth = []
    if lg.path:
        growth.append(f"<b>Life path:</b> {escape_text(lg.path.said)}")
    if lg.upgrades:
        growth.append("<b>Upgrades:</b> " + "; ".join(escape_text(u.said) for u in lg.upgrades))
    if growth:
        pg.para(". ".join(growth) + ".", st["line"])
    kit = [escape_text(i.name) for i in lg.items]
    parts = [f"<b>Carries:</b> {', '.join(kit) if kit else 'nothing'}"]
    if lg.relic:
        parts.append(f"<b>relic:</b> {escape_text(lg.relic.name)}")
    if lg.outfit:
        parts.append(f"<b>wears:</b> {escape_text(lg.outfit.said)}")
    if lg.outfits:
        parts.append("<b>outfits not worn:</b> " + ", ".join(escape_text(o.said) for o in lg.outfits))
    pg.para("; ".join(parts) + ".", st["line"])


def _log(pg: Pager, sheet: Any, st: dict[str, Any]) -> None:
    """The chapter log: one row per chapter played, oldest first."""
    pg.para("Chapter log", st["h"], keep=3 * st["cell"].leading)
    if sheet.earlier:
        won, lost = sheet.earlier
        pg.para(f"Earlier chapters, played before the chapter log began: won {won}, lost {lost}.", st["line"])
    if not sheet.log:
        if not sheet.earlier:
            pg.para("No chapter played yet.", st["line"])
        return
    w = pg.width
    widths = [0.22 * w, 0.09 * w, 0.08 * w, 0.11 * w, 0.11 * w, 0.39 * w]
    rows = [["Chapter", "Result", "Rounds", "Date", "Flags set", "Rewards and choices"]]
    for r in sheet.log:
        flags = ", ".join(f"{k} {v}" for k, v in r.flags_set.items())
        rows.append([r.name, r.outcome, str(r.rounds), r.date, flags, "; ".join(x for x in (r.rewards, r.choices) if x)])
    pg.table(SimpleTable(rows, widths, [st["cell"], st["cellc"], st["cellc"], st["cellc"], st["cell"], st["cell"]],
                         st["cellb"], HEADER_FILL, pad=2.5))


def _notes(pg: Pager, st: dict[str, Any]) -> None:
    """An empty box for the group's notes, down to the bottom margin (on a new page when
    less than :data:`NOTES_MIN_MM` is left)."""
    pg.need(NOTES_MIN_MM * MM + st["h"].leading)
    pg.para("Notes", st["h"])
    top, bottom = pg.y, pg.bottom
    if not pg.measure:
        pg.flush()
        c = pg.c
        c.saveState()
        c.setLineWidth(0.6)
        c.setStrokeColorRGB(0.45, 0.45, 0.45)
        c.rect(pg.left, bottom, pg.width, top - bottom, stroke=1, fill=0)
        c.restoreState()
    pg.y = bottom
    pg.dirty = True


def party_sheet_pages(pg: Pager, sheet: Any) -> None:
    """The whole sheet from the Pager's cursor."""
    st = _styles()
    pg.set_margins(SHEET_MARGIN_MM)
    title = sheet.title or f"Campaign '{sheet.campaign}'"
    pg.para(f"{escape_text(title)}: party sheet", st["title"])
    sub = [f"campaign '{escape_text(sheet.campaign)}'"] if sheet.title else []
    if sheet.next:
        sub.append(("in progress: " if sheet.in_progress else "next: ") + escape_text(sheet.next_name))
    elif sheet.follows or sheet.log:
        sub.append("the campaign is over")
    if sheet.flags:
        sub.append("flags carried: " + escape_text(", ".join(f"{k} {v}" for k, v in sheet.flags.items())))
    if any(s.locked for lg in sheet.legends for s in lg.skills):
        sub.append(f"{BOX} a locked skill: tick it when a reward frees it")
    said = " · ".join(sub)
    pg.para(said[:1].upper() + said[1:] if said else GAME, st["sub"])
    for note in sheet.notes:
        pg.para(f"<i>{escape_text(note)}.</i>", st["line"])
    weights = _weights(sheet)
    for lg in sheet.legends:
        _legend(pg, lg, st, weights)
    _log(pg, sheet, st)
    _notes(pg, st)


def render_party_sheet(sheet: Any, spec: SheetSpec, label: str) -> RenderResult:
    """The party sheet of one campaign (``sheet``: a :class:`hollowcli.play.party.Sheet`)
    as a PDF; ``label``: the file's name without .pdf, printed on each page."""
    register_fonts()
    pw, ph = PAPER_SIZES[spec.paper]
    buf = io.BytesIO()
    c = new_canvas(buf, pw, ph, f"{GAME}: party sheet of campaign '{sheet.campaign}'",
                   "Each Legend's stats with what changed them, skills, kit, and the chapter log.")
    pg = Pager(c, pw, ph, label)
    party_sheet_pages(pg, sheet)
    pages = pg.close()
    c.save()
    # what the content no longer has is said on the sheet and, as a warning, on stderr
    return RenderResult(buf.getvalue(), pages, 0, warnings=tuple(sheet.notes), holds=HOLDS, paper="paper")
