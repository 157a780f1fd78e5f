"""The event-only effects that spawn, hand out items, replace the objective, boost foes,
move the storybook token and change the deck (``spawn_at``, ``give``, ``take``,
``objective``, ``boost``, ``track``, ``deck``), and the objectives ``flag`` and ``all``.

Each effect is applied to a state directly (its ``APPLY`` row, as an event's runner
calls it) and checked at pack level (its ``EffectSpec``'s check, with file and line, as
the validator runs it inside an event's ``do:``). A card may not say them.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_engine_packs import ScriptedRng, foe, game, legend, make_pack, place, with_foes

from hollowcli.engine.adversary import adversary_phase
from hollowcli.engine.effects import APPLY, EffectCtx
from hollowcli.engine.game import end_of_round
from hollowcli.engine.objectives import rule_of
from hollowcli.engine.speed import replace
from hollowcli.engine.state import Event, GameState, ScriptState, Turn
from hollowcli.engine.vocab import EventKind, Result
from hollowcli.pack.model import Ally, AttackSpec, Card, FoePlacement, Item, Objective, TrackSpot, frozen_map
from hollowcli.pack.vocab import Effect


def scripted(state: GameState, **script: Any) -> GameState:
    """The state with a script (as a scripted chapter's game has one)."""
    return replace(state, script=ScriptState(**script))


def apply(state: GameState, effect: Effect, value: Any, actor: str | None = None,
          dice: Any = None) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    ctx = EffectCtx(dice or ScriptedRng(), events, "event 'test'", [], actor=actor)
    return APPLY[effect](state, value, ctx), events


LANTERN = Item("lantern", "Storm Lantern")
JAR = Item("jar", "Stoppered Jar", chapter_item=True)


# ------------------------------------------------------------------ spawn_at
def test_spawn_at_places_on_a_barricaded_point_without_a_roll() -> None:
    pack = make_pack(barricades=[1])
    state = scripted(game(pack))
    rng = ScriptedRng()
    after, events = apply(state, Effect.SPAWN_AT, (FoePlacement("gob", 1, 2), FoePlacement("boss", "D3")), dice=rng)
    assert sorted((f.foe, f.loc) for f in after.foes) == [("boss", "D3"), ("gob", "B2"), ("gob", "B2")]
    assert rng.calls == 0  # no D6: a card's spawn would have rolled, and been turned away from point 1
    spawned = [e for e in events if e.kind == EventKind.SPAWN]
    assert [e.numbers["roll"] for e in spawned] == [None, None]
    assert spawned[0].numbers["point"] == 1 and spawned[0].numbers["placed_by"] == "event"
    assert spawned[0].reason == "event 'test': 2 Gob at B2 (spawn point 1, no roll); Gobs 1 and 2 appear at B2"


def test_spawn_at_keeps_to_the_supply() -> None:
    pack = make_pack(foes=[foe("gob"), foe("rider", "boss", supply=1)])
    state = with_foes(scripted(game(pack)), ("rider", "C2"))
    after, events = apply(state, Effect.SPAWN_AT, (FoePlacement("rider", 2, 1),))
    assert len(after.foes) == 1
    assert "could not spawn: every Rider miniature (1 in the box) is on the board" in events[0].reason


# ------------------------------------------------------------------ give, take
def _items_pack() -> Any:
    pip = Ally("pip", "Pip", health=3, defense=0, move=1, attack_priority=0)
    return make_pack(items=[LANTERN, JAR], allies=[pip], setup_allies={"pip": "C3"},
                     legends=[legend("ann"), legend("bob", inventory=("lantern",))])


@pytest.mark.parametrize(("to", "actor", "turn", "who"), [
    ("searcher", "ann", None, ["ann"]),
    ("searcher", "bob", None, ["bob"]),
    ("active", "ann", "bob", ["bob"]),  # the Legend activating now, not the one who set it off
    ("active", "ann", None, ["ann"]),
    ("each", None, None, ["ann", "bob"]),
    ("bob", "ann", None, ["bob"]),
])
def test_give_hands_the_item_to_whom_it_names(to: str, actor: str | None, turn: str | None, who: list[str]) -> None:
    state = scripted(game(_items_pack()))
    if turn is not None:
        state = replace(state, turn=Turn(legend=turn))
    after, events = apply(state, Effect.GIVE, frozen_map({"item": "jar", "to": to}), actor=actor)
    assert [lg.id for lg in after.legends if "jar" in lg.inventory] == who
    assert [e.target for e in events if e.kind == EventKind.ITEM_GAINED] == who
    assert events[0].reason == f"event 'test': {after.legend_name(who[0])} gains the Stoppered Jar"


@pytest.mark.parametrize(("to", "actor", "why"), [
    ("searcher", None, "no hero's search set this off, so nobody gains the Stoppered Jar"),
    ("searcher", "pip", "Pip is an ally and carries no items, so nobody gains the Stoppered Jar"),
])
def test_give_to_nobody_says_so(to: str, actor: str | None, why: str) -> None:
    state = scripted(game(_items_pack()))
    after, events = apply(state, Effect.GIVE, frozen_map({"item": "jar", "to": to}), actor=actor)
    assert after == state
    assert [e.reason for e in events] == [f"event 'test': {why}"]


def test_take_each_takes_one_from_every_legend_who_has_it() -> None:
    state = scripted(game(_items_pack()))
    state = state.with_legend(replace(state.legend("ann"), inventory=("lantern", "jar", "lantern")))
    after, events = apply(state, Effect.TAKE, frozen_map({"item": "lantern", "from": "each"}))
    assert after.legend("ann").inventory == ("jar", "lantern") and after.legend("bob").inventory == ()
    assert [e.target for e in events if e.kind == EventKind.ITEM_LOST] == ["ann", "bob"]
    again, events = apply(after, Effect.TAKE, frozen_map({"item": "jar", "from": "bob"}))
    assert again == after and events[0].reason == "event 'test': Bob does not have the Stoppered Jar, so nothing is taken"


def test_take_takes_an_equipped_relic_when_the_inventory_lacks_it() -> None:
    state = scripted(game(_items_pack()))
    state = state.with_legend(replace(state.legend("ann"), relic="lantern"))
    after, _ = apply(state, Effect.TAKE, frozen_map({"item": "lantern", "from": "ann"}))
    assert after.legend("ann").relic is None and after.legend("bob").inventory == ("lantern",)


# ------------------------------------------------------------------ objectives
def _ended(state: GameState) -> GameState:
    return end_of_round(state, [])


def test_a_replaced_objective_is_won_by_its_new_kind() -> None:
    pack = make_pack(objective=Objective(kind="survive", rounds=9))
    state = scripted(game(pack), counters=(("jar", 1),))
    assert _ended(state).result is None  # survive 9: round 1 wins nothing
    after, events = apply(state, Effect.OBJECTIVE, Objective(kind="flag", flag="jar"))
    assert rule_of(after)[1].kind == "flag"
    assert events[0].kind == EventKind.OBJECTIVE
    assert events[0].reason == "event 'test': the objective is now: Reach the goal 'jar': the chapter's events say how."
    over = _ended(after)
    assert over.result == Result.WON and over.reason == "the Legends reached the goal 'jar'"


@pytest.mark.parametrize(("value", "round_", "result"), [(1, 1, Result.WON), (0, 1, None), (0, 3, Result.LOST),
                                                          (2, 3, Result.WON)])
def test_a_flag_objective_is_won_at_the_end_of_a_round_with_the_flag_set(value: int, round_: int,
                                                                         result: Result | None) -> None:
    pack = make_pack(objective=Objective(kind="flag", flag="stones-broken", rounds=3))
    state = scripted(game(pack, round=round_), counters=(("stones-broken", value),))
    over = _ended(state)
    assert over.result == result
    if result == Result.LOST:
        assert over.reason == "the objective was not met within 3 rounds"


def test_a_flag_objective_is_not_won_in_an_unscripted_game() -> None:
    pack = make_pack(objective=Objective(kind="flag", flag="jar"))
    assert _ended(game(pack)).result is None


def test_all_is_won_when_every_part_is_and_lost_when_any_part_is() -> None:
    pip = Ally("pip", "Pip", health=3, defense=0, move=1, attack_priority=0)
    both = Objective(kind="all", of=(Objective(kind="flag", flag="jar"), Objective(kind="survive", rounds=3)))
    pack = make_pack(objective=both, allies=[pip])
    set_ = scripted(game(pack, round=2), counters=(("jar", 1),))
    assert _ended(set_).result is None  # the flag alone is not enough
    won = _ended(replace(set_, round=3))
    assert won.result == Result.WON and won.reason == "the Legends reached the goal 'jar'; the Legends survived 3 rounds"
    assert _ended(scripted(game(pack, round=3))).result is None  # survived, but no jar
    guard = Objective(kind="all", of=(Objective(kind="survive", rounds=5), Objective(kind="protect", ally="pip", rounds=5)))
    pack = make_pack(objective=guard, allies=[pip], setup_allies={"pip": "C3"})
    state = scripted(game(pack))
    assert _ended(state).result is None
    fallen = _ended(replace(state, allies=()))
    assert fallen.result == Result.LOST and fallen.reason == "Pip has fallen, and the objective was to protect them"


def test_the_screen_and_the_round_line_read_the_objective_in_play() -> None:
    from hollowcli.engine.objectives import progress
    from hollowcli.play.view import objective_text

    pack = make_pack(objective=Objective(kind="survive", rounds=4))
    state = scripted(game(pack))
    assert objective_text(state) == "Objective: survive 4 rounds (this is round 1)"
    state, _ = apply(state, Effect.OBJECTIVE, Objective(kind="all", of=(Objective(kind="flag", flag="jar", rounds=6),
                                                                       Objective(kind="defeat", count=2))))
    assert objective_text(state) == ("Objective: all of: reach the goal 'jar' by round 6 (not yet); "
                                     "defeat 2 foes (0 so far)")
    assert progress(state) == "all of: reach the goal 'jar' by round 6 (not yet); defeat 2 foes (0 so far)"


# ------------------------------------------------------------------ boost
def test_boost_move_lets_a_gobkin_walk_one_more_square() -> None:
    pack = make_pack(foes=[foe("gob", move=2), foe("pump", "pumpling", move=2)],
                     map_rows=("#########", "#1......#", "#.......#", "#......2#", "#########"))
    state = with_foes(place(scripted(game(pack)), ann="H2", bob="H2"), ("gob", "B2"), ("pump", "B4"))
    after, events = apply(state, Effect.BOOST, frozen_map({"foe": "gobkin", "move": 1, "attack": 0}))
    assert after.foe_def("gob").move == 3 and after.foe_def("pump").move == 2  # by class: gobkin, not pumpling
    assert events[0].reason == ("event 'test': every gobkin-class foe gets +1 move for the rest of the chapter "
                                "(on the board and spawned later)")
    moved = adversary_phase(after, ScriptedRng(), [])
    assert moved.foe(1).loc == "E2" and moved.foe(2).loc == "B2"  # three squares; two (B4, B3, B2)
    plain = adversary_phase(state, ScriptedRng(), [])
    assert plain.foe(1).loc == "D2"


def test_boost_health_heals_those_on_the_board_and_spawned_later_start_higher() -> None:
    pack = make_pack(foes=[foe("gob", health=2), foe("pump", "pumpling", health=2)])
    state = with_foes(scripted(game(pack)), ("gob", "B2"), ("pump", "C2"))
    state = state.with_foe(replace(state.foe(1), health=1))
    after, _ = apply(state, Effect.BOOST, frozen_map({"foe": "gob", "health": 2}))
    assert [f.health for f in after.foes] == [3, 2]
    later, _ = apply(after, Effect.SPAWN_AT, (FoePlacement("gob", "D3", 1),))
    assert later.foes[-1].health == 4


def test_the_ledgers_show_a_boosted_foes_numbers() -> None:
    """The status screen, the play screen's foe column and the assist ledger give a boosted
    foe's health out of its boosted maximum, and its boosted defense and move."""
    from hollowcli.play.ledger import status_lines
    from hollowcli.play.screen import foe_ledger
    from hollowcli.play.view import render_foes

    pack = make_pack(foes=[foe("gob", health=2, defense=0, move=2)])
    state = with_foes(scripted(game(pack)), ("gob", "B2"))
    after, _ = apply(state, Effect.BOOST, frozen_map({"foe": "gob", "health": 2, "defense": 1, "move": 1}))
    row = next(line for line in render_foes(after) if "B2" in line).split()
    assert row[4:7] == ["4/4", "1", "3"]  # health, defense, move (after 'G1 Gob 1 B2')
    assert next(line for line in foe_ledger(after) if "B2" in line).split()[-2:] == ["4/4", "1"]
    assert any("B2  4/4" in line for line in status_lines(after))


def test_boost_attack_adds_dice_to_a_foes_attack_even_after_one_attack_of_the_game() -> None:
    pack = make_pack(foes=[foe("gob", attack=AttackSpec(dice=1, direct=1, range=0))],
                     track=[TrackSpot(("attack",))])
    state = with_foes(place(scripted(game(pack)), ann="C2", bob="F5"), ("gob", "C2"))
    before: list[Event] = []
    adversary_phase(state, ScriptedRng(), before)  # the foe's attack numbers are kept for the game (lookups)
    after, _ = apply(state, Effect.BOOST, frozen_map({"foe": "gob", "attack": 2, "direct": 1}))
    events: list[Event] = []
    adversary_phase(after, ScriptedRng(), events)
    hit = next(e for e in events if e.kind == EventKind.FOE_ATTACK)
    was = next(e for e in before if e.kind == EventKind.FOE_ATTACK)
    assert (was.numbers["dice"], was.numbers["direct"]) == (1, 1)
    assert (hit.numbers["dice"], hit.numbers["direct"]) == (3, 2)


def test_an_unscripted_game_reads_the_packs_foe_itself() -> None:
    pack = make_pack()
    assert game(pack).foe_def("gob") is pack.foes["gob"]


# ------------------------------------------------------------------ track
def test_track_moves_the_token_and_the_adversary_phase_still_slides_on() -> None:
    spots = [TrackSpot(("move",), card="draw")] + [TrackSpot(("move",)) for _ in range(5)]
    card = Card("rush", "Rush", effect=frozen_map({"track": 4}))  # the engine row, as an event applies it mid-phase
    pack = make_pack(track=spots, cards=[card])
    state = scripted(game(pack))
    moved, events = apply(state, Effect.TRACK, 5)
    assert moved.track_pos == 4 and events[0].kind == EventKind.TRACK_SET
    assert events[0].reason == "event 'test': the storybook token moves from spot 1 to spot 5"
    after = adversary_phase(state, ScriptedRng(), [])
    assert after.track_pos == 4  # moved to spot 4 during spot 1, then slid on to spot 5


# ------------------------------------------------------------------ deck
def test_deck_add_shuffles_copies_into_the_pile_and_remove_clears_pile_and_discards() -> None:
    cards = [Card("wind", "Grave Wind"), Card("bell", "The Sexton's Bell", copies=0)]
    pack = make_pack(cards=cards)
    state = scripted(game(pack))
    assert state.discard == ("wind",) and state.pile == ()  # copies: 0 stays out of the deck
    added, events = apply(state, Effect.DECK, frozen_map({"add": "bell", "copies": 2}))
    assert sorted(added.discard) == ["bell", "bell", "wind"]  # no pile yet: the next draw shuffles these
    assert events[0].reason == "event 'test': 2 copies of The Sexton's Bell shuffled into the chapter deck"
    drawing = replace(state, pile=("wind", "wind"), discard=("bell",))

    class Reverse(ScriptedRng):
        def shuffle(self, x: Any, *args: Any, **kw: Any) -> None:
            x.reverse()

    added, _ = apply(drawing, Effect.DECK, frozen_map({"add": "bell", "copies": 1}), dice=Reverse())
    assert added.pile == ("bell", "wind", "wind") and added.discard == ("bell",)  # shuffled into the pile
    gone, events = apply(added, Effect.DECK, frozen_map({"remove": "bell"}))
    assert gone.pile == ("wind", "wind") and gone.discard == ()
    assert events[0].reason == "event 'test': The Sexton's Bell leaves the chapter deck (2 copies taken out)"


# ------------------------------------------------------------------ the checks, with file and line
def check(effect: str, yaml_value: str, cards: tuple[str, ...] = ("bell",), spots: int = 5) -> tuple[Any, list[str]]:
    """One event step checked as the validator checks it inside a chapter's events (its
    line is 6), then the checks that wait for every pack, against a chapter of ``spots``
    track spots and ``cards``: the canonical value (or BAD) and the problems as
    ``line: message (hint)``."""
    from hollowcli.errors import Problem
    from hollowcli.pack import yamlsrc
    from hollowcli.pack.convert import SINGULAR, Checker, Entry
    from hollowcli.pack.effects import EFFECTS
    from hollowcli.pack.validate import CUSTOMS

    text = ("chapters:\n  t:\n    map: x\n    events:\n      - do:\n"
            f"          - {{{effect}: {yaml_value}}}\n")
    parsed = yamlsrc.parse(text, "c.yaml")
    ck = Checker(parsed, "c.yaml", CUSTOMS)
    ck.grid = ["#####", "#1AS#", "#B.2#", "#####"]
    path = ("chapters", "t", "events", 0, "do", 0, effect)
    value = ck.conv(EFFECTS[Effect(effect)].check)(parsed.data["chapters"]["t"]["events"][0]["do"][0][effect], path)
    chapter = Entry("chapters", "t", {"track": [{}] * spots, "cards": [{"id": c} for c in cards]}, "c.yaml", 2, False)
    foes = {f: Entry("foes", f, {"cls": "gobkin"}, "f.yaml", 1, False) for f in ("gobkin", "rider")}
    merged = {"chapters": {"t": chapter}, "foes": foes}
    problems = list(ck.problems)
    for later in ck.checks:
        problems += later(merged, {"activation_order": ["boss", "gobkin", "schrickroot", "pumpling", "ghost"]})
    known = {"items": {"jar"}, "legends": {"ann"}, "foes": set(foes), "skills": {"hex-bolt"}}
    problems += [Problem("c.yaml", r.line, f"{r.what} names the unknown {SINGULAR[r.kind]} {r.id!r}")
                 for r in ck.refs if r.id not in known[r.kind]]
    return value, [f"{p.line}: {p.message}" + (f" ({p.hint})" if p.hint else "") for p in problems]


@pytest.mark.parametrize(("effect", "yaml_value", "canonical"), [
    ("spawn_at", "[{foe: rider, at: 2}, {foe: gobkin, at: C3, count: 2}]",
     [{"foe": "rider", "at": 2, "count": 1}, {"foe": "gobkin", "at": "C3", "count": 2}]),
    ("give", "{item: jar, to: searcher}", {"item": "jar", "to": "searcher"}),
    ("give", "{item: jar, to: ann}", {"item": "jar", "to": "ann"}),
    ("take", "{item: jar, from: each}", {"item": "jar", "from": "each"}),
    ("boost", "{foe: gobkin, move: +1}", {"foe": "gobkin", "attack": 0, "direct": 0, "defense": 0, "move": 1, "health": 0}),
    ("boost", "{foe: ghost, health: -2}", {"foe": "ghost", "attack": 0, "direct": 0, "defense": 0, "move": 0, "health": -2}),
    ("track", "5", 5),
    ("deck", "{add: bell, copies: 2}", {"add": "bell", "copies": 2}),
    ("deck", "{add: bell}", {"add": "bell", "copies": 1}),
    ("deck", "{remove: bell}", {"remove": "bell"}),
    ("unlock_skill", "hex-bolt", "hex-bolt"),
])
def test_an_event_effect_is_checked_into_its_canonical_value(effect: str, yaml_value: str, canonical: Any) -> None:
    assert check(effect, yaml_value) == (canonical, [])


def test_an_objective_effect_is_checked_as_a_chapters_objective() -> None:
    value, problems = check("objective", "{kind: all, of: [{kind: flag, flag: jar-found}, {kind: survive, rounds: 8}]}")
    assert problems == []
    assert value["kind"] == "all" and [p["kind"] for p in value["of"]] == ["flag", "survive"]
    assert Objective(**value).of[0] == Objective(kind="flag", flag="jar-found")
    assert check("objective", "{kind: flag}")[1] == ["6: a flag objective has no 'flag' (add 'flag:' with a value)"]


@pytest.mark.parametrize(("effect", "yaml_value", "message"), [
    ("spawn_at", "[{foe: rider, at: K9}]", "6: 'at' K9 is outside the map (the map has columns A..E and rows 1..4)"),
    ("spawn_at", "[{foe: rider}]", "6: the setup foe has no 'at' (add 'at:' with a value)"),
    ("spawn_at", "[{foe: ridr, at: 1}]", "6: the spawn_at effect names the unknown foe 'ridr'"),
    ("give", "lantern", "6: a give effect must be {item: ID, to: WHO}, not the text 'lantern' "
                        "(WHO is searcher, active, each or a Legend's id)"),
    ("give", "{item: jar}", "6: the give effect has no 'to' (add 'to:' with a value)"),
    ("give", "{item: jar, to: searchr}", "6: 'to' must be searcher, active, each or a Legend's id, not the text "
                                         "'searchr' (did you mean 'searcher'?)"),
    ("take", "{item: jar, to: ann}", "6: the take effect has an unknown field 'to' (known fields: item, from)"),
    ("take", "{item: jarr, from: ann}", "6: the take effect names the unknown item 'jarr'"),
    ("boost", "{foe: gobkin}", "6: the boost effect names no stat to raise (add one of attack, direct, defense, move, "
                               "health, e.g. 'move: +1')"),
    ("boost", "{foe: gobkin, speed: 1}", "6: the boost effect has an unknown field 'speed' (known fields: foe, attack, "
                                         "direct, defense, move, health)"),
    ("boost", "{foe: gobkin, move: 30}", "6: 'move' must be at most 20, not 30"),
    ("boost", "{foe: ridr, move: 1}", "6: the boost effect names 'ridr', which is neither a foe nor a foe class "
                                      "(did you mean 'rider'?)"),
    ("boost", "{foe: wraith, move: 1}", "6: the boost effect names 'wraith', which is neither a foe nor a foe class "
                                        "(name a foe (gobkin, rider) or a foe class (boss, gobkin, schrickroot, pumpling, ghost))"),
    ("boost", "3", "6: a boost effect must be {foe: ID-or-CLASS, move: +1, ...}, not the number 3 (name a foe or foe "
                   "class and one or more of attack, direct, defense, move, health)"),
    ("track", "6", "6: 'track' moves the storybook token to spot 6, but the track has 5 spots (use a spot from 1 to 5)"),
    ("track", "0", "6: 'track' must be at least 1, not 0"),
    ("deck", "{add: bel}", "6: the deck effect names the card 'bel', which the chapter does not have (did you mean 'bell'?)"),
    ("deck", "{add: bell, remove: bell}", "6: a deck effect must be {add: CARD, copies: N} or {remove: CARD}: it names "
                                          "both (write one deck effect for each card)"),
    ("deck", "{copies: 2}", "6: a deck effect must be {add: CARD, copies: N} or {remove: CARD}: it names neither "
                            "(write one deck effect for each card)"),
    ("deck", "{remove: bell, copies: 2}", "6: a deck effect's 'copies' goes with 'add' only (remove takes every copy "
                                          "out) (take 'copies' off, or write 'add:')"),
    ("deck", "{add: bell, copies: 0}", "6: 'copies' must be at least 1, not 0"),
    ("unlock_skill", "hex-blot", "6: the unlock_skill effect names the unknown skill 'hex-blot'"),
    ("unlock_skill", "[hex-bolt]", "6: an unlock_skill effect names one skill, like {unlock_skill: piercing-shot}, not a list "
                                     "(write one unlock_skill step for each skill)"),
])
def test_a_bad_event_effect_is_refused_with_its_line(effect: str, yaml_value: str, message: str) -> None:
    assert message in check(effect, yaml_value)[1]


def test_plain_words_drop_the_print_markup() -> None:
    from hollowcli.pack.effects import EFFECTS
    from hollowcli.pack.loader import load_pack
    from hollowcli.pack.words import plain

    pack = load_pack([])
    assert plain(EFFECTS[Effect.DAMAGE].words(pack, 2)) == "Each hero takes 2 damage (no defense)"
    assert plain(EFFECTS[Effect.LOCK].words(pack, 3)) == "Barricade spawn point 3"
    assert plain(EFFECTS[Effect.SPAWN_AT].words(pack, (FoePlacement("headless-horseman", 3),))) == \
        "Place 1× The Headless Horseman on spawn point 3 (no roll)"
    assert plain(EFFECTS[Effect.BOOST].words(pack, frozen_map({"foe": "gobkin", "move": 1, "defense": -1}))) == \
        "Gobkin gains −1 defense, +1 move for the rest of the chapter"
    assert plain(EFFECTS[Effect.DECK].words(pack, frozen_map({"add": "warm-cider", "copies": 2}))) == \
        "Shuffle 2 copies of Warm Cider into the chapter deck"
    assert plain("**Bread &amp; &lt;Butter&gt;** *now* &#64;home") == "Bread & <Butter> now @home"


def test_the_unlock_skill_words_name_the_skill() -> None:
    from hollowcli.pack.effects import EFFECTS
    from hollowcli.pack.loader import load_pack
    from hollowcli.pack.words import plain

    pack = load_pack([])
    assert plain(EFFECTS[Effect.UNLOCK_SKILL].words(pack, "steady-aim")) == \
        "Unlock Steady Aim: its Legend may use it for the rest of the chapter"
