"""The card effects at pack level: one :class:`EffectSpec` per :class:`~hollowcli.pack.vocab.Effect`.

Each spec holds what a pack may write for the effect (its ``check``, read by the
validator), how it reads on a printed card (``words``: print markup, escaped text and
``{icons}``, read by the print kit) and its YAML form (``summary``, for docs and hints).
What an effect *does* is the engine's table, keyed by the same members. A new effect is a
member of ``Effect``, a spec here and a row of the engine's table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from hollowcli.dice import Frozen, set_fields
from hollowcli.pack.fields import Check, Custom, Int, ListOf, Name, Nested
from hollowcli.pack.model import Choose, FoePlacement, Objective, Pack, SpawnGroup, TokenPlacement
from hollowcli.pack.objectives import OBJECTIVES
from hollowcli.pack.vocab import BoostStat, Effect, Recipient
from hollowcli.pack.words import escape_text, nb, nb_plural


class EffectSpec(Frozen):
    """One card effect: how it is checked, how it reads, and its YAML form."""

    __slots__ = ("effect", "check", "words", "summary", "on_cards")
    effect: Effect
    check: Check  # the YAML value's check; its canonical value is what the engine applies
    words: Callable[[Pack, Any], str]  # markup for the printed card: escaped text, {icons}
    summary: str  # the YAML form, for docs and error hints
    on_cards: bool  # a card's effect may say it (an event's effect may not be a card's)

    def __init__(self, effect: Effect, check: Check, words: Callable[[Pack, Any], str], summary: str,
                 on_cards: bool = True) -> None:
        set_fields(self, effect=effect, check=check, words=words, summary=summary, on_cards=on_cards)


def _spawn_words(pack: Pack, groups: Any) -> str:
    parts = []
    for g in groups or ():
        foe = g.get("foe") if isinstance(g, Mapping) else getattr(g, "foe", None)
        count = g.get("count", 1) if isinstance(g, Mapping) else getattr(g, "count", 1)
        name = pack.foes[foe].name if isinstance(foe, str) and foe in pack.foes else str(foe)
        parts.append(f"{int(count)}\u00d7 {escape_text(name)}")
    return "{spawn} **Spawn** " + ", ".join(parts) + " (a D6 for each group)"


def _quoted(text: Any) -> str:
    return "\u201c" + escape_text(str(text)) + "\u201d"


def _counter_words(verb: str) -> Callable[[Pack, Any], str]:
    def words(pack: Pack, value: Any) -> str:
        values = value.get("values", {}) if isinstance(value, Mapping) else {}
        parts = [f"{verb} {escape_text(str(k))} {'to ' if verb == 'Set' else ''}"
                 f"{('+' if verb == 'Add' and int(n) >= 0 else '')}{int(n)}" for k, n in values.items()]
        kept = " (kept for the campaign)" if isinstance(value, Mapping) and value.get("campaign") else ""
        return "; ".join(parts) + kept
    return words


def _get(obj: Any, key: str, default: Any = None) -> Any:
    """A field of a canonical dict or of its model record (words read either)."""
    return obj.get(key, default) if isinstance(obj, Mapping) else getattr(obj, key, default)


def _steps_words(pack: Pack, steps: Any) -> str:
    """An event's steps in words, in order (each as its EffectSpec says)."""
    out = []
    for st in steps or ():
        eff = _get(st, "effect")
        spec = EFFECTS.get(Effect(eff)) if eff in set(Effect) else None
        out.append(spec.words(pack, _get(st, "value")) if spec is not None else escape_text(str(eff)))
    return "; ".join(out)


def choose_parts(pack: Pack, value: Any) -> tuple[str, list[str]]:
    """A ``choose`` in words, in parts: ``The players choose: "prompt"`` and each option
    (``1. label (the automatic choice): its steps``), for a page that lays them out apart."""
    parts = []
    for i, opt in enumerate(_get(value, "options", ()) or (), 1):
        mark = " (the automatic choice)" if _get(opt, "auto", False) else ""
        parts.append(f"{i}. {escape_text(str(_get(opt, 'label', '')))}{mark}: {_steps_words(pack, _get(opt, 'do', ()))}")
    return f"The players choose: {_quoted(_get(value, 'prompt', ''))}", parts


def _choose_words(pack: Pack, value: Any) -> str:
    prompt, options = choose_parts(pack, value)
    return f"{prompt} " + "; or ".join(options)


def _ally_words(pack: Pack, value: Any) -> str:
    aid = value.get("ally") if isinstance(value, Mapping) else None
    name = pack.allies[aid].name if isinstance(aid, str) and aid in pack.allies else str(aid)
    at = value.get("at") if isinstance(value, Mapping) else None
    where = f"spawn point {at}" if isinstance(at, int) else str(at)
    return f"**{escape_text(name)}** joins the heroes at {escape_text(where)} (an ally)"


def _field(value: Any, name: str) -> Any:
    """A field of an effect's value (a token or foe placement, a boost...), as a record or as its canonical mapping."""
    return value.get(name) if isinstance(value, Mapping) else getattr(value, name, None)


def _token_name(pack: Pack, value: Any) -> str:
    kind = _field(value, "token")
    return escape_text(pack.tokens[kind].name if isinstance(kind, str) and kind in pack.tokens else str(kind))


def _spot(pack: Pack, value: Any) -> str:
    at, skill = _field(value, "at"), _field(value, "skill")
    if skill is not None:
        return f"on the skill {escape_text(pack.skills[skill].name if skill in pack.skills else str(skill))}"
    return f"on spawn point{nb(at)}" if isinstance(at, int) else f"on {escape_text(str(at))}"


def _place_words(pack: Pack, value: Any) -> str:
    return f"Place a **{_token_name(pack, value)}** token {_spot(pack, value)}"


def _remove_words(pack: Pack, value: Any) -> str:
    if _field(value, "at") is None and _field(value, "skill") is None:
        return f"Remove every **{_token_name(pack, value)}** token"
    return f"Remove the **{_token_name(pack, value)}** token {_spot(pack, value)}"


def _squares(value: Any) -> str:
    return ", ".join(escape_text(str(v)) for v in value or ())


def _named(kind: Mapping[str, Any], ident: Any) -> str:
    """An entry's name (escaped), or its id when the pack lacks it."""
    return escape_text(kind[ident].name if isinstance(ident, str) and ident in kind else ident)


def _spawn_at_words(pack: Pack, placements: Any) -> str:
    parts = []
    for fp in placements or ():
        at = _field(fp, "at")
        where = f"spawn point{nb(at)}" if isinstance(at, int) else escape_text(at)
        parts.append(f"{int(_field(fp, 'count') or 1)}\u00d7 {_named(pack.foes, _field(fp, 'foe'))} on {where}")
    return "{spawn} **Place** " + ", ".join(parts) + " (no roll)"


def _who_words(pack: Pack, who: Any) -> str:
    return {Recipient.SEARCHER: "the Legend who searched", Recipient.ACTIVE: "the active Legend",
            Recipient.EACH: "each Legend"}.get(who) or _named(pack.legends, who)


def _give_words(pack: Pack, value: Any) -> str:
    return f"Give **{_named(pack.items, _field(value, 'item'))}** to {_who_words(pack, _field(value, 'to'))}"


def _take_words(pack: Pack, value: Any) -> str:
    return f"Take **{_named(pack.items, _field(value, 'item'))}** from {_who_words(pack, _field(value, 'from'))}"


def _objective_words(pack: Pack, value: Any) -> str:
    obj = value if isinstance(value, Objective) else Objective(**value)
    return "**New objective:** " + escape_text(OBJECTIVES[obj.kind].words(pack, obj).rstrip("."))  # a step: no stop of its own


def _boost_words(pack: Pack, value: Any) -> str:
    foe = _field(value, "foe")
    who = _named(pack.foes, foe) if foe in pack.foes else f"every {escape_text(foe)}-class foe"
    signs = {True: "+", False: "\u2212"}
    stats = ", ".join(f"{signs[n > 0]}{abs(n)}&#160;{stat}" for stat in BoostStat if (n := int(_field(value, stat.value) or 0)))
    return f"{who} gains {stats} for the rest of the chapter"


def _deck_words(pack: Pack, value: Any) -> str:
    card = _field(value, "add") or _field(value, "remove")
    title = next((c.title for ch in pack.chapters.values() for c in ch.cards if c.id == card), card)
    if _field(value, "add"):
        return f"Shuffle {nb_plural(int(_field(value, 'copies') or 1), 'copy', 'copies')} of **{escape_text(title)}** into the chapter deck"
    return f"Take every **{escape_text(title)}** out of the chapter deck and its discards"


_COUNT = Int(1)
_POINT = Custom("point")  # a spawn point on the chapter's map

#: Every card effect, in the order a card's effects apply (``Effect``'s order).
EFFECTS: Final[dict[Effect, EffectSpec]] = {e.effect: e for e in (
    EffectSpec(Effect.SPAWN, ListOf(Nested(SpawnGroup, refs="the card's spawn effect"), nonempty=True),
               _spawn_words, "spawn: [{foe: ID, count: N}, ...]"),
    EffectSpec(Effect.DAMAGE, _COUNT, lambda p, n: f"Each hero takes{nb(n)}{{damage}} (no defense)", "damage: N"),
    EffectSpec(Effect.FEAR, _COUNT, lambda p, n: f"Each Legend gains{nb(n)}{{fear}}", "fear: N"),
    EffectSpec(Effect.HEAL, _COUNT, lambda p, n: f"Each hero regains{nb(n)}{{health}}", "heal: N"),
    EffectSpec(Effect.CALM, _COUNT, lambda p, n: f"Each Legend removes{nb(n)}{{fear}}", "calm: N"),
    EffectSpec(Effect.LOCK, _POINT, lambda p, n: f"{{barricade}} Barricade spawn point{nb(n)}", "lock: P"),
    EffectSpec(Effect.UNLOCK, _POINT, lambda p, n: f"Remove the barricade from spawn point{nb(n)}", "unlock: P"),
    EffectSpec(Effect.ADVANCE, _COUNT, lambda p, n: f"The storybook token moves {nb_plural(int(n), 'extra spot')}",
               "advance: N"),
    EffectSpec(Effect.TOKENS, _COUNT, lambda p, n: f"Each Legend returns{nb(n)}{{token}} to its preparation space",
               "tokens: N"),
    EffectSpec(Effect.ALLY, Custom("ally_placement"), _ally_words, "ally: {ally: ID, at: POINT-or-LOCATION}"),
    # the events core: event-only effects (pack/event_effects.py checks the custom ones)
    EffectSpec(Effect.STORY, Name(), lambda p, t: f"Read out: {_quoted(t)}", "story: TEXT", on_cards=False),
    EffectSpec(Effect.WIN, Name(), lambda p, t: f"The chapter is won: {_quoted(t)}", "win: TEXT", on_cards=False),
    EffectSpec(Effect.LOSE, Name(), lambda p, t: f"The chapter is lost: {_quoted(t)}", "lose: TEXT", on_cards=False),
    EffectSpec(Effect.SET, Custom("counters"), _counter_words("Set"), "set: {NAME: N, campaign: true}", on_cards=False),
    EffectSpec(Effect.ADD, Custom("counters"), _counter_words("Add"), "add: {NAME: N}", on_cards=False),
    EffectSpec(Effect.CHOOSE, Custom("choose", record=Choose), _choose_words,
               "choose: {prompt: TEXT, options: [{label: TEXT, auto: true, do: [...]}]}", on_cards=False),
    # events only: tokens and the map (engine/tokens.py)
    EffectSpec(Effect.PLACE, Custom("token_placement", record=TokenPlacement), _place_words,
               "place: {token: ID, at: LOCATION}", on_cards=False),
    EffectSpec(Effect.REMOVE, Custom("token_removal", record=TokenPlacement), _remove_words,
               "remove: {token: ID, at: LOCATION}", on_cards=False),
    EffectSpec(Effect.OPEN, ListOf(Custom("map_square"), nonempty=True),
               lambda p, v: f"Open ground at {_squares(v)}", "open: [LOCATION, ...]", on_cards=False),
    EffectSpec(Effect.CLOSE, ListOf(Custom("map_square"), nonempty=True),
               lambda p, v: f"No way through {_squares(v)} any more", "close: [LOCATION, ...]", on_cards=False),
    # event-only effects
    EffectSpec(Effect.SPAWN_AT, ListOf(Nested(FoePlacement, refs="the spawn_at effect"), nonempty=True), _spawn_at_words,
               "spawn_at: [{foe: ID, at: POINT-or-LOCATION, count: N}, ...]", on_cards=False),
    EffectSpec(Effect.GIVE, Custom("give"), _give_words, "give: {item: ID, to: WHO}", on_cards=False),
    EffectSpec(Effect.TAKE, Custom("take"), _take_words, "take: {item: ID, from: WHO}",
               on_cards=False),
    EffectSpec(Effect.OBJECTIVE, Custom("objective", record=Objective), _objective_words, "objective: {kind: ..., ...}",
               on_cards=False),
    EffectSpec(Effect.BOOST, Custom("boost"), _boost_words, "boost: {foe: ID-or-CLASS, attack: N, direct: N, defense: N, move: N, health: N}",
               on_cards=False),
    EffectSpec(Effect.TRACK, Custom("track_spot"),
               lambda p, n: f"Move the storybook token to spot{nb(n)}", "track: N", on_cards=False),
    EffectSpec(Effect.DECK, Custom("deck"), _deck_words, "deck: {add: CARD, copies: N} or {remove: CARD}", on_cards=False),
    EffectSpec(Effect.UNLOCK_SKILL, Custom("unlock_skill"),
               lambda p, s: f"Unlock **{_named(p.skills, s)}**: its Legend may use it for the rest of the chapter",
               "unlock_skill: SKILL", on_cards=False),
)}
