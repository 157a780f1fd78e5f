"""What a simulation shows: the terminal summary (text with bars) and the PDF report.

Both take the document :func:`document` builds (the ``--json`` form), so the text, the
JSON and the charts always show the same figures. :func:`report_pdf` returns bytes; the
command writes the file.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from hollowcli.names import plural
from hollowcli.simulate.run import Outcome
from hollowcli.simulate.stats import compare, pair_up, summarise

#: Words for the causes of loss (the JSON keys of ``losses``).
CAUSE_WORDS = {"health": "health", "fear": "fear", "rounds": "round limit", "supply": "foe supply out",
               "ally": "ally fell", "story": "the story"}


def causes(doc: dict[str, Any]) -> list[str]:
    """The causes of loss to show: health, fear and the round limit always; the others
    (the foe supply running out, a protected ally falling, an event's ``lose``) only when
    they happened."""
    always = ("health", "fear", "rounds")
    return [k for k in CAUSE_WORDS if k in always or any(c["losses"].get(k) for c in doc["chapters"])]


def document(outcome: Outcome, pack: Any, against: Outcome | None = None, against_pack: Any = None) -> dict[str, Any]:
    """The whole run as the JSON document of product.md (``--json``); ``against_pack`` is
    the layered pack of ``against`` (for its Legends' health and fear limit, which a
    variant may change; the base pack's when not given)."""
    job = outcome.job
    ids = list(pack.legends)
    theirs_pack = against_pack if against_pack is not None else pack
    chapters = []
    for ch in job.chapters:
        entry = summarise(ch, ids, outcome.results.get(ch, []))
        cdef = pack.chapters[ch]
        entry = {"chapter": ch, "name": cdef.name, "number": cdef.number, **{k: v for k, v in entry.items() if k != "chapter"}}
        if against is not None:
            theirs = against.results.get(ch, [])
            entry["against"] = compare(summarise(ch, ids, theirs), pair_up(outcome.results.get(ch, []), theirs))
            entry["against"]["legend_health"] = _health(theirs_pack, ids)
            entry["against"]["fear_limit"] = theirs_pack.rules.fear_limit
        chapters.append(entry)
    doc: dict[str, Any] = {
        "seed": job.seed,
        "games": job.games,
        "policy": job.policy,
        "max_rounds": job.max_rounds,
        "complete": outcome.complete and (against is None or against.complete),
        "legend_names": {lid: pack.legends[lid].name for lid in ids},
        "legend_health": _health(pack, ids),
        "fear_limit": pack.rules.fear_limit,
        "chapters": chapters,
    }
    return doc


def _health(pack: Any, ids: list[str]) -> dict[str, int]:
    """Each Legend's health in ``pack`` (a layered pack may leave a Legend out: then 0)."""
    return {lid: pack.legends[lid].health if lid in pack.legends else 0 for lid in ids}


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


def p_words(p: float) -> str:
    """A p-value as the summary and the report print it."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def paired_words(a: dict[str, Any]) -> str:
    """The paired test of an ``against`` entry in a sentence."""
    verdict = "a significant change" if a["significant"] else "not significant"
    return (f"Paired test (McNemar mid-p, same seeds): {a['won_only_with']} games won only with the change, "
            f"{a['won_only_without']} only without; {p_words(a['p_value'])}: {verdict}")


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
                out.append(f"  Against: won {a['wins']} of {a['games']}: {pct(a['win_rate'])}; change "
                           f"{100 * a['delta']:+.1f} points (95% interval {100 * dlo:+.1f} to {100 * dhi:+.1f})")
                out.append(f"    {paired_words(a)}")
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
        out.append(f"    {'round':>5} {'ended':>6}  {'still playing after it':<47} {'not lost':>8}")
        if first > 1:
            span = "1" if first == 2 else f"1-{first - 1}"
            out.append(f"    {span:>5} {0:>6}  {pct(1.0):>6} {bar(1.0, 40)} {pct(1.0):>8}")
        for r in range(first, len(c["survival"]) + 1):
            p = c["survival"][r - 1]
            out.append(f"    {r:>5} {hist.get(r, 0):>6}  {pct(p):>6} {bar(p, 40)} {pct(c['not_lost'][r - 1]):>8}")
    return [line.rstrip() for line in out]


# ------------------------------------------------------------------ PDF
#: Chart colours (chapters in turn; the ways a game ends).
#: One colour per chapter, in order (they repeat after ten chapters).
_CHAPTER_COLOURS = ("#1f5a8c", "#c2711d", "#3d7a3a", "#7a3d7a", "#8c1f1f", "#4d4d4d", "#2a8c8c", "#b8860b",
                    "#c2577a", "#6b7f1f")
_END_COLOURS = {"won": "#3d7a3a", "health": "#a02a2a", "fear": "#6a3d9a", "rounds": "#9a9a9a", "supply": "#c9a227",
                "ally": "#2a8c8c"}
#: How a run is told apart from the base run: light bars, dashed lines, and this label.
AGAINST_LABEL = "   with --against"
#: The charts' titles and the line under each (tests look for them).
NOT_LOST_TITLE = "Not lost yet after each round"
PER_LEGEND_TITLES = {
    "damage": "Damage taken per game, as a share of the Legend's health",
    "fear": "Fear gained per game, as a share of the fear limit",
}
_NOTES = {
    "not-lost": "The share of games still going or already won after each round: a won game stays not lost, so "
                "each line ends at its win rate. Steps: a value holds through its round.",
    "damage": "Bars: the mean per game (damage later healed counts too); whiskers: its 95% interval; "
              "the dashed line is the Legend's whole health.",
    "fear": "Bars: the mean per game (fear later calmed counts too); whiskers: its 95% interval; "
            "the dashed line is the fear limit.",
}


def report_pdf(doc: dict[str, Any], paper: str = "letter") -> bytes:
    """The report: first the charts (win rate with its interval per chapter, how games
    end, the chance of not having lost yet round by round, damage and fear per Legend;
    a chart that does not fit goes on to the next page), then the figures in tables.
    Only the shipped DejaVu fonts, embedded; identical bytes for identical input."""
    from reportlab.graphics import renderPDF

    from hollowcli.render.fonts import BOLD, OBLIQUE
    from hollowcli.render.geometry import MM
    from hollowcli.render.sheet import finish_page

    c, buf, left, top, width = report_page(paper, _subtitle(doc), lambda _room: "Balance simulation")
    if not doc["complete"]:
        c.drawString(left, top - 36, "Interrupted: these figures are of the games finished.")
    chapters = [ch for ch in doc["chapters"] if ch["games"]]
    runs = len(_runs(chapters))  # bars and lines: a chapter, and its --against run
    y = top - 44
    for title, note, draw, height in (
        ("Win rate, with its 95% interval", "", _win_chart, 18 + 17 * runs),
        ("How the games ended (share of all games)", "", _ends_chart, max(44, 26 + 16 * runs)),
        # (tall enough for the key beside it: a line of 10 points per entry)
        (NOT_LOST_TITLE, _NOTES["not-lost"], _not_lost_chart, max(150, 14 + 10 * runs)),
        (PER_LEGEND_TITLES["damage"], _NOTES["damage"], _damage_chart, max(150, 14 + 10 * (len(chapters) + 1))),
        (PER_LEGEND_TITLES["fear"], _NOTES["fear"], _fear_chart, max(150, 14 + 10 * (len(chapters) + 1))),
    ):
        lines = _wrap(c, note, OBLIQUE, 7.5, width) if note else []
        head = 18 + 9.5 * len(lines)
        if y - 12 - head - height < 15 * MM and y < top - 44:  # it does not fit below the charts already on the page
            finish_page(c)
            y = top
        c.setFont(BOLD, 10.5)
        c.drawString(left, y - 12, _fit(title, width, 10.5, BOLD))
        c.setFont(OBLIQUE, 7.5)
        for n, line in enumerate(lines):
            c.drawString(left, y - 23 - 9.5 * n, line)
        drawing = draw(doc, chapters, width, height)
        renderPDF.draw(drawing, c, left, y - head - height)
        y -= 12 + head + height
    _table_page(c, doc, chapters, left, top, width, y)
    finish_page(c)
    c.save()
    return buf.getvalue()


def _subtitle(doc: dict[str, Any]) -> str:
    text = (f"{plural(doc['games'], 'game')} per chapter, seed {doc['seed']}, policy {doc['policy']}, "
            f"at most {plural(doc['max_rounds'], 'round')}")
    if doc["policy"] == "auto":
        text += f"; game i is 'hollow play CHAPTER --auto --seed {doc['seed']}+i'"
    return text


def _label(ch: dict[str, Any]) -> str:
    return f"{ch['number']}. {ch['name']}"


def _runs(chapters: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any], bool]]:
    """(chapter's place, figures, is the --against run) of every run to chart, each
    chapter's --against run right after it."""
    out = []
    for k, ch in enumerate(chapters):
        out.append((k, ch, False))
        a = ch.get("against")
        if a and a["games"]:
            out.append((k, a, True))
    return out


def _colour(k: int) -> str:
    return _CHAPTER_COLOURS[k % len(_CHAPTER_COLOURS)]


def _tint(spec: str, amount: float = 0.6) -> str:
    """``spec`` mixed with ``amount`` of white: the light bar of an --against run."""
    r, g, b = (int(spec[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(v + (255 - v) * amount):02x}" for v in (r, g, b))


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
    chapter_of = [k for k, _, _ in _runs(chapters)]
    for k, run, other in _runs(chapters):
        if not other:
            rows.append((_label(run), run["win_rate"], run["ci95"][0], run["ci95"][1], _colour(k), ""))
            continue
        note = ""
        if run["delta"] is not None:
            note = (f"{100 * run['delta']:+.1f} pts, {'significant' if run['significant'] else 'not significant'} "
                    f"({p_words(run['p_value'])})")
        rows.append((AGAINST_LABEL, run["win_rate"], run["ci95"][0], run["ci95"][1], _tint(_colour(k)), note))
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
        other = label == AGAINST_LABEL
        d.add(Rect(x0, yc - bh / 2, span * p, bh, fillColor=HexColor(colour),
                   strokeColor=HexColor(_colour(chapter_of[n])) if other else None, strokeWidth=0.6))
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


def report_page(paper: str, subtitle: str, title: Callable[[float], str]) -> tuple[Any, io.BytesIO, float, float, float]:
    """A report's canvas with its heading drawn: ``title(room)`` (the title for a line of
    ``room`` points) in bold, ``subtitle`` under it. Returns ``(canvas, buffer, left, top,
    width)``: the left margin, the top of the heading and the width of the text, in points."""
    from hollowcli.render.fonts import BOLD, REGULAR
    from hollowcli.render.geometry import MM, PAPER_SIZES
    from hollowcli.render.sheet import new_canvas

    pw, ph = PAPER_SIZES.get(paper, PAPER_SIZES["letter"])
    buf = io.BytesIO()
    c = new_canvas(buf, pw, ph, "hollow simulate report", subtitle)
    left, top = 15 * MM, ph * MM - 15 * MM
    width = pw * MM - 30 * MM
    c.setFont(BOLD, 15)
    c.drawString(left, top - 12, title(width))
    c.setFont(REGULAR, 8.5)
    c.drawString(left, top - 25, _fit(subtitle, width, 8.5))
    return c, buf, left, top, width


def _fit(text: str, room: float, size: float, font: str = "") -> str:
    """``text``, shortened with an ellipsis to fit ``room`` points at ``size``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from hollowcli.render.fonts import REGULAR

    font = font or REGULAR
    if stringWidth(text, font, size) <= room:
        return text
    while text and stringWidth(text + "…", font, size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


#: A key entry: what its sample shows ("bar" or "line"), colour, a light bar or a dashed
#: line (an --against run), and the words.
KeyEntry = tuple[str, str, bool, str]
#: The key's type size, and the length of a sample and its gap to the words (points).
KEY_PT, KEY_SAMPLE, KEY_GAP = 7.5, 14.0, 4.0


def _key(d: Any, entries: list[KeyEntry], width: float, height: float, step: float = 10.0) -> float:
    """A one-column key in the top right corner of drawing ``d`` (``width`` wide), each
    entry drawn the way the chart draws it (a solid or light bar, a solid or dashed line),
    its longest words ending at the right edge (so inside the page margin); returns the x
    where the key starts, for the chart beside it to end short of."""
    from reportlab.graphics.shapes import Line, Rect
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from hollowcli.render.fonts import REGULAR

    longest = max((stringWidth(words, REGULAR, KEY_PT) for *_, words in entries), default=0.0)
    x = width - (KEY_SAMPLE + KEY_GAP + longest)
    for n, (kind, colour, other, words) in enumerate(entries):
        y = height - 4 - n * step - KEY_PT
        if kind == "line":
            d.add(Line(x, y + 2.6, x + KEY_SAMPLE, y + 2.6, strokeColor=HexColor(colour), strokeWidth=1.6,
                       strokeDashArray=_DASH if other else None))
        else:
            d.add(Rect(x + 3, y - 0.5, KEY_SAMPLE - 6, 6.5, fillColor=HexColor(_tint(colour) if other else colour),
                       strokeColor=HexColor(colour) if other else None, strokeWidth=0.6))
        d.add(_string(x + KEY_SAMPLE + KEY_GAP, y, words, KEY_PT))
    return x


#: The dash of an --against run's line (points on, off).
_DASH = [3, 2]


def _ends_chart(doc: dict[str, Any], chapters: list[dict[str, Any]], width: float, height: float) -> Any:
    """A stacked bar per run: won, lost to health, to fear, to the round limit (and an
    --against run's bar right under its chapter's)."""
    from reportlab.graphics.charts.barcharts import HorizontalBarChart
    from reportlab.lib.colors import HexColor

    d = _drawing(width, height)
    chart = HorizontalBarChart()
    chart.x, chart.y, chart.width, chart.height = 165, 22, width - 240, height - 26
    keys = ("won", *causes(doc))
    rows, names = [], []
    for _, run, other in _runs(chapters):
        n = run["games"]
        rows.append([100 * run["wins"] / n] + [100 * run["losses"].get(k, 0) / n for k in keys[1:]])
        names.append(AGAINST_LABEL if other else _fit(_label(run), 160, 7.5))
    chart.data = [[r[i] for r in rows] for i in range(len(keys))]
    chart.categoryAxis.categoryNames = names
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
    key_x = _key(d, [("bar", _END_COLOURS[k], False, "won" if k == "won" else f"lost: {CAUSE_WORDS[k]}")
                     for k in keys], width, height, 9)
    chart.width = key_x - 14 - chart.x
    d.add(chart)
    return d


def _steps(values: list[float], last: int) -> list[tuple[float, float]]:
    """The points of a step line through ``values`` (the value after round 1, 2, ...): flat
    through each round, dropping at its end; flat on to round ``last`` after the final value."""
    points = [(0.0, 100.0)]
    prev = 100.0
    for r, v in enumerate(values, 1):
        points += [(float(r), prev), (float(r), 100 * v)]
        prev = 100 * v
    if len(values) < last:
        points.append((float(last), prev))
    return points


def _not_lost_chart(doc: dict[str, Any], chapters: list[dict[str, Any]], width: float, height: float) -> Any:
    """The chance of not having lost yet after each round, a step line per run (dashed for
    --against). A game won stays "not lost", so each line ends at the run's win rate: a
    variant that wins more ends higher, however long its games last."""
    from reportlab.graphics.charts.lineplots import LinePlot
    from reportlab.lib.colors import HexColor

    d = _drawing(width, height)
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 30, 26, width - 200, height - 32
    runs = _runs(chapters)
    last = max((len(run["not_lost"]) for _, run, _ in runs), default=1)
    entries: list[KeyEntry] = []
    plot.data = [_steps(run["not_lost"], last) for _, run, _ in runs]
    for i, (k, run, other) in enumerate(runs):
        won = f"{100 * run['win_rate']:.1f}% won"
        entries.append(("line", _colour(k), other,
                        f"{AGAINST_LABEL}: {won}" if other else _fit(_label(run), 150, KEY_PT) + f": {won}"))
        plot.lines[i].strokeColor = HexColor(_colour(k))
        plot.lines[i].strokeWidth = 1.6
        if other:
            plot.lines[i].strokeDashArray = _DASH
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, max(1, last)
    plot.xValueAxis.valueStep = max(1, (last + 11) // 12)
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax, plot.yValueAxis.valueStep = 0, 100, 20
    plot.yValueAxis.labelTextFormat = "%d%%"
    plot.xValueAxis.labelTextFormat = "%d"
    _fonts(plot.xValueAxis.labels, plot.yValueAxis.labels)
    key_x = _key(d, entries, width, height)
    plot.width = min(width - 200, key_x - 20 - plot.x)
    d.add(plot)
    d.add(_string(plot.x + plot.width / 2, 2, "round", 7.5, "middle"))
    return d


def _damage_chart(doc: dict[str, Any], chapters: list[dict[str, Any]], width: float, height: float) -> Any:
    return _per_legend_chart(doc, chapters, width, height, "damage")


def _fear_chart(doc: dict[str, Any], chapters: list[dict[str, Any]], width: float, height: float) -> Any:
    return _per_legend_chart(doc, chapters, width, height, "fear")


def _scale(doc: dict[str, Any], run: dict[str, Any], lid: str, key: str) -> float:
    """What 100% is for a Legend's ``key`` in ``run``: its health (damage) or the fear limit."""
    if key == "damage":
        health = run.get("legend_health", doc.get("legend_health", {}))
        return float(health.get(lid) or 1)
    return float(run.get("fear_limit", doc.get("fear_limit")) or 1)


def _per_legend_chart(doc: dict[str, Any], chapters: list[dict[str, Any]], width: float, height: float,
                      key: str) -> Any:
    """A group of bars per Legend, a bar per run (light for --against): the mean ``key``
    (damage or fear) per game as a share of the Legend's health or of the fear limit, with
    its 95% interval as a whisker, and a dashed line at 100%."""
    from reportlab.graphics.shapes import Line, Rect
    from reportlab.lib.colors import HexColor, black

    d = _drawing(width, height)
    ids = list(doc["legend_names"])
    runs = _runs(chapters)
    entries: list[KeyEntry] = [("bar", _colour(k), False, f"chapter {ch['number']}") for k, ch in enumerate(chapters)]
    if any(other for *_, other in runs):
        entries.append(("bar", "#777777", True, "light: with --against"))
    key_x = _key(d, entries, width, height)
    bars = [[tuple(100 * v / _scale(doc, run, lid, key) for v in (run["legends"][lid][key],
                                                                    *run["legends"][lid][f"{key}_ci95"]))
             for lid in ids] for _, run, _ in runs]
    top = max([100.0] + [hi for run in bars for _, _, hi in run])
    step = next(s for s in (10, 20, 25, 50, 100, 200, 500, 1000) if top / s <= 6) if top <= 6000 else top / 5
    y_max = step * -(-top // step)
    x0, base, x1, y1 = 34.0, 16.0, key_x - 14, height - 6

    def at(v: float) -> float:
        return base + (y1 - base) * v / y_max

    for n in range(int(y_max // step) + 1):
        v = n * step
        d.add(Line(x0, at(v), x1, at(v), strokeColor=HexColor("#dddddd"), strokeWidth=0.4))
        d.add(_string(x0 - 3, at(v) - 2.5, f"{v:g}%", 7, "end"))
    d.add(Line(x0, at(100), x1, at(100), strokeColor=black, strokeWidth=0.6, strokeDashArray=[2, 2]))
    d.add(_string(x1 - 2, at(100) - 8, "health" if key == "damage" else "fear limit", 6.5, "end"))
    group = (x1 - x0) / max(1, len(ids))
    bar_w = min(14.0, group * 0.8 / max(1, len(runs)))
    for g, lid in enumerate(ids):
        start = x0 + g * group + (group - bar_w * len(runs)) / 2
        for b, (k, _, other) in enumerate(runs):
            mean, lo, hi = bars[b][g]
            x = start + b * bar_w
            colour = _colour(k)
            d.add(Rect(x + 0.5, base, bar_w - 1, at(mean) - base, fillColor=HexColor(_tint(colour) if other else colour),
                       strokeColor=HexColor(colour) if other else None, strokeWidth=0.6))
            cx = x + bar_w / 2
            cap = min(2.5, bar_w / 3)
            for xa, ya, xb, yb in ((cx, at(lo), cx, at(hi)), (cx - cap, at(lo), cx + cap, at(lo)),
                                   (cx - cap, at(hi), cx + cap, at(hi))):
                d.add(Line(xa, ya, xb, yb, strokeColor=black, strokeWidth=0.7))
        d.add(_string(x0 + (g + 0.5) * group, base - 10, short_name(doc, lid), 7.5, "middle"))
    d.add(Line(x0, base, x1, base, strokeColor=black, strokeWidth=0.6))
    return d


def _table_page(c: Any, doc: dict[str, Any], chapters: list[dict[str, Any]], left: float, top: float,
                width: float, y: float) -> None:
    """After the charts (which end at ``y`` on the page): every figure of them as numbers, a
    block per chapter (never split across pages)."""
    from hollowcli.render.fonts import BOLD, REGULAR
    from hollowcli.render.sheet import finish_page

    ids = list(doc["legend_names"])
    bottom = 15 * 72 / 25.4 + 24  # the margin, and room for the note under the last table
    if y - 40 - 11 * (8 + len(ids)) < bottom:  # not even the first chapter's block fits below the charts
        finish_page(c)
        y = top
    y -= 12
    c.setFont(BOLD, 13)
    c.drawString(left, y, "The figures")
    y -= 22
    for ch in chapters:
        wrapped = [part for line in _chapter_lines(doc, ch) for part in _wrap(c, line, REGULAR, 8.5, width)]
        rows = _legend_rows(doc, ch)
        if y - (14 + 11 * len(wrapped) + 3 + 11 * (1 + len(rows))) < bottom:  # the chapter's block on one page
            finish_page(c)
            y = top - 12
        c.setFont(BOLD, 10)
        c.drawString(left, y, _label(ch) + f" ({ch['chapter']})")
        y -= 14
        c.setFont(REGULAR, 8.5)
        for part in wrapped:
            c.drawString(left, y, part)
            y -= 11
        y = _legend_table(c, rows, left, y - 3) - 12
    c.setFont(REGULAR, 7.5)
    note = ("Damage and fear are means per game, with their 95% intervals (mean ± 1.96 standard errors); "
            "'fell' counts the games in which the Legend was incapacitated or overcome by fear.")
    for n, part in enumerate(_wrap(c, note, REGULAR, 7.5, width)[:2]):
        c.drawString(left, 15 * 72 / 25.4 + 12 - 9 * n, part)


def _chapter_lines(doc: dict[str, Any], ch: dict[str, Any]) -> list[str]:
    """A chapter's figures in sentences: wins, losses and their causes, rounds, the chance of
    still playing (and of not having lost) after each round, and the --against comparison."""
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
        "Not lost yet after round " + ", ".join(f"{r}: {100 * p:.0f}%" for r, p in enumerate(ch["not_lost"], 1)) + ".",
    ]
    a = ch.get("against")
    if a and a["delta"] is not None:
        dlo, dhi = a["delta_ci95"]
        lines.append(f"With --against: won {a['wins']} of {a['games']}: {pct(a['win_rate'])}; change "
                     f"{100 * a['delta']:+.1f} points, 95% interval {100 * dlo:+.1f} to {100 * dhi:+.1f} "
                     "(Newcombe, paired).")
        lines.append(paired_words(a) + ".")
    return lines


def _legend_rows(doc: dict[str, Any], ch: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(name, figures) of each Legend in the chapter, each followed by its --against figures."""
    ids = list(doc["legend_names"])
    a = ch.get("against")
    if a and a["games"]:
        return [row for lid in ids for row in ((doc["legend_names"][lid], ch["legends"][lid]),
                                               ("   with --against", a["legends"][lid]))]
    return [(doc["legend_names"][lid], ch["legends"][lid]) for lid in ids]


def _legend_table(c: Any, rows: list[tuple[str, dict[str, Any]]], left: float, y: float) -> float:
    """The Legends' damage and fear (means and intervals) and how often each fell, from ``y``
    down; where the table ends."""
    from hollowcli.render.fonts import BOLD, REGULAR

    cols = (left + 150, left + 160, left + 265, left + 275, left + 375)
    c.setFont(BOLD, 8.5)
    c.drawString(left + 10, y, "Legend")
    c.drawRightString(cols[0], y, "damage")
    c.drawString(cols[1], y, "95% interval")
    c.drawRightString(cols[2], y, "fear")
    c.drawString(cols[3], y, "95% interval")
    c.drawRightString(cols[4], y, "fell")
    y -= 11
    c.setFont(REGULAR, 8.5)
    for name, v in rows:
        c.drawString(left + 10, y, name)
        c.drawRightString(cols[0], y, f"{v['damage']:.2f}")
        c.drawString(cols[1], y, "{:.2f} to {:.2f}".format(*v["damage_ci95"]))
        c.drawRightString(cols[2], y, f"{v['fear']:.2f}")
        c.drawString(cols[3], y, "{:.2f} to {:.2f}".format(*v["fear_ci95"]))
        c.drawRightString(cols[4], y, str(v["fell"]))
        y -= 11
    return y


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
