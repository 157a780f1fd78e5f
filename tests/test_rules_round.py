"""End of round: loss at health 0 or fear 10, objectives, round limits, reset and carry-over."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine_packs import ScriptedRng, by_command, foe, game, legend, make_pack, with_foes

from hollowcli.engine import (
    apply,
    campaign_carryover,
    end_of_round,
    legal_actions,
    new_game,
    outcome,
    outcome_reason,
)
from hollowcli.pack.model import Item, Objective, Rules, TrackSpot


def end_round(state):
    events: list = []
    return end_of_round(replace(state, phase="adversary"), events), events


def finish_round(state, rng=None):
    """Every Legend that can activate ends at once; the adversary phase and end of round follow."""
    rng = rng or ScriptedRng(seed=3)
    events: list = []
    start = state.round
    while state.result is None and state.round == start:
        acts = legal_actions(state)
        pick = next(a for a in acts if a.kind in ("activate", "end"))
        state, ev = apply(state, pick, rng)
        events += ev
    return state, events


def test_loss_at_health_zero_or_less_at_end_of_round() -> None:
    for health in (0, -2):
        state = game(make_pack())
        state = state.with_legend(replace(state.legend("ann"), health=health))
        over, _ = end_round(state)
        assert outcome(over) == "lost" and f"Ann is incapacitated (health {health})" in outcome_reason(over) and over.phase == "over"
        assert legal_actions(over) == []
    alive, _ = end_round(game(make_pack()))
    assert outcome(alive) is None and alive.round == 2


def test_loss_at_fear_ten_not_nine() -> None:
    state = game(make_pack())
    over, _ = end_round(state.with_legend(replace(state.legend("bob"), fear=10)))
    assert outcome(over) == "lost" and "fear" in outcome_reason(over)
    fine, _ = end_round(state.with_legend(replace(state.legend("bob"), fear=9)))
    assert outcome(fine) is None
    custom = game(make_pack(rules=Rules(fear_limit=5)))
    over, _ = end_round(custom.with_legend(replace(custom.legend("bob"), fear=5)))
    assert outcome(over) == "lost"


def test_a_fallen_legend_loses_only_at_the_end_of_the_round() -> None:
    state = with_foes(game(make_pack()), ("gob", "D4"))
    state = state.with_legend(replace(state.legend("ann"), health=1))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    state, _ = apply(state, by_command(state, "move D2"), ScriptedRng([1]))  # leave roll hit
    assert state.legend("ann").health == 0 and outcome(state) is None
    assert [a.command for a in legal_actions(state)] == ["activate bob"]  # ann's activation ended
    state, _ = finish_round(state)
    assert outcome(state) == "lost"


def test_survive_objective_wins_after_its_rounds() -> None:
    state = game(make_pack(objective=Objective("survive", rounds=2)))
    state, _ = finish_round(state)
    assert outcome(state) is None and state.round == 2
    state, events = finish_round(state)
    assert outcome(state) == "won" and events[-1].kind == "game-over"


def test_search_objective_and_its_round_limit() -> None:
    pack = make_pack(["#####", "#SC.#", "#####"], features={"S": "start", "C": "search"},
                     objective=Objective("search", rounds=2, count=1))
    state = game(pack)
    state, _ = finish_round(state)
    state, _ = finish_round(state)
    assert outcome(state) == "lost" and "within 2 rounds" in outcome_reason(state)
    state = game(pack)
    state = state.with_legend(replace(state.legend("ann"), loc="C2"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    state, _ = apply(state, by_command(state, "search"), ScriptedRng())
    state, _ = finish_round(state)
    assert outcome(state) == "won"


@pytest.mark.parametrize("kind", ["search", "defeat"])
def test_an_objective_met_in_its_last_round_is_won_not_lost(kind: str) -> None:
    """Met in the very round its ``rounds`` allows: the win is checked before the deadline."""
    pack = make_pack(["#####", "#SC.#", "#####"], features={"S": "start", "C": "search"},
                     objective=Objective(kind, rounds=2, count=1, foe="gob" if kind == "defeat" else None))
    state = replace(game(pack), round=2)
    if kind == "search":
        state = replace(state, search_count=1)
    else:
        state = replace(state, defeated_counts=(("gob", 1),))
    over, _ = end_round(state)
    assert outcome(over) == "won", outcome_reason(over)
    missed, _ = end_round(replace(game(pack), round=2))
    assert outcome(missed) == "lost" and "within 2 rounds" in outcome_reason(missed)


def test_defeat_objective_counts_the_named_foe() -> None:
    pack = make_pack(objective=Objective("defeat", count=1, foe="boss"), track=[TrackSpot(())])
    state = with_foes(game(pack), ("gob", "D3"), ("boss", "D5"))
    state = replace(state, foes=(state.foes[0], replace(state.foes[1], health=1)))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    state, _ = apply(state, by_command(state, "attack g1"), ScriptedRng([3]))
    state, _ = finish_round(state)
    assert outcome(state) is None  # a gobkin is not the boss
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    state, _ = apply(state, by_command(state, "attack b1"), ScriptedRng([3]))
    state, _ = finish_round(state)
    assert outcome(state) == "won"


def test_round_limit_setting_ends_open_ended_chapters() -> None:
    pack = make_pack(objective=Objective("defeat", count=5), rules=Rules(round_limit=2))
    state = game(pack)
    state, _ = finish_round(state)
    state, _ = finish_round(state)
    assert outcome(state) == "lost" and "round limit" in outcome_reason(state)


def _items_pack(objective: Objective):
    charm = Item("charm", "Charm", kind="item", chapter_item=True)
    rope = Item("rope", "Rope", kind="item")
    amulet = Item("amulet", "Amulet", kind="relic", defense=1)
    idol = Item("idol", "Idol", kind="relic", chapter_item=True)
    return make_pack(legends=[legend("ann", inventory=("charm", "rope"), relic="amulet"), legend("bob", relic="idol")],
                     items=[charm, rope, amulet, idol], objective=objective)


def test_reset_after_a_loss_keeps_other_items_and_relics_but_not_chapter_items() -> None:
    pack = _items_pack(Objective("survive", rounds=5))
    state = game(pack)
    state = state.with_legend(replace(state.legend("ann"), health=0, fear=4, inventory=("rope",), relic=None))
    state = state.with_legend(replace(state.legend("bob"), inventory=("charm", "amulet"), relic="idol"))
    lost, events = end_round(state)
    assert outcome(lost) == "lost"
    assert "chapter items go back with the chapter, other items and relics are kept" in events[-1].reason
    keep = campaign_carryover(lost)
    # the charm and the idol are chapter items: they go back with the chapter; rope and amulet stay
    assert keep == {"ann": {"inventory": ["rope"], "relic": None}, "bob": {"inventory": ["amulet"], "relic": None}}
    again = new_game(pack, "t", keep)
    ann, bob = again.legend("ann"), again.legend("bob")
    assert (ann.health, ann.fear, ann.ready) == (8, 0, 3) and again.round == 1 and again.foes == ()
    assert bob.inventory == ("amulet",) and bob.relic is None and ann.inventory == ("rope",)


def test_chapter_items_are_lost_when_the_chapter_is_complete() -> None:
    pack = _items_pack(Objective("survive", rounds=1))
    state, _ = finish_round(game(pack))
    assert outcome(state) == "won"
    keep = campaign_carryover(state)
    assert keep["ann"] == {"inventory": ["rope"], "relic": "amulet"}
    assert keep["bob"] == {"inventory": [], "relic": None}


def test_apply_rejects_illegal_actions_and_leaves_state_alone() -> None:
    import pytest

    from hollowcli.engine import Action
    from hollowcli.errors import RulesError

    state = game(make_pack())
    with pytest.raises(RulesError, match="not a legal choice"):
        apply(state, Action("move", "ann", to="D2", path=("D4", "D3", "D2")), ScriptedRng())
    assert state.turn is None


def test_setup_places_foes_at_spawn_points_and_locations_within_supply() -> None:
    from hollowcli.pack.model import FoePlacement

    pack = make_pack(foes=[foe("gob", supply=2)], setup_foes=[FoePlacement("gob", 1, count=3), FoePlacement("gob", "D2")],
                     setup_legends={"bob": "F2"})
    state = new_game(pack, "t")
    assert [(f.number, f.loc) for f in state.foes] == [(1, "B2"), (2, "B2")]
    assert state.legend("bob").loc == "F2" and state.legend("ann").loc == "D4"


def test_each_objective_reads_the_same_on_the_round_line_and_the_screen() -> None:
    """The objective's rule says how far along it is; the screen's line reads the same rule."""
    from hollowcli.engine.objectives import OBJECTIVE_RULES, rule_of
    from hollowcli.pack.model import Ally
    from hollowcli.play.view import objective_text

    pip = Ally("pip", "Pip Lantern", health=3, defense=0, move=1, attack_priority=0)
    objectives = [Objective("survive", rounds=4), Objective("search", count=2, rounds=6), Objective("search", count=1),
                  Objective("defeat", foe="gob", count=3), Objective("protect", ally="pip", rounds=5),
                  Objective("flag", flag="jar", rounds=5),
                  Objective("all", of=(Objective("flag", flag="jar"), Objective("survive", rounds=3)))]
    seen = set()
    for obj in objectives:
        state = game(make_pack(objective=obj, allies=[pip], setup_allies={"pip": "C3"}))
        rule, got = rule_of(state)
        seen.add(obj.kind)
        assert got is obj and rule is OBJECTIVE_RULES[obj.kind]
        assert rule.status(state, obj) == objective_text(state)
        assert rule.progress(state, obj) and not rule.won(state, obj) and not rule.lost(state, obj)
    assert seen == set(OBJECTIVE_RULES)
