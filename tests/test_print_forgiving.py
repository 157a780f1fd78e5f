"""The kit's third edition as a printer and a player meet it: backs that forgive a printer's
shift, sheets that do not waste card, text large enough to read, an index to print by."""

from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from click.testing import CliRunner
from test_print_fixtures import make_pack

from hollowcli.cli import cli
from hollowcli.commands.common import get_pack
from hollowcli.errors import UsageError
from hollowcli.names import chapters_in_order
from hollowcli.render.all_cards import render_all_cards
from hollowcli.render.cardface import fit_face
from hollowcli.render.deck import render_deck, set_aside
from hollowcli.render.duplex import render_duplex_test
from hollowcli.render.fonts import REGULAR
from hollowcli.render.geometry import MAX_BACK_OFFSET, MM, Layout, Rect, compute_layout, make_spec
from hollowcli.render.index import first_chapter_needs
from hollowcli.render.markup import parse_blocks
from hollowcli.render.reference import reference_sections, render_reference
from hollowcli.render.stat_cards import CARD_KINDS, render_cards

PAPERS = ("letter", "a4")
#: The smallest body text on a card face (pt).
READABLE_PT = 8.5


def print_kit(out: Path, *args: str) -> dict[str, Any]:
    res = CliRunner().invoke(cli, ["print", "kit", "--out", str(out), "--json", *args])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sample kit, built once per paper."""
    out = {}
    for paper in PAPERS:
        folder = tmp_path_factory.mktemp(f"kit-{paper}")
        print_kit(folder, "--paper", paper)
        out[paper] = folder
    return out


def box(obj: dict[str, Any], page_h: float) -> Rect:
    """A pdfplumber object's box in mm, from the bottom left (as the layout counts); a stroked
    line or shape with half its line's width on each side, where its ink reaches."""
    r = Rect(obj["x0"] / MM, (page_h - obj["bottom"]) / MM, (obj["x1"] - obj["x0"]) / MM,
             (obj["bottom"] - obj["top"]) / MM)
    if obj.get("object_type") in ("line", "rect", "curve") and obj.get("stroke"):
        r = r.grown((obj.get("linewidth") or 0) / 2 / MM)
    return r


def drawn(page: pdfplumber.page.Page) -> list[dict[str, Any]]:
    return page.chars + page.lines + page.rects + page.curves


def inside(inner: Rect, outer: Rect, tol: float = 0.02) -> bool:
    return (inner.x >= outer.x - tol and inner.y >= outer.y - tol and inner.x2 <= outer.x2 + tol
            and inner.y2 <= outer.y2 + tol)


# --------------------------------------------------------------------------- backs that forgive a shift
def back_slots(lay: Layout) -> list[Rect]:
    return [lay.back_slot(i) for i in range(lay.per_page)]


@pytest.mark.parametrize("opts", [{}, {"paper": "a4"}, {"backs_style": "plain"}, {"backs": "short"},
                                  {"back_offset": "2,-4"}, {"size": "mini"}, {"size": "tarot", "paper": "a4"}])
def test_a_back_holds_nothing_within_3_mm_of_its_trim(opts: dict[str, str]) -> None:
    """A printer that shifts the back side by up to 3 mm moves no ink off the card: everything a
    backs page draws over a card is 3 mm or more inside its trim (no frame near the edge, no cut
    line across the cards); marks and the label stay in the margins."""
    pack = get_pack(())
    spec = make_spec(**opts)
    lay = compute_layout(spec)
    res = render_cards(pack, "items", spec)
    slots = back_slots(lay)
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        backs = [pdf.pages[n - 1] for n in res.back_pages]
        assert backs
        for page in backs:
            h = float(page.height)
            objs = drawn(page)
            assert any(o.get("text") for o in objs)  # the backs' words are there to be checked
            for obj in objs:
                b = box(obj, h)
                for slot in slots:
                    if b.intersects(slot):
                        assert inside(b, slot.grown(-3.0)), (opts, obj.get("text") or obj["object_type"], b, slot)


def test_dark_backs_with_bleed_run_to_the_edge_of_the_bleed() -> None:
    spec = make_spec(backs_style="dark", bleed=3)
    lay = compute_layout(spec)
    res = render_cards(make_pack(), "foes", spec)
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        page = pdf.pages[1]
        fills = [box(r, float(page.height)) for r in page.rects if r.get("fill")]
    cells = [lay.back_slot(i).grown(3.0) for i in range(2)]
    for cell in cells:
        assert any(abs(f.x - cell.x) < 0.05 and abs(f.w - cell.w) < 0.05 and abs(f.h - cell.h) < 0.05 for f in fills)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("offset", ["0,-1.5", "0,1.5", "4,-4", "-4,4", "0,-4", "10,-10"])
def test_a_back_offset_is_checked_against_the_backs_print_not_the_card_edge(paper: str, offset: str) -> None:
    """Home printers shift the back 1-4 mm: on poker 9-up (7.7 mm above and below the cards on
    Letter) a light back's print sits far enough inside the card for any offset up to the most
    --back-offset takes; the backs move by it."""
    plain = compute_layout(make_spec(paper=paper))
    lay = compute_layout(make_spec(paper=paper, back_offset=offset))
    dx, dy = (float(v) for v in offset.split(","))
    a, b = plain.back_slot(0), lay.back_slot(0)
    assert (b.x - a.x, b.y - a.y) == pytest.approx((dx, dy))


def test_an_offset_that_pushes_a_backs_print_off_the_printable_area_is_still_refused() -> None:
    # 40 mm square cards: 7.95 mm from the cards to the left and right edges of Letter, and a light
    # back's print 6 mm inside the card; 8 mm to the left leaves it 5.95 mm from the edge
    compute_layout(make_spec(size="40x40", back_offset="-7,0"))
    with pytest.raises(UsageError) as e:
        compute_layout(make_spec(size="40x40", back_offset="-8,0"))
    assert str(e.value).startswith("--back-offset -8,0 pushes the print of the backs to 6.0 mm from the left edge")
    # a dark back is colour to the card's edge: its edge is what counts
    with pytest.raises(UsageError, match="pushes the backs to 6.2 mm from the bottom edge"):
        compute_layout(make_spec(back_offset="0,-1.5", backs_style="dark"))
    # a pack's back template that asks for dark backs is checked when the backs are drawn
    with pytest.raises(UsageError, match="pushes the backs to"):
        from dataclasses import replace

        face = replace(parse_blocks("@layout back\n@band foe\n@backstyle dark\n@title Foe\n", "back"))
        spec = make_spec(back_offset="0,-1.5")
        from hollowcli.render.sheet import card_sheets

        card_sheets([], face, compute_layout(spec), "t", "s", count=0)


def test_print_accepts_a_4_mm_shift_and_moves_the_backs_by_it(tmp_path: Path) -> None:
    runner = CliRunner()
    for name, offset in (("plain", "0,0"), ("moved", "0,-4")):
        res = runner.invoke(cli, ["print", "deck", "schoolhouse", "--back-offset", offset, "--out", str(tmp_path / name)])
        assert res.exit_code == 0, res.output
    ovals = {}
    for name in ("plain", "moved"):
        with pdfplumber.open(str(tmp_path / name / "deck-schoolhouse.pdf")) as pdf:
            page = pdf.pages[1]
            ovals[name] = sorted((round(c["x0"] / MM, 2), round((float(page.height) - c["bottom"]) / MM, 2))
                                 for c in page.curves if c.get("fill"))
    assert len(ovals["plain"]) == 9
    for (xa, ya), (xb, yb) in zip(ovals["plain"], ovals["moved"]):
        assert (xb - xa, yb - ya) == pytest.approx((0.0, -4.0), abs=0.02)


# --------------------------------------------------------------------------- the duplex test
def number_words(page: pdfplumber.page.Page) -> list[dict[str, Any]]:
    """The numbers on a page (words split at any gap wider than 1 pt, so close numbers stay apart)."""
    return [w for w in page.extract_words(x_tolerance=1, extra_attrs=["size"]) if re.fullmatch(r"-?\d+", w["text"])]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("backs, offset", [("long", "0,0"), ("short", "0,0"), ("long", "3,-2"), ("short", "-10,10")])
def test_the_duplex_test_reads_every_offset_with_numbers_that_do_not_touch(paper: str, backs: str, offset: str) -> None:
    res = render_duplex_test(make_spec(paper=paper, backs=backs, back_offset=offset))
    reach = int(MAX_BACK_OFFSET)
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        front, back = pdf.pages
        # every scale reads the whole range --back-offset takes, numbered every 2 mm
        numbers = number_words(back)
        values = [int(w["text"]) for w in numbers]
        for v in range(-reach, reach + 1, 2):
            assert values.count(v) == 6, (v, values.count(v))  # 3 targets x (X scale, Y scale)
        assert min(w["size"] for w in numbers) >= 6.0
        scales = [ln for ln in back.lines if abs((ln["x1"] - ln["x0"]) - 2 * reach * MM) < 0.1
                  or abs((ln["bottom"] - ln["top"]) - 2 * reach * MM) < 0.1]
        assert len(scales) == 6
        # no word of the back touches another (the numbers, the title, the targets' names)
        h = float(back.height)
        words = [box(w, h) for w in back.extract_words(x_tolerance=1)]
        for a, b in itertools.combinations(words, 2):
            assert not a.intersects(b), (a, b)
        # on the front the targets' lines cross no word of the instructions
        h = float(front.height)
        text = [box(w, h).grown(0.5) for w in front.extract_words()]
        crosses = [box(ln, h) for ln in front.lines if max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) > 40 * MM
                   and box(ln, h).y > 15]  # not the 50 mm ruler at the foot of the page
        assert len(crosses) == 6
        for line in crosses:
            assert not any(line.intersects(t) for t in text), line
        # everything stays inside the printable area
        for page in (front, back):
            for obj in drawn(page):
                b = box(obj, float(page.height))
                assert b.x >= 6.3 and b.y >= 6.3 and b.x2 <= float(page.width) / MM - 6.3, obj.get("text")


# --------------------------------------------------------------------------- sheets filled across kinds
@pytest.mark.parametrize("paper", PAPERS)
def test_the_kit_puts_every_card_in_one_file_on_full_sheets(kits: dict[str, Path], paper: str) -> None:
    pack = get_pack(())
    lay = compute_layout(make_spec(paper=paper))
    with pdfplumber.open(str(kits[paper] / "cards.pdf")) as pdf:
        pages = len(pdf.pages)
    res = render_all_cards(pack, make_spec(paper=paper))
    sheets = pages // 2
    assert res.pages == pages and sheets == -(-res.cards // lay.per_page)
    assert res.cards / (sheets * lay.per_page) >= 0.85
    expected = sum(c.copies for ch in pack.chapters.values() for c in ch.cards)
    expected += sum(n for ch in pack.chapters.values() for n in set_aside(ch).values())  # added by events
    expected += len(pack.legends) + len(pack.allies) + len(pack.foes) + len(pack.items)
    expected += len(reference_sections(pack, make_spec(paper=paper)))
    assert res.cards == expected
    assert not list(kits[paper].glob("deck-*.pdf")) and not list(kits[paper].glob("cards-*.pdf"))


def test_every_card_has_its_kinds_back_and_the_index_says_where_it_is(kits: dict[str, Path]) -> None:
    pack = get_pack(())
    spec = make_spec()
    lay = compute_layout(spec)
    res = render_all_cards(pack, spec)
    backs = {"Reference cards": "Reference", "Legends": "Legend", "Allies": "Ally", "Foes": "Foe",
             "Items and relics": "Item"}
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        for p in res.where:
            front, back = pdf.pages[2 * p.sheet - 2], pdf.pages[2 * p.sheet - 1]
            for slot in range(p.first, p.last + 1):
                r = lay.slot(slot - 1)
                h = float(front.height)
                words = [w["text"] for w in front.extract_words() if inside(box(w, h), r)]
                assert " ".join(words).startswith(p.name.removesuffix(" (set aside)")), (p, words[:6])
                if p.name.endswith(" (set aside)"):
                    assert "Set aside: not in the deck at setup" in " ".join(words), (p, words)
                br = lay.back_slot(slot - 1)
                on_back = [w["text"] for w in back.extract_words() if inside(box(w, h), br)]
                want = backs.get(p.group) or p.group.replace(" deck", "").split(" ")[0]
                assert on_back[0] == want, (p, on_back)
    with pdfplumber.open(str(kits["letter"] / "index.pdf")) as pdf:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
    assert "Where each card is: cards.pdf" in text and "1 (p. 1\u20132)" in text
    text = re.sub(r"\b\d+ \(p\. \d+\u2013\d+\) ", "", text)  # the sheet column, read across the row
    for p in res.where:
        slot = str(p.first) if p.first == p.last else f"{p.first}\u2013{p.last}"
        assert f"{slot} {p.name}" in text, p


# --------------------------------------------------------------------------- text large enough to read
def faces_of(page: pdfplumber.page.Page, lay: Layout) -> list[list[dict[str, Any]]]:
    h = float(page.height)
    out = []
    for i in range(lay.per_page):
        r = lay.slot(i)
        chars = [c for c in page.chars if inside(box(c, h), r)]
        if chars:
            out.append(chars)
    return out


@pytest.mark.parametrize("paper, size", [("letter", "poker"), ("a4", "poker"), ("letter", "mini"), ("a4", "tarot")])
def test_every_card_face_sets_its_body_at_8_5_pt_or_more(paper: str, size: str) -> None:
    """Body text (the regular face, leaving out the 6 pt footer) is 8.5 pt or more on every card,
    small cards included."""
    pack = get_pack(())
    spec = make_spec(paper=paper, size=size)
    lay = compute_layout(spec)
    files = [render_reference(pack, spec)] + [render_cards(pack, k, spec) for k in CARD_KINDS]
    files += [render_deck(pack, ch, spec) for ch in chapters_in_order(pack.chapters)]
    seen = 0
    for res in files:
        with pdfplumber.open(io.BytesIO(res.data)) as pdf:
            for n, page in enumerate(pdf.pages, 1):
                if n in res.back_pages or n > 2 * -(-res.cards // lay.per_page):
                    continue  # backs, and the turn-order sheet after the reference cards
                for chars in faces_of(page, lay):
                    body = [c["size"] for c in chars if c["fontname"].endswith(REGULAR) and c["size"] > 6.5]
                    assert body and min(body) >= READABLE_PT - 0.01, "".join(c["text"] for c in chars)[:60]
                    seen += 1
    assert seen == sum(r.cards for r in files) >= 80


LONG_BODY = "\n".join(f"- Rule {i}: a Legend on a square with a lantern may move one more square." for i in range(5))


def face(body: str, flavour: str) -> Any:
    return parse_blocks(f"@band legend\n@title Test\n@body\n{body}\n@flavour {flavour}\n", "test")


def test_flavour_text_comes_along_only_while_the_body_reads_at_8_5_pt() -> None:
    roomy = fit_face(face("**Attack:** 2 dice.", "An old lamp hums in the dark."), 63, 88, 0)
    assert roomy.flavour and roomy.sizes["body"] == 12.0
    assert any("old lamp" in getattr(p.flowable, "text", "") or "old lamp" in str(vars(p.flowable))
               for p in roomy.placed)
    long_flavour = " ".join(["The fog remembers every name it ever swallowed."] * 6)
    tight = fit_face(face(LONG_BODY, long_flavour), 63, 88, 0)
    assert not tight.flavour and tight.sizes["body"] >= READABLE_PT and not tight.overflow
    with_it = fit_face(parse_blocks(f"@band legend\n@title Test\n@body\n{LONG_BODY}\n\n*{long_flavour}*\n", "t"),
                       63, 88, 0)
    assert with_it.sizes["body"] < READABLE_PT  # as plain body text it would have pulled the size down


# --------------------------------------------------------------------------- bands inside the safe zone
@pytest.mark.parametrize("size", ["poker", "mini", "tarot"])
def test_without_bleed_nothing_on_a_face_comes_within_3_mm_of_the_trim(size: str) -> None:
    """The colour band is a box inside the safe zone, the title inside it, the footer above it."""
    spec = make_spec(size=size, paper="a4")
    lay = compute_layout(spec)
    for kind in ("legends", "foes", "items"):
        res = render_cards(get_pack(()), kind, spec)
        with pdfplumber.open(io.BytesIO(res.data)) as pdf:
            page = pdf.pages[0]
            h = float(page.height)
            for obj in drawn(page):
                b = box(obj, h)
                for i in range(lay.per_page):
                    slot = lay.slot(i)
                    if b.intersects(slot):
                        assert inside(b, slot.grown(-3.0)), (size, obj.get("text") or obj["object_type"], b, slot)
            titles = [c for c in page.chars if c["fontname"].endswith("Condensed-Bold")]
            assert titles
            for c in titles:  # titles keep 1.5 mm more from the band's ends
                b = box(c, h)
                slot = next(lay.slot(i) for i in range(lay.per_page) if b.intersects(lay.slot(i)))
                assert b.x - slot.x >= 4.4 and slot.y2 - b.y2 >= 3.0, (size, c["text"])


def test_with_bleed_the_band_runs_into_the_bleed() -> None:
    spec = make_spec(bleed=3)
    lay = compute_layout(spec)
    res = render_cards(make_pack(), "foes", spec)
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        page = pdf.pages[0]
        bands = [box(r, float(page.height)) for r in page.rects if r.get("fill")]
    cell = lay.slot(0).grown(3.0)
    assert any(abs(b.x - cell.x) < 0.05 and abs(b.y2 - cell.y2) < 0.05 and abs(b.w - cell.w) < 0.05 for b in bands)


# --------------------------------------------------------------------------- the index, a checklist
@pytest.mark.parametrize("paper", PAPERS)
def test_the_index_is_a_first_timers_checklist(kits: dict[str, Path], paper: str) -> None:
    names = [p.name for p in sorted(kits[paper].iterdir())]
    assert "duplex-test.pdf" in names
    with pdfplumber.open(str(kits[paper] / "index.pdf")) as pdf:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
    first = text.index("Your first printing")
    assert text.index("duplex-test.pdf", first) < text.index("cards.pdf", first)
    assert "What chapter 1 (The Schoolhouse by the Mill Pond) needs: cards.pdf pages 1\u201312 on card stock" in text
    assert "setup-schoolhouse.pdf" in text and "spawn-tables.pdf page 1 on paper" in text
    assert "The rest when you reach its chapter: cards.pdf pages 13\u201324" in text
    # the table lists the files in print order, each with what to print it on
    with pdfplumber.open(str(kits[paper] / "index.pdf")) as pdf:
        rows = [[" ".join((cell or "").split()) for cell in row]
                for page in pdf.pages for table in page.extract_tables() for row in table]
    files = {row[0]: row for row in rows if row[0].endswith(".pdf")}
    assert list(files)[:3] == ["duplex-test.pdf", "cards.pdf", "turn-order.pdf"]
    assert list(files)[-1] == "spawn-tables.pdf"
    assert files["cards.pdf"][2] == "card stock, two-sided (long edge)"
    assert " 24 101 " in " ".join(files["cards.pdf"][3:]).join("  ")  # its pages and cards (101: the outfit of the sample campaign)
    assert files["duplex-test.pdf"][2] == "paper, two-sided (long edge)"
    assert all(files[n][2] == "paper, one-sided" for n in files if n.startswith(("setup-", "spawn-", "turn-")))


def test_the_chapter_1_pages_hold_every_card_chapter_1_needs(kits: dict[str, Path]) -> None:
    res = render_all_cards(get_pack(()), make_spec())
    needed = set(first_chapter_needs(chapters_in_order(get_pack(()).chapters)[0]))
    last_sheet = max(p.sheet for p in res.where if p.group in needed)
    assert last_sheet * 2 == 12  # "cards.pdf pages 1-12"
    parts = {what: (a, b) for what, a, b in res.parts}
    assert parts["Chapter 1 deck"][1] == 12 and parts["Reference cards"][0] == 1


@pytest.mark.parametrize("paper", PAPERS)
def test_no_heading_is_left_at_the_foot_of_an_index_page(kits: dict[str, Path], paper: str) -> None:
    with pdfplumber.open(str(kits[paper] / "index.pdf")) as pdf:
        for page in pdf.pages:
            lines = page.extract_text_lines()
            body = [ln for ln in lines if ln["top"] < float(page.height) - 16 * MM]  # above the label and ruler
            last = body[-1]
            sizes = {round(c["size"], 1) for c in last["chars"]}
            assert sizes != {13.5}, last["text"]  # 13.5 pt is a heading


def test_an_index_heading_moves_to_the_next_page_with_its_text() -> None:
    """Whatever the number of files and notes, no page of the index ends on a heading."""
    from hollowcli.render.index import IndexEntry, index_pages

    entries = [IndexEntry(f"file-{n}.pdf", "a file of cards " * (1 + n % 3), 2, 9, (2,)) for n in range(40)]
    for n in range(8, 40):
        res = index_pages(make_spec(), entries[:n], [f"note number {k} about the layout" for k in range(3)])
        with pdfplumber.open(io.BytesIO(res.data)) as pdf:
            for page in pdf.pages:
                lines = [ln for ln in page.extract_text_lines() if ln["top"] < float(page.height) - 16 * MM]
                assert {round(c["size"], 1) for c in lines[-1]["chars"]} != {13.5}, (n, lines[-1]["text"])


# --------------------------------------------------------------------------- reference cards
def test_the_adversary_phase_fills_its_cards_and_searching_has_a_card() -> None:
    from hollowcli.render.cardface import SAFE_MM, measure_text

    pack = get_pack(())
    spec = make_spec()
    cards = reference_sections(pack, spec)
    room = fit_face(parse_blocks("@band reference\n@title T\n@body\nx\n@footer f\n", "t"), 63, 88, 0).body_room
    adversary = [c for c in cards if c.topic == "Adversary phase"]
    assert len(adversary) == 2
    for c in adversary:
        used = measure_text(c.text, (63 - 2 * SAFE_MM) * MM, 10.0)
        assert used >= 0.5 * room, c.text  # no card of it more than half empty
    search = [c for c in cards if "Searching" in c.topic]
    assert len(search) == 1
    assert "search spot" in search[0].text and "setup sheet" in search[0].text and "item" in search[0].text
    assert len(cards) <= 11


# --------------------------------------------------------------------------- mini cards on Letter
def test_mini_cards_on_letter_carry_the_sheet_label_and_the_ruler(tmp_path: Path) -> None:
    """The full grid of mini cards (18 on Letter, landscape) leaves 1.4 mm of printable margin;
    the layout gives up a column for the ruler and the label the docs promise."""
    res = CliRunner().invoke(cli, ["print", "cards", "items", "--size", "mini", "--out", str(tmp_path), "--json"])
    assert res.exit_code == 0, res.output
    assert not [n for n in json.loads(res.stdout)["notes"] if "ruler" in n or "label" in n]
    lay = compute_layout(make_spec(size="mini"))
    assert lay.per_page == 15 and lay.ruler() is not None
    with pdfplumber.open(str(tmp_path / "cards-items.pdf")) as pdf:
        sheets = len(pdf.pages) // 2
        for n, page in enumerate(pdf.pages):
            chars = "".join(c["text"] for c in page.chars)
            side = "fronts" if n % 2 == 0 else "backs"
            assert f"cards-items · sheet {n // 2 + 1} of {sheets} · {side}" in chars
            assert ("print at 100%: must measure 50 mm" in chars) is (side == "fronts")


def test_cards_pdf_is_the_same_bytes_for_the_same_input() -> None:
    pack = get_pack(())
    for opts in ({}, {"paper": "a4", "backs": "short", "back_offset": "2,-3"}, {"size": "mini"}):
        spec = make_spec(**opts)
        assert render_all_cards(pack, spec).data == render_all_cards(pack, spec).data, opts
