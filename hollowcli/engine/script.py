"""Chapter events in a game: what sets them off, whether they hold, and the loop that fires them.

A *moment* is one piece of a step: a Legend-phase choice, one part of the adversary phase
(the storybook spot, a spawn, a card, each foe's actions), the end of a round, the start of
the next. At the end of each, the caller runs :func:`settle` (only when the game has a
script: an unscripted game pays one ``state.script is None`` read per moment). It reads the
moment's new events for *occurrences* (:data:`OCCURS`: a SEARCH is a ``searched``
occurrence...), adds the threshold *crossings* (health, fear, foes left, flags) between the
state before the moment and now, and fires every chapter event that the occurrence
:data:`MATCH` es and whose conditions :data:`HOLDS`, in file order; the occurrences its
effects raise queue behind (first in, first out). More than :data:`MAX_FIRINGS` firings in
one moment is a content error naming the events.

The chapter's events are indexed once per game by trigger kind, so an occurrence only
looks at the events that can match it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, Final, NamedTuple

from hollowcli.engine.core import event
from hollowcli.engine.effects import EffectCtx, apply_steps, counter
from hollowcli.engine.rolls import DiceLike
from hollowcli.engine.speed import per_game, replace
from hollowcli.engine.state import Event, GameState
from hollowcli.engine.vocab import EventKind
from hollowcli.errors import ContentError, Problem
from hollowcli.names import plural
from hollowcli.pack.model import Cond, ScriptEvent
from hollowcli.pack.vocab import Compare, Condition, TrackEnd, Trigger

#: At most this many events fire in one moment; more is a loop in the chapter's events.
MAX_FIRINGS: Final = 100

EVERY: Final = "every"
ANY: Final = "any"

_EV_EVENT: Final = EventKind.EVENT


class Occurrence(NamedTuple):
    """Something that happened which a trigger may match."""

    trigger: Trigger
    key: Any  # what happened: a round, a spot, a square, (foe id, class), a letter, a count...
    hero: str | None  # the hero it happened to or by (the effects' ``active`` one)
    words: str  # "round 5 began", for the event's reason


class Index(NamedTuple):
    """A chapter's events by trigger kind (file order), and the event kinds they read."""

    by_trigger: dict[Trigger, tuple[ScriptEvent, ...]]
    watch: frozenset[EventKind]
    thresholds: tuple[tuple[Trigger, tuple[Any, ...]], ...]  # crossing triggers and the values they test


def _build_index(events: tuple[ScriptEvent, ...]) -> Index:
    by: dict[Trigger, list[ScriptEvent]] = {}
    for ev in events:
        by.setdefault(ev.when.kind, []).append(ev)
    watch = frozenset(kind for kind, triggers in WATCH.items() if any(t in by for t in triggers))
    thresholds = tuple((t, tuple(dict.fromkeys(ev.when.value for ev in by[t]))) for t in CROSSINGS if t in by)
    return Index({t: tuple(evs) for t, evs in by.items()}, watch, thresholds)


def index(state: GameState) -> Index:
    """The game's chapter events by trigger kind, built once per game."""
    return per_game(state, "script-index", _index_of, state)  # (the chapter is looked up only the first time)


def _index_of(state: GameState) -> Index:
    return _build_index(state.chapter_def.events)


# ------------------------------------------------------------------ occurrences
def _round(state: GameState, ev: Event) -> list[Occurrence]:
    n = ev.numbers.get("round")
    return [Occurrence(Trigger.ROUND_START, n, None, f"round {n} began")] if n is not None else []


def _track(state: GameState, ev: Event) -> list[Occurrence]:
    n = ev.numbers.get("spot")
    return [Occurrence(Trigger.TRACK_SPOT, n, None, f"the storybook token's spot {n} resolves")] if n is not None else []


def _search(state: GameState, ev: Event) -> list[Occurrence]:
    where = ev.to or ""
    letter = state.board.char(where) if where else ""
    key = ev.numbers.get("token") or letter
    who = state.legend_name(ev.actor) if ev.actor else "a hero"
    return [Occurrence(Trigger.SEARCHED, key, ev.actor, f"{who} searched {where}")]


def _move(state: GameState, ev: Event) -> list[Occurrence]:
    walk = ev.numbers.get("path") or ()
    who = state.legend_name(ev.actor) if ev.actor else "a hero"
    return [Occurrence(Trigger.ENTERS, sq, ev.actor, f"{who} entered {sq}") for sq in tuple(walk)[1:]]


def _defeat(state: GameState, ev: Event) -> list[Occurrence]:
    if not ev.numbers.get("defeated") or not ev.target:
        return []
    foe_id = ev.target.partition("#")[0]
    fdef = state.pack.foes.get(foe_id)
    name = fdef.name if fdef is not None else foe_id
    return [Occurrence(Trigger.FOE_DEFEATED, (foe_id, fdef.cls if fdef else ""), ev.actor, f"{name} was defeated")]


def _card(state: GameState, ev: Event) -> list[Occurrence]:
    if not ev.target:
        return []
    return [Occurrence(Trigger.CARD_DRAWN, ev.target, None, f"the card {ev.reason.partition(': ')[2] or ev.target} was drawn")]


def _destroyed(state: GameState, ev: Event) -> list[Occurrence]:
    kind = ev.numbers.get("token") or ev.target
    if not kind:
        return []
    tdef = state.pack.tokens.get(kind)
    where = ev.frm or ev.to
    return [Occurrence(Trigger.TOKEN_DESTROYED, kind, ev.actor,
                       f"the {tdef.name if tdef else kind} token{' on ' + where if where else ''} was destroyed")]


#: What each event kind a trigger reads means for the triggers.
OCCURS: Final[dict[EventKind, Callable[[GameState, Event], list[Occurrence]]]] = {
    EventKind.ROUND: _round,
    EventKind.TRACK: _track,
    EventKind.SEARCH: _search,
    EventKind.MOVE: _move,
    EventKind.ATTACK: _defeat,
    EventKind.TRAP: _defeat,
    EventKind.CARD: _card,
    EventKind.TOKEN_DESTROYED: _destroyed,
}

#: Which triggers each event kind's occurrences serve (an index watches a kind only when
#: one of the chapter's events has such a trigger).
WATCH: Final[dict[EventKind, tuple[Trigger, ...]]] = {
    EventKind.ROUND: (Trigger.ROUND_START,),
    EventKind.TRACK: (Trigger.TRACK_SPOT,),
    EventKind.SEARCH: (Trigger.SEARCHED,),
    EventKind.MOVE: (Trigger.ENTERS,),
    EventKind.ATTACK: (Trigger.FOE_DEFEATED,),
    EventKind.TRAP: (Trigger.FOE_DEFEATED,),
    EventKind.CARD: (Trigger.CARD_DRAWN,),
    EventKind.TOKEN_DESTROYED: (Trigger.TOKEN_DESTROYED,),
}


# ------------------------------------------------------------------ crossings
def _health_below(before: GameState, now: GameState, n: Any) -> list[Occurrence]:
    if now.legends is before.legends:  # (the same records: nothing crossed)
        return []
    out = []
    for lg in now.legends:
        was = next((b.health for b in before.legends if b.id == lg.id), lg.health)
        if was >= n > lg.health:
            out.append(Occurrence(Trigger.HEALTH_BELOW, n, lg.id, f"{now.legend_name(lg.id)}'s health dropped below {n}"))
    return out


def _fear_at_least(before: GameState, now: GameState, n: Any) -> list[Occurrence]:
    if now.legends is before.legends:
        return []
    out = []
    for lg in now.legends:
        was = next((b.fear for b in before.legends if b.id == lg.id), lg.fear)
        if was < n <= lg.fear:
            out.append(Occurrence(Trigger.FEAR_AT_LEAST, n, lg.id, f"{now.legend_name(lg.id)}'s fear reached {n}"))
    return out


def _foes_left(before: GameState, now: GameState, n: Any) -> list[Occurrence]:
    if len(before.foes) > n >= len(now.foes):
        left = "no foe is left" if not now.foes else f"{plural(len(now.foes), 'foe')} {'is' if len(now.foes) == 1 else 'are'} left"
        return [Occurrence(Trigger.FOES_LEFT, n, None, left)]
    return []


def _flag(before: GameState, now: GameState, name: Any) -> list[Occurrence]:
    if now.script is before.script:
        return []
    if counter(before, name) <= 0 < counter(now, name):
        return [Occurrence(Trigger.FLAG, name, None, f"the flag {name!r} was set")]
    return []


#: The triggers that fire when a number crosses a threshold (compared before and after).
CROSSINGS: Final[dict[Trigger, Callable[[GameState, GameState, Any], list[Occurrence]]]] = {
    Trigger.HEALTH_BELOW: _health_below,
    Trigger.FEAR_AT_LEAST: _fear_at_least,
    Trigger.FOES_LEFT: _foes_left,
    Trigger.FLAG: _flag,
}


def occurrences(idx: Index, state: GameState, events: list[Event], start: int, before: GameState) -> list[Occurrence]:
    """What the events from ``start`` on set off (in the order they happened), then the
    crossings between ``before`` and ``state``, Legend by Legend."""
    out: list[Occurrence] = []
    watch = idx.watch
    if watch:
        for i in range(start, len(events)):
            ev = events[i]
            if ev.kind in watch:
                out.extend(OCCURS[ev.kind](state, ev))
    for trigger, values in idx.thresholds:
        cross = CROSSINGS[trigger]
        for v in values:
            out.extend(cross(before, state, v))
    return out


# ------------------------------------------------------------------ matching
def _same(state: GameState, value: Any, occ: Occurrence) -> bool:
    return bool(value == occ.key)


def _round_match(state: GameState, value: Any, occ: Occurrence) -> bool:
    return value == EVERY or value == occ.key


def _searched_match(state: GameState, value: Any, occ: Occurrence) -> bool:
    return value == ANY or value == occ.key


def _on(state: GameState, value: Any, square: str) -> bool:
    """Whether ``square`` is the location ``value`` or bears the feature letter ``value``."""
    if len(value) == 1:
        return state.board.char(square) == value
    return bool(square == value)


def _enters_match(state: GameState, value: Any, occ: Occurrence) -> bool:
    return _on(state, value, occ.key)


def _foe_match(state: GameState, value: Any, occ: Occurrence) -> bool:
    return value == ANY or value in occ.key


#: Whether an event's trigger value matches an occurrence of its trigger kind.
MATCH: Final[dict[Trigger, Callable[[GameState, Any, Occurrence], bool]]] = {
    Trigger.ROUND_START: _round_match,
    Trigger.ROUND_END: _round_match,
    Trigger.TRACK_SPOT: _same,
    Trigger.SEARCHED: _searched_match,
    Trigger.ENTERS: _enters_match,
    Trigger.FOE_DEFEATED: _foe_match,
    Trigger.FOES_LEFT: _same,
    Trigger.CARD_DRAWN: _same,
    Trigger.TOKEN_DESTROYED: _same,
    Trigger.FLAG: _same,
    Trigger.HEALTH_BELOW: _same,
    Trigger.FEAR_AT_LEAST: _same,
}


def compare(n: int, cond: Cond) -> bool:
    if cond.test == Compare.AT_LEAST:
        return n >= int(cond.value or 0)
    if cond.test == Compare.AT_MOST:
        return n <= int(cond.value or 0)
    return n == cond.value


def _hero_at(state: GameState, cond: Cond, occ: Occurrence) -> bool:
    squares = [lg.loc for lg in state.legends if lg.health > 0] + [a.loc for a in state.allies]
    return any(_on(state, str(cond.value), sq) for sq in squares)


#: Whether a condition holds now.
HOLDS: Final[dict[Condition, Callable[[GameState, Cond, Occurrence], bool]]] = {
    Condition.FLAG: lambda s, c, o: counter(s, str(c.name)) > 0,
    Condition.NOT_FLAG: lambda s, c, o: counter(s, str(c.name)) <= 0,
    Condition.COUNTER: lambda s, c, o: compare(counter(s, str(c.name)), c),
    Condition.ROUND: lambda s, c, o: compare(s.round, c),
    Condition.HERO_AT: _hero_at,
    Condition.FOES_ON_BOARD: lambda s, c, o: compare(len(s.foes), c),
}


# ------------------------------------------------------------------ the loop
def stopped(state: GameState) -> bool:
    """An event has won or lost the chapter: the moment's phase loop stops here."""
    script = state.script
    return script is not None and script.verdict is not None


def settle(state: GameState, dice: DiceLike, events: list[Event], start: int, before: GameState,
           extra: Iterable[Occurrence] = (), advance: list[int] | None = None) -> GameState:
    """Fire the chapter events the moment set off: its events from ``start`` on, the
    crossings since ``before``, and ``extra`` (a round's end, round 1's start), then
    what the fired events' own effects set off, first in, first out. ``advance`` collects
    the extra spots an event's ``advance`` adds to the adversary phase's slide; outside
    that phase (None) the storybook token moves them at once."""
    if state.script is None:
        return state
    idx = index(state)
    found = occurrences(idx, state, events, start, before)
    if not found and not extra:  # (most moments: nothing a chapter event hears)
        return state
    own = advance is None
    if advance is None:
        advance = []
    queue = deque(extra)
    queue.extend(found)
    fired: list[ScriptEvent] = []
    while queue and not stopped(state):
        occ = queue.popleft()
        match = MATCH[occ.trigger]
        for ev in idx.by_trigger.get(occ.trigger, ()):
            if not match(state, ev.when.value, occ):
                continue
            script = state.script
            assert script is not None
            if ev.once and ev.id in script.fired:
                continue
            if not all(HOLDS[c.kind](state, c, occ) for c in ev.conditions):
                continue
            fired.append(ev)
            if len(fired) > MAX_FIRINGS:
                raise _loop_error(fired)
            mark, prior = len(events), state
            state = _fire(state, ev, occ, dice, events, advance)
            queue.extend(occurrences(idx, state, events, mark, prior))
            if stopped(state):
                break
    if own and advance and not stopped(state):
        state = _slide_now(state, sum(advance), events)
    return state


def _slide_now(state: GameState, spots: int, events: list[Event]) -> GameState:
    """An event's ``advance`` outside the adversary phase: the token moves now (looping or
    staying at the track's end as the chapter says)."""
    track = state.chapter_def.track
    if not track:
        return state
    pos = state.track_pos + spots
    pos = pos % len(track) if state.chapter_def.track_end == TrackEnd.LOOP else min(pos, len(track) - 1)
    events.append(event(state, EventKind.TRACK_SLIDE, numbers={"from": state.track_pos + 1, "to": pos + 1, "slide": spots},
                        reason=f"the storybook token moves {plural(spots, 'extra spot')} now, from spot "
                               f"{state.track_pos + 1} to spot {pos + 1}"))
    return replace(state, track_pos=pos)


def _fire(state: GameState, ev: ScriptEvent, occ: Occurrence, dice: DiceLike, events: list[Event],
          advance: list[int]) -> GameState:
    script = state.script
    assert script is not None
    if ev.once:  # marked before its effects: an effect that sets it off again finds it fired
        state = replace(state, script=replace(script, fired=script.fired + (ev.id,)))
    events.append(event(state, _EV_EVENT, actor=occ.hero, target=ev.id,
                        numbers={"event": ev.id, "trigger": ev.when.kind, "value": ev.when.value,
                                 "effects": [st.effect for st in ev.do], "once": ev.once},
                        reason=f"event {ev.id!r}: {occ.words}", detail=ev.text))
    ctx = EffectCtx(dice, events, f"event {ev.id!r}", advance, occ.hero, ev.id)
    return apply_steps(state, ev.do, ctx)


def _loop_error(fired: list[ScriptEvent]) -> ContentError:
    """The chain bound's error: the event that fired most, with its file and line."""
    counts: dict[str, int] = {}
    for ev in fired:
        counts[ev.id] = counts.get(ev.id, 0) + 1
    worst = max(fired, key=lambda ev: counts[ev.id])
    loop = [i for i in dict.fromkeys(ev.id for ev in fired[-20:])]
    file, _, line = worst.where.rpartition(":")
    others = [repr(i) for i in loop if i != worst.id]
    how = (f"{repr(worst.id)} and {', '.join(others)} set each other off" if others
           else f"{worst.id!r} sets itself off")
    from hollowcli.pack.loader import display_path

    return ContentError([Problem(display_path(file) if file else worst.where, int(line) if line.isdigit() else None,
                                 f"event {worst.id!r} fired {counts[worst.id]} times in one moment "
                                 f"(at most {MAX_FIRINGS} events fire in one moment): {how}",
                                 "make one of them 'once: true', or give it a condition that stops the loop")])


# ------------------------------------------------------------------ moments
def round_end(state: GameState) -> Occurrence:
    """The end of the current round (before the win and loss checks)."""
    return Occurrence(Trigger.ROUND_END, state.round, None, f"round {state.round} ended")


def round_one() -> Occurrence:
    """Round 1 begins (the players' ``begin``; later rounds begin with their ROUND event)."""
    return Occurrence(Trigger.ROUND_START, 1, None, "round 1 began")


def has_round_one(state: GameState) -> bool:
    """Whether the chapter has events that round 1's start sets off (then the game opens
    with ``begin``)."""
    return any(ev.when.value in (1, EVERY) for ev in index(state).by_trigger.get(Trigger.ROUND_START, ()))
