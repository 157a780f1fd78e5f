"""The Legend phase as rules-summary.md orders it: refresh, swap, move and one action."""

from __future__ import annotations

from dataclasses import replace

import pytest
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

from hollowcli.engine import apply, legal_actions, parse_command
from hollowcli.engine.state import Trap
from hollowcli.errors import RulesError
from hollowcli.pack.model import AttackSpec, Item, Restore, Rules, Skill


def activate(state, lid: str, rng=None):
    state, _ = apply(state, by_command(state, f"activate {lid}"), rng or ScriptedRng())
    return state


def kinds(state) -> set[str]:
    return {a.kind for a in legal_actions(state)}


# ------------------------------------------------------------------- ordering
def test_player_picks_the_order_and_each_legend_activates_once_per_round() -> None:
    state = game(make_pack())
    assert sorted(a.command for a in legal_actions(state)) == ["activate ann", "activate bob"]
    state = activate(state, "bob")
    state, _ = apply(state, by_command(state, "end"), ScriptedRng())
    assert [a.command for a in legal_actions(state)] == ["activate ann"]
    with pytest.raises(RulesError):
        apply(state, by_command(game(make_pack()), "activate bob"), ScriptedRng())


# -------------------------------------------------------------------- refresh
def test_refresh_at_activation_start_when_no_tokens_remain() -> None:
    state = game(make_pack())
    state = state.with_legend(replace(state.legend("ann"), ready=0, spent=3))
    state, events = apply(state, by_command(state, "activate ann"), ScriptedRng())
    assert state.legend("ann").ready == 3 and state.legend("ann").spent == 0
    assert any(e.kind == "refresh" for e in events)


def test_no_refresh_while_a_token_remains() -> None:
    state = game(make_pack())
    state = state.with_legend(replace(state.legend("ann"), ready=1, spent=2))
    state = activate(state, "ann")
    assert state.legend("ann").ready == 1


def test_skills_need_tokens_and_out_of_tokens_means_refresh_first() -> None:
    zap = Skill("zap", "Zap", cost=2, attack=AttackSpec(2, 0, 2))
    pack = make_pack(legends=[legend("ann", skills=("zap",))], skills=[zap])
    state = with_foes(game(pack), ("gob", "D3"))
    state = state.with_legend(replace(state.legend("ann"), ready=1, spent=2))
    state = activate(state, "ann")
    assert not [a for a in legal_actions(state) if a.source == "skill"]  # 1 token, cost 2
    with pytest.raises(RulesError):
        apply(state, replace(by_command(state, "attack 1"), source="skill", source_id="zap"), ScriptedRng())
    state, events = apply(state, by_command(state, "refresh"), ScriptedRng())
    assert state.legend("ann").ready == 3 and events[0].kind == "refresh"
    zap_attack = by_command(state, "attack 1 with zap")
    state, _ = apply(state, zap_attack, ScriptedRng([1, 1]))
    assert (state.legend("ann").ready, state.legend("ann").spent) == (1, 2)


def test_out_of_tokens_counts_items_too() -> None:
    # No skills, 3 tokens and a 2-token item: after one use 1 token is left, fewer than the
    # item costs, so the Legend is out of tokens and may refresh (it never could before).
    bomb = Item("bomb", "Bomb", kind="item", cost=2, attack=AttackSpec(2, 0, 2))
    pack = make_pack(legends=[legend("ann", inventory=("bomb",)), legend("bob")], items=[bomb])
    state = with_foes(game(pack), ("gob", "D3"))
    state = state.with_legend(replace(state.legend("ann"), ready=1, spent=2))
    state = activate(state, "ann")
    assert not [a for a in legal_actions(state) if a.source == "item"]
    state, events = apply(state, by_command(state, "refresh"), ScriptedRng())
    assert state.legend("ann").ready == 3 and events[0].kind == "refresh"
    assert by_command(state, "attack 1 with bomb").source_id == "bomb"


def test_no_refresh_while_the_cheapest_item_is_affordable() -> None:
    bomb = Item("bomb", "Bomb", kind="item", cost=1, attack=AttackSpec(2, 0, 2))
    pack = make_pack(legends=[legend("ann", inventory=("bomb",)), legend("bob")], items=[bomb])
    state = game(pack)
    state = state.with_legend(replace(state.legend("ann"), ready=1, spent=2))
    state = activate(state, "ann")
    assert "refresh" not in kinds(state)


def test_an_item_is_refused_when_tokens_are_short() -> None:
    bomb = Item("bomb", "Bomb", kind="item", cost=3, attack=AttackSpec(2, 0, 2))
    salve = Item("salve", "Salve", kind="item", cost=3, restore=Restore(health=2))
    pack = make_pack(legends=[legend("ann", inventory=("bomb", "salve")), legend("bob")], items=[bomb, salve],
                     rules=Rules(refresh_when_short=False))
    state = with_foes(game(pack), ("gob", "D3"))
    state = state.with_legend(replace(state.legend("ann"), ready=2, spent=1, health=5))
    state = activate(state, "ann")
    assert not [a for a in legal_actions(state) if a.source == "item"]
    basic = by_command(state, "attack 1")
    for act in (replace(basic, source="item", source_id="bomb"),
                replace(basic, kind="use", target=None, source="item", source_id="salve", recipient="ann")):
        with pytest.raises(RulesError):
            apply(state, act, ScriptedRng())
    assert state.legend("ann").ready == 2


def test_refresh_when_short_can_be_turned_off() -> None:
    zap = Skill("zap", "Zap", cost=2, attack=AttackSpec(2, 0, 2))
    pack = make_pack(legends=[legend("ann", skills=("zap",))], skills=[zap], rules=Rules(refresh_when_short=False))
    state = game(pack)
    state = state.with_legend(replace(state.legend("ann"), ready=1, spent=2))
    state = activate(state, "ann")
    assert "refresh" not in kinds(state)


# ----------------------------------------------------------------------- swap
def test_relic_swap_only_before_moving_or_acting_and_relic_defense_counts() -> None:
    amulet = Item("amulet", "Amulet", kind="relic", defense=2)
    ring = Item("ring", "Ring", kind="relic", defense=0)
    pack = make_pack(legends=[legend("ann", relic="ring", inventory=("amulet",))], items=[amulet, ring])
    state = activate(game(pack), "ann")
    swap = by_command(state, "swap amulet")
    after, _ = apply(state, swap, ScriptedRng())
    lg = after.legend("ann")
    assert lg.relic == "amulet" and lg.inventory == ("ring",)
    assert after.defense_of(lg) == 1 + 2
    moved, _ = apply(state, by_command(state, "move D3"), ScriptedRng())
    assert "swap" not in kinds(moved)


# ----------------------------------------------------------------------- move
def test_move_up_to_move_steps_and_action_in_either_order() -> None:
    pack = make_pack(legends=[legend("ann", move=2, basic_attack=AttackSpec(1, 0, 0))])
    state = with_foes(game(pack), ("gob", "D2"), ("gob", "B4"))
    state = activate(state, "ann")  # at D4
    dests = {a.to for a in legal_actions(state) if a.kind == "move"}
    assert "D2" in dests and "B4" in dests and "D1" not in dests and "A4" not in dests
    assert all(state.board.walk_distance("D4", d) <= 2 for d in dests)
    # move, then act
    s1, _ = apply(state, by_command(state, "move D2"), ScriptedRng())
    assert "move" not in kinds(s1) and "attack" in kinds(s1)
    # act, then move (no foe here, so restore instead)
    hurt = state.with_legend(replace(state.legend("ann"), health=5))
    s2, _ = apply(hurt, by_command(hurt, "restore health"), ScriptedRng())
    assert "move" in kinds(s2) and not (kinds(s2) & {"attack", "restore", "use", "search", "give"})


def test_split_move_setting_allows_moving_again_with_steps_left() -> None:
    pack = make_pack(legends=[legend("ann", move=3)], rules=Rules(split_move=True))
    state = activate(game(pack), "ann")
    state, _ = apply(state, by_command(state, "move D3"), ScriptedRng())
    assert {a.to for a in legal_actions(state) if a.kind == "move"} >= {"D2", "B3"} - set()
    assert all(state.board.walk_distance("D3", a.to) <= 2 for a in legal_actions(state) if a.kind == "move")


def test_leave_roll_one_die_per_foe_one_damage_per_non_blank_and_fear() -> None:
    state = with_foes(game(make_pack()), ("gob", "D4"), ("gob", "D4"))
    state = activate(state, "ann")
    rng = ScriptedRng([1, 0])  # faces "1" and blank
    state, events = apply(state, by_command(state, "move D2"), rng)
    leave = [e for e in events if e.kind == "leave"]
    assert len(leave) == 1 and len(leave[0].rolls) == 2 and rng.calls == 2
    assert leave[0].numbers["damage"] == 1
    assert state.legend("ann").health == 7 and state.legend("ann").fear == 1


def test_leave_roll_counts_faces_not_values() -> None:
    state = with_foes(game(make_pack()), ("gob", "D4"))
    state = activate(state, "ann")
    state, _ = apply(state, by_command(state, "move D2"), ScriptedRng([3]))  # face "2": still 1 damage
    assert state.legend("ann").health == 7


def test_no_leave_roll_without_foes_and_walks_avoid_foe_locations() -> None:
    pack = make_pack(legends=[legend("ann", move=4)])
    state = with_foes(place(game(pack), ann="C4"), ("gob", "D4"))
    state = activate(state, "ann")
    rng = ScriptedRng()
    state, events = apply(state, by_command(state, "move E4"), rng)
    assert rng.calls == 0 and not [e for e in events if e.kind == "leave"]
    assert "D4" not in events[-1].numbers["path"]


# --------------------------------------------------------------------- attack
def test_attack_damage_is_direct_plus_dice_minus_defense_with_personal_bonus() -> None:
    pack = make_pack(legends=[legend("ann", bonus_direct=1, basic_attack=AttackSpec(2, 1, 2))],
                     foes=[foe("gob", health=9, defense=1)])
    state = activate(with_foes(game(pack), ("gob", "D3")), "ann")
    state, events = apply(state, by_command(state, "attack 1"), ScriptedRng([3, 1]))  # 2 + 1
    e = next(e for e in events if e.kind == "attack")
    assert e.numbers["damage"] == (1 + 1) + 3 - 1
    assert state.foe(1).health == 9 - 4


def test_item_attacks_omit_the_personal_bonus_but_skills_include_it() -> None:
    club = Item("club", "Club", kind="item", cost=1, attack=AttackSpec(1, 0, 1))
    bash = Skill("bash", "Bash", cost=1, attack=AttackSpec(1, 0, 1))
    pack = make_pack(legends=[legend("ann", bonus_direct=2, skills=("bash",), inventory=("club",))],
                     items=[club], skills=[bash], foes=[foe("gob", health=9)])
    state = activate(with_foes(game(pack), ("gob", "D3")), "ann")
    with_item, _ = apply(state, by_command(state, "attack 1 with club"), ScriptedRng([0]))
    with_skill, _ = apply(state, by_command(state, "attack 1 with bash"), ScriptedRng([0]))
    assert with_item.foe(1).health == 9  # blank, no bonus: 0 damage
    assert with_skill.foe(1).health == 7  # blank + bonus 2
    assert with_item.legend("ann").spent == 1


def test_area_attack_is_rolled_once_for_all_foes_in_the_area() -> None:
    burst = Skill("burst", "Burst", cost=1, attack=AttackSpec(3, 0, 2, area=True))
    pack = make_pack(legends=[legend("ann", skills=("burst",), bonus_direct=0)], skills=[burst],
                     foes=[foe("gob", health=3), foe("tough", health=9, defense=1)])
    state = with_foes(game(pack), ("gob", "D3"), ("gob", "D3"), ("tough", "D3"), ("gob", "D2"))
    state = activate(state, "ann")
    area = by_command(state, "attack D3 with burst")
    rng = ScriptedRng([3, 1, 0])  # 2 + 1 + 0 = 3
    state, events = apply(state, area, rng)
    assert rng.calls == 3
    hits = [e for e in events if e.kind == "attack"]
    assert [e.numbers["damage"] for e in hits] == [3, 3, 2]
    assert {f.number for f in state.foes} == {3, 4} and state.foe(3).health == 7 and state.foe(4).health == 3
    assert next(e for e in events if e.kind == "attack-roll").numbers["dice_total"] == 3


def test_defeated_foes_leave_the_board_and_count() -> None:
    state = activate(with_foes(game(make_pack()), ("gob", "D3")), "ann")
    state, _ = apply(state, by_command(state, "attack 1"), ScriptedRng([3]))  # 1 bonus + 2
    assert state.foes == () and state.defeated_count("gob") == 1 and state.defeated == ("gob",)


# --------------------------------------------------------- restore, use, give
def test_restore_returns_a_spent_token_first_then_health_or_fear() -> None:
    state = game(make_pack())
    state = state.with_legend(replace(state.legend("ann"), health=5, fear=3, ready=1, spent=2))
    state = activate(state, "ann")
    h, _ = apply(state, by_command(state, "restore health"), ScriptedRng())
    assert (h.legend("ann").health, h.legend("ann").ready, h.legend("ann").spent) == (7, 2, 1)
    f, _ = apply(state, by_command(state, "restore fear"), ScriptedRng())
    assert f.legend("ann").fear == 1
    full = game(make_pack())
    full = activate(full, "ann")
    assert "restore" not in kinds(full)  # nothing to restore


def test_health_never_above_maximum() -> None:
    salve = Skill("salve", "Salve", cost=1, restore=Restore(health=5))
    pack = make_pack(legends=[legend("ann", skills=("salve",)), legend("bob")], skills=[salve])
    state = game(pack)
    state = state.with_legend(replace(state.legend("bob"), health=6))
    state = activate(state, "ann")
    state, _ = apply(state, by_command(state, "use salve on bob"), ScriptedRng())
    assert state.legend("bob").health == 8


def test_give_an_item_or_relic_to_a_legend_in_the_same_location() -> None:
    rope = Item("rope", "Rope", kind="item")
    amulet = Item("amulet", "Amulet", kind="relic", defense=1)
    pack = make_pack(legends=[legend("ann", inventory=("rope",), relic="amulet"), legend("bob")], items=[rope, amulet])
    state = activate(game(pack), "ann")
    assert {a.command for a in legal_actions(state) if a.kind == "give"} == {"give rope to bob", "give amulet to bob"}
    state2, _ = apply(state, by_command(state, "give amulet to bob"), ScriptedRng())
    assert state2.legend("ann").relic is None and state2.legend("bob").inventory == ("amulet",)
    apart = activate(place(game(pack), bob="B2"), "ann")
    assert "give" not in kinds(apart)


def test_search_counts_and_finds_a_chapter_item_once_per_round() -> None:
    charm = Item("charm", "Charm", kind="item", chapter_item=True)
    pack = make_pack(["#####", "#SC.#", "#####"], features={"S": "start", "C": "search"}, feature_items={"C": "charm"}, items=[charm])
    state = activate(place(game(pack), ann="C2"), "ann")
    state, _ = apply(state, by_command(state, "search"), ScriptedRng())
    assert state.search_count == 1 and state.searched == (("C2", 1),) and state.legend("ann").inventory == ("charm",)
    state, _ = apply(state, by_command(state, "end"), ScriptedRng())
    state = activate(place(state, bob="C2"), "bob")
    assert "search" not in kinds(state)  # this feature was searched this round
    assert "search" in kinds(replace(state, round=2))  # and again next round
    once = replace(state, round=2, pack=replace(state.pack, rules=Rules(search_limit="once")))
    assert "search" not in kinds(once)


# ---------------------------------------------------------------------- traps
def _trap_pack(**rules):
    snare = Item("snare", "Snare", kind="item", cost=1, trap="snare", trap_damage=2)
    pit = Item("pit", "Pit", kind="item", cost=1, trap="pit", trap_damage=2)
    return make_pack(legends=[legend("ann", inventory=("snare", "pit")), legend("bob")], items=[snare, pit],
                     rules=Rules(**rules))


def test_one_trap_of_each_type_per_location() -> None:
    state = activate(game(_trap_pack()), "ann")
    state, _ = apply(state, by_command(state, "use snare"), ScriptedRng())
    assert state.traps == (Trap("D4", "snare", "legends", "ann", 2),)
    state, _ = apply(state, by_command(state, "end"), ScriptedRng())
    state = state.with_legend(replace(state.legend("ann"), activated=False))
    state = activate(state, "ann")
    uses = {a.command for a in legal_actions(state) if a.kind == "use"}
    assert "use snare" not in uses and "use pit" in uses


def test_traps_hurt_only_the_setters_enemies() -> None:
    pack = _trap_pack()
    state = place(game(pack), bob="D2")
    state = replace(state, traps=(Trap("D3", "snare", "legends", "ann", 2),))
    state = with_foes(state, ("gob", "B3"))
    state = activate(state, "bob")
    state, events = apply(state, by_command(state, "move D4"), ScriptedRng())  # walks through D3
    assert state.legend("bob").health == 8 and not [e for e in events if e.kind == "trap"]
    assert state.traps  # still set
    # a foe entering springs it
    state = replace(state, foes=(replace(state.foe(1), loc="C3"),))
    from hollowcli.engine.adversary import foe_move

    out: list = []
    after = foe_move(state, 1, ScriptedRng(), out)
    assert [e.kind for e in out] == ["foe-move", "trap"] and after.foes == () and after.traps == ()
    assert "it stops because it fell to a trap at D3" in out[0].reason  # the move is told first, then the trap
    # a trap set by foes hurts a Legend
    hostile = replace(state, traps=(Trap("D3", "spikes", "foes", "gob#9", 2),), foes=())
    hostile = hostile.with_legend(replace(hostile.legend("ann"), loc="D2"))
    hostile = activate(hostile, "ann")
    hostile, events = apply(hostile, by_command(hostile, "move D4"), ScriptedRng())
    assert hostile.legend("ann").health == 8 - (2 - 1) and hostile.legend("ann").fear == 1


# -------------------------------------------------------------------- typing
def test_parse_command_accepts_shortcuts_in_any_case() -> None:
    state = with_foes(game(make_pack()), ("gob", "D3"))
    assert parse_command(state, "Activate ANN").legend == "ann"
    assert parse_command(state, "activate Ann Tester").legend == "ann"
    state = activate(state, "ann")
    assert parse_command(state, "move d2").to == "D2"
    assert parse_command(state, "attack #1").target == 1
    assert parse_command(state, "  END ").kind == "end"
    assert parse_command(state, "move Z9") is None and parse_command(state, "dance") is None
    assert parse_command(state, "") is None


def test_a_foe_is_typed_by_kind_and_standee_number_and_a_bare_number_only_when_one_foe_has_it() -> None:
    from hollowcli.engine import command_hint

    pack = make_pack(foes=[foe("gob"), foe("pump", "pumpling")], legends=[legend("ann", basic_attack=AttackSpec(1, 0, 3)), legend("bob")])
    state = activate(with_foes(game(pack), ("gob", "D3"), ("pump", "D3"), ("gob", "D4")), "ann")
    gob2 = next(a for a in legal_actions(state) if a.kind == "attack" and state.foe(a.target).standee == 2)
    assert gob2.command == "attack g2" and "Attack Gob 2 at D4" in gob2.label
    for typed in ("attack g2", "attack G2", "attack #g2", "attack gob 2", "attack Gob #2", "attack gob2", "attack 2", "attack #2", "a g2"):
        assert parse_command(state, typed) == gob2, typed
    # '1' is Gob 1 and Pump 1: refused, with what to type
    assert parse_command(state, "attack 1") is None
    assert command_hint(state, "attack 1") == "Gob 1 and Pump 1 are both on the board: say which, g1 or p1."
    assert parse_command(state, "attack p1").target == next(f.number for f in state.foes if f.foe == "pump")


def test_a_move_along_a_named_walk_takes_that_way_and_its_leave_roll() -> None:
    """At the table the way matters: Ann walked B3→C3→D3 past a Gob (a leave roll), not the
    cheapest way round. 'move C3 D3' says so; the ways that differ are listed."""
    from hollowcli.engine import Action, command_hint, walk_ways

    pack = make_pack(legends=[legend("ann", move=4), legend("bob")])
    state = activate(with_foes(place(game(pack), ann="B3", bob="F5"), ("gob", "C3")), "ann")
    assert walk_ways(state, "D3") == [("B3", "B2", "C2", "D2", "D3"), ("B3", "C3", "D3")]
    assert walk_ways(state, "B2") == [("B3", "B2")]  # one way costs the same as any other: no question
    plain = parse_command(state, "move D3")
    assert plain.path == ("B3", "B2", "C2", "D2", "D3")  # the engine's cheapest walk
    named = parse_command(state, "move C3 D3")
    assert named is not None and named.walk == ("B3", "C3", "D3") and named.command == "move C3 D3"
    assert named.label == "Move Ann B3→C3→D3 (2 steps; leave roll of 1 die)"
    assert parse_command(state, "move B3 C3 D3") == named  # the start may be named too
    after, events = apply(state, named, ScriptedRng([1]))  # the leave roll hits
    assert [e.kind for e in events][:2] == ["leave", "move"] and after.legend("ann").loc == "D3"
    assert after.legend("ann").health == 7 and events[1].numbers["path"] == ["B3", "C3", "D3"]
    # saved as the walk, read back as the same move
    again = Action.from_dict(named.to_dict())
    assert named.to_dict()["walk"] == ["B3", "C3", "D3"] and again == named
    assert apply(state, again, ScriptedRng([1]))[0].legend("ann").health == 7
    for bad, why in (("move C3 E3", "E3 is not one step from C3"), ("move C3 D3 D4 D5 E5", "that walk is 5 steps; Ann can move 4 more"),
                     ("move C3 B3", "the walk passes the same place twice"), ("move C3 Q9", "'Q9' is not a location")):
        assert parse_command(state, bad) is None
        assert why.lower() in command_hint(state, bad).lower(), bad


def test_every_legal_action_has_a_unique_command_that_parses_back() -> None:
    burst = Skill("burst", "Burst", cost=1, attack=AttackSpec(3, 0, 2, area=True))
    pack = make_pack(legends=[legend("ann", skills=("burst",)), legend("bob")], skills=[burst])
    state = activate(with_foes(game(pack), ("gob", "D3"), ("gob", "D4")), "ann")
    legal = legal_actions(state)
    commands = [a.command for a in legal]
    assert len(commands) == len(set(commands))
    for a in legal:
        assert parse_command(state, a.command) == a
        assert a.label


# ------------------------------------------------------- fear_tokens: pool
POOL = Rules(fear_tokens="pool")


def test_fear_in_the_preparation_space_blocks_the_refresh_only_with_the_pool() -> None:
    for rules, refreshed in ((Rules(), True), (POOL, False)):
        state = game(make_pack(rules=rules))
        state = state.with_legend(replace(state.legend("ann"), ready=0, spent=3, fear=1))
        state = activate(state, "ann")
        assert (state.legend("ann").ready == 3) is refreshed
        assert ("refresh" in kinds(state)) is False  # no refresh choice either: a fear token is there


def test_a_fear_token_pays_for_a_basic_action_and_refresh_returns_it() -> None:
    pack = make_pack(rules=POOL)
    state = with_foes(game(pack), ("gob", "D3"))
    state = state.with_legend(replace(state.legend("ann"), ready=0, spent=3, fear=1))
    state = activate(state, "ann")
    state, events = apply(state, by_command(state, "attack 1"), ScriptedRng([0]))
    ann = state.legend("ann")
    assert (ann.fear, ann.fear_spent, ann.ready) == (1, 1, 0)
    assert any(e.kind == "fear-token" for e in events)
    # next round: nothing in preparation any more, so the tokens and the fear token return
    state = state.with_legend(replace(ann, activated=False))
    state = activate(replace(state, turn=None), "ann")
    ann = state.legend("ann")
    assert (ann.ready, ann.spent, ann.fear, ann.fear_spent) == (3, 0, 1, 0)


def test_fear_tokens_do_not_pay_for_skills_unless_they_say_so() -> None:
    zap = Skill("zap", "Zap", cost=2, attack=AttackSpec(2, 0, 2))
    calm = Skill("calm", "Calm", cost=1, restore=Restore(fear=1), fear_pays=True)
    pack = make_pack(legends=[legend("ann", skills=("zap", "calm")), legend("bob")], skills=[zap, calm], rules=POOL)
    state = with_foes(game(pack), ("gob", "D3"))
    state = state.with_legend(replace(state.legend("ann"), ready=0, spent=3, fear=3))
    state = activate(state, "ann")
    assert "attack 1 with zap" not in {a.command for a in legal_actions(state)}
    state, _ = apply(state, by_command(state, "use calm"), ScriptedRng())
    ann = state.legend("ann")
    # one fear token paid for Calm, then Calm removed 1 fear from the preparation space
    assert (ann.fear, ann.fear_spent, ann.ready) == (2, 1, 0)


def test_restore_removes_fear_from_the_preparation_space_first() -> None:
    pack = make_pack(rules=POOL)
    state = game(pack)
    state = state.with_legend(replace(state.legend("ann"), ready=3, spent=0, fear=4, fear_spent=2))
    state = activate(state, "ann")
    state, _ = apply(state, by_command(state, "restore fear"), ScriptedRng())
    ann = state.legend("ann")
    # 2 fear in preparation, 2 on the board: Restore (2) takes the 2 in preparation, and with
    # none left there the action needs no fear token
    assert (ann.fear, ann.fear_spent) == (2, 2)
    state = game(pack)
    state = state.with_legend(replace(state.legend("ann"), ready=3, spent=0, fear=3, fear_spent=2))
    state = activate(state, "ann")
    state, _ = apply(state, by_command(state, "restore fear"), ScriptedRng())
    ann = state.legend("ann")
    assert (ann.fear, ann.fear_spent) == (1, 1)  # the 1 in preparation, then 1 from the board


def test_a_refresh_chosen_mid_activation_returns_the_fear_tokens_too() -> None:
    """fear_tokens: pool. Ann moved, then refreshes (1 token ready, her skill costs 2, no
    fear token in preparation): her spent tokens and the 2 fear tokens on her action board
    all go back to the preparation space."""
    zap = Skill("zap", "Zap", cost=2, attack=AttackSpec(2, 0, 2))
    pack = make_pack(legends=[legend("ann", skills=("zap",)), legend("bob")], skills=[zap], rules=POOL)
    state = with_foes(game(pack), ("gob", "C3"))
    state = state.with_legend(replace(state.legend("ann"), ready=1, spent=2, fear=2, fear_spent=2))
    state = activate(state, "ann")
    assert state.legend("ann").ready == 1  # a token is left: no refresh at the start
    state, _ = apply(state, by_command(state, "move D3"), ScriptedRng())
    state, events = apply(state, by_command(state, "refresh"), ScriptedRng())
    ann = state.legend("ann")
    assert (ann.ready, ann.spent, ann.fear, ann.fear_spent) == (3, 0, 2, 0)
    refresh = next(e for e in events if e.kind == "refresh")
    assert refresh.numbers["fear_tokens"] == 2 and "(and 2 fear tokens)" in refresh.reason
    assert "refresh" not in kinds(state) and "attack g1 with zap" in {a.command for a in legal_actions(state)}


# ------------------------------------------------------------- fallen Legends
def test_a_fallen_legend_cannot_activate_and_the_phase_does_not_wait_for_it() -> None:
    """Bob fell this round before his activation (a card or an event can do that): he is
    offered no activation, typing it says why, and Ann's end closes the Legend phase."""
    state = game(make_pack())
    state = state.with_legend(replace(state.legend("bob"), health=0))
    assert [a.command for a in legal_actions(state)] == ["activate ann"]
    assert parse_command(state, "activate bob") is None
    from hollowcli.engine.hints import command_hint

    assert command_hint(state, "activate bob") == "Bob has fallen and cannot activate."
    forged = replace(by_command(state, "activate ann"), legend="bob")
    with pytest.raises(RulesError):
        apply(state, forged, ScriptedRng())
    state = activate(state, "ann")
    state, events = apply(state, by_command(state, "end"), ScriptedRng())
    assert not [e for e in events if e.kind == "activate" and e.actor == "bob"]
    assert state.result == "lost" and "Bob" in (state.reason or "")  # the round ended without him
