"""Rulings shared by the Legend phase, the adversary phase and corrections.

Events (:func:`event`), damage to a Legend (with its fear) or an ally, damage to a foe and
its defeat (:func:`defeat_foe`, the one place a foe is defeated), rolling dice into event
form, entering a location (traps), and small lookups. Every function takes a state and
returns a new one, appending the events it produced to the list it is given.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Final

from hollowcli.engine import resolve, tokens
from hollowcli.engine.rolls import SEEDED, Dice, DiceLike, RolledFace, as_dice, physical_note
from hollowcli.engine.speed import made, replace
from hollowcli.engine.state import AllyState, Event, FoeState, GameState, LegendState, TokenState
from hollowcli.engine.vocab import EventKind, Side
from hollowcli.names import plural
from hollowcli.pack.model import Face, Objective
from hollowcli.pack.vocab import FearTokens, ObjectiveKind

# Enum members read on hot paths, as C statics when compiled (a read of a member from
# its class goes through the enum's __getattr__ in Python 3.11).
_OBJ_PROTECT: Final = ObjectiveKind.PROTECT

_FOES: Final = Side.FOES
_POOL: Final = FearTokens.POOL


def event(state: GameState, kind: EventKind, **kw: Any) -> Event:
    """An event of ``kind`` (a member: a new kind is added to
    :class:`~hollowcli.engine.vocab.EventKind` first, where the view and the log read it),
    stamped with the state's round and phase."""
    numbers = kw.get("numbers")
    kw["numbers"] = _NO_NUMBERS if numbers is None else _proxy(dict(numbers))
    rolls = kw.get("rolls")
    if rolls is not None:
        kw["rolls"] = tuple([_proxy(dict(r)) for r in rolls])
    kw["round"] = state.round
    kw["phase"] = state.phase
    kw["kind"] = kind
    return made(Event, kw)  # (kw is this call's own dictionary; numbers, the one factory field, is set)


_proxy: Final = MappingProxyType  # frozen_map, without a call into the (interpreted) pack model
_NO_NUMBERS: Final[Any] = _proxy({})  # read-only, so every event without numbers shares it


def roll_dice(state: GameState, die_id: str, count: int, dice: DiceLike, purpose: str, kind: str,
              actor: str | None = None) -> tuple[tuple[RolledFace, ...], list[dict[str, Any]]]:
    """Ask the step's dice for ``count`` of a pack die (see :mod:`hollowcli.engine.rolls`):
    the faces and their event form ``{die, face, value}`` (plus ``physical: true`` for a
    die the player rolled). A plain generator (a test calling a phase directly) is seeded
    dice."""
    d = as_dice(dice)
    d.state = state  # an interactive source may show the board as it is at this roll
    rolled = d.roll(state.pack.dice[die_id], count, purpose, kind, actor)
    return rolled, [
        {"die": die_id, "face": r.face.label, "value": r.face.value, "physical": True} if r.physical
        else {"die": die_id, "face": r.face.label, "value": r.face.value}
        for r in rolled
    ]


def pause(state: GameState, dice: DiceLike, events: list[Event], upcoming: str) -> GameState:
    """A moment of the adversary phase when the players move the standees (before each
    foe, spawn, card and the token's slide; ``upcoming`` says which: ``foe:N``, ``spawn``,
    ``card``, ``slide``). A dice source with a ``pause`` method (``hollow assist``) may
    show the rulings so far, wait, and take corrections ("the board is the truth"): it
    returns the state to go on from. Seeded dice pass straight through.
    """
    if not isinstance(dice, Dice) or dice.source is SEEDED:  # (the seeded source has no pause to look for)
        return state
    return dice.pause(state, events, upcoming)


def faces_text(rolls: list[dict[str, Any]]) -> str:
    """``[2, blank, 1]`` for a reason line, with `` (your dice)`` when they were the player's."""
    return "[" + ", ".join(str(r["face"]) for r in rolls) + "]" + rolls_note(rolls)


def rolls_note(rolls: list[dict[str, Any]]) -> str:
    """`` (your dice)`` when the rolls (event form) were the player's, else ''."""
    if not any(r.get("physical") for r in rolls):
        return ""
    return physical_note([RolledFace(_NO_FACE, bool(r.get("physical"))) for r in rolls])


_NO_FACE: Final = Face("", 0)


def hurt_legend(
    state: GameState, legend_id: str, damage: int, events: list[Event], *, kind: EventKind, actor: str | None,
    reason: str, rolls: list[dict[str, Any]] | None = None, numbers: dict[str, Any] | None = None, detail: str = "",
    frm: str | None = None,
) -> GameState:
    """Apply ``damage`` to a Legend and the fear that comes with it (one instance).

    Whenever any amount of damage is taken the Legend gains ``rules.fear_per_damage``
    fear, once per instance of damage, however many points it was. The event's ``from`` is
    ``frm`` (where the damage came from: an attacking foe's location) or else the Legend's
    own location; its ``to`` is the Legend's location.

    An ally (a hero that is not a Legend) takes the damage without fear; an ally at 0
    health or less is removed from the board.
    """
    if state.is_ally(legend_id):
        return _hurt_ally(state, legend_id, damage, events, kind=kind, actor=actor, reason=reason, rolls=rolls,
                          numbers=numbers, detail=detail, frm=frm)
    lg = state.legend(legend_id)
    fear = resolve.fear_for(damage, state.pack.rules.fear_per_damage)
    new = replace(lg, health=lg.health - damage, fear=lg.fear + fear)
    nums = dict(numbers or {})
    nums.update({"damage": damage, "fear": fear, "health": new.health, "fear_total": new.fear})
    text = reason
    if damage > 0:
        text += f"; {state.legend_name(legend_id)} takes {damage} damage (health {new.health}) and gains {fear} fear (fear {new.fear})"
    else:
        text += f"; no damage to {state.legend_name(legend_id)}, so no fear"
    state = state.with_legend(new)
    events.append(event(state, kind, actor=actor, target=legend_id, frm=frm or lg.loc, to=lg.loc, rolls=rolls or [], numbers=nums, reason=text, detail=detail))
    return state


def _hurt_ally(
    state: GameState, ally_id: str, damage: int, events: list[Event], *, kind: EventKind, actor: str | None,
    reason: str, rolls: list[dict[str, Any]] | None, numbers: dict[str, Any] | None, detail: str, frm: str | None,
) -> GameState:
    al = state.ally(ally_id)
    left = al.health - damage
    name = state.legend_name(ally_id)
    nums = dict(numbers or {})
    nums.update({"damage": damage, "fear": 0, "health": left})
    text = reason
    if damage > 0:
        text += f"; {name} takes {damage} damage (health {left}); an ally gains no fear"
    else:
        text += f"; no damage to {name}"
    state = state.with_ally(replace(al, health=left))
    events.append(event(state, kind, actor=actor, target=ally_id, frm=frm or al.loc, to=al.loc, rolls=rolls or [],
                        numbers=nums, reason=text, detail=detail))
    if left <= 0:
        state = replace(state, allies=tuple(a for a in state.allies if a.id != ally_id))
        why = (f"; the objective is to protect {name}, so the chapter is lost at the end of the round"
               if ward(state) == ally_id else "; the chapter goes on without them")
        events.append(event(state, EventKind.ALLY_FALLS, actor=ally_id, frm=al.loc, to=al.loc,
                            reason=f"{name} falls at {al.loc} and leaves the board{why}"))
    return state


def objective_of(state: GameState) -> Objective:
    """The objective in play: the chapter's, or the one an event put in its place."""
    script = state.script
    return state.chapter_def.objective if script is None or script.objective is None else script.objective


def ward(state: GameState) -> str | None:
    """The ally the objective is to protect (its fall loses the chapter at the end of the
    round), or None; a protect part of an ``all`` objective counts."""
    obj = objective_of(state)
    if not obj.of:
        return obj.ally if obj.kind == _OBJ_PROTECT else None
    return next((part.ally for part in obj.leaves() if part.kind == _OBJ_PROTECT), None)


def place_ally(state: GameState, ally_id: str, at: int | str) -> tuple[GameState, str | None]:
    """Put an ally on the board at a location or spawn point (full health, not yet moved).
    Returns the state and the location, or None when ``at`` is not on the map or the ally
    is already on the board (the state is then unchanged)."""
    board = state.board
    loc = board.spawn_points.get(int(at)) if isinstance(at, int) or str(at).isdigit() else board.normalise(str(at))
    if loc is None or any(a.id == ally_id for a in state.allies):
        return state, None
    new = AllyState(id=ally_id, loc=loc, health=state.pack.allies[ally_id].health)
    return replace(state, allies=state.allies + (new,)), loc


def standing_heroes(state: GameState) -> list[str]:
    """Heroes a foe may target: Legends on their feet (pack order), then the allies on the board."""
    return [lg.id for lg in state.legends if lg.health > 0] + [a.id for a in state.allies]


def fear_ready(state: GameState, lg: LegendState) -> int:
    """Fear tokens in the Legend's preparation space (``rules.fear_tokens: pool``; else 0)."""
    return lg.fear - lg.fear_spent if state.pack.rules.fear_tokens == _POOL else 0


def remove_fear(lg: LegendState, n: int) -> tuple[LegendState, int]:
    """Remove up to ``n`` fear, from the preparation space first ("remove fear (preparation
    area first)"), then from the tokens spent on the action board. Returns the Legend and how
    much fear was removed. With ``fear_tokens: counter`` nothing is ever spent, so this is a
    plain subtraction."""
    calm = max(0, min(n, lg.fear))
    from_spent = max(0, calm - (lg.fear - lg.fear_spent))
    return replace(lg, fear=lg.fear - calm, fear_spent=lg.fear_spent - from_spent), calm


def hurt_foe(state: GameState, number: int, damage: int) -> tuple[GameState, bool]:
    """Apply ``damage`` to a foe; a foe at 0 health is defeated (:func:`defeat_foe`)."""
    f = state.foe(number)
    left = f.health - damage
    if left <= 0:
        return defeat_foe(state, f), True
    return state.with_foe(replace(f, health=left)), False


def defeat_foe(state: GameState, f: FoeState) -> GameState:
    """The foe is defeated: its miniature returns to the supply, and the defeat counts
    (towards a defeat objective)."""
    counts = dict(state.defeated_counts)
    counts[f.foe] = counts.get(f.foe, 0) + 1
    return replace(state, foes=tuple(x for x in state.foes if x.number != f.number), defeated_counts=tuple(counts.items()))


def hurt_token(state: GameState, t: TokenState, total: int, direct: int, events: list[Event], *, actor: str,
               frm: str, rolls: list[dict[str, Any]], head: str) -> GameState:
    """A hero's attack on a token with health (a tombstone): dice + direct - its defense, no
    fear; at 0 it is destroyed and removed (TOKEN_DESTROYED, which a chapter's events hear).
    Tokens are never foes (no leave roll, no count of foes)."""
    kind = state.pack.tokens[t.kind]
    dmg = resolve.attack_damage(total, direct, kind.defense, 0)
    left = max(0, t.health - dmg.damage)
    destroyed = left <= 0
    text = f"{head}{dmg.reason} damage to the {kind.name} on {t.loc}"
    text += "; it is destroyed" if destroyed else f"; it has {left} health left"
    events.append(event(state, EventKind.TOKEN_ATTACK, actor=actor, target=t.kind, frm=frm, to=t.loc, rolls=rolls,
                        numbers={"dice_total": total, "direct": direct, "defense": kind.defense, "damage": dmg.damage,
                                 "health": left, "destroyed": destroyed, "token": t.kind}, reason=text))
    if not destroyed:
        return tokens.with_changed_token(state, t, replace(t, health=left))
    state = tokens.without_token(state, t)
    events.append(event(state, EventKind.TOKEN_DESTROYED, actor=actor, target=t.kind, frm=t.loc, to=t.loc,
                        numbers={"token": t.kind}, reason=f"the {kind.name} on {t.loc} is destroyed: take it off the board"))
    return state


def attack_tokens(state: GameState, lid: str, frm: str, where: str, nums: resolve.AttackNumbers,
                  marks: list[TokenState], dice: DiceLike, events: list[Event]) -> GameState:
    """A hero's attack on a token (or an area attack on a square with tokens and no foes):
    one roll, dice + direct - each token's defense (:func:`hurt_token`)."""
    names = " and ".join(f"the {tokens.name(state, t)}" for t in marks) or "nothing"
    who = state.legend_name(lid)
    faces, rolls = roll_dice(state, state.pack.rules.attack_die, nums.dice, dice, f"{who} attacks {names} on {where}",
                             "attack", lid)
    total = sum(f.value for f in faces)
    head = (f"{who} attacks {names} on {where} from {frm} ({nums.reason}); "
            f"{state.board.line_of_sight(frm, where).reason}; rolled {faces_text(rolls)} = {total}: ")
    for t in marks:
        state = hurt_token(state, t, total, nums.direct, events, actor=lid, frm=frm, rolls=rolls, head=head)
    return state


def search_token(state: GameState, lid: str, spot: TokenState, events: list[Event]) -> GameState:
    """A Legend searches a search token: it finds what the token holds (:func:`tokens.next_find`)
    and the token is taken away; the search counts (a search objective)."""
    found, script = tokens.next_find(state, spot)
    state = tokens.without_token(replace(state, script=script, search_count=state.search_count + 1), spot)
    lg = state.legend(lid)
    text = (f"{state.legend_name(lid)} searches the {tokens.name(state, spot)} at {spot.loc} "
            f"({plural(state.search_count, 'search', 'searches')} so far)")
    if found is not None and found in state.pack.items:
        state = state.with_legend(replace(lg, inventory=lg.inventory + (found,)))
        text += f" and finds {state.pack.items[found].name}"
    else:  # (a spot that holds nothing: the players should hear so, not wonder)
        text += " and finds nothing"
    events.append(event(state, EventKind.SEARCH, actor=lid, to=spot.loc, reason=text + "; the token is taken away",
                        numbers={"searches": state.search_count, "token": spot.kind, "found": found}))
    return state


def foe_id_text(f: FoeState) -> str:
    """A foe in events (``actor``, ``target``): its kind and standee number, ``gobkin#2``
    (no two foes on the board share it)."""
    return f"{f.foe}#{f.standee}"


def enter(state: GameState, side: Side, who: str, loc: str, events: list[Event]) -> tuple[GameState, bool]:
    """A figure of ``side`` enters ``loc``: enemy traps there spring on it.

    Traps only affect enemies of the character who set them, so a trap set by a Legend
    never hurts a Legend or an ally (both are heroes, one side). Returns the new state and whether the figure is still standing.
    """
    springing = [t for t in state.traps if t.loc == loc and t.side != side]
    if state.script is not None:  # a chapter's trap tokens spring on the enemies of the side they serve
        springing += tokens.traps_at(state, loc, side)
    standing = True
    for trap in springing:
        if state.pack.rules.trap_single_use:
            if trap.setter in state.pack.tokens:
                gone = tokens.find(state, trap.setter, loc)
                state = state if gone is None else tokens.without_token(state, gone)
            else:
                state = replace(state, traps=tuple(t for t in state.traps if t is not trap))
        if side == _FOES:
            number = int(who)
            f = state.foe(number)
            fdef = state.foe_def(f.foe)
            dmg = resolve.attack_damage(0, trap.damage, fdef.defense, 0)
            name = state.foe_name(f)
            state, defeated = hurt_foe(state, number, dmg.damage)
            text = (f"{name} enters {loc} and springs the {trap.type} trap{_set_by(state, trap.setter)}: "
                    f"{trap.damage} trap damage - {fdef.defense} defense = {trap.damage - fdef.defense}"
                    + (", so 0 damage" if trap.damage < fdef.defense else " damage"))
            if defeated:
                text += f"; {name} is defeated and returns to the supply"
            else:
                text += f"; {name} has {state.foe(number).health} health left"
            events.append(event(state, EventKind.TRAP, actor=trap.setter, target=foe_id_text(f), to=loc,
                                numbers={"direct": trap.damage, "defense": fdef.defense, "damage": dmg.damage, "defeated": defeated},
                                reason=text))
            if defeated:
                standing = False
                break
        else:
            hero = state.hero(who)
            dmg = resolve.attack_damage(0, trap.damage, state.defense_of(hero), 0)
            state = hurt_legend(state, who, dmg.damage, events, kind=EventKind.TRAP, actor=trap.setter,
                                reason=f"{state.legend_name(who)} enters {loc} and springs the {trap.type} trap{_set_by(state, trap.setter)}: {dmg.reason}",
                                numbers={"direct": trap.damage, "defense": dmg.defense})
            if state.is_ally(who) and not any(a.id == who for a in state.allies):
                standing = False
                break
            if state.hero(who).health <= 0:
                standing = False
    return state, standing


def _set_by(state: GameState, setter: str) -> str:
    """`` set by Emily`` (a token of the chapter: '', its name is the trap's)."""
    if setter in state.pack.legends:
        return f" set by {state.legend_name(setter)}"
    return "" if setter in state.pack.tokens else f" set by {setter}"


def standing_legends(state: GameState) -> list[str]:
    """Legends still on their feet (health above 0), in pack order."""
    return [lg.id for lg in state.legends if lg.health > 0]


def feature_kind(state: GameState, loc: str) -> str | None:
    """The feature kind (start/search/scenery) at a location, None for plain ground."""
    board = state.board
    if loc in board.features:
        return board.features[loc]
    board.char(loc)  # RulesError when it is not a location
    return None


def feature_name(state: GameState, loc: str) -> str:
    ch = state.board.char(loc)
    return state.chapter_def.feature_names.get(ch) or f"the {state.chapter_def.features.get(ch, 'feature')} at {loc}"


def foes_phrase(state: GameState, foe_id: str | None, count: int) -> str:
    """``3 Gobkin``, ``3 foes``, or for one foe of a one-figure kind just its name
    (``the Headless Horseman``, not ``1 The Headless Horseman``)."""
    fdef = state.pack.foes.get(foe_id) if foe_id else None
    if fdef is None:
        return plural(count, "foe")
    if count == 1 and fdef.supply == 1:
        name = fdef.name
        return "the" + name[3:] if name.startswith("The ") else name
    return f"{count} {fdef.name}"
