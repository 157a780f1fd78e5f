"""The engine's public API: errors a user can cause, serialising, the map view, typed input."""

from __future__ import annotations

import json
import random
import string

import pytest
from test_engine_packs import ScriptedRng, by_command, game, make_pack, with_foes

from hollowcli.engine import (
    GameState,
    apply,
    auto_action,
    campaign_carryover,
    legal_actions,
    map_cells,
    new_game,
    outcome,
    parse_command,
)
from hollowcli.errors import RulesError, SaveError
from hollowcli.pack.model import Objective, TrackSpot


def test_new_game_rejects_unknown_chapters_and_items() -> None:
    pack = make_pack()
    with pytest.raises(RulesError, match="no chapter 'nope'"):
        new_game(pack, "nope")
    with pytest.raises(RulesError, match="'ghost-item'"):
        new_game(pack, "t", {"ann": {"inventory": ["ghost-item"], "relic": None}})


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("legends"),
    lambda d: d.update(version=99),
    lambda d: d.update(chapter="elsewhere"),
    lambda d: d["legends"][0].update(loc="A1"),
    lambda d: d["legends"][0].update(id="zed"),
    lambda d: d["legends"][0].update(health="lots"),
    lambda d: d.update(phase="dancing"),
    lambda d: d.update(foes=[{"number": 1, "foe": "dragon", "loc": "C3", "health": 1}]),
    lambda d: d.update(turn={"legend": "zed"}),
    lambda d: d.update(legends=[]) or d.update(turn=None),
    lambda d: d.update(result="draw"),
    lambda d: d.update(traps=[{"loc": "C3", "type": "snare", "side": "nobody", "setter": "ann", "damage": 1}]),
])
def test_damaged_states_raise_save_error(damage) -> None:
    data = json.loads(json.dumps(game(make_pack()).to_dict()))
    damage(data)
    with pytest.raises(SaveError):
        GameState.from_dict(make_pack(), data)


@pytest.mark.parametrize(("key", "word"), [("phase", "dancing"), ("result", "draw")])
def test_a_saved_state_with_an_unknown_word_says_which(key: str, word: str) -> None:
    data = json.loads(json.dumps(game(make_pack()).to_dict()))
    data[key] = word
    with pytest.raises(SaveError, match=f"the saved game state has an unknown {key} '{word}'"):
        GameState.from_dict(make_pack(), data)


def test_state_round_trips_through_json_and_stays_small() -> None:
    pack = make_pack()
    state = with_foes(game(pack), ("gob", "D3"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    text = json.dumps(state.to_dict())
    assert GameState.from_dict(pack, json.loads(text)) == state
    assert "Tester" not in text  # names come from the pack, not the save
    assert len(text) < 1500


def test_game_over_offers_nothing_and_refuses_actions() -> None:
    pack = make_pack(objective=Objective("survive", rounds=1), track=[TrackSpot(())])
    state = game(pack)
    rng = random.Random(1)
    first = legal_actions(state)[0]
    while outcome(state) is None:
        state, _ = apply(state, auto_action(state, rng), rng)
    assert outcome(state) == "won" and legal_actions(state) == []
    with pytest.raises(RulesError, match="game is over"):
        apply(state, first, rng)
    with pytest.raises(RulesError):
        auto_action(state, rng)
    assert set(campaign_carryover(state)) == {"ann", "bob"}


def test_parse_command_never_raises_on_junk() -> None:
    state = with_foes(game(make_pack()), ("gob", "D3"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    legal = legal_actions(state)
    rng = random.Random(3)
    alphabet = string.printable + "²٣→é#"
    for _ in range(500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        got = parse_command(state, text)
        assert got is None or got in legal


def test_map_cells_lists_every_square_with_its_contents() -> None:
    pack = make_pack(barricades=[2], walls=[("C3", "D3")])
    state = with_foes(game(pack), ("gob", "B2"), ("pump", "D4"))
    rows = map_cells(state)
    assert len(rows) == 6 and all(len(r) == 7 for r in rows)
    cell = {c.name: c for r in rows for c in r}
    assert not cell["A1"].open and cell["A1"].char == "#"
    assert cell["B2"].spawn == 1 and not cell["B2"].locked and cell["B2"].foes == (1,)
    assert cell["F5"].spawn == 2 and cell["F5"].locked
    assert cell["D4"].feature == "start" and cell["D4"].legends == ("ann", "bob") and cell["D4"].foes == (2,)
    assert cell["C3"].walls == ("D3",) and cell["D3"].walls == ("C3",)


def test_events_serialise_with_rolls_and_numbers() -> None:
    state = with_foes(game(make_pack()), ("gob", "D3"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    _, events = apply(state, by_command(state, "attack 1"), ScriptedRng([3]))
    d = events[0].to_dict()
    assert d["kind"] == "attack" and d["actor"] == "ann" and d["target"] == "gob#1"
    assert d["from"] == "D4" and d["to"] == "D3"
    assert d["rolls"] == [{"die": "attack", "face": "2", "value": 2}]
    assert d["numbers"]["damage"] == 3 and d["numbers"]["defeated"] is True
    assert json.loads(json.dumps(d)) == d


def test_apply_is_pure() -> None:
    state = with_foes(game(make_pack()), ("gob", "D4"))
    snapshot = state.to_dict()
    state2, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    apply(state2, by_command(state2, "move D2"), ScriptedRng([1]))
    assert state.to_dict() == snapshot and state2.legend("ann").loc == "D4"


def test_version_one_states_load_with_their_progress() -> None:
    pack = make_pack()
    data = json.loads(json.dumps(game(pack).to_dict()))
    for key in ("search_count", "searched", "defeated_counts"):
        data.pop(key)
    data.update(version=1, searches=[[1, "C2"], [2, "C2"], [2, "D3"]], defeated=["gob", "pump", "gob"])
    state = GameState.from_dict(pack, data)
    assert state.search_count == 3 and state.last_searched("C2") == 2 and state.last_searched("B3") is None
    assert state.defeated_count("gob") == 2 and state.defeated_count() == 3


def test_long_games_keep_the_state_flat() -> None:
    import dataclasses

    from test_engine_playthrough import busy_pack

    pack = busy_pack(Objective("survive", rounds=120), round_limit=150, fear_limit=10**6)
    pack = dataclasses.replace(pack, legends={k: dataclasses.replace(v, health=10**6) for k, v in pack.legends.items()})
    rng = random.Random(2)
    state = new_game(pack, "t")
    sizes = {}
    while outcome(state) is None:
        state, _ = apply(state, auto_action(state, rng), rng)
        sizes[state.round] = len(json.dumps(state.to_dict()))
    assert outcome(state) == "won" and state.defeated_count() > 50
    assert sizes[120] < sizes[20] + 400  # no per-round history inside the state


def test_an_action_rebuilt_from_its_fields_is_legal() -> None:
    from hollowcli.engine import Action

    state = with_foes(game(make_pack()), ("gob", "D3"))
    state, _ = apply(state, Action("activate", "ann"), ScriptedRng())
    moved, events = apply(state, Action("move", "ann", to="C3"), ScriptedRng([0]))
    assert moved.legend("ann").loc == "C3" and events[-1].numbers["path"] == ["D4", "C4", "C3"]
    for a in legal_actions(state):
        assert Action.from_dict(json.loads(json.dumps(a.to_dict()))) == a


def test_a_whole_game_leaves_no_garbage_for_the_collector() -> None:
    """A state's listed choices point back at it; once ``apply`` has moved on, the state
    must not keep them, or every state of a game would be a reference cycle waiting for
    the garbage collector (about 680 objects a game) instead of going by reference
    counting as soon as nothing holds it."""
    import gc

    from hollowcli.commands.common import get_pack
    from hollowcli.engine import apply, auto_action, legal_actions, new_game, outcome

    pack = get_pack(())
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        state = new_game(pack, "schoolhouse")
        step = 0
        while outcome(state) is None and step < 300:
            assert legal_actions(state)  # the state now remembers its choices
            state, _ = apply(state, auto_action(state, random.Random(step)), random.Random(step))
            step += 1
        del state
        left = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    assert step > 20
    assert left == 0, f"{left} objects were left in reference cycles"
