"""What a simulation shows: the terminal summary (text with bars) and the PDF report.

Both take the document :func:`document` builds (the ``--json`` form), so the text, the
JSON and the charts always show the same figures. :func:`report_pdf` returns bytes; the
command writes the file.
"""

from __future__ import annotations

import io
from typing import Any

from hollowcli.names import plural
from hollowcli.simulate.run import Outcome
from hollowcli.simulate.stats import compare, summarise

#: Words for the causes of loss (the JSON keys of ``losses``).
CAUSE_WORDS = {"health": "health", "fear": "fear", "rounds": "round limit", "supply": "foe supply out",
               "ally": "ally fell"}


def causes(doc: dict[str, Any]) -> list[str]:
    """The causes of loss to show: health, fear and the round limit always; the others
    (the foe supply running out, a protected ally falling) only when they happened."""
    always = ("health", "fear", "rounds")
    return [k for k in CAUSE_WORDS if k in always or any(c["losses"].get(k) for c in doc["chapters"])]


def document(outcome: Outcome, pack: Any, against: Outcome | None = None) -> dict[str, Any]:
    """The whole run as the JSON document of product.md (``--json``)."""
    job = outcome.job
    ids = list(pack.legends)
    chapters = []
    for ch in job.chapters:
        entry = summarise(ch, ids, outcome.results.get(ch, []))
        cdef = pack.chapters[ch]
        entry = {"chapter": ch, "name": cdef.name, "number": cdef.number, **{k: v for k, v in entry.items() if k != "chapter"}}
        if against is not None:
            other = summarise(ch, ids, against.results.get(ch, []))
            entry["against"] = compare(entry, other)
        chapters.append(entry)
    doc: dict[str, Any] = {
        "seed": job.seed,
        "games": job.games,
        "policy": job.policy,
        "max_rounds": job.max_rounds,
        "complete": outcome.complete and (against is None or against.complete),
        "legend_names": {lid: pack.legends[lid].name for lid in ids},
        "chapters": chapters,
    }
    return doc


# ------------------------------------------------------------------ text
def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def bar(fraction: float, width: int) -> str:
    """A bar of ``width`` cells filled to ``fraction`` (eighths of a cell)."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + ("" if not part else " ▏▎▍▌▋▊▉"[part])).ljust(width)


def interval_bar(p: float, lo: float, hi: float, width: int = 50) -> str:
    """``[   ---|---   ]``: the 95% interval as dashes and the win rate as a bar, 0-100%."""
    cells = [" "] * width
    a, b = round(lo * (width - 1)), round(hi * (width - 1))
    for k in range(a, b + 1):
        cells[k] = "─"
    cells[a], cells[b] = "├", "┤"
    if a == b:
        cells[a] = "│"
    cells[round(p * (width - 1))] = "●"
    return "0% ▕" + "".join(cells) + "▏ 100%"


def short_name(doc: dict[str, Any], lid: str) -> str:
    name = doc["legend_names"].get(lid, lid)
    return name.split()[0] if name.split() else lid


def text_summary(doc: dict[str, Any]) -> list[str]:
    """The terminal summary: every figure of the JSON, as text with bars."""
    out: list[str] = []
    out.append(f"{plural(doc['games'], 'game')} per chapter, seed {doc['seed']}, policy {doc['policy']}, "
               f"at most {plural(doc['max_rounds'], 'round')}")
    if doc["policy"] == "auto":
        out.append(f"(game i is: hollow play CHAPTER --auto --seed {doc['seed']}+i)")
    if not doc["complete"]:
        out.append("Interrupted: the figures below are of the games finished.")
    for c in doc["chapters"]:
        out.append("")
        out.append(f"Chapter {c['number']}: {c['name']} ({c['chapter']})")
        n = c["games"]
        if not n:
            out.append("  no games finished")
            continue
        lo, hi = c["ci95"]
        out.append(f"  Won {c['wins']} of {n}: {pct(c['win_rate'])} (95% interval {pct(lo)} to {pct(hi)})")
        out.append("  " + interval_bar(c["win_rate"], lo, hi))
        if "against" in c:
            a = c["against"]
            if a["delta"] is not None:
                dlo, dhi = a["delta_ci95"]
                verdict = "a significant change" if a["significant"] else "not significant (the interval includes 0)"
                out.append(f"  Against: won {a['wins']} of {a['games']}: {pct(a['win_rate'])}; change "
                           f"{100 * a['delta']:+.1f} points")
                out.append(f"    (95% interval {100 * dlo:+.1f} to {100 * dhi:+.1f}): {verdict}")
        lost = n - c["wins"]
        out.append(f"  Lost {lost}:" + ("" if lost else " none"))
        for key in causes(doc):
            word, k = CAUSE_WORDS[key], c["losses"][key]
            if lost:
                out.append(f"    {word:<12} {k:>6} {pct(k / lost):>7}  {bar(k / lost, 30)}")
        rows = [(short_name(doc, lid), v) for lid, v in c["legends"].items()]
        out.append(f"  {'Per game':<12} {'damage':>7} {'fear':>6} {'fell':>6}")
        for name, v in rows:
            out.append(f"    {name:<10} {v['damage']:>7.2f} {v['fear']:>6.2f} {v['fell']:>6}")
        out.append(f"  Foes defeated per game: {c['foes_defeated']:.2f}")
        out.append(f"  Rounds: mean {c['rounds']['mean']:.2f}")
        hist = {int(r): k for r, k in c["rounds"]["histogram"].items()}
        first = min(hist)
        out.append(f"    {'round':>5} {'ended':>6}  {'still playing after it'}")
        if first > 1:
            span = "1" if first == 2 else f"1-{first - 1}"
            out.append(f"    {span:>5} {0:>6}  {pct(1.0):>6} {bar(1.0, 40)}")
        for r in range(first, len(c["survival"]) + 1):
            p = c["survival"][r - 1]
            out.append(f"    {r:>5} {hist.get(r, 0):>6}  {pct(p):>6} {bar(p, 40)}")
    return [line.rstrip() for line in out]


# ------------------------------------------------------------------ PDF
#: Chart colours (chapters in turn; the ways a game ends).
#: One colour per chapter, in order (they repeat after ten chapters).
_CHAPTER_COLOURS = ("#1f5a8c", "#c2711d", "#3d7a3a", "#7a3d7a", "#8c1f1f", "#4d4d4d", "#2a8c8c", "#b8860b",
                    "#c2577a", "#6b7f1f")
_END_COLOURS = {"won": "#3d7a3a", "health": "#a02a2a", "fear": "#6a3d9a", "rounds": "#9a9a9a", "supply": "#c9a227",
                "ally": "#2a8c8c"}
_AGAINST = "#9fc3e0"


def report_pdf(doc: dict[str, Any], paper: str = "a4") -> bytes:
    """The report: first the charts (win rate with its interval per chapter, how games
    end, the survival curves, damage and fear per Legend; one page for a few chapters, a
    chart that does not fit goes on to the next), then the figures in tables.
    Only the shipped DejaVu fonts, embedded; identical bytes for identical input."""
    from reportlab.graphics import renderPDF

    from hollowcli.render.fonts import BOLD, REGULAR
    from hollowcli.render.geometry import MM, PAPER_SIZES
    from hollowcli.render.sheet import finish_page, new_canvas

    pw, ph = PAPER_SIZES.get(paper, PAPER_SIZES["a4"])
    buf = io.BytesIO()
    c = new_canvas(buf, pw, ph, "hollow simulate report", _subtitle(doc))
    left, top = 15 * MM, ph * MM - 15 * MM
    width = pw * MM - 30 * MM
    c.setFont(BOLD, 15)
    c.drawString(left, top - 12, "Balance simulation")
    c.setFont(REGULAR, 8.5)
    c.drawString(left, top - 25, _subtitle(doc))
    if not doc["complete"]:
        c.drawString(left, top - 36, "Interrupted: these figures are of the games finished.")
    chapters = [ch for ch in doc["chapters"] if ch["games"]]
    runs = len(chapters) * (2 if _has_against(doc) else 1)  # bars and lines: a chapter, and its --against run
    y = top - 44
    for title, draw, height in (
        ("Win rate, with its 95% interval", _win_chart, 18 + 17 * runs),
        ("How the games ended (share of all games)", _ends_chart, max(44, 26 + 16 * len(chapters))),
        # (tall enough for the legend beside it: a line of 10 points per entry)
        ("Still playing after each round (survival)", _survival_chart, max(150, 14 + 10 * runs)),
        ("Per Legend, per game: damage taken and fear gained", _legend_charts, max(150, 14 + 10 * len(chapters))),
    ):
        if y - 30 - height < 15 * MM and y < top - 44:  # it does not fit below the charts already on the page
            finish_page(c)
            y = top
        c.setFont(BOLD, 10.5)
        c.drawString(left, y - 12, title)
        drawing = draw(doc, chapters, width, height)
        renderPDF.draw(drawing, c, left, y - 18 - height)
        y -= 30 + height
    finish_page(c)
    _table_page(c, doc, chapters, left, top, width)
    finish_page(c)
    c.save()
    return buf.getvalue()


def _subtitle(doc: dict[str, Any]) -> str:
    text = (f"{plural(doc['games'], 'game')} per chapter, seed {doc['seed']}, policy {doc['policy']}, "
            f"at most {plural(doc['max_rounds'], 'round')}")
    if doc["policy"] == "auto":
        text += f"; game i is 'hollow play CHAPTER --auto --seed {doc['seed']}+i'"
    return text


def _has_against(doc: dict[str, Any]) -> bool:
    return any("against" in ch for ch in doc["chapters"])


def _label(ch: dict[str, Any]) -> str:
    return f"{ch['number']}. {ch['name']}"


def _string(x: float, y: float, text: str, size: float = 8, anchor: str = "start", bold: bool = False) -> Any:
    from reportlab.graphics.shapes import String

    from hollowcli.render.fonts import BOLD, REGULAR

    return String(x, y, text, fontName=BOLD if bold else REGULAR, fontSize=size, textAnchor=anchor)


def _fonts(*labels: Any) -> None:
    """Every chart text in the embedded body font (reportlab's default is Helvetica)."""
    from hollowcli.render.fonts import REGULAR

    for lab in labels:
        lab.fontName = REGULAR
        lab.fontSize = 7.5


def _win_chart(doc: dict[str, Any], chapters: list[dict[str, Any]], width: float, height: float) -> Any:
    """One bar per chapter (and one per --against run), the 95% interval as a whisker."""
    from reportlab.graphics.shapes import Line, Rect
    from reportlab.lib.colors import HexColor, black
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from hollowcli.render.fonts import REGULAR

    d = _drawing(width, height)
    rows: list[tuple[str, float, float, float, str, str]] = []
    for k, ch in enumerate(chapters):
        colour = _CHAPTER_COLOURS[k % len(_CHAPTER_COLOURS)]
        rows.append((_label(ch), ch["win_rate"], ch["ci95"][0], ch["ci95"][1], colour, ""))
        if "against" in ch and ch["against"]["games"]:
            a = ch["against"]
            sig = "significant" if a["significant"] else "not significant"
            note = f"{100 * a['delta']:+.1f} pts, {sig}" if a["delta"] is not None else ""
            rows.append(("   with --against", a["win_rate"], a["ci95"][0], a["ci95"][1], _AGAINST, note))
    # the bars end where the widest figure or note beside them still fits inside the margin
    beside = max([stringWidth(_figure(p, lo, hi), REGULAR, 7.5) for _, p, lo, hi, _, _ in rows]
                 + [stringWidth(note, REGULAR, 6.5) for *_, note in rows], default=0.0)
    x0, x1 = 165.0, width - 4 - max(71.0, beside)
    span = x1 - x0

    def at(p: float) -> float:
        return x0 + span * p

    row_h = (height - 18) / max(1, len(rows))
    base = 14.0
    for tick in range(0, 101, 10):
        x = at(tick / 100)
        d.add(Line(x, base, x, height, strokeColor=HexColor("#dddddd"), strokeWidth=0.4))
        d.add(_string(x, base - 9, f"{tick}%", 7, "middle"))
    d.add(Line(x0, base, x1, base, strokeColor=black, strokeWidth=0.6))
    for n, (label, p, lo, hi, colour, note) in enumerate(rows):
        yc = height - (n + 0.5) * row_h
        bh = min(10.0, row_h * 0.6)
        d.add(_string(0, yc - 3, _fit(label, 160, 7.5), 7.5))
        d.add(Rect(x0, yc - bh / 2, span * p, bh, fillColor=HexColor(colour), strokeColor=None))
        for x_a, x_b, y_a, y_b in ((at(lo), at(hi), yc, yc), (at(lo), at(lo), yc - bh / 2 - 2, yc + bh / 2 + 2),
                                   (at(hi), at(hi), yc - bh / 2 - 2, yc + bh / 2 + 2)):
            d.add(Line(x_a, y_a, x_b, y_b, strokeColor=black, strokeWidth=1))
        d.add(_string(x1 + 4, yc + (0 if note else -3), _figure(p, lo, hi), 7.5))
        if note:
            d.add(_string(x1 + 4, yc - 8, note, 6.5))
    return d


def _figure(p: float, lo: float, hi: float) -> str:
    """A win rate and its interval, as printed beside its bar: ``57.5%  (42-71)``."""
    return f"{100 * p:.1f}%  ({100 * lo:.0f}-{100 * hi:.0f})"


def _drawing(width: float, height: float) -> Any:
    """A drawing whose text defaults to the embedded body font (reportlab's is Helvetica)."""
    from reportlab.graphics.shapes import Drawing

    from hollowcli.render.fonts import REGULAR

    return Drawing(width, height, initialFontName=REGULAR, initialFontSize=8)


def _fit(text: str, room: float, size: float) -> str:
    """``text``, shortened with an ellipsis to fit ``room`` points at ``size``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from hollowcli.render.fonts import REGULAR

    if stringWidth(text, REGULAR, size) <= room:
        return text
    while text and stringWidth(text + "…", REGULAR, size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _legend(pairs: list[tuple[Any, str]], width: float, height: float, swatch: float, step: float) -> Any:
    """A one-column legend in the top right corner of a drawing ``width`` wide, its longest
    label ending at the right edge (so inside the page margin); the chart beside it ends
    short of ``legend.x``."""
    from reportlab.graphics.charts.legends import Legend
    from reportlab.pdfbase.pdfmetrics import stringWidth

    legend = Legend()
    legend.alignment = "right"
    legend.columnMaximum = len(pairs)  # one column: a second would start past the right edge
    legend.colorNamePairs = pairs
    legend.fontName, legend.fontSize = _fonts_name(), 7.5
    legend.dy, legend.dx, legend.deltay = 6, swatch, step
    longest = max((stringWidth(name, legend.fontName, legend.fontSize) for _, name in pairs), default=0.0)
    legend.x, legend.y = width - (swatch + legend.dxTextSpace + longest), height - 4
    return legend


def _ends_chart(doc: dict[str, Any], chapters: list[dict[str, Any]], width: float, height: float) -> Any:
    """A stacked bar per chapter: won, lost to health, to fear, to the round limit."""
    from reportlab.graphics.charts.barcharts import HorizontalBarChart
    from reportlab.lib.colors import HexColor

    d = _drawing(width, height)
    chart = HorizontalBarChart()
    chart.x, chart.y, chart.width, chart.height = 165, 22, width - 240, height - 26
    keys = ("won", *causes(doc))
    rows = []
    for ch in chapters:
        n = ch["games"]
        rows.append([100 * ch["wins"] / n] + [100 * ch["losses"][k] / n for k in keys[1:]])
    chart.data = [[r[i] for r in rows] for i in range(len(keys))]
    chart.categoryAxis.categoryNames = [_fit(_label(ch), 160, 7.5) for ch in chapters]
    chart.categoryAxis.visibleTicks = 0
    chart.categoryAxis.visibleAxis = 0
    chart.categoryAxis.style = "stacked"
    chart.categoryAxis.reverseDirection = 1
    chart.categoryAxis.labels.boxAnchor = "w"
    chart.categoryAxis.labels.dx = -163
    chart.valueAxis.valueMin, chart.valueAxis.valueMax, chart.valueAxis.valueStep = 0, 100, 10
    chart.valueAxis.labelTextFormat = "%d%%"
    chart.barWidth = 9
    chart.groupSpacing = 5
    _fonts(chart.categoryAxis.labels, chart.valueAxis.labels)
    for i, k in enumerate(keys):
        chart.bars[i].fillColor = HexColor(_END_COLOURS[k])
        chart.bars[i].strokeColor = None
    legend = _legend([(HexColor(_END_COLOURS[k]), "won" if k == "won" else f"lost: {CAUSE_WORDS[k]}") for k in keys],
                     width, height, 6, 9)
    chart.width = legend.x - 14 - chart.x
    d.add(chart)
    d.add(legend)
    return d


def _fonts_name() -> str:
    from hollowcli.render.fonts import REGULAR

    return REGULAR


def _survival_chart(doc: dict[str, Any], chapters: list[dict[str, Any]], width: float, height: float) -> Any:
    """The share of games still going after each round, one line per chapter."""
    from reportlab.graphics.charts.lineplots import LinePlot
    from reportlab.lib.colors import HexColor

    d = _drawing(width, height)
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 30, 26, width - 200, height - 32
    series, colours, names, dashed = [], [], [], []
    for k, ch in enumerate(chapters):
        colour = HexColor(_CHAPTER_COLOURS[k % len(_CHAPTER_COLOURS)])
        series.append([(0, 100.0)] + [(r, 100 * p) for r, p in enumerate(ch["survival"], 1)])
        colours.append(colour)
        names.append(_fit(_label(ch), 150, 7.5))
        dashed.append(False)
        a = ch.get("against")
        if a and a["games"]:
            series.append([(0, 100.0)] + [(r, 100 * p) for r, p in enumerate(a["survival"], 1)])
            colours.append(colour)
            names.append("   with --against (dashed)")
            dashed.append(True)
    last = max((len(s) - 1 for s in series), default=1)
    plot.data = series
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, max(1, last)
    plot.xValueAxis.valueStep = max(1, (last + 11) // 12)
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax, plot.yValueAxis.valueStep = 0, 100, 20
    plot.yValueAxis.labelTextFormat = "%d%%"
    plot.xValueAxis.labelTextFormat = "%d"
    _fonts(plot.xValueAxis.labels, plot.yValueAxis.labels)
    for i, colour in enumerate(colours):
        plot.lines[i].strokeColor = colour
        plot.lines[i].strokeWidth = 1.6
        if dashed[i]:
            plot.lines[i].strokeDashArray = [3, 2]
    legend = _legend(list(zip(colours, names, strict=True)), width, height, 8, 10)
    plot.width = min(width - 200, legend.x - 20 - plot.x)
    d.add(plot)
    d.add(_string(plot.x + plot.width / 2, 2, "round", 7.5, "middle"))
    d.add(legend)
    return d


def _legend_charts(doc: dict[str, Any], chapters: list[dict[str, Any]], width: float, height: float) -> Any:
    """Two grouped bar charts side by side: mean damage taken and mean fear gained, per Legend."""
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.lib.colors import HexColor

    d = _drawing(width, height)
    ids = list(doc["legend_names"])
    legend = _legend([(HexColor(_CHAPTER_COLOURS[k % len(_CHAPTER_COLOURS)]), f"chapter {ch['number']}")
                      for k, ch in enumerate(chapters)], width, height, 8, 10)
    half = (legend.x - 27) / 2
    for n, (key, title) in enumerate((("damage", "damage taken"), ("fear", "fear gained"))):
        chart = VerticalBarChart()
        chart.x, chart.y, chart.width, chart.height = 25 + n * (half + 15), 20, half - 25, height - 40
        chart.data = [[ch["legends"][lid][key] for lid in ids] for ch in chapters]
        chart.categoryAxis.categoryNames = [short_name(doc, lid) for lid in ids]
        top = max((v for row in chart.data for v in row), default=1.0)
        chart.valueAxis.valueMin = 0
        chart.valueAxis.valueMax = max(1, int(top) + 1)
        chart.valueAxis.valueStep = max(1, (int(top) + 1 + 5) // 6)
        chart.barSpacing = 1
        chart.groupSpacing = 8
        _fonts(chart.categoryAxis.labels, chart.valueAxis.labels)
        for k in range(len(chapters)):
            chart.bars[k].fillColor = HexColor(_CHAPTER_COLOURS[k % len(_CHAPTER_COLOURS)])
            chart.bars[k].strokeColor = None
        d.add(chart)
        d.add(_string(chart.x + chart.width / 2, height - 12, title, 8, "middle", bold=True))
    d.add(legend)
    return d


def _table_page(c: Any, doc: dict[str, Any], chapters: list[dict[str, Any]], left: float, top: float,
                width: float) -> None:
    """After the charts: every figure of them as numbers, a block per chapter (never split
    across pages)."""
    from hollowcli.render.fonts import BOLD, REGULAR
    from hollowcli.render.sheet import finish_page

    y = top - 12
    c.setFont(BOLD, 13)
    c.drawString(left, y, "The figures")
    y -= 22
    ids = list(doc["legend_names"])
    bottom = 15 * 72 / 25.4 + 14  # the margin, and room for the note under the last table
    for ch in chapters:
        n = ch["games"]
        lo, hi = ch["ci95"]
        lost = n - ch["wins"]
        lines = [
            f"Won {ch['wins']} of {n}: {pct(ch['win_rate'])}, 95% interval {pct(lo)} to {pct(hi)} (Wilson).",
            f"Lost {lost}: " + ", ".join(f"{CAUSE_WORDS[k]} {ch['losses'][k]}" for k in causes(doc))
            + f". Foes defeated per game: {ch['foes_defeated']:.2f}.",
            f"Rounds: mean {ch['rounds']['mean']:.2f}; games ending in round "
            + ", ".join(f"{r}: {k}" for r, k in ch["rounds"]["histogram"].items()) + ".",
            "Still playing after round " + ", ".join(f"{r}: {100 * p:.0f}%" for r, p in enumerate(ch["survival"], 1)) + ".",
        ]
        a = ch.get("against")
        if a and a["delta"] is not None:
            dlo, dhi = a["delta_ci95"]
            lines.append(f"With --against: won {a['wins']} of {a['games']}: {pct(a['win_rate'])}; change "
                         f"{100 * a['delta']:+.1f} points, 95% interval {100 * dlo:+.1f} to {100 * dhi:+.1f} "
                         f"(Newcombe): {'significant' if a['significant'] else 'not significant'}.")
        wrapped = [part for line in lines for part in _wrap(c, line, REGULAR, 8.5, width)]
        if y - (14 + 11 * len(wrapped) + 3 + 11 * (1 + len(ids))) < bottom:  # the chapter's block on one page
            finish_page(c)
            y = top - 12
        c.setFont(BOLD, 10)
        c.drawString(left, y, _label(ch) + f" ({ch['chapter']})")
        y -= 14
        c.setFont(REGULAR, 8.5)
        for part in wrapped:
            c.drawString(left, y, part)
            y -= 11
        y -= 3
        cols = (left + 120, left + 190, left + 250, left + 300)
        c.setFont(BOLD, 8.5)
        c.drawString(left + 10, y, "Legend")
        for x, head in zip(cols, ("damage", "fear", "fell"), strict=False):
            c.drawRightString(x, y, head)
        y -= 11
        c.setFont(REGULAR, 8.5)
        for lid in ids:
            v = ch["legends"][lid]
            c.drawString(left + 10, y, doc["legend_names"][lid])
            c.drawRightString(cols[0], y, f"{v['damage']:.2f}")
            c.drawRightString(cols[1], y, f"{v['fear']:.2f}")
            c.drawRightString(cols[2], y, str(v["fell"]))
            y -= 11
        y -= 12
    c.setFont(REGULAR, 7.5)
    c.drawString(left, 15 * 72 / 25.4 + 3, "Damage and fear are means per game; 'fell' counts the games in which the "
                 "Legend was incapacitated or overcome by fear.")


def _wrap(c: Any, text: str, font: str, size: float, width: float) -> list[str]:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    words, lines, cur = text.split(" "), [], ""
    for w in words:
        trial = f"{cur} {w}" if cur else w
        if stringWidth(trial, font, size) > width and cur:
            lines.append(cur)
            cur = w
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines
