"""A chapter's tokens and the heroes (issue 18): squares they may not enter, tokens they
attack, search, stand on for a bonus, spring as traps, skill locks; and spawn points
under a ward."""

from __future__ import annotations

import dataclasses

import pytest
from test_engine_packs import ScriptedRng, legend, place, with_foes
from test_tokens_engine import KINDS, token_pack

from hollowcli.engine import tokens
from hollowcli.engine.actions import Action
from hollowcli.engine.adversary import foe_attack, foe_move
from hollowcli.engine.core import enter
from hollowcli.engine.game import apply, legal_actions, new_game, parse_command
from hollowcli.engine.hints import command_hint
from hollowcli.engine.spawning import spawn_groups
from hollowcli.engine.speed import replace
from hollowcli.engine.state import GameState
from hollowcli.engine.vocab import Act, EventKind, Side
from hollowcli.engine.walks import walk_action
from hollowcli.errors import RulesError
from hollowcli.pack.model import AttackSpec, Item, Objective, Skill, SpawnGroup, TokenKind, TokenPlacement, frozen_map

STONE_HEAVY = TokenKind("slab", "Grave slab", health=5, defense=0)
FOE_LEY = TokenKind("dark-ley", "Dark ley line", bonus=KINDS["ley"].bonus, side="foes")
HERO_SNARE = TokenKind("wire", "Snare wire", trap=KINDS["snare"].trap, side="heroes")
AIM = Skill("aim", "Long Shot", cost=1, attack=AttackSpec(dice=2, direct=0, range=3))
MEND = Skill("mend", "Mend", cost=1, restore=__import__("hollowcli.pack.model", fromlist=["Restore"]).Restore(health=2))
SLING = Item("sling", "Sling", attack=AttackSpec(dice=1, direct=0, range=2))
SWEEP = Skill("sweep", "Sweep", cost=0, attack=AttackSpec(dice=1, direct=0, range=1, area=True))


def start(*setup: TokenPlacement, **kw) -> GameState:  # type: ignore[no-untyped-def]
    kw.setdefault("legends", [legend("ann", attack_priority=2, skills=("aim", "mend", "sweep"), inventory=("sling",))])
    kw.setdefault("skills", [AIM, MEND, SWEEP])
    kw.setdefault("items", [SLING])
    pack = token_pack(tuple(setup), **kw)
    pack = dataclasses.replace(pack, tokens=frozen_map({**KINDS, "slab": STONE_HEAVY, "dark-ley": FOE_LEY, "wire": HERO_SNARE}))
    return new_game(pack, "t")


def acting(state: GameState, lid: str = "ann") -> GameState:
    state, _ = apply(state, parse_command(state, f"activate {lid}"), ScriptedRng())
    return state


def by(state: GameState, text: str) -> Action:
    a = parse_command(state, text)
    assert a is not None, (text, [x.command for x in legal_actions(state)])
    return a


# ------------------------------------------------------------------ squares heroes may not enter
def test_a_hay_bale_cannot_be_entered_and_says_why() -> None:
    state = acting(place(start(TokenPlacement("bale", "D3")), ann="C3"))
    assert "D3" not in {a.to for a in legal_actions(state) if a.kind == Act.MOVE}
    with pytest.raises(RulesError, match="D3 holds a Hay bale: nobody may enter it"):
        walk_action(state, ["D3"])
    assert command_hint(state, "move D3") == "D3 holds a Hay bale: nobody may enter it."
    hedge = acting(place(start(TokenPlacement("hedge", "D3")), ann="C3"))
    with pytest.raises(RulesError, match="D3 holds a Thorn hedge: heroes may not enter it"):
        walk_action(hedge, ["D3"])


def test_a_hero_on_a_hay_bale_may_walk_off_it() -> None:
    state = acting(place(start(TokenPlacement("bale", "D3")), ann="D3"))
    assert {"C3", "E3", "D2", "D4"} <= {a.to for a in legal_actions(state) if a.kind == Act.MOVE}


# ------------------------------------------------------------------ attacking tokens
def test_a_tombstone_takes_dice_plus_direct_minus_its_defense_and_goes_at_zero() -> None:
    state = acting(place(start(TokenPlacement("stone", "D3")), ann="C3"))
    attack = by(state, "attack stone D3")
    assert attack.token == "stone" and attack.at == "D3"
    assert attack.label.startswith("Attack the Tombstone on D3") and "3 health" in attack.label
    assert by(state, "attack tombstone d3") == attack
    after, events = apply(state, attack, ScriptedRng([3]))  # a 2: 2 + 1 direct (bonus) - 1 defense = 2
    hit = next(e for e in events if e.kind == EventKind.TOKEN_ATTACK)
    assert hit.numbers["damage"] == 2 and hit.numbers["health"] == 1
    assert tokens.find(after, "stone", "D3").health == 1  # type: ignore[union-attr]
    assert after.legend("ann").fear == state.legend("ann").fear  # no fear from hitting a stone
    after = replace(after, turn=None, legends=tuple(replace(lg, activated=False) for lg in after.legends))
    after = acting(after)
    gone, events = apply(after, by(after, "attack stone D3"), ScriptedRng([1]))  # 1 + 1 - 1 = 1: destroyed
    assert [e.kind for e in events if e.kind in (EventKind.TOKEN_ATTACK, EventKind.TOKEN_DESTROYED)] == [
        EventKind.TOKEN_ATTACK, EventKind.TOKEN_DESTROYED]
    assert tokens.find(gone, "stone", "D3") is None
    assert gone.defeated_counts == () and gone.foes == ()  # tokens are never foes


def test_an_area_attack_rolls_once_for_a_foe_and_a_tombstone() -> None:
    state = with_foes(acting(place(start(TokenPlacement("slab", "D3")), ann="C3")), ("gob", "D3"))
    area = by(state, "attack D3 with sweep")
    rng = ScriptedRng([3, 0])
    after, events = apply(state, area, rng)
    assert rng.calls == 1
    assert after.foes == ()  # 2 damage: the gobkin (health 2) falls
    slab = next(e for e in events if e.kind == EventKind.TOKEN_ATTACK)
    # one roll, a 2, + 1 direct (the personal bonus of a skill): 3 to each
    assert slab.numbers["damage"] == 3 and tokens.find(after, "slab", "D3").health == 2  # type: ignore[union-attr]


def test_a_token_out_of_range_or_sight_is_not_offered() -> None:
    state = acting(place(start(TokenPlacement("stone", "E3"), TokenPlacement("bale", "D4")), ann="B3"))
    # range 3: only Long Shot reaches (the basic attack and the sling reach 2)
    assert [a.command for a in legal_actions(state) if a.token is not None] == ["attack stone E3 with aim"]
    hidden = acting(place(start(TokenPlacement("stone", "E3"), TokenPlacement("bale", "D3")), ann="B3"))
    assert [a.command for a in legal_actions(hidden) if a.token is not None] == []  # the bale on D3 is in the way


# ------------------------------------------------------------------ search tokens
def earth_game(*placements: TokenPlacement) -> GameState:
    earth = TokenKind("earth", "Loose earth", search=True, finds=("jar", "sling"))
    jar = Item("jar", "Stoppered jar", chapter_item=True)
    state = start(*placements, items=[SLING, jar])
    pack = dataclasses.replace(state.pack, tokens=frozen_map({**state.pack.tokens, "earth": earth}))
    return new_game(pack, "t")


@pytest.mark.parametrize("first", ["C3", "E3"])
def test_the_first_search_token_searched_finds_the_first_item_whichever_it_is(first: str) -> None:
    state = acting(place(earth_game(TokenPlacement("earth", "C3"), TokenPlacement("earth", "E3")), ann=first))
    search = by(state, "search")
    assert search.label == f"Ann: search the Loose earth at {first}"
    after, events = apply(state, search, ScriptedRng())
    assert after.legend("ann").inventory == ("sling", "jar")
    assert tokens.search_token_at(after, first) is None and after.search_count == 1
    ev = next(e for e in events if e.kind == EventKind.SEARCH)
    assert ev.numbers["token"] == "earth" and "finds Stoppered jar" in ev.reason
    other = "E3" if first == "C3" else "C3"  # the other token holds the next of the kind's list
    after = acting(place(replace(after, turn=None, legends=tuple(replace(lg, activated=False) for lg in after.legends)),
                         ann=other))
    after, _ = apply(after, by(after, "search"), ScriptedRng())
    assert after.legend("ann").inventory == ("sling", "jar", "sling") and tokens.on_board(after) == ()


def test_a_placement_s_own_finds_come_before_the_kind_s_list() -> None:
    state = acting(place(earth_game(TokenPlacement("earth", "C3", finds=("sling",))), ann="C3"))
    after, _ = apply(state, by(state, "search"), ScriptedRng())
    assert after.legend("ann").inventory == ("sling", "sling")
    assert after.script is not None and after.script.drawn == ()  # the kind's list untouched


# ------------------------------------------------------------------ bonus
def test_a_ley_line_adds_a_die_to_the_heroes_attacks_from_it_items_too() -> None:
    state = with_foes(acting(place(start(TokenPlacement("ley", "C3")), ann="C3")), ("boss", "D3"))
    basic, sling = by(state, "attack b1"), by(state, "attack b1 with sling")
    rng = ScriptedRng([0, 0, 0])
    _, events = apply(state, basic, rng)
    assert rng.calls == 2 and next(e for e in events if e.kind == EventKind.ATTACK).numbers["dice"] == 2
    assert "(2 dice" in basic.label
    _, events = apply(state, sling, ScriptedRng([0, 0]))
    assert next(e for e in events if e.kind == EventKind.ATTACK).numbers["dice"] == 2  # not personal: items too
    off = with_foes(acting(place(start(TokenPlacement("ley", "B3")), ann="C3")), ("boss", "D3"))
    _, events = apply(off, by(off, "attack b1"), ScriptedRng([0, 0]))
    assert next(e for e in events if e.kind == EventKind.ATTACK).numbers["dice"] == 1


def test_a_heroes_ley_line_gives_a_foe_nothing_and_a_foes_one_gives_it_a_die() -> None:
    state = place(start(TokenPlacement("ley", "C3"), TokenPlacement("dark-ley", "E3")), ann="D3")
    state = with_foes(state, ("pump", "C3"), ("pump", "E3"))
    events: list = []
    foe_attack(state, 1, ScriptedRng([0]), events)
    assert events[-1].numbers["dice"] == 1
    events = []
    foe_attack(state, 2, ScriptedRng([0, 0]), events)
    assert events[-1].numbers["dice"] == 2 and "Dark ley line" in events[-1].detail


# ------------------------------------------------------------------ traps
def test_a_foes_snare_hurts_a_hero_not_a_foe_and_the_reverse() -> None:
    state = place(start(TokenPlacement("snare", "D3"), TokenPlacement("wire", "D4")), ann="B3")
    events: list = []
    hurt, standing = enter(state, Side.LEGENDS, "ann", "D3", events)
    assert hurt.legend("ann").health == state.legend("ann").health - 1  # 2 - defense 1
    assert events[0].kind == EventKind.TRAP and events[0].actor == "snare"
    assert tokens.find(hurt, "snare", "D3") is None  # sprung once (rules.trap_single_use)
    events = []
    same, _ = enter(with_foes(state, ("gob", "C3")), Side.FOES, "1", "D3", events)
    assert events == [] and tokens.find(same, "snare", "D3") is not None
    events = []
    gob = with_foes(state, ("gob", "D4"))
    after, standing = enter(gob, Side.FOES, "1", "D4", events)
    assert not standing and events[0].kind == EventKind.TRAP  # 2 damage: the gobkin falls
    events = []
    enter(state, Side.LEGENDS, "ann", "D4", events)
    assert events == []


def test_a_hero_walking_onto_a_foes_snare_springs_it() -> None:
    """The whole move action, not only ``enter``: a walk with no foe to leave and no trap
    set by an item still stops on a trap token (the walk's quick path skipped it once)."""
    state = acting(place(start(TokenPlacement("snare", "D3")), ann="B3"))
    after, events = apply(state, by(state, "move D3"), ScriptedRng())
    assert [e.kind for e in events][:2] == [EventKind.TRAP, EventKind.MOVE]
    assert after.legend("ann").health == state.legend("ann").health - 1  # 2 - defense 1
    assert tokens.find(after, "snare", "D3") is None
    through = acting(place(start(TokenPlacement("snare", "D3")), ann="C3"))
    passing, events = apply(through, walk_action(through, ["D3", "E3"]), ScriptedRng())  # walked through it
    assert any(e.kind == EventKind.TRAP for e in events) and passing.legend("ann").loc == "E3"


def test_a_foe_walking_over_a_heroes_snare_springs_it() -> None:
    state = with_foes(place(start(TokenPlacement("wire", "C3")), ann="E3"), ("boss", "B3"))
    events: list = []
    after = foe_move(state, 1, ScriptedRng(), events)
    assert any(e.kind == EventKind.TRAP for e in events) and after.foe(1).health == 9 - 2


# ------------------------------------------------------------------ warded spawn points
def test_a_roll_for_a_warded_spawn_point_goes_to_the_next_one() -> None:
    state = start(TokenPlacement("ward", 1))
    events: list = []
    after = spawn_groups(state, [SpawnGroup("gob")], ScriptedRng([0]), events, "test")  # a 1
    assert after.foes[0].loc == state.board.spawn_points[2]
    assert "spawn point 1 is warded (the Magic ward on it)" in events[0].reason
    plain = start()
    after = spawn_groups(plain, [SpawnGroup("gob")], ScriptedRng([0]), [], "test")
    assert after.foes[0].loc == plain.board.spawn_points[1]


def test_the_table_instruction_for_a_warded_point_names_the_ward_not_a_barricade() -> None:
    from hollowcli.play.instructions import instruction

    state = start(TokenPlacement("ward", 1))
    events: list = []
    after = spawn_groups(state, [SpawnGroup("gob")], ScriptedRng([0]), events, "test")  # a 1
    said = " ".join(" ".join(instruction(e, after)) for e in events if e.kind == EventKind.SPAWN)
    assert "(rolled 1: point 1 is warded (the Magic ward on it))" in " ".join(said.split())
    assert "barricaded" not in said


# ------------------------------------------------------------------ skill locks
def test_a_locked_skill_is_not_offered_and_comes_back_when_the_lock_goes() -> None:
    free = with_foes(acting(place(start(), ann="C3")), ("boss", "E3"))
    assert "attack b1 with aim" in [a.command for a in legal_actions(free)]
    locked = with_foes(acting(place(start(TokenPlacement("lock", skill="aim")), ann="C3")), ("boss", "E3"))
    assert "attack b1 with aim" not in [a.command for a in legal_actions(locked)]
    assert command_hint(locked, "attack b1 with aim") == "Long Shot cannot be used: a Skill lock token sits on it."
    from hollowcli.engine.effects import APPLY, EffectCtx
    from hollowcli.pack.vocab import Effect

    told: list = []
    unlocked = APPLY[Effect.REMOVE](locked, TokenPlacement("lock", skill="aim"), EffectCtx(ScriptedRng(), told, "event 'x'", []))
    assert "from the skill Long Shot" in told[0].reason  # the skill's name, as the cards print it
    relocked = APPLY[Effect.PLACE](unlocked, TokenPlacement("lock", skill="aim"), EffectCtx(ScriptedRng(), told, "event 'x'", []))
    assert "on the skill Long Shot" in told[-1].reason and "aim" not in told[-1].reason.split("event 'x'")[1]
    assert "attack b1 with aim" not in [a.command for a in legal_actions(relocked)]
    assert "attack b1 with aim" in [a.command for a in legal_actions(unlocked)]


def test_a_saved_game_with_tokens_plays_on_identically() -> None:
    state = acting(place(start(TokenPlacement("stone", "D3"), TokenPlacement("ward", "E3")), ann="C3"))
    from hollowcli.engine.state import GameState as GS

    back = GS.from_dict(state.pack, state.to_dict())
    assert back == state and [a.command for a in legal_actions(back)] == [a.command for a in legal_actions(state)]


def test_an_objective_of_searches_is_won_by_search_tokens_too() -> None:
    state = earth_game(TokenPlacement("earth", "C3"))
    pack = dataclasses.replace(state.pack, chapters=frozen_map({"t": dataclasses.replace(
        state.pack.chapters["t"], objective=Objective(kind="search", count=1))}))
    state = acting(place(new_game(pack, "t"), ann="C3"))
    after, _ = apply(state, by(state, "search"), ScriptedRng())
    assert after.search_count == 1


# ------------------------------------------------------------------ the auto policy
def test_the_policy_attacks_a_foe_before_a_tombstone_and_a_tombstone_when_no_foe_is_about() -> None:
    from hollowcli.engine.policy import auto_action

    both = with_foes(acting(place(start(TokenPlacement("stone", "D3")), ann="C3")), ("boss", "C3"))
    cracked = tokens.find(both, "stone", "D3")
    assert cracked is not None
    both = tokens.with_changed_token(both, cracked, replace(cracked, health=1))  # a sure kill, and still the boss first
    assert auto_action(both, ScriptedRng()).target == 1
    alone = acting(place(start(TokenPlacement("stone", "D3")), ann="C3"))
    chosen = auto_action(alone, ScriptedRng())
    assert chosen.kind == Act.ATTACK and chosen.token == "stone"


def test_the_policy_walks_to_a_search_token_and_searches_it() -> None:
    from hollowcli.engine.policy import auto_action

    state = acting(place(earth_game(TokenPlacement("earth", "F5")), ann="C3"))
    chosen = auto_action(state, ScriptedRng())
    assert chosen.kind == Act.MOVE and chosen.to in ("E3", "D4", "C5")  # two steps toward F5
    there = acting(place(earth_game(TokenPlacement("earth", "F5")), ann="F5"))
    assert auto_action(there, ScriptedRng()).kind == Act.SEARCH


def test_an_attack_on_a_tombstone_out_of_reach_says_why() -> None:
    state = acting(place(start(TokenPlacement("stone", "F5")), ann="B3"))
    assert command_hint(state, "attack stone F5") == "The Tombstone on F5 is at range 6; that attack reaches 2."
    hidden = acting(place(start(TokenPlacement("stone", "E3"), TokenPlacement("bale", "D3")), ann="B3"))
    assert "passes through D3, where the Hay bale blocks sight" in command_hint(hidden, "attack tombstone E3 with aim")
