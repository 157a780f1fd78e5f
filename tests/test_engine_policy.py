"""The --auto policy makes sensible choices."""

from __future__ import annotations

import random
from dataclasses import replace

from test_engine_packs import (
    ScriptedRng,
    by_command,
    foe,
    game,
    legend,
    make_pack,
    place,
    with_foes,
)

from hollowcli.engine import apply, auto_action
from hollowcli.pack.model import AttackSpec, Item, Objective


def turn(state, lid="ann"):
    return apply(state, by_command(state, f"activate {lid}"), ScriptedRng())[0]


def test_restores_when_badly_hurt() -> None:
    state = turn(with_foes(game(make_pack()), ("gob", "D3")))
    state = state.with_legend(replace(state.legend("ann"), health=2))
    a = auto_action(state, random.Random(0))
    assert (a.kind, a.what) == ("restore", "health")


def test_attacks_the_foe_it_can_finish() -> None:
    pack = make_pack(foes=[foe("gob", health=1), foe("tough", health=9)])
    state = turn(with_foes(game(pack), ("tough", "D3"), ("gob", "D2")))
    a = auto_action(state, random.Random(0))
    assert (a.kind, a.target) == ("attack", 2)


def test_activates_a_legend_that_can_attack_first() -> None:
    pack = make_pack(legends=[legend("ann", basic_attack=AttackSpec(1, 0, 0)), legend("bob", basic_attack=AttackSpec(1, 0, 3))])
    state = with_foes(game(pack), ("gob", "D2"))
    assert auto_action(state, random.Random(0)).command == "activate bob"


def test_searches_and_heads_for_search_features() -> None:
    rows = ["#######", "#S...C#", "#######"]
    pack = make_pack(rows, features={"S": "start", "C": "search"}, objective=Objective("search", count=1, rounds=5))
    state = turn(game(pack))
    a = auto_action(state, random.Random(0))
    assert a.kind == "move" and a.to == "D2"
    state = turn(place(game(pack), ann="F2"))
    assert auto_action(state, random.Random(0)).kind == "search"


def test_heads_for_search_features_when_an_event_made_searching_the_objective() -> None:
    """The chapter says survive; an event put a search objective in its place (alone, or as
    a part of an ``all``): the policy walks to the search feature as it would for a search
    chapter. With the chapter's own objective it does not."""
    from hollowcli.engine.state import ScriptState

    rows = ["#######", "#S...C#", "#######"]
    pack = make_pack(rows, features={"S": "start", "C": "search"}, objective=Objective("survive", rounds=5))
    search = Objective("search", count=1, rounds=5)
    both = Objective("all", of=(Objective("survive", rounds=5), search))
    assert auto_action(turn(replace(game(pack), script=ScriptState())), random.Random(0)).kind != "move"
    for obj in (search, both):
        state = turn(replace(game(pack), script=ScriptState(objective=obj)))
        a = auto_action(state, random.Random(0))
        assert (a.kind, a.to) == ("move", "D2"), obj.kind


def test_sets_a_trap_in_the_path_of_a_foe() -> None:
    snare = Item("snare", "Snare", kind="item", cost=1, trap="snare")
    rows = ["#####", "#S..#", "#####"]
    pack = make_pack(rows, legends=[legend("ann", inventory=("snare",), move=0, basic_attack=AttackSpec(1, 0, 0))], items=[snare])
    state = turn(with_foes(game(pack), ("gob", "D2")))
    assert auto_action(state, random.Random(0)).command == "use snare"
