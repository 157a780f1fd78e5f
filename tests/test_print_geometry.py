"""The sheet arithmetic: grids, margins, mirrored backs, crop marks, the ruler (all in mm)."""

from __future__ import annotations

import pytest

from hollowcli.errors import UsageError
from hollowcli.render.geometry import (
    MARK_GAP,
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


@pytest.mark.parametrize("size, per", [("mini", 18), ("tarot", 4), ("60x60", 12)])
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
    plain = compute_layout(make_spec())
    moved = compute_layout(make_spec(back_offset="1.5,-2"))
    for i in range(9):
        a, b = plain.back_slot(i), moved.back_slot(i)
        assert (b.x - a.x, b.y - a.y) == pytest.approx((1.5, -2.0))
    for s0, s1 in zip(plain.marks(back=True), moved.marks(back=True)):
        assert (s1.x1 - s0.x1, s1.y1 - s0.y1) == pytest.approx((1.5, -2.0))
    # fronts never move
    assert plain.marks() == moved.marks()


@pytest.mark.parametrize(
    "opts",
    [{}, {"paper": "a4"}, {"bleed": 3}, {"paper": "a4", "bleed": 3}, {"size": "mini"}, {"size": "tarot"},
     {"backs": "fold"}, {"backs": "fold", "paper": "a4", "bleed": 2}],
)
def test_crop_marks_sit_in_the_margins_on_every_cut_line(opts: dict) -> None:
    lay = compute_layout(make_spec(**opts))
    g = lay.grid
    marks = lay.marks()
    assert marks
    for s in marks:
        seg = Rect(min(s.x1, s.x2), min(s.y1, s.y2), abs(s.x2 - s.x1), abs(s.y2 - s.y1))
        # outside the grid by at least the gap, and on the paper
        assert (
            seg.x2 <= g.x - MARK_GAP + 1e-6 or seg.x >= g.x2 + MARK_GAP - 1e-6
            or seg.y2 <= g.y - MARK_GAP + 1e-6 or seg.y >= g.y2 + MARK_GAP - 1e-6
        )
        assert 0 <= seg.x and seg.x2 <= lay.page_w and 0 <= seg.y and seg.y2 <= lay.page_h
        for c in cells(lay):
            assert not c.intersects(seg.grown(0.01))
    # every trim edge has a mark at each end of its line
    xs = {round(s.x1, 6) for s in marks if s.x1 == s.x2}
    ys = {round(s.y1, 6) for s in marks if s.y1 == s.y2}
    for i in range(lay.per_page):
        r = lay.slot(i)
        assert round(r.x, 6) in xs and round(r.x2, 6) in xs
        assert round(r.y, 6) in ys and round(r.y2, 6) in ys
    for x in xs:
        assert sum(1 for s in marks if s.x1 == s.x2 and round(s.x1, 6) == x) == 2


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


@pytest.mark.parametrize("opts", [{}, {"paper": "a4"}, {"bleed": 3}, {"size": "mini"}, {"size": "tarot"}])
def test_ruler_is_50mm_in_a_margin_clear_of_cards_and_marks(opts: dict) -> None:
    lay = compute_layout(make_spec(**opts))
    r = lay.ruler()
    assert r is not None and r.length == RULER_LENGTH
    band = r.band
    assert 0 <= band.x and band.x2 <= lay.page_w and 0 <= band.y and band.y2 <= lay.page_h
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
