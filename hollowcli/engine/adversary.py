"""The adversary phase: the storybook track, foe activations (targeting, moves, attacks).

Spawning is in :mod:`hollowcli.engine.spawning`, chapter cards in
:mod:`hollowcli.engine.effects`; a track spot's foe actions dispatch through
:data:`FOE_ACTIONS`.

Every decision a foe makes is an event whose reason says why: the walking distance to
each Legend, how a tie broke, the path taken, the line-of-sight check and the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from hollowcli.engine import resolve, tokens
from hollowcli.engine.core import enter, event, faces_text, foe_id_text, hurt_legend, pause, roll_dice, standing_heroes
from hollowcli.engine.effects import draw_card
from hollowcli.engine.geometry import Board, Terrain, game_board, path_text
from hollowcli.engine.loadout import with_bonus
from hollowcli.engine.rolls import DiceLike
from hollowcli.engine.script import settle, stopped
from hollowcli.engine.spawning import spawn_step
from hollowcli.engine.speed import per_game, replace
from hollowcli.engine.state import Event, FoeState, GameState, LegendState
from hollowcli.engine.vocab import EventKind, Phase, Side
from hollowcli.names import plural
from hollowcli.pack.model import FOE_CLASSES, TrackSpot
from hollowcli.pack.vocab import FoeTargets, TrackAction, TrackEnd

# Enum members read on hot paths, as C statics when compiled (a read of a member from
# its class goes through the enum's __getattr__ in Python 3.11).
_EV_ACTIVATION: Final = EventKind.ACTIVATION
_EV_FOE_ATTACK: Final = EventKind.FOE_ATTACK
_EV_FOE_ATTACK_ROLL: Final = EventKind.FOE_ATTACK_ROLL
_EV_FOE_HOLD: Final = EventKind.FOE_HOLD
_EV_FOE_MOVE: Final = EventKind.FOE_MOVE
_EV_FOE_NO_ATTACK: Final = EventKind.FOE_NO_ATTACK
_EV_TRACK: Final = EventKind.TRACK
_EV_TRACK_SLIDE: Final = EventKind.TRACK_SLIDE
_EV_TRAP: Final = EventKind.TRAP
_PHASE_ADVERSARY: Final = Phase.ADVERSARY
_TRACK_CARD: Final = TrackAction.CARD
_TRACK_END_LOOP: Final = TrackEnd.LOOP
_TRACK_SPAWN: Final = TrackAction.SPAWN
#: A spot's actions by name (a validated pack names only these): no enum call, interpreted, per round.
_TRACK_ACTIONS: Final[dict[str, TrackAction]] = {a.value: a for a in TrackAction}

_FOES: Final = Side.FOES


# --------------------------------------------------------------------- targeting
class Targeting(NamedTuple):
    """Whom a foe at one location wants, worked out from where the heroes stand."""

    ranked: tuple[str, ...]  # the heroes it wants, best first (reachable ones only)
    why: str  # the reason for the first
    dists: Mapping[str, int | None]  # walking distance to every standing hero (None: unreachable)
    dist_text: str  # the distances in words, for --explain


def _standing(state: GameState) -> tuple[tuple[str, str], ...]:
    """(id, location) of every hero a foe may go for: Legends on their feet (pack order),
    then, when the chapter's (else the rules') ``foe_targets`` is ``heroes``, the allies on
    the board (as :func:`~hollowcli.engine.core.standing_heroes`). Kept in ``lookups`` with
    the two tuples it was worked out from, while the states that follow share them."""
    legends, allies = state.legends, state.allies
    hit = state.lookups.get("standing heroes")
    if hit is None or hit[0] is not legends or hit[1] is not allies:
        hit = state.lookups["standing heroes"] = (legends, allies, _standing_now(state))
    return hit[2]  # type: ignore[no-any-return]


def allies_targeted(state: GameState) -> bool:
    """Whether ``target: closest`` foes go for allies too: the chapter's ``foe_targets``, else
    the rules' (default ``legends``, the summary's "closest Legend")."""
    chosen = state.chapter_def.foe_targets or state.pack.rules.foe_targets
    return chosen is FoeTargets.HEROES


def _standing_now(state: GameState) -> tuple[tuple[str, str], ...]:
    legends = tuple((lg.id, lg.loc) for lg in state.legends if lg.health > 0)
    if not state.allies or not allies_targeted(state):
        return legends
    return legends + tuple((a.id, a.loc) for a in state.allies)


def targeting(state: GameState, f: FoeState) -> Targeting:
    """Whom the foe wants (:func:`rank_targets`) with the distances behind it, walked on the
    foes' board (a chapter's tokens may keep foes off some squares)."""
    return _targeting_of(state, f.loc, state.foe_def(f.foe).target)


def _targeting_of(state: GameState, at: str, target: str) -> Targeting:
    """:func:`targeting` of a foe at ``at`` whose ``target`` is given."""
    heroes = _standing(state)
    board = tokens.board(state, _FOES)
    return board.remember(("targets", at, target, heroes), lambda: _targeting(state, at, target, heroes, board))


def _targeting(state: GameState, at: str, target: str, heroes: tuple[tuple[str, str], ...], board: Board) -> Targeting:
    if board.no_entry:  # walks are one-way near a square foes may not enter: to each hero, from here
        dists = {lid: board.distances_from(loc).get(at) for lid, loc in heroes}
    else:
        dist = board.distances_from(at)
        dists = {lid: dist.get(loc) for lid, loc in heroes}
    text = _dist_text(state, dists)
    if target in state.pack.legends:
        ranked, why = _order_named(state, dists, text, target)
    else:
        ranked, why = _order_closest(state, dists, text)
    if board.no_entry:
        ranked, why = _warded(state, heroes, board, ranked, why)
    # shared by every state with these positions: read-only
    return Targeting(tuple(ranked), why, MappingProxyType(dists), text)


def _warded(state: GameState, heroes: tuple[tuple[str, str], ...], board: Board, ranked: list[str],
            why: str) -> tuple[list[str], str]:
    """Heroes standing on a square foes may not enter cannot be reached on foot, but a foe
    with the range and the sight still attacks them: they follow the heroes it can reach."""
    warded = [(lid, loc) for lid, loc in heroes if lid not in ranked and loc in board.no_entry]
    if not warded:
        return ranked, why
    said = "; ".join(f"{state.legend_name(lid)} stands on the {board.no_entry[loc]} on {loc}, which foes may not enter"
                     for lid, loc in warded)
    if not ranked:
        why = said
    return ranked + [lid for lid, _ in warded], why


def _dist_text(state: GameState, dists: dict[str, int | None]) -> str:
    return ", ".join(
        f"{state.legend_name(lid)} {'unreachable' if d is None else plural(d, 'step')}"
        for lid, d in dists.items()
    )


def _order_closest(state: GameState, dists: dict[str, int | None], dist_text: str) -> tuple[list[str], str]:
    """Legends by walking distance, ties by highest attack priority, then pack order."""
    reach = [lid for lid, d in dists.items() if d is not None]
    order = {lid: i for i, lid in enumerate(list(state.pack.legends) + list(state.pack.allies))}
    prio = {lid: state.hero_def(lid).attack_priority for lid in reach}
    ranked = sorted(reach, key=lambda lid: (dists[lid], -prio[lid], order[lid]))
    if not ranked:
        return [], f"no Legend can be reached ({dist_text})"
    best = ranked[0]
    tied = [lid for lid in ranked if dists[lid] == dists[best]]
    n = lambda lid: state.legend_name(lid)
    d = dists[best]
    if len(tied) > 1:
        names = [n(x) for x in tied]
        between = ", ".join(names[:-1]) + " and " + names[-1]
        why = (f"{between} tie at {plural(d or 0, 'step')}, and attack priority picks {n(best)} ("
               + " > ".join(f"{n(x)} {prio[x]}" for x in tied) + ")")
        if prio[tied[0]] == prio[tied[1]]:
            why += f"; equal priority, so the first in Legend order, {n(best)}"
    else:
        others = [x for x in ranked if x != best]
        why = f"{n(best)} is closest ({plural(d or 0, 'step')}"
        why += (" vs " + ", ".join(f"{dists[x]} for {n(x)}" for x in others)) if others else ""
        why += ")"
    return ranked, why


def _order_named(state: GameState, dists: dict[str, int | None], dist_text: str, legend_id: str) -> tuple[list[str], str]:
    """A foe whose ``target`` names a Legend goes for that Legend while it stands and can be
    reached; the others follow by the closest rule."""
    ranked, why = _order_closest(state, dists, dist_text)
    if legend_id not in ranked:
        if not ranked:
            return ranked, why
        return ranked, f"its quarry {state.legend_name(legend_id)} cannot be reached or has fallen, so {why}"
    rest = [x for x in ranked if x != legend_id]
    d = dists[legend_id]
    return [legend_id] + rest, (f"it hunts {state.legend_name(legend_id)} ({plural(d or 0, 'step')} away), "
                                "whatever the distance to the others")


def rank_targets(state: GameState, f: FoeState) -> tuple[list[str], str]:
    """The Legends a foe wants, best first, and the reason for the first.

    ``target: closest`` (the default) ranks by walking distance, ties by attack priority;
    a Legend id as ``target`` puts that Legend first ("unless otherwise indicated").
    """
    t = targeting(state, f)
    return list(t.ranked), t.why


def _can_attack_at(state: GameState, at: str, rng: int, legend_id: str, there: str) -> tuple[bool, str]:
    """Whether a foe on ``at`` with range ``rng`` can attack the hero on ``there``: in range
    (``rules.range_measure``) and in line of sight, with the check in words."""
    return state.board.remember(("attack", at, rng, legend_id, there), lambda: _check_attack(state, at, rng, legend_id, there))


def _check_attack(state: GameState, at: str, rng: int, legend_id: str, there: str) -> tuple[bool, str]:
    board = state.board
    d = board.distance(at, there, state.pack.rules.range_measure)
    if d is None or d > rng:
        return False, f"{state.legend_name(legend_id)} is out of range ({'unreachable' if d is None else d} > {rng})"
    los = board.line_of_sight(at, there)
    if not los.clear:
        return False, f"no line of sight to {state.legend_name(legend_id)}: {los.reason}"
    return True, f"{state.legend_name(legend_id)} is in range ({d} ≤ {rng}) with line of sight ({los.reason})"


# ------------------------------------------------------------------ foe actions
def foe_move(state: GameState, number: int, dice: DiceLike, events: list[Event]) -> GameState:
    """Move up to the foe's move along a shortest path toward its target, stopping once it can attack."""
    f = state.foe(number)
    fdef = state.foe_def(f.foe)
    name = state.foe_name(f)
    actor = foe_id_text(f)
    at = f.loc
    if state.script is not None and fdef.target not in state.pack.legends:
        lures = tokens.lures(state)
        if lures:
            drawn = _lure_move(state, f, fdef, name, actor, lures, events)
            if drawn is not None:
                return drawn
    ranked, why, dists, dist_text = _targeting_of(state, at, fdef.target)
    detail = f"walking distances from {at}: {dist_text}"
    if not ranked:
        events.append(event(state, _EV_FOE_HOLD, actor=actor, frm=at, to=at, reason=f"{name} stays at {at}: {why}", detail=detail))
        return state
    target = ranked[0]
    there = state.hero(target).loc
    rng = fdef.attack.range
    ok, los_why = _can_attack_at(state, at, rng, target, there)
    if ok:
        events.append(event(state, _EV_FOE_HOLD, actor=actor, target=target, frm=at, to=at,
                            reason=f"{name} stays at {at}: {why}, and {los_why}", detail=detail))
        return state
    board = tokens.board(state, _FOES)
    if board.no_entry and dists.get(target) is None:  # a hero on a square foes may not enter
        events.append(event(state, _EV_FOE_HOLD, actor=actor, target=target, frm=at, to=at,
                            reason=f"{name} stays at {at}: {why}, and {los_why}", detail=detail))
        return state
    path = board.remember(("path", at, there), lambda: tuple(board.shortest_path(at, there) or ())) or (at,)
    walked = [at]
    sprung: list[Event] = []  # traps on the way, told after the move itself
    stop = f"it has used its move of {fdef.move}"
    traps = _traps_for_foes(state)  # without traps the foe is put down once, where it stops
    for loc in path[1 : fdef.move + 1]:
        walked.append(loc)
        if traps:
            state = state.with_foe(replace(state.foe(number), loc=loc))
            state, standing = enter(state, _FOES, str(number), loc, sprung)
            if not standing:
                stop = f"it fell to a trap at {loc}"
                break
        ok, los_why = _can_attack_at(state, loc, rng, target, there)
        if ok:
            stop = f"it can attack from here: {los_why}"
            break
    else:
        if len(walked) == len(path):
            stop = f"it has reached {state.legend_name(target)}'s location"
    if not traps and len(walked) > 1:
        state = state.with_foe(replace(f, loc=walked[-1]))
    steps = len(walked) - 1
    if steps == 0:
        stop = f"its move is {fdef.move}"
    around = _around(state, board, at, there, len(path)) if board.no_entry else ""
    events.append(event(state, _EV_FOE_MOVE, actor=actor, target=target, frm=at, to=walked[-1],
                        numbers={"steps": steps, "move": fdef.move, "path": walked, "distances": dict(dists)},
                        reason=f"{name} moves {path_text(walked)}: {why}{around}; it stops because {stop}",
                        detail=f"{detail}; shortest path to {state.legend_name(target)}: {path_text(path)} (ties broken clockwise from north)"))
    events.extend(sprung)
    return state


def _traps_for_foes(state: GameState) -> bool:
    """Whether a walking foe may spring a trap (:func:`~hollowcli.engine.core.enter`): a
    hero's trap on the board, or a token trap that serves the heroes. Without one, a foe's
    walk is worked out without moving it square by square."""
    return any(t.side != _FOES for t in state.traps) or tokens.trap_for_foes(state)


def _around(state: GameState, board: Board, frm: str, there: str, squares: int) -> str:
    """``; it walks around the Magic ward on D4`` when the foe's way, were the squares foes
    may not enter open to it, would be shorter than its walk of ``squares`` squares, or
    would cross one of them (else '')."""
    t = board.terrain
    free = game_board(state.pack, state.chapter, Terrain(t.opened, t.closed, (), t.opaque))
    straight = free.shortest_path(frm, there)
    if straight is None:
        return ""
    crossed = [loc for loc in straight[1:-1] if loc in board.no_entry]
    if not crossed and len(straight) < squares:  # shorter through a blocked square off the tie-broken line
        steps = len(straight) - 1
        for loc in sorted(board.no_entry, key=lambda x: free.order.get(x, 0)):
            a, b = free.walk_distance(frm, loc), free.walk_distance(loc, there)
            if a is not None and b is not None and a + b == steps:
                crossed.append(loc)
    return ("; it walks around " + " and ".join(f"the {board.no_entry[loc]} on {loc}" for loc in crossed)) if crossed else ""


def _lure_move(state: GameState, f: FoeState, fdef: Any, name: str, actor: str, lures: tuple[tuple[str, str], ...],
               events: list[Event]) -> GameState | None:
    """A foe that goes for the closest hero goes for the nearest lure it can reach instead,
    as if it were the closest hero (walking steps; ties in reading order), and stops on it.
    None when it can reach no lure (it then goes for the heroes)."""
    board = tokens.board(state, _FOES)
    order = board.order
    at = f.loc
    best: tuple[int, int, str, str] | None = None
    for loc, token in lures:
        d = board.distances_from(loc).get(at)
        if d is not None and (best is None or (d, order[loc]) < (best[0], best[1])):
            best = (d, order[loc], loc, token)
    if best is None:
        return None
    d, _, lure, token = best
    draws = f"the {token} on {lure} draws it (as if it were the closest hero, {plural(d, 'step')} away)"
    if d == 0:
        events.append(event(state, _EV_FOE_HOLD, actor=actor, frm=at, to=at, numbers={"lure": lure},
                            reason=f"{name} stays at {at}: {draws}, and it holds there"))
        return state
    path = board.shortest_path(at, lure) or [at]
    number = f.number
    walked = [at]
    sprung: list[Event] = []
    stop = f"it has used its move of {fdef.move}"
    traps = _traps_for_foes(state)  # without traps the foe is put down once, where it stops
    for loc in path[1: fdef.move + 1]:
        walked.append(loc)
        if not traps:
            continue
        state = state.with_foe(replace(state.foe(number), loc=loc))
        state, standing = enter(state, _FOES, str(number), loc, sprung)
        if not standing:
            stop = f"it fell to a trap at {loc}"
            break
    else:
        if walked[-1] == lure:
            stop = f"it has reached the {token}"
    if not traps and len(walked) > 1:
        state = state.with_foe(replace(f, loc=walked[-1]))
    steps = len(walked) - 1
    if steps == 0:
        stop = f"its move is {fdef.move}"
    events.append(event(state, _EV_FOE_MOVE, actor=actor, frm=at, to=walked[-1],
                        numbers={"steps": steps, "move": fdef.move, "path": walked, "lure": lure},
                        reason=f"{name} moves {path_text(walked)}: {draws}; it stops because {stop}",
                        detail=f"shortest path to the {token}: {path_text(path)} (ties broken clockwise from north)"))
    events.extend(sprung)
    return state


def foe_attack(state: GameState, number: int, dice: DiceLike, events: list[Event]) -> GameState:
    """Attack the wanted Legend if it is in range with line of sight, else the next one that is."""
    try:
        f = state.foe(number)
    except KeyError:
        return state
    fdef = state.foe_def(f.foe)
    at = f.loc
    plan = _attack_plan(state, at, fdef)
    name = state.foe_name(f)
    actor = foe_id_text(f)
    target = plan.target
    if target is None:
        events.append(event(state, _EV_FOE_NO_ATTACK, actor=actor, frm=at, reason=f"{name} at {at} cannot attack: {plan.cannot}"))
        return state
    scripted = state.script is not None
    key = ("foe attack", fdef.id, fdef.attack) if scripted else ("foe attack", fdef.id)  # boosts change it
    nums = per_game(state, key, resolve.foe_attack, fdef)
    if scripted:  # a token serving the foes adds to attacks from its square
        more_dice, more_direct, said = tokens.bonus_at(state, at, _FOES)  # (unpacked: a call with *args is a generic call)
        nums = with_bonus(nums, more_dice, more_direct, said)
    where = plan.where
    purpose = f"{name} attacks {state.legend_name(target)}" if not nums.area else f"{name} makes an area attack on {where}"
    faces, rolls = roll_dice(state, state.pack.rules.attack_die, nums.dice, dice, purpose, "foe-attack", actor)
    total = sum(x.value for x in faces)
    if target != plan.ranked[0]:
        chosen = f", as its first choice cannot be attacked ({plan.checks[0]})"
    else:  # right after its move (or its decision to stay) the reason for this target was given
        chosen = "" if _just_chosen(events, actor, target) else f" because {plan.why}"
    # An area attack is rolled once and hits every hero in the target's location.
    victims = [lid for lid in standing_heroes(state) if state.hero(lid).loc == where] if nums.area else [target]
    victims.sort(key=lambda lid: lid != target)
    if nums.area:
        names = [state.legend_name(v) for v in victims]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        events.append(event(state, _EV_FOE_ATTACK_ROLL, actor=actor, frm=at, to=where, rolls=rolls,
                            numbers={"dice": nums.dice, "dice_total": total, "direct": nums.direct, "targets": len(victims)},
                            reason=(f"{name} makes an area attack on {where} from {at}{chosen}: rolled {faces_text(rolls)} = {total}, "
                                    f"one roll for every hero there ({listed})")))
    blow = _Blow(name, actor, at, total, nums, rolls, f" from {at}{chosen}: rolled {faces_text(rolls)} = {total}", "; ".join(plan.checks))
    for victim in victims:
        state = _hit(state, victim, blow, events)
    return state


class _AttackPlan(NamedTuple):
    """Whom a foe at one location attacks, worked out from where the heroes stand."""

    ranked: tuple[str, ...]  # the heroes it wants, best first (:func:`rank_targets`)
    why: str  # the reason for the first
    target: str | None  # the first of them it can attack (None: none)
    where: str  # the target's location ('' without a target)
    checks: tuple[str, ...]  # the range and sight checks, up to the target
    cannot: str  # why it cannot attack (without a target)


def _attack_plan(state: GameState, at: str, fdef: Any) -> _AttackPlan:
    """The foe's attack plan from ``at``, remembered by the board: it depends only on
    where the heroes stand, on the foe's target and range, and on the two boards."""
    heroes = _standing(state)
    rng = fdef.attack.range
    return state.board.remember(("attack plan", at, fdef.target, rng, heroes, tokens.board(state, _FOES)),
                                lambda: _plan_attack(state, at, fdef.target, rng, heroes))


def _plan_attack(state: GameState, at: str, target: str, rng: int, heroes: tuple[tuple[str, str], ...]) -> _AttackPlan:
    t = _targeting_of(state, at, target)
    locs = dict(heroes)
    checks = []
    for lid in t.ranked:
        ok, text = _can_attack_at(state, at, rng, lid, locs[lid])
        checks.append(text)
        if ok:
            return _AttackPlan(t.ranked, t.why, lid, locs[lid], tuple(checks), "")
    cannot = _out_of_reach(state, at, rng, t.ranked, locs) if t.ranked else t.why
    return _AttackPlan(t.ranked, t.why, None, "", tuple(checks), cannot)


def _just_chosen(events: list[Event], actor: str, target: str) -> bool:
    """Whether the foe's last ruling (its move, or its decision to stay; a trap it sprang
    on the way does not count) already said why it wants ``target``."""
    prev = next((e for e in reversed(events) if e.kind != _EV_TRAP), None)
    return (prev is not None and (prev.kind == _EV_FOE_MOVE or prev.kind == _EV_FOE_HOLD)
            and prev.actor == actor and prev.target == target)


class _Blow(NamedTuple):
    """One foe attack's roll, as each hero it hits takes it."""

    name: str  # the foe's name (``Gobkin 2``)
    actor: str  # the foe in events (``gobkin#2``)
    at: str  # where it attacks from
    total: int  # the dice total
    nums: Any  # resolve.AttackNumbers
    rolls: list[dict[str, Any]]
    how: str  # `` from C4 because ...: rolled [2, 1] = 3``
    checks: str  # the range and sight checks, for --explain


def _hit(state: GameState, victim: str, blow: _Blow, events: list[Event]) -> GameState:
    """One hero takes the foe's attack: its defense (with its relic's bonus) against the roll."""
    nums = blow.nums
    pack = state.pack
    lg = state.hero(victim)
    relic = pack.items.get(lg.relic) if isinstance(lg, LegendState) and lg.relic else None
    hdef = state.hero_def(victim)
    defense, def_why = per_game(state, ("defense", victim, relic.id if relic else None), resolve.legend_defense, hdef, relic)
    dmg = resolve.attack_damage(blow.total, nums.direct, defense, pack.rules.fear_per_damage)
    arithmetic = dmg.reason
    if relic is not None and relic.defense:
        arithmetic += f" (defense {hdef.defense} + {relic.defense} from {relic.name})"
    head = (f"{state.legend_name(victim)} is in the area" if nums.area
            else f"{blow.name} attacks {state.legend_name(victim)}{blow.how}")
    return hurt_legend(
        state, victim, dmg.damage, events, kind=_EV_FOE_ATTACK, actor=blow.actor, rolls=[] if nums.area else blow.rolls,
        numbers={"dice": nums.dice, "dice_total": blow.total, "direct": nums.direct, "defense": defense} | ({"area": True} if nums.area else {}),
        reason=f"{head}; {arithmetic}",
        detail=f"{nums.reason}; {def_why}; {blow.checks}", frm=blow.at,
    )


def _out_of_reach(state: GameState, at: str, rng: int, ranked: tuple[str, ...], locs: dict[str, str]) -> str:
    """Why no Legend can be attacked from ``at``, in one clause: the foe's range and how far
    each Legend is (``locs``: where each stands)."""
    board = state.board
    measure = state.pack.rules.range_measure
    bits = []
    ranges = {lid: board.distance(at, locs[lid], measure) for lid in ranked}
    for lid in sorted(ranked, key=lambda x: (ranges[x] is None, ranges[x] or 0)):  # nearest first
        d = ranges[lid]
        who = state.legend_name(lid)
        if d is None:
            bits.append(f"{who} cannot be reached")
        elif d > rng:
            bits.append(f"{who} is {d} away")
        else:
            los = board.line_of_sight(at, locs[lid])
            bits.append(f"{who} is {d} away but out of sight ({los.reason})")
    return f"its range is {rng} and " + ", ".join(bits)


#: What a foe does for each foe action of a track spot.
FOE_ACTIONS: Final[dict[TrackAction, Callable[[GameState, int, DiceLike, list[Event]], GameState]]] = {
    TrackAction.MOVE: foe_move,
    TrackAction.ATTACK: foe_attack,
}


def activation_order(state: GameState) -> list[int]:
    """Foe numbers in activation order: by class per rules.activation_order, then in the
    order they came onto the board (their ``number``, not the standee's)."""
    rank = per_game(state, "activation rank", _activation_rank, state.pack)
    return [f.number for f in sorted(state.foes, key=lambda f: (rank[f.foe], f.number))]


def _activation_rank(pack: Any) -> dict[str, int]:
    """Each foe kind's place in the activation order: its class's (a boost never changes a class)."""
    order = list(pack.rules.activation_order) + [c for c in FOE_CLASSES if c not in pack.rules.activation_order]
    rank = {c: i for i, c in enumerate(order)}
    return {fid: rank.get(fdef.cls, len(rank)) for fid, fdef in pack.foes.items()}


def _present(foes: tuple[FoeState, ...], number: int) -> bool:
    """Whether foe ``number`` is on the board."""
    for f in foes:
        if f.number == number:
            return True
    return False


def activate_foes(state: GameState, actions: tuple[TrackAction, ...], dice: DiceLike, events: list[Event],
                  advance: list[int] | None = None) -> GameState:
    """Each foe, in activation order, does ``actions`` (move, attack) in turn; after each
    foe's actions, the chapter events they set off fire (a scripted game)."""
    numbers = activation_order(state)
    if numbers:
        foes = {f.number: f for f in state.foes}
        events.append(event(state, _EV_ACTIVATION, numbers={"order": [foe_id_text(foes[n]) for n in numbers]},
                            reason=f"foes activate ({', '.join(actions)}) in class order {' → '.join(state.pack.rules.activation_order)}, "
                                   f"then in the order they came onto the board: "
                                   f"{', '.join([state.foe_name(foes[n]) for n in numbers])}"))
    for n in numbers:
        if _present(state.foes, n):
            state = pause(state, dice, events, f"foe:{n}")
        mark, prior = len(events), state
        for act in actions:
            if not _present(state.foes, n):
                break  # defeated on the way (a trap)
            state = FOE_ACTIONS[act](state, n, dice, events)
        if state.script is not None:
            state = settle(state, dice, events, mark, prior, advance=advance)
            if stopped(state):
                break
    return state


# ----------------------------------------------------------------- the phase
def adversary_phase(state: GameState, dice: DiceLike, events: list[Event]) -> GameState:
    """Resolve the current track spot, then slide the token.

    The spot's actions run in their order; consecutive foe actions (move, attack) form one
    activation pass in which each foe, in class order, does them in turn; ``spawn`` and a
    card draw happen at their place in the list (a spot's ``card: draw`` comes last).
    """
    state = replace(state, phase=_PHASE_ADVERSARY, turn=None)
    track = state.chapter_def.track
    if not track:
        events.append(event(state, _EV_TRACK, reason="the chapter has no storybook track"))
        return state
    spot: TrackSpot = track[state.track_pos]
    acts = [_TRACK_ACTIONS[a] for a in spot.actions]
    if spot.card == "draw" and _TRACK_CARD not in acts:
        acts.append(_TRACK_CARD)
    scripted = state.script is not None
    mark, prior = len(events), state
    events.append(event(state, _EV_TRACK, numbers={"spot": state.track_pos + 1, "actions": acts},
                        reason=f"storybook spot {state.track_pos + 1} of {len(track)}: {', '.join(acts) or 'nothing'}"))
    extra: list[int] = []
    if scripted:
        state = settle(state, dice, events, mark, prior, advance=extra)
        if stopped(state):
            return state
    batch: list[TrackAction] = []
    for act in acts:
        if act in FOE_ACTIONS:
            batch.append(act)
            continue
        if batch:
            state = activate_foes(state, tuple(batch), dice, events, extra)
            batch = []
            if scripted and stopped(state):
                return state
        if act == _TRACK_SPAWN:
            state = pause(state, dice, events, "spawn")
            mark, prior = len(events), state
            state = spawn_step(state, dice, events)
        elif act == _TRACK_CARD:
            state = pause(state, dice, events, "card")
            mark, prior = len(events), state
            state = draw_card(state, dice, events, extra)
        if scripted:
            state = settle(state, dice, events, mark, prior, advance=extra)
            if stopped(state):
                return state
    if batch:
        state = activate_foes(state, tuple(batch), dice, events, extra)
        if scripted and stopped(state):
            return state
    state = pause(state, dice, events, "slide")
    slide = 1 + sum(extra)
    pos = state.track_pos + slide
    loops = state.chapter_def.track_end == _TRACK_END_LOOP
    pos = pos % len(track) if loops else min(pos, len(track) - 1)
    events.append(event(state, _EV_TRACK_SLIDE, numbers={"from": state.track_pos + 1, "to": pos + 1, "slide": slide},
                        reason=f"the storybook token slides from spot {state.track_pos + 1} to spot {pos + 1}"
                               + (f" ({plural(slide, 'spot')})" if slide != 1 else "")
                               + (" (the track loops)" if loops and pos < state.track_pos + slide else "")))
    return replace(state, track_pos=pos)
