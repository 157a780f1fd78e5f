"""What a hero can pay for now, and with what numbers: its loadout.

A Legend's choices of skills and items depend only on its tokens, its fear in the
preparation space (``rules.fear_tokens: pool``), its inventory and its relic (and, in a
scripted chapter, the skills locked and unlocked); the pack keeps each answer by those
(:func:`per_loadout`, :func:`~hollowcli.engine.speed.per_pack`), so the lists are not
worked out again at every decision, nor in every game played with the pack. An ally has
only its basic attack, if it has one. An attack's dice and direct damage come from the
pack, and from a campaign's changes to the Legend (:func:`attack_numbers`, with the source
of each change in its reason). A skill that starts ``locked`` is not the Legend's to use
until a campaign or an ``unlock_skill`` event frees it (:func:`skills_locked`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final

from hollowcli.engine import resolve, tokens
from hollowcli.engine.core import fear_ready
from hollowcli.engine.growth import BASIC, attack_words, grown_attack
from hollowcli.engine.speed import per_pack, per_state
from hollowcli.engine.state import AllyState, GameState, LegendState, ScriptState
from hollowcli.engine.vocab import Side
from hollowcli.pack.model import AttackSpec, Item, Skill
from hollowcli.pack.vocab import ItemKind

_ITEM: Final = ItemKind.ITEM
_HEROES: Final = Side.LEGENDS


def source_of(state: GameState, source: str | None, source_id: str | None) -> Skill | Item | None:
    """The skill or item an attack or use is made with (``source``: basic, skill or item;
    None for the basic attack)."""
    if source == "skill":
        return state.pack.skills[source_id or ""]
    if source == "item":
        return state.pack.items[source_id or ""]
    return None


def min_cost(state: GameState, lg: LegendState) -> int | None:
    """The cheapest of the Legend's skills and of the items it can use (None: it has neither).

    "If out of tokens but not actions, refresh first": skills and items both spend tokens, so
    a Legend is out of tokens when it has fewer ready than the cheapest of either.
    """
    key: tuple[Any, ...] = ("min cost", lg.id, lg.inventory, lg.relic)
    script = state.script
    if script is not None:
        key += _locks(script)
    return per_pack(state.pack, key, _min_cost, state, lg)  # (few distinct keys)


def _min_cost(state: GameState, lg: LegendState) -> int | None:
    costs = [state.pack.skills[s].cost for s in skills_free(state, lg) if s in state.pack.skills]
    costs += [state.pack.items[i].cost for i in usable_items(state, lg)]
    return min(costs) if costs else None


def affordable(state: GameState, lg: LegendState, obj: Skill | Item) -> bool:
    """Whether the Legend can pay ``obj``'s cost now: ready tokens, plus fear tokens in the
    preparation space when ``rules.fear_tokens`` is ``pool`` and ``obj`` says ``fear_pays``."""
    return obj.cost <= lg.ready + (fear_ready(state, lg) if obj.fear_pays else 0)



def attack_sources(state: GameState, lg: LegendState | AllyState) -> tuple[tuple[str, str | None, AttackSpec, int, str], ...]:
    """Every attack the Legend can pay for now: (source kind, id, spec, cost, name). An ally
    has only its basic attack, if it has one.

    What a Legend can pay for depends only on its tokens, its fear in the preparation
    space, its inventory and its relic (and the pack), so the pack keeps the answer by
    those (:func:`per_loadout`): few distinct keys, and the list is not worked out again at
    every decision."""
    return per_loadout(state, "attacks", lg, _attack_sources)


def per_loadout(state: GameState, kind: str, lg: Any, work: Callable[[GameState, Any], Any]) -> Any:
    """``work(state, lg)`` about what the hero can pay for (a generator is kept as a tuple),
    kept on the pack (:func:`~hollowcli.engine.speed.per_pack`: for every game played with
    it, a hint's rollouts and a simulation's games) by what that depends on: its tokens,
    its fear in the preparation space, its inventory and its relic, and in a scripted
    chapter the skills locked and unlocked (an ally: nothing but itself). Few distinct
    keys, even over many games."""
    if isinstance(lg, AllyState):
        key: tuple[Any, ...] = (kind, lg.id)
    else:
        key = (kind, lg.id, lg.ready, fear_ready(state, lg), lg.inventory, lg.relic)
        script = state.script
        if script is not None:  # a skill lock, or a skill unlocked, changes what the Legend can use
            key += _locks(script)
    return per_pack(state.pack, key, _worked_out, work, state, lg)


def _locks(script: ScriptState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the skills under a skill lock, sorted; the skills unlocked): the script's part of a
    loadout's key, kept by the script state (:func:`~hollowcli.engine.speed.per_state`)."""
    return per_state(script, "skill locks", _locks_now)


def _locks_now(script: ScriptState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(sorted({t.skill for t in script.tokens if t.skill})), script.unlocked


def skills_free(state: GameState, lg: LegendState) -> tuple[str, ...]:
    """The Legend's skills it may use: not ``locked`` (or unlocked), without a skill lock on
    them (unscripted, with nothing locked: all of them)."""
    skills = own_skills(state, lg.id)
    if state.script is None:
        return skills
    locked = tokens.locked_skills(state)
    return tuple(s for s in skills if s not in locked)


def own_skills(state: GameState, legend_id: str) -> tuple[str, ...]:
    """The Legend's skills that are its to use: the pack's (or the campaign's grown list),
    less those that start ``locked`` and are not unlocked, plus those an ``unlock_skill``
    event freed in this chapter (readings 9 and 11: ``locked`` belongs to the skill)."""
    ldef = state.legend_def(legend_id)
    at_start = locked_at_start(state, legend_id)
    if not at_start:
        return ldef.skills
    locked = skills_locked(state, legend_id)
    return tuple(s for s in ldef.skills if s not in locked) + \
        tuple(s for s in at_start if s not in locked and s not in ldef.skills)


def skills_locked(state: GameState, legend_id: str) -> tuple[str, ...]:
    """The Legend's skills that start ``locked`` and that neither its campaign nor an
    ``unlock_skill`` event of this chapter has freed (none, most often)."""
    at_start = locked_at_start(state, legend_id)
    if not at_start:
        return at_start
    script = state.script
    freed = script.unlocked if script is not None else ()
    return tuple(s for s in at_start if s not in freed)


def locked_at_start(state: GameState, legend_id: str) -> tuple[str, ...]:
    """The Legend's skills locked when the game starts: a grown Legend's ``Grown.locked``,
    else its pack skills that say ``locked: true`` (no campaign: reading 9)."""
    ldef = state.legend_def(legend_id)
    g = ldef.grown
    if g is not None:
        return g.locked  # type: ignore[no-any-return]
    skills = state.pack.skills
    return tuple(s for s in ldef.skills if s in skills and skills[s].locked)


def _worked_out(work: Callable[[GameState, Any], Any], state: GameState, lg: Any) -> Any:
    hit = work(state, lg)
    return tuple(hit) if isinstance(hit, Iterator) else hit  # (a generator is kept as a tuple)


def _attack_sources(state: GameState, lg: LegendState | AllyState) -> Iterator[tuple[str, str | None, AttackSpec, int, str]]:
    if isinstance(lg, AllyState):
        spec = state.pack.allies[lg.id].basic_attack
        if spec is not None:
            yield "basic", None, spec, 0, "basic attack"
        return
    ldef = state.legend_def(lg.id)
    yield "basic", None, ldef.basic_attack, 0, "basic attack"
    for sid in skills_free(state, lg):
        sk = state.pack.skills.get(sid)
        if sk and sk.attack and affordable(state, lg, sk):
            yield "skill", sid, sk.attack, sk.cost, sk.name
    for iid in usable_items(state, lg):
        it = state.pack.items[iid]
        if it.attack and affordable(state, lg, it):
            yield "item", iid, it.attack, it.cost, it.name


def usable_items(state: GameState, lg: LegendState) -> list[str]:
    """Items the Legend can use: items in its inventory and its equipped relic (relics in the
    inventory must be equipped first)."""
    out = [i for i in lg.inventory if i in state.pack.items and state.pack.items[i].kind == _ITEM]
    if lg.relic and lg.relic in state.pack.items:
        out.append(lg.relic)
    return list(dict.fromkeys(out))


def attack_numbers(state: GameState, lg: LegendState | AllyState, source: str, source_id: str | None) -> resolve.AttackNumbers:
    """The dice and direct damage of an attack (from the pack alone: kept on the pack), and
    the bonus of the tokens on the hero's square (not kept: it goes with the square)."""
    nums: resolve.AttackNumbers = per_pack(state.pack, ("attack", lg.id, source, source_id), _attack_numbers, state, lg, source,
                                           source_id)
    if state.script is not None:
        more_dice, more_direct, said = tokens.bonus_at(state, lg.loc, _HEROES)  # (unpacked: a call with *args is a generic call)
        nums = with_bonus(nums, more_dice, more_direct, said)
    return nums


def with_bonus(nums: resolve.AttackNumbers, dice: int, direct: int, said: str) -> resolve.AttackNumbers:
    """An attack's numbers with a token's bonus added (a location's bonus, not a personal
    one: item attacks get it too); the same numbers when there is none."""
    if not said:
        return nums
    return resolve.AttackNumbers(nums.dice + dice, nums.direct + direct, nums.range, nums.area, f"{nums.reason}; {said}")


def _attack_numbers(state: GameState, lg: LegendState | AllyState, source: str, source_id: str | None) -> resolve.AttackNumbers:
    if isinstance(lg, AllyState):
        return resolve.ally_attack(state.pack.allies[lg.id])
    ldef = state.legend_def(lg.id)
    src = source_of(state, source, source_id)
    grown = ldef.grown
    if grown is not None and not isinstance(src, Item):  # a campaign's changes: with their sources
        key = BASIC if src is None else src.id
        spec = ldef.basic_attack if src is None else src.attack
        if key in grown.attacks and spec is not None:
            return resolve.legend_attack(ldef, src, state.pack.rules.basic_attack_bonus, grown_attack(spec, grown, key),
                                         attack_words(spec, grown, key))
    return resolve.legend_attack(ldef, src, state.pack.rules.basic_attack_bonus)



def use_sources(state: GameState, lg: LegendState) -> tuple[tuple[str, str, Skill | Item], ...]:
    """The skills and items that are not attacks which the Legend can pay for now, kept for
    the game by what they depend on (as :func:`attack_sources`)."""
    return per_loadout(state, "uses", lg, _use_sources)  # type: ignore[no-any-return]


def _use_sources(state: GameState, lg: LegendState) -> tuple[tuple[str, str, Skill | Item], ...]:
    sources: list[tuple[str, str, Skill | Item]] = []
    for sid in skills_free(state, lg):
        sk = state.pack.skills.get(sid)
        if sk and sk.attack is None and affordable(state, lg, sk):
            sources.append(("skill", sid, sk))
    for iid in usable_items(state, lg):
        it = state.pack.items[iid]
        if it.attack is None and affordable(state, lg, it):
            sources.append(("item", iid, it))
    return tuple(sources)
