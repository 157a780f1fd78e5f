"""Benchmark of the print kit (run: ``python benchmarks/bench_print.py``).

1. ``hollow print kit`` as a whole process (start-up, content loading, templates,
   fitting, spawn tables, turn-order sheet, every PDF written) against a minimal
   reportlab script that draws the same cards (the same count, titles and texts, copies
   included) into one file per card file of the kit, with the same four embedded fonts:
   per card a band, a frame, the title, a subtitle and the text as paragraphs, and a
   backs page after each fronts page; no fitting, templates, icons or marks. Both run
   alternately, RUNS times each, in the same session; the best run of each is compared
   (the least disturbed by other work on the machine), medians are shown too; PASS/FAIL
   against the target of at most 1.5x.
2. A long deck: 250, 500 and 1,000 distinct cards built in-process; time per card
   (best of two, without tracing) and the tracemalloc peak (separate run). PASS when the
   time per card stays within 1.5x of the 250-card run and each extra card adds at most
   MEMORY_PER_CARD bytes to the peak: what grows is only the PDF document itself.

Exit status 0 when everything passes, 1 otherwise.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RATIO_TARGET = 1.5
RUNS = 7
#: Flat memory: a card may add no more than this to the peak (the document reportlab
#: holds until it writes the PDF: encoded page content and page objects). Keeping each
#: card's laid-out text around would cost tens of KB per card.
MEMORY_PER_CARD = 2500

BASELINE = r'''
import sys, json
from xml.sax.saxutils import escape
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph
from reportlab.lib.styles import ParagraphStyle

fonts, out_dir, files = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
for name in ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSansCondensed-Bold"):
    pdfmetrics.registerFont(TTFont(name, f"{fonts}/{name}.ttf"))
MM = 72 / 25.4
W, H = 63 * MM, 88 * MM
body = ParagraphStyle("b", fontName="DejaVuSans", fontSize=9, leading=10.6, spaceAfter=3)
for n, cards in enumerate(files):
    c = Canvas(f"{out_dir}/base-{n}.pdf", pagesize=(215.9 * MM, 279.4 * MM), invariant=1,
               initialFontName="DejaVuSans")
    for start in range(0, len(cards), 9):
        batch = cards[start:start + 9]
        for i, (title, subtitle, text) in enumerate(batch):
            x, y = (13.45 + (i % 3) * 63) * MM, (279.4 - 7.7 - (i // 3 + 1) * 88) * MM
            c.setFillColorRGB(0.2, 0.2, 0.3)
            c.rect(x, y + H - 10.6 * MM, W, 10.6 * MM, stroke=0, fill=1)
            c.roundRect(x + 1.8 * MM, y + 1.8 * MM, W - 3.6 * MM, H - 12 * MM, 4, stroke=1, fill=0)
            c.setFillColorRGB(1, 1, 1)
            c.setFont("DejaVuSansCondensed-Bold", 11)
            c.drawString(x + 3 * MM, y + H - 7 * MM, title)
            c.setFillColorRGB(0, 0, 0)
            c.setFont("DejaVuSans-Oblique", 7.5)
            c.drawCentredString(x + W / 2, y + H - 14 * MM, subtitle)
            top = y + H - 17 * MM
            for para in text.split("\n\n"):
                p = Paragraph(escape(para), body)
                _, ph = p.wrap(W - 6 * MM, H)
                p.drawOn(c, x + 3 * MM, top - ph)
                top -= ph + 3
        c.showPage()
        for i, (title, subtitle, text) in enumerate(batch):
            x, y = (13.45 + (2 - i % 3) * 63) * MM, (279.4 - 7.7 - (i // 3 + 1) * 88) * MM
            c.setFillColorRGB(0.2, 0.2, 0.3)
            c.rect(x, y, W, H, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.setFont("DejaVuSansCondensed-Bold", 15)
            c.drawCentredString(x + W / 2, y + H / 2, "Back")
        c.showPage()
    c.save()
'''


def card_texts() -> list[list[tuple[str, str, str]]]:
    """(title, subtitle, body) of every card the kit prints, file by file, copies included."""
    from hollowcli.commands.common import get_pack
    from hollowcli.render import kit

    pack = get_pack(())
    files: list[list[tuple[str, str, str]]] = []
    from hollowcli.render.geometry import make_spec

    files.append([(rc.topic, "Reference", rc.text) for rc in kit.reference_sections(pack, make_spec())])
    for ch in kit.chapters_in_order(pack):
        files.append([(c.title, ch.name, c.text) for c in ch.cards for _ in range(c.copies)])
    skills = pack.skills
    files.append([
        (lg.name, lg.title, "\n\n".join([lg.text] + [f"{skills[s].name}: {skills[s].text}" for s in lg.skills if s in skills]))
        for lg in pack.legends.values()
    ])
    files.append([(f.name, f.cls, f.text or "Attack, move, target.") for f in pack.foes.values()])
    files.append([(i.name, i.kind, i.text) for i in pack.items.values()])
    return files


def run_kit(out: Path) -> tuple[float, dict]:
    t = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "hollowcli", "print", "kit", "--out", str(out), "--json"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    elapsed = time.perf_counter() - t
    if proc.returncode != 0:
        raise SystemExit(f"hollow print kit failed: {proc.stderr}")
    return elapsed, json.loads(proc.stdout)


def run_baseline(script: Path, out: Path, cards: Path) -> float:
    fonts = ROOT / "hollowcli" / "fonts"
    t = time.perf_counter()
    subprocess.run([sys.executable, str(script), str(fonts), str(out), str(cards)], check=True, cwd=ROOT)
    return time.perf_counter() - t


def whole_process() -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        tmpd = Path(tmp)
        script = tmpd / "baseline.py"
        script.write_text(BASELINE)
        # Byte-compile hollowcli as pip does when it installs the wheel (reportlab, jinja2 and
        # click are installed packages and already are), even where PYTHONDONTWRITEBYTECODE is set.
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "hollowcli")], check=True)
        _, doc = run_kit(tmpd / "warm")  # warm caches (content cache, templates) for both sides
        texts = card_texts()
        counts = [f["cards"] for f in doc["files"] if f["cards"]]
        if sum(counts) != sum(len(f) for f in texts):
            raise SystemExit(f"baseline card count {sum(len(f) for f in texts)} != kit {sum(counts)}")
        cards = tmpd / "cards.json"
        cards.write_text(json.dumps(texts))
        run_baseline(script, tmpd, cards)
        kit_times, base_times = [], []
        for i in range(RUNS):
            kit_times.append(run_kit(tmpd / f"k{i}")[0])
            base_times.append(run_baseline(script, tmpd, cards))
        k, b = min(kit_times), min(base_times)
        ratio = k / b
        ok = ratio <= RATIO_TARGET
        print(f"hollow print kit: {len(doc['files'])} files, {sum(counts)} cards, "
              f"{sum(f['pages'] for f in doc['files'])} pages; baseline: the same {sum(counts)} cards")
        print(f"  kit      best {k:.3f} s, median {statistics.median(kit_times):.3f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in kit_times)})")
        print(f"  baseline best {b:.3f} s, median {statistics.median(base_times):.3f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in base_times)})")
        print(f"  ratio of the best runs {ratio:.2f}x (median {statistics.median(kit_times) / statistics.median(base_times):.2f}x), "
              f"target <= {RATIO_TARGET}x: {'PASS' if ok else 'FAIL'}")
        return ok


def long_deck() -> bool:
    from hollowcli.commands.common import get_pack
    from hollowcli.pack.model import Card
    from hollowcli.render import kit
    from hollowcli.render.geometry import make_spec

    sys.path.insert(0, str(ROOT / "tests"))
    from test_print_fixtures import chapter, make_pack

    base_pack = make_pack()
    spec = make_spec()

    def deck_of(n: int) -> tuple[object, object]:
        from dataclasses import replace

        cards = tuple(
            Card(f"c{i}", f"Card number {i}", f"Card {i}: the fog rolls in over row {i % 17}. "
                 + "Each Legend gains 1 {fear}. " * (1 + i % 4), effect={"fear": 1 + i % 2})
            for i in range(n)
        )
        ch = chapter(cards, cid="long")
        return replace(base_pack, chapters={"long": ch}), ch

    def timed(n: int) -> float:
        pack, ch = deck_of(n)
        best = float("inf")
        for _ in range(2):
            t = time.perf_counter()
            res = kit.render_deck(pack, ch, spec)
            best = min(best, time.perf_counter() - t)
        assert res.cards == n
        return best

    def traced(n: int) -> tuple[int, int]:
        pack, ch = deck_of(n)
        tracemalloc.start()
        res = kit.render_deck(pack, ch, spec)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return peak, len(res.data)

    del get_pack
    timed(20)  # warm-up: imports, font registration, template compilation
    traced(20)
    rows = [(n, timed(n), *traced(n)) for n in (250, 500, 1000)]
    print("long deck (distinct cards, backs on):")
    base_per_card = rows[0][1] / rows[0][0]
    for n, t, peak, size in rows:
        print(f"  {n:5d} cards: {t:.3f} s ({t / n * 1000:.2f} ms/card), peak memory {peak / 1e6:.2f} MB, "
              f"PDF {size / 1e6:.2f} MB")
    per_card_ok = all(t / n <= base_per_card * 1.5 for n, t, _, _ in rows)
    slope = (rows[-1][2] - rows[0][2]) / (rows[-1][0] - rows[0][0])
    pdf_slope = (rows[-1][3] - rows[0][3]) / (rows[-1][0] - rows[0][0])
    mem_ok = slope <= MEMORY_PER_CARD
    print(f"  time per card within 1.5x of the 250-card run: {'PASS' if per_card_ok else 'FAIL'}")
    print(f"  memory per extra card {slope / 1e3:.2f} KB (the PDF itself grows {pdf_slope / 1e3:.2f} KB/card; "
          f"bound {MEMORY_PER_CARD / 1e3:.1f} KB): {'PASS' if mem_ok else 'FAIL'}")
    return per_card_ok and mem_ok


def main() -> int:
    os.environ.setdefault("NO_COLOR", "1")
    ok = whole_process()
    ok &= long_deck()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
