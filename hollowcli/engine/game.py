"""A game of one chapter: setup, the round loop, the end of round, and the campaign carry-over.

``apply`` takes the player's choice, and when the Legend phase is over it runs the whole
adversary phase and the end of round by itself, stopping at the next decision for the
player (or at the end of the game).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final

from hollowcli.engine import tokens
from hollowcli.engine.actions import KINDS, Action, norm, parse
from hollowcli.engine.adversary import adversary_phase
from hollowcli.engine.core import event, place_ally
from hollowcli.engine.corrections import Correction, apply_correction, is_correction, parse_correction
from hollowcli.engine.geometry import Board, game_board
from hollowcli.engine.growth import fear_limit
from hollowcli.engine.legend_phase import (
    BETWEEN,
    RULES,
    TURN_KINDS,
    actions_of_kind,
    allies_eligible,
    eligible,
)
from hollowcli.engine.objectives import progress, rule_of
from hollowcli.engine.rolls import Dice, DiceLike, LazyRandom, as_dice, policy_seed, rearm, step_seed
from hollowcli.engine.script import has_round_one, round_end, round_one, settle, stopped
from hollowcli.engine.speed import forget, memo, replace
from hollowcli.engine.state import Event, FoeState, GameState, LegendState, ScriptState
from hollowcli.engine.vocab import Act, EventKind, Phase, Result
from hollowcli.engine.walks import walk_action
from hollowcli.errors import RulesError
from hollowcli.pack.model import Pack
from hollowcli.pack.vocab import FeatureKind

# Enum members read on hot paths, as C statics when compiled (a read of a member from
# its class goes through the enum's __getattr__ in Python 3.11).
_BEGIN: Final = Act.BEGIN
_EV_END: Final = EventKind.END
_EV_ROUND: Final = EventKind.ROUND
_RESULT_LOST: Final = Result.LOST
_RESULT_WON: Final = Result.WON


# ------------------------------------------------------------------------ setup
def start_location(pack: Pack, chapter_id: str, board: Board | None = None) -> str:
    """Where Legends without a setup position start: the first start feature in reading order,
    else the first open square that is not a spawn point."""
    chapter = pack.chapters[chapter_id]
    if board is None:
        board = game_board(pack, chapter_id)
    locs = board.locations()
    for loc in locs:
        if chapter.features.get(board.char(loc)) == FeatureKind.START:
            return loc
    for loc in locs:
        if not board.char(loc).isdigit():
            return loc
    return locs[0]


def new_game(pack: Pack, chapter_id: str, legends_state: Mapping[str, Mapping[str, Any]] | None = None,
             flags: Mapping[str, int] | None = None) -> GameState:
    """A fresh game of ``chapter_id``: Legends at full health with every token ready, setup foes,
    the chapter's barricades, the track and spawn list at their start, the deck unshuffled
    (it is shuffled at the first draw, with the game's generator).

    ``legends_state`` (legend id -> ``{"inventory": [...], "relic": id or None}``) carries
    what a campaign keeps between chapters; Legends not in it start with their content
    inventory and relic. ``flags`` (name -> value) are the campaign's flags: they seed the
    chapter's counters. A game has a script (``state.script``) only when its chapter has
    events or flags are given; when round 1's start sets events off, the game opens with
    the players' ``begin``.
    """
    if chapter_id not in pack.chapters:
        known = ", ".join(sorted(pack.chapters)) or "none"
        raise RulesError(f"there is no chapter {chapter_id!r}; the loaded chapters are: {known}")
    chapter = pack.chapters[chapter_id]
    if not pack.legends:
        raise RulesError("the loaded content packs define no Legends, so no chapter can be played")
    board = game_board(pack, chapter_id)  # every later state carries it
    legends = _setup_legends(pack, chapter_id, board, legends_state or {})
    foes = _setup_foes(pack, chapter_id, board)
    deck = tuple(c.id for c in chapter.cards for _ in range(max(0, c.copies)))
    state = GameState(
        chapter=chapter_id, round=1, phase=Phase.LEGENDS, legends=legends, foes=foes,
        barricades=tuple(sorted(set(chapter.barricades))), pile=(), discard=deck, next_foe=len(foes) + 1, pack=pack,
        board=board,
    )
    for ally_id, where in chapter.setup.allies.items():
        if ally_id not in pack.allies:
            raise RulesError(f"chapter {chapter_id} sets up the ally {ally_id!r}, which the loaded content packs do not define")
        state, placed = place_ally(state, ally_id, where)
        if placed is None:
            raise RulesError(f"chapter {chapter_id} places the ally {ally_id} at {where}, which is not a spawn point or location of its map")
    if chapter.setup.tokens or chapter.events or flags:  # a scripted chapter (an unscripted game keeps script None)
        counters = tuple((str(k), int(v)) for k, v in (flags or {}).items())
        setup_tokens = tokens.setup(pack, chapter_id, board.spawn_points) if chapter.setup.tokens else ()
        state = tokens.rebuilt(state, ScriptState(tokens=setup_tokens, counters=counters))
        if has_round_one(state):
            state = replace(state, script=replace(state.script, opening=True))
    return state


def _setup_legends(pack: Pack, chapter_id: str, board: Board,
                   carried: Mapping[str, Mapping[str, Any]]) -> tuple[LegendState, ...]:
    """Every Legend at its setup place (else the chapter's start), with what it carries."""
    chapter = pack.chapters[chapter_id]
    default = start_location(pack, chapter_id, board)
    legends = []
    for lid, ldef in pack.legends.items():
        at = chapter.setup.legends.get(lid, default)
        loc = board.normalise(str(at))
        if loc is None:
            raise RulesError(f"chapter {chapter_id} places {ldef.name} at {at}, which is not a location of its map")
        keep = carried.get(lid)
        inventory = tuple(keep.get("inventory", ())) if keep is not None else ldef.inventory
        relic = keep.get("relic") if keep is not None else ldef.relic
        for it in inventory + ((relic,) if relic else ()):
            if it not in pack.items:
                raise RulesError(f"{ldef.name} carries {it!r}, which the loaded content packs do not define")
        legends.append(LegendState(id=lid, loc=loc, health=ldef.health, fear=0, ready=ldef.tokens, spent=0,
                                   inventory=tuple(inventory), relic=relic))
    return tuple(legends)


def _setup_foes(pack: Pack, chapter_id: str, board: Board) -> tuple[FoeState, ...]:
    """The set-up foes, numbered 1, 2 ... in order, each kind's standees from 1 (within the supply)."""
    chapter = pack.chapters[chapter_id]
    foes: list[FoeState] = []
    for fp in chapter.setup.foes:
        fdef = pack.foes.get(fp.foe)
        if fdef is None:
            raise RulesError(f"chapter {chapter_id} sets up foe {fp.foe!r}, which the loaded content packs do not define")
        if isinstance(fp.at, int) or str(fp.at).isdigit():
            loc = board.spawn_points.get(int(fp.at))
        else:
            loc = board.normalise(str(fp.at))
        if loc is None:
            raise RulesError(f"chapter {chapter_id} sets up {fdef.name} at {fp.at}, which is not a spawn point or location of its map")
        for _ in range(fp.count):
            if sum(1 for f in foes if f.foe == fp.foe) >= fdef.supply:
                break
            standee = 1 + sum(1 for f in foes if f.foe == fp.foe)  # the set-up numbers each kind from 1
            foes.append(FoeState(number=len(foes) + 1, foe=fp.foe, loc=loc, health=fdef.health, standee=standee))
    return tuple(foes)


# ------------------------------------------------------------------- the loop
def legal_actions(state: GameState) -> list[Action]:
    """Every choice the player may make now (empty when the game is over), in menu order.

    A state remembers its answer (states are immutable), kind by kind
    (:func:`legal_of_kind`), so ``auto_action``, ``apply`` and the end-of-activation check
    never list the same choices twice, and list only the kinds they look at.
    """
    if state.phase != _LEGENDS or state.result is not None:
        return []
    m = memo(state)
    actions = m.get("legal")
    if actions is None:
        kinds = BETWEEN if state.turn is None else TURN_KINDS
        actions = m["legal"] = [a for kind in kinds for a in legal_of_kind(state, kind)]
    return list(actions)


def legal_of_kind(state: GameState, kind: Act) -> tuple[Action, ...]:
    """The legal choices of one kind: the part of :func:`legal_actions` with that kind (the
    same objects), remembered by the state. The policy takes an attack without the moves
    ever being listed."""
    m = memo(state)
    hit = m.get(kind)  # (no other key of the memo is the name of a kind)
    if hit is None:
        shut = m.get(_SHUT)  # (read once per state, not once per kind)
        if shut is None:
            script = state.script
            shut = m[_SHUT] = (state.phase != _LEGENDS or state.result is not None,
                               script is not None and script.opening)  # round 1's events wait for 'begin'
        over, opening = shut
        if over or (opening and kind != _BEGIN):
            hit = ()
        else:
            hit = tuple(actions_of_kind(state, kind))
        m[kind] = hit
    return hit  # type: ignore[no-any-return]


#: The memo's key for whether the state offers no choice (the game over, or not the Legend
#: phase) and whether only 'begin' is offered (round 1's events wait for it).
_SHUT: Final = "no choices"


_LEGENDS: Final = Phase.LEGENDS

#: The order in which the end-of-activation check looks for a choice other than 'end' (a
#: speed trick, listed in engine/speed.py): the kinds the policy asks for anyway first (their
#: lists are kept by the state), then the moves (a walk plan, usually remembered by the
#: board), and last what only the check needs. Then those still possible once the
#: activation's one action is used, in the same order.
_ANYTHING_LEFT: Final = (Act.ATTACK, Act.SEARCH, Act.RESTORE, Act.REFRESH, Act.USE, Act.MOVE, Act.GIVE, Act.SWAP)
assert set(_ANYTHING_LEFT) == set(TURN_KINDS) - {Act.END}
_LEFT_AFTER_ACTING: Final = tuple(kind for kind in _ANYTHING_LEFT if KINDS[kind].after_acting)


def apply(state: GameState, action: Action | Correction, dice: DiceLike) -> tuple[GameState, list[Event]]:
    """Take one legal choice; run on through the adversary phase and end of round when the
    Legend phase is over. Returns the new state and every event, in order.

    ``dice`` answers every roll of the step (:class:`hollowcli.engine.rolls.Dice`: a
    seeded generator and a dice source); a plain ``random.Random`` means seeded dice.
    Raises RulesError when ``action`` is not legal now (``state`` is never changed), and
    lets through whatever the dice source raises (the step is then not taken).

    A :class:`~hollowcli.engine.corrections.Correction` ("the board is the truth") is
    taken at any decision of the Legend phase; it changes the ledger only.
    """
    dice = as_dice(dice)
    if isinstance(action, Correction):  # "the board is the truth" (hollow assist)
        if state.result is not None:
            raise RulesError(f"the game is over ({state.result}: {state.reason})")
        state, told = apply_correction(state, action)
        dice.events = told
        return _after(state, dice, told), told
    # An action equals only actions of its own kind, so its kind's choices are enough.
    legal = legal_of_kind(state, action.kind) if isinstance(action, Action) else ()
    match = None
    if action.walk:  # a move along the walk the players named: legal when walk_action says so
        acting = state.phase == _LEGENDS and state.result is None and action.legend == getattr(state.turn, "legend", None)
        match = walk_action(state, action.walk) if acting else None
    else:
        for a in legal:  # the very object offered (the usual case), else an equal one
            if a is action:
                match = a
                break
        else:
            match = next((a for a in legal if a == action), None)
    if match is None:
        raise RulesError(_why_illegal(state, action, legal_actions(state)))
    events: list[Event] = []
    dice.events = events  # an interactive source shows them before it asks
    new = RULES[match.kind].handle(state, match, dice, events)
    if new.script is not None:  # the chapter events this choice sets off (round 1's with 'begin')
        new = settle(new, dice, events, 0, state, (round_one(),) if match.kind == _BEGIN else ())
        if stopped(new):
            forget(state)
            return conclude(new, events), events
    new = _after(new, dice, events)
    forget(state)  # the game has moved on: its choices need not keep it alive
    return new, events


def play_on(state: GameState, choose: Callable[[GameState, random.Random], Action], seed: int, step: int,
            max_rounds: int, hear: Callable[[list[Event]], Any] | None = None, hear_round: int | None = None,
            to_round: int | None = None) -> tuple[GameState, int]:
    """Let ``choose`` (the ``--auto`` policy) play a game seeded ``seed`` on from ``state``, its
    step ``step``, to its end or past round ``max_rounds``: step *k* decides with
    ``policy_rng(seed, k)`` and rolls with ``step_rng(seed, k)``, as ``hollow simulate`` does.
    ``hear(events)`` is told the events of each step (of each that begins in round
    ``hear_round``, if given).
    With ``to_round`` it stops at that round's start (``hint`` compares the games there).
    Returns the last state and the next step. (``hint``'s rollouts: compiled, the loop costs
    no interpreted code per step; ``hollow simulate``'s games play through it too.)"""
    # the two generators are re-armed at each step (rolls.rearm), not made anew
    dice, decide = LazyRandom(step_seed(seed, step)), LazyRandom(policy_seed(seed, step))
    last = max_rounds if to_round is None else min(max_rounds, to_round - 1)
    while state.result is None and state.round <= last:
        rearm(decide, seed, step, True)
        rearm(dice, seed, step, False)
        begun = state.round
        state, events = apply(state, choose(state, decide), dice)
        if hear is not None and (hear_round is None or begun == hear_round):
            hear(events)
        step += 1
    return state, step


def _why_illegal(state: GameState, action: Action, legal: list[Action]) -> str:
    if state.result is not None:
        return f"the game is over ({state.result}: {state.reason})"
    what = action.label or action.command or action.kind
    hint = ", ".join(a.command for a in legal[:8])
    return f"'{what}' is not a legal choice now; legal choices include: {hint}"


def _after(state: GameState, dice: Dice, events: list[Event]) -> GameState:
    """Close the activation when nothing but 'end' is left; run the adversary phase and the
    end of round when no Legend is left to activate."""
    turn = state.turn
    if turn is not None:
        kept = state.phase == _LEGENDS and state.result is None  # (else listed, not kept)
        # once the action is used, only a relic swap and the moves can be left
        kinds = _LEFT_AFTER_ACTING if turn.acted else _ANYTHING_LEFT
        for kind in kinds:
            if legal_of_kind(state, kind) if kept else actions_of_kind(state, kind):
                break
        else:
            lid = turn.legend
            if state.is_ally(lid):
                gone = not any(a.id == lid for a in state.allies)
                why = "has fallen" if gone else "has nothing left to do"
                if not gone:
                    state = state.with_ally(replace(state.ally(lid), activated=True))
                state = replace(state, turn=None)
            else:
                why = "has fallen" if state.legend(lid).health <= 0 else "has nothing left to do"
                state = replace(state.with_legend(replace(state.legend(lid), activated=True)), turn=None)
            events.append(event(state, _EV_END, actor=lid, reason=f"{state.legend_name(lid)}'s activation ends: {state.legend_name(lid)} {why}"))
    while state.turn is None and state.result is None and not eligible(state) and not allies_eligible(state):
        state = adversary_phase(state, dice, events)
        if state.script is not None and stopped(state):
            return conclude(state, events)
        state = end_of_round(state, events, dice)
    return state


def _legends_lost(state: GameState) -> str:
    """The summary's loss: a Legend at 0 health or at the fear limit ('' when none)."""
    down = [lg for lg in state.legends if lg.health <= 0]
    scared = [lg for lg in state.legends if lg.fear >= fear_limit(state.pack, lg.id)]
    if not down and not scared:  # (every round's end: no words made)
        return ""
    parts = [f"{state.legend_name(lg.id)} is incapacitated (health {lg.health})" for lg in down]
    parts += [f"{state.legend_name(lg.id)} has {lg.fear} fear (limit {fear_limit(state.pack, lg.id)})" for lg in scared]
    return "; ".join(parts)


def conclude(state: GameState, events: list[Event]) -> GameState:
    """An event has won or lost the chapter (``win``/``lose``): at the end of its moment the
    summary's losses come first (a Legend at 0 health or at the fear limit), then the verdict."""
    script = state.script
    assert script is not None and script.verdict is not None
    lost = _legends_lost(state)
    if lost:
        return _over(state, events, _RESULT_LOST, lost)
    result, text = script.verdict
    return _over(state, events, Result(result), text.rstrip("."))


def end_of_round(state: GameState, events: list[Event], dice: DiceLike | None = None) -> GameState:
    """The chapter's ``round_end`` events first (a scripted game, given the step's dice);
    then loss (health ≤ 0 or fear ≥ the limit, the foe supply run out, the objective
    failed), then the objective met, then the round limit; else the next round begins,
    and its ``round_start`` events fire."""
    rules = state.pack.rules
    scripted = state.script is not None and dice is not None
    if scripted:
        state = settle(state, dice, events, len(events), state, (round_end(state),))  # type: ignore[arg-type]
        if stopped(state):
            return conclude(state, events)
    lost = _legends_lost(state)
    if lost:
        return _over(state, events, _RESULT_LOST, lost)
    if state.supply_out:
        return _over(state, events, _RESULT_LOST, state.supply_out)
    rule, obj = rule_of(state)
    failed = rule.lost(state, obj)
    if failed:
        return _over(state, events, _RESULT_LOST, failed)
    won = rule.won(state, obj)
    if won:
        return _over(state, events, _RESULT_WON, won)
    if state.round >= rules.round_limit:
        return _over(state, events, _RESULT_LOST, f"the chapter ran past the round limit of {rules.round_limit} (rules.round_limit)")
    state = replace(
        state, round=state.round + 1, phase=_LEGENDS, turn=None,
        legends=tuple(replace(lg, activated=False) for lg in state.legends),
        allies=tuple(replace(a, activated=False) for a in state.allies),
    )
    mark = len(events)
    events.append(event(state, _EV_ROUND, numbers={"round": state.round},
                        reason=f"round {state.round} begins: {progress(state)}"))
    if scripted:
        state = settle(state, dice, events, mark, state)  # type: ignore[arg-type]
        if stopped(state):
            return conclude(state, events)
    return state


def _over(state: GameState, events: list[Event], result: Result, reason: str) -> GameState:
    state = replace(state, result=result, reason=reason, phase=Phase.OVER, turn=None)
    text = f"chapter {result}: {reason}"
    if result == Result.LOST:
        text += ("; the chapter and the Legends reset and its cards are reshuffled; chapter items go back with the chapter, "
                 "other items and relics are kept")
    else:
        text += "; chapter items are lost now that the chapter is complete"
    events.append(event(state, EventKind.GAME_OVER, numbers={"result": result}, reason=text))
    return state


def outcome(state: GameState) -> str | None:
    """``"won"``, ``"lost"`` or None while the game goes on (the reason is :func:`outcome_reason`)."""
    return state.result


def outcome_reason(state: GameState) -> str:
    """Why the game ended, in words ('' while it goes on)."""
    return state.reason


def campaign_carryover(state: GameState) -> dict[str, dict[str, Any]]:
    """What the Legends keep for the next attempt or chapter: legend id -> inventory and relic.

    Once the chapter is over, won or lost, its chapter items go: a win completes it ("chapter
    items are lost when the chapter is complete") and a loss resets it, its items going back
    with it; *other* items and relics are kept ("Other items and relics may be kept"). A game
    still going keeps everything.
    """
    items = state.pack.items
    drop = state.result is not None
    out: dict[str, dict[str, Any]] = {}
    for lg in state.legends:
        inv = [i for i in lg.inventory if not (drop and i in items and items[i].chapter_item)]
        relic = lg.relic
        if drop and relic is not None and relic in items and items[relic].chapter_item:
            relic = None
        out[lg.id] = {"inventory": inv, "relic": relic}
    return out


# ---------------------------------------------------------------------- typing
def parse_command(state: GameState, text: str) -> Action | None:
    """The legal action a typed command means, or None (read by
    :func:`hollowcli.engine.actions.parse`, the one reader of the command language; a
    move along a named walk, ``move G4 G5 H5``, by :func:`walk_action`)."""
    words = text.split()
    if len(words) > 2 and words[0].lower() in ("move", "m", "go") and state.turn is not None:
        try:
            return walk_action(state, words[1:])
        except RulesError:
            return None
    return parse(state, text, legal_actions(state))


def parse_step(state: GameState, text: str) -> Action | Correction | None:
    """A recorded or typed step: a correction (``put 2 C4``), else :func:`parse_command`.

    A correction that does not fit the board raises RulesError (one sentence).
    """
    if is_correction(text):
        return parse_correction(state, text)
    return parse_command(state, text)


def end_before_activate(state: GameState, text: str) -> Action | None:
    """The active Legend's ``end`` choice when ``text`` asks to activate another Legend who
    could activate once this activation ends (None otherwise).

    Typing ``activate elijah`` while Emily is still acting means "Emily is done, Elijah
    next": the player takes this ``end`` and then the activation, two ordinary steps.
    Nothing is offered when ending would start the adversary phase instead.
    """
    if state.turn is None or norm(text).partition(" ")[0] != Act.ACTIVATE:
        return None
    end = next((a for a in legal_actions(state) if a.kind == Act.END), None)
    if end is None:
        return None
    done = state.with_hero(replace(state.hero(state.turn.legend), activated=True))
    probe = replace(done, turn=None)
    if not eligible(probe) and not allies_eligible(probe):
        return None
    return end if parse_command(probe, text) is not None else None
