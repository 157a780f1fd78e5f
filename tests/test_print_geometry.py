"""The sheet arithmetic: grids, margins, mirrored backs, crop marks, the ruler (all in mm)."""

from __future__ import annotations

import pytest

from hollowcli.errors import UsageError
from hollowcli.render.geometry import (
    MARK_GAP,
    PRINTABLE_MM,
    RULER_LENGTH,
    Layout,
    Rect,
    compute_layout,
    make_spec,
    parse_offset,
    parse_size,
)


def cells(lay: Layout) -> list[Rect]:
    """Every printed area on a fronts page: cards with their bleed (both halves in fold mode)."""
    out = [lay.slot(i).grown(lay.spec.bleed) for i in range(lay.per_page)]
    if lay.fold:
        out += [lay.back_slot(i).grown(lay.spec.bleed) for i in range(lay.per_page)]
    return out


@pytest.mark.parametrize(
    "paper, side, top",
    [("letter", 13.45, 7.7), ("a4", 10.5, 16.5)],
)
def test_poker_nine_up_centred(paper: str, side: float, top: float) -> None:
    lay = compute_layout(make_spec(paper=paper))
    assert (lay.cols, lay.rows, lay.per_page) == (3, 3, 9)
    assert not lay.landscape
    first, last = lay.slot(0), lay.slot(8)
    assert first.x == pytest.approx(side) and lay.page_w - last.x2 == pytest.approx(side)
    assert lay.page_h - first.y2 == pytest.approx(top) and last.y == pytest.approx(top)
    assert (first.w, first.h) == (63.0, 88.0)
    # edge to edge: the right edge of one card is the left edge of the next
    assert lay.slot(1).x == pytest.approx(first.x2)
    assert lay.slot(3).y2 == pytest.approx(first.y)


def test_bleed_gives_fewer_cards_per_page() -> None:
    letter = compute_layout(make_spec(paper="letter", bleed=3))
    a4 = compute_layout(make_spec(paper="a4", bleed=3))
    assert letter.per_page == 6 and letter.landscape
    assert a4.per_page == 8 and a4.landscape
    # cards keep their trim size; the bleed sits between them
    assert a4.slot(1).x - a4.slot(0).x2 == pytest.approx(6.0)
    g = a4.grid
    assert g.x == pytest.approx((a4.page_w - g.w) / 2) and g.y == pytest.approx((a4.page_h - g.h) / 2)


@pytest.mark.parametrize("size, per", [("mini", 15), ("tarot", 4), ("60x60", 12)])
def test_other_sizes_fit(size: str, per: int) -> None:
    lay = compute_layout(make_spec(size=size))
    assert lay.per_page == per
    for r in cells(lay):
        assert r.x >= 5 and r.y >= 5 and r.x2 <= lay.page_w - 5 and r.y2 <= lay.page_h - 5


def test_long_edge_backs_mirror_columns_on_portrait() -> None:
    lay = compute_layout(make_spec(backs="long"))
    for i in range(9):
        row, col = divmod(i, 3)
        mirror = lay.slot(row * 3 + (2 - col))
        b = lay.back_slot(i)
        assert (b.x, b.y) == pytest.approx((mirror.x, mirror.y))


def test_short_edge_backs_mirror_rows_on_portrait() -> None:
    lay = compute_layout(make_spec(backs="short"))
    for i in range(9):
        row, col = divmod(i, 3)
        mirror = lay.slot((2 - row) * 3 + col)
        b = lay.back_slot(i)
        assert (b.x, b.y) == pytest.approx((mirror.x, mirror.y))


def test_long_edge_on_a_landscape_sheet_flips_top_to_bottom() -> None:
    lay = compute_layout(make_spec(paper="a4", bleed=3, backs="long"))
    assert lay.landscape
    b = lay.back_slot(0)
    f = lay.slot(0)
    assert b.x == pytest.approx(f.x)
    assert b.y == pytest.approx(lay.page_h - f.y2)


def test_back_offset_moves_cards_and_marks_together() -> None:
    plain = compute_layout(make_spec(paper="a4", size="tarot", backs="short"))
    moved = compute_layout(make_spec(paper="a4", size="tarot", backs="short", back_offset="1.5,-2"))
    for i in range(plain.per_page):
        a, b = plain.back_slot(i), moved.back_slot(i)
        assert (b.x - a.x, b.y - a.y) == pytest.approx((1.5, -2.0))
    for s0, s1 in zip(plain.marks(back=True), moved.marks(back=True)):
        assert (s1.x1 - s0.x1, s1.y1 - s0.y1) == pytest.approx((1.5, -2.0))
    # fronts never move
    assert plain.marks() == moved.marks()


LAYOUTS = [{}, {"paper": "a4"}, {"bleed": 3}, {"paper": "a4", "bleed": 3}, {"size": "mini"}, {"size": "tarot"},
           {"backs": "fold"}, {"backs": "fold", "paper": "a4", "bleed": 2}, {"gutter": 3}, {"paper": "a4", "gutter": 2},
           {"paper": "a4", "back_offset": "2,-3"}, {"backs": "short", "paper": "a4", "back_offset": "-1.5,2"}]


def seg_rect(s) -> Rect:
    return Rect(min(s.x1, s.x2), min(s.y1, s.y2), abs(s.x2 - s.x1), abs(s.y2 - s.y1))


def inside_printable(lay: Layout, r: Rect) -> bool:
    return (r.x >= PRINTABLE_MM - 1e-6 and r.y >= PRINTABLE_MM - 1e-6
            and r.x2 <= lay.page_w - PRINTABLE_MM + 1e-6 and r.y2 <= lay.page_h - PRINTABLE_MM + 1e-6)


@pytest.mark.parametrize("opts", LAYOUTS)
def test_crop_marks_sit_in_the_printable_margins_and_every_cut_line_is_shown(opts: dict) -> None:
    lay = compute_layout(make_spec(**opts))
    g = lay.grid
    marks = lay.marks()
    cuts = lay.cut_lines()
    assert marks or cuts
    for back in (False, True):
        for s in lay.marks(back=back) + lay.cut_lines(back=back):
            assert inside_printable(lay, seg_rect(s)), (opts, back, s)
    for s in marks:
        seg = seg_rect(s)
        # outside the grid by at least the gap, never over a card
        assert (
            seg.x2 <= g.x - MARK_GAP + 1e-6 or seg.x >= g.x2 + MARK_GAP - 1e-6
            or seg.y2 <= g.y - MARK_GAP + 1e-6 or seg.y >= g.y2 + MARK_GAP - 1e-6
        )
        for c in cells(lay):
            assert not c.intersects(seg.grown(0.01))
    # every trim edge is shown: by a crop mark, or by a full-length cut line
    xs = {round(s.x1, 6) for s in marks + cuts if s.x1 == s.x2}
    ys = {round(s.y1, 6) for s in marks + cuts if s.y1 == s.y2}
    for i in range(lay.per_page):
        r = lay.slot(i)
        assert round(r.x, 6) in xs and round(r.x2, 6) in xs
        assert round(r.y, 6) in ys and round(r.y2, 6) in ys


def test_letter_nine_up_says_its_top_and_bottom_marks_cannot_fit_and_draws_cut_lines() -> None:
    lay = compute_layout(make_spec())
    assert lay.per_page == 9
    assert lay.mark_lengths()["top"] == 0 and lay.mark_lengths()["left"] == 4.0
    assert lay.auto_cut_axes() == (True, False)
    assert any("vertical cut lines are drawn full length" in n for n in lay.notes())
    vertical = [s for s in lay.cut_lines() if s.x1 == s.x2]
    assert len(vertical) == 4 and all(s.y1 == PRINTABLE_MM for s in vertical)
    # A4 has room: marks only, nothing to say
    a4 = compute_layout(make_spec(paper="a4"))
    assert a4.cut_lines() == [] and a4.notes() == []


def test_cut_lines_option_draws_every_cut_line_full_length() -> None:
    lay = compute_layout(make_spec(paper="a4", cut_lines=True))
    lines = lay.cut_lines()
    assert {round(s.x1, 6) for s in lines if s.x1 == s.x2} == set(lay.cut_xs())
    assert {round(s.y1, 6) for s in lines if s.y1 == s.y2} == set(lay.cut_ys())
    assert all(inside_printable(lay, seg_rect(s)) for s in lines)


def test_gutter_separates_the_cards_and_doubles_the_cut_lines() -> None:
    lay = compute_layout(make_spec(gutter=3))
    assert (lay.cols, lay.rows, lay.landscape) == (4, 2, True)  # 8-up on Letter landscape
    a, b = lay.slot(0), lay.slot(1)
    assert b.x - a.x2 == pytest.approx(3.0)
    assert lay.slot(0).y - lay.slot(lay.cols).y2 == pytest.approx(3.0)
    assert len(lay.cut_xs()) == 8 and len(lay.cut_ys()) == 4
    assert lay.grid.x == pytest.approx(lay.page_w - lay.grid.x2)  # still centred
    with pytest.raises(UsageError, match="--gutter"):
        make_spec(gutter=12)


def test_a_back_offset_that_pushes_the_backs_off_the_printable_area_is_refused() -> None:
    with pytest.raises(UsageError) as e:  # a dark back is colour to the card's edge
        compute_layout(make_spec(back_offset="0,-2", backs_style="dark"))  # letter 9-up: 7.7 mm top and bottom
    msg = str(e.value)
    assert msg.startswith("--back-offset 0,-2 pushes the backs to 5.7 mm from the bottom edge")
    assert "--backs-style light" in msg
    assert msg.count(". ") == 0 and "\n" not in msg
    compute_layout(make_spec(back_offset="1.2,-1.2", backs_style="dark"))  # within the margin: fine


def test_a_back_offset_shortens_or_drops_marks_on_both_faces_and_says_so() -> None:
    lay = compute_layout(make_spec(paper="a4", back_offset="1.5,0"))
    ml = lay.mark_lengths()
    assert ml["left"] == 0 and ml["right"] > 0  # the left marks would land past the right printable edge
    assert any("left margin" in n and "back offset" in n for n in lay.notes())


@pytest.mark.parametrize("opts", LAYOUTS)
def test_sheet_labels_sit_in_the_printable_margin_clear_of_cards_marks_and_ruler(opts: dict) -> None:
    lay = compute_layout(make_spec(**opts))
    for back in (False, True) if lay.duplex else (False,):
        spot = lay.label(55.0, back=back)
        if spot is None:
            assert opts.get("size") == "mini"  # 18-up mini leaves 7.5 mm margins: said in the notes
            continue
        band = spot.band
        assert inside_printable(lay, band)
        cards = [lay.back_slot(i) if back and not lay.fold else lay.slot(i) for i in range(lay.per_page)]
        for c in cards:
            assert not band.intersects(c.grown(lay.spec.bleed))
        for s in lay.marks(back=back):
            assert not band.intersects(seg_rect(s).grown(0.3))
        r = lay.ruler()
        if r is not None and not back:
            assert not band.intersects(r.band)


def test_fold_puts_backs_mirrored_across_the_middle() -> None:
    lay = compute_layout(make_spec(backs="fold"))
    assert lay.per_page >= 3
    fold = lay.fold_line()
    assert fold is not None and fold.x1 == pytest.approx(lay.page_w / 2)
    for i in range(lay.per_page):
        f, b = lay.slot(i), lay.back_slot(i)
        assert f.x2 <= lay.page_w / 2 < b.x
        assert b.x == pytest.approx(lay.page_w - f.x2) and b.y == pytest.approx(f.y)
    assert lay.pages_for(lay.per_page + 1) == 2


@pytest.mark.parametrize("opts", [{}, {"paper": "a4"}, {"bleed": 3}, {"paper": "a4", "bleed": 3}, {"size": "tarot"}])
def test_ruler_is_50mm_in_a_margin_clear_of_cards_and_marks(opts: dict) -> None:
    lay = compute_layout(make_spec(**opts))
    r = lay.ruler()
    assert r is not None and r.length == RULER_LENGTH
    band = r.band
    assert inside_printable(lay, band)
    assert not band.intersects(lay.grid)
    for s in lay.marks():
        seg = Rect(min(s.x1, s.x2), min(s.y1, s.y2), abs(s.x2 - s.x1), abs(s.y2 - s.y1))
        assert not band.intersects(seg.grown(0.5))


def test_pages_for_counts_backs_pages() -> None:
    assert compute_layout(make_spec()).pages_for(10) == 4
    assert compute_layout(make_spec(backs="none")).pages_for(10) == 2
    assert compute_layout(make_spec()).pages_for(9) == 2


@pytest.mark.parametrize("bad", ["huge", "63", "0x88", "63x-1", "300x88", "nanx5"])
def test_bad_sizes_are_one_sentence(bad: str) -> None:
    with pytest.raises(UsageError, match="--size"):
        parse_size(bad)


def test_sizes_and_offsets_parse() -> None:
    assert parse_size("poker") == ("poker", 63.0, 88.0)
    assert parse_size("57x89mm") == ("custom", 57.0, 89.0)
    assert parse_offset("1.5,-0.5") == (1.5, -0.5)
    assert parse_offset(None) == (0.0, 0.0)
    for bad in ["1", "a,b", "1,2,3", "50,0"]:
        with pytest.raises(UsageError, match="--back-offset"):
            parse_offset(bad)


def test_bad_options_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="--paper"):
        make_spec(paper="legal")
    with pytest.raises(UsageError, match="--backs"):
        make_spec(backs="both")
    with pytest.raises(UsageError, match="--bleed"):
        make_spec(bleed=-1)
    with pytest.raises(UsageError, match="does not fit"):
        compute_layout(make_spec(size="200x280", bleed=5))
