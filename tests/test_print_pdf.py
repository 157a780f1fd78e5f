"""The PDFs as a printer and a player see them: pages, positions, marks, backs, text, fonts, bytes."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from test_print_fixtures import RULES_MD, chapter, make_pack

from hollowcli.engine.resolve import spawn_point
from hollowcli.errors import RenderError
from hollowcli.pack.model import Card
from hollowcli.render.deck import render_deck
from hollowcli.render.geometry import MM, compute_layout, make_spec
from hollowcli.render.markup import ICONS
from hollowcli.render.product import Sized
from hollowcli.render.reference import REFERENCE_PT, parse_rules_md, reference_sections, render_reference
from hollowcli.render.spawn_tables import render_spawn_tables
from hollowcli.render.stat_cards import render_cards

BASE14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")


def mm(pt: float) -> float:
    return pt / MM


def plumb(data: bytes) -> pdfplumber.PDF:
    return pdfplumber.open(io.BytesIO(data))


def top_y_mm(page: pdfplumber.page.Page, top_pt: float) -> float:
    """pdfplumber measures from the top; the layout from the bottom."""
    return mm(float(page.height) - top_pt)


def band_rects(page: pdfplumber.page.Page, width_mm: float) -> list[dict]:
    """Filled shapes ``width_mm`` wide: colour bands (rounded boxes are curves), dark backs."""
    return [r for r in page.rects + page.curves if abs(mm(r["x1"] - r["x0"]) - width_mm) < 0.05 and r.get("fill")]


def deck(spec_kw: dict | None = None, cards: tuple[Card, ...] | None = None):
    pack = make_pack(cards=cards)
    spec = make_spec(**(spec_kw or {}))
    return pack, spec, render_deck(pack, pack.chapters["mill"], spec)


# --------------------------------------------------------------------------- pages
def test_deck_pages_copies_and_letter_size() -> None:
    _, _, res = deck()
    assert res.cards == 9  # 2 + 3 + 1 + 3 copies
    reader = PdfReader(io.BytesIO(res.data))
    assert len(reader.pages) == res.pages == 2
    for p in reader.pages:
        assert (float(p.mediabox.width), float(p.mediabox.height)) == pytest.approx((612, 792), abs=0.01)


def test_partial_last_page_and_a4() -> None:
    extra = (Card("a", "Alpha", "x", copies=5), Card("b", "Beta", "y", copies=5))
    _, _, res = deck({"paper": "a4"}, cards=extra)
    reader = PdfReader(io.BytesIO(res.data))
    assert res.cards == 10 and len(reader.pages) == 4
    w, h = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert (mm(w), mm(h)) == pytest.approx((210, 297), abs=0.05)


def test_no_backs_and_fold_page_counts() -> None:
    _, _, none = deck({"backs": "none"})
    assert none.pages == 1
    _, spec, fold = deck({"backs": "fold"})
    lay = compute_layout(spec)
    assert fold.pages == -(-9 // lay.per_page)


# --------------------------------------------------------------------------- positions
def test_cards_are_63_by_88_at_their_slots_with_the_right_text() -> None:
    _, spec, res = deck()
    lay = compute_layout(spec)
    titles = ["Bells", "Bells", "Creeping", "Creeping", "Creeping", "Barred", "A", "A", "A"]
    with plumb(res.data) as pdf:
        page = pdf.pages[0]
        bands = band_rects(page, 63.0 - 6.0)  # without bleed the band stops 3 mm inside the trim
        assert len(bands) == 9 and not band_rects(page, 63.0)
        words = page.extract_words()
        for i, first_word in enumerate(titles):
            slot = lay.slot(i)
            band = min(bands, key=lambda r: abs(mm(r["x0"]) - slot.x) + abs(top_y_mm(page, r["top"]) - slot.y2))
            assert mm(band["x0"]) == pytest.approx(slot.x + 3.0, abs=0.05)
            assert top_y_mm(page, band["top"]) == pytest.approx(slot.y2 - 3.0, abs=0.05)
            inside = [
                w["text"] for w in words
                if slot.x <= mm(w["x0"]) and mm(w["x1"]) <= slot.x2
                and slot.y <= top_y_mm(page, w["bottom"]) and top_y_mm(page, w["top"]) <= slot.y2
            ]
            assert inside and inside[0] == first_word, (i, inside)
            # everything of a card stays inside its trim (and the title in the safe zone)
            assert all(slot.x + 2.9 <= mm(w["x0"]) for w in words if w["text"] == first_word and
                       slot.x <= mm(w["x0"]) <= slot.x2 and slot.y <= top_y_mm(page, w["top"]) <= slot.y2)


def test_crop_marks_and_ruler_only_in_the_margins() -> None:
    for kw in ({}, {"paper": "a4", "bleed": 3}, {"backs": "short", "back_offset": "1,1"}):
        _, spec, res = deck(kw)
        lay = compute_layout(spec)
        with plumb(res.data) as pdf:
            for n, page in enumerate(pdf.pages):
                assert page.lines, "crop marks are drawn on every page"
                cards = (
                    [lay.slot(i).grown(spec.bleed) for i in range(lay.per_page)] if n % 2 == 0
                    else [lay.back_slot(i).grown(spec.bleed) for i in range(lay.per_page)]
                )
                for ln in page.lines:
                    x0, x1 = mm(ln["x0"]), mm(ln["x1"])
                    y0, y1 = top_y_mm(page, ln["bottom"]), top_y_mm(page, ln["top"])
                    for c in cards:
                        overlap = x0 < c.x2 - 0.05 and c.x < x1 - 0.05 and y0 < c.y2 - 0.05 and c.y < y1 - 0.05
                        assert not overlap, (kw, n, ln["x0"], ln["top"])


def test_backs_are_mirrored_and_a_partial_page_lines_up() -> None:
    extra = (Card("a", "Alpha", "x", copies=10),)
    _, spec, res = deck({"backs_style": "dark"}, cards=extra)  # 10 cards: the second sheet holds one card
    lay = compute_layout(spec)
    with pdfplumber.open(io.BytesIO(res.data)) as pdf:
        assert len(pdf.pages) == 4
        back = pdf.pages[3]
        fills = band_rects(back, 63.0)
        assert len(fills) == 1
        r = fills[0]
        front = lay.slot(0)
        assert mm(r["x0"]) == pytest.approx(lay.page_w - front.x2, abs=0.05)  # the top-right slot
        assert top_y_mm(back, r["top"]) == pytest.approx(front.y2, abs=0.05)
        words = [w["text"] for w in back.extract_words()]
        assert "Chapter" in words and "Mill" in words


def test_back_offset_moves_the_backs() -> None:
    _, _, plain = deck({"paper": "a4", "backs_style": "dark"})
    _, _, moved = deck({"paper": "a4", "backs_style": "dark", "back_offset": "1.5,-2"})
    with plumb(plain.data) as a, plumb(moved.data) as b:
        ra = sorted((mm(r["x0"]), mm(r["y0"])) for r in band_rects(a.pages[1], 63.0))
        rb = sorted((mm(r["x0"]), mm(r["y0"])) for r in band_rects(b.pages[1], 63.0))
        assert len(ra) == 9
        for (xa, ya), (xb, yb) in zip(ra, rb):
            assert (xb - xa, yb - ya) == pytest.approx((1.5, -2.0), abs=0.02)
        # the fronts did not move
        fa = sorted((r["x0"], r["top"]) for r in band_rects(a.pages[0], 57.0))
        fb = sorted((r["x0"], r["top"]) for r in band_rects(b.pages[0], 57.0))
        assert len(fa) == 9 and fa == fb


# --------------------------------------------------------------------------- the file itself
def fonts_of(data: bytes) -> list[dict]:
    reader = PdfReader(io.BytesIO(data))
    found = []
    for page in reader.pages:
        for ref in (page["/Resources"].get("/Font") or {}).values():
            font = ref.get_object()
            found.append(font)
    return found


@pytest.mark.parametrize("which", ["deck", "reference", "spawn", "legends", "foes", "items"])
def test_every_font_is_embedded_and_none_is_base14(which: str) -> None:
    pack = make_pack()
    spec = make_spec()
    res = {
        "deck": lambda: render_deck(pack, pack.chapters["mill"], spec),
        "reference": lambda: render_reference(pack, spec, RULES_MD),
        "spawn": lambda: render_spawn_tables(pack, list(pack.chapters.values()), spec),
        "legends": lambda: render_cards(pack, "legends", spec),
        "foes": lambda: render_cards(pack, "foes", spec),
        "items": lambda: render_cards(pack, "items", spec),
    }[which]()
    fonts = fonts_of(res.data)
    assert fonts
    for font in fonts:
        base = str(font["/BaseFont"])
        assert not any(b in base for b in BASE14), base
        desc = font.get("/FontDescriptor")
        if desc is None:  # a Type0 font: the descriptor hangs off its descendant
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        desc = desc.get_object()
        assert "/FontFile2" in desc, f"{base} is not embedded"
    for b in BASE14:
        assert f"/{b}".encode() not in res.data


def test_identical_bytes_for_identical_input() -> None:
    _, _, a = deck()
    _, _, b = deck()
    assert a.data == b.data
    pack = make_pack()
    spec = make_spec()
    assert render_reference(pack, spec, RULES_MD).data == render_reference(pack, spec, RULES_MD).data


def test_metadata_and_print_at_100_percent_hint() -> None:
    _, _, res = deck()
    reader = PdfReader(io.BytesIO(res.data))
    meta = reader.metadata
    assert "The Old Mill" in meta.title
    assert "63x88 mm" in meta.subject and "100%" in meta.subject
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


# --------------------------------------------------------------------------- text
def text_of(data: bytes) -> str:
    with plumb(data) as pdf:
        return "\n".join(p.extract_text() or "" for p in pdf.pages).replace("\u00a0", " ")


def test_hostile_text_prints_literally() -> None:
    long_word = "Schrickrootschrickrootschrickrootschrickrootschrickroot" * 2
    hostile = Card(
        "hostile",
        "<b>Bold & bad</i>",
        f"Tags <b>stay</b> &amp; entities &#64; stay; @title not a block. {long_word}\n\nΕλληνικά Кириллица",
    )
    _, _, res = deck(cards=(hostile,))
    text = text_of(res.data)
    assert "<b>Bold & bad</i>" in text
    assert "<b>stay</b>" in text and "&amp;" in text and "&#64;" in text and "@title" in text
    assert "Ελληνικά" in text and "Кириллица" in text
    flat = text.replace("\n", "")
    assert long_word in flat  # split across lines, but every letter printed
    assert res.warnings == ()


def test_overflow_is_reported_naming_the_card_and_marked_on_it() -> None:
    wall = " ".join(["The lantern gutters and the shapes draw closer."] * 40)
    _, _, res = deck(cards=(Card("wall", "Wall of Words", wall), Card("ok", "Fine", "Short.")))
    assert len(res.warnings) == 1
    assert "'wall'" in res.warnings[0] and "Wall of Words" in res.warnings[0] and "6.5 pt" in res.warnings[0]
    assert "text continues" in text_of(res.data)


def test_missing_glyphs_are_reported() -> None:
    _, _, res = deck(cards=(Card("cjk", "Far East", "漢字 are not in the font."),))
    assert any("'cjk'" in w and "漢字" in w for w in res.warnings)


def test_icons_become_glyphs() -> None:
    _, _, res = deck(cards=(Card("ic", "Icons", "Roll {dice}, take {damage}, gain {fear}, spend {token}; {unknown} stays."),))
    text = text_of(res.data)
    for name in ("dice", "damage", "fear", "token"):
        assert ICONS[name][0] in text
    assert "{dice}" not in text and "{unknown}" in text


def test_effects_are_written_out() -> None:
    _, _, res = deck()
    text = " ".join(text_of(res.data).split())
    assert "Spawn 2× Grub" in text
    assert "Barricade spawn point 2" in text
    assert "Each hero regains 1" in text


# --------------------------------------------------------------------------- templates
def test_a_pack_template_overrides_the_built_in_one(tmp_path: Path) -> None:
    (tmp_path / "chapter.card.j2").write_text("@band chapter\n@title OVERRIDE {{ card.title }}\n@body\n{{ card.text }}\n")
    pack = make_pack()
    from dataclasses import replace

    pack = replace(pack, template_dirs=(str(tmp_path),))
    res = render_deck(pack, pack.chapters["mill"], make_spec())
    assert "OVERRIDE Bells" in text_of(res.data)


@pytest.mark.parametrize(
    "source, message",
    [
        ("@title {{ card.__class__.__mro__ }}", "template"),
        ("@title {{ card.no_such_field }}", "no_such_field"),
        ("@title {% for %}", r"chapter.card.j2:1 failed for deck-mill.pdf card 'bells'"),
        ("@nonsense x", "unknown block @nonsense"),
        ("@title <b>unclosed", "card 'bells'.*markup"),
    ],
)
def test_bad_pack_templates_are_one_sentence_errors(tmp_path: Path, source: str, message: str) -> None:
    (tmp_path / "chapter.card.j2").write_text(source + "\n")
    from dataclasses import replace

    pack = replace(make_pack(), template_dirs=(str(tmp_path),))
    with pytest.raises(RenderError, match=message):
        render_deck(pack, pack.chapters["mill"], make_spec())


# --------------------------------------------------------------------------- the other printables
def test_reference_cards_one_per_topic_and_a_turn_order_sheet() -> None:
    pack = make_pack()
    res = render_reference(pack, make_spec(), RULES_MD)
    assert res.cards == 2  # the empty topic is dropped, three small ones share a card
    assert res.pages == 3  # fronts, backs, turn-order sheet
    with plumb(res.data) as pdf:
        first = pdf.pages[0].extract_text()
        assert "Legend phase · Spawning · Combat" in first and "Fear" in first
        assert "not printed" not in first
        assert "Turn order" in pdf.pages[2].extract_text()
        assert "Reference" in pdf.pages[1].extract_text()


def test_long_reference_topics_continue_on_another_card() -> None:
    long = "## Combat\n" + "\n".join(f"- Rule number {i}: the attacker rolls and the defender hopes." for i in range(40))
    res = render_reference(make_pack(), make_spec(), long)
    assert res.cards >= 2 and res.warnings == ()
    assert "Combat (1/" in text_of(res.data)


def test_reference_cards_hold_only_table_rules_split_evenly_with_nested_lists_kept() -> None:
    from hollowcli.resources import content_dir

    text = (content_dir() / "rules.md").read_text(encoding="utf-8")
    cards = reference_sections(make_pack(), make_spec(), text)
    titles = [c.topic for c in cards]
    assert not any(t.lower().startswith(("readings", "map", "solo")) for t in titles)
    for c in cards:
        assert "rules." not in c.text and "hollow " not in c.text and "`" not in c.text  # no settings or commands
    legend = [c for c in cards if c.topic == "Legend phase"]
    assert len(legend) >= 2 and all(c.parts == len(legend) for c in legend)
    # evenly: no part more than twice as tall as another
    from hollowcli.render.cardface import measure_text
    from hollowcli.render.geometry import MM

    heights = [measure_text(c.text, 57 * MM, REFERENCE_PT) for c in legend]
    assert max(heights) < 2 * min(heights)
    # the nested list under item 3 stays nested (indented under a "3." line) wherever it is split
    for c in legend:
        for line in c.text.splitlines():
            if line.lstrip().startswith("- Attack") or line.lstrip().startswith("- Item"):
                assert line.startswith("   ")
                assert "3." in c.text
    # small topics share a card
    assert any(" · " in t for t in titles)


def test_rules_md_parser() -> None:
    sections = parse_rules_md(RULES_MD)
    assert [t for t, _ in sections] == ["Legend phase", "Spawning", "Combat", "Fear"]
    assert parse_rules_md("## readings\n- a setting\n## map-and-sight\nB2\n## Fear\n1") == [("Fear", "1")]
    assert parse_rules_md("## end-of-round\ntext")[0][0] == "End of round"


def test_spawn_table_rows_come_from_the_spawn_rule() -> None:
    pack = make_pack()
    ch = pack.chapters["mill"]
    res = render_spawn_tables(pack, [ch], make_spec())
    text = text_of(res.data)
    for roll in range(1, 7):
        r = spawn_point(roll, ch.spawn_points, ch.barricades)
        assert r.reason.split(": ", 1)[1] in text
    assert "+ barricade on 2 (card: Barred Door)" in text
    assert "2× Grub" in text and "1× Grub, 1× Wisp" in text
    assert "barricades at setup: 4" in text


def test_spawn_grid_when_every_point_is_locked() -> None:
    ch = chapter(barricades=(1, 2, 3), cards=())
    pack = make_pack(chapters={"mill": ch})
    text = text_of(render_spawn_tables(pack, [ch], make_spec()).data)
    main_table, grid = text.split("If the story", 1)
    assert "spawn point 1 is locked, so the lowest unlocked point, 4" in main_table
    assert "+ barricade on 4 — — — — — —" in grid  # every point locked: nothing spawns


def test_stat_cards_show_the_numbers() -> None:
    pack = make_pack()
    legends = text_of(render_cards(pack, "legends", make_spec()).data)
    assert "Ada Test" in legends and "Volley" in legends and "Charm" in legends and "sample values" in legends
    foes = text_of(render_cards(pack, "foes", make_spec()).data)
    assert foes.index("Grub") < foes.index("Wisp")  # activation order: gobkins before pumplings
    items = text_of(render_cards(pack, "items", make_spec()).data)
    assert "Lamp" in items and "Relic" in items


# --------------------------------------------------------------------------- text engine and fonts
def test_fast_text_keeps_escaped_content_literal() -> None:
    from hollowcli.render.markup import escape_text, inline
    from hollowcli.render.richtext import parse

    markup = inline(escape_text("Tom & Jerry <3 **bold** {dice}"))
    lines = parse(markup, "DejaVuSans")
    assert lines is not None
    words = ["".join(p[0] for p in w) for w in lines[0]]
    assert words == ["Tom", "&", "Jerry", "<3", "bold", ICONS["dice"][0]]
    bold = lines[0][4][0]
    assert bold[1] == "DejaVuSans-Bold"


@pytest.mark.parametrize("markup", ["<u>x</u>", "<b>open", "</i>", '<font name="Helvetica">x</font>', "a & b", "<img src='x'/>"])
def test_fast_text_hands_anything_else_to_reportlab(markup: str) -> None:
    from hollowcli.render.richtext import parse

    assert parse(markup, "DejaVuSans") is None


def test_a_template_may_use_other_reportlab_markup(tmp_path: Path) -> None:
    (tmp_path / "chapter.card.j2").write_text("@band chapter\n@title {{ card.title }}\n@body\n<u>Underlined</u> {{ card.text }}\n")
    from dataclasses import replace

    pack = replace(make_pack(), template_dirs=(str(tmp_path),))
    res = render_deck(pack, pack.chapters["mill"], make_spec())
    assert "Underlined The bells ring." in text_of(res.data)


def test_fonts_ship_with_their_licence_and_cover_greek_and_cyrillic() -> None:
    from hollowcli.render.fonts import _FILES, missing_glyphs
    from hollowcli.resources import fonts_dir

    for file in _FILES.values():
        assert (fonts_dir() / file).stat().st_size > 100_000
    assert "Bitstream" in (fonts_dir() / "LICENSE-DejaVu.txt").read_text()
    assert missing_glyphs("Ελληνικά Кириллица Français Čeština ½ — “quotes”") == ""
    assert missing_glyphs("".join(g for g, _ in ICONS.values())) == ""
    assert missing_glyphs("漢字") == "漢字"


def test_encoding_pages_early_changes_no_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages are compressed as they are finished (flat memory); the file must not differ."""
    from hollowcli.render import sheet

    _, _, early = deck()
    monkeypatch.setattr(sheet, "finish_page", lambda c: c.showPage())
    _, _, late = deck()
    assert early.data == late.data


def test_remembered_font_subsets_and_widths_change_no_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each distinct font subset is built, compressed and its widths table formatted once
    per process; a file made from that store is byte for byte what reportlab itself writes."""
    import zlib

    from reportlab.pdfbase import pdfmetrics

    from hollowcli.render.fonts import _FILES, register_fonts

    register_fonts()
    _, _, first = deck()
    _, _, kept = deck()  # every subset now comes from the store
    for name in _FILES:
        font = pdfmetrics.getFont(name)
        face = font.face
        assert "makeSubset" in vars(face) and "addSubsetObjects" in vars(face) and "addObjects" in vars(font)
        monkeypatch.delattr(face, "makeSubset")  # back to reportlab's own methods
        monkeypatch.delattr(face, "addSubsetObjects")
        monkeypatch.delattr(font, "addObjects")
    _, _, plain = deck()
    assert first.data == kept.data == plain.data
    # and the embedded subsets are whole TrueType files
    reader = PdfReader(io.BytesIO(kept.data))
    streams = [f["/FontDescriptor"].get_object()["/FontFile2"].get_object()
               for f in fonts_of(kept.data) if "/FontDescriptor" in f]
    assert streams and len(reader.pages) > 0
    for s in streams:
        raw = s.get_data()
        assert raw[:4] == b"\x00\x01\x00\x00" and len(raw) == s["/Length1"]
        assert zlib.compress(raw) == s._data


def test_text_operators_written_directly_are_reportlab_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Card and page text goes into a PDF text object through richtext.TextOps, which writes
    the operators itself; the files are byte for byte those of reportlab's own text object
    methods: fonts and subsets, sizes, colours, and the alpha that makes a file PDF 1.4."""
    from hollowcli.render import richtext
    from hollowcli.render.duplex import render_duplex_test
    from hollowcli.render.reference import render_turn_order

    pack, spec = make_pack(), make_spec()

    def build() -> list[bytes]:
        return [render_duplex_test(spec).data, render_turn_order(pack, spec).data, deck()[2].data,
                render_spawn_tables(pack, list(pack.chapters.values()), spec).data]

    direct = build()
    monkeypatch.setattr(richtext, "TextOps", lambda t: t)  # reportlab's text object itself
    assert build() == direct
    assert all(data.startswith(b"%PDF-1.4") for data in direct)


def test_stored_font_subsets_are_read_back_and_change_no_byte(tmp_path: Path) -> None:
    """A font subset built for one run is kept in the cache folder and read back by the next
    process instead of built again; the PDF is byte for byte the one made without the cache.
    A stored subset is used only under its own head: a file cut short, or one whose head
    names other characters, is ignored and the subset built afresh."""
    import os
    import subprocess
    import sys
    import zlib

    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOLLOW_")}

    def deck_pdf(out: str, **extra: str) -> bytes:
        subprocess.run([sys.executable, "-m", "hollowcli", "print", "deck", "1", "--out", str(tmp_path / out)],
                       env={**env, "XDG_CACHE_HOME": str(cache), **extra}, check=True, capture_output=True)
        return (tmp_path / out / "deck-schoolhouse.pdf").read_bytes()

    plain = deck_pdf("plain", HOLLOW_NO_CACHE="1")
    assert not (cache / "hollow" / "fonts").exists()
    assert deck_pdf("first") == plain
    stored = sorted((cache / "hollow" / "fonts").glob("*.subset"))
    assert stored, "the first run keeps its subsets"
    assert deck_pdf("second") == plain

    # The second run read them: a stored subset changed under its own head shows in the PDF.
    def parts(path: Path) -> tuple[bytes, bytes]:
        data = path.read_bytes()
        cut = data.index(b"\n") + 1
        return data[:cut], data[cut:]

    head, packed = parts(stored[0])
    raw = zlib.decompress(packed)
    stored[0].write_bytes(head + zlib.compress(raw[:-4] + b"\xff\xff\xff\xff"))
    assert deck_pdf("tampered") != plain
    # Cut short, or under another subset's head: not used.
    stored[0].write_bytes(head + packed[: len(packed) // 2])
    assert deck_pdf("cut") == plain
    other_head, _ = parts(stored[1])
    stored[0].write_bytes(other_head + packed)
    assert deck_pdf("misnamed") == plain


def test_foe_cards_say_whom_a_foe_moves_toward_as_the_engine_ranks_it() -> None:
    """Foes go for the closest hero, Legend or ally (the engine's rank_targets); a foe whose
    target names a Legend shows that Legend's name, never its id."""
    from dataclasses import replace

    pack = make_pack()
    foes = text_of(render_cards(pack, "foes", make_spec()).data)
    assert "closest hero, Legend or ally" in foes and "closest Legend" not in foes
    for quarry in (None, "Ada Test"):  # each its own paragraph
        face = Sized(pack, make_spec()).render("foe", {"foe": pack.foes["grub"], "order": 1, "quarry": quarry,
                                                             "sample": False}, "a test foe")
        heads = [p.markup.split("</b>")[0] for p in face.body[:3]]
        assert heads == ["<b>Attack:", "<b>Moves toward:", "<b>In the box:"], heads
    lid, legend = next(iter(pack.legends.items()))
    hunter = replace(pack.foes["grub"], target=lid)
    pack = replace(pack, foes={**pack.foes, "grub": hunter})
    data = render_cards(pack, "foes", make_spec()).data
    layout = compute_layout(make_spec())
    with plumb(data) as pdf:  # the first slot holds Grub (gobkins activate before pumplings)
        page = pdf.pages[0]
        r = layout.slot(0)
        box = (r.x * MM, page.height - (r.y + r.h) * MM, (r.x + r.w) * MM, page.height - r.y * MM)
        grub = " ".join((page.crop(box).extract_text() or "").split())
    assert "Grub" in grub
    assert f"Moves toward: {legend.name} while it stands and can be reached, else the closest hero" in grub
    assert lid not in grub.split()


def test_remembered_layouts_are_bounded_and_change_nothing() -> None:
    """Layouts are kept for the sizes tried while fitting and a setup sheet's second pass,
    a bounded number of them (flat memory for a long deck), and a kept layout is the one a
    fresh layout would give."""
    from hollowcli.render import richtext
    from hollowcli.render.cardface import _style
    from hollowcli.render.fonts import REGULAR, register_fonts

    register_fonts()
    st = _style(REGULAR, 9.5)
    for i in range(3 * richtext.WRAPS_KEPT):
        richtext.rich(f"Card {i}: the fog rolls in over row {i % 17}.", st).wrap(120, 1e6)  # type: ignore[union-attr]
    assert len(richtext._WRAPS) <= richtext.WRAPS_KEPT
    assert richtext._source.cache_info().currsize <= richtext.WRAPS_KEPT
    text = "The lantern gutters and the shadows lean closer; <b>each</b> Legend gains 1 fear."
    kept = richtext.rich(text, st)
    assert kept is not None
    kept.wrap(100, 1e6)
    again = richtext.rich(text, st)
    assert again is not None
    again.wrap(100, 1e6)  # from the store
    richtext._WRAPS.clear()
    richtext._source.cache_clear()
    fresh = richtext.rich(text, st)
    assert fresh is not None
    fresh.wrap(100, 1e6)
    assert again.lines == fresh.lines and again.widths == fresh.widths and len(fresh.lines) > 1
