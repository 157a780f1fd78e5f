"""The adversary phase: the track, activation order, targeting, foe attacks, spawning, cards."""

from __future__ import annotations

from dataclasses import replace

from test_engine_packs import ScriptedRng, foe, game, legend, make_pack, place, with_foes

from hollowcli.engine import apply, legal_actions
from hollowcli.engine.adversary import adversary_phase, foe_attack, foe_move
from hollowcli.pack.model import AttackSpec, Card, Rules, SpawnGroup, TrackSpot, frozen_map


def run_phase(state, rng=None):
    events: list = []
    state = adversary_phase(state, rng or ScriptedRng(), events)
    return state, events


# ------------------------------------------------------------ activation order
def test_foes_activate_bosses_gobkins_schrickroots_pumplings_then_by_number() -> None:
    fs = [foe("gob"), foe("root", "schrickroot"), foe("pump", "pumpling"), foe("boss", "boss")]
    pack = make_pack(foes=fs, track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann="B2", bob="B2"),
                      ("pump", "F5"), ("gob", "F5"), ("root", "F5"), ("boss", "F5"), ("gob", "F4"))
    _, events = run_phase(state)
    movers = [e.actor for e in events if e.kind in ("foe-move", "foe-hold")]
    # (each named by its kind and standee number; the two Gobkins in the order they came)
    assert movers == ["boss#1", "gob#1", "gob#2", "root#1", "pump#1"]


def test_activation_order_comes_from_the_rules_setting() -> None:
    fs = [foe("gob"), foe("pump", "pumpling")]
    pack = make_pack(foes=fs, track=[TrackSpot(("move",))], rules=Rules(activation_order=("pumpling", "gobkin", "schrickroot", "boss")))
    state = with_foes(place(game(pack), ann="B2", bob="B2"), ("gob", "F5"), ("pump", "F5"))
    _, events = run_phase(state)
    assert [e.actor for e in events if e.kind == "foe-move"] == ["pump#1", "gob#1"]


# -------------------------------------------------------------------- targets
def test_foe_moves_toward_the_closest_legend_by_walking_distance() -> None:
    # bob is nearer as the crow flies (behind a wall), ann is nearer on foot
    pack = make_pack(foes=[foe("gob", move=1)], walls=[("D3", "D4")], track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann="F3", bob="D4"), ("gob", "D3"))
    after, events = run_phase(state)
    move = next(e for e in events if e.kind == "foe-move")
    assert move.target == "ann" and after.foe(1).loc == "E3"
    assert "Ann is closest (2 steps vs 3 for Bob)" in move.reason


def test_tie_on_distance_is_broken_by_highest_attack_priority() -> None:
    # The higher-priority Legend (bob) comes LATER in the pack, and the map is mirrored
    # (bob west, then bob east), so only attack priority picks the right way both times.
    lgs = [legend("ann", attack_priority=1), legend("bob", attack_priority=4)]
    pack = make_pack(legends=lgs, foes=[foe("gob", move=1)], track=[TrackSpot(("move",))])
    for ann, bob, expect in (("F3", "B3", "C3"), ("B3", "F3", "E3")):
        state = with_foes(place(game(pack), ann=ann, bob=bob), ("gob", "D3"))
        after, events = run_phase(state)
        move = next(e for e in events if e.kind == "foe-move")
        assert move.target == "bob" and after.foe(1).loc == expect
        assert "tie at 2 steps, and attack priority picks Bob (Bob 4 > Ann 1)" in move.reason


def test_a_foe_attack_tie_also_goes_to_the_highest_priority() -> None:
    lgs = [legend("ann", attack_priority=1), legend("bob", attack_priority=4)]
    pack = make_pack(legends=lgs, foes=[foe("pump", "pumpling", attack=AttackSpec(1, 1, 2))])
    for ann, bob in (("F3", "B3"), ("B3", "F3")):
        state = with_foes(place(game(pack), ann=ann, bob=bob), ("pump", "D3"))
        out: list = []
        after = foe_attack(state, 1, ScriptedRng([1]), out)
        assert out[-1].target == "bob" and after.legend("ann").health == 8


def test_a_closer_legend_beats_a_higher_priority() -> None:
    lgs = [legend("ann", attack_priority=4), legend("bob", attack_priority=1)]
    pack = make_pack(legends=lgs, foes=[foe("gob", move=1)], track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann="B2", bob="F3"), ("gob", "D3"))
    after, _ = run_phase(state)
    assert after.foe(1).loc == "E3"


def test_foe_stops_once_it_can_attack() -> None:
    pack = make_pack(foes=[foe("pump", "pumpling", move=3, attack=AttackSpec(1, 0, 2))], track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann="F2", bob="F2"), ("pump", "B2"))
    after, events = run_phase(state)
    assert after.foe(1).loc == "D2"
    assert "it can attack from here" in next(e for e in events if e.kind == "foe-move").reason


def test_foe_in_range_with_sight_does_not_move() -> None:
    pack = make_pack(foes=[foe("pump", "pumpling", attack=AttackSpec(1, 0, 2))], track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann="D2", bob="D2"), ("pump", "D4"))
    after, events = run_phase(state)
    assert after.foe(1).loc == "D4" and any(e.kind == "foe-hold" for e in events)


# -------------------------------------------------------------------- attacks
def test_foe_attack_is_dice_plus_direct_minus_defense_with_relic() -> None:
    from hollowcli.pack.model import Item

    amulet = Item("amulet", "Amulet", kind="relic", defense=1)
    pack = make_pack(legends=[legend("ann", defense=1, relic="amulet"), legend("bob")], items=[amulet],
                     foes=[foe("gob", attack=AttackSpec(2, 2, 0))])
    state = with_foes(place(game(pack), ann="C3", bob="F5"), ("gob", "C3"))
    out: list = []
    after = foe_attack(state, 1, ScriptedRng([3, 1]), out)  # 2 + 1 dice
    assert out[0].numbers["damage"] == 2 + 3 - 2
    assert after.legend("ann").health == 8 - 3


def test_fear_once_per_instance_of_damage_not_per_point() -> None:
    pack = make_pack(foes=[foe("gob", attack=AttackSpec(2, 3, 0))])
    state = with_foes(place(game(pack), ann="C3", bob="F5"), ("gob", "C3"))
    out: list = []
    after = foe_attack(state, 1, ScriptedRng([3, 3]), out)  # 3 + 4 - 1 = 6 damage
    assert after.legend("ann").health == 2 and after.legend("ann").fear == 1
    blocked = make_pack(foes=[foe("gob", attack=AttackSpec(1, 0, 0))])
    state = with_foes(place(game(blocked), ann="C3", bob="F5"), ("gob", "C3"))
    after = foe_attack(state, 1, ScriptedRng([1]), [])  # 1 - 1 defense = 0
    assert after.legend("ann").health == 8 and after.legend("ann").fear == 0


def test_a_foe_area_attack_hits_every_hero_in_the_area_with_one_roll() -> None:
    lgs = [legend("ann"), legend("bob"), legend("cat")]
    pack = make_pack(legends=lgs, foes=[foe("boss", "boss", attack=AttackSpec(2, 1, 1, area=True))])
    state = with_foes(place(game(pack), ann="C3", bob="C3", cat="F5"), ("boss", "D3"))
    out: list = []
    rng = ScriptedRng([3, 1])  # one roll: 2 + 1 = 3 dice
    after = foe_attack(state, 1, rng, out)
    assert rng.calls == 2
    assert [e.target for e in out if e.kind == "foe-attack"] == ["ann", "bob"]
    assert after.legend("ann").health == after.legend("bob").health == 8 - (1 + 3 - 1)
    assert after.legend("cat").health == 8 and after.legend("ann").fear == after.legend("bob").fear == 1


def test_a_foe_attack_event_goes_from_the_attacker_to_the_target() -> None:
    pack = make_pack(foes=[foe("pump", "pumpling", attack=AttackSpec(1, 1, 2))])
    state = with_foes(place(game(pack), ann="C3", bob="F5"), ("pump", "E3"))
    out: list = []
    foe_attack(state, 1, ScriptedRng([1]), out)
    hit = out[-1].to_dict()
    assert (hit["kind"], hit["from"], hit["to"]) == ("foe-attack", "E3", "C3")


def test_foe_cannot_attack_through_a_wall() -> None:
    pack = make_pack(foes=[foe("pump", "pumpling", attack=AttackSpec(1, 0, 3))], walls=[("D3", "E3")])
    state = with_foes(place(game(pack), ann="F3", bob="F3"), ("pump", "C3"))
    out: list = []
    rng = ScriptedRng()
    after = foe_attack(state, 1, rng, out)
    assert after == state and rng.calls == 0 and out[0].kind == "foe-no-attack" and "wall between D3 and E3" in out[0].reason


def test_figures_do_not_block_a_foes_sight() -> None:
    # Two Gobkins stand on the line between the Pumpling and Ann; it still attacks her.
    pack = make_pack(foes=[foe("gob"), foe("pump", "pumpling", attack=AttackSpec(1, 2, 3))])
    state = with_foes(place(game(pack), ann="E3", bob="F5"), ("pump", "B3"), ("gob", "C3"), ("gob", "D3"))
    out: list = []
    after = foe_attack(state, 1, ScriptedRng([0]), out)
    hit = out[-1]
    assert hit.kind == "foe-attack" and hit.target == "ann" and after.legend("ann").health == 8 - (2 - 1)


def test_foes_ignore_fallen_legends() -> None:
    pack = make_pack(foes=[foe("gob", move=1)], track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann="C3", bob="F3"), ("gob", "D3"))
    state = state.with_legend(replace(state.legend("ann"), health=0))
    out: list = []
    after = foe_move(state, 1, ScriptedRng(), out)
    assert after.foe(1).loc == "E3"


# -------------------------------------------------------------------- spawning
def _spawn_pack(**kw):
    return make_pack(track=[TrackSpot(("spawn",))], spawn_list=[[SpawnGroup("gob", 2)], [SpawnGroup("pump", 1)]], **kw)


def test_spawn_at_the_rolled_point_when_it_is_open() -> None:
    state = game(_spawn_pack())
    after, _ = run_phase(state, ScriptedRng([1]))  # d6 face index 1 -> 2
    assert [f.loc for f in after.foes] == ["F5", "F5"] and [f.number for f in after.foes] == [1, 2]


def test_spawn_falls_back_to_the_lowest_unlocked_point() -> None:
    state = game(_spawn_pack(barricades=[2]))
    after, events = run_phase(state, ScriptedRng([1]))  # rolled 2, locked
    spawn = next(e for e in events if e.kind == "spawn")
    assert [f.loc for f in after.foes] == ["B2", "B2"] and spawn.numbers["redirected"] is True
    after, _ = run_phase(game(_spawn_pack()), ScriptedRng([4]))  # rolled 5: no such point
    assert [f.loc for f in after.foes] == ["B2", "B2"]


def test_nothing_spawns_when_every_point_is_locked() -> None:
    after, events = run_phase(game(_spawn_pack(barricades=[1, 2])), ScriptedRng([0]))
    assert after.foes == () and "every spawn point is locked" in next(e for e in events if e.kind == "spawn").reason


def test_spawn_list_advances_and_loops() -> None:
    state = game(_spawn_pack())
    seen = []
    for _ in range(3):
        state, events = run_phase(state, ScriptedRng([0]))
        seen.append(next(e for e in events if e.kind == "spawn").actor)
    assert seen == ["gob", "pump", "gob"]
    stop = game(_spawn_pack(rules=Rules(spawn_list_end="stop")))
    for _ in range(3):
        stop, events = run_phase(stop, ScriptedRng([0]))
    assert "used up" in next(e for e in events if e.kind == "spawn").reason


def test_supply_limits_spawning() -> None:
    pack = make_pack(foes=[foe("gob", supply=3)], track=[TrackSpot(("spawn",))], spawn_list=[[SpawnGroup("gob", 2)]])
    state = with_foes(game(pack), ("gob", "D2"), ("gob", "D2"))
    after, events = run_phase(state, ScriptedRng([0]))
    assert after.on_board("gob") == 3
    assert "1 could not spawn" in next(e for e in events if e.kind == "spawn").reason


def test_running_out_of_foes_loses_only_with_supply_exhausted_lose() -> None:
    from hollowcli.engine import end_of_round

    for setting, result in (("skip", None), ("lose", "lost")):
        pack = _spawn_pack(foes=[foe("gob", supply=3), foe("pump", "pumpling")], rules=Rules(supply_exhausted=setting))
        state = with_foes(place(game(pack), ann="D4", bob="D4"), ("gob", "F2"), ("gob", "F3"))
        after, events = run_phase(state, ScriptedRng([0]))
        assert after.on_board("gob") == 3
        ended = end_of_round(after, events)
        assert ended.result == result
        if result:
            assert "supply of Gob ran out" in ended.reason and "lost at the end of the round" in next(e for e in events if e.kind == "spawn").reason
    # a full spawn never loses
    pack = _spawn_pack(rules=Rules(supply_exhausted="lose"))
    after, events = run_phase(place(game(pack), ann="D4", bob="D4"), ScriptedRng([0]))
    assert end_of_round(after, events).result is None


# ------------------------------------------------------------------ the track
def test_track_slides_loops_or_stays() -> None:
    spots = [TrackSpot(("move",)), TrackSpot(("move",))]
    state = game(make_pack(track=spots))
    for expect in (1, 0, 1):
        state, _ = run_phase(state)
        assert state.track_pos == expect
    state = game(make_pack(track=spots, track_end="stay"))
    for expect in (1, 1):
        state, _ = run_phase(state)
        assert state.track_pos == expect


def test_each_round_resolves_the_spot_the_token_is_on() -> None:
    # Spot 1 moves, spot 2 spawns, spot 3 attacks: three phases resolve three different spots.
    spots = [TrackSpot(("move",)), TrackSpot(("spawn",)), TrackSpot(("attack",))]
    pack = make_pack(track=spots, spawn_list=[[SpawnGroup("gob", 1)]], foes=[foe("gob", attack=AttackSpec(1, 1, 0))])
    state = place(game(pack), ann="B2", bob="B2")
    done = []
    rng = ScriptedRng([0, 1])  # the spawn D6 shows 1 (B2), the attack die shows 1
    for _ in range(3):
        state, events = run_phase(state, rng)
        done.append(sorted({e.kind for e in events} - {"track", "track-slide", "activation"}))
        assert next(e for e in events if e.kind == "track").numbers["spot"] == len(done)
    assert done == [[], ["spawn"], ["foe-attack"]]
    assert state.foe(1).loc == "B2" and state.legend("ann").health == 8 - (1 + 1 - 1)


def test_spot_actions_run_in_order_spawned_foes_then_attack() -> None:
    pack = make_pack(track=[TrackSpot(("move", "spawn", "attack"))], spawn_list=[[SpawnGroup("gob", 1)]],
                     foes=[foe("gob", attack=AttackSpec(1, 1, 0))])
    state = place(game(pack), ann="B2", bob="F5")
    after, events = run_phase(state, ScriptedRng([0, 1]))  # spawn at 1 (B2), then attack with face "1"
    kinds = [e.kind for e in events]
    assert kinds.index("spawn") < kinds.index("foe-attack")
    assert after.legend("ann").health == 8 - (1 + 1 - 1)


# ---------------------------------------------------------------------- cards
def test_card_draw_applies_the_effect_vocabulary() -> None:
    card = Card("storm", "Storm", "", copies=1, effect=frozen_map({"damage": 2, "fear": 1, "lock": 1, "advance": 1, "tokens": 1}))
    pack = make_pack(track=[TrackSpot(("move",), card="draw"), TrackSpot(("move",)), TrackSpot(("move",))], cards=[card])
    state = game(pack)
    state = state.with_legend(replace(state.legend("ann"), ready=1, spent=2))
    after, _ = run_phase(state)
    ann = after.legend("ann")
    assert (ann.health, ann.fear) == (6, 2)  # 2 damage (no defense) +1 fear; then +1 fear
    assert (ann.ready, ann.spent) == (2, 1)
    assert after.barricades == (1,) and after.track_pos == 2


def test_card_heal_calm_unlock_and_spawn() -> None:
    card = Card("dawn", "Dawn", "", effect=frozen_map({"heal": 5, "calm": 5, "unlock": 1, "spawn": [SpawnGroup("gob", 1)]}))
    pack = make_pack(track=[TrackSpot((), card="draw")], cards=[card], barricades=[1])
    state = game(pack)
    state = state.with_legend(replace(state.legend("ann"), health=5, fear=2))
    after, _ = run_phase(state, ScriptedRng([0]))  # the spawn rolls 1: unlocked first (spawn comes first, so falls back)
    assert after.legend("ann").health == 8 and after.legend("ann").fear == 0
    assert after.barricades == () and after.on_board("gob") == 1


def test_deck_honours_copies_and_reshuffles_when_empty() -> None:
    cards = [Card("a", "A", "", copies=2), Card("b", "B", "", copies=1)]
    pack = make_pack(track=[TrackSpot((), card="draw")], cards=cards)
    state = game(pack)
    assert sorted(state.discard) == ["a", "a", "b"] and state.pile == ()
    drawn = []
    for _ in range(4):
        state, events = run_phase(state)
        drawn.append(next(e for e in events if e.kind == "card").target)
    assert sorted(drawn[:3]) == ["a", "a", "b"]
    shuffles = 0
    state = game(pack)
    for _ in range(6):
        state, events = run_phase(state)
        shuffles += sum(1 for e in events if e.kind == "shuffle")
    assert shuffles == 2


def test_adversary_phase_runs_by_itself_after_the_last_activation() -> None:
    pack = make_pack(track=[TrackSpot(("move", "attack"))], foes=[foe("gob", attack=AttackSpec(1, 1, 0))])
    state = with_foes(game(pack), ("gob", "D3"))
    rng = ScriptedRng(seed=1)
    for lid in ("ann", "bob"):
        state, _ = apply(state, next(a for a in legal_actions(state) if a.command == f"activate {lid}"), rng)
        state, events = apply(state, next(a for a in legal_actions(state) if a.kind == "end"), rng)
    assert any(e.kind == "foe-move" for e in events) and any(e.kind == "round" for e in events)
    assert state.round == 2 and state.phase == "legends" and not any(lg.activated for lg in state.legends)


def test_a_foe_may_hunt_a_named_legend_unless_it_has_fallen() -> None:
    pack = make_pack(foes=[foe("gob", move=1, target="bob")], track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann="C3", bob="F3"), ("gob", "D3"))
    after, events = run_phase(state)
    move = next(e for e in events if e.kind == "foe-move")
    assert after.foe(1).loc == "E3" and move.target == "bob" and "hunts Bob" in move.reason
    state = state.with_legend(replace(state.legend("bob"), health=0))
    after, events = run_phase(state)
    assert after.foe(1).loc == "C3" and "cannot be reached or has fallen" in next(e for e in events if e.kind == "foe-move").reason


def test_each_group_of_an_entry_rolls_its_own_spawn_point() -> None:
    pack = make_pack(track=[TrackSpot(("spawn",))], spawn_list=[[SpawnGroup("gob", 2), SpawnGroup("pump", 1)]])
    rng = ScriptedRng([0, 1])  # 1 for the gobkins, 2 for the pumpling
    after, events = run_phase(game(pack), rng)
    assert rng.calls == 2
    assert [(f.foe, f.loc) for f in after.foes] == [("gob", "B2"), ("gob", "B2"), ("pump", "F5")]
    assert [e.numbers["roll"] for e in events if e.kind == "spawn"] == [1, 2]


# ---------------------------------------------------------------- standee numbers
def test_spawned_foes_take_the_lowest_standee_numbers_of_their_kind_and_reuse_a_defeated_ones() -> None:
    """Miniatures are numbered within their kind (Gob 1-10, Pump 1-10), as a group stickers
    them: a spawn takes the lowest numbers of its kind not on the board, whatever other
    kinds there are; the foe's identity in the game (``number``) is never reused."""
    pack = make_pack(foes=[foe("gob"), foe("pump", "pumpling")], track=[TrackSpot(("spawn",))],
                     spawn_list=[[SpawnGroup("gob", 2), SpawnGroup("pump", 1)]])
    state = with_foes(game(pack), ("pump", "D2"), ("gob", "D2"), ("gob", "D3"))  # Pump 1, Gob 1, Gob 2
    state = replace(state, foes=tuple(f for f in state.foes if f.standee != 1 or f.foe != "gob"))  # Gob 1 fell
    after, events = run_phase(state, ScriptedRng([0, 0]))
    new = [(f.foe, f.standee, f.number) for f in after.foes[2:]]
    assert new == [("gob", 1, 4), ("gob", 3, 5), ("pump", 2, 6)]
    spawns = [e for e in events if e.kind == "spawn"]
    assert "Gobs 1 and 3 appear at B2" in spawns[0].reason and spawns[0].numbers["numbers"] == [1, 3]
    assert "Pump 2 appears at B2" in spawns[1].reason


def test_a_kind_with_one_miniature_has_no_number() -> None:
    pack = make_pack(foes=[foe("gob"), foe("rider", "boss", name="The Pale Rider", supply=1)],
                     track=[TrackSpot(("spawn",))], spawn_list=[[SpawnGroup("rider", 1)]])
    after, events = run_phase(game(pack), ScriptedRng([0]))
    rider = after.foes[0]
    assert after.foe_name(rider) == "The Pale Rider" and "The Pale Rider appears at B2" in events[-2].reason
    after = place(after, ann="B2")
    after = replace(after, phase="legends")
    after, _ = apply(after, legal_actions(after)[0], ScriptedRng())  # Ann activates
    attack = next(a for a in legal_actions(after) if a.kind == "attack")
    assert attack.command == "attack rider" and "Attack The Pale Rider at B2" in attack.label
    from hollowcli.engine import parse_command

    for typed in ("attack rider", "attack b", "attack the pale rider", "attack Rider"):
        assert parse_command(after, typed) == attack, typed
    assert parse_command(after, "attack 1") is None  # it has no number to type
def test_a_foe_whose_closest_legend_is_out_of_sight_attacks_the_next_one_in_reach() -> None:
    """Ann and Bob are both 4 steps' walk from the Pumpling; Ann's higher attack priority
    makes her its first choice, but the '#' at C3 hides her from C2, so it attacks Bob, in
    range and in sight, and says why."""
    rows = ("#######",
            "#1....#",
            "#.#...#",
            "#.....#",
            "#....2#",
            "#######")
    pack = make_pack(rows, foes=[foe("pump", "pumpling", attack=AttackSpec(1, 1, 4))],
                     setup_legends={"ann": "C4", "bob": "F3"})
    state = with_foes(game(pack), ("pump", "C2"))
    assert state.board.walk_distance("C2", "C4") == state.board.walk_distance("C2", "F3") == 4
    out: list = []
    after = foe_attack(state, 1, ScriptedRng([1]), out)  # 1 direct + 1 rolled - 1 defense
    hit = out[-1]
    assert hit.kind == "foe-attack" and hit.target == "bob"
    assert "as its first choice cannot be attacked (no line of sight to Ann" in hit.reason
    assert after.legend("bob").health == 7 and after.legend("ann").health == 8
