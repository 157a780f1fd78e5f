"""The shapes chapter scripting builds on (issue 18, WP0): the script's part of the game
state and its saved form, and the players' choices asked through the dice of a step."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import house
import pytest
from test_engine_packs import game, make_pack

from hollowcli.engine import STATE_VERSION, ChoiceRequest, Chosen, Dice, GameState, ScriptState, TokenState
from hollowcli.engine.rolls import AskSource
from hollowcli.engine.speed import replace
from hollowcli.errors import RulesError, SaveError
from hollowcli.pack.model import Objective
from hollowcli.pack.vocab import ObjectiveKind

#: Every field set away from its default, so a field that does not round-trip shows.
FULL = ScriptState(
    tokens=(TokenState(kind="tombstone", loc="D2", health=2),
            TokenState(kind="loose-earth", loc="C3", finds=("stoppered-jar", "linen")),
            TokenState(kind="skill-lock", skill="long-shot")),
    counters=(("stones", 2), ("jar", 1)),
    carry=("jar",),
    fired=("dusk", "grave-opened"),
    drawn=(("loose-earth", 1),),
    opened=("E4",),
    closed=("B2",),
    boosts=(("gob", "move", 1), ("gob", "attack", 2)),
    objective=Objective(kind=ObjectiveKind.SURVIVE, rounds=4),
    verdict=("lost", "The frost climbs the stones."),
    opening=True,
    unlocked=("piercing-shot",),
)


def _reloaded(state: GameState) -> GameState:
    return GameState.from_dict(state.pack, json.loads(json.dumps(state.to_dict())))


def test_the_full_sample_sets_every_field_of_the_script_state() -> None:
    """A new field must be added to FULL (and to the saved form) or this fails."""
    blank = ScriptState()
    for f in dataclasses.fields(ScriptState):
        assert getattr(FULL, f.name) != getattr(blank, f.name), f"FULL leaves {f.name} at its default"


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(ScriptState)])
def test_every_script_field_round_trips_through_a_save(name: str) -> None:
    state = replace(game(make_pack()), script=FULL)
    back = _reloaded(state)
    assert getattr(back.script, name) == getattr(FULL, name)
    assert back == state


def test_a_reloaded_objective_is_a_model_record_with_its_kind_a_member() -> None:
    back = _reloaded(replace(game(make_pack()), script=FULL)).script
    assert back is not None and isinstance(back.objective, Objective)
    assert back.objective.kind is ObjectiveKind.SURVIVE and back.objective.rounds == 4


def test_an_unscripted_state_saves_no_script_key_and_loads_with_none() -> None:
    state = game(make_pack())
    assert state.script is None
    data = state.to_dict()
    assert "script" not in data and data["version"] == STATE_VERSION == 4
    assert _reloaded(state).script is None


def test_a_scripted_state_saves_its_script() -> None:
    data = replace(game(make_pack()), script=ScriptState(counters=(("jar", 1),))).to_dict()
    assert data["script"]["counters"] == [["jar", 1]]


def test_a_version_three_state_loads_unscripted() -> None:
    data = json.loads(json.dumps(game(make_pack()).to_dict()))
    data["version"] = 3
    state = GameState.from_dict(make_pack(), data)
    assert state.script is None and state == game(make_pack())


def test_script_state_is_compared_by_value_and_carried_by_replace() -> None:
    state = replace(game(make_pack()), script=FULL)
    assert replace(state, round=2).script is FULL
    assert state != replace(state, script=replace(FULL, fired=("dusk",)))
    assert state != game(make_pack())


def test_a_counter_never_set_reads_zero() -> None:
    assert FULL.counter("stones") == 2 and FULL.counter("never") == 0


@pytest.mark.parametrize("damage", [
    lambda s: s.update(counters=[["stones", "many"]]),
    lambda s: s.update(tokens=[{"loc": "D2"}]),
    lambda s: s.update(objective={"kind": "survive"}),
    lambda s: s.update(boosts=[["gob", "move"]]),
])
def test_a_damaged_script_is_a_save_error(damage: Any) -> None:
    data = json.loads(json.dumps(replace(game(make_pack()), script=FULL).to_dict()))
    damage(data["script"])
    with pytest.raises(SaveError, match="damaged or incomplete"):
        GameState.from_dict(make_pack(), data)


# ------------------------------------------------------------------ choices
REQUEST = ChoiceRequest("Where do you pour the salt?", ["Round the grave", "Across the north gate"], auto=1,
                        event="salt-circle")


class Chooser:
    """A source that answers every choice with ``answer`` (a plain class: compiled, the
    engine's classes cannot be subclassed)."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.asked: list[ChoiceRequest] = []

    def choose(self, request: ChoiceRequest) -> Any:
        self.asked.append(request)
        return self.answer


def test_the_seeded_source_takes_the_auto_option_else_the_first() -> None:
    assert Dice(random.Random(1)).choose(REQUEST) == Chosen(1, "Across the north gate", "auto")
    assert Dice(random.Random(1)).choose(ChoiceRequest("Which?", ["a", "b", "c"])) == Chosen(0, "a", "auto")


def test_a_source_without_choose_or_that_answers_none_takes_the_default() -> None:
    assert Dice(random.Random(1), AskSource(lambda req: None)).choose(REQUEST) == Chosen(1, "Across the north gate", "auto")
    assert Dice(random.Random(1), Chooser(None)).choose(REQUEST).by == "auto"


def test_a_source_that_answers_is_used_and_asked_the_request() -> None:
    src = Chooser(0)
    assert Dice(random.Random(1), src).choose(REQUEST) == Chosen(0, "Round the grave", "players")
    assert src.asked == [REQUEST]


@pytest.mark.parametrize("answer", [2, -1, True, "1"])
def test_an_answer_that_is_not_an_option_is_a_rules_error(answer: Any) -> None:
    with pytest.raises(RulesError, match="Where do you pour the salt"):
        Dice(random.Random(1), Chooser(answer)).choose(REQUEST)


def test_a_choice_draws_nothing_from_the_step_generator() -> None:
    """Whichever option is taken, the dice after it are the ones the seed gives."""
    a, b = random.Random(5), random.Random(5)
    Dice(a, Chooser(0)).choose(REQUEST)
    Dice(b).choose(REQUEST)
    assert a.random() == b.random() == random.Random(5).random()


@pytest.mark.parametrize(("typed", "index"), [("1", 0), ("2", 1), (" across the NORTH gate ", 1)])
def test_a_typed_choice_is_a_number_or_a_label(typed: str, index: int) -> None:
    assert REQUEST.read(typed) == index


@pytest.mark.parametrize("typed", ["0", "3", "", "grave", "-1"])
def test_a_typed_choice_that_is_no_option_says_what_to_type(typed: str) -> None:
    with pytest.raises(ValueError, match="type a number from 1 to 2"):
        REQUEST.read(typed)


def test_the_options_are_numbered_with_the_auto_one_marked() -> None:
    assert REQUEST.numbered() == ["1. Round the grave", "2. Across the north gate (auto)"]
    assert REQUEST.default == 1 and REQUEST.to_dict()["event"] == "salt-circle"


# ------------------------------------------------------------------ the floors
def test_the_new_engine_modules_have_their_floors() -> None:
    """engine/tokens.py sits between the standees and core (core springs token traps);
    engine/script.py is a room beside actions (effects below it, the phases above)."""
    tokens, standees, core = (house.floor_of(f"hollowcli.engine.{m}")[0] for m in ("tokens", "standees", "core"))
    assert standees < tokens < core
    script, actions, effects, game_floor = (house.floor_of(f"hollowcli.engine.{m}")
                                            for m in ("script", "actions", "effects", "game"))
    assert script[0] == actions[0] and script[1] == "hollowcli.engine.script"
    assert effects[0] < script[0] < game_floor[0]
