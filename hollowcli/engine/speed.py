"""The engine's speed tricks: every place where "frozen" state is bent for speed, in one module.

The engine makes a new immutable state for every change and lists thousands of choices
per game, so a few helpers skip what the plain dataclass machinery would do. Each one is
kept only for a measured gain, and each keeps the games identical
(``benchmarks/fingerprint.py``, both builds).

How the gains were measured (issue 23): ``valgrind --tool=callgrind`` counted the
instructions of the 20 games of ``benchmarks/bench_play.py``'s pass without saves
(``--seeds 5 --passes 1``: the 4 chapters, seeds 1 to 5, 1,699 steps) as a process
playing them minus one that only warms up, ``PYTHONHASHSEED=0``, each process with a pack
cache of its own written beforehand (a cache that another checkout rewrote makes a run
rebuild the pack: a third more instructions, in one run and not the other). Counts do not
move with the machine's load (two counts of one build: 0.15% apart). Each trick was reverted alone to the plain code
(``dataclasses.replace``, the dataclass's own ``__init__``, no memo, a new board per game,
and so on) and the games counted again. The gain is how many more instructions the games
take without the trick, in % of the count with every trick (610 million compiled,
883 million Python source). A trick under 3% in the compiled build is dropped.

| trick | what it bends | gain, compiled / Python source |
|---|---|---|
| :func:`replace` | copies the instance dictionary instead of running ``__init__`` | +84.6% / +52.2% |
| :func:`maker`, :func:`made` | an instance adopts its keyword dictionary (``Action``, ``Turn``, ``core.event``) | +33.3% / +22.2% |
| :func:`memo`, :func:`per_state` | a state keeps answers about itself (its legal actions) in its dictionary | +16.2% / +17.1% |
| :func:`per_game` | answers from the pack alone, kept in ``GameState.lookups`` (``loadout.per_loadout`` too) | +15.0% / +11.9% |
| ``geometry.game_board`` | the board of a chapter kept on the frozen pack (``pack.__dict__["_boards"]``) | +25.2% / +22.4% |
| ``geometry.Board.remember`` | a bounded map from positions to answers (walks, targets, sight) | +8.8% / +10.1% |
| ``game._ANYTHING_LEFT`` | the order the end-of-activation check looks through the kinds: attacks first, moves late | +2.7% / +2.8% here; about +4% on engine-only games (see below) |
| :func:`forget` | drops a state's memo once the game has moved on (frees a reference cycle) | memory, not speed: kept |
| ``Final`` module tables and aliases | a C static instead of a module lookup (compiled) | kept (session 4: 191 to 219 chapters/s) |
| ``Final`` aliases of enum members (``_EV_MOVE: Final = EventKind.MOVE``) | read where the engine makes events and compares kinds on every step: in Python 3.11 a member read from its class goes through ``EnumType.__getattr__`` (about 6x a plain class attribute) | 1.3% of the instructions of 20 auto games, compiled |
| ``__eq__`` on each state class (:func:`same`) | needed for correctness, not speed | kept |

Measured on hint rollouts (issue 22), not on the games above: 1,000 rollouts each from the
first decision of chapters 1 and 3 (all five candidates survive), compiled, two processes,
the CPU seconds of the hint (parent and workers) against ``main`` in the same run, paired,
on a loaded machine (load average 8 to 11):

| trick | what it bends | gain |
|---|---|---|
| ``geometry.ANSWERS_KEPT`` 8,192 (was 1,024) | a board keeps more answers (walks, moves, targets) before it starts afresh: a hint's rollouts all start from one position and meet the same positions again; half as many answers worked out (10,700 to 5,300 in 200 rollouts, counted in the Python source); about 8 MB more at the peak | together with the next row: 0.82x and 0.93x the CPU seconds of ``main`` (median of the whole process 0.88x); the two were not measured apart |
| ``rolls.below`` | a die's face drawn with ``getrandbits`` as ``random.randrange`` draws it, without its checks and its two calls in plain Python | (with the row above); nothing measurable in the Python source (20 games: 0.005% fewer instructions), so its share is the compiled code's |

Measured for issues 18 and 22 (session 10, kept from 0.5%): callgrind, compiled, 10
``--auto`` games of the cider press (``bench_instructions.py``'s player), each function's
inclusive instructions against ``main``'s, in % of ``main``'s ``apply`` + ``auto_action``
(416M); the whole is ``benchmarks/bench_instructions.py``'s instructions per step
(benchmarks/README.md):

| trick | what it bends | gain |
|---|---|---|
| :func:`per_pack` | answers from the pack alone that hold in every chapter (``loadout.per_loadout``: a Legend's attack and use sources, reach and cheapest cost by its tokens, fear, inventory, relic and locks; ``loadout.attack_numbers``; ``growth.fear_limit``) kept on the frozen pack, as the boards are: a simulation's games and a hint's rollouts share them | 2.7% (more over more games: each game used to work them out anew) |
| :func:`per_state` on the script state (``tokens.at``) | a chapter's tokens by square, a table the script state keeps about itself (a new script state starts without it) | 1.1% |
| ``rolls.below`` with ``random.Random.getrandbits`` | a :class:`~hollowcli.engine.rolls.LazyRandom` is seeded once per roll (``Dice.roll``), then drawn from with the C ``getrandbits`` straight, past its own check | 3.4% |
| ``core._NO_NUMBERS``, ``core._proxy`` | events without numbers share one read-only mapping; ``MappingProxyType`` without a call into the (interpreted) pack model (dropped in issue 23 at +1.1%, back) | 0.7% |
| ``GameState.legend_name``, ``foe_name`` tables | one table each in ``lookups`` under a string key (no tuple key built and hashed per call) | 0.9% |
| ``adversary._attack_plan`` | whom a foe attacks from a square (the heroes it wants, the range and sight checks, its target, or why it cannot attack) remembered by the board, keyed by the square, its target rule and range, where the heroes stand and the foes' board | 2.2% |
| ``tokens._per_script``; a foe's walk in one go | the lures, the foes' board and whether a token trap serves the heroes kept in the script state's memo with the board they were worked out on (a new state is made at every square of a foe's walk, the script state is not); without a trap to spring, a walking foe is put down once where it stops | 1.6% |
| ``adversary._standing`` in ``lookups``; ``_activation_rank`` per game | the heroes a foe may go for, kept while the state's ``legends`` and ``allies`` are the very same tuples; each foe kind's place in the activation order | 0.55% |

Measured for issue 22 (session 11): callgrind, compiled, the instructions per rollout step
of a hint's rollouts from the cider press's first decision (``hint_instr.sh``: 20 rollouts
per candidate), against ``main`` c6191f4 (280,633); each row is one commit, measured with
the rows above it:

| trick | what it bends | gain |
|---|---|---|
| ``tokens.targets`` by ``tokens._per_script``; ``loadout._locks`` by :func:`per_state` on the script state; ``policy._search_wants_of`` in ``lookups`` with the very objective | the tokens heroes may attack, and the skills under a lock (a loadout's key), kept by the script state; an objective's search wants kept while the objective in play is the same object (hashing the dataclass for a key ran its interpreted ``__hash__``) | 2.2% (with the attack die's mean as whole numbers) |
| ``legend_phase._choice`` | the makers adopt their keyword dictionary through :func:`made` in a native call, not through ``new_action``'s keyword parsing | 0.5% |
| ``policy._danger_lines`` per game | each Legend's fear limit and full health in one table, read at every decision | 0.7% (with ``GameState.hero`` without a nested method call) |
| ``legend_phase._foe_places`` in ``lookups``; ``acting_hero`` reading the memo itself | where the foes stand (a move's key), kept while the state's ``foes`` are the very same tuple, not worked out for every state; the acting hero worked out in a native call | 0.5% each, with the plain-code changes of their commits |

Measured the same way and dropped (under 0.5%): ``policy._search_goals`` kept in ``lookups`` by
the script, board, searches and round it was worked out from (0.40%); ``legend_phase._attack_actions``
asking the board once for whether each foe is in reach, by square, range and foes' places,
not once per foe (0.31%).

Also for issue 22 (session 11, kept from 0.5%), the rollout loop and two values: callgrind,
compiled, ``hint``'s rollouts from ``benchmarks/bench_hint.py``'s decision of the cider press
(20 per candidate, 9,895 steps) as a process playing them minus one that only warms up,
``PYTHONHASHSEED=0``; the gain in % of ``main``'s instructions per rollout step (279,619):

| trick | what it bends | gain |
|---|---|---|
| ``rolls.rearm`` in ``game.play_on`` | a rollout's two generators (the dice, the policy's) are made once and re-armed with each step's seed, not made anew: making a ``random.Random`` seeds its Mersenne twister at once (about 5,000 instructions), though a :class:`~hollowcli.engine.rolls.LazyRandom` is seeded again at its first draw; the seed's text is made only then (the policy's generator is never drawn from) | 4.6% (3.5% re-armed with the seed's text, 1.1% more with the text made only when drawn and ``rearm`` a plain function) |
| ``gc.freeze()`` in ``hint.estimate.estimate`` | what lives when a hint starts (the pack, its boards and answers) is left out of the garbage collections during its rollouts (``gc.unfreeze()`` after); a full collection scanned it all (``gc_collect_main`` 7,616 to 5,632 instructions per step) | 0.7% |
| ``resolve.attack_damage`` kept by its numbers | a ``Damage`` is a value of its four numbers, made once (its ``__init__`` calls the interpreted ``dice.set_fields``: 11,000 instructions); at most 4,096 kept | 1.2% |

Measured as the first table was and dropped (under 3% compiled; the plain code is back):

| trick | what it bent | gain, compiled / Python source |
|---|---|---|
| ``game.legal_of_kind`` reading the memo inline | the state's dictionary read in place of a call to :func:`memo` | +1.3% / +0.7% |
| ``kept`` | an object kept an answer about itself (an action's words, a move's leave dice) | +1.2% / +0.7% |
| ``core._NO_NUMBERS``, ``core._proxy`` | events without numbers shared one read-only mapping (back since issues 18 and 22, above) | +1.1% / +0.7% |


Together the three cost about +0.6% of the instructions compiled.

**Kept on the line: the order of ``game._ANYTHING_LEFT``.** On this benchmark's 20 games,
with their session, it saves 2.7% compiled. On the same games run through the engine
alone it saved about 4% (588M against 565M instructions). Dropping it with the three
above would cost +3.3% in all. That is more than the 2% a renovation may cost against
the engine before it, and it would take the margin above 200 chapters a second. The
order never changes what the check answers, and the fingerprint is the same either way.

**Why each state class states its own ``__eq__``.** Compiled with mypyc, ``a == b`` on
two objects of a Python class (``mypyc_attr(native_class=False)``) whose class body does
not define ``__eq__`` is compiled as identity, even when a base class defines one: a
shared ``StateRecord`` base with ``__eq__`` and ``__hash__`` was tried (compiled ``==``
of two equal records said False), so each class keeps the one-line
``def __eq__(self, other): return same(self, other)``. The dataclass then still makes
``__hash__`` from the compared fields, as it would without the line.

The state classes stay Python classes (``mypyc_attr(native_class=False)``) because
:func:`replace` and :func:`made` set the instance dictionary whole.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, Final, TypeVar

_T = TypeVar("_T")

_new: Final = object.__new__
_set_attr: Final = object.__setattr__  # frozen dataclasses refuse setattr; their __dict__ is set whole


def replace(obj: _T, **changes: Any) -> _T:
    """A copy of a frozen engine dataclass with ``changes`` (field names only).

    The engine makes a new state for every change, so this is on every path: it copies
    the instance dictionary instead of running ``__init__`` like :func:`dataclasses.replace`
    (about five times faster). What a state remembered about itself (:func:`memo`) is not
    copied; the board and the pack are. Values must already be of their field's type (an
    enum-typed field takes a member): nothing converts them here.
    """
    d = obj.__dict__.copy()
    d.update(changes)
    if "_memo" in d:  # (a dictionary's own test, where pop with a default is a method call compiled)
        del d["_memo"]
    new = _new(type(obj))
    _set_attr(new, "__dict__", d)
    return new


def maker(cls: type[_T]) -> Any:
    """A fast constructor for a frozen engine dataclass: keyword fields only, without
    running ``__init__`` (the legal-action enumeration makes thousands).

    The keywords become the instance's dictionary as they are (:func:`made`): a field left
    out is read from the class, where a dataclass keeps each field's default; only the
    fields with a default factory are filled in."""
    factories = [(f.name, f.default_factory) for f in fields(cls) if f.default_factory is not MISSING]  # type: ignore[arg-type]

    def make(**values: Any) -> _T:
        for name, factory in factories:
            if name not in values:
                values[name] = factory()
        return made(cls, values)

    return make


def made(cls: type[_T], values: dict[str, Any]) -> _T:
    """An instance of ``cls`` (a frozen engine dataclass) whose dictionary is ``values``,
    taken as it is (the caller's own, never shared), without running ``__init__``; the
    fields missing from it have defaults on the class."""
    obj = _new(cls)
    _set_attr(obj, "__dict__", values)
    return obj  # type: ignore[no-any-return]


_COMPARED: Final[dict[type, tuple[str, ...]]] = {}


def same(a: Any, b: Any) -> Any:
    """``a == b`` for the engine's state classes: the same class and equal compared fields
    (as a dataclass's own ``__eq__`` would say). Each class states its ``__eq__`` as a call
    to this (see the module's note)."""
    if b.__class__ is not a.__class__:
        return NotImplemented
    names = _COMPARED.get(a.__class__)
    if names is None:
        names = _COMPARED[a.__class__] = tuple(f.name for f in fields(a) if f.compare)
    for name in names:
        if getattr(a, name) != getattr(b, name):
            return False
    return True


def memo(state: Any) -> dict[Any, Any]:
    """The state's own memo (answers computed from this state alone, like its legal
    actions); :func:`replace` does not pass it on."""
    d: dict[str, Any] = state.__dict__  # (typed: a dictionary's own get when compiled)
    m = d.get("_memo")
    if m is None:
        m = d["_memo"] = {}
    return m  # type: ignore[no-any-return]


def forget(state: Any) -> None:
    """Drop what ``state`` remembered about itself (:func:`memo`). Its legal actions point
    back at it (``Action.offered``), so a state that keeps them is a reference cycle, which
    only the garbage collector frees; once the game has moved on from it, forgetting
    lets it go as soon as nothing else holds it. Asked again, it works the answers out anew."""
    state.__dict__.pop("_memo", None)


def per_state(state: Any, key: Any, work: Callable[[Any], _T]) -> _T:
    """``work(state)``, worked out once per state (kept in its :func:`memo`)."""
    m = memo(state)
    hit = m.get(key, m)
    if hit is m:
        hit = m[key] = work(state)
    return hit  # type: ignore[no-any-return]


def per_game(state: Any, key: Any, work: Callable[..., _T], *args: Any) -> _T:
    """``work(*args)``, worked out once per game: an answer from the pack alone (a Legend's
    attack numbers, the mean of a die), kept in :attr:`GameState.lookups`, which every
    state of the game shares and no save holds."""
    return _kept(state.lookups, key, work, args)


def per_pack(pack: Any, key: Any, work: Callable[..., _T], *args: Any) -> _T:
    """``work(*args)``, worked out once per pack: an answer from the pack alone that holds in
    every chapter and every game played with it (a Legend's loadout, its attack numbers),
    kept on the frozen pack (``pack.__dict__["_answers"]``, as ``geometry.game_board`` keeps
    the boards), so that the games of a simulation and a hint's rollouts share it. The key
    says everything else the answer depends on; never a chapter's answer (that is
    :func:`per_game`'s)."""
    kept: dict[str, Any] = pack.__dict__
    answers: dict[Any, Any] | None = kept.get("_answers")
    if answers is None:
        answers = kept["_answers"] = {}
    return _kept(answers, key, work, args)


def _kept(answers: dict[Any, Any], key: Any, work: Callable[..., _T], args: tuple[Any, ...]) -> _T:
    """``answers[key]``, worked out as ``work(*args)`` the first time (:func:`per_game`,
    :func:`per_pack`). Typed, so compiled it is a dictionary's own get."""
    hit = answers.get(key, answers)
    if hit is answers:
        hit = answers[key] = work(*args)
    return hit  # type: ignore[no-any-return]
