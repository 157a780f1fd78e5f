"""A simple, sensible policy for the Legends (``hollow play --auto``, demos, tests).

In order of preference, for the active Legend: restore when badly hurt or afraid; attack
(finishing off the weakest foe it can reach, with the best expected damage); search a
search feature it stands on; move toward where it can attack next (cheapest leave roll),
or toward an unsearched search feature when that is the objective (or a flag of the
objective, not yet set, is set by an event when that feature or token kind is searched:
"find the jar" is a search the objective waits for); set a trap where a
foe is about to walk in; else end. Activations
go to the Legend that can attack right now first, then in Legend order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from hollowcli.dice import Die
from hollowcli.engine import tokens
from hollowcli.engine.actions import Action
from hollowcli.engine.core import objective_of, ward
from hollowcli.engine.game import legal_actions, legal_of_kind
from hollowcli.engine.geometry import Board
from hollowcli.engine.growth import fear_limit
from hollowcli.engine.legend_phase import acting_hero, leave_dice_on, search_blocked
from hollowcli.engine.loadout import attack_numbers, attack_sources, per_loadout
from hollowcli.engine.resolve import AttackNumbers
from hollowcli.engine.speed import per_game
from hollowcli.engine.state import AllyState, FoeState, GameState, LegendState
from hollowcli.engine.vocab import Act, Phase
from hollowcli.errors import RulesError
from hollowcli.pack.model import Objective, Pack, ScriptEvent, Step
from hollowcli.pack.vocab import Effect, FeatureKind, ObjectiveKind, Trigger

# Enum members read on hot paths, as C statics when compiled (a read of a member from
# its class goes through the enum's __getattr__ in Python 3.11).
_FEATURE_SEARCH: Final = FeatureKind.SEARCH
_OBJ_SEARCH: Final = ObjectiveKind.SEARCH
_OBJ_FLAG: Final = ObjectiveKind.FLAG
_ANY: Final = "any"  # a ``searched: any`` trigger, and "any search will do"
_PHASE_LEGENDS: Final = Phase.LEGENDS

# The kinds the policy asks for, as C statics when compiled (it asks at every decision).
_BEGIN: Final = Act.BEGIN
_ACTIVATE: Final = Act.ACTIVATE
_MOVE: Final = Act.MOVE
_ATTACK: Final = Act.ATTACK
_USE: Final = Act.USE
_RESTORE: Final = Act.RESTORE
_SEARCH: Final = Act.SEARCH
_REFRESH: Final = Act.REFRESH
_END: Final = Act.END


def _mean_die(state: GameState) -> tuple[int, int]:
    """The attack die's mean face as p/q in lowest terms: (p, q), whole numbers for
    :func:`_attack_score` (a ``Fraction``'s parts are properties, interpreted)."""
    return per_game(state, "mean attack die", _mean_of, state.pack.dice[state.pack.rules.attack_die])


def _mean_of(die: Die) -> tuple[int, int]:
    mean = Fraction(sum(f.value for f in die.faces), len(die.faces))
    return mean.numerator, mean.denominator


def _reach(state: GameState, lg: LegendState | AllyState) -> int:
    """The longest range among the attacks the Legend (or ally) can pay for now; -1 when
    it has none. Reach only grows with range (sight does not depend on it), so the longest
    range decides where it can attack from."""
    return per_loadout(state, "reach", lg, _longest_range)  # type: ignore[no-any-return]


def _longest_range(state: GameState, lg: LegendState | AllyState) -> int:
    return max((spec.range for _src, _sid, spec, _cost, _name in attack_sources(state, lg)), default=-1)


def _can_attack_from(state: GameState, lg: LegendState | AllyState, places: Sequence[str], board: Board,
                     measure: str) -> bool:
    """Some attack the Legend (or ally) can pay for reaches a foe from where it stands
    (``places``: where the foes stand): a look at each foe (the board remembers every
    range and sight line it has traced)."""
    loc = lg.loc
    if isinstance(lg, LegendState):  # a Legend always has its basic attack: a foe within its range settles it
        basic = state.pack.legends[lg.id].basic_attack.range
        for there in places:
            if board.in_reach(loc, there, basic, measure):
                return True
        reach = _reach(state, lg)
        if reach <= basic:  # (no foe within the basic attack's range: none within a shorter one either)
            return False
    else:
        reach = _reach(state, lg)
        if reach < 0:
            return False
    for there in places:
        if board.in_reach(loc, there, reach, measure):
            return True
    return False


def _attack_areas(state: GameState, lg: LegendState | AllyState) -> list[frozenset[str]]:
    """For each foe, the squares from which the Legend (or ally) could attack it (its
    :meth:`~hollowcli.engine.geometry.Board.reach_area`, remembered by the board), so a
    look at a move's destination is a few set lookups. Empty when it cannot attack."""
    reach = _reach(state, lg)
    if reach < 0:
        return []
    board, measure = state.board, state.pack.rules.range_measure
    return [board.reach_area(f.loc, reach, measure) for f in state.foes]


def _best_attack(state: GameState, attacks: Sequence[Action], mean: tuple[int, int]) -> Action:
    """The attack with the best :func:`_attack_score` (the first of equals). One hero makes
    them all, so its numbers are worked out once per source and each kind of foe's defense
    once."""
    lg = state.hero(attacks[0].legend)
    numbers: dict[tuple[str, str | None], AttackNumbers] = {}
    foes = {f.number: f for f in state.foes}
    defense: dict[str, int] = {}
    best, top = attacks[0], None
    for a in attacks:
        source = a.source or "basic"
        nums = numbers.get((source, a.source_id))
        if nums is None:
            nums = numbers[(source, a.source_id)] = attack_numbers(state, lg, source, a.source_id)
        score = _attack_score(state, a, mean, nums, foes, defense)
        if top is None or score > top:
            best, top = a, score
    return best


#: What each kind of attack costs the policy's score (a skill or an item spends tokens).
_SOURCE_COST: Final = {"basic": 0, "skill": 1, "item": 1}


def _attack_score(state: GameState, a: Action, mean: tuple[int, int], nums: AttackNumbers,
                  foes: dict[int, FoeState], defense: dict[str, int]) -> tuple:
    """(kills, expected damage, -weakest target's health, -cost); the expected damage is
    counted in 1/q of a point (``mean`` = (p, q): p/q), so the arithmetic stays in whole numbers.
    ``foes`` by number and ``defense`` by kind (filled as it goes) are the caller's."""
    at, token = a.at, a.token
    targets = [] if token is not None else state.foes_at(at) if at else [foes[a.target or 0]]
    hits: list[tuple[int, int]] = []
    for f in targets:
        kind = f.foe
        d = defense.get(kind)
        if d is None:
            d = defense[kind] = state.foe_def(kind).defense
        hits.append((d, f.health))
    if at:
        hits += [(state.pack.tokens[t.kind].defense, t.health) for t in tokens.at(state, at)
                 if state.pack.tokens[t.kind].health is not None and (token is None or t.kind == token)]
    p, q = mean
    direct, dice = nums.direct, nums.dice
    exp = 0
    kills = 0
    weakest = hits[0][1]
    for defense_of, health in hits:
        weakest = min(weakest, health)
        dmg = max(0, (direct - defense_of) * q + dice * p)
        exp += dmg if dmg < health * q else health * q
        if dmg >= health * q:
            kills += 1
    cost = _SOURCE_COST.get(a.source or "basic", 0)
    return (bool(targets), kills, exp, -weakest, -cost)  # foes first: a token waits while foes are in reach


def auto_action(state: GameState, rng: random.Random) -> Action:
    """The policy's choice among ``legal_actions(state)`` (``rng`` breaks no ties today; it is
    taken so a smarter policy can keep the same signature). RulesError when the game is over."""
    # The choices are asked for kind by kind (legal_of_kind: the parts of legal_actions),
    # in the order of preference, so the kinds after the one chosen are never listed.
    if state.phase != _PHASE_LEGENDS or state.result is not None:
        raise RulesError("there is nothing to choose: the game is over")
    turn = state.turn
    if turn is None:
        script = state.script
        return legal_of_kind(state, _BEGIN)[0] if script is not None and script.opening else _who_acts(state)
    ally, hero = acting_hero(state)  # (the end-of-activation check has looked it up)
    if ally:
        by_kind = {kind: list(legal_of_kind(state, kind)) for kind in (_ATTACK, _MOVE, _END)}
        return _ally_action(state, {kind: actions for kind, actions in by_kind.items() if actions}, _mean_die(state))
    lg = hero if isinstance(hero, LegendState) else state.legend(turn.legend)
    # 1. restore when in danger
    saved = _restore_in_danger(state, lg)
    if saved is not None:
        return saved
    # 2. refresh first when short of tokens and foes are about (it does not use the action)
    if state.foes:
        refresh = legal_of_kind(state, _REFRESH)
        if refresh:
            return refresh[0]
    # 3. attack
    attacks = legal_of_kind(state, _ATTACK)
    if attacks:
        return _best_attack(state, attacks, _mean_die(state))
    # 4. search
    search = legal_of_kind(state, _SEARCH)
    if search:
        return search[0]
    # 5. move
    moves = legal_of_kind(state, _MOVE)
    if moves:
        choice = _best_move(state, lg, moves)
        if choice is not None:
            return choice
    # 6. set a trap where a foe will walk in next
    traps = [a for a in legal_of_kind(state, _USE) if a.recipient is None]
    if traps and _foe_coming(state, lg):
        return traps[0]
    # 7. heal a little when hurt and idle
    if lg.health < state.legend_def(lg.id).health or lg.fear > 0:
        for a in legal_of_kind(state, _RESTORE):
            return a
    return legal_of_kind(state, _END)[0]


def _who_acts(state: GameState) -> Action:
    """Between activations: the first Legend who can attack from where it stands (the others
    are not looked at), else the first Legend; an ally only when no Legend is left."""
    activate = legal_of_kind(state, _ACTIVATE)
    if not activate:
        ends = legal_of_kind(state, _END)  # only allies were left, and the policy moved them already
        if ends:
            return ends[0]
        raise RulesError("there is nothing to choose: the game is over")
    pack = state.pack
    allies = pack.allies
    legends = [a for a in activate if a.legend not in allies]
    foes = state.foes
    if foes:  # (without foes nobody can attack: the first Legend)
        standing = {lg.id: lg for lg in state.legends}
        places = [f.loc for f in foes]  # (read once for every Legend)
        board, measure = state.board, pack.rules.range_measure
        for a in legends:
            if _can_attack_from(state, standing[a.legend], places, board, measure):
                return a
    return (legends or list(activate))[0]


def _danger_lines(pack: Pack) -> dict[str, tuple[int, int]]:
    """Each Legend's fear limit and full health (asked at every decision: one table per game)."""
    return {lid: (fear_limit(pack, lid), ldef.health) for lid, ldef in pack.legends.items()}


def _restore_in_danger(state: GameState, lg: LegendState) -> Action | None:
    """A Legend close to the fear limit or badly hurt restores what is most urgent: with a
    skill or item it can use on itself, else the basic Restore (None: no danger, or no way)."""
    limit, full = per_game(state, "danger lines", _danger_lines, state.pack)[lg.id]
    afraid = lg.fear >= limit - 3
    hurt = lg.health * 3 <= full
    if not (afraid or hurt):
        return None
    want = "fear" if afraid and (not hurt or lg.fear >= limit - 2) else "health"
    for a in legal_of_kind(state, _USE):
        if a.recipient != lg.id:
            continue
        obj = state.pack.skills.get(a.source_id or "") if a.source == "skill" else state.pack.items.get(a.source_id or "")
        if obj is not None and obj.restore is not None and getattr(obj.restore, want) > 0:
            return a
    return next((a for a in legal_of_kind(state, _RESTORE) if a.what == want), None)


def _ally_action(state: GameState, by_kind: dict[Act, list[Action]], mean: tuple[int, int]) -> Action:
    """An ally attacks when it can; otherwise it keeps away from the foes when the objective
    is to protect it, and else walks toward where it can attack, like a Legend."""
    if _ATTACK in by_kind:
        return _best_attack(state, by_kind[_ATTACK], mean)
    moves = by_kind.get(_MOVE, [])
    assert state.turn is not None
    al = state.ally(state.turn.legend)
    if moves and state.foes and ward(state) == al.id:
        board = state.board

        def danger(loc: str) -> int:
            dist = board.distances_from(loc)
            return min(dist.get(f.loc, 10**6) for f in state.foes)

        places = [f.loc for f in state.foes]
        best = max(moves, key=lambda a: (danger(a.to or ""), -leave_dice_on(places, a.path), -len(a.path)))
        if danger(best.to or "") > danger(al.loc):
            return best
    elif moves:
        choice = _best_move(state, al, moves)
        if choice is not None:
            return choice
    return by_kind[_END][0]


def _foe_coming(state: GameState, lg: LegendState) -> bool:
    """A foe could walk into the Legend's location on its next move."""
    dist = state.board.distances_from(lg.loc)
    return any(0 < dist.get(f.loc, 10**6) <= state.foe_def(f.foe).move for f in state.foes)


def _raised(steps: Sequence[Step]) -> set[str]:
    """The flags steps may set (a ``set`` or ``add`` above 0, in any option of a ``choose``)."""
    out: set[str] = set()
    for st in steps:
        if st.effect in (Effect.SET, Effect.ADD):
            out.update(name for name, n in st.value["values"].items() if int(n) > 0)
        elif st.effect == Effect.CHOOSE:
            for opt in st.value.options:
                out |= _raised(opt.do)
    return out


def _search_wants(events: tuple[ScriptEvent, ...], obj: Objective) -> tuple[tuple[str, frozenset[str]], ...]:
    """What searching does for the objective: pairs (flag, what to search), where the flag
    is "" for a ``search`` objective (any search feature or token counts) and otherwise a
    ``flag`` part that an event sets when that feature letter or token kind is searched
    (one step: a flag set by an event that another event's flag sets off is not followed)."""
    out: list[tuple[str, frozenset[str]]] = []
    for leaf in obj.leaves():
        if leaf.kind == _OBJ_SEARCH:
            out.append(("", frozenset((_ANY,))))
        elif leaf.kind == _OBJ_FLAG and leaf.flag:
            keys = frozenset(str(ev.when.value) for ev in events
                             if ev.when.kind == Trigger.SEARCHED and leaf.flag in _raised(ev.do))
            if keys:
                out.append((leaf.flag, keys))
    return tuple(out)


def _search_wants_of(state: GameState, obj: Objective) -> tuple[tuple[str, frozenset[str]], ...]:
    """:func:`_search_wants` of the objective in play, kept in ``lookups`` with the very
    objective it was worked out for (an objective is a dataclass: hashing it for a key
    runs its interpreted ``__hash__`` down its parts at every move)."""
    hit = state.lookups.get("search wants")
    if hit is None or hit[0] is not obj:
        hit = state.lookups["search wants"] = (obj, _search_wants(state.chapter_def.events, obj))
    return hit[1]  # type: ignore[no-any-return]


def _search_goals(state: GameState) -> list[str]:
    """The squares a Legend should walk to and search for the objective (see :func:`_search_wants`)."""
    obj = objective_of(state)
    if obj.kind == _OBJ_SEARCH:  # (the usual case, asked at every move: no lookup)
        wants: tuple[tuple[str, frozenset[str]], ...] = (("", frozenset((_ANY,))),)
    elif not obj.of and obj.kind != _OBJ_FLAG:  # nothing to search for (asked at every move: no lookup)
        return []
    else:  # a search part of an 'all', or a flag a search sets; an event's objective too
        wants = _search_wants_of(state, obj)
    script = state.script
    keys: set[str] = set()
    for flag, what in wants:
        if not flag or script is None or script.counter(flag) <= 0:
            keys |= what
    if not keys:
        return []
    board = state.board
    goals = [loc for loc, kind in board.features.items()
             if kind == _FEATURE_SEARCH and (_ANY in keys or board.char(loc) in keys) and not search_blocked(state, loc)]
    if script is not None:  # search tokens count too
        goals += [t.loc for t in tokens.on_board(state)
                  if t.loc and state.pack.tokens[t.kind].search and (_ANY in keys or t.kind in keys)]
    return goals


def _best_move(state: GameState, lg: LegendState | AllyState, moves: Sequence[Action]) -> Action | None:
    board = state.board
    goals = _search_goals(state)
    # (the searches below are plain loops: the first least, as min() would choose)
    if goals:
        dist = board.distances_from(lg.loc)
        order = board.order
        goal, near = goals[0], (dist.get(goals[0], 10**6), order[goals[0]])
        for g in goals:
            key = (dist.get(g, 10**6), order[g])
            if key < near:
                goal, near = g, key
        to_goal = board.distances_from(goal)
        if goal in dist:
            pick, least = moves[0], (to_goal.get(moves[0].to or "", 10**6), len(moves[0].path))
            for a in moves:
                key = (to_goal.get(a.to or "", 10**6), len(a.path))
                if key < least:
                    pick, least = a, key
            return pick
    foes = state.foes
    if not foes:
        return _token_goal(state, lg, moves) if state.script is not None else None
    places = [f.loc for f in foes]
    if state.turn is not None and not state.turn.acted:
        areas = _attack_areas(state, lg)
        best, fewest, shortest = None, 0, 0
        for a in moves:
            to = a.to
            for area in areas:
                if to in area:
                    dice, steps = leave_dice_on(places, a.path), len(a.path)
                    if best is None or dice < fewest or (dice == fewest and steps < shortest):
                        best, fewest, shortest = a, dice, steps
                    break
        if best is not None:
            return best
        here_loc = lg.loc
        for area in areas:
            if here_loc in area:
                return None
    here = board.distances_from(lg.loc)
    nearest, fewest_steps = foes[0], here.get(foes[0].loc, 10**6)
    for f in foes:  # (numbers differ: the first nearest is the one of the lowest number)
        steps = here.get(f.loc, 10**6)
        if steps < fewest_steps or (steps == fewest_steps and f.number < nearest.number):
            nearest, fewest_steps = f, steps
    to_foe = board.distances_from(nearest.loc)
    if nearest.loc not in here:
        return None
    best, nearest_to, fewest = None, 0, 0
    for a in moves:
        dist_to = to_foe.get(a.to or "", 10**6)
        if best is not None and dist_to > nearest_to:
            continue
        dice = leave_dice_on(places, a.path)
        if best is None or dist_to < nearest_to or dice < fewest:
            best, nearest_to, fewest = a, dist_to, dice
    if best is None or nearest_to >= to_foe.get(lg.loc, 10**6):
        return None
    return best


def _token_goal(state: GameState, lg: LegendState | AllyState, moves: Sequence[Action]) -> Action | None:
    """With no foe about, a chapter's tokens are the work: walk toward the nearest search
    token (a Legend: allies cannot search) or token heroes may attack (None: none it can reach)."""
    board = state.board
    goals = [loc for _, loc in tokens.targets(state)]
    if isinstance(lg, LegendState):
        goals += [t.loc for t in tokens.on_board(state) if t.loc and state.pack.tokens[t.kind].search]
    here = board.distances_from(lg.loc)
    goals = [g for g in goals if g in here and g != lg.loc]
    if not goals:
        return None
    goal = min(goals, key=lambda g: (here[g], board.order[g]))
    to_goal = board.distances_from(goal)
    places = [f.loc for f in state.foes]
    best = min(moves, key=lambda a: (to_goal.get(a.to or "", 10**6), leave_dice_on(places, a.path), len(a.path)))
    return best if to_goal.get(best.to or "", 10**6) < to_goal.get(lg.loc, 10**6) else None


def random_action(state: GameState, rng: random.Random) -> Action:
    """A choice drawn uniformly from ``legal_actions(state)`` with ``rng`` (``hollow simulate
    --policy random``: a careless player, the low end of what a chapter allows)."""
    legal = legal_actions(state)
    if not legal:
        raise RulesError("there is nothing to choose: the game is over")
    return legal[rng.randrange(len(legal))]


#: The policies ``hollow simulate --policy`` offers, by name.
POLICIES: Final = {"auto": auto_action, "random": random_action}
