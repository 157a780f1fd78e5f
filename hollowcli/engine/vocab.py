"""The engine's game words: one ``StrEnum`` per closed set of words the engine speaks.

Each member's value is the word as saves, the ``--log`` file and ``--json`` spell it, so a
member compares, hashes and serialises like that string (``Act.MOVE == "move"``;
``json.dumps`` writes ``"move"``). Text from outside (a save, a typed command) becomes a
member at the edge (``from_dict``, the parsers); inside the engine every field typed by
one of these holds a member (the compiled engine checks it), and code compares members,
never strings.

This module holds names only. What a word means lives in one record per member:

- :class:`Act`: its :class:`~hollowcli.engine.actions.ActionKind` (fields, words, who may
  take it) in ``actions.KINDS`` and its rule (makers, handler) in ``legend_phase.RULES``;
- :class:`EventKind`: made by ``core.event`` where the ruling is made, with its reason;
- :class:`CorrectionKind`: its ``CorrectionRule`` in ``corrections.CORRECTIONS``.

Every :class:`~hollowcli.engine.state.Event` has a kind from :class:`EventKind` and the same
typed fields: ``actor``, ``target``, ``frm``/``to`` (locations), ``rolls`` (each die:
``die``, ``face``, ``value``, ``physical``), ``numbers`` (the arithmetic), ``reason`` (one
line) and ``detail`` (``--explain``).
"""

from __future__ import annotations

from enum import StrEnum


class Act(StrEnum):
    """A kind of choice the players make in the Legend phase; declaration order is the
    order help texts name them (the menu's order is ``ActionKind.menu``)."""

    ACTIVATE = "activate"
    MOVE = "move"
    ATTACK = "attack"
    USE = "use"
    RESTORE = "restore"
    SEARCH = "search"
    GIVE = "give"
    SWAP = "swap"
    REFRESH = "refresh"
    END = "end"
    BEGIN = "begin"  # round 1 of a chapter whose events start it: the players begin (engine/script.py)


class Who(StrEnum):
    """Who may take a kind of choice in an activation."""

    LEGEND = "legend"  # Legends only (tokens, skills, items)
    HERO = "hero"  # Legends and allies


class Phase(StrEnum):
    """The phase a game is in."""

    LEGENDS = "legends"
    ADVERSARY = "adversary"
    OVER = "over"


class Side(StrEnum):
    """The side a figure fights for (a trap hurts only the setter's enemies)."""

    LEGENDS = "legends"  # Legends and allies: the heroes
    FOES = "foes"


class Result(StrEnum):
    """How a game ended."""

    WON = "won"
    LOST = "lost"


class CorrectionKind(StrEnum):
    """The word a correction starts with (``hollow assist``: "the board is the truth");
    the words are fixed by the product brief, in the order help texts name them."""

    PUT = "put"
    ADD = "add"
    REMOVE = "remove"
    SET = "set"
    BARRICADE = "barricade"
    UNBARRICADE = "unbarricade"
    TRACK = "track"
    NEXT_SPAWN = "next-spawn"
    TOKEN = "token"  # token add|remove KIND LOC: a chapter token placed or lost by mistake
    FLAG = "flag"  # flag NAME N: a chapter flag or counter as the group says it is


class TokenOp(StrEnum):
    """What a ``token`` correction does."""

    ADD = "add"
    REMOVE = "remove"


class SetField(StrEnum):
    """What a ``set`` correction changes."""

    HEALTH = "health"
    FEAR = "fear"
    TOKENS = "tokens"


class EventKind(StrEnum):
    """What happened."""

    # the Legend phase
    ACTIVATE = "activate"
    REFRESH = "refresh"
    SWAP = "swap"
    MOVE = "move"
    LEAVE = "leave"  # a leave roll
    FALL = "fall"  # a Legend falls (health 0) during its move
    ATTACK_ROLL = "attack-roll"  # one roll of an area attack
    ATTACK = "attack"  # damage to one foe
    TRAP_SET = "trap-set"
    TRAP = "trap"  # a trap springs
    RESTORE = "restore"
    SEARCH = "search"
    GIVE = "give"
    FEAR_TOKEN = "fear-token"  # rules.fear_tokens: pool
    END = "end"  # an activation ends
    # the adversary phase
    TRACK = "track"
    ACTIVATION = "activation"  # the foes' activation order
    FOE_MOVE = "foe-move"
    FOE_HOLD = "foe-hold"
    FOE_ATTACK_ROLL = "foe-attack-roll"  # one roll of an area foe attack
    FOE_ATTACK = "foe-attack"
    FOE_NO_ATTACK = "foe-no-attack"
    SPAWN = "spawn"
    SHUFFLE = "shuffle"
    CARD = "card"
    CARD_DAMAGE = "card-damage"
    CARD_FEAR = "card-fear"
    CARD_HEAL = "card-heal"
    CARD_CALM = "card-calm"
    CARD_LOCK = "card-lock"
    CARD_UNLOCK = "card-unlock"
    CARD_ADVANCE = "card-advance"
    CARD_TOKENS = "card-tokens"
    CARD_ALLY = "card-ally"  # a card brings an ally
    ALLY_FALLS = "ally-falls"  # an ally at 0 health leaves the board
    TRACK_SLIDE = "track-slide"
    # a chapter's tokens and map (issue 18): placed, removed, a square opened or closed
    TOKEN_PLACED = "token-placed"
    TOKEN_REMOVED = "token-removed"
    MAP_CHANGE = "map-change"
    TOKEN_ATTACK = "token-attack"  # damage to a token (a tombstone)
    TOKEN_DESTROYED = "token-destroyed"  # a token at 0 health is removed
    # hollow assist: the players set the ledger to what the board shows (any phase)
    CORRECTION = "correction"
    # the end of a round
    ROUND = "round"
    GAME_OVER = "game-over"  # numbers.result: won | lost
    # chapter events (engine/script.py; the effects of engine/effects.py)
    EVENT = "event"  # an event fires: numbers.event, trigger, value, effects, once
    STORY = "story"  # an event's story text, read out
    CHOICE = "choice"  # the players chose an option (numbers.by: players | auto)
    COUNTER = "counter"  # a flag or counter was set or added to
    VERDICT = "verdict"  # an event's win or lose: the chapter ends when its moment is over
    # chapter events' own effects (engine/effects.py): what else a script changes
    OBJECTIVE = "objective"  # the objective is replaced (numbers.objective: its kind)
    BOOST = "boost"  # foes of an id or class get more of a stat for the rest of the chapter
    DECK = "deck"  # copies of a card shuffled into the chapter deck, or taken out of it
    SKILL_UNLOCKED = "skill-unlocked"  # a skill that starts locked is freed (unlock_skill)
    ITEM_GAINED = "item-gained"  # a Legend is given an item
    ITEM_LOST = "item-lost"  # an item is taken from a Legend
    TRACK_SET = "track-set"  # the storybook token is moved to a spot
