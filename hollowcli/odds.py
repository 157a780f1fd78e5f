"""Exact odds of an attack's damage (and of the leave roll): rational arithmetic, no sampling.

Damage = direct + dice total - defense, never below 0 (:func:`resolve.attack_damage`, the
one place that rule lives), so the damage distribution is the dice-total distribution
(:func:`hollowcli.dice.sum_ways`) mapped through that rule.

Every probability is held exactly as a whole number of ways out of ``outcomes``
(``faces**dice``). The :class:`fractions.Fraction` views (``distribution``, ``at_least``,
``mean``, ``defeat``) are built on demand; printing and JSON work from the integers
directly (``a/b`` reduced with :func:`math.gcd`, floats by correctly rounded integer
division), so ``hollow odds`` never pays for importing :mod:`fractions` and ``decimal``.
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING, Any

from hollowcli.dice import Die, Face, dice_noun, sum_ways
from hollowcli.engine.resolve import attack_damage
from hollowcli.names import plural

if TYPE_CHECKING:
    from fractions import Fraction


def fraction_text(p: Fraction) -> str:
    """``a/b`` always (``1/1`` and ``0/1`` too), so every exact value has one shape."""
    return f"{p.numerator}/{p.denominator}"


def ratio_text(ways: int, outcomes: int) -> str:
    """``ways/outcomes`` in lowest terms, as ``a/b`` (``0/1`` and ``1/1`` included)."""
    g = gcd(ways, outcomes) or 1
    return f"{ways // g}/{outcomes // g}"


class Odds:
    """The exact damage distribution of one attack (or leave roll), and what follows from it.

    ``ways`` maps each reachable damage (ascending) to its number of outcomes out of
    ``outcomes``; ``notes`` and ``title`` say what the attack is, for printing.
    """

    __slots__ = ("die", "dice", "direct", "defense", "ways", "outcomes", "health", "notes", "title")  # noqa: RUF023 (order = repr order)

    def __init__(
        self,
        die: str,
        dice: int,
        direct: int,
        defense: int,
        ways: dict[int, int],
        outcomes: int,
        health: int | None = None,
        notes: tuple[str, ...] = (),
        title: str = "",
    ) -> None:
        self.die, self.dice, self.direct, self.defense = die, dice, direct, defense
        self.ways, self.outcomes, self.health = ways, outcomes, health
        self.notes, self.title = notes, title

    # -- exact integers ------------------------------------------------------------------
    def at_least_ways(self, k: int) -> int:
        """Outcomes with damage >= ``k``."""
        return sum(w for d, w in self.ways.items() if d >= k)

    @property
    def max_damage(self) -> int:
        return max(self.ways)

    @property
    def mean_ways(self) -> int:
        """Sum of damage over all outcomes: the mean is this over ``outcomes``."""
        return sum(d * w for d, w in self.ways.items())

    def _at_least_all(self) -> dict[int, int]:
        out: dict[int, int] = {}
        running = 0
        for k in range(self.max_damage, 0, -1):
            running += self.ways.get(k, 0)
            out[k] = running
        return dict(sorted(out.items()))

    def _defeat_ways(self) -> int | None:
        if self.health is None:
            return None
        return self.outcomes if self.health <= 0 else self.at_least_ways(self.health)

    # -- Fraction views ------------------------------------------------------------------
    @property
    def distribution(self) -> dict[int, Fraction]:
        """Damage -> probability, ascending, every reachable damage."""
        from fractions import Fraction

        return {d: Fraction(w, self.outcomes) for d, w in self.ways.items()}

    @property
    def at_least(self) -> dict[int, Fraction]:
        """k -> P(damage >= k) for k = 1 .. the highest damage."""
        from fractions import Fraction

        return {k: Fraction(w, self.outcomes) for k, w in self._at_least_all().items()}

    @property
    def mean(self) -> Fraction:
        from fractions import Fraction

        return Fraction(self.mean_ways, self.outcomes)

    @property
    def defeat(self) -> Fraction | None:
        """Chance that the damage reaches ``health`` (None when no health was given)."""
        from fractions import Fraction

        w = self._defeat_ways()
        return None if w is None else Fraction(w, self.outcomes)

    # -- output --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """JSON document of ``hollow odds`` (keys are a contract; JSON object keys are strings)."""
        n = self.outcomes
        at_least = {0: n, **self._at_least_all()}  # at least 0 damage: every outcome
        doc: dict[str, Any] = {
            "die": self.die,
            "dice_count": self.dice,  # 'dice' is the list of rolled faces in roll, attack and leave
            "direct": self.direct,
            "defense": self.defense,
            "distribution": {str(k): w / n for k, w in self.ways.items()},
            "exact": {str(k): ratio_text(w, n) for k, w in self.ways.items()},
            "at_least": {str(k): w / n for k, w in at_least.items()},
            "at_least_exact": {str(k): ratio_text(w, n) for k, w in at_least.items()},
            "mean": self.mean_ways / n,
            "mean_exact": ratio_text(self.mean_ways, n),
        }
        dw = self._defeat_ways()
        if dw is not None:
            doc["health"] = self.health
            doc["defeat"] = dw / n
            doc["defeat_exact"] = ratio_text(dw, n)
        doc["notes"] = list(self.notes)
        return doc

    def text(
        self, width: int = 80, unicode: bool = True, exact: bool | None = None, full: bool = False
    ) -> str:
        """The odds as a table with a bar chart (see :func:`format_odds`)."""
        return format_odds(self, width, unicode, exact, full)


def damage_odds(
    die: Die,
    dice: int,
    direct: int = 0,
    defense: int = 0,
    health: int | None = None,
    notes: tuple[str, ...] = (),
    title: str = "",
) -> Odds:
    """Exact damage distribution of ``dice`` x ``die`` + ``direct`` - ``defense``."""
    totals, outcomes = sum_ways(die, dice)
    ways: dict[int, int] = {}
    for total, w in totals.items():
        d = attack_damage(total, direct, defense).damage
        ways[d] = ways.get(d, 0) + w
    return Odds(
        die.id, dice, direct, defense, dict(sorted(ways.items())), outcomes, health, notes, title
    )


def attack_odds(
    die: Die,
    dice: int,
    direct: int = 0,
    defense: int = 0,
    health: int | None = None,
    notes: tuple[str, ...] = (),
) -> Odds:
    """Exact damage distribution of an attack (the title says what it is)."""
    title = f"{dice_noun(die.id, dice)} + {direct} direct - {defense} defense (damage never below 0)"
    return damage_odds(die, dice, direct, defense, health, notes, title)


def hit_die(die: Die, per_hit: int = 1) -> Die:
    """``die`` as the leave roll sees it: ``per_hit`` for every non-blank face, 0 for blank."""
    return Die(die.id, tuple(Face(f.label, per_hit if f.value != 0 else 0) for f in die.faces))


def leave_odds(die: Die, foes: int, per_hit: int = 1) -> Odds:
    """Exact damage distribution of leaving a location with ``foes`` foes (no defense)."""
    title = f"leaving past {plural(foes, 'foe')} ({per_hit} per non-blank {die.id} die, no defense)"
    return damage_odds(hit_die(die, per_hit), foes, title=title)


# --- the table and its bar chart -----------------------------------------------------------

_EIGHTHS = " ▏▎▍▌▋▊▉█"


def _bar(fraction: float, cells: int, unicode: bool) -> str:
    """A bar ``fraction`` of ``cells`` long: eighth-blocks on unicode, '#' otherwise."""
    if cells <= 0:
        return ""
    if not unicode:
        return "#" * round(fraction * cells)
    full, part = divmod(round(fraction * cells * 8), 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def _percent(p: float) -> str:
    if p == 0:
        return "0%"
    if 0.9995 <= p < 1:
        return ">99.9%"
    if p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def format_odds(
    o: Odds, width: int = 80, unicode: bool = True, exact: bool | None = None, full: bool = False
) -> str:
    """The odds as a table with a bar chart, fitted to ``width`` columns.

    Exact fractions are shown when they are short (or ``exact`` is True); rows in the far
    tails (together under 0.05% at each end) are folded into one line unless ``full``.
    """
    n = o.outcomes
    lines = [f"  {note}" for note in o.notes]
    if o.title:
        lines.append(f"Damage of {o.title}:")
    rows = list(o.ways.items())
    fr = {d: ratio_text(w, n) for d, w in rows}
    show_exact = exact if exact is not None else max(len(s) for s in fr.values()) <= 15
    hidden_lo: list[tuple[int, int]] = []
    hidden_hi: list[tuple[int, int]] = []
    if not full and len(rows) > 12:
        cut = n // 2000  # 0.05% of the outcomes, in ways
        start = total = 0
        while start < len(rows) - 1 and total + rows[start][1] < cut:
            total += rows[start][1]
            start += 1
        end, total = len(rows), 0
        while end - 1 > start and total + rows[end - 1][1] < cut:
            total += rows[end - 1][1]
            end -= 1
        hidden_lo, hidden_hi, rows = rows[:start], rows[end:], rows[start:end]
    ex_w = max((len(fr[d]) for d, _ in rows), default=5) if show_exact else 0
    head = f"{'damage':>6}  {'chance':>6}  {'at least':>8}"
    if show_exact:
        head += f"  {'exact':>{ex_w}}"
    bar_cells = max(0, width - len(head) - 3)
    top = max((w for _, w in rows), default=1) or 1
    lines.append(head)

    def folded(part: list[tuple[int, int]]) -> str:
        share = sum(w for _, w in part) / n
        span = str(part[0][0]) if len(part) == 1 else f"{part[0][0]}-{part[-1][0]}"
        return f"{'':>6}  damage {span}: {_percent(share)} in all (--full shows every row)"

    if hidden_lo:
        lines.append(folded(hidden_lo))
    at_least = o._at_least_all()
    for d, w in rows:
        line = (
            f"{d:>6}  {_percent(w / n):>6}  {_percent(at_least.get(d, n) / n if d > 0 else 1.0):>8}"
        )
        if show_exact:
            line += f"  {fr[d]:>{ex_w}}"
        line += "  " + _bar(w / top, bar_cells, unicode)
        lines.append(line.rstrip())
    if hidden_hi:
        lines.append(folded(hidden_hi))
    mean = ratio_text(o.mean_ways, n)
    mean_exact = f" = {mean}" if not mean.endswith("/1") and (len(mean) <= 30 or exact) else ""
    lines.append(f"Mean damage: {o.mean_ways / n:.3f}{mean_exact}")
    dw = o._defeat_ways()
    if dw is not None:
        d_text = ratio_text(dw, n)
        exact_d = f" = {d_text}" if len(d_text) <= 30 or exact else ""
        lines.append(
            f"Chance of at least {o.health} damage (enough to defeat a target with {o.health} health): "
            f"{_percent(dw / n)}{exact_d}"
        )
    if not show_exact:
        lines.append("Exact fractions: --exact, or --json.")
    return "\n".join(lines)
