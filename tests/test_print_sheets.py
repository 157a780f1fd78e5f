"""The kit's second edition as a player sees it: ink, labels, /Duplex, cutting aids, margins."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from test_print_fixtures import make_pack

from hollowcli.cli import cli
from hollowcli.pack.model import Card
from hollowcli.render.deck import effect_lines, render_deck
from hollowcli.render.duplex import render_duplex_test
from hollowcli.render.geometry import MM, PRINTABLE_MM, compute_layout, make_spec
from hollowcli.render.product import Sized
from hollowcli.render.setup_sheet import render_setup
from hollowcli.render.stat_cards import render_cards


def deck(**spec_kw: object):
    pack = make_pack(cards=(Card("a", "Alpha", "Some text.", copies=12),))
    spec = make_spec(**spec_kw)  # type: ignore[arg-type]
    return spec, render_deck(pack, pack.chapters["mill"], spec)


def ink(data: bytes, page: int) -> float:
    """Share of ink on a rendered page: 0 for white paper, 1 for solid black."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        img = pdf[page].render(scale=0.5).to_pil().convert("L")
    finally:
        pdf.close()
    hist = img.histogram()
    total = sum(hist)
    return sum((255 - v) * n for v, n in enumerate(hist)) / (255 * total)


def test_backs_are_light_by_default_and_dark_on_request() -> None:
    _, light = deck()
    _, dark = deck(backs_style="dark")
    _, plain = deck(backs_style="plain")
    assert ink(light.data, 1) < 0.15
    assert ink(plain.data, 1) < ink(light.data, 1)
    assert ink(dark.data, 1) > 0.45
    assert ink(light.data, 1) < ink(dark.data, 1) / 3


def test_dark_backs_without_bleed_recommend_the_bleed_layout() -> None:
    _, dark = deck(backs_style="dark")
    assert any("--bleed 3" in n for n in dark.notes)
    _, bled = deck(backs_style="dark", bleed=3)
    assert not any("--bleed 3" in n for n in bled.notes)
    _, light = deck()
    assert not any("--bleed 3" in n for n in light.notes)


def test_a_pack_back_template_may_choose_its_style(tmp_path: Path) -> None:
    (tmp_path / "back.card.j2").write_text("@layout back\n@backstyle dark\n@band {{ band }}\n@title {{ title }}\n")
    from dataclasses import replace

    pack = make_pack(cards=(Card("a", "Alpha", "x", copies=3),))
    pack = replace(pack, template_dirs=(str(tmp_path),))
    chosen = render_deck(pack, pack.chapters["mill"], make_spec())
    assert ink(chosen.data, 1) > 0.15
    overridden = render_deck(pack, pack.chapters["mill"], make_spec(backs_style="light"))
    assert ink(overridden.data, 1) < ink(chosen.data, 1) / 2


@pytest.mark.parametrize("backs, want", [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"),
                                         ("fold", "/Simplex"), ("none", "/Simplex")])
def test_duplex_viewer_preference_follows_the_backs_mode(backs: str, want: str) -> None:
    _, res = deck(backs=backs)
    prefs = PdfReader(io.BytesIO(res.data)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == want
    assert prefs["/PrintScaling"] == "/None"


def _label_chars(page: pdfplumber.page.Page, grid) -> str:
    """The characters printed in the margins (outside the grid of cards), sorted."""
    out = []
    for c in page.chars:
        x, y = (c["x0"] + c["x1"]) / 2 / MM, (float(page.height) - (c["top"] + c["bottom"]) / 2) / MM
        if not (grid.x <= x <= grid.x2 and grid.y <= y <= grid.y2):
            out.append(c["text"])
    return "".join(sorted("".join(out).split()))


@pytest.mark.parametrize("opts", [{}, {"paper": "a4"}, {"bleed": 3}, {"backs": "short", "paper": "a4"},
                                  {"backs": "fold"}])
def test_every_sheet_is_labelled_in_its_printable_margin(opts: dict) -> None:
    spec, res = deck(**opts)
    lay = compute_layout(spec)
    sheets = -(-12 // lay.per_page)
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        for n, page in enumerate(pdf.pages):
            duplex = spec.backs in ("long", "short")
            sheet = n // 2 + 1 if duplex else n + 1
            side = ("backs" if n % 2 else "fronts") if duplex else "fronts and backs" if spec.backs == "fold" else "fronts"
            want = f"deck-mill · sheet {sheet} of {sheets} · {side}"
            grid = lay.back_grid if duplex and n % 2 else lay.grid
            margin = _label_chars(page, grid).replace("0", "").replace("5mm", "")
            label = "".join(sorted(want.replace(" ", "")))
            # the margin holds the label (and, on fronts, the ruler's words)
            rest = list(margin)
            for ch in label:
                assert ch in rest, (opts, n, want, margin)
                rest.remove(ch)
            # every mark, line and label char inside the printable area
            for ln in page.lines:
                for v in (ln["x0"], ln["x1"]):
                    assert PRINTABLE_MM - 0.05 <= v / MM <= lay.page_w - PRINTABLE_MM + 0.05
                for v in (ln["top"], ln["bottom"]):
                    assert PRINTABLE_MM - 0.05 <= v / MM <= lay.page_h - PRINTABLE_MM + 0.05
            for ch in page.chars:
                assert ch["x0"] / MM >= PRINTABLE_MM - 0.05 and ch["x1"] / MM <= lay.page_w - PRINTABLE_MM + 0.05
                assert ch["top"] / MM >= PRINTABLE_MM - 0.05 and ch["bottom"] / MM <= lay.page_h - PRINTABLE_MM + 0.05


def test_cli_options_reach_every_print_command(tmp_path: Path) -> None:
    runner = CliRunner()
    for sub in (["reference"], ["spawn"], ["deck", "schoolhouse"], ["cards", "foes"]):
        res = runner.invoke(cli, ["print", *sub, "--out", str(tmp_path), "--backs-style", "plain", "--gutter", "2",
                                  "--cut-lines"])
        assert res.exit_code == 0, (sub, res.output)
    bad = runner.invoke(cli, ["print", "deck", "--out", str(tmp_path), "--back-offset", "0,-2", "--backs-style", "dark"])
    assert bad.exit_code == 1
    assert "pushes the backs to 5.7 mm from the bottom edge" in str(bad.exception)


def test_dark_backs_note_is_said_once_after_the_listing(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["print", "kit", "--out", str(tmp_path), "--backs-style", "dark"])
    assert res.exit_code == 0
    assert res.stdout.count("Note: dark backs") == 1


# --------------------------------------------------------------------------- cards that use their space
def _kit_pack():
    from hollowcli.commands.common import get_pack

    return get_pack(())


def test_body_text_fills_the_card_with_one_size_per_sheet() -> None:
    from hollowcli.render.cardface import BODY_MAX_PT, fit_face
    from hollowcli.render.sheet import one_size_per_kind

    short = Card("short", "Short", "A line.", copies=1)
    long_ = Card("long", "Long", " ".join(["The lantern gutters and the shadows lean closer."] * 6), copies=1)
    pack = make_pack(cards=(short, long_))
    spec = make_spec()
    lay = compute_layout(spec)
    tpl = Sized(pack, spec)
    ch = pack.chapters["mill"]
    jobs = []
    from hollowcli.render.sheet import CardJob

    for card in ch.cards:
        ctx = {"card": card, "chapter": ch, "effects": effect_lines(pack, card.effect), "sample": False, "set_aside": 0}
        jobs.append(CardJob(card.id, card.id, tpl.render("chapter", ctx, card.id), kind="chapter"))
    alone = {j.key: fit_face(j.face, 63, 88, 0) for j in jobs}
    assert alone["short"].sizes["body"] == BODY_MAX_PT  # a short text grows to the largest size
    big = alone["long"].sizes["body"]
    assert 7 <= big < BODY_MAX_PT
    over = fit_face(jobs[1].face, 63, 88, 0, body_size=big + 0.5, body_floor=big + 0.5)
    assert over.overflow  # the next half point would not fit: the long card is full
    assert alone["long"].body_need > 0.8 * alone["long"].body_room
    same = one_size_per_kind([(j, alone[j.key]) for j in jobs], lay)
    assert [f.sizes["body"] for f in same] == [big, big]


def test_stat_cards_show_key_numbers_large_and_tarot_scales_up() -> None:
    pack = _kit_pack()
    for size, least in (("poker", 12.0), ("tarot", 13.5)):
        res = render_cards(pack, "foes", make_spec(size=size))
        with pdfplumber.open(io.BytesIO(res.data)) as pdf:
            page = pdf.pages[0]
            digits = [c for c in page.chars if c["text"].isdigit()]
            assert max(c["size"] for c in digits) >= least, size
    from hollowcli.render.cardface import body_cap
    from hollowcli.render.markup import Face

    assert body_cap(Face(), 70, 120) > body_cap(Face(), 63, 88)


def test_no_internal_ids_on_card_faces_and_a_card_without_effect_says_so() -> None:
    pack = _kit_pack()
    ch = pack.chapters["churchyard"]
    res = render_deck(pack, ch, make_spec())
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    for card in ch.cards:
        assert card.id not in text, card.id
    assert "No effect" in text  # names-on-the-stones has an empty effect
    items = render_cards(pack, "items", make_spec())
    with pdfplumber.open(io.BytesIO(items.data)) as pdf:
        text = " ".join((p.extract_text() or "") for p in pdf.pages)
    for iid in pack.items:
        assert iid not in text


def test_a_subtitle_that_wraps_leaves_no_orphan_word() -> None:
    from hollowcli.render.cardface import _style, balanced
    from hollowcli.render.fonts import OBLIQUE, register_fonts

    register_fonts()
    st = _style(OBLIQUE, 7.5, 1)
    text = "Chapter 1 · The Schoolhouse by the Mill Pond and a Long Way Home"
    p = balanced(text, st, 160)
    inner = p.inner
    assert len(inner.lines) == 2
    last = inner.lines[-1]
    words = " ".join(t for _, t, _, _ in last).split()
    assert len(words) >= 3


def test_a_footer_that_wraps_leaves_no_orphan_word() -> None:
    """The Legend cards' legend of icons took two lines with 'tokens' alone on the second."""
    pack = _kit_pack()
    res = render_cards(pack, "legends", make_spec())
    layout = compute_layout(make_spec())
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        page = pdf.pages[0]
        r = layout.slot(0)
        card = page.crop((r.x * MM, page.height - (r.y + r.h) * MM, (r.x + r.w) * MM, page.height - r.y * MM))
        small = [w for w in card.extract_words(extra_attrs=["size"]) if w["size"] < 6.5]
    lines: dict[int, list[str]] = {}
    for w in small:
        lines.setdefault(round(w["top"]), []).append(w["text"])
    assert len(lines) == 2, lines  # it still wraps on a poker card ...
    assert all(len(words) >= 3 for words in lines.values()), lines  # ... evenly,
    icons = {"\u2665", "\u25c8", "\u279c", "\u25cf"}
    assert all(words[-1] not in icons for words in lines.values()), lines  # and an icon stays with its word


# --------------------------------------------------------------------------- the kit as a bundle
def test_kit_writes_an_index_whose_counts_match_the_files(tmp_path: Path) -> None:
    import json

    res = CliRunner().invoke(cli, ["print", "kit", "--out", str(tmp_path), "--json"])
    assert res.exit_code == 0, res.output
    files = json.loads(res.stdout)["files"]
    names = [Path(f["path"]).name for f in files]
    assert names[-1] == "index.pdf"
    assert {"setup-schoolhouse.pdf", "setup-covered-bridge.pdf", "setup-churchyard.pdf"} <= set(names)
    with pdfplumber.open(str(tmp_path / "index.pdf")) as pdf:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert "100%" in text and "flip on the long edge" in text
    total_pages = total_cards = 0
    for f in files[:-1]:
        name = Path(f["path"]).name
        real = len(PdfReader(f["path"]).pages)
        assert real == f["pages"]
        backs = "2, 4" if f["pages"] == 4 and f["cards"] else "2" if f["pages"] == 2 and f["cards"] else None
        row = f"{name} " if name in text else name.replace(".pdf", "")
        assert row.strip() in text.replace("-", "-"), name
        total_pages += real
        total_cards += f["cards"]
        if backs:
            assert backs in text
    assert f"Total {total_pages} {total_cards}" in text
    assert f"{len(files) - 1} files, {total_pages} pages, {total_cards} cards" in text


@pytest.mark.parametrize("backs, column", [("long", True), ("none", False), ("fold", False)])
def test_the_index_lists_backs_pages_only_when_there_are_some(tmp_path: Path, backs: str, column: bool) -> None:
    res = CliRunner().invoke(cli, ["print", "kit", "--out", str(tmp_path), "--backs", backs])
    assert res.exit_code == 0, res.output
    with pdfplumber.open(str(tmp_path / "index.pdf")) as pdf:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert ("Backs pages" in text) is column
    assert ("— none" in text) is column  # with duplex, the text sheets' rows say they have no backs pages


def test_index_says_how_to_print_for_each_backs_mode() -> None:
    from hollowcli.render.index import how_to_print

    assert "flip on the short edge" in " ".join(how_to_print(make_spec(backs="short")))
    assert "fold along the dashed line" in " ".join(how_to_print(make_spec(backs="fold")))
    assert "one-sided" in how_to_print(make_spec(backs="none"))[1]
    paper = [step for step in how_to_print(make_spec(), guide=True) if "plain paper" in step]
    assert "the turn-order sheet, the keeper's guide) go on plain paper" in paper[0]  # a kit printed with --guide
    assert "keeper's guide" not in " ".join(how_to_print(make_spec()))


def _duplex_targets(page: pdfplumber.page.Page) -> dict[str, tuple[float, float]]:
    """Where the front's crosses are (mm from the bottom left): the middle of each pair of lines."""
    lines = [ln for ln in page.lines if abs(ln["x1"] - ln["x0"]) / MM > 40 or abs(ln["bottom"] - ln["top"]) / MM > 40]
    letters = {w["text"]: w for w in page.extract_words() if w["text"] in ("A", "B", "C")}
    out = {}
    for name, w in letters.items():
        x = min((ln for ln in lines if ln["x0"] == ln["x1"]), key=lambda ln: abs(ln["x0"] - w["x0"]))["x0"]
        y = min((ln for ln in lines if ln["top"] == ln["bottom"]), key=lambda ln: abs(ln["top"] - w["bottom"]))["top"]
        out[name] = (x / MM, (float(page.height) - y) / MM)
    return out


@pytest.mark.parametrize("backs, mirror", [("long", True), ("short", False)])
def test_duplex_test_puts_its_scales_where_the_front_lines_land(tmp_path: Path, backs: str, mirror: bool) -> None:
    res = render_duplex_test(make_spec(backs=backs, back_offset="1,-0.5"))
    assert res.pages == 2
    pw, ph = 215.9, 279.4
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        front, back = pdf.pages
        words = [w["text"] for w in front.extract_words()]
        assert "--back-offset" in " ".join(words)
        targets = _duplex_targets(front)
        assert set(targets) == {"A", "B", "C"}
        # each target's letter on the back sits 3 mm up-right of where the front's cross lands
        letters = {w["text"]: w for w in back.extract_words() if w["text"] in ("A", "B", "C")}
        for name, (fx, fy) in targets.items():
            x = pw - fx if mirror else fx
            y = fy if mirror else ph - fy
            w = letters[name]
            assert w["x0"] / MM == pytest.approx(x + 1 + 3, abs=0.3)
            assert (float(back.height) - w["bottom"]) / MM == pytest.approx(y - 0.5 + 3, abs=1.2)
    prefs = PdfReader(io.BytesIO(res.data)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == ("/DuplexFlipLongEdge" if backs == "long" else "/DuplexFlipShortEdge")
    bad = CliRunner().invoke(cli, ["print", "duplex-test", "--backs", "fold", "--out", str(tmp_path)])
    assert bad.exit_code == 1 and "use --backs long or --backs short" in str(bad.exception)


def test_setup_sheet_draws_the_map_with_coordinates_walls_spawns_and_the_track(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["print", "setup", "churchyard", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    pack = _kit_pack()
    ch = pack.chapters["churchyard"]
    with pdfplumber.open(str(tmp_path / "setup-churchyard.pdf")) as pdf:
        page = pdf.pages[0]
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
        # coordinates: the letter of every column and the number of every row with a location
        # (the map's blocked border, columns A and K and rows 1 and 8, is not drawn)
        words = {w["text"] for w in page.extract_words()}
        for col in "BCDEFGHIJ":
            assert col in words
        for row in range(2, len(ch.map)):
            assert str(row) in words
        # walls: one thick line per wall
        thick = [ln for ln in page.lines if ln["linewidth"] >= 2.0]
        assert len(thick) == len(ch.walls)
        # squares: one per map cell inside the border, drawn to the stated scale
        cells = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.01 and r["width"] > 20]
        assert len(cells) == sum(len(r) - 2 for r in ch.map[1:-1])
    assert "barricaded" in text and "Vestry" in text and "Start" in text
    assert "One square =" in text
    for n in range(1, len(ch.track) + 1):
        assert f"{n} " in text
    assert "draw a chapter card" in text and "starts again from spot 1" in text
    assert "2× Gobkin" in text  # the spawn list


def test_setup_sheet_of_a_protect_chapter_names_the_ally_to_keep_alive_and_where_it_starts(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["print", "setup", "mill-race", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    with pdfplumber.open(str(tmp_path / "setup-mill-race.pdf")) as pdf:
        words = {w["text"] for w in pdf.pages[0].extract_words()}
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert "Keep Tobias Brom (an ally) alive for 7 rounds" in text
    assert "Defeat" not in text  # it once read 'Defeat 1 foe within 7 rounds'
    assert "Allies: Tobias Brom on J4." in text
    assert "Tobias" in words  # his name on his starting square of the map


def _map_words_outside_their_square(data: bytes) -> list[str]:
    """Words drawn inside a square of a setup sheet's map that reach over its edges."""
    bad = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            squares = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.01 and r["width"] > 15]
            for w in page.extract_words(x_tolerance=1.0):
                cx, cy = (w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2
                for r in squares:
                    if r["x0"] < cx < r["x1"] and r["top"] < cy < r["bottom"]:
                        if w["x0"] < r["x0"] + 0.3 or w["x1"] > r["x1"] - 0.3:
                            bad.append(f"{w['text']!r} ({w['x0']:.1f}-{w['x1']:.1f} in {r['x0']:.1f}-{r['x1']:.1f})")
                        break
    return bad


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_setup_map_labels_stay_inside_their_squares(paper: str) -> None:
    """Feature names, 'barricaded' and the setup tags are sized to their square (it once
    printed "Schoolmaster's" and "barricaded" across the grid lines)."""
    from dataclasses import replace

    pack = _kit_pack()
    for ch in pack.chapters.values():
        res = render_setup(pack, ch, make_spec(paper=paper))
        assert _map_words_outside_their_square(res.data) == [], ch.id
    # a long feature name on a map of small squares
    ch = pack.chapters["schoolhouse"]
    names = dict(ch.feature_names)
    names[next(iter(ch.features))] = "Extraordinarily overgrown churchwardens' reliquary"
    wide = replace(ch, feature_names=names, map=tuple(row + row[1:] for row in ch.map))
    res = render_setup(pack, wide, make_spec(paper=paper))
    assert _map_words_outside_their_square(res.data) == []


# --------------------------------------------------------------------------- text in other scripts
def _mixed_deck():
    cards = (
        Card("a", "龍の門 Gate", "Text 龍 here. شكرا جزيلا end.", copies=1),
        Card("b", "שער הלילה", "שלום עולם, 3 פעמים ועוד.", copies=1),
        Card("c", "Plain Gate", "Nothing odd.", copies=1),
    )
    pack = make_pack(cards=cards)
    return render_deck(pack, pack.chapters["mill"], make_spec(paper="a4"))


def test_hebrew_prints_right_to_left_and_arabic_is_warned_about() -> None:
    res = _mixed_deck()
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        chars = [c for c in pdf.pages[0].chars if 0x5D0 <= ord(c["text"]) <= 0x5EA]
    # the title: first letter (ש) right of the last (ה): read from the right, as Hebrew is
    top = min(c["top"] for c in chars)
    title = [c for c in chars if abs(c["top"] - top) < 1]
    by_x = "".join(c["text"] for c in sorted(title, key=lambda c: -c["x0"]))
    assert by_x == "שערהלילה"
    body = [c for c in chars if c not in title]
    first_line = min(c["top"] for c in body)
    line = [c for c in body if abs(c["top"] - first_line) < 1]
    assert "".join(c["text"] for c in sorted(line, key=lambda c: -c["x0"])).startswith("שלוםעולם")
    assert any("Arabic text prints right to left but with its letters unjoined" in w for w in res.warnings)
    assert not any("'b'" in w for w in res.warnings)  # Hebrew needs no warning


def test_missing_glyphs_print_as_boxes_and_the_title_keeps_its_baseline() -> None:
    res = _mixed_deck()
    assert any("they print as boxes" in w and "'龍の門'" in w for w in res.warnings)
    assert not any("blank" in w for w in res.warnings)
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    gate = [w for w in words if w["text"] == "Gate"]
    assert len(gate) == 2
    assert gate[0]["bottom"] == pytest.approx(gate[1]["bottom"], abs=0.05)
    assert gate[0]["size"] == pytest.approx(gate[1]["size"])


@pytest.mark.parametrize("opts", [["--paper", "letter"], ["--paper", "a4", "--backs", "short", "--backs-style", "dark",
                                                          "--bleed", "3"]])
def test_every_page_of_the_kit_prints_inside_the_printable_area_and_bytes_repeat(tmp_path: Path, opts: list) -> None:
    runner = CliRunner()
    for run in ("a", "b"):
        res = runner.invoke(cli, ["print", "kit", "--out", str(tmp_path / run), *opts])
        assert res.exit_code == 0, res.output
    names = sorted(p.name for p in (tmp_path / "a").glob("*.pdf"))
    assert "index.pdf" in names
    for name in names:
        data = (tmp_path / "a" / name).read_bytes()
        assert data == (tmp_path / "b" / name).read_bytes(), name  # identical bytes for identical input
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            for n, page in enumerate(pdf.pages):
                w, h = float(page.width) / MM, float(page.height) / MM
                lo = PRINTABLE_MM - 0.05
                for obj in page.chars + page.lines + page.rects:
                    assert obj["x0"] / MM >= lo and obj["x1"] / MM <= w - lo, (name, n, obj.get("text"))
                    assert obj["top"] / MM >= lo and obj["bottom"] / MM <= h - lo, (name, n, obj.get("text"))


def test_the_listing_claims_a_ruler_only_when_one_is_printed(tmp_path: Path) -> None:
    runner = CliRunner()
    # a card almost as large as the paper leaves no margin for the ruler, whatever the grid
    big = runner.invoke(cli, ["print", "deck", "schoolhouse", "--size", "200x260", "--out", str(tmp_path)])
    assert big.exit_code == 0
    assert "must measure 50 mm" not in big.stdout and "measure a printed card" in big.stdout
    spawn = runner.invoke(cli, ["print", "spawn", "schoolhouse", "--out", str(tmp_path)])
    assert "must measure 50 mm" in spawn.stdout
    with pdfplumber.open(str(tmp_path / "spawn-schoolhouse.pdf")) as pdf:
        assert "must measure 50 mm" in (pdf.pages[0].extract_text() or "")  # the spawn tables have the ruler
