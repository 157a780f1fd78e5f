"""The event loop: conditions both ways, file order, first in first out, the chain bound,
choose, win and lose, begin, the index, and the campaign's flags (plan §2.6; readings 11,
15–17 of docs/rules-interpretations.md)."""

from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest
from script_packs import begin, counters, fired, kinds, scripted, step, with_foe

from hollowcli.engine import apply, auto_action, campaign_flags, legal_actions, new_game
from hollowcli.engine import script as script_mod
from hollowcli.engine.game import end_of_round
from hollowcli.engine.rolls import Dice
from hollowcli.engine.speed import replace
from hollowcli.errors import ContentError
from hollowcli.pack.vocab import Trigger


def _round(state, seed: int = 1):
    state, first = step(state, "activate ann", seed)
    state, rest = step(state, "end", seed)
    return state, first + rest


def _end_round(state, seed: int = 1):
    events: list = []
    return end_of_round(state, events, Dice(random.Random(seed))), events


# ------------------------------------------------------------------ conditions
@pytest.mark.parametrize(("cond", "setup", "holds"), [
    ("{flag: key}", {"key": 1}, True),
    ("{flag: key}", {"key": 0}, False),
    ("{flag: key}", {}, False),
    ("{not_flag: key}", {}, True),
    ("{not_flag: key}", {"key": 2}, False),
    ("{counter: {stones: {at_least: 3}}}", {"stones": 3}, True),
    ("{counter: {stones: {at_least: 3}}}", {"stones": 2}, False),
    ("{counter: {stones: {at_most: 1}}}", {"stones": 1}, True),
    ("{counter: {stones: {at_most: 1}}}", {"stones": 2}, False),
    ("{counter: {stones: {equals: 2}}}", {"stones": 2}, True),
    ("{counter: {stones: {equals: 2}}}", {"stones": 3}, False),
])
def test_flag_and_counter_conditions_both_ways(tmp_path: Path, cond: str, setup: dict, holds: bool) -> None:
    pack = scripted(tmp_path, f"- {{id: e, when: {{round_end: every}}, if: [{cond}], do: [{{story: x}}]}}")
    state = new_game(pack, "t", flags=setup)
    _, events = _end_round(state)
    assert fired(events) == (["e"] if holds else [])


@pytest.mark.parametrize(("cond", "holds_in_round"), [
    ("{round: {at_least: 2}}", {1: False, 2: True, 3: True}),
    ("{round: {at_most: 2}}", {1: True, 2: True, 3: False}),
])
def test_round_condition_both_ways(tmp_path: Path, cond: str, holds_in_round: dict) -> None:
    pack = scripted(tmp_path, f"- {{id: e, when: {{round_end: every}}, once: false, if: [{cond}], do: [{{story: x}}]}}")
    state = new_game(pack, "t")
    for rnd, holds in holds_in_round.items():
        state = replace(state, round=rnd)
        _, events = _end_round(state)
        assert fired(events) == (["e"] if holds else []), rnd


@pytest.mark.parametrize(("where", "loc", "holds"), [
    ("F4", "F4", True), ("F4", "F5", False), ("G", "F4", True), ("G", "C4", False)])
def test_hero_at_condition_by_square_and_by_feature(tmp_path: Path, where: str, loc: str, holds: bool) -> None:
    pack = scripted(tmp_path, f"- {{id: e, when: {{round_end: every}}, if: [{{hero_at: {where}}}], do: [{{story: x}}]}}")
    state = new_game(pack, "t")
    state = replace(state, legends=(replace(state.legends[0], loc=loc),))
    _, events = _end_round(state)
    assert fired(events) == (["e"] if holds else [])


@pytest.mark.parametrize(("cond", "foes", "holds"), [
    ("{foes_on_board: {at_most: 1}}", 1, True), ("{foes_on_board: {at_most: 1}}", 2, False),
    ("{foes_on_board: {at_least: 2}}", 2, True), ("{foes_on_board: {at_least: 2}}", 1, False)])
def test_foes_on_board_condition_both_ways(tmp_path: Path, cond: str, foes: int, holds: bool) -> None:
    pack = scripted(tmp_path, f"- {{id: e, when: {{round_end: every}}, if: [{cond}], do: [{{story: x}}]}}")
    state = new_game(pack, "t")
    for loc in ("B2", "J2")[:foes]:
        state = with_foe(state, "gobkin", loc)
    _, events = _end_round(state)
    assert fired(events) == (["e"] if holds else [])


# ------------------------------------------------------------------ order
COUNT_THEN_CHECK = """
- {id: stone-count, when: {round_end: every}, once: false, do: [{add: {stones: 1}}]}
- {id: stones-broken, when: {round_end: every}, if: [{counter: {stones: {at_least: 3}}}], do: [{set: {broken: 1}}]}
"""
CHECK_THEN_COUNT = """
- {id: stones-broken, when: {round_end: every}, if: [{counter: {stones: {at_least: 3}}}], do: [{set: {broken: 1}}]}
- {id: stone-count, when: {round_end: every}, once: false, do: [{add: {stones: 1}}]}
"""


@pytest.mark.parametrize(("events", "rounds_to_break"), [(COUNT_THEN_CHECK, 3), (CHECK_THEN_COUNT, 4)])
def test_events_of_one_occurrence_fire_in_file_order_each_reading_the_ones_before(tmp_path: Path, events: str,
                                                                                  rounds_to_break: int) -> None:
    pack = scripted(tmp_path, events)
    state = new_game(pack, "t")
    ends = 0
    while not counters(state).get("broken") and ends < 6:
        state, _ = _end_round(state)
        ends += 1
    assert ends == rounds_to_break


def test_events_set_off_by_an_effect_queue_behind_the_moment_s_other_events(tmp_path: Path) -> None:
    """One walk enters F4, then G4. A (F4) sets the flag that sets off B; C is G4's: A, C,
    then B, since B's occurrence came after G4's (first in, first out)."""
    pack = scripted(tmp_path, """
        - {id: a, when: {enters: F4}, do: [{set: {lit: 1}}]}
        - {id: b, when: {flag: lit}, do: [{story: b}]}
        - {id: c, when: {enters: G4}, do: [{story: c}]}
        """)
    state = new_game(pack, "t")
    state = replace(state, legends=(replace(state.legends[0], loc="E4"),))
    state, _ = step(state, "activate ann")
    _, events = step(state, "move E4 F4 G4")
    assert fired(events) == ["a", "c", "b"]


def test_a_loop_of_events_stops_with_a_content_error_naming_the_event_and_its_line(tmp_path: Path) -> None:
    pack = scripted(tmp_path, """
        - {id: ping, when: {flag: ping}, once: false, do: [{set: {ping: 0, pong: 1}}]}
        - {id: pong, when: {flag: pong}, once: false, do: [{set: {pong: 0, ping: 1}}]}
        - {id: start, when: {round_end: 1}, do: [{set: {ping: 1}}]}
        """)
    state = new_game(pack, "t")

    def hang(signum, frame):  # a loop without its bound would never end
        raise AssertionError("the chain of events was not bounded")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(10)
    try:
        with pytest.raises(ContentError) as info:
            _end_round(state)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    problem = info.value.problems[0]
    lines = (tmp_path / "pack" / "t.yaml").read_text().splitlines()
    assert problem.file.endswith("t.yaml")
    assert "id: ping" in lines[problem.line - 1] or "id: pong" in lines[problem.line - 1]
    assert "fired" in problem.message and "'ping'" in problem.message and "'pong'" in problem.message
    assert "at most 100 events fire in one moment" in problem.message


def test_the_loop_error_names_the_file_from_the_folder_the_game_runs_in(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The pack is read (and its event's file kept) from one folder and the game runs in
    another, as with a pack cache made by an earlier command: the file is named from the
    folder of the run, not of the read."""
    monkeypatch.chdir(tmp_path)
    pack = scripted(tmp_path, """
        - {id: ping, when: {flag: ping}, once: false, do: [{set: {ping: 0, pong: 1}}]}
        - {id: pong, when: {flag: pong}, once: false, do: [{set: {pong: 0, ping: 1}}]}
        - {id: start, when: {round_end: 1}, do: [{set: {ping: 1}}]}
        """)
    state = new_game(pack, "t")
    monkeypatch.chdir(tmp_path / "pack")
    with pytest.raises(ContentError) as info:
        _end_round(state)
    assert info.value.problems[0].file == "t.yaml"


# ------------------------------------------------------------------ choose
CHOOSE = """
- {id: fork, when: {round_end: 1}, do: [{choose: {prompt: Which way?, options: [
     {label: Left, do: [{set: {went: 1}}]}, {label: Right, AUTO do: [{set: {went: 2}}]}]}}]}
"""


@pytest.mark.parametrize(("marked", "went"), [("", 1), ("auto: true,", 2)])
def test_choose_seeded_takes_the_first_option_or_the_one_marked_auto(tmp_path: Path, marked: str, went: int) -> None:
    pack = scripted(tmp_path, CHOOSE.replace("AUTO", marked))
    state, events = _end_round(new_game(pack, "t"))
    assert counters(state)["went"] == went
    choice = next(e for e in events if e.kind == "choice")
    assert choice.numbers["by"] == "auto" and choice.numbers["index"] == went - 1


def test_choose_asks_the_source_and_uses_its_answer(tmp_path: Path) -> None:
    pack = scripted(tmp_path, CHOOSE.replace("AUTO", "auto: true,"))
    asked = []

    class Source:
        def roll(self, request):
            return [type("R", (), {"face": f, "physical": False})() for f in request.seeded]

        def choose(self, request):
            asked.append((request.prompt, request.options, request.auto))
            return 0

    events: list = []
    state = end_of_round(new_game(pack, "t"), events, Dice(random.Random(1), Source()))
    assert asked == [("Which way?", ("Left", "Right"), 1)]
    assert counters(state)["went"] == 1
    assert next(e for e in events if e.kind == "choice").numbers["by"] == "players"


# ------------------------------------------------------------------ win and lose
def test_win_in_the_legend_phase_ends_the_chapter_before_the_adversary_phase(tmp_path: Path) -> None:
    pack = scripted(tmp_path, "- {id: found, when: {searched: G}, do: [{win: The ledger is found.}]}")
    state = new_game(pack, "t")
    state = replace(state, legends=(replace(state.legends[0], loc="F4"),))
    state, _ = step(state, "activate ann")
    state, events = step(state, "search")
    assert state.result == "won" and state.reason == "The ledger is found"
    assert "track" not in kinds(events) and kinds(events)[-1] == "game-over"
    assert legal_actions(state) == []


def test_a_win_at_the_fear_limit_is_a_loss(tmp_path: Path) -> None:
    """Reading 11: the summary's losses are checked first at the end of the moment."""
    pack = scripted(tmp_path, "- {id: found, when: {searched: G}, do: [{fear: 10}, {win: The ledger is found.}]}")
    state = new_game(pack, "t")
    state = replace(state, legends=(replace(state.legends[0], loc="F4"),))
    state, _ = step(state, "activate ann")
    state, events = step(state, "search")
    assert state.result == "lost" and "fear" in state.reason


def test_lose_in_the_adversary_phase_stops_the_phase(tmp_path: Path) -> None:
    pack = scripted(tmp_path, "- {id: doom, when: {track_spot: 1}, do: [{lose: The rider is here.}]}")
    state = with_foe(new_game(pack, "t"), "gobkin", "J2")
    state, events = _round(state)
    assert state.result == "lost" and state.reason == "The rider is here"
    assert "foe-move" not in kinds(events) and "track-slide" not in kinds(events)


# ------------------------------------------------------------------ begin
def test_round_one_events_wait_for_begin_and_an_unscripted_game_never_has_it(tmp_path: Path) -> None:
    pack = scripted(tmp_path, "- {id: dusk, when: {round_start: 1}, do: [{story: Dusk.}]}")
    state = new_game(pack, "t")
    assert [a.command for a in legal_actions(state)] == ["begin"]
    assert auto_action(state, random.Random(0)).kind == "begin"
    state, events = apply(state, legal_actions(state)[0], random.Random(0))
    assert fired(events) == ["dusk"] and [a.command for a in legal_actions(state)] == ["activate ann"]
    # a chapter whose events start later opens as today: no 'begin'
    later = scripted(tmp_path / "later", "- {id: dusk, when: {round_start: 2}, do: [{story: Dusk.}]}")
    assert [a.command for a in legal_actions(new_game(later, "t"))] == ["activate ann"]
    from hollowcli.pack.loader import load_pack

    # the schoolhouse as it was before it had a script (the built-in one rings its bell rope)
    plain = load_pack([Path(__file__).resolve().parent.parent / "benchmarks" / "packs" / "unscripted"], use_cache=False)
    assert new_game(plain, "schoolhouse").script is None
    assert all(a.kind != "begin" for a in legal_actions(new_game(plain, "schoolhouse")))


# ------------------------------------------------------------------ the index
def test_a_search_looks_only_at_the_searched_events(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    many = "\n".join(f"- {{id: end-{i}, when: {{round_end: every}}, once: false, do: [{{story: x}}]}}" for i in range(50))
    pack = scripted(tmp_path, many + "\n- {id: grave, when: {searched: G}, do: [{story: found}]}")
    calls = {t: 0 for t in Trigger}
    for trigger, row in list(script_mod.MATCH.items()):
        def counted(state, value, occ, row=row, trigger=trigger):
            calls[trigger] += 1
            return row(state, value, occ)
        monkeypatch.setitem(script_mod.MATCH, trigger, counted)
    state = new_game(pack, "t")
    state = replace(state, legends=(replace(state.legends[0], loc="F4"),))
    state, _ = step(state, "activate ann")
    state, events = step(state, "search")
    assert fired(events) == ["grave"] and state.round == 1
    assert calls[Trigger.SEARCHED] == 1
    assert sum(calls.values()) == 1, "no other trigger's events were looked at"


# ------------------------------------------------------------------ the campaign
def test_flags_seed_the_counters_and_are_carried_only_from_a_won_chapter(tmp_path: Path) -> None:
    pack = scripted(tmp_path, """
        - {id: mark, when: {round_end: 1}, do: [{set: {jar: 1, campaign: true}}, {set: {local: 5}}]}
        - {id: end, when: {round_end: 1}, if: [{flag: old}], do: [{win: Done.}]}
        """)
    state, _ = _end_round(new_game(pack, "t", flags={"old": 1}))
    assert state.result == "won" and campaign_flags(state) == {"jar": 1}
    lost, _ = _end_round(replace(new_game(pack, "t"), legends=(replace(new_game(pack, "t").legends[0], health=0),)))
    assert lost.result == "lost" and campaign_flags(lost) == {}
    # campaign flags make a game scripted even when its chapter has no events
    from hollowcli.pack.loader import load_pack

    plain = load_pack([], use_cache=False)
    assert new_game(plain, "schoolhouse", flags={"jar": 1}).script is not None
    state = begin(new_game(pack, "t"))
    assert counters(state) == {}


def test_a_content_error_crosses_a_process_boundary_whole() -> None:
    """'hollow simulate' gets a worker's error pickled: a loop's message must survive it."""
    import pickle

    from hollowcli.errors import Problem

    err = ContentError([Problem("t.yaml", 7, "event 'a' fired 100 times", "make it once")])
    again = pickle.loads(pickle.dumps(err))
    assert again.problems == err.problems and str(again) == str(err)


def test_an_event_s_advance_outside_the_adversary_phase_moves_the_token_at_once(tmp_path: Path) -> None:
    pack = scripted(tmp_path, "- {id: hurry, when: {searched: G}, do: [{advance: 1}]}")
    state = new_game(pack, "t")
    state = replace(state, legends=(replace(state.legends[0], loc="F4"),))
    state, _ = step(state, "activate ann")
    state, events = step(state, "search")
    assert state.track_pos == 1 and kinds(events)[-1] == "track-slide"
    # in the adversary phase it adds to the phase's own slide, as a card's does
    late = scripted(tmp_path / "late", "- {id: hurry, when: {track_spot: 1}, do: [{advance: 1}]}")
    state, events = _round(new_game(late, "t"))
    slide = [e for e in events if e.kind == "track-slide"]
    assert len(slide) == 1 and slide[0].numbers["slide"] == 2 and state.track_pos == 2
