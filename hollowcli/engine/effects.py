"""The card effects: one registry entry per effect key, read by validation, the engine
and the print kit, so the three cannot drift apart.

Each :class:`Effect` has its ``key`` (as written under a card's ``effect:``), ``convert``
(checks the YAML value with the pack validator's converters and returns the canonical
value, reporting problems with file and line), ``apply`` (what the engine does when the
card is drawn) and ``words`` (the effect as printed on the card). :data:`EFFECTS` lists
them in the order a card's effects apply.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from hollowcli.names import plural
from hollowcli.pack.model import Pack, SpawnGroup

# What an effect does imports the engine when a card is played: the print kit and the
# pack validator read only the keys and the words, and do not load the engine.
if TYPE_CHECKING:
    from hollowcli.engine.rolls import DiceLike
    from hollowcli.engine.state import Event, GameState


@dataclass(frozen=True)
class Effect:
    """One card effect: its key, how it is checked, what it does, and how it reads."""

    key: str
    convert: Callable[[Any, Any, tuple[Any, ...]], Any]  # (validator, YAML value, path) -> canonical value or BAD
    apply: Callable[[GameState, Any, DiceLike, list[Event], str, list[int]], GameState]
    words: Callable[[Pack, Any], str]  # markup for the printed card: escaped text, {icons}
    summary: str  # the YAML form, for docs and error hints


def _each_legend(state: GameState, fn: Callable[[Any], Any]) -> GameState:
    from hollowcli.engine.state import replace

    return replace(state, legends=tuple(fn(lg) for lg in state.legends))


def _eff_spawn(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.adversary import spawn_groups

    groups = [g if isinstance(g, SpawnGroup) else SpawnGroup(foe=str(g["foe"]), count=int(g.get("count", 1))) for g in value]
    return spawn_groups(state, groups, dice, events, f"card {title}")


def _eff_damage(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.core import hurt_legend, standing_heroes

    for lid in standing_heroes(state):  # "each hero": Legends and allies
        state = hurt_legend(state, lid, int(value), events, kind="card-damage", actor=None,
                            reason=f"card {title}: {int(value)} damage to each hero, no defense",
                            numbers={"card_damage": int(value)})
    return state


def _eff_fear(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.core import event
    from hollowcli.engine.state import replace

    state = _each_legend(state, lambda lg: replace(lg, fear=lg.fear + int(value)))
    events.append(event(state, "card-fear", numbers={"fear": int(value)}, reason=f"card {title}: each Legend gains {int(value)} fear"))
    return state


def _eff_heal(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.core import event
    from hollowcli.engine.state import replace

    state = _each_legend(state, lambda lg: replace(lg, health=min(state.legend_def(lg.id).health, lg.health + int(value)) if lg.health > 0 else lg.health))
    state = replace(state, allies=tuple(replace(a, health=min(state.pack.allies[a.id].health, a.health + int(value))) for a in state.allies))
    events.append(event(state, "card-heal", numbers={"heal": int(value)}, reason=f"card {title}: each hero regains up to {int(value)} health (not above its maximum)"))
    return state


def _eff_calm(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.core import event, remove_fear

    state = _each_legend(state, lambda lg: remove_fear(lg, int(value))[0])
    events.append(event(state, "card-calm", numbers={"calm": int(value)}, reason=f"card {title}: each Legend removes up to {int(value)} fear"))
    return state


def _eff_lock(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.core import event
    from hollowcli.engine.state import replace

    p = int(value)
    if p in state.barricades:
        events.append(event(state, "card-lock", numbers={"point": p}, reason=f"card {title}: spawn point {p} is already barricaded"))
        return state
    state = replace(state, barricades=tuple(sorted(state.barricades + (p,))))
    events.append(event(state, "card-lock", numbers={"point": p}, reason=f"card {title}: a barricade locks spawn point {p}"))
    return state


def _eff_unlock(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.core import event
    from hollowcli.engine.state import replace

    p = int(value)
    state = replace(state, barricades=tuple(b for b in state.barricades if b != p))
    events.append(event(state, "card-unlock", numbers={"point": p}, reason=f"card {title}: the barricade on spawn point {p} is removed"))
    return state


def _eff_advance(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.core import event

    extra.append(int(value))
    events.append(event(state, "card-advance", numbers={"advance": int(value)}, reason=f"card {title}: the storybook token will move {plural(int(value), 'extra spot')}"))
    return state


def _eff_tokens(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.core import event
    from hollowcli.engine.state import replace

    n = int(value)
    state = _each_legend(state, lambda lg: replace(lg, ready=lg.ready + min(n, lg.spent), spent=lg.spent - min(n, lg.spent)))
    events.append(event(state, "card-tokens", numbers={"tokens": n}, reason=f"card {title}: each Legend returns up to {plural(n, 'spent token')} to preparation"))
    return state


def _eff_ally(state: GameState, value: Any, dice: DiceLike, events: list[Event], title: str, extra: list[int]) -> GameState:
    from hollowcli.engine.core import event, place_ally

    ally_id, at = str(value["ally"]), value["at"]
    name = state.pack.allies[ally_id].name if ally_id in state.pack.allies else ally_id
    if ally_id not in state.pack.allies:
        events.append(event(state, "card-ally", target=ally_id, reason=f"card {title}: the ally {ally_id!r} is not in the content packs; nothing happens"))
        return state
    if any(a.id == ally_id for a in state.allies):
        events.append(event(state, "card-ally", target=ally_id, reason=f"card {title}: {name} is already on the board"))
        return state
    state, loc = place_ally(state, ally_id, at)
    if loc is None:
        events.append(event(state, "card-ally", target=ally_id, reason=f"card {title}: {at} is not on this map, so {name} does not come"))
        return state
    events.append(event(state, "card-ally", target=ally_id, to=loc,
                        reason=f"card {title}: {name} joins the heroes at {loc} (an ally: the players move it once per Legend phase)"))
    return state



# ------------------------------------------------------------------------ converters
def _count(ck: Any, v: Any, path: tuple[Any, ...]) -> Any:
    return ck.c_int(1)(v, path)


def _point(ck: Any, v: Any, path: tuple[Any, ...]) -> Any:
    return ck.c_point(v, path)


def _groups(ck: Any, v: Any, path: tuple[Any, ...]) -> Any:
    return ck.c_list(ck.c_group("the card's spawn effect"), nonempty=True)(v, path)


def _ally_placement(ck: Any, v: Any, path: tuple[Any, ...]) -> Any:
    return ck.c_ally_placement(v, path)


# ------------------------------------------------------------------------ words
def _nb(n: Any) -> str:
    return f"&#160;{int(n)}"


def _plural(n: int, word: str) -> str:
    """``1&#160;extra spot``: the count and its noun kept on one line of a card."""
    return plural(n, word).replace(" ", "&#160;", 1)


def _spawn_words(pack: Pack, groups: Any) -> str:
    from hollowcli.render.markup import escape_text

    parts = []
    for g in groups or ():
        foe = g.get("foe") if isinstance(g, Mapping) else getattr(g, "foe", None)
        count = g.get("count", 1) if isinstance(g, Mapping) else getattr(g, "count", 1)
        name = pack.foes[foe].name if isinstance(foe, str) and foe in pack.foes else str(foe)
        parts.append(f"{int(count)}\u00d7 {escape_text(name)}")
    return "{spawn} **Spawn** " + ", ".join(parts) + " (a D6 for each group)"


def _ally_words(pack: Pack, value: Any) -> str:
    from hollowcli.render.markup import escape_text

    aid = value.get("ally") if isinstance(value, Mapping) else None
    name = pack.allies[aid].name if isinstance(aid, str) and aid in pack.allies else str(aid)
    at = value.get("at") if isinstance(value, Mapping) else None
    where = f"spawn point {at}" if isinstance(at, int) else str(at)
    return f"**{escape_text(name)}** joins the heroes at {escape_text(where)} (an ally)"


#: Every card effect, in the order a card's effects apply.
EFFECTS: Final[dict[str, Effect]] = {e.key: e for e in (
    Effect("spawn", _groups, _eff_spawn, _spawn_words, "spawn: [{foe: ID, count: N}, ...]"),
    Effect("damage", _count, _eff_damage, lambda p, n: f"Each hero takes{_nb(n)}{{damage}} (no defense)", "damage: N"),
    Effect("fear", _count, _eff_fear, lambda p, n: f"Each Legend gains{_nb(n)}{{fear}}", "fear: N"),
    Effect("heal", _count, _eff_heal, lambda p, n: f"Each hero regains{_nb(n)}{{health}}", "heal: N"),
    Effect("calm", _count, _eff_calm, lambda p, n: f"Each Legend removes{_nb(n)}{{fear}}", "calm: N"),
    Effect("lock", _point, _eff_lock, lambda p, n: f"{{barricade}} Barricade spawn point{_nb(n)}", "lock: P"),
    Effect("unlock", _point, _eff_unlock, lambda p, n: f"Remove the barricade from spawn point{_nb(n)}", "unlock: P"),
    Effect("advance", _count, _eff_advance, lambda p, n: f"The storybook token moves {_plural(int(n), 'extra spot')}", "advance: N"),
    Effect("tokens", _count, _eff_tokens, lambda p, n: f"Each Legend returns{_nb(n)}{{token}} to its preparation space", "tokens: N"),
    Effect("ally", _ally_placement, _eff_ally, _ally_words, "ally: {ally: ID, at: POINT-or-LOCATION}"),
)}
