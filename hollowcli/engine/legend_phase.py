"""The Legend phase: which choices are legal now, and what each choice does.

The player picks the Legend to activate (each once per round). At the start of its
activation the Legend refreshes if its preparation space is empty; before anything else it
may swap its equipped relic with one in its inventory; then it moves (up to its move) and
takes one action, in either order, and ends. Each kind of choice has its rule in
:data:`RULES` (which choices of it are legal now, and its handler), beside its record in
:data:`hollowcli.engine.actions.KINDS` (its fields and words, who may take it, its place in
the menu).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Final

from hollowcli.engine import resolve, tokens
from hollowcli.engine.actions import KINDS, MENU, Action, short
from hollowcli.engine.core import (
    attack_tokens,
    enter,
    event,
    faces_text,
    fear_ready,
    feature_kind,
    feature_name,
    foe_id_text,
    hurt_foe,
    hurt_legend,
    hurt_token,
    remove_fear,
    roll_dice,
    search_token,
)
from hollowcli.engine.loadout import attack_numbers, attack_sources, min_cost, source_of, use_sources
from hollowcli.engine.rolls import Dice
from hollowcli.engine.speed import made, memo, replace
from hollowcli.engine.state import AllyState, Event, GameState, LegendState, Trap, new_turn
from hollowcli.engine.vocab import Act, EventKind, Side, Who
from hollowcli.errors import RulesError
from hollowcli.names import plural
from hollowcli.pack.model import Item, Restore
from hollowcli.pack.vocab import FeatureKind, ItemKind, SearchLimit

# Enum members read on hot paths, as C statics when compiled (a read of a member from
# its class goes through the enum's __getattr__ in Python 3.11).
_EV_ACTIVATE: Final = EventKind.ACTIVATE
_EV_ATTACK: Final = EventKind.ATTACK
_EV_ATTACK_ROLL: Final = EventKind.ATTACK_ROLL
_EV_END: Final = EventKind.END
_EV_FALL: Final = EventKind.FALL
_EV_FEAR_TOKEN: Final = EventKind.FEAR_TOKEN
_EV_LEAVE: Final = EventKind.LEAVE
_EV_MOVE: Final = EventKind.MOVE
_EV_REFRESH: Final = EventKind.REFRESH
_EV_RESTORE: Final = EventKind.RESTORE
_FEATURE_SEARCH: Final = FeatureKind.SEARCH
_ITEM_KIND_RELIC: Final = ItemKind.RELIC

# The kinds the makers stamp on the choices they list by the thousand (a C static each,
# compiled, instead of a look-up on the enum class).
_BEGIN: Final = Act.BEGIN
_ACTIVATE: Final = Act.ACTIVATE
_SWAP: Final = Act.SWAP
_MOVE: Final = Act.MOVE
_ATTACK: Final = Act.ATTACK
_USE: Final = Act.USE
_RESTORE: Final = Act.RESTORE
_SEARCH: Final = Act.SEARCH
_GIVE: Final = Act.GIVE
_REFRESH: Final = Act.REFRESH
_END: Final = Act.END
_LEGENDS: Final = Side.LEGENDS


# ------------------------------------------------------------------ small helpers
def eligible(state: GameState) -> list[LegendState]:
    """Legends that may still activate this round (not yet activated, health above 0)."""
    return [lg for lg in state.legends if not lg.activated and lg.health > 0]


def allies_eligible(state: GameState) -> list[AllyState]:
    """Allies the players may still move this Legend phase: once each, after any Legend
    (so not before the first Legend has activated this round)."""
    if not any(lg.activated for lg in state.legends):
        return []
    return [a for a in state.allies if not a.activated]


def move_allowance(state: GameState) -> int:
    """Steps the active Legend may still move this activation."""
    turn = state.turn
    assert turn is not None
    pack = state.pack
    if turn.moves and not pack.rules.split_move:
        return 0
    lid, allies = turn.legend, pack.allies  # (state.hero_def, without the method call)
    return max(0, (allies[lid].move if lid in allies else pack.legends[lid].move) - turn.steps)


def leave_dice_on(places: Sequence[str], path: Sequence[str]) -> int:
    """Leave-roll dice along a walk: one for each foe in each place it leaves (``places``:
    where each foe stands; the last place of ``path`` is not left)."""
    n = 0
    for i in range(len(path) - 1):
        n += places.count(path[i])
    return n


def plan_walks(state: GameState, start: str, steps: int) -> dict[str, tuple[int, tuple[str, ...]]]:
    """The cheapest walk to every location within ``steps``: (leave-roll dice, path).

    Cheapest = fewest leave-roll dice (one per foe in each location left), then fewest
    steps; equal walks are broken clockwise from north. Foes are where they stand now.
    """
    board = state.board
    foes_at: dict[str, int] = {}
    for f in state.foes:
        foes_at[f.loc] = foes_at.get(f.loc, 0) + 1
    board.neighbours(start)  # RulesError when it is not a location
    adjacent = board.adjacent
    best: dict[str, tuple[int, int, tuple[str, ...]]] = {start: (0, 0, (start,))}
    frontier: dict[str, tuple[int, tuple[str, ...]]] = {start: (0, (start,))}
    for k in range(1, steps + 1):
        nxt_frontier: dict[str, tuple[int, tuple[str, ...]]] = {}
        for loc, (dice_so_far, path) in frontier.items():  # insertion order: deterministic
            cost = dice_so_far + foes_at.get(loc, 0)
            for nb in adjacent[loc]:
                cur = nxt_frontier.get(nb)
                if cur is None or cost < cur[0]:  # (the path is built only for a cheaper walk)
                    nxt_frontier[nb] = (cost, path + (nb,))
        for loc, (cost, path) in nxt_frontier.items():
            old = best.get(loc)
            if old is None or cost < old[0] or (cost == old[0] and k < old[1]):
                best[loc] = (cost, k, path)
        frontier = nxt_frontier
    return {loc: (c, p) for loc, (c, _k, p) in best.items() if loc != start}


def search_blocked(state: GameState, loc: str) -> str:
    """Why the location cannot be searched now ('' when it can): rules.search_limit says.
    A search token makes its square searchable (it goes once searched)."""
    if state.script is not None and tokens.search_token_at(state, loc) is not None:
        return ""
    if feature_kind(state, loc) != _FEATURE_SEARCH:
        return "there is nothing to search here"
    limit = state.pack.rules.search_limit  # (a member once the model types the setting; the text finds it too)
    return SEARCH_BLOCKED[limit](state, loc)  # type: ignore[index]


def _searched_once(state: GameState, loc: str) -> str:
    return "" if state.last_searched(loc) is None else f"{feature_name(state, loc)} has already been searched"


def _searched_this_round(state: GameState, loc: str) -> str:
    return f"{feature_name(state, loc)} has already been searched this round" if state.last_searched(loc) == state.round else ""


#: Why a search spot cannot be searched again, per rules.search_limit ('' when it can).
SEARCH_BLOCKED: Final[dict[SearchLimit, Callable[[GameState, str], str]]] = {
    SearchLimit.ONCE: _searched_once,
    SearchLimit.PER_ROUND: _searched_this_round,
    SearchLimit.UNLIMITED: lambda state, loc: "",
}


# ------------------------------------------------------------ legal action makers
# The makers only enumerate; each action's words (label, command) come from its kind's
# entry in hollowcli.engine.actions, made when asked.
def _choice(**fields: Any) -> Action:
    """``actions.new_action(**fields)`` (an Action adopting its keyword dictionary: no field
    has a default factory) as a native call when compiled: a call with keywords to
    ``new_action``, a closure, goes through Python's argument parsing."""
    return made(Action, fields)


def _activate_actions(state: GameState) -> list[Action]:
    out = [_choice(kind=_ACTIVATE, legend=lg.id, offered=state) for lg in eligible(state)]
    allies = allies_eligible(state)
    out += [_choice(kind=_ACTIVATE, legend=al.id, offered=state) for al in allies]
    return out


def _phase_end_actions(state: GameState) -> list[Action]:
    """When only allies are left to move, the players may end the Legend phase without them."""
    allies = allies_eligible(state)
    if allies and not eligible(state):
        return [_choice(kind=_END, legend=allies[0].id, offered=state)]
    return []


def _begin_actions(state: GameState) -> list[Action]:
    """The chapter's first choice when round 1's start sets events off: the players begin."""
    script = state.script
    if script is None or not script.opening:
        return []
    return [_choice(kind=_BEGIN, legend="", offered=state)]


def do_begin(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    """The chapter begins: round 1's events fire (``game.apply`` settles them)."""
    script = state.script
    assert script is not None
    return replace(state, script=replace(script, opening=False))


def _swap_actions(state: GameState, lg: LegendState) -> list[Action]:
    assert state.turn is not None
    if state.turn.busy:
        return []
    out = []
    for iid in dict.fromkeys(lg.inventory):
        it = state.pack.items.get(iid)
        if it is None or it.kind != _ITEM_KIND_RELIC:
            continue
        out.append(_choice(kind=_SWAP, legend=lg.id, item=iid, offered=state))
    return out


def walks_in_order(state: GameState, start: str, steps: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """:func:`plan_walks` as (destination, path) in the board's reading order (the move menu's).

    The walks depend only on the map, the start, the steps and where the foes stand, so
    the board remembers them by those: the same position comes back within an activation
    (the moves left after an attack) and across games of the chapter.
    """
    return state.board.remember(("walks", start, steps, _foe_places(state)), lambda: _walks(state, start, steps))


def _walks(state: GameState, start: str, steps: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    walks = plan_walks(state, start, steps)
    order = state.board.order
    return tuple((loc, walks[loc][1]) for loc in sorted(walks, key=order.__getitem__))  # shared: read-only


def _foe_places(state: GameState) -> tuple[str, ...]:
    """Where the foes stand, sorted (what the walks depend on); kept in ``lookups`` with the
    tuple of foes it was worked out from, while the states that follow share it."""
    foes = state.foes
    hit = state.lookups.get("foe places")
    if hit is None or hit[0] is not foes:
        hit = state.lookups["foe places"] = (foes, tuple(sorted(f.loc for f in foes)))
    return hit[1]  # type: ignore[no-any-return]


def move_actions(state: GameState, lg: LegendState | AllyState) -> tuple[Action, ...]:
    """The moves, made once per Legend, start, steps and foe positions (the board remembers
    them beside the walks): the same choices with the same words for every state with those.
    A move's label reads only the foes' positions and the Legend's name, and it is made from
    the state it was first offered in, so sharing the action objects changes no text."""
    steps = move_allowance(state)
    if steps <= 0:
        return ()
    start = lg.loc
    return state.board.remember(("moves", lg.id, start, steps, _foe_places(state)), lambda: tuple(
        _choice(kind=_MOVE, legend=lg.id, to=loc, path=path, offered=state) for loc, path in walks_in_order(state, start, steps)))


def _attack_actions(state: GameState, lg: LegendState | AllyState) -> list[Action]:
    out: list[Action] = []
    foes = state.foes
    marks = tokens.targets(state)  # tokens with health (none in an unscripted game)
    if not foes and not marks:
        return out
    board, measure, here, lid = state.board, state.pack.rules.range_measure, lg.loc, lg.id
    places = [f.loc for f in foes]  # (each foe's fields read once, not once per attack)
    in_reach: dict[int, list[bool]] = {}  # range -> whether each foe is in reach (sources share ranges)
    for source, sid, spec, _cost, _name in attack_sources(state, lg):
        rng = spec.range
        reached = in_reach.get(rng)
        if reached is None:
            reached = in_reach[rng] = [board.in_reach(here, loc, rng, measure) for loc in places]
        if spec.area:
            seen = []
            for loc, ok in zip(places, reached):
                if ok and loc not in seen:
                    seen.append(loc)
            seen += [loc for _, loc in marks if loc not in seen and board.in_reach(here, loc, rng, measure)]
            for loc in seen:
                out.append(_choice(kind=_ATTACK, legend=lid, at=loc, source=source, source_id=sid, offered=state))
        else:
            for f, ok in zip(foes, reached):
                if ok:
                    out.append(_choice(kind=_ATTACK, legend=lid, target=f.number, source=source, source_id=sid, offered=state))
            out += [_choice(kind=_ATTACK, legend=lid, token=kind, at=loc, source=source, source_id=sid, offered=state)
                    for kind, loc in marks if board.in_reach(here, loc, rng, measure)]
    return out


def _restore_targets(state: GameState, lg: LegendState, rest: Restore) -> list[LegendState]:
    out = []
    for other in state.legends_at(lg.loc):
        if other.health <= 0:
            continue
        maxh = state.legend_def(other.id).health
        if (rest.health and other.health < maxh) or (rest.fear and other.fear > 0):
            out.append(other)
    # the user first
    out.sort(key=lambda o: o.id != lg.id)
    return out


def _use_actions(state: GameState, lg: LegendState) -> list[Action]:
    """Skills and items that are not attacks: restores and traps."""
    out: list[Action] = []
    for source, sid, obj in use_sources(state, lg):
        if isinstance(obj, Item) and obj.trap:
            if any(t.loc == lg.loc and t.type == obj.trap for t in state.traps):
                continue  # one trap of each type per location
            out.append(_choice(kind=_USE, legend=lg.id, source=source, source_id=sid, offered=state))
            continue
        if obj.restore is None:
            continue
        for other in _restore_targets(state, lg, obj.restore):
            out.append(_choice(kind=_USE, legend=lg.id, source=source, source_id=sid, recipient=other.id, offered=state))
    return out


def _restore_actions(state: GameState, lg: LegendState) -> list[Action]:
    rules = state.pack.rules
    out = []
    if lg.health < state.legend_def(lg.id).health and rules.restore_health > 0:
        out.append(_choice(kind=_RESTORE, legend=lg.id, what="health", offered=state))
    if lg.fear > 0 and rules.restore_fear > 0:
        out.append(_choice(kind=_RESTORE, legend=lg.id, what="fear", offered=state))
    return out


def _search_actions(state: GameState, lg: LegendState) -> list[Action]:
    if search_blocked(state, lg.loc):
        return []
    return [_choice(kind=_SEARCH, legend=lg.id, offered=state)]


def _give_actions(state: GameState, lg: LegendState) -> list[Action]:
    others = [o for o in state.legends if o.loc == lg.loc and o.id != lg.id and o.health > 0]
    if not others:
        return []
    things = list(dict.fromkeys(lg.inventory)) + ([lg.relic] if lg.relic else [])
    return [_choice(kind=_GIVE, legend=lg.id, item=iid, recipient=o.id, offered=state) for iid in things for o in others]


def _refresh_actions(state: GameState, lg: LegendState) -> list[Action]:
    """'If out of tokens but not actions, refresh first': see docs/rules-interpretations.md."""
    if not state.pack.rules.refresh_when_short or lg.spent + lg.fear_spent == 0 or fear_ready(state, lg):
        return []  # nothing to return, or fear tokens in the preparation space (fear_tokens: pool)
    ready = lg.ready
    if ready > 0:  # (with none ready the cheapest need not be looked up)
        cheapest = min_cost(state, lg)
        if cheapest is None or ready >= cheapest:
            return []
    return [_choice(kind=_REFRESH, legend=lg.id, offered=state)]


def _end_actions(state: GameState, hero: Any) -> tuple[Action, ...]:
    """The acting hero may always end its activation (fallen, or with nothing left to do)."""
    assert state.turn is not None
    return (_choice(kind=_END, legend=state.turn.legend, offered=state),)


def actions_of_kind(state: GameState, kind: Act) -> Sequence[Action]:
    """The legal choices of one kind at a Legend-phase decision point, in menu order: its
    rule's maker (:data:`RULES`), asked only when the kind's record (``actions.KINDS``)
    allows it now: between activations, or for the acting hero (a Legend, or an ally for
    the kinds any hero may take), before or after its one action, standing or fallen."""
    turn = state.turn
    rule = RULES[kind]
    if turn is None:
        return () if rule.between is None else rule.between(state)
    spec = KINDS[kind]
    make = rule.in_turn
    if make is None or (turn.acted and not spec.after_acting):
        return ()
    ally, hero = acting_hero(state)
    if ally and spec.who is not _ANY_HERO:
        return ()
    if hero is None and not spec.after_falling:
        return ()
    return make(state, hero)


def acting_hero(state: GameState) -> tuple[bool, LegendState | AllyState | None]:
    """Whether the acting hero is an ally, and the hero (None: a Legend that has fallen,
    or an ally that fell and left the board); once per state (each kind asks: the state's
    memo read here, so that the answer is worked out in a native call, not through a
    function object as :func:`~hollowcli.engine.speed.per_state` calls it)."""
    m = memo(state)
    hit = m.get("acting hero")
    if hit is None:
        hit = m["acting hero"] = _acting_hero(state)
    return hit  # type: ignore[no-any-return]


def _acting_hero(state: GameState) -> tuple[bool, LegendState | AllyState | None]:
    assert state.turn is not None
    lid = state.turn.legend
    if lid in state.pack.allies:
        return True, next((a for a in state.allies if a.id == lid), None)
    for hero in state.legends:  # (state.legend without a method call: once per state)
        if hero.id == lid:
            return False, (hero if hero.health > 0 else None)
    raise KeyError(lid)


_ANY_HERO: Final = Who.HERO


# ------------------------------------------------------------------ the handlers
Handler = Callable[[GameState, Action, Dice, list[Event]], GameState]


def do_activate(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    if state.is_ally(action.legend):
        al = state.ally(action.legend)
        state = replace(state, turn=new_turn(legend=al.id))
        events.append(event(state, _EV_ACTIVATE, actor=al.id, frm=al.loc, to=al.loc,
                            reason=f"the players move {short(state, al.id)} (an ally) from {al.loc}"))
        return state
    lg = state.legend(action.legend)
    state = replace(state, turn=new_turn(legend=lg.id))
    events.append(event(state, _EV_ACTIVATE, actor=lg.id, frm=lg.loc, to=lg.loc,
                        reason=f"{short(state, lg.id)} activates at {lg.loc}"))
    if lg.ready == 0 and fear_ready(state, lg) == 0 and lg.spent + lg.fear_spent > 0:
        new = replace(lg, ready=lg.ready + lg.spent, spent=0, fear_spent=0)
        state = state.with_legend(new)
        fear = f" (and {plural(lg.fear_spent, 'fear token')})" if lg.fear_spent else ""
        events.append(event(state, _EV_REFRESH, actor=lg.id, numbers={"tokens": new.ready} | ({"fear_tokens": lg.fear_spent} if lg.fear_spent else {}),
                            reason=f"{short(state, lg.id)} has no tokens left in the preparation space, so all {plural(new.ready, 'token')}{fear} return there (refresh)"))
    return state


def do_swap(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    lg = state.legend(action.legend)
    item = action.item or ""
    inv = list(lg.inventory)
    inv.remove(item)
    if lg.relic:
        inv.append(lg.relic)
    new = replace(lg, inventory=tuple(inv), relic=item)
    state = state.with_legend(new)
    old = state.pack.items[lg.relic].name if lg.relic else None
    text = f"{short(state, lg.id)} equips {state.pack.items[item].name}" + (f" and puts {old} in the inventory" if old else "")
    events.append(event(state, EventKind.SWAP, actor=lg.id, target=item, reason=text))
    return state


def do_move(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    assert state.turn is not None
    lid = action.legend
    path = list(action.walk or action.path)
    rules = state.pack.rules
    before = state
    walked = [path[0]]
    legs = list(pairwise(path))
    places = [f.loc for f in state.foes]  # where the foes stood before the move
    if (not state.traps and set(places).isdisjoint(path[:-1])
            and (state.script is None or not any(tokens.traps_at(state, loc, _LEGENDS) for loc in path[1:]))):
        # Nothing on the way (no foe to leave, no trap or trap token to spring): put the figure down once.
        walked = list(path)
        state = state.with_hero(replace(state.hero(lid), loc=path[-1]))
        legs = []
    for here, there in legs:
        foes_here = state.foes_at(here)
        if foes_here:
            n_here = len(foes_here)
            faces, rolls = roll_dice(state, rules.attack_die, n_here, dice,
                                     f"{short(state, lid)}'s leave roll, leaving {plural(n_here, 'foe')} at {here}",
                                     "leave", lid)
            dmg = resolve.leave_damage([r.face for r in faces], rules.leave_damage_per_hit)
            hits = sum(1 for f in faces if f.value != 0)
            state = hurt_legend(
                state, lid, dmg, events, kind=_EV_LEAVE, actor=None, rolls=rolls,
                numbers={"foes": len(foes_here), "hits": hits, "per_hit": rules.leave_damage_per_hit},
                reason=(f"{short(state, lid)} leaves {here}, which holds {plural(len(foes_here), 'foe')}: "
                        f"leave roll {faces_text(rolls)}, "
                        f"{hits} non-blank = {dmg} damage"))
            if state.is_ally(lid) and not any(a.id == lid for a in state.allies):
                break  # the ally fell and left the board
            if state.hero(lid).health <= 0:
                events.append(event(state, _EV_FALL, actor=lid, frm=here, to=here,
                                    reason=f"{short(state, lid)} falls at {here} and can do nothing more this round"))
                break
        hero = state.hero(lid)
        state = state.with_hero(replace(hero, loc=there))
        walked.append(there)
        state, standing = enter(state, _LEGENDS, lid, there, events)
        if not standing:
            break
    steps = len(walked) - 1
    assert state.turn is not None
    turn = replace(state.turn, steps=state.turn.steps + steps, moves=state.turn.moves + 1, busy=True)
    state = replace(state, turn=turn)
    leave_dice = leave_dice_on(places, path)
    events.append(event(state, _EV_MOVE, actor=lid, frm=walked[0], to=walked[-1],
                        numbers={"steps": steps, "path": walked, "leave_dice": leave_dice},
                        reason=f"{short(state, lid)} moves {'→'.join(walked)} ({plural(steps, 'step')})",
                        detail=(f"the walk the players named: {plural(leave_dice, 'leave-roll die', 'leave-roll dice')}"
                                if action.walk else
                                f"the cheapest walk within {plural(move_allowance(before), 'step')}: "
                                f"{plural(leave_dice, 'leave-roll die', 'leave-roll dice')}, then fewest steps, ties clockwise from north")
                        + ("" if walked == path else f"; stopped at {walked[-1]}")))
    return state


def _spend(state: GameState, lid: str, cost: int, fear_pays: bool = False) -> GameState:
    """Pay ``cost`` tokens from the preparation space; with ``fear_pays`` (and
    ``fear_tokens: pool``) fear tokens there pay first."""
    if cost <= 0:
        return state
    lg = state.legend(lid)
    fear = min(cost, fear_ready(state, lg)) if fear_pays else 0
    if cost - fear > lg.ready:
        raise RulesError(f"{short(state, lid)} has {plural(lg.ready, 'token')} in preparation, {cost} needed")
    return state.with_legend(replace(lg, ready=lg.ready - (cost - fear), spent=lg.spent + cost - fear, fear_spent=lg.fear_spent + fear))


def _pay_basic(state: GameState, lid: str, events: list[Event]) -> GameState:
    """``fear_tokens: pool``: a basic action is paid with a fear token from the preparation
    space when one is there (fear tokens pay for basic actions); it moves to the action board
    and comes back with the next refresh. Nothing happens with ``fear_tokens: counter``."""
    lg = state.legend(lid)
    if fear_ready(state, lg) <= 0:
        return state
    new = replace(lg, fear_spent=lg.fear_spent + 1)
    state = state.with_legend(new)
    left = fear_ready(state, new)
    events.append(event(state, _EV_FEAR_TOKEN, actor=lid, numbers={"fear_ready": left, "fear_spent": new.fear_spent},
                        reason=f"{short(state, lid)} pays for the basic action with a fear token from the preparation space "
                               f"({plural(left, 'fear token')} left there)"))
    return state


def _tokens(n: int) -> str:
    """``1 token``, ``2 tokens``, ``no token``."""
    return "no token" if n == 0 else plural(n, "token")


def _acted(state: GameState) -> GameState:
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, acted=True, busy=True))


def do_attack(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    """One attack: roll once, then apply to the target foe or every foe in the target location."""
    lid = action.legend
    lg = state.hero(lid)
    src = source_of(state, action.source, action.source_id)
    if isinstance(lg, AllyState):
        pass  # an ally has no tokens
    elif src is None:  # the basic attack
        state = _pay_basic(state, lid, events)
    else:
        state = _spend(state, lid, src.cost, src.fear_pays)
    nums = attack_numbers(state, lg, action.source or "basic", action.source_id)
    at = action.at
    marks = [t for t in tokens.at(state, at) if state.pack.tokens[t.kind].health is not None] if at else []
    if action.token is not None:  # one token (a tombstone); an area attack hits the foes and tokens there
        marks = [t for t in marks if t.kind == action.token]
    there = state.foes_at(at) if at is not None else []
    if action.token is not None or (at is not None and not there):
        return _acted(attack_tokens(state, lid, lg.loc, at or "", nums, marks, dice, events))
    if at is not None:
        targets = there
        where = at
    else:
        targets = [state.foe(action.target or 0)]
        where = targets[0].loc
    los = state.board.line_of_sight(lg.loc, where)
    area = f"the one foe at {where}" if len(targets) == 1 else f"all {len(targets)} foes at {where}"
    attacks = f"{short(state, lid)} attacks {area if at else state.foe_name(targets[0])}"
    faces, rolls = roll_dice(state, state.pack.rules.attack_die, nums.dice, dice, attacks, "attack", lid)
    total = sum(f.value for f in faces)
    head = (f"{attacks} "
            f"from {lg.loc} ({nums.reason}); range {state.board.grid_distance(lg.loc, where)}, {los.reason}; "
            f"rolled {faces_text(rolls)} = {total}")
    if action.at is not None:
        events.append(event(state, _EV_ATTACK_ROLL, actor=lid, frm=lg.loc, to=where, rolls=rolls,
                            numbers={"dice": nums.dice, "dice_total": total, "direct": nums.direct, "targets": len(targets)},
                            reason=head + (": one roll for the one foe there" if len(targets) == 1
                                           else f": one roll for all {len(targets)} foes there")))
    for f in targets:
        fdef = state.foe_def(f.foe)
        dmg = resolve.attack_damage(total, nums.direct, fdef.defense, 0)
        state, defeated = hurt_foe(state, f.number, dmg.damage)
        text = (head + ": " if action.at is None else f"{state.foe_name(f)}: ") + dmg.reason + " damage"
        text += f"; {state.foe_name(f)} is defeated" if defeated else f"; {state.foe_name(f)} has {f.health - dmg.damage} health left"
        events.append(event(state, _EV_ATTACK, actor=lid, target=foe_id_text(f), frm=lg.loc, to=f.loc,
                            rolls=rolls if action.at is None else [],
                            numbers={"dice": nums.dice, "dice_total": total, "direct": nums.direct, "defense": fdef.defense,
                                     "damage": dmg.damage, "defeated": defeated, "area": action.at is not None},
                            reason=text, detail=los.reason))
    for t in marks:  # the same roll hits the tokens on the square
        state = hurt_token(state, t, total, nums.direct, events, actor=lid, frm=lg.loc, rolls=[], head=f"{tokens.name(state, t)}: ")
    return _acted(state)


def _restore_one(state: GameState, who: str, health: int, fear: int) -> tuple[GameState, int, int]:
    lg = state.legend(who)
    maxh = state.legend_def(who).health
    gain = max(0, min(health, maxh - lg.health))
    lg, calm = remove_fear(lg, fear)
    return state.with_legend(replace(lg, health=lg.health + gain)), gain, calm


def do_use(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    """A skill or item that is not an attack: a restore, or setting a trap."""
    lid = action.legend
    lg = state.legend(lid)
    obj = source_of(state, action.source, action.source_id)
    assert obj is not None  # a use is made with a skill or an item
    state = _spend(state, lid, obj.cost, obj.fear_pays)
    if isinstance(obj, Item) and obj.trap:
        trap = Trap(loc=lg.loc, type=obj.trap, side=_LEGENDS, setter=lid, damage=obj.trap_damage)
        state = replace(state, traps=state.traps + (trap,))
        events.append(event(state, EventKind.TRAP_SET, actor=lid, to=lg.loc, numbers={"damage": obj.trap_damage, "cost": obj.cost},
                            reason=f"{short(state, lid)} sets a {obj.trap} trap at {lg.loc} with {obj.name} ({_tokens(obj.cost)}); it will hurt the first foe to enter"))
        return _acted(state)
    assert obj.restore is not None
    who = action.recipient or lid
    state, gain, calm = _restore_one(state, who, obj.restore.health, obj.restore.fear)
    after = state.legend(who)
    events.append(event(state, EventKind.RESTORE, actor=lid, target=who, numbers={"health": gain, "fear_removed": calm, "cost": obj.cost},
                        reason=f"{short(state, lid)} uses {obj.name} ({_tokens(obj.cost)}): {short(state, who)} regains {gain} health (health {after.health}) and removes {calm} fear (fear {after.fear})"))
    return _acted(state)


def do_restore(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    """The basic Restore: spent tokens back to preparation first, then health or fear."""
    lid = action.legend
    rules = state.pack.rules
    lg = state.legend(lid)
    back = min(rules.restore_returns_tokens, lg.spent)
    if back:
        state = state.with_legend(replace(lg, ready=lg.ready + back, spent=lg.spent - back))
    if action.what == "health":
        state, gain, _ = _restore_one(state, lid, rules.restore_health, 0)
        what = f"regains {gain} health (health {state.legend(lid).health})"
        nums = {"health": gain, "tokens_back": back}
    else:
        state, _, calm = _restore_one(state, lid, 0, rules.restore_fear)
        what = f"removes {calm} fear (fear {state.legend(lid).fear})"
        nums = {"fear_removed": calm, "tokens_back": back}
    tok = f"{plural(back, 'spent token')} {'returns' if back == 1 else 'return'} to preparation first, then " if back else ""
    events.append(event(state, _EV_RESTORE, actor=lid, target=lid, numbers=nums, reason=f"{short(state, lid)} restores: {tok}{short(state, lid)} {what}"))
    state = _pay_basic(state, lid, events)
    return _acted(state)


def do_search(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    lid = action.legend
    state = _pay_basic(state, lid, events)
    lg = state.legend(lid)
    spot = tokens.search_token_at(state, lg.loc) if state.script is not None else None
    if spot is not None:  # the token first (before a search feature under it); it goes once searched
        return _acted(search_token(state, lid, spot, events))
    searched = tuple((loc, r) for loc, r in state.searched if loc != lg.loc) + ((lg.loc, state.round),)
    state = replace(state, search_count=state.search_count + 1, searched=searched)
    n = state.search_count
    text = f"{short(state, lid)} searches {feature_name(state, lg.loc)} at {lg.loc} ({plural(n, 'search', 'searches')} so far)"
    found = state.chapter_def.feature_items.get(state.board.char(lg.loc))
    held = any(found in (o.inventory + ((o.relic,) if o.relic else ())) for o in state.legends) if found else False
    if found and found in state.pack.items and not held:
        state = state.with_legend(replace(lg, inventory=lg.inventory + (found,)))
        text += f" and finds {state.pack.items[found].name}"
    events.append(event(state, EventKind.SEARCH, actor=lid, to=lg.loc, numbers={"searches": state.search_count}, reason=text))
    return _acted(state)


def do_give(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    lid, to, item = action.legend, action.recipient or "", action.item or ""
    state = _pay_basic(state, lid, events)
    lg = state.legend(lid)
    if lg.relic == item:
        lg = replace(lg, relic=None)
    else:
        inv = list(lg.inventory)
        inv.remove(item)
        lg = replace(lg, inventory=tuple(inv))
    state = state.with_legend(lg)
    other = state.legend(to)
    state = state.with_legend(replace(other, inventory=other.inventory + (item,)))
    thing = state.pack.items[item]
    text = f"{short(state, lid)} gives {thing.name} to {short(state, to)} at {lg.loc}; it goes into {short(state, to)}'s inventory"
    if thing.kind == ItemKind.RELIC:
        text += f" ({short(state, to)} can equip it with 'swap' in an activation, before moving or acting)"
    events.append(event(state, EventKind.GIVE, actor=lid, target=to, to=lg.loc, reason=text))
    return _acted(state)


def do_refresh(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    lid = action.legend
    lg = state.legend(lid)
    new = replace(lg, ready=lg.ready + lg.spent, spent=0, fear_spent=0)
    state = state.with_legend(new)
    fear = f" (and {plural(lg.fear_spent, 'fear token')})" if lg.fear_spent else ""
    events.append(event(state, EventKind.REFRESH, actor=lid, numbers={"tokens": new.ready} | ({"fear_tokens": lg.fear_spent} if lg.fear_spent else {}),
                        reason=f"{short(state, lid)} is out of tokens but not of actions, so refreshes first: all {plural(new.ready, 'token')}{fear} return to preparation"))
    return state


def do_end(state: GameState, action: Action, dice: Dice, events: list[Event]) -> GameState:
    lid = action.legend
    if state.turn is None:  # the end of the Legend phase: allies not moved stay put
        state = replace(state, allies=tuple(replace(a, activated=True) for a in state.allies))
        events.append(event(state, _EV_END, actor=lid, reason="the Legend phase ends; allies not moved this round stay where they are"))
        return state
    if state.is_ally(lid):
        if any(a.id == lid for a in state.allies):
            state = state.with_ally(replace(state.ally(lid), activated=True))
        state = replace(state, turn=None)
        events.append(event(state, _EV_END, actor=lid, reason=f"{short(state, lid)}'s activation ends"))
        return state
    lg = state.legend(lid)
    state = state.with_legend(replace(lg, activated=True))
    state = replace(state, turn=None)
    events.append(event(state, _EV_END, actor=lid, reason=f"{short(state, lid)}'s activation ends"))
    return state


@dataclass(frozen=True)
class Rule:
    """What one kind of choice does: which choices of it are legal between activations
    (``between``: activate, end the phase) and in an activation (``in_turn``, given the
    acting hero, or None for a fallen one), and its handler. Its data and words are its
    :class:`~hollowcli.engine.actions.ActionKind` record."""

    between: Callable[[GameState], Sequence[Action]] | None
    in_turn: Callable[[GameState, Any], Sequence[Action]] | None
    handle: Handler


#: Every kind's rule, by kind (a test checks each ``Act`` has one).
RULES: Final[dict[Act, Rule]] = {
    Act.ACTIVATE: Rule(_activate_actions, None, do_activate),
    Act.MOVE: Rule(None, move_actions, do_move),
    Act.ATTACK: Rule(None, _attack_actions, do_attack),
    Act.USE: Rule(None, _use_actions, do_use),
    Act.RESTORE: Rule(None, _restore_actions, do_restore),
    Act.SEARCH: Rule(None, _search_actions, do_search),
    Act.GIVE: Rule(None, _give_actions, do_give),
    Act.SWAP: Rule(None, _swap_actions, do_swap),
    Act.REFRESH: Rule(None, _refresh_actions, do_refresh),
    Act.END: Rule(_phase_end_actions, _end_actions, do_end),
    Act.BEGIN: Rule(_begin_actions, None, do_begin),
}

#: The kinds offered between activations, in menu order (activate, then end the phase).
BETWEEN: Final[tuple[Act, ...]] = tuple(kind for kind in Act if RULES[kind].between is not None)

#: The kinds of an activation's menu, in menu order ('end' last).
TURN_KINDS: Final[tuple[Act, ...]] = MENU
