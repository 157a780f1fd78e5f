"""The content's game words: one ``StrEnum`` per closed set of words a pack may write.

Each member's value is the word as YAML, the pack cache, saves and ``--json`` spell it,
so a member compares, hashes and serialises like that string (``Effect.SPAWN == "spawn"``;
``json.dumps`` writes ``"spawn"``). Declaration order is meaningful where a docstring
says so (card effects apply in it; messages list the choices in it).

This module holds names only. What a word *means* lives beside it, one record per
member: its schema and printed words at pack level (``pack/effects.py`` for card
effects), what it does in an engine table keyed by the same member. Words a pack may
extend (foe classes: a box may add one through ``rules.activation_order``) are not here.
"""

from __future__ import annotations

from enum import StrEnum


class Effect(StrEnum):
    """A chapter card's effect (``effect: {damage: 1}``), in the order effects apply."""

    SPAWN = "spawn"
    DAMAGE = "damage"
    FEAR = "fear"
    HEAL = "heal"
    CALM = "calm"
    LOCK = "lock"
    UNLOCK = "unlock"
    ADVANCE = "advance"
    TOKENS = "tokens"
    ALLY = "ally"
    # event-only effects (a chapter event's ``do``; ``EffectSpec.on_cards`` is False), in
    # owner blocks: the events core, then tokens, then the other event effects
    STORY = "story"
    WIN = "win"
    LOSE = "lose"
    SET = "set"
    ADD = "add"
    CHOOSE = "choose"
    # events only (``on_cards=False``): the token and map block
    PLACE = "place"
    REMOVE = "remove"
    OPEN = "open"
    CLOSE = "close"
    # event-only effects (a chapter event's ``do:``; never a card's): spawning, items,
    # the objective, foe boosts, the storybook token, the deck, a campaign's locked skills
    SPAWN_AT = "spawn_at"
    GIVE = "give"
    TAKE = "take"
    OBJECTIVE = "objective"
    BOOST = "boost"
    TRACK = "track"
    DECK = "deck"
    UNLOCK_SKILL = "unlock_skill"


class Recipient(StrEnum):
    """Who an event's ``give`` gives to, or ``take`` takes from (besides a Legend's id)."""

    SEARCHER = "searcher"  # the hero whose search set the event off
    ACTIVE = "active"  # the Legend activating now, else the hero who set the event off
    EACH = "each"  # every Legend


class BoostStat(StrEnum):
    """What an event's ``boost`` raises, in the order it is told."""

    ATTACK = "attack"  # dice of the foe's attack
    DIRECT = "direct"  # direct damage of the foe's attack
    DEFENSE = "defense"
    MOVE = "move"
    HEALTH = "health"  # and the foes on the board gain as much


class Trigger(StrEnum):
    """What sets off a chapter event (``when: {round_start: 5}``); messages list them in this order."""

    ROUND_START = "round_start"
    ROUND_END = "round_end"
    TRACK_SPOT = "track_spot"
    SEARCHED = "searched"
    ENTERS = "enters"
    FOE_DEFEATED = "foe_defeated"
    FOES_LEFT = "foes_left"
    CARD_DRAWN = "card_drawn"
    TOKEN_DESTROYED = "token_destroyed"
    FLAG = "flag"
    HEALTH_BELOW = "health_below"
    FEAR_AT_LEAST = "fear_at_least"


class Condition(StrEnum):
    """What a chapter event's ``if`` may test (``if: [{flag: key-found}]``)."""

    FLAG = "flag"
    NOT_FLAG = "not_flag"
    COUNTER = "counter"
    ROUND = "round"
    HERO_AT = "hero_at"
    FOES_ON_BOARD = "foes_on_board"


class Compare(StrEnum):
    """How a condition compares a number (``counter: {stones: {at_least: 3}}``)."""

    AT_LEAST = "at_least"
    AT_MOST = "at_most"
    EQUALS = "equals"


class ObjectiveKind(StrEnum):
    """How a chapter is won (``objective: {kind: survive, ...}``)."""

    SURVIVE = "survive"
    SEARCH = "search"
    DEFEAT = "defeat"
    PROTECT = "protect"
    FLAG = "flag"  # a chapter flag is set (an event's ``set``), by the end of a round
    ALL = "all"  # every part won; lost when any part is lost


class TrackAction(StrEnum):
    """What a storybook track spot makes the adversary do."""

    MOVE = "move"
    ATTACK = "attack"
    SPAWN = "spawn"
    CARD = "card"


class TrackEnd(StrEnum):
    """What the storybook token does after the track's last spot."""

    LOOP = "loop"
    STAY = "stay"


class FeatureKind(StrEnum):
    """What a map letter names (``features: {S: start}``)."""

    START = "start"
    SEARCH = "search"
    SCENERY = "scenery"


class TokenBlocks(StrEnum):
    """``tokens.ID.blocks``: which side may not enter a token's square."""

    FOES = "foes"
    HEROES = "heroes"
    ALL = "all"


class TokenSide(StrEnum):
    """``tokens.ID.for``: the side a token serves (its bonus helps that side's attacks,
    its trap hurts that side's enemies)."""

    HEROES = "heroes"
    FOES = "foes"


class ItemKind(StrEnum):
    """An item's kind: carried and used, equipped as the Legend's relic, or worn as the
    Legend's outfit (one each; an outfit's ``changes`` apply while it is worn)."""

    ITEM = "item"
    RELIC = "relic"
    OUTFIT = "outfit"


class Stat(StrEnum):
    """The stats a campaign's ``changes`` may move (an upgrade, a life path, an outfit), in
    the order they are told."""

    HEALTH = "health"
    DEFENSE = "defense"
    MOVE = "move"
    TOKENS = "tokens"
    ATTACK_PRIORITY = "attack_priority"
    FEAR_LIMIT = "fear_limit"


# --------------------------------------------------------------- rule settings
# One enum per ``rules:`` setting with a closed set of values, its members in the order
# messages list them (``model.Rules`` types its field by it, with its default;
# docs/rules-interpretations.md explains each reading).


class LosCorners(StrEnum):
    """``rules.los_corners``: whether a sight line may graze a blocked square's corner."""

    PERMISSIVE = "permissive"
    STRICT = "strict"


class RangeMeasure(StrEnum):
    """``rules.range_measure``: range counted on the grid or as a walk."""

    GRID = "grid"
    WALK = "walk"


class SearchLimit(StrEnum):
    """``rules.search_limit``: how often one search spot may be searched."""

    ONCE = "once"
    PER_ROUND = "per_round"
    UNLIMITED = "unlimited"


class FoeTargets(StrEnum):
    """``rules.foe_targets`` (and a chapter's ``foe_targets``): whom a ``target: closest`` foe
    goes for. The rules summary says "the closest Legend"; ``heroes`` lets allies be chosen
    too (a chapter about protecting someone)."""

    LEGENDS = "legends"
    HEROES = "heroes"


class SpawnListEnd(StrEnum):
    """``rules.spawn_list_end``: what spawning does after the spawn list's last entry."""

    LOOP = "loop"
    STOP = "stop"


class FearTokens(StrEnum):
    """``rules.fear_tokens``: fear as a counter, or as discs in the Legend's action pool."""

    COUNTER = "counter"
    POOL = "pool"


class SupplyExhausted(StrEnum):
    """``rules.supply_exhausted``: a spawn with no miniature left is skipped, or loses."""

    SKIP = "skip"
    LOSE = "lose"

