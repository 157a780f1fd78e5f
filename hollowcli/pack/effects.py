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
from hollowcli.pack.fields import Check, Custom, Int, ListOf, Nested
from hollowcli.pack.model import Pack, SpawnGroup, TokenPlacement
from hollowcli.pack.vocab import Effect
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


def _ally_words(pack: Pack, value: Any) -> str:
    aid = value.get("ally") if isinstance(value, Mapping) else None
    name = pack.allies[aid].name if isinstance(aid, str) and aid in pack.allies else str(aid)
    at = value.get("at") if isinstance(value, Mapping) else None
    where = f"spawn point {at}" if isinstance(at, int) else str(at)
    return f"**{escape_text(name)}** joins the heroes at {escape_text(where)} (an ally)"


def _field(value: Any, name: str) -> Any:
    """A field of a token placement, as a record or as its canonical mapping."""
    return value.get(name) if isinstance(value, Mapping) else getattr(value, name, None)


def _token_name(pack: Pack, value: Any) -> str:
    kind = _field(value, "token")
    return escape_text(pack.tokens[kind].name if isinstance(kind, str) and kind in pack.tokens else str(kind))


def _spot(value: Any) -> str:
    at, skill = _field(value, "at"), _field(value, "skill")
    if skill is not None:
        return f"on the skill {escape_text(str(skill))}"
    return f"on spawn point{nb(at)}" if isinstance(at, int) else f"on {escape_text(str(at))}"


def _place_words(pack: Pack, value: Any) -> str:
    return f"Place a **{_token_name(pack, value)}** token {_spot(value)}"


def _remove_words(pack: Pack, value: Any) -> str:
    if _field(value, "at") is None and _field(value, "skill") is None:
        return f"Remove every **{_token_name(pack, value)}** token"
    return f"Remove the **{_token_name(pack, value)}** token {_spot(value)}"


def _squares(value: Any) -> str:
    return ", ".join(escape_text(str(v)) for v in value or ())


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
    # events only: tokens and the map (engine/tokens.py)
    EffectSpec(Effect.PLACE, Custom("token_placement", record=TokenPlacement), _place_words,
               "place: {token: ID, at: LOCATION}", on_cards=False),
    EffectSpec(Effect.REMOVE, Custom("token_removal", record=TokenPlacement), _remove_words,
               "remove: {token: ID, at: LOCATION}", on_cards=False),
    EffectSpec(Effect.OPEN, ListOf(Custom("map_square"), nonempty=True),
               lambda p, v: f"Open ground at {_squares(v)}", "open: [LOCATION, ...]", on_cards=False),
    EffectSpec(Effect.CLOSE, ListOf(Custom("map_square"), nonempty=True),
               lambda p, v: f"No way through {_squares(v)} any more", "close: [LOCATION, ...]", on_cards=False),
)}
