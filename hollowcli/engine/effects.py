"""The card effects: what each does when a chapter card is drawn (:data:`APPLY`). How each
is checked and how it reads on a printed card is the pack's (``pack/effects.py``: ``EFFECTS``).

A card's ``effect:`` mapping names effects by :class:`~hollowcli.pack.vocab.Effect`; they
apply in that enum's declaration order. Each effect's engine side is one function in
:data:`APPLY`, ``(state, value, ctx) -> state``: ``value`` is the canonical value the
validator made, ``ctx`` (:class:`EffectCtx`) holds the step's dice, the event list, the
words that open each reason (``card Howl``) and the extra spots the storybook token will
slide. Adding an effect: its member in pack/vocab.py, its ``EffectSpec`` in pack/effects.py
(check and printed words), and its row here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from hollowcli.engine import tokens
from hollowcli.engine.core import event, hurt_legend, place_ally, remove_fear, standing_heroes
from hollowcli.engine.rolls import DiceLike
from hollowcli.engine.spawning import spawn_groups
from hollowcli.engine.speed import replace
from hollowcli.engine.state import Event, GameState, LegendState
from hollowcli.engine.vocab import EventKind
from hollowcli.names import plural
from hollowcli.pack.model import SpawnGroup
from hollowcli.pack.tokens import PROPERTY_WORDS
from hollowcli.pack.vocab import Effect

# Enum members read on hot paths, as C statics when compiled (a read of a member from
# its class goes through the enum's __getattr__ in Python 3.11).
_EV_CARD: Final = EventKind.CARD
_EV_SHUFFLE: Final = EventKind.SHUFFLE

_IN_ORDER: Final = tuple(Effect)  # the order effects apply in


@dataclass
class EffectCtx:
    """What an effect's function gets besides the state and its value."""

    dice: DiceLike
    events: list[Event]  # the step's events: each effect appends its own
    cause: str  # the words that open each reason: ``card Howl``
    advance: list[int]  # extra spots the storybook token slides after this spot (``advance``)


def draw_card(state: GameState, dice: DiceLike, events: list[Event], extra: list[int]) -> GameState:
    """Draw the top chapter card (shuffling the discards into a new pile when empty) and
    apply its effects, in the order of :class:`~hollowcli.pack.vocab.Effect`; ``extra``
    collects the spots an ``advance`` effect adds to the token's slide."""
    if not state.pile:
        if not state.discard:
            events.append(event(state, _EV_CARD, reason="the chapter has no cards, so nothing is drawn"))
            return state
        pile = list(state.discard)
        dice.shuffle(pile)
        state = replace(state, pile=tuple(pile), discard=())
        events.append(event(state, _EV_SHUFFLE, numbers={"cards": len(pile)},
                            reason=f"the chapter deck is shuffled ({plural(len(pile), 'card')})"))
    card_id, rest = state.pile[0], state.pile[1:]
    state = replace(state, pile=rest, discard=state.discard + (card_id,))
    card = next((c for c in state.chapter_def.cards if c.id == card_id), None)
    if card is None:
        events.append(event(state, _EV_CARD, reason=f"card {card_id!r} is not in the chapter any more; it has no effect"))
        return state
    effect = dict(card.effect)
    events.append(event(state, _EV_CARD, target=card.id, numbers={"effect": effect},
                        reason=f"card drawn: {card.title}" + ("" if effect else " (no effect)"), detail=card.text))
    ctx = EffectCtx(dice, events, f"card {card.title}", extra)
    for eff in _IN_ORDER:
        if eff in effect:
            state = APPLY[eff](state, effect[eff], ctx)
    return state


def _each_legend(state: GameState, fn: Callable[[LegendState], LegendState]) -> GameState:
    return replace(state, legends=tuple(fn(lg) for lg in state.legends))


def _spawn(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    groups = [g if isinstance(g, SpawnGroup) else SpawnGroup(foe=str(g["foe"]), count=int(g.get("count", 1))) for g in value]
    return spawn_groups(state, groups, ctx.dice, ctx.events, ctx.cause)


def _damage(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    for lid in standing_heroes(state):  # "each hero": Legends and allies
        state = hurt_legend(state, lid, int(value), ctx.events, kind=EventKind.CARD_DAMAGE, actor=None,
                            reason=f"{ctx.cause}: {int(value)} damage to each hero, no defense",
                            numbers={"card_damage": int(value)})
    return state


def _fear(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    state = _each_legend(state, lambda lg: replace(lg, fear=lg.fear + int(value)))
    ctx.events.append(event(state, EventKind.CARD_FEAR, numbers={"fear": int(value)},
                            reason=f"{ctx.cause}: each Legend gains {int(value)} fear"))
    return state


def _heal(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    state = _each_legend(state, lambda lg: replace(
        lg, health=min(state.legend_def(lg.id).health, lg.health + int(value)) if lg.health > 0 else lg.health))
    state = replace(state, allies=tuple(replace(a, health=min(state.pack.allies[a.id].health, a.health + int(value)))
                                        for a in state.allies))
    ctx.events.append(event(state, EventKind.CARD_HEAL, numbers={"heal": int(value)},
                            reason=f"{ctx.cause}: each hero regains up to {int(value)} health (not above its maximum)"))
    return state


def _calm(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    state = _each_legend(state, lambda lg: remove_fear(lg, int(value))[0])
    ctx.events.append(event(state, EventKind.CARD_CALM, numbers={"calm": int(value)},
                            reason=f"{ctx.cause}: each Legend removes up to {int(value)} fear"))
    return state


def _lock(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    p = int(value)
    if p in state.barricades:
        ctx.events.append(event(state, EventKind.CARD_LOCK, numbers={"point": p},
                                reason=f"{ctx.cause}: spawn point {p} is already barricaded"))
        return state
    state = replace(state, barricades=tuple(sorted(state.barricades + (p,))))
    ctx.events.append(event(state, EventKind.CARD_LOCK, numbers={"point": p}, reason=f"{ctx.cause}: a barricade locks spawn point {p}"))
    return state


def _unlock(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    p = int(value)
    state = replace(state, barricades=tuple(b for b in state.barricades if b != p))
    ctx.events.append(event(state, EventKind.CARD_UNLOCK, numbers={"point": p},
                            reason=f"{ctx.cause}: the barricade on spawn point {p} is removed"))
    return state


def _advance(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    ctx.advance.append(int(value))
    ctx.events.append(event(state, EventKind.CARD_ADVANCE, numbers={"advance": int(value)},
                            reason=f"{ctx.cause}: the storybook token will move {plural(int(value), 'extra spot')}"))
    return state


def _tokens(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    n = int(value)
    state = _each_legend(state, lambda lg: replace(lg, ready=lg.ready + min(n, lg.spent), spent=lg.spent - min(n, lg.spent)))
    ctx.events.append(event(state, EventKind.CARD_TOKENS, numbers={"tokens": n},
                            reason=f"{ctx.cause}: each Legend returns up to {plural(n, 'spent token')} to preparation"))
    return state


def _ally(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    ally_id, at = str(value["ally"]), value["at"]
    name = state.pack.allies[ally_id].name if ally_id in state.pack.allies else ally_id
    said = ctx.events.append
    if ally_id not in state.pack.allies:
        said(event(state, EventKind.CARD_ALLY, target=ally_id,
                   reason=f"{ctx.cause}: the ally {ally_id!r} is not in the content packs; nothing happens"))
        return state
    if any(a.id == ally_id for a in state.allies):
        said(event(state, EventKind.CARD_ALLY, target=ally_id, reason=f"{ctx.cause}: {name} is already on the board"))
        return state
    state, loc = place_ally(state, ally_id, at)
    if loc is None:
        said(event(state, EventKind.CARD_ALLY, target=ally_id, reason=f"{ctx.cause}: {at} is not on this map, so {name} does not come"))
        return state
    said(event(state, EventKind.CARD_ALLY, target=ally_id, to=loc,
               reason=f"{ctx.cause}: {name} joins the heroes at {loc} (an ally: the players move it once per Legend phase)"))
    return state


# ------------------------------------------------------- tokens and the map (events only)
def _square(state: GameState, at: Any) -> str:
    """The square a placement's ``at`` names ('' when it is no location of the map now)."""
    if isinstance(at, int):
        return state.board.spawn_points.get(at, "")
    return state.board.normalise(str(at)) or ""


def _token_words(state: GameState, kind_id: str) -> str:
    """What a kind does, in a few words, for the reason of its placing."""
    k = state.pack.tokens[kind_id]
    said = [w for w in (words(state.pack, k) for words in PROPERTY_WORDS.values()) if w]
    return f" ({'; '.join(said)})" if said else ""


def _place(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    kind_id, said = str(value.token), ctx.events.append
    if kind_id not in state.pack.tokens:
        said(event(state, EventKind.TOKEN_PLACED, target=kind_id, numbers={"token": kind_id, "placed": False},
                   reason=f"{ctx.cause}: the token {kind_id!r} is not in the content packs; nothing is placed"))
        return state
    name = state.pack.tokens[kind_id].name
    skill = str(value.skill or "")
    loc = "" if skill else _square(state, value.at)
    spot = f"on the skill {state.pack.skills[skill].name if skill in state.pack.skills else skill}" if skill else f"on {loc}"
    if not skill and not loc:
        said(event(state, EventKind.TOKEN_PLACED, target=kind_id, numbers={"token": kind_id, "placed": False},
                   reason=f"{ctx.cause}: {value.at} is no location of the map now, so no {name} is placed"))
        return state
    if tokens.find(state, kind_id, loc, skill) is not None:
        said(event(state, EventKind.TOKEN_PLACED, target=kind_id, to=loc or None,
                   numbers={"token": kind_id, "placed": False, "skill": skill},
                   reason=f"{ctx.cause}: there is a {name} {spot} already, and a square holds one of each kind"))
        return state
    state = tokens.with_token(state, tokens.new_token(state.pack, kind_id, loc, skill, tuple(value.finds)))
    said(event(state, EventKind.TOKEN_PLACED, target=kind_id, to=loc or None,
               numbers={"token": kind_id, "placed": True, "skill": skill},
               reason=f"{ctx.cause}: place a {name} token {spot}{_token_words(state, kind_id)}"))
    return state


def _remove(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    kind_id = str(value.token)
    name = state.pack.tokens[kind_id].name if kind_id in state.pack.tokens else kind_id
    skill = str(value.skill or "")
    if value.at is None and not skill:
        gone = [t for t in tokens.on_board(state) if t.kind == kind_id]
        if not gone:
            ctx.events.append(event(state, EventKind.TOKEN_REMOVED, target=kind_id, numbers={"token": kind_id, "removed": 0},
                                    reason=f"{ctx.cause}: there is no {name} token to remove"))
    else:
        loc = "" if skill else _square(state, value.at)
        found = tokens.find(state, kind_id, loc, skill)
        gone = [found] if found is not None else []
        if not gone:
            spot = f"on the skill {skill}" if skill else f"on {loc or value.at}"
            ctx.events.append(event(state, EventKind.TOKEN_REMOVED, target=kind_id, to=loc or None,
                                    numbers={"token": kind_id, "removed": 0},
                                    reason=f"{ctx.cause}: there is no {name} {spot} to remove"))
    for t in gone:
        state = tokens.without_token(state, t)
        spot = f"from the skill {t.skill}" if t.skill else f"from {t.loc}"
        ctx.events.append(event(state, EventKind.TOKEN_REMOVED, target=kind_id, frm=t.loc or None,
                                numbers={"token": kind_id, "removed": 1, "skill": t.skill},
                                reason=f"{ctx.cause}: remove the {name} token {spot}"))
    return state


def _open(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    board = state.board
    squares = [str(v) for v in value]
    new = tuple(sq for sq in squares if not board.is_location(sq))
    already = [sq for sq in squares if sq not in new]
    if new:
        state = tokens.with_map_change(state, opened=new)
    text = f"{ctx.cause}: " + (f"{', '.join(new)} {'is' if len(new) == 1 else 'are'} open ground now" if new else "")
    if already:
        text += ("; " if new else "") + f"{', '.join(already)} {'is' if len(already) == 1 else 'are'} open already"
    ctx.events.append(event(state, EventKind.MAP_CHANGE, numbers={"opened": list(new), "closed": []}, reason=text))
    return state


def _close(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    board = state.board
    shut: list[str] = []
    kept: list[str] = []
    for sq in (str(v) for v in value):
        who = ([state.legend_name(lg.id) for lg in state.legends if lg.loc == sq]
               + [state.legend_name(a.id) for a in state.allies if a.loc == sq]
               + [state.foe_name(f) for f in state.foes if f.loc == sq])
        if not board.is_location(sq):
            kept.append(f"{sq} is closed already")
        elif who:
            kept.append(f"{sq} stays open: {', '.join(who)} {'stands' if len(who) == 1 else 'stand'} there")
        else:
            shut.append(sq)
    if shut:
        for t in [t for t in tokens.on_board(state) if t.loc in shut]:
            state = tokens.without_token(state, t)
            ctx.events.append(event(state, EventKind.TOKEN_REMOVED, target=t.kind, frm=t.loc,
                                    numbers={"token": t.kind, "removed": 1, "skill": ""},
                                    reason=f"{ctx.cause}: remove the {tokens.name(state, t)} token from {t.loc}: "
                                           "its square is closing"))
        state = tokens.with_map_change(state, closed=tuple(shut))
    text = f"{ctx.cause}: " + (f"{', '.join(shut)} {'is' if len(shut) == 1 else 'are'} no location any more (as '#')"
                               if shut else "")
    if kept:
        text += ("; " if shut else "") + "; ".join(kept)
    ctx.events.append(event(state, EventKind.MAP_CHANGE, numbers={"opened": [], "closed": shut}, reason=text))
    return state


#: What each card effect does (a test checks every ``Effect`` has a row).
APPLY: Final[dict[Effect, Callable[[GameState, Any, EffectCtx], GameState]]] = {
    Effect.SPAWN: _spawn,
    Effect.DAMAGE: _damage,
    Effect.FEAR: _fear,
    Effect.HEAL: _heal,
    Effect.CALM: _calm,
    Effect.LOCK: _lock,
    Effect.UNLOCK: _unlock,
    Effect.ADVANCE: _advance,
    Effect.TOKENS: _tokens,
    Effect.ALLY: _ally,
    # events only: tokens and the map
    Effect.PLACE: _place,
    Effect.REMOVE: _remove,
    Effect.OPEN: _open,
    Effect.CLOSE: _close,
}
