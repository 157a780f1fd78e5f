"""Each trigger fires at its own moment of the game, and not at a neighbour's (plan §2.6;
readings 12–14 of docs/rules-interpretations.md)."""

from __future__ import annotations

import random
from pathlib import Path

from script_packs import begin, counters, fired, kinds, scripted, step, with_foe
from test_engine_packs import ScriptedRng

from hollowcli.engine import apply, new_game
from hollowcli.engine.adversary import adversary_phase
from hollowcli.engine.game import end_of_round
from hollowcli.engine.rolls import Dice
from hollowcli.engine.speed import replace

STORY = "do: [{story: x}]"


def _play_round(state, seed: int = 1):
    """Activate Ann, end her activation: the adversary phase and the end of round run."""
    state, first = step(state, "activate ann", seed)
    state, rest = step(state, "end", seed)
    return state, first + rest


def test_round_start_fires_when_its_round_begins_not_the_round_before(tmp_path: Path) -> None:
    pack = scripted(tmp_path, f"- {{id: three, when: {{round_start: 3}}, {STORY}}}")
    state = new_game(pack, "t")
    state, events = _play_round(state)  # round 1 -> 2
    assert state.round == 2 and fired(events) == []
    state, events = _play_round(state)  # round 2 -> 3
    assert state.round == 3 and fired(events) == ["three"]
    # it fires right after round 3's ROUND event: the new round's first moment
    assert kinds(events)[-3:] == ["round", "event", "story"]


def test_round_end_fires_before_the_loss_check_so_a_calm_saves_a_legend_at_the_fear_limit(tmp_path: Path) -> None:
    pack = scripted(tmp_path, "- {id: dawn, when: {round_end: every}, do: [{calm: 1}]}")
    state = new_game(pack, "t")
    state = replace(state, legends=(replace(state.legends[0], fear=10),))  # at the limit
    events: list = []
    after = end_of_round(state, events, Dice(random.Random(1)))
    assert after.result is None and after.round == 2, "the calm came before the check"
    assert after.legends[0].fear == 9
    assert kinds(events)[:2] == ["event", "card-calm"]
    # without the event's dice the round-end events cannot run: the check loses as before
    assert end_of_round(state, [], None).result == "lost"


def test_track_spot_fires_as_its_spot_starts_before_its_actions(tmp_path: Path) -> None:
    pack = scripted(tmp_path, "- {id: spot-two, when: {track_spot: 2}, once: false, do: [{lock: 1}, {lock: 2}, {lock: 3}]}")
    state = begin(new_game(pack, "t"))
    events: list = []
    state = adversary_phase(state, ScriptedRng([0]), events)  # spot 1
    assert fired(events) == []
    events = []
    state = adversary_phase(replace(state, phase="legends"), ScriptedRng([3, 0]), events)  # spot 2: spawn, card
    assert fired(events) == ["spot-two"]
    k = kinds(events)
    assert k.index("track") < k.index("event") < k.index("spawn"), "the event comes before the spot's spawn"
    spawn = next(e for e in events if e.kind == "spawn")
    assert spawn.to == "J6", "three points locked before the roll: only point 4 (J6) is open"


def test_searched_fires_on_a_search_of_its_feature(tmp_path: Path) -> None:
    pack = scripted(tmp_path, f"""
        - {{id: grave, when: {{searched: G}}, {STORY}}}
        - {{id: anything, when: {{searched: any}}, {STORY}}}
        - {{id: walked, when: {{enters: F4}}, {STORY}}}
        """)
    state = new_game(pack, "t")
    state, _ = step(state, "activate ann")
    state, moved = step(state, "move F4")
    assert fired(moved) == ["walked"]
    state, searched = step(state, "search")
    assert fired(searched) == ["grave", "anything"]
    ev = next(e for e in searched if e.kind == "event")
    assert ev.actor == "ann" and ev.reason == "event 'grave': Ann searched F4"


def test_enters_fires_for_every_square_of_a_walk_not_only_where_it_stops(tmp_path: Path) -> None:
    pack = scripted(tmp_path, f"""
        - {{id: by-letter, when: {{enters: G}}, {STORY}}}
        - {{id: by-square, when: {{enters: F4}}, {STORY}}}
        - {{id: elsewhere, when: {{enters: F3}}, {STORY}}}
        """)
    state = new_game(pack, "t")
    state = replace(state, legends=(replace(state.legends[0], loc="D4"),))
    state, _ = step(state, "activate ann")
    state, events = step(state, "move D4 E4 F4 G4")  # through F4, stopping on G4
    assert state.legends[0].loc == "G4"
    assert fired(events) == ["by-letter", "by-square"], "F4 was walked through; F3 was not"


def test_foe_defeated_by_class_and_by_id(tmp_path: Path) -> None:
    pack = scripted(tmp_path, f"""
        - {{id: by-class, when: {{foe_defeated: boss}}, {STORY}}}
        - {{id: by-id, when: {{foe_defeated: headless-horseman}}, {STORY}}}
        - {{id: other-class, when: {{foe_defeated: pumpling}}, {STORY}}}
        - {{id: any-foe, when: {{foe_defeated: any}}, once: false, {STORY}}}
        """)
    state = with_foe(new_game(pack, "t"), "headless-horseman", "D4", health=1)
    state, _ = step(state, "activate ann")
    action = next(a for a in __import__("hollowcli.engine", fromlist=["x"]).legal_actions(state) if a.kind == "attack")
    state, events = apply(state, action, ScriptedRng([5, 5]))  # two '2' faces
    assert not state.foes
    assert fired(events) == ["by-class", "by-id", "any-foe"]


def test_foes_left_fires_on_crossing_not_while_below(tmp_path: Path) -> None:
    pack = scripted(tmp_path, f"- {{id: thin, when: {{foes_left: 1}}, once: false, {STORY}}}")
    state = new_game(pack, "t")
    for loc in ("D4", "D3", "D5"):
        state = with_foe(state, "gobkin", loc, health=1)
    state, _ = step(state, "activate ann")
    from hollowcli.engine import legal_actions

    def kill(state, target_loc):
        a = next(a for a in legal_actions(state) if a.kind == "attack" and state.foe(a.target).loc == target_loc)
        return apply(state, a, ScriptedRng([5, 5]))

    state, events = kill(state, "D4")  # 3 -> 2: not yet
    assert len(state.foes) == 2 and fired(events) == []
    state = replace(state, turn=replace(state.turn, acted=False))
    state, events = kill(state, "D3")  # 2 -> 1: crosses
    assert len(state.foes) == 1 and fired(events) == ["thin"]
    state = replace(state, turn=replace(state.turn, acted=False))
    state, events = kill(state, "D5")  # 1 -> 0: below already, no new crossing of 1
    assert fired(events) == []


def test_card_drawn_fires_for_its_card_only(tmp_path: Path) -> None:
    pack = scripted(tmp_path, f"- {{id: wind, when: {{card_drawn: grave-wind}}, once: false, {STORY}}}",
                    track="[{actions: [], card: draw}]")
    state = begin(new_game(pack, "t"))
    events: list = []
    state = adversary_phase(state, ScriptedRng(), events)  # draws crows? the pile is shuffled: read the card
    first = next(e for e in events if e.kind == "card").target
    events2: list = []
    adversary_phase(replace(state, phase="legends"), ScriptedRng(), events2)
    second = next(e for e in events2 if e.kind == "card").target
    by_card = {first: fired(events), second: fired(events2)}
    assert by_card == {"grave-wind": ["wind"], "crows": []}


def test_flag_fires_on_zero_to_one_not_one_to_two(tmp_path: Path) -> None:
    pack = scripted(tmp_path, f"""
        - {{id: bump, when: {{round_end: every}}, once: false, do: [{{add: {{bell: 1}}}}]}}
        - {{id: rung, when: {{flag: bell}}, once: false, {STORY}}}
        """)
    state = new_game(pack, "t")
    state, events = _play_round(state)
    assert counters(state) == {"bell": 1} and fired(events) == ["bump", "rung"]
    state, events = _play_round(state)
    assert counters(state) == {"bell": 2} and fired(events) == ["bump"]


def test_health_below_fires_again_only_after_a_heal_above_its_threshold(tmp_path: Path) -> None:
    pack = scripted(tmp_path, f"""
        - {{id: hurt, when: {{health_below: 4}}, once: false, {STORY}}}
        - {{id: scare, when: {{fear_at_least: 3}}, {STORY}}}
        - {{id: cut, when: {{round_end: 1}}, do: [{{damage: 5}}, {{fear: 2}}]}}
        - {{id: cut-again, when: {{round_end: 2}}, do: [{{damage: 1}}]}}
        - {{id: mend, when: {{round_end: 3}}, do: [{{heal: 4}}]}}
        - {{id: cut-last, when: {{round_end: 4}}, do: [{{damage: 4}}]}}
        """)
    state = new_game(pack, "t")
    state, events = _play_round(state)  # 8 -> 3: crosses below 4 (and 5 fear: crosses 3)
    assert state.legends[0].health == 3 and fired(events) == ["cut", "hurt", "scare"]
    state, events = _play_round(state)  # 3 -> 2: still below, no crossing
    assert fired(events) == ["cut-again"]
    state, events = _play_round(state)  # healed to 6
    assert fired(events) == ["mend"]
    state, events = _play_round(state)  # 6 -> 2: crosses again
    assert fired(events) == ["cut-last", "hurt"]


TOKENS = """\
tokens:
  tombstone: {name: Tombstone, health: 3}
  loose-earth: {name: Loose earth, search: true}
"""


def test_token_destroyed_and_searched_token_fire_for_their_kind(tmp_path: Path) -> None:
    """The token events (made by the token rules) set off the token triggers: a destroyed
    Tombstone, a searched Loose earth; a search of the grave is no search of a token."""
    from hollowcli.engine.core import event
    from hollowcli.engine.script import settle
    from hollowcli.engine.vocab import EventKind

    pack = scripted(tmp_path, f"""
        - {{id: broken, when: {{token_destroyed: tombstone}}, once: false, {STORY}}}
        - {{id: dug, when: {{searched: loose-earth}}, once: false, {STORY}}}
        - {{id: grave, when: {{searched: G}}, once: false, {STORY}}}
        """, tokens=TOKENS)
    state = new_game(pack, "t")
    dice = Dice(random.Random(1))
    moments = {
        "destroyed": event(state, EventKind.TOKEN_DESTROYED, actor="ann", target="tombstone", frm="D4",
                           numbers={"token": "tombstone"}),
        "dug": event(state, EventKind.SEARCH, actor="ann", to="D4", numbers={"searches": 1, "token": "loose-earth"}),
        "grave": event(state, EventKind.SEARCH, actor="ann", to="F4", numbers={"searches": 1}),
    }
    got = {}
    for name, ev in moments.items():
        events = [ev]
        settle(state, dice, events, 0, state)
        got[name] = fired(events)
    assert got == {"destroyed": ["broken"], "dug": ["dug"], "grave": ["grave"]}
    events = [moments["destroyed"]]
    settle(state, dice, events, 0, state)
    assert events[1].reason == "event 'broken': the Tombstone token on D4 was destroyed"
