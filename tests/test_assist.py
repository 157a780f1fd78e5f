"""``hollow assist``: set-up, corrections, every roll asked, the adversary phase as
instructions, the ledger, and the same game as ``hollow play`` with the same dice."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hollowcli import engine
from hollowcli.cli import cli
from hollowcli.engine.corrections import apply_correction, parse_correction
from hollowcli.errors import RulesError
from hollowcli.pack.loader import load_pack
from hollowcli.play import saves
from hollowcli.play.ledger import status_lines
from hollowcli.play.session import Session

#: Round 1 of chapter 1 (seed 3): every Legend acts, then the adversary phase asks two foe
#: attacks (Gobkin 1 on Emily, Pumpling 1 on Jeremiah).
ROUND1 = ["activate emily", "move D2", "end", "activate jeremiah", "end",
          "activate matthias", "end", "activate elijah", "end"]


def run(args: list[str], lines: list[str], tmp_path: Path) -> tuple[Any, list[dict[str, Any]]]:
    """``hollow assist ARGS`` with ``lines`` as its input and a log; the result and the log."""
    log = tmp_path / f"log-{len(list(tmp_path.iterdir()))}.jsonl"
    result = CliRunner().invoke(cli, ["assist", *args, "--log", str(log)], input="\n".join(lines) + "\n",
                                env={"NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    events = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    return result, events


def pack() -> Any:
    return load_pack(())


def round1_state() -> Any:
    state = engine.new_game(pack(), "schoolhouse")
    return state


# ----------------------------------------------------------------------------- corrections


def test_corrections_change_the_ledger_and_say_what_changed() -> None:
    state = round1_state()
    c = parse_correction(state, "put #2 f3")  # a bare number: the one foe whose standee it is (Gobkin 2)
    assert c.command == "put g2 F3" and c.figure == "foe:2"
    new, events = apply_correction(state, c)
    assert new.foe(2).loc == "F3" and state.foe(2).loc == "J2"  # the old state is untouched
    assert events[0].kind == "correction" and "(was J2)" in events[0].reason
    new, _ = apply_correction(new, parse_correction(new, "set emily health 3"))
    assert new.legend("emily-van-winkle").health == 3
    new, _ = apply_correction(new, parse_correction(new, "add gobkin 2"))
    assert new.foes[-1].loc == "J2" and new.foes[-1].number == 5 and new.next_foe == 6
    assert new.foes[-1].standee == 3 and new.foe_name(new.foes[-1]) == "Gobkin 3"  # the lowest free Gobkin
    new, _ = apply_correction(new, parse_correction(new, "unbarricade 4"))
    assert new.barricades == ()
    new, _ = apply_correction(new, parse_correction(new, "track 4"))
    new, _ = apply_correction(new, parse_correction(new, "next-spawn 3"))
    assert (new.track_pos, new.spawn_pos) == (3, 2)
    new, _ = apply_correction(new, parse_correction(new, "set g1 health 0"))
    assert all(f.number != 1 for f in new.foes) and new.defeated_count("gobkin") == 1
    new, _ = apply_correction(new, parse_correction(new, "remove pumpling 1"))
    assert all(f.number != 3 for f in new.foes) and new.defeated_count() == 1  # removed, not defeated
    new, events = apply_correction(new, parse_correction(new, "add gobkin C4"))  # Gobkin 1's number is free again
    assert new.foe_name(new.foes[-1]) == "Gobkin 1" and "Gobkin 1 is added at C4" in events[0].reason


@pytest.mark.parametrize(("text", "says"), [
    ("put 9 F3", "there is no foe '9' on the board (foes there: g1, g2, s1, p1)"),
    ("put g9 F3", "there is no foe 'g9' on the board"),
    ("put 1 F3", "Gobkin 1, Schrickroot 1 and Pumpling 1 are all on the board: say which, g1, s1 or p1"),
    ("put 2 Z9", "Z9 is not a location on this map"),
    ("put 2 C3", "C3 is not a location on this map"),  # a wall square
    ("put nobody F3", "'nobody' is neither a foe on the board (g1, g2, s1, p1) nor a Legend"),
    ("add gobkin 2 F3", "Gobkin 2 is already on the board, at J2"),
    ("add gobkin 11 F3", "Gobkin standees are numbered 1 to 10, not 11"),
    ("set emily health 9", "Emily's health cannot be 9: the maximum is 8"),
    ("set 2 health 4", "Gobkin 2's health cannot be 4: its maximum is 3"),
    ("set emily luck 2", "'luck' is not something 'set' changes"),
    ("barricade 7", "the map has no spawn point 7"),
    ("track 9", "the storybook track has spots 1 to 6, not 9"),
    ("next-spawn 0", "the spawn list has entries 1 to 6, not 0"),
    ("remove emily", "a Legend stays on the board"),
    ("add dragon F3", "'dragon' is not a foe of the loaded content"),
])
def test_a_bad_correction_is_one_sentence_and_changes_nothing(text: str, says: str) -> None:
    state = round1_state()
    with pytest.raises(RulesError, match=None) as info:
        apply_correction(state, parse_correction(state, text))
    assert says in str(info.value)
    assert "\n" not in str(info.value)


def test_a_correction_is_an_engine_step_that_can_be_undone_redone_and_replayed(tmp_path: Path) -> None:
    p = pack()
    camp = saves.new_campaign("c")
    from hollowcli.play import campaigns

    campaigns.start_game(p, camp, "schoolhouse", 3)
    assert camp.game is not None
    s = Session(p, camp.game)
    s.take(engine.parse_step(s.state, "put gobkin 2 F3"))
    s.take(engine.parse_step(s.state, "set emily fear 4"))
    assert s.state.foe(2).loc == "F3" and s.state.legend("emily-van-winkle").fear == 4
    assert [(a["kind"], a["command"]) for a in camp.game.actions] == [  # typed, as every step of a save
        ("correction", "put g2 F3"), ("correction", "set emily-van-winkle fear 4")]
    assert camp.game.actions[0]["figure"] == "foe:2"  # the foe's identity, whatever it is called
    s.undo()
    assert s.state.legend("emily-van-winkle").fear == 0 and s.state.foe(2).loc == "F3"
    s.redo()
    again = Session(p, saves.GameRecord.from_dict(json.loads(json.dumps(camp.game.to_dict()))))
    assert again.state.to_dict() == s.state.to_dict()


def test_corrections_change_the_next_foe_moves(tmp_path: Path) -> None:
    """A foe put elsewhere at the Legend-phase prompt moves from there; one put elsewhere at a
    question of the adversary phase moves from there when its turn comes."""
    plain, plain_log = run(["1", "--seed", "3"], [*ROUND1, "2", "1", "quit"], tmp_path)
    moved, moved_log = run(["1", "--seed", "3", "--campaign", "b", "--new"],
                           ["put p1 J5", *ROUND1, "put 2 B5", "2", "r", "r", "r", "quit"], tmp_path)

    def move_of(log: list[dict[str, Any]], who: str) -> dict[str, Any]:
        return next(e for e in log if e["kind"] in ("foe-move", "foe-hold") and e["actor"] == who)

    assert move_of(plain_log, "pumpling#1")["from"] == "B6"
    assert move_of(moved_log, "pumpling#1")["from"] == "J5"  # corrected at the Legend-phase prompt
    assert move_of(plain_log, "gobkin#2")["from"] == "J2"
    assert move_of(moved_log, "gobkin#2")["from"] == "B5"  # corrected at Gobkin 1's question
    assert "ok: Gobkin 2 is at B5 (was J2)" in moved.output
    kinds = [e["kind"] for e in moved_log]
    assert kinds.count("correction") == 2


# ----------------------------------------------------------------------------- dice


class SeededPlayers:
    """A stand-in for the players at the table: a dice source that answers every roll with
    the seeded faces (as if typed) and counts what was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int, str]] = []
        self.faces: list[str] = []
        self.pauses = 0

    def roll(self, request: Any) -> Any:
        from hollowcli.engine.rolls import RolledFace

        self.asked.append((request.die.id, request.count, request.purpose))
        self.faces += [f.label for f in request.seeded]
        return tuple(RolledFace(f, True) for f in request.seeded)

    def pause(self, src: Any, state: Any, events: Any, upcoming: str) -> Any:
        self.pauses += 1
        return state


@pytest.mark.parametrize("chapter", ["schoolhouse", "covered-bridge", "churchyard"])
def test_the_dice_asked_are_exactly_the_dice_the_rules_roll(chapter: str) -> None:
    """Every die an event reports was asked for, in order, once: attack, leave, foe
    attack and spawn rolls alike; and the asked game is the seeded game."""
    p = pack()
    from hollowcli.play import campaigns

    camp = saves.new_campaign("c")
    campaigns.start_game(p, camp, chapter, 5)
    assert camp.game is not None
    players = SeededPlayers()
    asked = Session(p, camp.game, source=players)
    seeded_state = engine.new_game(p, chapter)
    rolled: list[str] = []
    kinds: set[str] = set()
    step = 0
    while engine.outcome(asked.state) is None and step < 400:
        action = engine.auto_action(asked.state, random.Random(f"auto:{step}"))
        events = asked.take(action)
        for ev in events:
            if ev.rolls:
                kinds.add(ev.kind)
            rolled += [str(r["face"]) for r in ev.rolls]
        seeded_state, _ = engine.apply(seeded_state, action, random.Random(f"5:{step}"))
        step += 1
    assert rolled == players.faces
    assert sum(n for _, n, _ in players.asked) == len(rolled)
    assert {"foe-attack", "spawn"} <= kinds
    assert asked.state.to_dict() == seeded_state.to_dict()  # the seeded faces give the seeded game
    assert players.pauses > 0
    purposes = [p for _, _, p in players.asked]
    assert any(" attacks " in x for x in purposes) and any(x.startswith("spawn point for ") for x in purposes)


def test_a_wrong_face_or_count_is_refused_with_the_faces_and_asked_again(tmp_path: Path) -> None:
    result, log = run(["1", "--seed", "3"], [*ROUND1, "7", "1 1", "2", "r", "quit"], tmp_path)
    out = result.output
    assert "'7' is not a face of the attack die; its faces are blank (0), 1, 2." in out
    assert "That is 2 faces, but 1 attack die is rolled" in out
    assert out.count("Roll 1 attack die (Gobkin 1 attacks Emily):") == 3
    assert "Emily takes 2 damage: health 6, fear 1." in out
    asks = [e for e in log if e["kind"] == "ask"]
    assert [(a["die"], a["count"], a["faces"], a["by"]) for a in asks] == [
        ("attack", 1, ["2"], "players"), ("attack", 1, [asks[1]["faces"][0]], "hollow")]
    assert asks[0]["purpose"] == "Gobkin 1 attacks Emily"


def test_the_same_session_through_play_and_assist_reaches_the_same_state(tmp_path: Path) -> None:
    """One script (the Legends' commands and every roll's faces, in the order asked), fed to
    'hollow assist' and to 'hollow play --rolled ask', gives the same game; and the same
    faces given as 'hollow play --rolled V,V,...' too."""
    script: list[tuple[str, str]] = [("c", x) for x in ROUND1] + [("d", "2"), ("d", "blank")]
    script += [("c", "activate emily"), ("c", "attack g1"), ("d", "1 2"), ("c", "end"),
               ("c", "activate jeremiah"), ("c", "end"), ("c", "activate matthias"), ("c", "end"),
               ("c", "activate elijah"), ("c", "end"), ("d", "5"), ("r", "r"), ("r", "r"), ("r", "r")]
    # ('r': hollow rolls the seeded faces, which is what 'play --rolled V,V' rolls once its values run out)
    lines = tmp_path / "table.txt"
    lines.write_text("\n".join(t for _, t in script) + "\n", encoding="utf-8")
    result, _ = run(["1", "--seed", "3", "--campaign", "a", "--new", "--input", str(lines)], [], tmp_path)
    assert "(spawn point for 3 Gobkin, spawn list entry 1 of 6): 5" in result.output
    asked = CliRunner().invoke(cli, ["play", "1", "--seed", "3", "--campaign", "p", "--new", "--input", str(lines),
                                     "--rolled", "ask"], env={"NO_COLOR": "1"})
    assert asked.exit_code == 0, asked.output
    dice = ",".join(",".join(t.split()) for k, t in script if k == "d")
    commands = tmp_path / "commands.txt"
    commands.write_text("\n".join(t for k, t in script if k == "c") + "\n", encoding="utf-8")
    listed = CliRunner().invoke(cli, ["play", "1", "--seed", "3", "--campaign", "q", "--new", "--input", str(commands),
                                      "--rolled", dice], env={"NO_COLOR": "1"})
    assert listed.exit_code == 0, listed.output

    def final(name: str) -> dict[str, Any]:
        camp = saves.load(name)
        assert camp.game is not None and not camp.game.pending
        return Session(pack(), camp.game).state.to_dict()

    a, p, q = final("a"), final("p"), final("q")
    assert a == p == q
    assert a["round"] == 3 and 1 not in [f["number"] for f in a["foes"]]  # Emily's attack defeated Gobkin 1


# ----------------------------------------------------------------------------- screens


def test_a_named_campaign_must_exist_or_be_new(tmp_path: Path) -> None:
    missing = CliRunner().invoke(cli, ["assist", "1", "--campaign", "autum"], input="quit\n")
    assert missing.exit_code == 1 and "there is no campaign named 'autum'" in str(missing.exception)
    assert not saves.campaign_path("autum").exists()
    started = CliRunner().invoke(cli, ["assist", "1", "--campaign", "autum", "--new"], input="activate emily\nquit\n")
    assert started.exit_code == 0 and saves.campaign_path("autum").exists()
    again = CliRunner().invoke(cli, ["assist", "--campaign", "autum"], input="quit\n")
    assert again.exit_code == 0 and "Resuming" in again.output


def test_setup_says_what_to_place_where_also_in_json(tmp_path: Path) -> None:
    result, _ = run(["1", "--seed", "3", "--json"], ["quit"], tmp_path)
    out = result.output
    doc = json.loads(out[out.index("{\n"):])
    setup = doc["setup"]
    assert [(f["number"], f["name"], f["loc"], f["spawn_point"]) for f in setup["foes"]] == [  # standee numbers, by kind
        (1, "Gobkin", "B2", 1), (2, "Gobkin", "J2", 2), (1, "Pumpling", "B6", 3), (1, "Schrickroot", "J4", None)]
    assert setup["barricades"] == [4] and setup["storybook_spot"] == 1
    total = sum(c.copies for c in pack().chapters["schoolhouse"].cards)
    assert sum(c["copies"] for c in setup["cards"]) == total
    assert ("Foes (by the number on the standee's base): Gobkin 1 on spawn point 1 (B2), Gobkin 2 on spawn point 2 (J2),"
            in " ".join(out.split()))
    assert f"Chapter cards: these {total}, face down beside the board" in out
    assert "Barricades: on spawn point 4 (J6)." in out
    assert doc["ledger"]["round"] == 1 and doc["stopped"] == "quit"


def test_setup_places_the_chapters_ally_too(tmp_path: Path) -> None:
    # chapter 4 starts Tobias on J4: a group that sets up from these words alone must place him
    result, _ = run(["4", "--seed", "3"], ["quit"], tmp_path)
    assert "Allies: Tobias Brom on J4." in result.output
    # the line comes with the other figures, before the objective that names him
    assert result.output.index("Allies: Tobias Brom on J4.") < result.output.index("Objective: keep Tobias Brom")
    result, _ = run(["4", "--seed", "3", "--campaign", "j", "--new", "--json"], ["quit"], tmp_path)
    doc = json.loads(result.output[result.output.index("{\n"):])
    assert doc["setup"]["allies"] == [{"id": "tobias-brom", "name": "Tobias Brom", "loc": "J4"}]
    result, _ = run(["1", "--seed", "3", "--campaign", "one", "--new"], ["quit"], tmp_path)  # a chapter without one says nothing of allies
    assert "Allies:" not in result.output


def test_status_fits_one_80x24_screen_however_many_foes() -> None:
    state = round1_state()
    for loc in ["C2", "D2", "E2", "F2", "H2", "I2", "B3", "E3"]:
        state, _ = apply_correction(state, parse_correction(state, f"add gobkin {loc}"))
    for loc in ["C4", "F4", "G4", "H4", "I4", "B5", "E5", "F5", "G5"]:
        state, _ = apply_correction(state, parse_correction(state, f"add schrickroot {loc}"))
    lines = status_lines(state)
    assert len(lines) <= 24
    assert all(len(line) <= 80 for line in lines)
    text = "\n".join(lines)
    assert "Storybook: spot 1 of 6" in text and "Next spawn: entry 1 of 6: 3 Gobkin" in text
    assert "Emily Van Winkle  E4   8/8     0/10   4/4" in text
    assert "Gobkin 10" in text and "Schrickroot 10 " in text  # the last of each kind is shown


# ----------------------------------------------------------------------------- allies (heroes too)


def mill_race_state() -> Any:
    """Chapter 4 places the ally Tobias on J4, and the objective is to protect him."""
    return engine.new_game(pack(), "mill-race")


def test_an_ally_is_a_figure_corrections_can_name() -> None:
    state = mill_race_state()
    tobias = state.ally("tobias-brom")
    assert tobias.loc == "J4"
    new, events = apply_correction(state, parse_correction(state, "put tobias I4"))
    assert new.ally("tobias-brom").loc == "I4" and "(was J4)" in events[0].reason
    assert [lg.loc for lg in new.legends] == [lg.loc for lg in state.legends]  # no Legend moved
    new, events = apply_correction(new, parse_correction(new, "set tobias health 2"))
    assert new.ally("tobias-brom").health == 2 and "(was 5)" in events[0].reason
    # The typed form parses back to the same correction (saves replay it).
    c = parse_correction(new, "put tobias-brom J4")
    assert parse_correction(new, c.command) == c and c.figure == "ally:tobias-brom"


def test_an_ally_set_to_no_health_falls_and_a_protect_chapter_is_lost() -> None:
    state = mill_race_state()
    fallen, events = apply_correction(state, parse_correction(state, "set tobias health 0"))
    assert not fallen.allies
    assert "leaves the board" in events[0].reason and "protect" in events[0].reason
    ended = engine.end_of_round(fallen, [])
    assert engine.outcome(ended) == "lost"
    # The same correction with the ally still standing: the chapter goes on.
    hurt, _ = apply_correction(state, parse_correction(state, "set tobias health 1"))
    assert engine.outcome(engine.end_of_round(hurt, [])) is None


@pytest.mark.parametrize(("text", "says"), [
    ("set tobias fear 2", "an ally has only health to set"),
    ("set tobias health 9", "Tobias's health cannot be 9: the maximum is 5"),
    ("remove tobias", "an ally stays on the board until it falls"),
])
def test_a_bad_ally_correction_is_one_sentence_and_changes_nothing(text: str, says: str) -> None:
    state = mill_race_state()
    with pytest.raises(RulesError) as info:
        apply_correction(state, parse_correction(state, text))
    assert says in str(info.value) and "\n" not in str(info.value)


def test_the_players_move_an_ally_at_the_table_and_the_ledger_shows_it(tmp_path: Path) -> None:
    lines = ["activate emily", "end", "activate tobias", "move I4", "end", "status", "quit"]
    result, events = run(["mill-race", "--new", "--campaign", "ally-run", "--seed", "1"], lines, tmp_path)
    assert result.exit_code == 0, result.output
    assert "Tobias (ally) is acting at J4" in result.output
    ledger = [ln for ln in result.output.splitlines() if ln.lstrip("v ").startswith("Tobias Brom")]
    assert ledger and " I4 " in ledger[-1] and "5/5" in ledger[-1] and "(ally)" in ledger[-1]
    assert any(e["kind"] == "move" and e.get("to") == "I4" and e.get("actor") == "tobias-brom" for e in events)


def test_a_refused_command_at_the_table_says_what_to_type_not_a_number(tmp_path: Path) -> None:
    result, _ = run(["schoolhouse", "--new", "--campaign", "hint-run"], ["activate emily", "zzz", "quit"], tmp_path)
    assert "'zzz' is not a command" in result.output
    assert "Type what was done on the board" in result.output and "Type a number" not in result.output
    # the words it names are the ones this prompt takes: the corrections too ("the board is the truth")
    said = " ".join(result.output.split())
    named = said[said.index("the commands are"):said.index("Type what was done")]
    for word in ("put", "add", "remove", "set", "barricade", "unbarricade", "track", "next-spawn", "status", "choices"):
        assert f" {word}," in named or f" {word} and" in named, word


# ----------------------------------------------------------------------------- at the table


def test_every_line_fits_80_columns_help_included(tmp_path: Path) -> None:
    """At an 80-column terminal a longer line is broken by the terminal inside a word ('r /
    oll'): every line assist prints, its help at each kind of prompt included, is at most 80."""
    lines = ["help", "activate emily", "help", "attack s1 with long-shot", "help", "1 1", "status",
             *ROUND1[1:], "help", "2", "undo", "quit"]
    result, _ = run(["1", "--seed", "3"], lines, tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output.count("The board is the truth; at any prompt:") == 4
    long = [ln for ln in result.output.splitlines() if len(ln) > 80]
    assert long == []


ROUND2 = ["activate emily", "end", "activate jeremiah", "end", "activate matthias", "end", "activate elijah", "end"]


def test_undo_says_what_to_put_back_on_the_board_for_a_whole_adversary_phase(tmp_path: Path) -> None:
    """Round 2's adversary phase (seed 3) spawns four Gobkins and a Pumpling and draws a card
    that spawns one more; the undo of its one step takes it all back, and says so. (Emily's
    walk in round 1 crosses the bell rope, so spawn point 3 is barred: the Pumpling's roll of
    3 goes to point 1.)"""
    lines = [*ROUND1, "2", "r", *ROUND2, "r", "r", "r", "undo", "quit"]
    result, log = run(["1", "--seed", "3"], lines, tmp_path)
    out = result.output
    told = out[out.index("Undone 1 step"):]
    said = " ".join(told.split())
    assert ("Put the board back as it was: - Take Gobkins 3, 4, 5 and 6 off B2 (not on the board before). "
            "- Take Pumpling 2 off B2 (not on the board before). "
            "- Slide the storybook token back from spot 3 to spot 2. "
            "- Put 'Rattling Shutters' back into the chapter deck. "
            "- The spawn list goes on at entry 1 again (it was at 2).") in said
    # the list stays on the screen: the ledger is not printed again after it (status shows it)
    assert "(Back in round 2: 'status' shows the whole ledger.)" in said and "== Round 2," not in told
    undo = next(e for e in log if e["kind"] == "undo")
    assert undo["numbers"]["put_back"][0] == "Take Gobkins 3, 4, 5 and 6 off B2 (not on the board before)."
    # and round 1's phase: every standee moved back, Emily's wound and fear reset
    result, _ = run(["1", "--seed", "3", "--campaign", "r1", "--new"], [*ROUND1, "2", "r", "undo", "quit"], tmp_path)
    said = " ".join(result.output[result.output.index("Undone 1 step"):].split())
    for line in ("Move Gobkin 1 from D2 back to B2.", "Move Gobkin 2 from I4 back to J2.",
                 "Move Pumpling 1 from B4 back to B6.", "Move Schrickroot 1 from H4 back to J4.",
                 "Emily: health 8/8 (it was 6); fear 0/10 (it was 1).",
                 "Slide the storybook token back from spot 2 to spot 1."):
        assert f"- {line}" in said, line


def test_undo_puts_a_defeated_foe_back_with_its_health_and_at_a_question_too(tmp_path: Path) -> None:
    lines = ["activate matthias", "move F4", "attack s1 with steady-aim", "2 2 2", "undo", "undo", "undo", "quit"]
    result, _ = run(["1", "--seed", "3"], lines, tmp_path)
    said = " ".join(result.output.split())
    assert "Schrickroot 1 is defeated" in said
    assert ("Undone 1 step; back at round 1, step 2 (1 can be redone with 'redo'). Put the board back as it was: "
            "- Put Schrickroot 1 back on J4, with health 5/5. "
            "- Matthias: 4 of 4 action tokens ready (it was 3).") in said
    assert "- Matthias: back from F4 to E4." in said
    assert "Undone 1 step; back at round 1, step 0 (3 can be redone with 'redo'). Nothing to change on the board." in said
    # 'undo' at a dice question of the adversary phase: what happened before the question goes back
    result, _ = run(["1", "--seed", "3", "--campaign", "q", "--new"], [*ROUND1, "undo", "quit"], tmp_path)
    said = " ".join(result.output.split())
    assert ("Took back 'end': the ledger is as it was before it. Put the board back as it was: "
            "- Move Gobkin 1 from D2 back to B2.") in said


def test_put_back_returns_the_cards_drawn_since_and_resets_tokens_traps_and_allies() -> None:
    from hollowcli.engine.state import Trap, replace
    from hollowcli.play.putback import put_back

    after = replace(round1_state(), pile=("chalk-circle", "grinning-lanterns"), discard=("rattling-shutters",))
    before = replace(after, pile=("grinning-lanterns",), discard=("rattling-shutters", "chalk-circle"),
                     barricades=(3, 4), traps=(Trap("C4", "snare", "legends", "elijah-kappel", 2),))
    assert put_back(before, after) == ["Take the barricade off spawn point 3 (B6).", "Take the snare trap token off C4.",
                                       "Put 'Chalk Circle' back into the chapter deck."]
    assert put_back(after, after) == []
    tobias = mill_race_state()
    fallen, _ = apply_correction(tobias, parse_correction(tobias, "set tobias health 0"))
    assert put_back(fallen, tobias) == ["Put Tobias (ally) back on J4, with health 5/5."]


def test_a_move_whose_ways_cost_differently_asks_which_way_or_takes_a_named_walk(tmp_path: Path) -> None:
    """Gobkin 1 stands on E5: from E4, Emily reaches F5 by F4 (free) or past the Gobkin on E5
    (a leave roll). 'move F5' asks which way; 'move E5 F5' says it; the way is saved."""
    lines = ["put g1 E5", "activate emily", "move F5", "7", "2", "1", "quit"]
    result, log = run(["1", "--seed", "3"], lines, tmp_path)
    said = " ".join(result.output.split())
    assert ("Emily can reach F5 more than one way, and the ways cost different things: "
            "1. E4→F4→F5: no leave roll 2. E4→E5→F5: a leave roll of 1 die leaving E5") in said
    assert "There is no way 7; type 1-2, or the places Emily walked through." in said
    assert "Roll 1 attack die (Emily's leave roll, leaving 1 foe at E5): 1" in said
    assert "Emily moves E4→E5→F5 (2 steps)" in said
    asks = [e for e in log if e["kind"] == "ask"]
    assert asks[0]["roll"] == "leave"
    camp = saves.load("default")
    assert camp.game is not None and camp.game.actions[-1] == {
        "kind": "move", "legend": "emily-van-winkle", "to": "F5", "walk": ["E4", "E5", "F5"]}
    again = Session(pack(), camp.game)  # replayed from the save: the same way, the same wound
    assert again.state.legend("emily-van-winkle").loc == "F5" and again.state.legend("emily-van-winkle").health == 7
    # the walk typed at once; and a move with one way only asks nothing
    result, _ = run(["1", "--seed", "3", "--campaign", "w", "--new"],
                    ["put g1 E5", "activate emily", "move E5 F5", "blank", "undo", "move D2", "quit"], tmp_path)
    said = " ".join(result.output.split())
    assert "Emily moves E4→E5→F5 (2 steps)" in said and "Roll 1 attack die (Emily's leave roll" in said
    assert "Emily moves E4→E3→E2→D2 (3 steps)" in said and said.count("more than one way") == 0


def test_the_legend_phase_prompt_says_which_words_it_takes_and_each_is_accepted(tmp_path: Path) -> None:
    result, _ = run(["1", "--seed", "3"], ["activate emily", "quit"], tmp_path)
    said = " ".join(result.output.split())
    assert ("Say: activate jeremiah, matthias, elijah or emily; or a correction, status, choices, undo, help. "
            "Round 1: who acts next?") in said
    assert ("Emily is acting at E4 (moved 0 of 3, action not taken yet). Say: move D2 (17 places), "
            "attack s1 with long-shot, end; or a correction, status, choices, undo, help. What did Emily do?") in said
    # every command the line names is one the prompt takes, all through a game
    from hollowcli.engine.actions import VERBS
    from hollowcli.play.assist import words_now

    state = engine.new_game(pack(), "churchyard")
    seen = 0
    for step in range(120):
        if engine.outcome(state):
            break
        legal = engine.legal_actions(state)
        line = words_now(state, legal).removeprefix("Say: ").split("; or ")[0]
        for item in line.split(", "):
            if "more '" in item:
                continue
            for cmd in item.split(" (")[0].split(" or "):  # 'activate jeremiah, matthias, elijah or emily'
                if cmd.split()[0] not in VERBS:
                    cmd = "activate " + cmd
                assert engine.parse_command(state, cmd) is not None, (cmd, line)
                seen += 1
        state, _ = engine.apply(state, engine.auto_action(state, random.Random(step)), random.Random(step))
    assert seen > 100


def test_every_event_kind_has_one_instruction_for_the_real_board() -> None:
    """INSTRUCTIONS is keyed by EventKind: a new kind of event without its row here would be
    told at the table in the words of no one (the plain reason), so every member has one."""
    from types import SimpleNamespace

    from hollowcli.engine.vocab import EventKind
    from hollowcli.play.instructions import INSTRUCTIONS, told_as_instruction

    assert [k.value for k in EventKind if k not in INSTRUCTIONS] == []
    assert set(INSTRUCTIONS) == set(EventKind)
    # in the Legend phase only corrections, a new round and the game's end are instructions,
    # and what a chapter's script makes happen there (its own kinds, its tokens and map, the
    # card effects it applies, a spawn, what else it changes); the Legends' own rulings are
    # the screen's. In the adversary phase, every event is an instruction.
    in_legend_phase = {k for k in EventKind if told_as_instruction(SimpleNamespace(kind=k, phase="legends"))}
    assert in_legend_phase == {EventKind.CORRECTION, EventKind.ROUND, EventKind.GAME_OVER,
                               EventKind.EVENT, EventKind.STORY, EventKind.CHOICE, EventKind.COUNTER, EventKind.VERDICT,
                               EventKind.TOKEN_PLACED, EventKind.TOKEN_REMOVED, EventKind.MAP_CHANGE,
                               EventKind.TOKEN_DESTROYED,
                               EventKind.OBJECTIVE, EventKind.BOOST, EventKind.DECK, EventKind.ITEM_GAINED,
                               EventKind.ITEM_LOST, EventKind.TRACK_SET, EventKind.SKILL_UNLOCKED,
                               EventKind.SPAWN, EventKind.ALLY_FALLS,
                               *(k for k in EventKind if k.value.startswith("card-"))}
    assert all(told_as_instruction(SimpleNamespace(kind=k, phase="adversary")) for k in EventKind)
