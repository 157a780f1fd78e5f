"""Dice as questions: every roll the engine needs is a :class:`RollRequest` answered by a
:class:`DiceSource`.

When a step needs dice (a Legend's attack, a leave roll, a foe's attack, a spawn roll) the
engine builds a request naming the die, how many, what the roll is for and the faces the
seeded dice show, and asks the :class:`Dice` of the step, which asks its source::

    request.prompt  -> "Roll 2 attack dice (Emily attacks Gobkin 2)"
    source.roll(request) -> (RolledFace, RolledFace)   # each face says whether it was physical

The sources:

* :class:`SeededSource` (the default): the seeded faces, none physical;
* :class:`AskSource`: a callback that answers each request mid-step (``hollow play
  --rolled ask`` asks the player at a prompt; ``hollow assist`` asks the table). It may
  return the seeded faces (the player typed ``r``) or the faces read off real dice;
* the ``--rolled`` list and the faces recorded in a save live in
  :mod:`hollowcli.play.rolled`, built on the same protocol.

The seeded faces of a request are always drawn from the step's generator, whatever the
source answers, so the seeded dice and the deck shuffles after a physical roll are the
ones the seed gives: the same seed and the same answers replay the same game.

A source may raise to stop the step (the player pressed Ctrl-C at the question); the
engine is pure, so the state the step started from is untouched.

A chapter's script may also ask the players to choose (an event's ``choose``): the engine
builds a :class:`ChoiceRequest` and asks :meth:`Dice.choose`, which asks the source's
``choose(request)`` when it has one and returns a :class:`Chosen` (the option, and
whether the players chose it). A source answers the option's index, or None when nobody
chose; the seeded source (and any source without ``choose``) never asks: the option
marked ``auto``, else the first. A choice draws nothing from the generator, so the dice
after it are the same whichever option is taken.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, Final, Protocol, TypeAlias

from mypy_extensions import mypyc_attr

from hollowcli.dice import Die, Face, Frozen, dice_noun, faces_text, set_fields
from hollowcli.errors import RulesError
from hollowcli.names import plural

#: What a roll is for (``RollRequest.kind``).
ROLL_KINDS: Final = ("attack", "leave", "foe-attack", "spawn")


class RollRequest(Frozen):
    """A pending roll: ``count`` of ``die`` for ``purpose`` (one of :data:`ROLL_KINDS` in ``kind``).

    ``seeded`` holds the faces the step's seeded dice show for it (what ``r`` at the
    prompt, or the default source, answers). ``actor`` is who rolls (a Legend id, a foe
    id such as ``gobkin#2``: kind and standee number, or None for a spawn roll).
    """

    __slots__ = ("die", "count", "purpose", "kind", "seeded", "actor")  # noqa: RUF023 - constructor order
    die: Die
    count: int
    purpose: str
    kind: str
    seeded: tuple[Face, ...]
    actor: str | None

    def __init__(self, die: Die, count: int, purpose: str, kind: str, seeded: Sequence[Face], actor: str | None = None) -> None:
        set_fields(self, die=die, count=count, purpose=purpose, kind=kind, seeded=tuple(seeded), actor=actor)

    @property
    def prompt(self) -> str:
        """``Roll 2 attack dice (Emily attacks Gobkin 2)``."""
        return f"Roll {dice_noun(self.die.id, self.count)} ({self.purpose})"

    @property
    def faces_text(self) -> str:
        """The die's faces as a player names them: ``blank (0), 1, 2``."""
        return faces_text(self.die)

    def read(self, text: str) -> tuple[Face, ...]:
        """The faces a player typed for this request (labels or values, spaces or commas).

        Raises ValueError with one sentence (what is wrong and the die's faces) for a face
        the die does not have or the wrong number of faces.
        """
        tokens = [t for t in text.replace(",", " ").split() if t]
        faces = []
        for tok in tokens:
            face = self.die.face_for(tok)
            if face is None:
                raise ValueError(f"{tok!r} is not a face of the {self.die.id} die; its faces are {self.faces_text}")
            faces.append(face)
        if len(faces) != self.count:
            raise ValueError(
                f"That is {plural(len(faces), 'face')}, but {dice_noun(self.die.id, self.count)} "
                f"{'is' if self.count == 1 else 'are'} rolled; give one face per die ({self.faces_text})"
            )
        return tuple(faces)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (for ``--json`` callers and logs)."""
        return {"die": self.die.id, "count": self.count, "purpose": self.purpose, "kind": self.kind,
                "actor": self.actor, "faces": [f.label for f in self.die.faces]}


_set: Final = object.__setattr__


class ChoiceRequest(Frozen):
    """A pending choice of a chapter's script: ``prompt`` and the ``options``' labels.

    ``auto`` is the index of the option marked ``auto: true`` (None when no option is):
    what a player who is not asked takes (:attr:`default`). ``event`` is the id of the
    event that asks.
    """

    __slots__ = ("prompt", "options", "auto", "event")  # noqa: RUF023 - constructor order
    prompt: str
    options: tuple[str, ...]
    auto: int | None
    event: str

    def __init__(self, prompt: str, options: Sequence[str], auto: int | None = None, event: str = "") -> None:
        set_fields(self, prompt=prompt, options=tuple(options), auto=auto, event=event)

    @property
    def default(self) -> int:
        """The option taken without asking (0-based): the ``auto`` one, else the first."""
        return 0 if self.auto is None else self.auto

    def numbered(self) -> list[str]:
        """``1. Round the grave``, one line per option (the ``auto`` one marked)."""
        return [f"{i}. {label}" + (" (auto)" if i - 1 == self.auto else "") for i, label in enumerate(self.options, 1)]

    def read(self, text: str) -> int:
        """The option (0-based) a player typed: its number, or its label (any case).

        Raises ValueError with one sentence naming the choices for anything else.
        """
        typed = text.strip()
        if typed.isdigit() and 1 <= int(typed) <= len(self.options):
            return int(typed) - 1
        for i, label in enumerate(self.options):
            if typed.casefold() == label.casefold():
                return i
        raise ValueError(f"{typed!r} is not one of the choices; type a number from 1 to {len(self.options)}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (for ``--json`` callers and logs)."""
        return {"prompt": self.prompt, "options": list(self.options), "auto": self.auto, "event": self.event}


class Chosen(Frozen):
    """The answer to a :class:`ChoiceRequest`: the option's ``index`` (0-based) and
    ``label``, and ``by``: ``"players"`` when someone chose it, ``"auto"`` when nobody was
    asked (the seeded source, ``--auto``, ``hollow simulate``)."""

    __slots__ = ("index", "label", "by")  # noqa: RUF023 - constructor order
    index: int
    label: str
    by: str

    def __init__(self, index: int, label: str, by: str) -> None:
        set_fields(self, index=index, label=label, by=by)


class RolledFace(Frozen):
    """One rolled die: its face, and whether it was rolled by hand (``physical``)."""

    __slots__ = ("face", "physical")
    face: Face
    physical: bool

    def __init__(self, face: Face, physical: bool = False) -> None:
        _set(self, "face", face)
        _set(self, "physical", physical)

    @property
    def label(self) -> str:
        return self.face.label

    @property
    def value(self) -> int:
        return self.face.value


class DiceSource(Protocol):
    """Answers a pending roll with exactly ``request.count`` faces of ``request.die``."""

    def roll(self, request: RollRequest) -> Sequence[RolledFace]: ...


class SeededSource:
    """The default source: the seeded faces, none of them physical; a choice's default."""

    def roll(self, request: RollRequest) -> tuple[RolledFace, ...]:
        return tuple(RolledFace(f, False) for f in request.seeded)

    def choose(self, request: ChoiceRequest) -> int | None:
        return None  # nobody is asked: the request's default


SEEDED: Final = SeededSource()


class AskSource:
    """A source that asks a callback for each roll, mid-step.

    ``ask(request)`` returns the faces read off real dice (physical), or None to take
    the seeded faces (the player typed ``r``). It may raise to stop the step.
    """

    def __init__(self, ask: Callable[[RollRequest], Sequence[Face] | None]):
        self.ask = ask

    def roll(self, request: RollRequest) -> tuple[RolledFace, ...]:
        faces = self.ask(request)
        if faces is None:
            return SEEDED.roll(request)
        return tuple(RolledFace(f, True) for f in faces)


class Dice:
    """The dice of one step: a seeded generator (for the seeded faces and deck shuffles)
    and the source that answers each roll.

    ``events`` is the list of the step's events so far (set by ``engine.apply``), so an
    interactive source can show what has happened before it asks.
    """

    __slots__ = ("rng", "source", "events", "state")

    def __init__(self, rng: random.Random, source: DiceSource | None = None):
        self.rng = rng
        self.source: DiceSource = source if source is not None else SEEDED
        self.events: list[Any] = []
        self.state: Any = None  # the board as it is at the roll being asked (set by the engine)

    def roll(self, die: Die, count: int, purpose: str, kind: str, actor: str | None = None) -> tuple[RolledFace, ...]:
        """Ask for ``count`` of ``die``; the seeded faces are drawn first, whatever the answer."""
        faces = die.faces
        n = len(faces)
        rng = self.rng
        if rng.__class__ is LazyRandom or rng.__class__ is random.Random:  # (not a test's scripted generator)
            if isinstance(rng, LazyRandom):
                rng.sow()  # (below draws past its own check)
            seeded = [faces[below(rng, n)] for _ in range(count)]
        else:
            randrange = rng.randrange
            seeded = [faces[randrange(n)] for _ in range(count)]
        source = self.source
        if source is SEEDED:  # the common case: nobody to ask, so no request is made
            return tuple([RolledFace(f, False) for f in seeded])
        request = RollRequest(die, count, purpose, kind, seeded, actor)
        answer = tuple(source.roll(request))
        if len(answer) != count or any(r.face not in faces for r in answer):
            got = ", ".join(r.face.label for r in answer)
            raise RulesError(f"the dice source answered [{got}] to '{request.prompt}'; it needs {plural(count, 'face')} of the {die.id} die ({faces_text(die)})")
        return answer

    def choose(self, request: ChoiceRequest) -> Chosen:
        """The option the players take: the source's ``choose(request)`` if it has one (an
        index, or None: nobody chose), else the request's default. RulesError for an
        answer that is not an option."""
        hook = getattr(self.source, "choose", None)
        answer = None if hook is None else hook(request)
        if answer is None:
            return Chosen(request.default, request.options[request.default], "auto")
        if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < len(request.options):
            raise RulesError(f"the choice source answered {answer!r} to '{request.prompt}'; it needs an option "
                             f"from 0 to {len(request.options) - 1} ({', '.join(request.options)})")
        return Chosen(answer, request.options[answer], "players")

    def pause(self, state: Any, events: list[Any], upcoming: str) -> Any:
        """A pause of the adversary phase (see :func:`hollowcli.engine.core.pause`): the
        source's ``pause(state, events, upcoming)`` if it has one, else ``state``."""
        hook = getattr(self.source, "pause", None)
        return state if hook is None else hook(state, events, upcoming)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle a deck with the step's seeded generator."""
        self.rng.shuffle(items)


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` > 0 from a plain ``random.Random`` (or a :class:`LazyRandom`
    already sown: :meth:`Dice.roll` calls :meth:`LazyRandom.sow` first): the same number, drawn the way
    Python's own ``randrange`` draws it (``Random._randbelow`` with ``getrandbits``: the
    fewest bits that hold ``n``, drawn again until under ``n``), without its argument checks
    and two calls in plain Python, and with the C ``getrandbits`` called straight, past
    :class:`LazyRandom`'s own (a speed trick, listed in engine/speed.py; the fingerprint of
    ``benchmarks/fingerprint.py`` checks it is the same)."""
    k = n.bit_length()
    r: int = _GETRANDBITS(rng, k)
    while r >= n:
        r = _GETRANDBITS(rng, k)
    return r


#: The C ``getrandbits`` of every ``random.Random`` (a :class:`LazyRandom`'s own checks its seed first).
_GETRANDBITS: Final = random.Random.getrandbits


@mypyc_attr(native_class=False)  # compiled, a native class cannot extend random.Random
class LazyRandom(random.Random):
    """A ``random.Random(seed)`` that is seeded when first drawn from.

    Seeding from a string costs about as much as a whole step of the engine, and most
    steps roll nothing; the numbers drawn are exactly those of ``random.Random(seed)``.
    """

    def __init__(self, seed: str | int) -> None:  # noqa: D107 - no super().__init__: seeded on first use
        self._lazy_seed: str | int | tuple[int, int, bool] | None = seed  # (a tuple: see rearm)

    def sow(self) -> None:
        """Seed it now, if it was not yet (a caller that draws with ``random.Random``'s own
        methods, past the checks below, sows first)."""
        seed, self._lazy_seed = self._lazy_seed, None
        if isinstance(seed, tuple):
            game, step, auto = seed
            seed = policy_seed(game, step) if auto else step_seed(game, step)
        if seed is not None:
            super().seed(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:  # type: ignore[override]
        self._lazy_seed = None
        super().seed(a, version)

    def getrandbits(self, k: int) -> int:
        if self._lazy_seed is not None:
            self.sow()
        return super().getrandbits(k)

    def random(self) -> float:
        if self._lazy_seed is not None:
            self.sow()
        return super().random()

    def getstate(self) -> Any:
        if self._lazy_seed is not None:
            self.sow()
        return super().getstate()


def step_rng(seed: int, step: int) -> random.Random:
    """The dice of step ``step`` of a game seeded ``seed`` (independent of every other step):
    ``random.Random(f"{seed}:{step}")``, seeded only if the step draws from it."""
    return LazyRandom(step_seed(seed, step))


def policy_rng(seed: int, step: int) -> random.Random:
    """The generator the policy (``--auto``) decides step ``step`` with, apart from the dice,
    so ``hollow simulate`` and ``hollow play --auto`` choose alike (seeded only if drawn from)."""
    return LazyRandom(policy_seed(seed, step))


def step_seed(seed: int, step: int) -> str:
    """The seed of :func:`step_rng`."""
    return f"{seed}:{step}"


def policy_seed(seed: int, step: int) -> str:
    """The seed of :func:`policy_rng`."""
    return f"{seed}:auto:{step}"


def rearm(rng: LazyRandom, seed: int, step: int, auto: bool) -> None:
    """Make ``rng`` the generator of step ``step`` of a game seeded ``seed`` again (the
    policy's when ``auto``): whatever it drew before, its next draw seeds it as
    :func:`step_rng` (:func:`policy_rng`) is seeded, so it draws what a new one would; the
    seed's text is made only then. (A new one costs a whole seeding of the Mersenne twister,
    which ``random.Random`` does as it is made: a speed trick of
    :func:`hollowcli.engine.game.play_on`, listed in engine/speed.py.)"""
    rng._lazy_seed = (seed, step, auto)


#: What a step's rolls come from: :class:`Dice`, or a plain seeded generator (seeded dice,
#: see :func:`as_dice`; a test calling a phase directly passes one). Compiled code checks
#: argument types, so a function handed either says so.
DiceLike: TypeAlias = Dice | random.Random


def as_dice(dice: DiceLike) -> Dice:
    """``dice`` itself, or a seeded :class:`Dice` around a plain generator."""
    return dice if isinstance(dice, Dice) else Dice(dice)


def physical_note(rolled: Sequence[RolledFace]) -> str:
    """`` (your dice)`` after a roll's faces when they were the player's ('' when none was).

    When only the first few were (``--rolled`` ran out mid-roll) it says which.
    """
    n = sum(1 for r in rolled if r.physical)
    if n == 0:
        return ""
    if n == len(rolled):
        return " (your die)" if n == 1 else " (your dice)"
    if all(r.physical for r in rolled[:n]):
        return " (the first is your die)" if n == 1 else f" (the first {n} are your dice)"
    return " (" + ", ".join("yours" if r.physical else "seeded" for r in rolled) + ")"


def shown(rolled: Sequence[RolledFace]) -> str:
    """``[2, blank, 1] (your dice)``: the faces of a roll for a reason line."""
    return "[" + ", ".join(r.face.label for r in rolled) + "]" + physical_note(rolled)
