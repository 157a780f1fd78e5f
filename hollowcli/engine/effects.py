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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from hollowcli.engine import tokens
from hollowcli.engine.core import event, foes_phrase, hurt_legend, place_ally, remove_fear, standing_heroes
from hollowcli.engine.loadout import locked_at_start
from hollowcli.engine.rolls import ChoiceRequest, DiceLike, as_dice
from hollowcli.engine.spawning import place_foes, spawn_groups
from hollowcli.engine.speed import replace
from hollowcli.engine.state import Event, GameState, LegendState
from hollowcli.engine.vocab import EventKind, Result, Side
from hollowcli.names import and_list, plural
from hollowcli.pack.fields import MAX_CARDS
from hollowcli.pack.model import Objective, SpawnGroup
from hollowcli.pack.objectives import OBJECTIVES
from hollowcli.pack.tokens import PROPERTY_WORDS
from hollowcli.pack.vocab import BoostStat, Effect, Recipient

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
    actor: str | None = None  # an event's: the hero of its occurrence (who searched, entered...)
    event: str = ""  # an event's id (what a choose question names)


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


# ------------------------------------------------------------- the events core
# Event-only effects (a chapter event's ``do``): the story, the verdict, flags and
# counters, and the players' choice. They need the game's script (``state.script``).


def counter(state: GameState, name: str) -> int:
    """A flag or counter's value (0 when never set); a flag is set when it is above 0."""
    script = state.script
    return 0 if script is None else script.counter(name)


def _story(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    ctx.events.append(event(state, EventKind.STORY, actor=ctx.actor, numbers={"text": str(value)},
                            reason=f"{ctx.cause}: {value}", detail=str(value)))
    return state


def _verdict(result: Result, state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    """``win`` or ``lose``: the chapter ends so once the moment is over."""
    script = state.script
    if script is None:
        return state
    if script.verdict is not None:
        ctx.events.append(event(state, EventKind.VERDICT, numbers={"result": result, "text": str(value)},
                                reason=f"{ctx.cause}: the chapter is already {script.verdict[0]} at the end of this "
                                       f"moment, so this {'win' if result == Result.WON else 'loss'} changes nothing"))
        return state
    state = replace(state, script=replace(script, verdict=(str(result), str(value))))
    ctx.events.append(event(state, EventKind.VERDICT, numbers={"result": result, "text": str(value)},
                            reason=f"{ctx.cause}: the chapter is {result} once this moment is over "
                                   f"(unless the Legends have lost already): {value}"))
    return state


# Module-level rows, not closures: a compiled closure has no signature to check.
def _win(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    return _verdict(Result.WON, state, value, ctx)


def _lose(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    return _verdict(Result.LOST, state, value, ctx)


def _counters(add: bool, state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    """``set`` (``add`` False) or ``add``: flags and counters."""
    script = state.script
    if script is None:
        return state
    values = dict(script.counters)
    parts = []
    for name, n in value["values"].items():
        old = values.get(name, 0)
        values[name] = old + int(n) if add else int(n)
        parts.append(f"{name} {old} → {values[name]}")
    carry = script.carry
    if value.get("campaign"):
        carry = carry + tuple(n for n in value["values"] if n not in carry)
    state = replace(state, script=replace(script, counters=tuple(values.items()), carry=carry))
    kept = " (kept for the campaign when the chapter is won)" if value.get("campaign") else ""
    ctx.events.append(event(state, EventKind.COUNTER, actor=ctx.actor,
                            numbers={"values": {k: values[k] for k in value["values"]}, "campaign": bool(value.get("campaign"))},
                            reason=f"{ctx.cause}: {'; '.join(parts)}{kept}"))
    return state


def _set(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    return _counters(False, state, value, ctx)


def _add(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    return _counters(True, state, value, ctx)


def apply_steps(state: GameState, steps: Any, ctx: EffectCtx) -> GameState:
    """An event's steps (or a chosen option's), each applied in order by its row of :data:`APPLY`."""
    for st in steps:
        state = APPLY[st.effect](state, st.value, ctx)
    return state


def _choose(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    labels = tuple(o.label for o in value.options)
    auto = next((i for i, o in enumerate(value.options) if o.auto), None)
    dice = as_dice(ctx.dice)
    dice.state = state  # an interactive source may show the board as it is at the question
    chosen = dice.choose(ChoiceRequest(value.prompt, labels, auto, ctx.event))
    option = value.options[chosen.index]
    ctx.events.append(event(state, EventKind.CHOICE, actor=ctx.actor,
                            numbers={"option": option.label, "index": chosen.index, "by": chosen.by, "prompt": value.prompt},
                            reason=f"{ctx.cause}: {value.prompt} "
                                   f"{'The players choose' if chosen.by == 'players' else 'Taken without asking'}: {option.label}"))
    return apply_steps(state, option.do, ctx)


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
    spot = f"on the skill {tokens.skill_name(state, skill)}" if skill else f"on {loc}"
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
    under = _kept_out_under(state, kind_id, loc)
    stand = f"; {and_list(under)} {'stands' if len(under) == 1 else 'stand'} there and may leave it" if under else ""
    said(event(state, EventKind.TOKEN_PLACED, target=kind_id, to=loc or None,
               numbers={"token": kind_id, "placed": True, "skill": skill, "under": under},
               reason=f"{ctx.cause}: place a {name} token {spot}{_token_words(state, kind_id)}{stand}"))
    return state


def _kept_out_under(state: GameState, kind_id: str, loc: str) -> list[str]:
    """The figures standing on ``loc`` whose side the kind keeps out (reading 1: they may
    leave, not come back): a stone rising under a Legend is said, so nobody wonders."""
    k = state.pack.tokens[kind_id]
    if not loc or k.blocks is None:
        return []
    out = []
    if tokens.blocks_side(k, Side.LEGENDS):
        out += [state.legend_name(lg.id) for lg in state.legends if lg.health > 0 and lg.loc == loc]
        out += [state.legend_name(a.id) for a in state.allies if a.loc == loc]
    if tokens.blocks_side(k, Side.FOES):
        out += [state.foe_name(f) for f in state.foes if f.loc == loc]
    return out


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
            spot = f"on the skill {tokens.skill_name(state, skill)}" if skill else f"on {loc or value.at}"
            ctx.events.append(event(state, EventKind.TOKEN_REMOVED, target=kind_id, to=loc or None,
                                    numbers={"token": kind_id, "removed": 0},
                                    reason=f"{ctx.cause}: there is no {name} {spot} to remove"))
    for t in gone:
        state = tokens.without_token(state, t)
        spot = f"from the skill {tokens.skill_name(state, t.skill)}" if t.skill else f"from {t.loc}"
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


# ------------------------------------------------------- spawning, items, objective, boosts, track, deck
# Event-only effects (a chapter event's ``do``). Those that keep something for the rest
# of the chapter (an objective, a boost) need the game's script (``state.script``).


def _spawn_at(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    """Foes put where the event says, no roll: a barricade or a ward on the point does not stop them."""
    for fp in value:
        foe_id, at, count = (fp["foe"], fp["at"], fp.get("count", 1)) if isinstance(fp, Mapping) else (fp.foe, fp.at, fp.count)
        head = f"{ctx.cause}: {foes_phrase(state, foe_id, int(count))}"
        if foe_id not in state.pack.foes:
            ctx.events.append(event(state, EventKind.SPAWN, actor=foe_id, numbers={"roll": None, "count": int(count), "placed": 0},
                                    reason=f"{ctx.cause}: the foe {foe_id!r} is not in the content packs; nothing spawns"))
            continue
        point = int(at) if isinstance(at, int) or str(at).isdigit() else None
        loc = state.board.spawn_points.get(point) if point is not None else state.board.normalise(str(at))
        if loc is None:
            ctx.events.append(event(state, EventKind.SPAWN, actor=foe_id, numbers={"roll": None, "count": int(count), "placed": 0},
                                    reason=f"{head}: {at} is not on this map, so nothing spawns"))
            continue
        where = f"spawn point {point}, no roll" if point is not None else "no roll"
        state = place_foes(state, foe_id, int(count), loc, ctx.events, f"{head} at {loc} ({where})",
                           {"roll": None, "point": point, "placed_by": "event"})
    return state


def _holders(state: GameState, who: str, ctx: EffectCtx, verb: str) -> tuple[list[str], str]:
    """The Legends ``who`` names (``searcher``, ``active``, ``each`` or a Legend's id), or
    none and why (``verb``: what would have happened, "gains nothing")."""
    if who == Recipient.EACH:
        return [lg.id for lg in state.legends], ""
    if who == Recipient.SEARCHER:
        hero = ctx.actor
        nobody = "no hero's search set this off"
    elif who == Recipient.ACTIVE:
        hero = state.turn.legend if state.turn is not None else ctx.actor
        nobody = "no Legend is activating"
    else:
        hero = who
        nobody = ""
    if hero is None:
        return [], f"{nobody}, so nobody {verb}"
    if state.is_ally(hero):
        return [], f"{state.legend_name(hero)} is an ally and carries no items, so nobody {verb}"
    if not any(lg.id == hero for lg in state.legends):
        return [], f"{hero} is not in this game, so nobody {verb}"
    return [hero], ""


def _item_name(state: GameState, item: str) -> str:
    return state.pack.items[item].name if item in state.pack.items else item


def _give(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    item = str(value["item"])
    name = _item_name(state, item)
    who, why = _holders(state, str(value["to"]), ctx, f"gains the {name}")
    if not who:
        ctx.events.append(event(state, EventKind.ITEM_GAINED, numbers={"item": item}, reason=f"{ctx.cause}: {why}"))
        return state
    for lid in who:
        lg = state.legend(lid)
        state = state.with_legend(replace(lg, inventory=lg.inventory + (item,)))
        ctx.events.append(event(state, EventKind.ITEM_GAINED, target=lid, numbers={"item": item},
                                reason=f"{ctx.cause}: {state.legend_name(lid)} gains the {name}"))
    return state


def _take(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    item = str(value["item"])
    name = _item_name(state, item)
    who, why = _holders(state, str(value["from"]), ctx, f"loses the {name}")
    lost = False
    for lid in who:
        lg = state.legend(lid)
        if item in lg.inventory:
            i = lg.inventory.index(item)
            lg = replace(lg, inventory=lg.inventory[:i] + lg.inventory[i + 1:])
        elif lg.relic == item:
            lg = replace(lg, relic=None)
        else:
            continue
        lost = True
        state = state.with_legend(lg)
        ctx.events.append(event(state, EventKind.ITEM_LOST, target=lid, numbers={"item": item},
                                reason=f"{ctx.cause}: {state.legend_name(lid)} gives up the {name}"))
    if not lost:
        if not why:
            why = (f"{state.legend_name(who[0])} does not have the {name}" if len(who) == 1
                   else f"no Legend has the {name}") + ", so nothing is taken"
        ctx.events.append(event(state, EventKind.ITEM_LOST, numbers={"item": item}, reason=f"{ctx.cause}: {why}"))
    return state


def _objective(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    script = state.script
    if script is None:
        return state
    obj = value if isinstance(value, Objective) else Objective(**value)
    state = replace(state, script=replace(script, objective=obj))
    ctx.events.append(event(state, EventKind.OBJECTIVE, numbers={"objective": obj.kind},
                            reason=f"{ctx.cause}: the objective is now: {OBJECTIVES[obj.kind].words(state.pack, obj)}"))
    return state


def _boost(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    script = state.script
    if script is None:
        return state
    who = str(value["foe"])
    adds = tuple((who, stat.value, int(value.get(stat.value) or 0)) for stat in BoostStat if value.get(stat.value))
    state = replace(state, script=replace(script, boosts=script.boosts + adds))
    health = sum(n for _, stat, n in adds if stat == BoostStat.HEALTH)
    if health:  # the foes on the board gain (or lose, never below 1) as much as their maximum
        state = replace(state, foes=tuple(replace(f, health=max(1, f.health + health)) if _boosted(state, f.foe, who) else f
                                          for f in state.foes))
    fdef = state.pack.foes.get(who)
    name = f"every {fdef.name}" if fdef is not None else f"every {who}-class foe"
    told = ", ".join(f"{n:+d} {stat}" for _, stat, n in adds)
    ctx.events.append(event(state, EventKind.BOOST, target=who, numbers={stat: n for _, stat, n in adds},
                            reason=f"{ctx.cause}: {name} gets {told} for the rest of the chapter "
                                   "(on the board and spawned later)"))
    return state


def _boosted(state: GameState, foe_id: str, who: str) -> bool:
    fdef = state.pack.foes.get(foe_id)
    return fdef is not None and who in (fdef.id, fdef.cls)


def _track(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    track = state.chapter_def.track
    pos = max(0, min(int(value), len(track)) - 1)
    frm = state.track_pos
    state = replace(state, track_pos=pos)
    ctx.events.append(event(state, EventKind.TRACK_SET, numbers={"from": frm + 1, "to": pos + 1},
                            reason=f"{ctx.cause}: the storybook token moves from spot {frm + 1} to spot {pos + 1}"))
    return state


def _deck(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    card_id = str(value.get("add") or value.get("remove"))
    card = next((c for c in state.chapter_def.cards if c.id == card_id), None)
    title = card.title if card is not None else card_id
    if value.get("add"):
        room = max(0, MAX_CARDS - len(state.pile) - len(state.discard))
        n = min(int(value.get("copies") or 1), room)
        if state.pile:  # shuffled into the draw pile
            pile = list(state.pile + (card_id,) * n)
            ctx.dice.shuffle(pile)
            state = replace(state, pile=tuple(pile))
        else:  # no pile yet: the next draw shuffles the discards, these with them
            state = replace(state, discard=state.discard + (card_id,) * n)
        full = f" (the deck is full at {MAX_CARDS} cards)" if n < int(value.get("copies") or 1) else ""
        ctx.events.append(event(state, EventKind.DECK, target=card_id, numbers={"added": n},
                                reason=f"{ctx.cause}: {plural(n, 'copy', 'copies')} of {title} shuffled into the chapter deck{full}"))
        return state
    gone = state.pile.count(card_id) + state.discard.count(card_id)
    state = replace(state, pile=tuple(c for c in state.pile if c != card_id),
                    discard=tuple(c for c in state.discard if c != card_id))
    ctx.events.append(event(state, EventKind.DECK, target=card_id, numbers={"removed": gone},
                            reason=f"{ctx.cause}: {title} leaves the chapter deck ({plural(gone, 'copy', 'copies')} taken out)"))
    return state


def _unlock_skill(state: GameState, value: Any, ctx: EffectCtx) -> GameState:
    skill = str(value)
    sdef = state.pack.skills.get(skill)
    name = sdef.name if sdef is not None else skill
    script = state.script
    if script is None or skill in script.unlocked:
        ctx.events.append(event(state, EventKind.SKILL_UNLOCKED, target=skill,
                                reason=f"{ctx.cause}: {name} is already unlocked"))
        return state
    state = replace(state, script=replace(script, unlocked=script.unlocked + (skill,)))
    who = [state.legend_name(lg.id) for lg in state.legends if skill in locked_at_start(state, lg.id)]
    whose = f"{and_list(who)} may use it" if who else "a Legend who has it may use it"
    ctx.events.append(event(state, EventKind.SKILL_UNLOCKED, target=skill,
                            reason=f"{ctx.cause}: {name} is unlocked (take its skill-lock token off): {whose} "
                                   "for the rest of the chapter"))
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
    # the events core
    Effect.STORY: _story,
    Effect.WIN: _win,
    Effect.LOSE: _lose,
    Effect.SET: _set,
    Effect.ADD: _add,
    Effect.CHOOSE: _choose,
    # events only: tokens and the map
    Effect.PLACE: _place,
    Effect.REMOVE: _remove,
    Effect.OPEN: _open,
    Effect.CLOSE: _close,
    # event-only effects
    Effect.SPAWN_AT: _spawn_at,
    Effect.GIVE: _give,
    Effect.TAKE: _take,
    Effect.OBJECTIVE: _objective,
    Effect.BOOST: _boost,
    Effect.TRACK: _track,
    Effect.DECK: _deck,
    Effect.UNLOCK_SKILL: _unlock_skill,
}
