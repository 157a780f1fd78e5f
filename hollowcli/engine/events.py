"""The kinds of event the engine reports: one enum, read by the engine, the view and the log.

Every :class:`~hollowcli.engine.state.Event` has a kind from :class:`EventKind` (a string
enum, so the ``--log`` file and ``--json`` carry its value) and the same typed fields:
``actor``, ``target``, ``frm``/``to`` (locations), ``rolls`` (each die: ``die``, ``face``,
``value``, ``physical``), ``numbers`` (the arithmetic, keys per kind in :data:`NUMBERS`),
``reason`` (one line) and ``detail`` (``--explain``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


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
    # hollow assist: the players set the ledger to what the board shows (any phase)
    CORRECTION = "correction"
    # the end of a round
    ROUND = "round"
    GAME_OVER = "game-over"  # numbers.result: won | lost


#: How a ruling is coloured on screen: "good", "bad" or "" (plain).
def tone(ev: Any) -> str:
    """The colour role of an event: the end of the game by its result, a fall as bad."""
    if ev.kind == EventKind.GAME_OVER:
        return "good" if ev.numbers.get("result") == "won" else "bad"
    if ev.kind in (EventKind.FALL, EventKind.ALLY_FALLS):
        return "bad"
    return ""
