"""Hundreds of seeded whole games (auto policy and random legal choices) checking invariants."""

from __future__ import annotations

import json
import random

import pytest
from test_engine_packs import foe, legend, make_pack

from hollowcli.engine import GameState, apply, auto_action, legal_actions, new_game, outcome
from hollowcli.engine.vocab import EventKind
from hollowcli.pack.model import (
    AttackSpec,
    Card,
    FoePlacement,
    Item,
    Objective,
    Restore,
    Rules,
    Skill,
    SpawnGroup,
    TrackSpot,
    frozen_map,
)

MAP = (
    "#########",
    "#1..C..2#",
    "#.#...#.#",
    "#...S...#",
    "#3..#..4#",
    "#########",
)


def busy_pack(objective: Objective, **rules):
    """A chapter that exercises everything: walls, barricades, traps, area attacks, restores,
    searches with a chapter item, cards of every effect, small supplies."""
    skills = [
        Skill("volley", "Volley", cost=2, attack=AttackSpec(3, 0, 3, area=True)),
        Skill("jab", "Jab", cost=1, attack=AttackSpec(2, 1, 1)),
        Skill("mend", "Mend", cost=1, restore=Restore(health=3, fear=1)),
    ]
    items = [
        Item("snare", "Snare", kind="item", cost=1, trap="snare", trap_damage=2),
        Item("club", "Club", kind="item", cost=1, attack=AttackSpec(2, 1, 0)),
        Item("amulet", "Amulet", kind="relic", defense=1),
        Item("lamp", "Lamp", kind="relic", cost=1, restore=Restore(fear=2)),
        Item("key", "Key", kind="item", chapter_item=True),
    ]
    legends = [
        legend("ann", attack_priority=3, skills=("volley", "mend"), inventory=("snare", "lamp"), relic="amulet", move=3,
               basic_attack=AttackSpec(2, 0, 3), bonus_direct=0, health=7),
        legend("bob", attack_priority=1, skills=("jab",), inventory=("club",), health=11, defense=2,
               basic_attack=AttackSpec(2, 0, 0), tokens=2),
        legend("cid", attack_priority=2, skills=("mend",), health=9, basic_attack=AttackSpec(1, 0, 2)),
    ]
    foes = [
        foe("gob", move=3, supply=4),
        foe("root", "schrickroot", health=4, defense=1, move=1, attack=AttackSpec(2, 0, 1), supply=3),
        foe("pump", "pumpling", health=1, move=2, attack=AttackSpec(1, 0, 2), supply=4),
        foe("boss", "boss", health=10, defense=1, move=2, attack=AttackSpec(2, 1, 1), supply=1),
    ]
    cards = [
        Card("a", "Howl", "", copies=2, effect=frozen_map({"fear": 1})),
        Card("b", "Ambush", "", effect=frozen_map({"spawn": [SpawnGroup("gob", 2)], "damage": 1})),
        Card("c", "Rest", "", effect=frozen_map({"heal": 2, "calm": 1, "tokens": 1})),
        Card("d", "Gate", "", effect=frozen_map({"lock": 1, "unlock": 4})),
        Card("e", "Hurry", "", effect=frozen_map({"advance": 1})),
    ]
    return make_pack(
        MAP, legends=legends, foes=foes, skills=skills, items=items, cards=cards,
        walls=[("D4", "D5"), ("F2", "F3")], barricades=[4],
        features={"S": "start", "C": "search"}, feature_items={"C": "key"},
        track=[TrackSpot(("move", "attack")), TrackSpot(("spawn",)), TrackSpot(("move", "spawn", "attack"), card="draw")],
        spawn_list=[[SpawnGroup("gob", 2)], [SpawnGroup("root", 1), SpawnGroup("pump", 2)], [SpawnGroup("boss", 1)]],
        setup_foes=[FoePlacement("gob", 1), FoePlacement("pump", "G4")],
        objective=objective, rules=Rules(**rules),
    )


OBJECTIVES = [
    Objective("survive", rounds=6),
    Objective("search", count=3, rounds=12),
    Objective("defeat", count=6),
    Objective("defeat", foe="boss", count=1, rounds=15),
]


def check_invariants(state: GameState, deck: list[str] | None = None) -> None:
    """``deck``: the cards the chapter deck holds now (pile and discards), when events have
    changed it (``deck: {add}``, ``{remove}``); else the chapter's cards."""
    pack, board = state.pack, state.board
    for lg in state.legends:
        ldef = pack.legends[lg.id]
        assert lg.health <= ldef.health, lg
        assert lg.fear >= 0 and lg.ready >= 0 and lg.spent >= 0 and lg.ready + lg.spent == ldef.tokens, lg
        assert board.is_location(lg.loc), lg
    numbers = [f.number for f in state.foes]
    assert len(numbers) == len(set(numbers)) and all(n < state.next_foe for n in numbers)
    for f in state.foes:
        assert board.is_location(f.loc), f
        assert 0 < f.health <= pack.foes[f.foe].health, f
    for fid, fdef in pack.foes.items():
        assert state.on_board(fid) <= fdef.supply, fid
    seen = set()
    for t in state.traps:
        assert (t.loc, t.type) not in seen
        seen.add((t.loc, t.type))
    assert 0 <= state.track_pos < len(state.chapter_def.track)
    if deck is None:
        deck = [c.id for c in state.chapter_def.cards for _ in range(c.copies)]
    assert sorted(state.pile + state.discard) == sorted(deck)


def play(state: GameState, seed: int, policy: str, max_steps: int = 3000, roundtrip_every: int = 0) -> tuple[GameState, int, list]:
    rng = random.Random(seed)
    pick = random.Random(seed + 1000)
    steps = 0
    log = []
    deck = [c.id for c in state.chapter_def.cards for _ in range(c.copies)]
    while outcome(state) is None:
        legal = legal_actions(state)
        assert legal, "a game that is not over always offers a choice"
        action = auto_action(state, rng) if policy == "auto" else pick.choice(legal)
        assert action in legal
        state, events = apply(state, action, rng)
        log.extend(e.to_dict() for e in events)
        for e in events:  # an event's deck step: the cards it shuffled in, or took out
            if e.kind == EventKind.DECK:
                deck += [str(e.target)] * int(e.numbers.get("added", 0))
                deck = [c for c in deck if c != e.target] if "removed" in e.numbers else deck
        check_invariants(state, deck)
        steps += 1
        assert steps < max_steps, "the game does not end"
        if roundtrip_every and steps % roundtrip_every == 0:
            data = json.loads(json.dumps(state.to_dict()))
            back = GameState.from_dict(state.pack, data)
            assert back == state
            assert legal_actions(back) == legal_actions(state)
    return state, steps, log


@pytest.mark.parametrize("policy", ["auto", "random"])
@pytest.mark.parametrize("objective", OBJECTIVES, ids=lambda o: f"{o.kind}-{o.foe or ''}{o.count or o.rounds}")
def test_seeded_playthroughs_keep_invariants_and_end(policy: str, objective: Objective) -> None:
    pack = busy_pack(objective)
    results = {}
    for seed in range(25):
        state, _steps, _ = play(new_game(pack, "t"), seed, policy, roundtrip_every=5 if seed % 3 == 0 else 0)
        assert state.round <= pack.rules.round_limit
        results[outcome(state)] = results.get(outcome(state), 0) + 1
    assert set(results) <= {"won", "lost"}


def test_same_seed_same_game_and_json_safe_events() -> None:
    pack = busy_pack(OBJECTIVES[3])
    a = play(new_game(pack, "t"), 7, "auto")
    b = play(new_game(pack, "t"), 7, "auto")
    assert a[0] == b[0] and a[2] == b[2]
    assert json.loads(json.dumps(a[2])) == a[2]
    assert all(e["reason"] for e in a[2])


def test_rule_variants_still_play_through() -> None:
    pack = busy_pack(OBJECTIVES[1], split_move=True, los_corners="strict", range_measure="walk",
                     search_limit="once", trap_single_use=False, spawn_list_end="stop", restore_returns_tokens=0)
    for seed in range(20):
        play(new_game(pack, "t"), seed, "random" if seed % 2 else "auto")


def test_auto_policy_wins_some_and_loses_some() -> None:
    """A sanity check that the policy plays: it should beat an easy chapter most of the time."""
    pack = busy_pack(Objective("survive", rounds=4))
    wins = sum(outcome(play(new_game(pack, "t"), s, "auto")[0]) == "won" for s in range(30))
    assert wins >= 15


def test_built_in_chapters_play_through_with_auto() -> None:
    from hollowcli.pack.loader import load_pack

    pack = load_pack([])  # the built-in content must load: a failure to load is a failure
    for chapter in pack.chapters:
        for seed in range(8):
            state, _steps, _log = play(new_game(pack, chapter), seed, "auto" if seed % 2 == 0 else "random", roundtrip_every=9)
            assert outcome(state) in ("won", "lost")


def random_pack(rng: random.Random):
    """A random little chapter: odd maps (maybe disconnected), walls, stats, track and cards."""
    w, h = rng.randint(3, 8), rng.randint(2, 6)
    cells = [["#" if rng.random() < 0.25 else "." for _ in range(w)] for _ in range(h)]
    opens = [(x, y) for y in range(h) for x in range(w) if cells[y][x] == "."]
    if len(opens) < 3:
        cells[0][0], cells[0][1], cells[0][2] = ".", ".", "."
        opens = [(x, y) for y in range(h) for x in range(w) if cells[y][x] == "."]
    rng.shuffle(opens)
    sx, sy = opens[0]
    cells[sy][sx] = "S"
    for i, (x, y) in enumerate(opens[1 : 1 + rng.randint(1, 4)], start=1):
        cells[y][x] = str(i)
    if len(opens) > 6 and rng.random() < 0.5:
        x, y = opens[-1]
        cells[y][x] = "C"
    rows = ["#" * (w + 2)] + ["#" + "".join(r) + "#" for r in cells] + ["#" * (w + 2)]
    from hollowcli.engine.geometry import loc_name

    walls = []
    for x, y in opens:
        if x + 1 < w and cells[y][x + 1] != "#" and rng.random() < 0.15:
            walls.append((loc_name(x + 1, y + 1), loc_name(x + 2, y + 1)))
    area = Skill("blast", "Blast", cost=rng.randint(1, 3), attack=AttackSpec(rng.randint(1, 3), rng.randint(0, 1), rng.randint(0, 3), area=True))
    heal = Skill("heal", "Heal", cost=rng.randint(1, 2), restore=Restore(health=rng.randint(0, 3), fear=rng.randint(0, 3)))
    trap = Item("trap", "Trap", kind="item", cost=rng.randint(0, 2), trap=rng.choice(["pit", "snare"]), trap_damage=rng.randint(0, 3))
    legends = [legend(lid, attack_priority=rng.randint(1, 3), move=rng.randint(0, 3), tokens=rng.randint(1, 4),
                      health=rng.randint(3, 10), defense=rng.randint(0, 2), skills=("blast", "heal"), inventory=("trap",),
                      basic_attack=AttackSpec(rng.randint(0, 2), rng.randint(0, 1), rng.randint(0, 4)))
               for lid in ("ann", "bob")[: rng.randint(1, 2)]]
    foes = [foe("gob", move=rng.randint(0, 3), supply=rng.randint(1, 4), attack=AttackSpec(rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2))),
            foe("boss", "boss", health=rng.randint(1, 8), move=rng.randint(0, 2), supply=1, target=rng.choice(["closest", "ann"]))]
    acts = ["move", "attack", "spawn"]
    track = [TrackSpot(tuple(rng.sample(acts, rng.randint(0, 3))), card=rng.choice([None, "draw"])) for _ in range(rng.randint(1, 4))]
    cards = [Card("c", "C", "", copies=rng.randint(1, 2), effect=frozen_map({"spawn": [SpawnGroup("gob", 1)], "damage": rng.randint(0, 1),
                                                                            "lock": rng.randint(1, 4), "advance": rng.randint(0, 2)})),
             Card("d", "D", "", effect=frozen_map({"unlock": rng.randint(1, 4), "heal": 1, "calm": 1, "tokens": 2}))]
    objective = rng.choice([Objective("survive", rounds=rng.randint(1, 6)), Objective("defeat", count=rng.randint(1, 4), rounds=8),
                            Objective("search", count=2, rounds=6) if "C" in "".join(rows) else Objective("survive", rounds=3)])
    return make_pack(rows, legends=legends, foes=foes, skills=[area, heal], items=[trap], walls=walls,
                     barricades=rng.sample([1, 2, 3, 4], rng.randint(0, 2)), track=track, track_end=rng.choice(["loop", "stay"]),
                     spawn_list=[[SpawnGroup("gob", rng.randint(1, 3))], [SpawnGroup("boss", 1), SpawnGroup("gob", 1)]],
                     setup_foes=[FoePlacement("gob", 1)], objective=objective, cards=cards,
                     features={"S": "start", "C": "search"}, rules=Rules(round_limit=10, split_move=rng.random() < 0.3))


def test_random_chapters_never_break_the_rules_engine() -> None:
    rng = random.Random(2026)
    for i in range(60):
        pack = random_pack(rng)
        state, _, log = play(new_game(pack, "t"), i, "random" if i % 2 else "auto", roundtrip_every=4)
        assert outcome(state) in ("won", "lost") and all(e["reason"] for e in log)
