"""Dice: faces, expressions, rolling from a passed-in generator, reading physical rolls,
exact sums.

A die is a :class:`Die` (faces with a label and a value), defined here and part of the
content model (:mod:`hollowcli.pack.model` re-exports it). Randomness always comes from the
``random.Random`` the caller passes in.

Dice expressions (``hollow roll 3 d6 +1``) are parsed here into an :class:`Expression`;
every mistake is a :class:`~hollowcli.errors.UsageError` naming the token at fault.

This module is on the path of ``hollow roll``, which must start about as fast as click
itself: it imports neither the content model nor :mod:`fractions` at module level, and its
types are small slotted classes (:class:`Frozen`) because defining a dataclass costs about
half a millisecond at import (measured with ``benchmarks/bench_startup.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hollowcli.errors import UsageError
from hollowcli.names import plural

if TYPE_CHECKING:
    import random
    from fractions import Fraction


class Frozen:
    """Base of small immutable value types: equality, hash and repr by the ``__slots__``.

    The subclass lists its fields in ``__slots__`` and sets them in ``__init__`` with
    ``object.__setattr__``. Cheap to define, unlike a dataclass (start-up speed).
    """

    __slots__: tuple[str, ...] = ()

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self.__slots__)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(
            f"{type(self).__name__} is immutable; make a new one instead of setting {name!r}"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined, no-any-return]

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._key()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={getattr(self, f)!r}' for f in self.__slots__)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._key())


def set_fields(obj: Frozen, **values: Any) -> None:
    for k, v in values.items():
        object.__setattr__(obj, k, v)


class Face(Frozen):
    """One face of a die: what is printed on it and how many hits/pips it counts."""

    __slots__ = ("label", "value")
    label: str
    value: int

    def __init__(self, label: str, value: int) -> None:
        set_fields(self, label=label, value=value)


class Die(Frozen):
    """A die from content: its id and its faces (each equally likely)."""

    __slots__ = ("id", "faces")  # noqa: RUF023 (order = repr order)
    id: str
    faces: tuple[Face, ...]

    def __init__(self, id: str, faces: tuple[Face, ...]) -> None:
        set_fields(self, id=id, faces=tuple(faces))

    def face_for(self, token: str) -> Face | None:
        """The face a player names by label or by value (``0`` and ``blank`` alike)."""
        t = token.strip().lower()
        for f in self.faces:
            if f.label.lower() == t:
                return f
        for f in self.faces:
            if str(f.value) == t:
                return f
        return None


#: The most dice one command rolls or computes odds for.
MAX_DICE = 100
#: The most sides a plain numbered die (``d20``) may have.
MAX_SIDES = 1000
#: The largest modifier (``+N``/``-N``) a roll accepts.
MAX_MODIFIER = 1000

#: One sentence describing the accepted expression forms, used in error messages and help.
ACCEPTED_FORMS = (
    "N or Na (N attack dice), dN or NdN (e.g. d6, 2d6), N<die id> for a die from content, "
    "and +N or -N modifiers"
)


def faces_text(die: Die) -> str:
    """The faces of ``die`` as a player would name them: ``blank (0), 1, 2``."""
    plain = [f.value for f in die.faces if f.label == str(f.value)]
    if len(plain) == len(die.faces) > 6 and plain == list(range(1, len(plain) + 1)):
        return f"1 to {len(plain)}"
    seen = dict.fromkeys(
        f"{f.label} ({f.value})" if f.label != str(f.value) else f.label for f in die.faces
    )
    return ", ".join(seen)


def roll(die: Die, count: int, rng: random.Random) -> list[Face]:
    """Roll ``count`` of ``die`` with ``rng``: one uniformly chosen face each.

    (The solo engine asks its rolls as questions instead: :mod:`hollowcli.engine.rolls`.)
    """
    return [die.faces[rng.randrange(len(die.faces))] for _ in range(count)]


def read_rolled(die: Die, tokens: Sequence[str], where: str = "--rolled") -> list[Face]:
    """Faces a player read off physical dice (labels or values); bad ones raise UsageError."""
    faces = []
    for tok in tokens:
        face = die.face_for(tok)
        if face is None:
            raise UsageError(
                f"{where}: {tok.strip()!r} is not a face of the {die.id} die; "
                f"its faces are {faces_text(die)}"
            )
        faces.append(face)
    return faces


def split_rolled(text: str, where: str = "--rolled") -> list[str]:
    """The values of ``--rolled 1,blank,2`` (comma-separated, or space-separated without
    commas); an empty value (``1,,2``) is an error, not a value to skip."""
    parts = [p.strip() for p in text.split(",")] if "," in text else text.split()
    if not parts or any(not p for p in parts):
        raise UsageError(
            f"{where}: {text!r} has an empty value; give one face per die, comma-separated, "
            "like --rolled 1,blank,2"
        )
    return parts


def dice_noun(die_id: str, n: int) -> str:
    """``3 attack dice``, ``1 attack die``; numbered dice read as ``2 d6``."""
    if die_id[:1] == "d" and die_id[1:].isdigit():
        return f"{n} {die_id}"
    return plural(n, f"{die_id} die", f"{die_id} dice")


def read_rolled_dice(dice: Sequence[Die], text: str, where: str = "--rolled") -> list[Face]:
    """Read ``--rolled`` for a sequence of dice (one value per die, in order).

    A wrong number of values or a value that is not a face of its die raises
    :class:`UsageError` naming the die and its faces.
    """
    tokens = split_rolled(text, where)
    if len(tokens) != len(dice):
        kinds = dict.fromkeys(d.id for d in dice)
        described = "; ".join(
            f"the {k} die's faces are {faces_text(next(d for d in dice if d.id == k))}"
            for k in kinds
        )
        wanted = describe_dice(dice)
        raise UsageError(
            f"{where} gave {plural(len(tokens), 'value')} but "
            f"{plural(len(dice), 'die is', 'dice are')} rolled ({wanted}); "
            f"give one value per die in order ({described or 'no dice are rolled'})"
        )
    faces: list[Face] = []
    for die, tok in zip(dice, tokens):
        faces.extend(read_rolled(die, [tok], where))
    return faces


def describe_dice(dice: Sequence[Die]) -> str:
    """``2 attack + 1 d6`` for a sequence of dice (counts kept in first-seen order)."""
    counts: dict[str, int] = {}
    for d in dice:
        counts[d.id] = counts.get(d.id, 0) + 1
    return " + ".join(f"{n} {k}" for k, n in counts.items()) or "none"


def face_distribution(die: Die) -> dict[int, Fraction]:
    """Probability of each value on one roll of ``die`` (faces equally likely)."""
    from fractions import Fraction

    n = len(die.faces)
    dist: dict[int, Fraction] = {}
    for f in die.faces:
        dist[f.value] = dist.get(f.value, Fraction(0)) + Fraction(1, n)
    return dist


def sum_ways(die: Die, count: int) -> tuple[dict[int, int], int]:
    """Ways to reach each total of ``count`` dice (ascending), and the number of outcomes
    (``faces**count``): exact integers, no fractions until the caller needs them.

    The ways are the coefficients of the polynomial ``(sum of x**value over the faces) **
    count``. For the small dice of this game that power is taken in one big-integer
    ``**`` (each coefficient packed in its own run of bits, enough for ``faces**count``),
    which makes 50 or 100 dice take microseconds; wide dice fall back to convolution.
    """
    values = [f.value for f in die.faces]
    outcomes = len(values) ** count
    if count == 0 or not values:
        return {0: 1}, outcomes
    lo = min(values)
    span = max(values) - lo
    size = outcomes.bit_length() // 8 + 1  # bytes per coefficient: room for faces**count
    totals = span * count + 1
    if totals * size <= 2_000_000:
        poly = 0
        for v in values:
            poly += 1 << (8 * size * (v - lo))
        raw = (poly**count).to_bytes(totals * size, "little")
        ways: dict[int, int] = {}
        for k in range(totals):
            w = int.from_bytes(raw[k * size : (k + 1) * size], "little")
            if w:
                ways[lo * count + k] = w
        return ways, outcomes
    return _convolve(values, count), outcomes


def _convolve(values: Sequence[int], count: int) -> dict[int, int]:
    """Ways to reach each total of ``count`` dice, by repeated convolution (the slow path)."""
    ways_one: dict[int, int] = {}
    for v in values:
        ways_one[v] = ways_one.get(v, 0) + 1
    ways: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, w in ways.items():
            for v, k in ways_one.items():
                nxt[total + v] = nxt.get(total + v, 0) + w * k
        ways = nxt
    return dict(sorted(ways.items()))


def sum_distribution(die: Die, count: int) -> dict[int, Fraction]:
    """Exact distribution of the total of ``count`` dice, ascending by total."""
    from fractions import Fraction

    ways, denom = sum_ways(die, count)
    return {t: Fraction(w, denom) for t, w in ways.items()}


# --- expressions --------------------------------------------------------------------


class DiceTerm(Frozen):
    """``count`` dice of one kind: a die id from content, or ``dN`` for a plain numbered die."""

    __slots__ = ("die", "count")  # noqa: RUF023 (order = repr order)
    die: str
    count: int

    def __init__(self, die: str, count: int) -> None:
        set_fields(self, die=die, count=count)


class Expression(Frozen):
    """A parsed roll: dice terms (in the order typed) and a total modifier."""

    __slots__ = ("terms", "modifier")  # noqa: RUF023 (order = repr order)
    terms: tuple[DiceTerm, ...]
    modifier: int

    def __init__(self, terms: tuple[DiceTerm, ...], modifier: int = 0) -> None:
        set_fields(self, terms=tuple(terms), modifier=modifier)

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms)


class DieRoll(Frozen):
    """One die of a roll: which die, and the face it shows."""

    __slots__ = ("die", "face")
    die: str
    face: Face

    def __init__(self, die: str, face: Face) -> None:
        set_fields(self, die=die, face=face)


class RollResult(Frozen):
    """A rolled expression: each die's face, the modifier and the total."""

    __slots__ = ("dice", "modifier")
    dice: tuple[DieRoll, ...]
    modifier: int

    def __init__(self, dice: tuple[DieRoll, ...], modifier: int = 0) -> None:
        set_fields(self, dice=tuple(dice), modifier=modifier)

    @property
    def total(self) -> int:
        return sum(d.face.value for d in self.dice) + self.modifier

    def to_json(self) -> dict[str, Any]:
        """The JSON document of ``hollow roll`` (keys are a contract)."""
        return {
            "dice": [
                {"die": r.die, "face": r.face.label, "value": r.face.value} for r in self.dice
            ],
            "modifier": self.modifier,
            "total": self.total,
        }

    def text(self) -> str:
        """One line per run of same dice (each face, with its value when the label is not a
        number), the modifier, then the total: ``3 attack dice: blank (0), 1, 2 = 3``."""
        lines = []
        runs: list[list[DieRoll]] = []
        for r in self.dice:
            if runs and runs[-1][0].die == r.die:
                runs[-1].append(r)
            else:
                runs.append([r])
        for run in runs:
            items = [
                r.face.label
                if r.face.label == str(r.face.value)
                else f"{r.face.label} ({r.face.value})"
                for r in run
            ]
            if len(run) > 1:
                items[-1] += f" = {sum(r.face.value for r in run)}"
            head = f"{dice_noun(run[0].die, len(run))}: "
            line = head
            for i, item in enumerate(items):
                piece = item + ("," if i < len(items) - 1 else "")
                if len(line) + len(piece) > 88 and line.strip() and not line.endswith(": "):
                    lines.append(line.rstrip())
                    line = " " * len(head)  # many dice: wrap under the first face
                line += piece + " "
            lines.append(line.rstrip())
        if self.modifier:
            lines.append(f"Modifier: {self.modifier:+d}")
        lines.append(f"Total: {self.total}")
        return "\n".join(lines)


_DIGITS = frozenset("0123456789")
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


def _plain_sides(name: str) -> str | None:
    """The digits of a plain die name ``dN`` (ASCII digits only), else None."""
    rest = name[1:]
    return rest if name[:1] == "d" and rest and set(rest) <= _DIGITS else None


def _scan_term(tok: str, pos: int) -> tuple[str, str, str, int]:
    """One term of an expression from ``pos``: (sign, digits, die name, end).

    A term is an optional sign, ASCII digits, and a die name: a letter, then letters or
    digits, with a hyphen allowed inside a name only before a letter (so ``d6-1`` is a d6
    minus one). Written by hand rather than as a regex: compiling one costs start-up time.
    """
    n = len(tok)
    i = pos
    sign = tok[i] if i < n and tok[i] in "+-" else ""
    i += len(sign)
    j = i
    while j < n and tok[j] in _DIGITS:
        j += 1
    k = j
    if k < n and tok[k] in _LETTERS:
        k += 1
        while k < n and (
            tok[k] in _LETTERS
            or tok[k] in _DIGITS
            or (tok[k] == "-" and k + 1 < n and tok[k + 1] in _LETTERS)
        ):
            k += 1
    return sign, tok[i:j], tok[j:k], k


def plain_die(sides: int) -> Die:
    """An ordinary die numbered 1..``sides``."""
    return Die(id=f"d{sides}", faces=tuple(Face(str(i), i) for i in range(1, sides + 1)))


def _bad(token: str, why: str) -> UsageError:
    return UsageError(
        f"cannot read the dice expression {token!r}: {why}; accepted forms are {ACCEPTED_FORMS}"
    )


def _number(digits: str, token: str, limit: int, what: str) -> int:
    # Guard before int(): a 5000-digit string is not a number of dice anyone means.
    if len(digits) > len(str(limit)) or int(digits) > limit:
        raise UsageError(f"{token!r} asks for too many {what}; the most is {limit}")
    return int(digits)


def resolve_die(name: str, dice: Mapping[str, Die], attack_die: str, token: str) -> str:
    """The die id a term names: ``a`` = the attack die, a content die id, or ``dN``."""
    if name == "a":
        return attack_die
    if name in dice:
        return name
    plain = _plain_sides(name)
    if plain is not None:
        sides = _number(plain, token, MAX_SIDES, "sides")
        if sides < 2:
            raise _bad(token, "a die needs at least 2 sides")
        return f"d{sides}"
    from hollowcli.names import did_you_mean

    hint = did_you_mean(name, sorted(set(dice) | {"a"}))
    hint = f" ({hint})" if hint else ""
    raise _bad(token, f"there is no die {name!r}{hint}; content dice are {', '.join(sorted(dice))}")


def _tokens(exprs: Sequence[str]) -> list[str]:
    """Arguments with a lone ``+``/``-`` joined to the next one (``2d6 + 1``)."""
    out: list[str] = []
    pending = ""
    for raw in exprs:
        tok = "".join(raw.split()).lower()
        if tok in ("+", "-"):
            if pending:
                raise _bad(pending + " " + tok, "two signs in a row")
            pending = tok
            continue
        out.append(pending + tok)
        pending = ""
    if pending:
        raise _bad(pending, "a sign must be followed by a number, like +1")
    return out


def parse_expression(
    exprs: Sequence[str], dice: Mapping[str, Die], attack_die: str = "attack"
) -> Expression:
    """Parse the words of ``hollow roll``: ``3``, ``3a``, ``d6``, ``2d6``, ``+1``, ``-1``...

    A bare number is that many attack dice; a signed number is a modifier. When no die is
    named at all, one attack die is rolled. Raises :class:`UsageError` naming the token.
    """
    terms: list[DiceTerm] = []
    modifier = 0
    for tok in _tokens(exprs):
        if not tok:
            raise _bad(tok, "it is empty")
        pos = 0
        while pos < len(tok):
            sign, digits, name, end = _scan_term(tok, pos)
            if not digits and not name:
                rest = tok[pos + len(sign) :]
                why = (
                    f"{rest!r} is not understood"
                    if rest
                    else "a sign must be followed by a number or a die"
                )
                raise _bad(tok, why)
            pos = end
            if not name:
                if sign:
                    value = _number(digits, tok, MAX_MODIFIER, "as a modifier (points)")
                    modifier += value if sign == "+" else -value
                    continue
                count = _number(digits, tok, MAX_DICE, "dice")
                die_id = attack_die
            else:
                if sign == "-":
                    raise _bad(tok, "dice cannot be subtracted, only modifiers (-1)")
                count = _number(digits, tok, MAX_DICE, "dice") if digits else 1
                die_id = resolve_die(name, dice, attack_die, tok)
            if count == 0:
                raise _bad(tok, "roll at least one die")
            terms.append(DiceTerm(die_id, count))
    if not terms:
        terms.append(DiceTerm(attack_die, 1))
    if abs(modifier) > MAX_MODIFIER:
        raise UsageError(
            f"the modifiers add up to {modifier}; the most is {MAX_MODIFIER} either way"
        )
    expr = Expression(tuple(terms), modifier)
    if expr.dice_count > MAX_DICE:
        raise UsageError(f"that is {expr.dice_count} dice; the most one roll takes is {MAX_DICE}")
    return expr


def die_by_id(die_id: str, dice: Mapping[str, Die]) -> Die:
    """The die for an id from :func:`parse_expression` (content first, then plain ``dN``)."""
    if die_id in dice:
        return dice[die_id]
    plain = _plain_sides(die_id)
    if plain is not None:
        return plain_die(int(plain))
    raise UsageError(f"there is no die {die_id!r}; content dice are {', '.join(sorted(dice))}")


def expression_dice(expr: Expression, dice: Mapping[str, Die]) -> list[Die]:
    """One :class:`Die` per die rolled, in the order typed."""
    out: list[Die] = []
    for term in expr.terms:
        out.extend([die_by_id(term.die, dice)] * term.count)
    return out


def roll_expression(
    expr: Expression, dice: Mapping[str, Die], rng: random.Random, rolled: str | None = None
) -> RollResult:
    """Roll ``expr`` with ``rng``, or read the faces from ``rolled`` (``--rolled``)."""
    seq = expression_dice(expr, dice)
    if rolled is not None:
        faces = read_rolled_dice(seq, rolled)
    else:
        faces = [d.faces[rng.randrange(len(d.faces))] for d in seq]
    return RollResult(tuple(DieRoll(d.id, f) for d, f in zip(seq, faces)), expr.modifier)
