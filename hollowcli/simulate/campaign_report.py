"""What ``hollow simulate --campaign ID`` shows: the terminal summary and the report page.

Both read the document :func:`hollowcli.simulate.campaign.document` builds (the
``--json`` form), so the text, the JSON and the page show the same figures.
"""

from __future__ import annotations

from typing import Any

from hollowcli.names import plural
from hollowcli.simulate.report import interval_bar, pct

#: The page's title (tests look for it).
PAGE_TITLE = "Whole campaigns"


def _subtitle(doc: dict[str, Any]) -> str:
    c = doc["campaign"]
    return (f"{plural(c['runs'], 'run')} of {c['name']} ({c['id']}), seed {doc['seed']}, policy {doc['policy']}, "
            f"at most {plural(doc['max_rounds'], 'round')} a game and {plural(c['max_chapters'], 'game')} a run")


def _share_words(s: dict[str, Any], runs: int) -> str:
    lo, hi = s["ci95"]
    return f"{s['count']} of {runs}: {pct(s['share'])} (95% interval {pct(lo)} to {pct(hi)})"


def _attempts(a: dict[str, Any]) -> str:
    if a["mean"] is None:
        return "-"
    return f"{a['mean']:.2f} (at most {a['max']})"


def text_summary(doc: dict[str, Any]) -> list[str]:
    """The terminal summary: every figure of the ``campaign`` block, as text with bars."""
    c = doc["campaign"]
    runs = c["runs"]
    out = [f"{plural(c['runs'], 'run')} of the campaign {c['name']} ({c['id']}), seed {doc['seed']}, "
           f"policy {doc['policy']};",
           f"at most {plural(doc['max_rounds'], 'round')} a game and {plural(c['max_chapters'], 'game')} a run.",
           f"(run i: a new campaign --from {c['id']}, its first game 'hollow play --auto",
           f"--seed {doc['seed']}+i'; each interlude question gets its first option, as --auto does)"]
    if not doc["complete"]:
        out.append("Interrupted: the figures below are of the runs finished.")
    out.append("")
    if not runs:
        out.append("No run finished.")
        return out
    out.append(f"Finished the campaign: {_share_words(c['finished'], runs)}")
    out.append("  " + interval_bar(c["finished"]["share"], *c["finished"]["ci95"]))
    out.append(f"(a run stops, not finished, after {plural(c['max_chapters'], 'game')}; "
               f"{plural(c['games'], 'game')} played in all)")
    for ch in c["chapters"]:
        out.append("")
        number = f"Chapter {ch['number']}: " if ch["number"] is not None else "Chapter "
        out.append(f"{number}{ch['name']} ({ch['id']})")
        out.append(f"  Reached by {_share_words(ch['reached'], runs)}")
        out.append(f"  Won by     {_share_words(ch['won'], runs)}")
        out.append("  " + interval_bar(ch["won"]["share"], *ch["won"]["ci95"]))
        out.append(f"  Games of it per run that reached it: {_attempts(ch['attempts'])}")
    return [line.rstrip() for line in out]


def campaign_pdf(doc: dict[str, Any], paper: str = "letter") -> bytes:
    """The report of ``--campaign``: one page with a bar per chapter (the share of runs that
    reach it, and inside it the share that win it, each with its 95% interval as a
    whisker), the share that finish, and the table of the figures. Identical bytes for
    identical input."""
    from hollowcli.render.fonts import BOLD, OBLIQUE, REGULAR
    from hollowcli.render.sheet import finish_page
    from hollowcli.simulate.report import _fit, report_page

    c = doc["campaign"]
    cv, buf, left, top, width = report_page(paper, _subtitle(doc),
                                            lambda room: f"{PAGE_TITLE}: {_fit(c['name'], room - 140, 15, BOLD)}")
    y = top - 38
    if not doc["complete"]:
        cv.drawString(left, y, "Interrupted: these figures are of the runs finished.")
        y -= 11
    runs = c["runs"] or 1
    rows = [(ch["name"], ch["reached"], ch["won"]) for ch in c["chapters"]]
    rows.append(("Finished the campaign", c["finished"], None))
    y = _bars(cv, rows, left, y - 8, width)
    y -= 16
    cv.setFont(BOLD, 10.5)
    cv.drawString(left, y, "The figures")
    y -= 15
    cols = (left, left + width * 0.42, left + width * 0.62, left + width * 0.82)
    heads = ("Chapter", "Reached (95%)", "Won (95%)", "Games per run*")
    cv.setFont(BOLD, 8)
    for x, head in zip(cols, heads, strict=True):
        cv.drawString(x, y, head)
    y -= 12
    cv.setFont(REGULAR, 8)
    for ch in c["chapters"]:
        label = f"{ch['number']}. {ch['name']}" if ch["number"] is not None else ch["name"]
        cells = (_fit(f"{label} ({ch['id']})", cols[1] - cols[0] - 6, 8), _cell(ch["reached"]), _cell(ch["won"]),
                 _attempts(ch["attempts"]))
        for x, text in zip(cols, cells, strict=True):
            cv.drawString(x, y, text)
        y -= 11
    cv.setFont(BOLD, 8)
    cv.drawString(cols[0], y, "Finished the campaign")
    cv.drawString(cols[1], y, _cell(c["finished"]))
    y -= 16
    cv.setFont(OBLIQUE, 7.5)
    for line in (f"Shares are of all {plural(runs, 'run')}, with their 95% Wilson intervals. *Games of the chapter "
                 "played per run, among the runs that reached it (a loss is played again unless the campaign goes on).",
                 f"A run stops unfinished after {plural(c['max_chapters'], 'game')}; {plural(c['games'], 'game')} "
                 "were played in all. Interlude questions are answered as --auto answers them (the first option)."):
        for part in _wrap(line, width, 7.5):
            cv.drawString(left, y, part)
            y -= 9.5
    finish_page(cv)
    cv.save()
    return buf.getvalue()


def _cell(s: dict[str, Any]) -> str:
    lo, hi = s["ci95"]
    return f"{pct(s['share'])} ({100 * lo:.0f}-{100 * hi:.0f})"


def _wrap(text: str, width: float, size: float, font: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` points (the oblique body font unless ``font``)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from hollowcli.render.fonts import OBLIQUE

    font = font or OBLIQUE
    lines: list[str] = []
    for word in text.split():
        if lines and stringWidth(lines[-1] + " " + word, font, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _bars(cv: Any, rows: list[tuple[str, dict[str, Any], dict[str, Any] | None]], left: float, y: float,
          width: float) -> float:
    """A bar per row from 0 to 100%: light to the share that reach the chapter, dark to the
    share that win it, a whisker for each interval. Returns the y below the chart."""
    from reportlab.lib.colors import HexColor, black

    from hollowcli.render.fonts import REGULAR
    from hollowcli.simulate.report import _fit

    x0, x1 = left + 150, left + width - 80
    span = x1 - x0
    row_h = 17.0
    top = y
    bottom = y - row_h * len(rows)
    cv.setFont(REGULAR, 7)
    for tick in range(0, 101, 10):
        x = x0 + span * tick / 100
        cv.setStrokeColor(HexColor("#dddddd"))
        cv.setLineWidth(0.4)
        cv.line(x, bottom, x, top)
        cv.setFillColor(black)
        cv.drawCentredString(x, bottom - 9, f"{tick}%")
    for n, (label, reached, won) in enumerate(rows):
        yc = top - (n + 0.5) * row_h
        cv.setFillColor(black)
        cv.setFont(REGULAR, 7.5)
        cv.drawString(left, yc - 3, _fit(label, 145, 7.5))
        # (bar colour, its height, where its whisker is drawn and in which colour)
        shown = [(reached, "#a9c4dc", 10.0, yc + 3.2, "#4f7396")] if won is not None else \
            [(reached, "#3d7a3a", 10.0, yc, "#000000")]
        if won is not None:
            shown.append((won, "#1f5a8c", 5.0, yc - 1.2, "#000000"))
        for share, colour, bh, _yw, _ink in shown:
            cv.setFillColor(HexColor(colour))
            cv.rect(x0, yc - bh / 2, span * (share["share"] or 0.0), bh, stroke=0, fill=1)
        for share, _colour, _bh, yw, ink in shown:  # the whiskers over both bars
            lo, hi = share["ci95"]
            cv.setStrokeColor(HexColor(ink))
            cv.setLineWidth(0.8)
            cv.line(x0 + span * lo, yw, x0 + span * hi, yw)
            for x in (x0 + span * lo, x0 + span * hi):
                cv.line(x, yw - 2.2, x, yw + 2.2)
        cv.setFillColor(black)
        cv.setFont(REGULAR, 7)
        figure = f"{pct(reached['share'])}" + (f" / {pct(won['share'])}" if won is not None else "")
        cv.drawString(x1 + 4, yc - 2.5, figure)
    cv.setStrokeColor(black)
    cv.setLineWidth(0.6)
    cv.line(x0, bottom, x1, bottom)
    cv.setFont(REGULAR, 7)
    y = bottom - 20
    for part in _wrap("Light bar: the share of runs that reach the chapter; dark bar: the share that win it; "
                      "whiskers: their 95% intervals (the upper one is the light bar's); right: reached / won.",
                      width, 7, REGULAR):
        cv.drawString(left, y, part)
        y -= 8.5
    return y - 4
