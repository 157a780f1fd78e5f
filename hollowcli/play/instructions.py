"""What ``hollow assist`` tells the table for each kind of event: :data:`INSTRUCTIONS`.

The engine's rulings say what happened and why; at the real board the players need what
to do: move this standee there, place that token, read this out. Every
:class:`~hollowcli.engine.vocab.EventKind` has its row (a test walks them). The events of
the adversary phase (and of the game's end) are always told this way; in the Legend phase
only the kinds marked ``any_phase`` (corrections, a new round, and what a chapter's events
make happen), the rest being the screen's rulings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from hollowcli.engine import standees, tokens
from hollowcli.engine.vocab import EventKind
from hollowcli.names import and_list, plural
from hollowcli.play.view import wrap


@dataclass(frozen=True)
class Instruction:
    """How ``hollow assist`` tells an event: ``say(event, state)`` gives the lines of what
    to do on the board. Only the events of the adversary phase (and of the game's end)
    are told this way, unless ``any_phase``; the Legend phase's are the screen's rulings."""

    say: Callable[[Any, Any], list[str]]
    any_phase: bool = False


def _reason(ev: Any) -> str:
    return str(ev.reason or ev.kind)


def _plain(ev: Any, state: Any) -> list[str]:
    reason = _reason(ev)
    return wrap(f"  - {reason[:1].upper() + reason[1:]}.", indent="    ")


def _track(ev: Any, state: Any) -> list[str]:
    n = ev.numbers
    return wrap(f"  Storybook: the token is on spot {n.get('spot')}: {', '.join(n.get('actions', ())) or 'nothing'}.",
                indent="    ")


def _activation(ev: Any, state: Any) -> list[str]:
    return wrap("  Foes act in this order: " + _reason(ev).split(": ", 1)[-1] + ".", indent="    ")


def _foe_move(ev: Any, state: Any) -> list[str]:
    n = ev.numbers
    head, _, why = _reason(ev).partition(": ")
    who = head.split(" moves ")[0]
    path = list(n.get("path", ()))
    lines = wrap(f"  - Move {who}'s standee {'→'.join(path)} ({plural(int(n.get('steps', 0)), 'step')}).", indent="    ")
    return lines + wrap(f"      why: {why}", indent="      ", width=78) if why else lines


def _foe_hold(ev: Any, state: Any) -> list[str]:
    head, _, why = _reason(ev).partition(": ")
    return wrap(f"  - {head} (leave its standee): {why}", indent="    ")


def _damage(ev: Any, state: Any) -> list[str]:
    """A foe's attack, a card's damage or a trap: what a Legend takes."""
    if ev.target not in state.pack.legends:
        return _plain(ev, state)
    n = ev.numbers
    who = state.legend_name(ev.target)
    dmg = int(n.get("damage", 0))
    head = _reason(ev).rsplit("; ", 1)[0]
    if dmg > 0:
        tail = f"{who} takes {dmg} damage: health {n.get('health')}, fear {n.get('fear_total')}."
    else:
        tail = f"No damage to {who} (health {n.get('health')}, fear {n.get('fear_total')})."
    return wrap(f"  - {head}.", indent="    ") + wrap(f"    {tail}", indent="      ")


def _spawn(ev: Any, state: Any) -> list[str]:
    n = ev.numbers
    numbers = list(n.get("numbers", ()))
    if not numbers:
        return wrap(f"  - Nothing to place: {_reason(ev)}.", indent="    ")
    fid = ev.actor
    fname = state.pack.foes[fid].name if fid in state.pack.foes else str(fid)
    roll = n.get("roll")
    group = standees.group_name(state, str(fid), numbers)
    if roll is None:  # an event's spawn_at: put where the script says, no die rolled
        where = f"at spawn point {n['point']} ({ev.to})" if n.get("point") is not None else f"on {ev.to}"
        text = f"  - Place {group} {where} (no roll: the chapter's script puts it there)."
    else:
        if n.get("redirected"):
            warded = tokens.warded_points(state)
            if roll in warded:
                cause = f"point {roll} is warded (the {warded[roll]} on it)"
            elif roll in state.barricades or roll in state.board.spawn_points:
                cause = f"point {roll} is barricaded"
            else:
                cause = f"there is no point {roll}"
            why = f"rolled {roll}: {cause}"
        else:
            why = f"rolled {roll}"
        text = f"  - Place {group} at spawn point {n.get('point')} ({ev.to}) ({why})."
    if n.get("placed", 0) < n.get("count", 0):
        text += f" {n['count'] - n['placed']} more could not spawn: every {fname} miniature is on the board."
    return wrap(text, indent="    ")


def _shuffle(ev: Any, state: Any) -> list[str]:
    return wrap(f"  - (hollow shuffles its chapter deck: {plural(int(ev.numbers.get('cards', 0)), 'card')})", indent="    ")


def _card(ev: Any, state: Any) -> list[str]:
    card = next((c for c in state.chapter_def.cards if c.id == ev.target), None)
    if card is None:
        return wrap(f"  - {_reason(ev)}.", indent="    ")
    return wrap(f"  - Draw a chapter card: it is '{card.title}' (take that card from the deck and read it).", indent="    ")


def _slide(ev: Any, state: Any) -> list[str]:
    n = ev.numbers
    return wrap(f"  - Slide the storybook token from spot {n.get('from')} to spot {n.get('to')}.", indent="    ")


def _correction(ev: Any, state: Any) -> list[str]:
    return wrap(f"    ok: {_reason(ev).split(': ', 1)[-1]}.", indent="      ")


def _cause(ev: Any) -> str:
    """`` (event 'salt-circle')``: what made a change, when the ruling names it."""
    head, sep, _ = _reason(ev).partition(": ")
    return f" ({head})" if sep and head.startswith("event ") else ""


def _token_name(state: Any, kind_id: str) -> str:
    k = state.pack.tokens.get(kind_id)
    return k.name if k is not None else kind_id


def _token_spot(state: Any, ev: Any, loc: str | None) -> str:
    skill = str(ev.numbers.get("skill") or "")
    if skill:
        return f"on {state.pack.skills[skill].name if skill in state.pack.skills else skill} (a skill locked)"
    return f"on {loc}"


def _token_placed(ev: Any, state: Any) -> list[str]:
    """``Place a Magic ward token on D4 (event 'salt-circle').``"""
    if not ev.numbers.get("placed"):
        return _plain(ev, state)
    name = _token_name(state, str(ev.target))
    under = list(ev.numbers.get("under") or ())
    who = f", under {and_list(under)}, who may leave it but not come back" if under else ""
    return wrap(f"  - Place a {name} token {_token_spot(state, ev, ev.to)}{who}{_cause(ev)}.", indent="    ")


def _token_removed(ev: Any, state: Any) -> list[str]:
    if not ev.numbers.get("removed"):
        return _plain(ev, state)
    name = _token_name(state, str(ev.target))
    spot = _token_spot(state, ev, ev.frm).replace("on ", "from ", 1)
    return wrap(f"  - Remove the {name} token {spot}{_cause(ev)}.", indent="    ")


def _token_destroyed(ev: Any, state: Any) -> list[str]:
    """``Remove the Tombstone from C3: it is destroyed.``"""
    where = ev.frm or ev.to
    if not where:
        return _plain(ev, state)
    return wrap(f"  - Remove the {_token_name(state, str(ev.target))} from {where}: it is destroyed.", indent="    ")


def _round(ev: Any, state: Any) -> list[str]:
    return ["", *wrap(f"Round {ev.numbers.get('round')} begins: {_reason(ev).split(': ', 1)[-1]}.")]


def _event(ev: Any, state: Any) -> list[str]:
    """A chapter event fires: why (its trigger), then its own text (a keeper's note such as
    'Read paragraph 12.'), as the event says it."""
    head = _reason(ev)
    lines = ["", *wrap(f"  Event {head[len('event '):] if head.startswith('event ') else head}.", indent="    ")]
    if ev.detail:
        lines += wrap(f"    {ev.detail}", indent="    ")
    return lines


def _story(ev: Any, state: Any) -> list[str]:
    return wrap(f"  - Read out: {ev.numbers.get('text', '')}", indent="    ")


def _choice(ev: Any, state: Any) -> list[str]:
    n = ev.numbers
    if n.get("by") == "players":
        return wrap(f"  - The players chose: {n.get('option')}.", indent="    ")
    return wrap(f"  - hollow takes the option '{n.get('option')}' ({n.get('prompt')}).", indent="    ")


def _counter(ev: Any, state: Any) -> list[str]:
    n = ev.numbers
    values = ", ".join(f"{name} is {value}" for name, value in dict(n.get("values", {})).items())
    kept = " (kept for the campaign if the chapter is won)" if n.get("campaign") else ""
    return wrap(f"  - (hollow notes: {values}{kept}; nothing to do on the board.)", indent="    ")


def _verdict(ev: Any, state: Any) -> list[str]:
    n = ev.numbers
    if "changes nothing" in _reason(ev):
        return _plain(ev, state)
    return wrap(f"  - The story ends the chapter: it is {n.get('result')} once this step is over, unless the Legends "
                f"have lost already. {n.get('text', '')}", indent="    ")


_PLAIN = Instruction(_plain)
_EFFECT = Instruction(_plain, any_phase=True)  # a card's (or an event's) effect
_EFFECT_DAMAGE = Instruction(_damage, any_phase=True)
_DAMAGE = Instruction(_damage)
_ANY = Instruction(_plain, any_phase=True)

#: Every kind of event, as an instruction for the real board.
INSTRUCTIONS: Mapping[EventKind, Instruction] = {
    # the Legend phase (told as the screen's rulings; these words when a foe's turn makes one)
    EventKind.ACTIVATE: _PLAIN,
    EventKind.REFRESH: _PLAIN,
    EventKind.SWAP: _PLAIN,
    EventKind.MOVE: _PLAIN,
    EventKind.LEAVE: _PLAIN,
    EventKind.FALL: _PLAIN,
    EventKind.ATTACK_ROLL: _PLAIN,
    EventKind.ATTACK: _PLAIN,
    EventKind.TRAP_SET: _PLAIN,
    EventKind.TRAP: _DAMAGE,
    EventKind.RESTORE: _PLAIN,
    EventKind.SEARCH: _PLAIN,
    EventKind.GIVE: _PLAIN,
    EventKind.FEAR_TOKEN: _PLAIN,
    EventKind.END: _PLAIN,
    # the adversary phase
    EventKind.TRACK: Instruction(_track),
    EventKind.ACTIVATION: Instruction(_activation),
    EventKind.FOE_MOVE: Instruction(_foe_move),
    EventKind.FOE_HOLD: Instruction(_foe_hold),
    EventKind.FOE_ATTACK_ROLL: _PLAIN,
    EventKind.FOE_ATTACK: _DAMAGE,
    EventKind.FOE_NO_ATTACK: _PLAIN,
    # (these happen in the Legend phase only when a chapter event makes them: told at the table then too)
    EventKind.SPAWN: Instruction(_spawn, any_phase=True),
    EventKind.SHUFFLE: Instruction(_shuffle),
    EventKind.CARD: Instruction(_card),
    EventKind.CARD_DAMAGE: _EFFECT_DAMAGE,
    EventKind.CARD_FEAR: _EFFECT,
    EventKind.CARD_HEAL: _EFFECT,
    EventKind.CARD_CALM: _EFFECT,
    EventKind.CARD_LOCK: _EFFECT,
    EventKind.CARD_UNLOCK: _EFFECT,
    EventKind.CARD_ADVANCE: _EFFECT,
    EventKind.CARD_TOKENS: _EFFECT,
    EventKind.CARD_ALLY: _EFFECT,
    EventKind.ALLY_FALLS: _EFFECT,
    EventKind.TRACK_SLIDE: Instruction(_slide),
    # a chapter's tokens and map, whenever its script changes them
    EventKind.TOKEN_PLACED: Instruction(_token_placed, any_phase=True),
    EventKind.TOKEN_REMOVED: Instruction(_token_removed, any_phase=True),
    EventKind.MAP_CHANGE: _ANY,
    EventKind.TOKEN_ATTACK: _PLAIN,
    EventKind.TOKEN_DESTROYED: Instruction(_token_destroyed, any_phase=True),
    # chapter events: what they say and set (the engine's reason, read out as it stands)
    EventKind.EVENT: Instruction(_event, any_phase=True),
    EventKind.STORY: Instruction(_story, any_phase=True),
    EventKind.CHOICE: Instruction(_choice, any_phase=True),
    EventKind.COUNTER: Instruction(_counter, any_phase=True),
    EventKind.VERDICT: Instruction(_verdict, any_phase=True),
    # what a chapter's events change besides tokens and counters, whenever they fire
    EventKind.OBJECTIVE: _ANY,
    EventKind.BOOST: _ANY,
    EventKind.DECK: _ANY,
    EventKind.SKILL_UNLOCKED: _ANY,
    EventKind.ITEM_GAINED: _ANY,
    EventKind.ITEM_LOST: _ANY,
    EventKind.TRACK_SET: _ANY,
    # any phase
    EventKind.CORRECTION: Instruction(_correction, any_phase=True),
    EventKind.ROUND: Instruction(_round, any_phase=True),
    EventKind.GAME_OVER: Instruction(_plain, any_phase=True),
}

#: The phases whose every event is told as an instruction.
_TOLD_PHASES = ("adversary", "over")


def instruction(ev: Any, state: Any) -> list[str]:
    """An event of the adversary phase as what to do on the board (and why)."""
    return INSTRUCTIONS.get(ev.kind, _PLAIN).say(ev, state)


def told_as_instruction(ev: Any) -> bool:
    """Whether ``ev`` is told as an instruction (else as the screen's ruling)."""
    return ev.phase in _TOLD_PHASES or INSTRUCTIONS.get(ev.kind, _PLAIN).any_phase
