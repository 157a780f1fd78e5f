"""Dice: expressions, seeded rolls, physical rolls (--rolled), exact sums, value types."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hollowcli import dice as d
from hollowcli.dice import DiceTerm, Die, Expression, Face
from hollowcli.errors import UsageError

ATTACK = Die(
    "attack",
    (Face("blank", 0), Face("blank", 0), Face("1", 1), Face("1", 1), Face("1", 1), Face("2", 2)),
)
D6 = Die("d6", tuple(Face(str(i), i) for i in range(1, 7)))
DICE = {"attack": ATTACK, "d6": D6}


def parse(*words: str) -> Expression:
    return d.parse_expression(words, DICE, "attack")


# --- expressions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "terms", "modifier"),
    [
        ((), [("attack", 1)], 0),
        (("3",), [("attack", 3)], 0),
        (("3a",), [("attack", 3)], 0),
        (("3A",), [("attack", 3)], 0),
        (("a",), [("attack", 1)], 0),
        (("d6",), [("d6", 1)], 0),
        (("2d6",), [("d6", 2)], 0),
        (("2attack",), [("attack", 2)], 0),
        (("d20",), [("d20", 1)], 0),
        (("3", "+1"), [("attack", 3)], 1),
        (("3", "-1"), [("attack", 3)], -1),
        (("2d6+1",), [("d6", 2)], 1),
        (("2d6-1",), [("d6", 2)], -1),
        (("2d6", "+", "1"), [("d6", 2)], 1),
        (("2d6", "-", "2"), [("d6", 2)], -2),
        (("3a+2d6-1",), [("attack", 3), ("d6", 2)], -1),
        (("2", "3"), [("attack", 2), ("attack", 3)], 0),
        (("+2",), [("attack", 1)], 2),  # only a modifier: one attack die is still rolled
        (("+1", "+1", "-3"), [("attack", 1)], -1),
        ((" 2 d6 ",), [("d6", 2)], 0),  # spaces inside a word are ignored
    ],
)
def test_accepted_expressions(
    words: tuple[str, ...], terms: list[tuple[str, int]], modifier: int
) -> None:
    expr = parse(*words)
    assert [(t.die, t.count) for t in expr.terms] == terms
    assert expr.modifier == modifier


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (("3x",), "there is no die 'x'"),
        (("2d",), "there is no die 'd'"),
        (("1.5",), "'.5' is not understood"),
        (("3+",), "a sign must be followed"),
        (("+",), "a sign must be followed"),
        (("+", "-"), "two signs in a row"),
        (("-d6",), "dice cannot be subtracted"),
        (("0",), "roll at least one die"),
        (("0d6",), "roll at least one die"),
        (("d1",), "at least 2 sides"),
        (("d0",), "at least 2 sides"),
        (("101",), "the most is 100"),
        (("60", "50"), "that is 110 dice; the most one roll takes is 100"),
        (("9" * 5000,), "the most is 100"),
        (("d1001",), "the most is 1000"),
        (("+1001",), "the most is 1000"),
        (("+1000", "+1"), "the most is 1000 either way"),
        (("",), "it is empty"),
        (("atack",), "did you mean 'attack'"),
        (("٣",), "is not understood"),  # a non-ASCII digit is not a number here
    ],
)
def test_rejected_expressions_name_the_token_and_the_fix(words: tuple[str, ...], says: str) -> None:
    with pytest.raises(UsageError) as err:
        parse(*words)
    assert says in str(err.value)
    assert "\n" not in str(err.value)


def test_a_malformed_expression_lists_the_accepted_forms() -> None:
    with pytest.raises(UsageError, match="accepted forms are N or Na"):
        parse("3q")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="0123456789adx+-. \t", max_size=8), max_size=4))
def test_random_expressions_either_parse_or_raise_usage_error(words: list[str]) -> None:
    try:
        expr = parse(*words)
    except UsageError:
        return
    assert 1 <= expr.dice_count <= d.MAX_DICE
    assert abs(expr.modifier) <= d.MAX_MODIFIER
    result = d.roll_expression(expr, DICE, random.Random(0))
    assert len(result.dice) == expr.dice_count


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=10), max_size=3))
def test_arbitrary_text_never_raises_anything_but_usage_error(words: list[str]) -> None:
    try:
        parse(*words)
    except UsageError:
        pass


# --- rolling ----------------------------------------------------------------------------


def test_seeded_rolls_repeat_and_different_seeds_differ() -> None:
    expr = parse("20", "5d6")
    first = d.roll_expression(expr, DICE, random.Random(42))
    again = d.roll_expression(expr, DICE, random.Random(42))
    assert first == again
    others = {
        tuple(r.face.value for r in d.roll_expression(expr, DICE, random.Random(s)).dice)
        for s in range(5)
    }
    assert len(others) > 1


def test_rolls_keep_the_typed_order_and_total_adds_the_modifier() -> None:
    result = d.roll_expression(parse("2", "d6", "+3"), DICE, random.Random(1))
    assert [r.die for r in result.dice] == ["attack", "attack", "d6"]
    assert result.total == sum(r.face.value for r in result.dice) + 3
    doc = result.to_json()
    assert set(doc) == {"dice", "modifier", "total"}
    assert all(set(x) == {"die", "face", "value"} for x in doc["dice"])


def test_every_face_comes_up_from_a_fair_rng() -> None:
    counts = Counter(f.label for f in d.roll(D6, 6000, random.Random(7)))
    assert set(counts) == {str(i) for i in range(1, 7)}
    assert all(800 < n < 1200 for n in counts.values())


def test_plain_numbered_dice_have_faces_one_to_n() -> None:
    result = d.roll_expression(parse("50d20"), DICE, random.Random(3))
    assert all(1 <= r.face.value <= 20 for r in result.dice)
    assert d.plain_die(4).faces == tuple(Face(str(i), i) for i in range(1, 5))


# --- --rolled -----------------------------------------------------------------------------


def test_rolled_values_are_labels_or_values() -> None:
    result = d.roll_expression(parse("3", "d6"), DICE, random.Random(0), rolled="blank, 0,2 ,6")
    assert [(r.face.label, r.face.value) for r in result.dice] == [
        ("blank", 0),
        ("blank", 0),
        ("2", 2),
        ("6", 6),
    ]


def test_rolled_wrong_count_names_the_dice_and_their_faces() -> None:
    with pytest.raises(UsageError) as err:
        d.roll_expression(parse("2", "d6"), DICE, random.Random(0), rolled="1,2")
    text = str(err.value)
    assert "gave 2 values but 3 dice are rolled" in text
    assert (
        "attack die's faces are blank (0), 1, 2" in text
        and "d6 die's faces are 1, 2, 3, 4, 5, 6" in text
    )


def test_rolled_unknown_face_names_the_die_and_its_faces() -> None:
    with pytest.raises(
        UsageError, match=r"'3' is not a face of the attack die; its faces are blank \(0\), 1, 2"
    ):
        d.read_rolled_dice([ATTACK], "3")
    with pytest.raises(UsageError, match="its faces are 1 to 20"):
        d.read_rolled_dice([d.plain_die(20)], "21")


@pytest.mark.parametrize("text", ["", ",", "1,,2", " "])
def test_rolled_empty_values_are_refused(text: str) -> None:
    with pytest.raises(UsageError, match="empty value"):
        d.read_rolled_dice([ATTACK, ATTACK], text)


# --- exact sums ---------------------------------------------------------------------------


def brute_force(die: Die, n: int) -> Counter[int]:
    return Counter(sum(f.value for f in faces) for faces in itertools.product(die.faces, repeat=n))


ODD = Die("odd", (Face("-1", -1), Face("0", 0), Face("3", 3), Face("3", 3), Face("7", 7)))


@pytest.mark.parametrize("die", [ATTACK, D6, ODD, d.plain_die(2)])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5])
def test_sum_ways_match_enumeration(die: Die, n: int) -> None:
    ways, outcomes = d.sum_ways(die, n)
    assert outcomes == len(die.faces) ** n
    assert ways == dict(sorted(brute_force(die, n).items()))
    dist = d.sum_distribution(die, n)
    assert sum(dist.values()) == 1
    assert all(p * outcomes == ways[t] for t, p in dist.items())


def test_fast_and_slow_sums_agree_for_many_dice() -> None:
    for die, n in ((ATTACK, 100), (ODD, 40), (d.plain_die(20), 30)):
        assert d.sum_ways(die, n)[0] == d._convolve([f.value for f in die.faces], n)


# --- value types ---------------------------------------------------------------------------


def test_faces_and_dice_are_immutable_values() -> None:
    f = Face("1", 1)
    assert f == Face("1", 1) and hash(f) == hash(Face("1", 1)) and f != Face("1", 2)
    assert Face("1", 1) != DiceTerm("1", 1)  # same fields, different kind
    with pytest.raises(AttributeError):
        f.value = 2  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(ATTACK)) == ATTACK
    assert copy.deepcopy(ATTACK) == ATTACK
    assert repr(f) == "Face(label='1', value=1)"


def test_face_for_reads_labels_before_values() -> None:
    assert ATTACK.face_for("BLANK") == Face("blank", 0)
    assert ATTACK.face_for("0") == Face("blank", 0)
    assert ATTACK.face_for("7") is None
