"""Setup sheets (``hollow print setup``): search spots and what they hold, one well-used page
with larger squares, and the board at play size (``--scale play``) in tiles that fit the
printable area and go together."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from hollowcli.cli import cli
from hollowcli.commands.common import get_pack
from hollowcli.render.chapter_map import map_view
from hollowcli.render.geometry import MM, PAPER_SIZES, PRINTABLE_MM, make_spec
from hollowcli.render.play_board import OVERLAP_MM, TILE_BOTTOM_MM, TILE_MARGIN_MM, _spans, plan_tiles, play_pages
from hollowcli.render.setup_sheet import setup_pages


def _pack():
    return get_pack(())


def _render(pdf_bytes: bytes, dpi: int = 72):
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(pdf_bytes)
    try:
        return [pdf[i].render(scale=dpi / 72).to_pil().convert("L") for i in range(len(pdf))]
    finally:
        pdf.close()


def _text(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)


def _section(data: bytes, heading: str) -> str:
    """The text of one section of a sheet, read down its own column (extract_text would
    run the lines of columns side by side together)."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            words = page.extract_words(extra_attrs=["size"])
            heads = [w for w in words if abs(w["size"] - 11.5) < 0.1]
            lines: dict[int, float] = {}  # a heading's line -> where it starts
            for w in heads:
                lines[round(w["top"])] = min(lines.get(round(w["top"]), w["x0"]), w["x0"])
            lefts = sorted({round(x) for x in lines.values()})
            first = heading.split()[0]
            head = next((w for w in heads if w["text"] == first), None)
            if head is None:
                continue
            right = next((x for x in lefts if x > head["x0"] + 20), page.width)
            below = [w["top"] for w in heads if abs(w["x0"] - head["x0"]) < 2 and w["top"] > head["top"] + 1]
            box = (head["x0"] - 1, head["top"] - 1, right - 1, min(below, default=page.height))
            return " ".join((page.crop(box).extract_text() or "").split())
    return ""


def _stated_square(text: str) -> float:
    return float(re.search(r"One square = ([0-9.]+) mm", text).group(1))  # type: ignore[union-attr]


# --------------------------------------------------------------------------- search spots
def test_the_sheet_marks_every_search_spot_and_lists_what_it_holds() -> None:
    """Chapter 2 is won by searching: each of its search spots is marked on the map (a
    yellow square with the word 'search' inside it) and listed with where it is and the
    item it holds, with how searching works in this chapter."""
    pack = _pack()
    ch = pack.chapters["covered-bridge"]
    data = setup_pages(pack, ch, make_spec(paper="letter")).data
    spots = {k: v for k, v in ch.features.items() if v == "search"}
    assert sorted(spots) == ["H", "L", "M", "T"]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        squares = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.01 and r["width"] > 30]
        words = page.extract_words()
        marked = set()
        for w in words:
            if w["text"] != "search":
                continue
            square = next((r for r in squares if r["x0"] < w["x0"] and w["x1"] < r["x1"]
                           and r["top"] < w["top"] and w["bottom"] < r["bottom"]), None)
            if square is None:  # the word in the text under the map
                continue
            assert square["non_stroking_color"] is not None and square["fill"]  # the square is tinted
            letters = [v["text"] for v in words if v["text"] in spots and square["x0"] < v["x0"] < square["x1"]
                       and square["top"] < v["top"] < square["bottom"]]
            marked |= set(letters)
        assert marked == set(spots)
    listed = _section(data, "Search spots")
    for mark, name, loc, item in (("T", "Toll box", "H2", "Smelling Salts"), ("M", "Millstone", "H4", "Snare Wire"),
                                  ("L", "Lamp post", "J5", "Storm Lantern"),
                                  ("H", "Hay wagon", "G7", "Borrowed Pitchfork")):
        assert f"{mark} {name} ({loc}): {item} (item: 1●" in listed
    assert "−3☠); a chapter item, lost when the chapter ends" in listed
    assert "sets a snare trap: 2✶ to the foe that springs it" in listed
    assert "(each spot once a round)" in listed and "(6 needed)" in listed
    assert "The first search of a spot finds what it holds" in listed
    assert "search spot (below)" in _section(data, "Key")


def test_how_searching_works_follows_the_rules_and_a_chapter_without_spots_has_no_list() -> None:
    pack = _pack()
    once = replace(pack, rules=replace(pack.rules, search_limit="once"))
    text = _section(setup_pages(once, once.chapters["schoolhouse"], make_spec()).data, "Search spots")
    assert "(each spot once in the chapter)" in text and "D Schoolmaster's desk (H4): Linen Bandages" in text
    assert "needed" not in text  # chapter 1's objective is to survive, not to search
    text = _text(setup_pages(pack, pack.chapters["mill-race"], make_spec()).data)
    assert "Search spots" not in text and "search spot" not in text


def test_a_search_spot_without_an_item_says_so() -> None:
    pack = _pack()
    ch = pack.chapters["covered-bridge"]
    bare = replace(ch, feature_items={k: v for k, v in ch.feature_items.items() if k != "T"})
    text = _section(setup_pages(pack, bare, make_spec()).data, "Search spots")
    assert "T Toll box (H2): nothing to find." in text


# --------------------------------------------------------------------------- one well-used page
def _blank_band(image, bottom_margin_mm: float = 16.0) -> float:
    """The tallest band of rows without ink between the top of the page and its bottom
    margin, as a share of the page's height."""
    w, h = image.size
    stop = h - int(bottom_margin_mm / 25.4 * 72)
    best = cur = 0
    for y in range(0, stop):
        cur = 0 if image.crop((0, y, w, y + 1)).getextrema()[0] < 200 else cur + 1
        best = max(best, cur)
    return best / h


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_sheet_is_one_well_used_page_with_larger_squares(paper: str) -> None:
    """Each built-in chapter on one page (it was two, each 40-60% empty), the squares larger
    than the 16 mm of before (18 mm on Letter, 20 on A4, where the map is as wide as the
    page allows), drawn at the size the sheet states, and no band of the page left empty
    taller than 15% of it."""
    pack = _pack()
    for ch in pack.chapters.values():
        res = setup_pages(pack, ch, make_spec(paper=paper))
        assert res.pages == 1, ch.id
        text = _text(res.data)
        size = _stated_square(text)
        assert size >= (18.0 if paper == "letter" else 20.0), (ch.id, size)
        with pdfplumber.open(io.BytesIO(res.data)) as pdf:
            page = pdf.pages[0]
            squares = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.01 and r["width"] > 30]
            view = map_view(ch)
            assert len(squares) == view.cols * view.rows
            assert squares[0]["width"] == pytest.approx(size * MM, abs=0.01)
            # everything inside the page's margins (12 mm, the ruler and label's 6.35)
            for w in page.extract_words():
                assert w["x0"] >= 11.9 * MM and w["x1"] <= page.width - 11.9 * MM, (ch.id, w["text"])
                assert w["top"] >= 11.9 * MM and w["bottom"] <= page.height - PRINTABLE_MM * MM, (ch.id, w["text"])
        assert _blank_band(_render(res.data)[0]) < 0.15, ch.id
        for words in ("Key", "Setup", "Storybook track", "Spawn list"):
            assert words in text


def test_a_map_too_large_for_one_page_gets_a_page_of_its_own() -> None:
    """A 30 x 20 map would need squares under 12 mm beside the text: the map and its key
    take the first page, as large as it allows; the rest goes on the second."""
    pack = _pack()
    ch = pack.chapters["schoolhouse"]
    rows = ["#" * 32] + ["#" + "." * 30 + "#" for _ in range(20)] + ["#" * 32]
    rows[1] = "#1" + "." * 28 + "2#"
    rows[10] = "#" + "." * 9 + "S" + "." * 20 + "#"
    big = replace(ch, map=tuple(rows))
    view = map_view(big)
    assert (view.cols, view.rows) == (30, 20)
    res = setup_pages(pack, big, make_spec(paper="letter"))
    assert res.pages == 2
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        first = " ".join((pdf.pages[0].extract_text() or "").split())
        second = " ".join((pdf.pages[1].extract_text() or "").split())
    assert "Key" in first and "Storybook track" not in first
    assert "Storybook track" in second and "Spawn list" in second
    assert _stated_square(first) >= 6.0


def test_a_map_too_wide_for_the_page_stays_on_one_page_inside_it() -> None:
    """A page of its own helps only a map whose height limits it: a 60 x 1 map stays on one
    page, every square and column letter inside the page, the letters not run together."""
    pack = _pack()
    ch = replace(pack.chapters["schoolhouse"], map=("." * 60,), walls=())
    res = setup_pages(pack, ch, make_spec(paper="letter"))
    assert res.pages == 1
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        page = pdf.pages[0]
        squares = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.01 and r["width"] > 5]
        assert len(squares) == 60 and max(r["x1"] for r in squares) <= page.width - 11.9 * MM
        top = min(r["top"] for r in squares)
        letters = sorted((w for w in page.extract_words(x_tolerance=0.5) if w["bottom"] <= top + 0.5
                          and re.fullmatch(r"[A-Z]{1,2}", w["text"])), key=lambda w: w["x0"])
        assert len(letters) == 60
        assert all(a["x1"] < b["x0"] for a, b in zip(letters, letters[1:]))


def test_setup_sheets_are_identical_run_to_run() -> None:
    pack = _pack()
    for ch in pack.chapters.values():
        assert setup_pages(pack, ch, make_spec()).data == setup_pages(pack, ch, make_spec()).data
    ch = pack.chapters["churchyard"]
    assert play_pages(pack, ch, make_spec(paper="a4")).data == play_pages(pack, ch, make_spec(paper="a4")).data


# --------------------------------------------------------------------------- the board at play size
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("square", [50.0, 38.0, 140.0])
def test_the_tiles_cover_the_map_with_overlaps_on_as_few_sheets_as_fit(paper: str, square: float) -> None:
    """Neighbouring tiles overlap by OVERLAP_MM, together they cover the map, each fits its
    sheet inside the margins; seams run along grid lines whenever a square fits a sheet."""
    pw, ph = PAPER_SIZES[paper]
    for cols, rows in ((9, 6), (9, 5), (3, 2), (30, 20)):
        plan = plan_tiles(cols, rows, square, paper)
        w, h = plan.page
        assert (w, h) in ((pw, ph), (ph, pw))
        for spans, length, room in ((plan.xs, cols * square, w - 2 * TILE_MARGIN_MM),
                                    (plan.ys, rows * square, h - TILE_MARGIN_MM - TILE_BOTTOM_MM)):
            assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(length)
            for (_, b), (c, _) in zip(spans, spans[1:]):
                assert b - c == pytest.approx(OVERLAP_MM)
                assert c == pytest.approx(round(c / square) * square) or square + OVERLAP_MM > room
            assert all(b - a <= room + 1e-9 for a, b in spans)
        # the orientation that takes fewer sheets (portrait when they take as many)
        counts = [len(_spans(cols, square, a - 2 * TILE_MARGIN_MM)) * len(_spans(rows, square, b - TILE_MARGIN_MM
                                                                               - TILE_BOTTOM_MM))
                  for a, b in ((pw, ph), (ph, pw))]
        assert plan.tiles == min(counts) and plan.landscape == (counts[1] < counts[0])


def _ink_near_the_edge(image, dpi: int) -> list[str]:
    """The bands along the paper's edges (6.35 mm, less a pixel) that hold any ink."""
    w, h = image.size
    edge = int(PRINTABLE_MM / 25.4 * dpi) - 1
    bands = {"left": (0, 0, edge, h), "right": (w - edge, 0, w, h), "top": (0, 0, w, edge),
             "bottom": (0, h - edge, w, h)}
    return [name for name, box in bands.items() if image.crop(box).getextrema()[0] < 235]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_tile_stays_inside_the_printable_area(paper: str) -> None:
    """Nothing of a tile (the map cut off at its edges, strips, marks, labels, ruler) is
    printed within 6.35 mm of the paper's edge, where home printers cannot print."""
    pack = _pack()
    for chapter, square in (("covered-bridge", 50.0), ("schoolhouse", 30.0), ("mill-race", 140.0)):
        res = play_pages(pack, pack.chapters[chapter], make_spec(paper=paper), square)
        for n, image in enumerate(_render(res.data, dpi=100), 1):
            assert _ink_near_the_edge(image, 100) == [], (chapter, square, n)


def test_the_board_is_drawn_at_the_square_size_with_assembly_labels(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["print", "setup", "covered-bridge", "--scale", "play", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "setup-covered-bridge-play.pdf  5 pages" in res.output
    pack = _pack()
    ch = pack.chapters["covered-bridge"]
    view = map_view(ch)
    names = set()
    with pdfplumber.open(str(tmp_path / "setup-covered-bridge-play.pdf")) as pdf:
        first = " ".join((pdf.pages[0].extract_text() or "").split())
        assert "One square = 50 mm" in first and "4 sheets (2 × 2), pages 2 to 5" in first
        for name in ("A1", "B1", "A2", "B2"):
            assert name in first.split()
        labels = []
        for page in pdf.pages[1:]:
            text = " ".join((page.extract_text() or "").split())
            labels.append(re.search(r"Tile (\w+) of 2×2", text).group(1))  # type: ignore[union-attr]
            squares = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.01 and r["width"] > 100]
            assert squares and all(r["width"] == pytest.approx(50 * MM, abs=0.01) for r in squares)
            names |= {w["text"] for w in page.extract_words() if re.fullmatch(r"[A-Z][0-9]", w["text"])}
            # the tiles with a neighbour to the left or above have a dashed edge to cut along
            dashed = [ln for ln in page.lines if ln["dash"] and ln["dash"][0] and ln["linewidth"] > 0.5]
            assert len(dashed) == ("1" not in labels[-1]) + (not labels[-1].startswith("A"))
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert labels == ["A1", "B1", "A2", "B2"]
    assert "tile B1 of 2×2: right of A1; cut off the margin at the dashed left edge" in text
    assert "tile B2 of 2×2: right of A2 and below B1; cut off the margin at the dashed left and top edge" in text
    assert "cut here, lay over tile A1" in text
    # every location's name is printed in its square, on some tile
    from hollowcli.engine.geometry import loc_name

    open_squares = {loc_name(c, r) for r in range(view.r0, view.r1) for c in range(view.c0, view.c1)
                    if ch.map[r][c] not in "# "}
    assert open_squares <= names
    # like every printable: embedded DejaVu fonts only, and the viewer asked not to scale
    from pypdf import PdfReader

    reader = PdfReader(str(tmp_path / "setup-covered-bridge-play.pdf"))
    fonts = {str(ref.get_object()["/BaseFont"]) for page in reader.pages
             for ref in (page["/Resources"].get("/Font") or {}).values()}
    assert fonts and all("DejaVu" in f for f in fonts)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_the_board_overlap_marks_meet_when_the_tiles_are_laid_together() -> None:
    """A tile's + marks sit on the strip it shares with its neighbour, at the same place of
    the map as the neighbour's: laid over each other, they meet."""
    pack = _pack()
    ch = pack.chapters["covered-bridge"]
    spec = make_spec(paper="letter")
    res = play_pages(pack, ch, spec)
    plan = plan_tiles(map_view(ch).cols, map_view(ch).rows, 50.0, "letter")
    w, h = plan.page

    def origin(i: int, j: int) -> tuple[float, float]:
        """Where the map's top-left corner would be on tile (i, j)'s page (mm, y up)."""
        (xa, xb), (ya, yb) = plan.xs[i], plan.ys[j]
        left = TILE_MARGIN_MM + (w - 2 * TILE_MARGIN_MM - (xb - xa)) / 2
        bottom = TILE_BOTTOM_MM + (h - TILE_MARGIN_MM - TILE_BOTTOM_MM - (yb - ya)) / 2
        return left - xa, bottom + (yb - ya) + ya

    def marks(page, i: int, j: int) -> set[tuple[float, float]]:
        ox, oy = origin(i, j)
        found = set()
        for cv in page.curves:
            if cv["width"] < 4 * MM and abs(cv["width"] - cv["height"]) < 0.1:  # the circle of a mark
                cx, cy = (cv["x0"] + cv["x1"]) / 2 / MM, (page.height - (cv["top"] + cv["bottom"]) / 2) / MM
                found.add((round(cx - ox, 1), round(oy - cy, 1)))  # in map mm from its top-left
        return found

    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        a1, b1, a2 = marks(pdf.pages[1], 0, 0), marks(pdf.pages[2], 1, 0), marks(pdf.pages[3], 0, 1)
    seam = plan.xs[1][0]
    right = {m for m in a1 if m[0] > seam}
    assert len(right) == 3 and right <= b1  # A1's right strip meets B1's left edge
    assert all(seam < x < seam + OVERLAP_MM for x, _ in right)
    below = {m for m in a1 if m[1] > plan.ys[1][0]}
    assert len(below) == 3 and below <= a2


def test_the_square_option_is_checked(tmp_path: Path) -> None:
    run = CliRunner().invoke
    bad = run(cli, ["print", "setup", "covered-bridge", "--square", "40", "--out", str(tmp_path)])
    assert bad.exit_code == 1 and "use it with --scale play" in str(bad.exception)
    bad = run(cli, ["print", "setup", "covered-bridge", "--scale", "play", "--square", "5", "--out", str(tmp_path)])
    assert bad.exit_code == 1 and "between 15 and 150 mm" in str(bad.exception)
    assert not list(tmp_path.iterdir())  # nothing written
    ok = run(cli, ["print", "setup", "schoolhouse", "--scale", "play", "--square", "40", "--paper", "a4",
                   "--out", str(tmp_path)])
    assert ok.exit_code == 0, ok.output
    with pdfplumber.open(str(tmp_path / "setup-schoolhouse-play.pdf")) as pdf:
        squares = [r for r in pdf.pages[1].rects if abs(r["width"] - r["height"]) < 0.01 and r["width"] > 80]
        assert squares and all(r["width"] == pytest.approx(40 * MM, abs=0.01) for r in squares)
        assert "One square = 40 mm" in " ".join(pdf.pages[0].extract_text().split())
