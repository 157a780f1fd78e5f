"""Movement and range are orthogonal; line of sight through walls and '#'; location names."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine_packs import (
    ScriptedRng,
    by_command,
    game,
    legend,
    make_pack,
    place,
    with_foes,
)

from hollowcli.engine import Board, apply, legal_actions, loc_name, parse_loc
from hollowcli.engine.geometry import board_for
from hollowcli.pack.model import AttackSpec, Rules


def board(rows, walls=(), corners="permissive") -> Board:
    pack = make_pack(rows, walls=walls)
    return board_for(pack.chapters["t"], corners)


def test_location_names_count_from_the_top_left_border() -> None:
    assert loc_name(0, 0) == "A1"
    assert loc_name(2, 3) == "C4"
    assert loc_name(26, 0) == "AA1"
    assert parse_loc("c4") == (2, 3)
    assert parse_loc(" B12 ") == (1, 11)
    assert parse_loc("4C") is None and parse_loc("C0") is None
    b = board(["#####", "#.S.#", "#####"])
    assert b.locations() == ["B2", "C2", "D2"]
    assert not b.is_location("A1") and b.normalise("c2") == "C2"


def test_movement_is_orthogonal_and_blocked_by_walls_and_hashes() -> None:
    b = board(["#####", "#...#", "#.#.#", "#...#", "#####"], walls=[("B2", "C2")])
    assert b.neighbours("B2") == ["B3"]  # C2 behind a wall, no diagonal steps
    assert b.neighbours("C2") == ["D2"]  # C3 is '#'
    assert b.walk_distance("B2", "C2") == 7  # all the way round
    assert b.shortest_path("B2", "D2") == ["B2", "B3", "B4", "C4", "D4", "D3", "D2"]
    assert b.grid_distance("B3", "C4") == 2  # diagonal neighbour: two orthogonal steps


def test_range_is_orthogonal_so_a_diagonal_neighbour_is_range_two() -> None:
    pack = make_pack(legends=[legend("ann", basic_attack=AttackSpec(1, 0, 1))])
    state = with_foes(place(game(pack), ann="C3"), ("gob", "D4"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    assert not [a for a in legal_actions(state) if a.kind == "attack"]
    pack2 = make_pack(legends=[legend("ann", basic_attack=AttackSpec(1, 0, 2))])
    state = with_foes(place(game(pack2), ann="C3"), ("gob", "D4"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    assert [a.command for a in legal_actions(state) if a.kind == "attack"] == ["attack g1"]


def test_range_zero_is_the_same_location() -> None:
    pack = make_pack(legends=[legend("ann", basic_attack=AttackSpec(1, 0, 0))])
    state = with_foes(place(game(pack), ann="C3"), ("gob", "C3"), ("gob", "C4"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    assert [a.target for a in legal_actions(state) if a.kind == "attack"] == [1]


def test_line_of_sight_is_blocked_by_a_hash_square() -> None:
    b = board(["#######", "#.....#", "#..#..#", "#.....#", "#######"])
    assert not b.line_of_sight("B3", "F3").clear
    assert "D3" in b.line_of_sight("B3", "F3").reason
    assert b.line_of_sight("B2", "F2").clear
    assert not b.line_of_sight("C2", "E4").clear  # straight through the centre of D3


def test_line_of_sight_is_blocked_by_a_wall_but_range_ignores_walls() -> None:
    b = board(["######", "#....#", "######"], walls=[("C2", "D2")])
    los = b.line_of_sight("B2", "E2")
    assert not los.clear and "wall between C2 and D2" in los.reason
    assert b.grid_distance("B2", "E2") == 3
    assert b.line_of_sight("B2", "C2").clear


def test_corner_touching_permissive_needs_one_clear_side_strict_needs_both() -> None:
    rows = ["#####", "#.#.#", "#...#", "#####"]
    assert board(rows).line_of_sight("B2", "C3").clear  # C2 blocks, B3 is open
    assert not board(rows, corners="strict").line_of_sight("B2", "C3").clear
    closed = ["#####", "#.#.#", "##..#", "#####"]
    assert not board(closed).line_of_sight("B2", "C3").clear  # both sides blocked
    # a wall on one side of the corner is like one blocked side
    walled = board(["####", "#..#", "#..#", "####"], walls=[("B2", "C2")])
    assert walled.line_of_sight("B2", "C3").clear
    both = board(["####", "#..#", "#..#", "####"], walls=[("B2", "C2"), ("B2", "B3")])
    assert not both.line_of_sight("B2", "C3").clear


def test_line_of_sight_is_symmetric_on_a_cluttered_map() -> None:
    rows = ["#########", "#..#....#", "#.....#.#", "#.#.....#", "#....#..#", "#########"]
    b = board(rows, walls=[("E3", "E4"), ("F2", "G2")])
    locs = b.locations()
    for a in locs:
        for c in locs:
            assert b.line_of_sight(a, c).clear == b.line_of_sight(c, a).clear, (a, c)


def test_figures_never_block_line_of_sight() -> None:
    pack = make_pack(legends=[legend("ann", basic_attack=AttackSpec(1, 0, 4))])
    state = with_foes(place(game(pack), ann="B3"), ("gob", "C3"), ("gob", "E3"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    assert {a.target for a in legal_actions(state) if a.kind == "attack"} == {1, 2}


def test_attacks_need_line_of_sight() -> None:
    rows = ["#######", "#.....#", "#..#..#", "#.....#", "#######"]
    pack = make_pack(rows, legends=[legend("ann", basic_attack=AttackSpec(1, 0, 4))], features={})
    state = with_foes(place(game(pack), ann="B3"), ("gob", "F3"), ("gob", "C2"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    assert [a.target for a in legal_actions(state) if a.kind == "attack"] == [2]


def test_walk_range_measure_counts_walking_steps() -> None:
    rules = Rules(range_measure="walk")
    pack = make_pack(["######", "#....#", "#.##.#", "######"], legends=[legend("ann", basic_attack=AttackSpec(1, 0, 3))],
                     rules=rules, features={})
    state = with_foes(place(game(pack), ann="B3"), ("gob", "E3"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    # grid distance is 3, but the walk is B3-B2-C2-D2-E2-E3 = 5, and sight is blocked anyway
    assert not [a for a in legal_actions(state) if a.kind == "attack"]
    assert replace(rules, range_measure="grid").range_measure == "grid"


@pytest.mark.parametrize("bad", ["A1", "Z9"])
def test_walls_must_join_locations(bad: str) -> None:
    from hollowcli.errors import RulesError

    with pytest.raises(RulesError):
        board(["####", "#..#", "####"], walls=[("B2", bad)])


def _sampled_sight(b: Board, rows: list[str], walls: set[frozenset[tuple[int, int]]], a: str, c: str) -> bool | None:
    """Line of sight by dense sampling (None when the line passes through a grid corner,
    where sampling cannot decide)."""
    from fractions import Fraction

    (c1, r1), (c2, r2) = b.coords(a), b.coords(c)
    dx, dy = c2 - c1, r2 - r1
    xs = {Fraction(2 * k - 1, 2 * abs(dx)) for k in range(1, abs(dx) + 1)} if dx else set()
    ys = {Fraction(2 * k - 1, 2 * abs(dy)) for k in range(1, abs(dy) + 1)} if dy else set()
    if xs & ys:
        return None
    n = 8 * (abs(dx) + 1) * (abs(dy) + 1) * (abs(dx) + abs(dy) + 1)  # finer than the smallest clip
    prev = (c1, r1)
    for i in range(1, n + 1):
        t = i / n
        cell = (int(c1 + 0.5 + dx * t), int(r1 + 0.5 + dy * t))
        if cell != prev:
            if rows[cell[1]][cell[0]] == "#" or frozenset((prev, cell)) in walls:
                return False
            prev = cell
    return True


def test_exact_sight_agrees_with_dense_sampling_on_random_maps() -> None:
    import random

    rng = random.Random(5)
    for _ in range(12):
        w, h = rng.randint(4, 8), rng.randint(3, 6)
        inner = [["#" if rng.random() < 0.2 else "." for _ in range(w)] for _ in range(h)]
        rows = ["#" * (w + 2)] + ["#" + "".join(r) + "#" for r in inner] + ["#" * (w + 2)]
        b0 = board(rows)
        locs = b0.locations()
        wall_pairs = []
        for loc in locs:
            for nb in b0.neighbours(loc):
                if rng.random() < 0.1 and (nb, loc) not in wall_pairs:
                    wall_pairs.append((loc, nb))
        b = board(rows, walls=wall_pairs)
        walls = {frozenset((b.coords(x), b.coords(y))) for x, y in wall_pairs}
        for a in locs:
            for c in locs:
                expect = _sampled_sight(b, rows, walls, a, c)
                if expect is not None:
                    assert b.line_of_sight(a, c).clear == expect, (rows, wall_pairs, a, c)


def test_one_location_grammar_for_the_validator_and_the_engine() -> None:
    from hollowcli import locations
    from hollowcli.engine import geometry
    from hollowcli.pack import validate

    assert geometry.parse_loc is locations.parse_loc and geometry.loc_name is locations.loc_name
    assert validate.parse_loc is locations.parse_loc and validate.col_name is locations.column_letters
    for col in (0, 25, 26, 51, 701):
        name = locations.loc_name(col, 3)
        assert locations.parse_loc(name) == (col, 3) and locations.parse_loc(name.lower()) == (col, 3)
    assert locations.parse_loc("c 4") == (2, 3)
    for bad in ("C0", "4C", "ABC4", "", "C-1"):
        assert locations.parse_loc(bad) is None, bad


def test_a_board_remembers_answers_from_positions_but_only_so_many() -> None:
    from hollowcli.engine.geometry import ANSWERS_KEPT

    b = board(["#####", "#...#", "#####"])
    worked = []
    assert b.remember(("x", 1), lambda: worked.append(1) or "one") == "one"
    assert b.remember(("x", 1), lambda: worked.append(2) or "again") == "one"  # remembered, not worked out again
    assert worked == [1]
    for i in range(ANSWERS_KEPT * 2):  # a long game meets many positions: the cache starts afresh, never grows past its bound
        b.remember(("y", i), lambda i=i: i)
        assert len(b.answers) <= ANSWERS_KEPT
