"""The rules engine: pure functions over immutable state; no I/O, randomness passed in.

The public API (``hollow play`` and campaigns build on it)::

    state = new_game(pack, chapter_id, legends_state=None)
    actions = legal_actions(state)            # the current decision's choices
    action = parse_command(state, "move C4")  # typed text -> a legal Action, or None
    command_hint(state, "move C9")            # why typed text is not legal now, in a sentence
    walk_ways(state, "H5")                    # the walks there that differ in cost (leave rolls, traps)
    walk_action(state, ["G4", "G5", "H5"])    # a move along a named walk (RulesError when illegal)
    state, events = apply(state, action, rng) # runs on through the adversary phase
    apply(state, action, Dice(rng, source))   # every roll asked of a dice source:
                                              # source.roll(RollRequest) -> RolledFace...
    outcome(state), outcome_reason(state)     # "won" / "lost" / None, and why
    campaign_carryover(state)                 # legend id -> {"inventory", "relic"}
    campaign_flags(state)                     # the flags a won chapter carries ('campaign: true')
    campaign_unlocked(state)                  # the skills a won chapter's 'unlock_skill' freed
    grown_pack(pack, growth)                  # the pack with a campaign's Legends grown (same pack: no growth)
    growth_words(pack, legend_id, record)     # (source, its changes in words) for a Legend's card
    fear_limit(pack, legend_id)               # the fear a Legend falls at (the rules' + its campaign's)
    auto_action(state, rng)                   # a sensible choice for --auto
    GameState.to_dict() / GameState.from_dict(pack, data)
    Action.to_dict() / Action.from_dict(data) # a choice as a save stores it (engine/actions.py
                                              # prints and reads the command language)
    Event.kind                                # an EventKind (engine/vocab.py: the engine's words)
    map_cells(state)                          # the map, square by square, with contents

Names are imported lazily, so ``hollow roll`` (which uses ``engine.resolve``) does not
pay for the whole engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from hollowcli.engine.actions import Action
    from hollowcli.engine.corrections import Correction, parse_correction
    from hollowcli.engine.game import (
        apply,
        campaign_carryover,
        end_before_activate,
        end_of_round,
        legal_actions,
        new_game,
        outcome,
        outcome_reason,
        parse_command,
        parse_step,
    )
    from hollowcli.engine.geometry import Board, board_for, loc_name, parse_loc
    from hollowcli.engine.growth import fear_limit, grown_pack, growth_words
    from hollowcli.engine.hints import command_hint
    from hollowcli.engine.objectives import progress, rule_of
    from hollowcli.engine.policy import auto_action
    from hollowcli.engine.rolls import (
        AskSource,
        ChoiceRequest,
        Chosen,
        Dice,
        DiceSource,
        RolledFace,
        RollRequest,
        SeededSource,
    )
    from hollowcli.engine.state import (
        STATE_VERSION,
        Event,
        FoeState,
        GameState,
        LegendState,
        ScriptState,
        TokenState,
        Trap,
        Turn,
        campaign_flags,
        campaign_unlocked,
    )
    from hollowcli.engine.view import Cell, map_cells
    from hollowcli.engine.vocab import EventKind
    from hollowcli.engine.walks import walk_action, walk_ways
    from hollowcli.errors import RulesError

_WHERE = {
    "apply": "game", "campaign_carryover": "game", "end_before_activate": "game", "end_of_round": "game", "legal_actions": "game",
    "new_game": "game", "outcome": "game", "outcome_reason": "game", "parse_command": "game",
    "progress": "objectives", "rule_of": "objectives", "parse_step": "game",
    "Correction": "corrections", "parse_correction": "corrections",
    "Board": "geometry", "board_for": "geometry", "loc_name": "geometry", "parse_loc": "geometry",
    "auto_action": "policy",
    "command_hint": "hints",
    "walk_action": "walks", "walk_ways": "walks",
    "STATE_VERSION": "state", "Action": "actions", "Event": "state", "FoeState": "state",
    "GameState": "state", "LegendState": "state", "Trap": "state", "Turn": "state",
    "ScriptState": "state", "TokenState": "state", "campaign_flags": "state",
    "campaign_unlocked": "state", "fear_limit": "growth", "grown_pack": "growth", "growth_words": "growth",
    "Cell": "view", "map_cells": "view",
    "EventKind": "vocab",
    "AskSource": "rolls", "Dice": "rolls", "DiceSource": "rolls", "RolledFace": "rolls", "RollRequest": "rolls",
    "SeededSource": "rolls", "ChoiceRequest": "rolls", "Chosen": "rolls",
}

__all__ = [
    "STATE_VERSION",
    "Action",
    "AskSource",
    "Board",
    "Cell",
    "ChoiceRequest",
    "Chosen",
    "Dice",
    "DiceSource",
    "Correction",
    "Event",
    "EventKind",
    "FoeState",
    "GameState",
    "LegendState",
    "RollRequest",
    "RolledFace",
    "RulesError",
    "ScriptState",
    "SeededSource",
    "TokenState",
    "Trap",
    "Turn",
    "apply",
    "auto_action",
    "board_for",
    "campaign_carryover",
    "campaign_flags",
    "campaign_unlocked",
    "compiled",
    "command_hint",
    "end_before_activate",
    "end_of_round",
    "fear_limit",
    "grown_pack",
    "growth_words",
    "legal_actions",
    "loc_name",
    "map_cells",
    "new_game",
    "outcome",
    "outcome_reason",
    "parse_command",
    "parse_correction",
    "parse_step",
    "parse_loc",
    "progress",
    "rule_of",
    "walk_action",
    "walk_ways",
]


def compiled() -> bool:
    """Whether the engine runs compiled (a regular install builds it with mypyc, see
    ``setup.py``) rather than from its Python source (an editable install, or a machine
    that could not compile it). Both play the same games."""
    from importlib.util import find_spec

    spec = find_spec("hollowcli.engine.game")
    return spec is not None and spec.origin is not None and not spec.origin.endswith(".py")


def __getattr__(name: str) -> Any:
    if name == "RulesError":
        from hollowcli.errors import RulesError

        return RulesError
    mod = _WHERE.get(name)
    if mod is None:
        raise AttributeError(f"module 'hollowcli.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"hollowcli.engine.{mod}"), name)
    globals()[name] = value
    return value
