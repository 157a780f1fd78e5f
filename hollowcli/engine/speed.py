"""The engine's speed tricks: every place where "frozen" state is bent for speed, in one module.

The engine makes a new immutable state for every change and lists thousands of choices
per game, so a few helpers skip what the plain dataclass machinery would do. Each one is
kept only for a measured gain (callgrind instruction counts of ``benchmarks/bench_play.py
--seeds 5 --passes 1`` minus a warm-up-only run, ``PYTHONHASHSEED=0``; load-independent),
and each keeps the games identical (``benchmarks/fingerprint.py``, both builds).

| trick | what it bends | gain, compiled / Python source |
|---|---|---|
| :func:`replace` | copies the instance dictionary instead of running ``__init__`` | not measured yet |
| :func:`maker`, :func:`made` | an instance adopts its keyword dictionary (``Action``, ``Turn``, ``core.event``) | not measured yet |
| :func:`memo`, :func:`per_state` | a state keeps answers about itself (its legal actions) in its dictionary | not measured yet |
| :func:`per_game` | answers from the pack alone, kept in ``GameState.lookups`` | not measured yet |
| :func:`kept` | an object keeps an answer about itself (an action's words, a move's leave dice) | not measured yet |
| ``core._NO_NUMBERS``, ``core._proxy`` | events without numbers share one read-only mapping | not measured yet |
| ``geometry.game_board`` | the board of a chapter kept on the frozen pack | not measured yet |
| ``game._ANYTHING_LEFT`` | the order the end-of-activation check looks through the kinds: those the policy lists anyway first, the moves next | not measured yet |
| ``geometry.Board.remember`` | a bounded map from positions to answers (walks, targets, sight) | not measured yet |
| :func:`forget` | drops a state's memo once the game has moved on (frees a reference cycle) | memory, not speed: kept |
| ``Final`` module tables and aliases | a C static instead of a module lookup (compiled) | kept (session 4: 191 to 219 chapters/s) |
| ``Final`` aliases of enum members (``_EV_MOVE: Final = EventKind.MOVE``) | read where the engine makes events and compares kinds on every step: in Python 3.11 a member read from its class goes through ``EnumType.__getattr__`` (about 6x a plain class attribute) | 1.3% of the instructions of 20 auto games, compiled |
| ``__eq__`` on each state class (:func:`same`) | needed for correctness, not speed | kept |

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
    d.pop("_memo", None)
    new = _new(obj.__class__)
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
    d = state.__dict__
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
    lookups = state.lookups
    hit = lookups.get(key, lookups)
    if hit is lookups:
        hit = lookups[key] = work(*args)
    return hit  # type: ignore[no-any-return]


def kept(obj: Any, key: str, work: Callable[..., _T], *args: Any) -> _T:
    """``work(*args)``, worked out once per object and kept in its own dictionary under
    ``key`` (an action's words, a move's leave-roll dice): for answers that cannot change
    while the object lives. ``key`` starts with ``_``, so it is no field."""
    d = obj.__dict__
    hit = d.get(key)
    if hit is None:
        hit = d[key] = work(*args)
    return hit  # type: ignore[no-any-return]
