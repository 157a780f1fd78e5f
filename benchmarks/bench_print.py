"""Benchmark of the print kit (run: ``python benchmarks/bench_print.py``).

1. ``hollow print kit`` as a whole process against a **fair baseline**: a plain reportlab
   script that loads the same content the same way (hollowcli's pack loader and cache),
   takes the same texts (every card of the kit, copies included: title, subtitle, body
   with the effects in words), and draws the same cards on the same grid with the same
   crop marks, cut lines and four embedded fonts, a light back behind each card, a backs
   page after each fronts page, all of them in one file as the kit's cards.pdf holds them
   (the kinds one after another on shared sheets), streams compressed as the kit's are
   (Flate, no ASCII85). What it leaves out is
   what the kit does on top: templates, icons, fitting text to the card, labels, the
   ruler, a back per kind, and the text pages (duplex test, spawn tables, setup sheets,
   turn-order sheet, index). Both
   run alternately, RUNS times each, cold processes; the best run of each is compared, the
   median is shown too; PASS/FAIL against the target of at most 1.3x.
2. The per-card cost in process: the kit's card files (reference, decks, stat cards)
   built in this process against the baseline's drawing of the same cards, best of
   three, in ms per card (shown, with its ratio; the target applies to item 1).
3. A long deck: 250, 500 and 1,000 distinct cards built in-process; time per card
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

RATIO_TARGET = 1.3
RUNS = 7
#: Flat memory: a card may add no more than this to the peak (the document reportlab
#: holds until it writes the PDF: encoded page content and page objects). Keeping each
#: card's laid-out text around would cost tens of KB per card.
MEMORY_PER_CARD = 2500

#: The fair baseline: the same cards, loaded the same way, on the same sheets.
BASELINE = r'''
import io, sys
from xml.sax.saxutils import escape


def card_texts(pack):
    """(title, subtitle, body) of every card the kit prints, in the kit's order (reference cards,
    stat cards, chapter decks), copies included: one file, as the kit's cards.pdf."""
    from hollowcli.names import chapters_in_order
    from hollowcli.render.geometry import make_spec
    from hollowcli.render.reference import reference_sections

    words = {"damage": "Each Legend takes {} damage", "fear": "Each Legend gains {} fear",
             "heal": "Each Legend regains {} health", "calm": "Each Legend removes {} fear",
             "lock": "Barricade spawn point {}", "unlock": "Remove the barricade from spawn point {}",
             "advance": "The storybook token moves {} extra spot", "tokens": "Each Legend returns {} tokens"}
    files = [[(rc.topic, "Reference", rc.text) for rc in reference_sections(pack, make_spec())]]
    decks = []
    for ch in chapters_in_order(pack.chapters):
        deck = []
        for c in ch.cards:
            effects = [words[k].format(v) if k in words else f"Spawn {v}" for k, v in c.effect.items()]
            body = "\n\n".join([c.text] + (effects or ["No effect: read it aloud, then play on."]))
            deck += [(c.title, f"Chapter {ch.number} · {ch.name}", body)] * c.copies
        decks.append(deck)
    skills = pack.skills
    files.append([(lg.name, lg.title or "Legend", "\n\n".join(
        [f"Health {lg.health} Defense {lg.defense} Move {lg.move} Tokens {lg.tokens}", lg.text]
        + [f"{skills[s].name}: {skills[s].text}" for s in lg.skills if s in skills]))
        for lg in pack.legends.values()])
    files.append([(a.name, a.title or "Ally", f"Health {a.health} Defense {a.defense} Move {a.move}\n\n{a.text or ''}")
                  for a in pack.allies.values()])
    files.append([(f.name, f.cls, f"Health {f.health} Defense {f.defense} Move {f.move}\n\n{f.text or ''}")
                  for f in pack.foes.values()])
    files.append([(i.name, i.kind, i.text) for i in pack.items.values()])
    return [[card for f in files + decks for card in f]]


def draw(files, fonts, out_dir=None):
    """Every card file: cards on the kit's grid with its crop marks and cut lines, light backs."""
    from reportlab import rl_config
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph

    from hollowcli.render.geometry import MM, compute_layout, make_spec

    rl_config.useA85 = 0  # binary Flate streams, as the kit writes (ASCII85 on top is work the kit does not do)
    for name in ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSansCondensed-Bold"):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, f"{fonts}/{name}.ttf"))
    lay = compute_layout(make_spec())
    W, H = lay.spec.card_w * MM, lay.spec.card_h * MM
    body = ParagraphStyle("b", fontName="DejaVuSans", fontSize=10, leading=11.8, spaceAfter=3.5)
    out = []
    for n, cards in enumerate(files):
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(lay.page_w * MM, lay.page_h * MM), invariant=1, initialFontName="DejaVuSans")

        def lines(segs):
            c.setLineWidth(0.3)
            for s in segs:
                c.line(s.x1 * MM, s.y1 * MM, s.x2 * MM, s.y2 * MM)

        for start in range(0, len(cards), lay.per_page):
            batch = cards[start:start + lay.per_page]
            lines(lay.marks())
            for i, (title, subtitle, text) in enumerate(batch):
                r = lay.slot(i)
                x, y = r.x * MM, r.y * MM
                c.setFillColorRGB(0.14, 0.28, 0.23)
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
                    top -= ph + 3.5
            lines(lay.cut_lines())
            c.showPage()
            lines(lay.marks(back=True))
            for i, (title, subtitle, _) in enumerate(batch):
                r = lay.back_slot(i)
                x, y = r.x * MM, r.y * MM
                c.setFillColorRGB(0.86, 0.92, 0.89)
                c.setStrokeColorRGB(0.14, 0.28, 0.23)
                c.ellipse(x + 8.2 * MM, y + 10.6 * MM, x + W - 8.2 * MM, y + H - 10.6 * MM, stroke=1, fill=1)
                c.ellipse(x + 9.5 * MM, y + 11.9 * MM, x + W - 9.5 * MM, y + H - 11.9 * MM, stroke=1, fill=0)
                c.setFillColorRGB(0.14, 0.28, 0.23)
                c.setFont("DejaVuSansCondensed-Bold", 15)
                c.drawCentredString(x + W / 2, y + H / 2, subtitle)
            c.showPage()
        c.save()
        data = buf.getvalue()
        if out_dir:
            with open(f"{out_dir}/base-{n}.pdf", "wb") as fh:
                fh.write(data)
        out.append(data)
    return out


if __name__ == "__main__":
    from hollowcli.commands.common import get_pack

    draw(card_texts(get_pack(())), sys.argv[1], sys.argv[2])
'''


def baseline_module() -> dict:
    """The baseline's functions, loaded in this process (for the per-card cost)."""
    scope: dict = {"__name__": "bench_baseline"}
    exec(compile(BASELINE, "baseline.py", "exec"), scope)  # noqa: S102 - our own code, above
    return scope


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


def run_baseline(script: Path, out: Path) -> float:
    fonts = ROOT / "hollowcli" / "fonts"
    out.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    subprocess.run([sys.executable, str(script), str(fonts), str(out)], check=True, cwd=ROOT)
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
        from hollowcli.commands.common import get_pack

        texts = baseline_module()["card_texts"](get_pack(()))
        counts = [f["cards"] for f in doc["files"] if f["cards"]]
        if sum(counts) != sum(len(f) for f in texts):
            raise SystemExit(f"baseline card count {sum(len(f) for f in texts)} != kit {sum(counts)}")
        run_baseline(script, tmpd / "bwarm")
        kit_times, base_times = [], []
        for i in range(RUNS):
            kit_times.append(run_kit(tmpd / f"k{i}")[0])
            base_times.append(run_baseline(script, tmpd / f"b{i}"))
        k, b = min(kit_times), min(base_times)
        ratio = k / b
        ok = ratio <= RATIO_TARGET
        print(f"hollow print kit: {len(doc['files'])} files, {sum(counts)} cards, "
              f"{sum(f['pages'] for f in doc['files'])} pages; fair baseline: the same {sum(counts)} cards in "
              f"{len(texts)} files, same loader, grid, marks, fonts")
        print(f"  kit      best {k:.3f} s, median {statistics.median(kit_times):.3f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in kit_times)})")
        print(f"  baseline best {b:.3f} s, median {statistics.median(base_times):.3f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in base_times)})")
        print(f"  cold-process ratio of the best runs {ratio:.2f}x "
              f"(median {statistics.median(kit_times) / statistics.median(base_times):.2f}x), "
              f"target <= {RATIO_TARGET}x: {'PASS' if ok else 'FAIL'}")
        return ok


def per_card() -> None:
    """The card files built in this process, against the baseline drawing the same cards."""
    from hollowcli.commands.common import get_pack
    from hollowcli.render.geometry import make_spec
    from hollowcli.render.kit import kit_plan

    pack = get_pack(())
    spec = make_spec()
    base = baseline_module()
    texts = base["card_texts"](pack)
    fonts = str(ROOT / "hollowcli" / "fonts")
    plan = [p for p in kit_plan(pack, spec) if p.kind == "cards"]

    def kit_cards() -> int:
        return sum(p.build().cards for p in plan)

    def best(fn) -> float:  # type: ignore[no-untyped-def]
        times = []
        for _ in range(3):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        return min(times)

    cards = kit_cards()  # warm: templates, fonts
    base["draw"](texts, fonts)
    k = best(kit_cards) / cards * 1000
    b = best(lambda: base["draw"](texts, fonts)) / cards * 1000
    print(f"per card in process ({cards} cards): kit {k:.2f} ms, baseline {b:.2f} ms, ratio {k / b:.2f}x")


def long_deck() -> bool:
    from hollowcli.commands.common import get_pack
    from hollowcli.pack.model import Card
    from hollowcli.render.deck import render_deck
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
            res = render_deck(pack, ch, spec)
            best = min(best, time.perf_counter() - t)
        assert res.cards == n
        return best

    def traced(n: int) -> tuple[int, int]:
        pack, ch = deck_of(n)
        tracemalloc.start()
        res = render_deck(pack, ch, spec)
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
    per_card()
    ok &= long_deck()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
