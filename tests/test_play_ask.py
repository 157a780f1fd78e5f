"""`hollow play --rolled ask`: the game asks for each roll when it is needed.

Faces by value or label, spaces or commas; 'r' rolls them for the player; a wrong face or
count is refused with the die's faces and asked again; leaving at a question (end of
input, Ctrl-C) keeps the step and the dice answered so far; the answers are stored with
the step, so undo, redo and resume replay them without asking again.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from typing import Any

import pexpect
import pytest
from cli_helpers import play_flat as play
from click.testing import CliRunner

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.engine.rolls import AskSource, RollRequest
from hollowcli.play import saves
from hollowcli.play.saves import GameRecord
from hollowcli.play.session import Session

#: Chapter 1, seed 4: Matthias walks to E2 and shoots Gobkin 1 (2 attack dice), no roll before.
SHOOT = "activate matthias\nmove E2\nattack g1\n"
#: ... then the other three end; Pumpling 1 attacks Jeremiah in the adversary phase (1 die).
TO_ADVERSARY = "activate jeremiah\nend\nactivate elijah\nend\nactivate emily\nend\n"


def game() -> GameRecord:
    rec = saves.load("default").game
    assert rec is not None
    return rec


def test_a_roll_is_asked_with_its_purpose_and_a_wrong_face_or_count_is_asked_again() -> None:
    code, out = play("1", "--seed", "4", "--rolled", "ask", stdin=SHOOT + "1 6\n1\n2,2\nquit\n")
    assert code == 0
    ask = "Roll 2 attack dice (Matthias attacks Gobkin 1): "
    assert out.count(ask) == 3
    assert "'6' is not a face of the attack die; its faces are blank (0), 1, 2. Try again, or 'r' to roll them for you." in out
    assert "That is 1 face, but 2 attack dice are rolled; give one face per die (blank (0), 1, 2)" in out
    assert "rolled [2, 2] (your dice) = 4: 1 direct + 4 rolled - 0 defense = 5" in out
    assert game().rolled == {2: ["2", "2"]} and game().cursor == 3


def test_r_rolls_the_seeded_dice_for_the_player_and_labels_work_too() -> None:
    _, seeded = play("1", "--seed", "4", "--campaign", "s", "--new", stdin=SHOOT + "quit\n")
    faces = re.search(r"rolled \[([^\]]+)\] = ", seeded).group(1)  # type: ignore[union-attr]
    code, out = play("1", "--seed", "4", "--rolled", "ask", stdin=SHOOT + "r\nquit\n")
    assert f"rolled [{faces}] = " in out and "(your dice)" not in out
    assert game().rolled == {}  # seeded dice need no record
    code, out = play("1", "--seed", "4", "--restart", "--rolled", "ask", stdin=SHOOT + "BLANK 0\nquit\n")
    assert "rolled [blank, blank] (your dice) = 0" in out


def test_undo_redo_and_resume_replay_the_answers_without_asking() -> None:
    play("1", "--seed", "4", "--rolled", "ask", stdin=SHOOT + "2 1\nundo\nredo\nquit\n")
    code, out = play("--rolled", "ask", stdin="undo\nredo\nquit\n")
    assert code == 0 and "Roll 2 attack dice" not in out
    assert "rolled [2, 1] (your dice) = 3" in out
    assert game().rolled == {2: ["2", "1"]} and game().cursor == 3


def test_end_of_input_at_a_question_keeps_the_step_and_resume_asks_again() -> None:
    code, out = play("1", "--seed", "4", "--rolled", "ask", stdin=SHOOT + "2 2\n" + TO_ADVERSARY)
    assert code == 0
    assert "Pumpling 1 moves" in out and "Pumpling 1 attacks" not in out
    assert "with 'end' waiting for its dice. Resume with: hollow play (it asks that roll again" in out
    rec = game()
    assert rec.cursor == 8 and rec.pending == {"action": {"kind": "end", "legend": "emily-van-winkle"}, "rolled": []}
    # a plain resume: the campaign remembers that it asks, so the question comes again
    code, out = play(stdin="2\nquit\n")
    assert "Continuing 'end', which was waiting for dice." in out
    assert "This campaign asks for your dice at each roll" in out
    assert "Roll 1 attack die (Pumpling 1 attacks Jeremiah): 2" in out
    assert re.search(r"Pumpling 1 attacks Jeremiah from B4[^*]*rolled \[2\] \(your die\) = 2", out)
    rec = game()
    assert rec.pending is None and rec.cursor == 9 and rec.rolled[8][0] == "2"


def test_quit_or_a_meta_command_at_a_question_is_understood() -> None:
    code, out = play("1", "--seed", "4", "--rolled", "ask", stdin=SHOOT + "undo\nquit\n")
    assert code == 0
    assert "The dice first: this step is under way." in out and "'undo' works at the next choice." in out
    assert "Saved at round 1, step 2, with 'attack g1' waiting for its dice." in out
    rec = game()
    assert rec.cursor == 2 and rec.pending is not None and rec.pending["action"]["kind"] == "attack"


def test_dice_answered_before_leaving_are_kept_for_the_rest_of_the_step() -> None:
    """Chapter 1, seed 1, step 10 ('move E2'): Gobkin 1 attacks Emily, then Pumpling 1 attacks
    Jeremiah. The first is answered, the player leaves at the second; resuming asks only it."""
    pack = get_pack(())
    rec = GameRecord("schoolhouse", 1, engine.new_game(pack, "schoolhouse").to_dict())
    asked: list[RollRequest] = []
    answers: list[Any] = []

    def ask(req: RollRequest) -> Any:
        asked.append(req)
        if not answers:
            return None
        answer = answers.pop(0)
        if answer is KeyboardInterrupt:
            raise KeyboardInterrupt
        return [req.die.face_for(answer)]

    sess = Session(pack, rec, source=AskSource(ask))
    for i in range(9):
        sess.take(engine.auto_action(sess.state, random.Random(f"1:auto:{i}")))
    move = engine.auto_action(sess.state, random.Random("1:auto:9"))
    assert move.command == "move E2"
    answers[:] = ["2", KeyboardInterrupt]
    asked.clear()
    with pytest.raises(KeyboardInterrupt):
        sess.take(move)
    assert [r.purpose for r in asked] == ["Gobkin 1 attacks Emily", "Pumpling 1 attacks Jeremiah"]
    assert rec.cursor == 9 and rec.pending == {"action": {"kind": "move", "legend": "elijah-kappel", "to": "E2"}, "rolled": ["2"]}
    back = GameRecord.from_dict(rec.to_dict())  # through the save file's form
    assert back.pending == rec.pending

    asked.clear()
    answers[:] = ["blank"]
    again = Session(pack, back, source=AskSource(ask))
    events = again.take(again.action_of(again.state, back.pending["action"]), answered=back.pending["rolled"])  # type: ignore[index]
    assert [r.purpose for r in asked] == ["Pumpling 1 attacks Jeremiah"]  # only the one not answered
    hits = [e for e in events if e.kind == "foe-attack"]
    assert "rolled [2] (your die)" in hits[0].reason and "rolled [blank] (your die)" in hits[1].reason
    assert back.rolled[9] == ["2", "blank"] and back.pending is None


# --- a real terminal ----------------------------------------------------------------------------

PROMPT = re.compile(r"Choice 1(?:-\d+)?, or a command \(help\)> ")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "hollowcli", "play", *args], env=dict(os.environ), encoding="utf-8",
                         timeout=30, dimensions=(24, 80))


def _choose(child: pexpect.spawn, line: str) -> None:
    child.expect(PROMPT)
    child.sendline(line)


def _until(child: Any, prompt: str) -> str:
    """Everything shown until ``prompt``, pressing Enter at each '-- more' wait (rulings
    longer than the screen wait there before their first lines would scroll away)."""
    seen = ""
    while child.expect([re.escape(prompt), re.escape("-- more: Enter")]) == 1:
        seen += ANSI.sub("", child.before)
        child.sendline("")
    return seen + ANSI.sub("", child.before)


def test_in_a_terminal_a_wrong_face_a_ctrl_c_at_a_question_and_a_resume() -> None:
    child = _spawn("1", "--seed", "4", "--rolled", "ask")
    for cmd in SHOOT.strip().split("\n"):
        _choose(child, cmd)
    child.expect(re.escape("Roll 2 attack dice (Matthias attacks Gobkin 1): "))
    child.sendline("2 7")
    child.expect(re.escape("Roll 2 attack dice (Matthias attacks Gobkin 1): "))
    assert "'7' is not a face of the attack die; its faces are blank (0), 1, 2" in " ".join(ANSI.sub("", child.before).split())
    child.sendline("2, 1")
    for cmd in TO_ADVERSARY.strip().split("\n"):
        _choose(child, cmd)
    seen = _until(child, "Roll 1 attack die (Pumpling 1 attacks Jeremiah): ")
    assert "Pumpling 1 moves" in seen  # what happened before the roll is shown first
    child.sendintr()
    child.expect("Interrupted; saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    rec = game()
    assert rec.cursor == 8 and rec.pending == {"action": {"kind": "end", "legend": "emily-van-winkle"}, "rolled": []} and rec.rolled == {2: ["2", "1"]}

    again = _spawn()  # no --rolled: the campaign remembers that it asks
    seen = _until(again, "Roll 1 attack die (Pumpling 1 attacks Jeremiah): ")
    assert "Continuing 'end', which was waiting for dice." in seen
    assert "Legends      at  hp" in seen  # the board the question is about, first
    again.sendline("blank")
    again.expect(PROMPT)
    assert "rolled [blank] (your die)" in " ".join(ANSI.sub("", again.before).split())
    again.sendline("quit")
    again.expect(pexpect.EOF)
    rec = game()
    assert rec.pending is None and rec.cursor == 9 and rec.rolled[8][0] == "blank"


# --- the campaign remembers how its dice are rolled ---------------------------------------------

OLD = __import__("pathlib").Path(__file__).resolve().parent / "saves"
#: A whole Legend phase: each Legend activates and ends.
ROUND = ["activate emily", "end", "activate jeremiah", "end", "activate matthias", "end", "activate elijah", "end"]


def _old_asking_game() -> str:
    """``tests/saves/schema3.json``: a layout-3 campaign (written by hollow before it kept
    how dice are rolled) left by ``hollow assist`` at a dice question of round 1's adversary
    phase, with one die answered and a correction made at a pause. Its chapter is
    ``tests/saves/pack3`` (the content it was played with)."""
    path = saves.campaign_path("v3")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text((OLD / "schema3.json").read_text(encoding="utf-8"), encoding="utf-8")
    return str(OLD / "pack3")


def test_an_old_game_left_at_a_question_is_asked_again_by_a_plain_resume() -> None:
    pack3 = _old_asking_game()
    code, out = play("--campaign", "v3", "--content", pack3, stdin="blank\nr\nquit\n")
    assert code == 0, out
    assert "Continuing 'end', which was waiting for dice (1 die rolled already)." in out
    assert "Roll 1 attack die (Gobkin 2 attacks Jeremiah): blank" in out
    assert "Roll 1 attack die (Pumpling 1 attacks Jeremiah): r" in out
    assert "This campaign asks for your dice at each roll" in out
    camp = saves.load("v3")
    assert camp.dice == "ask" and camp.game is not None and camp.game.pending is None
    expected = json.loads((OLD / "schema3.expected.json").read_text(encoding="utf-8"))["after_resume"]
    state = Session(get_pack((pack3,)), camp.game).state.to_dict()
    for key in ("round", "phase", "legends", "barricades", "track_pos", "spawn_pos", "pile"):
        assert state[key] == expected[key], key
    assert [(f["foe"], f["loc"], f["health"]) for f in state["foes"]] == [
        (f["foe"], f["loc"], f["health"]) for f in expected["foes"]]


def test_rolled_seeded_switches_back_and_the_campaign_remembers_that_too() -> None:
    pack3 = _old_asking_game()
    code, out = play("--campaign", "v3", "--content", pack3, "--rolled", "seeded", stdin="quit\n")
    assert code == 0, out
    assert "Roll 1 attack die" not in out and "This campaign asks" not in out
    assert re.search(r"Pumpling 1 attacks Jeremiah from B4[^*]*rolled \[[^\]]+\] = ", out)  # hollow rolled it
    assert saves.load("v3").dice == "seeded"
    code, out = play("--campaign", "v3", "--content", pack3, stdin="\n".join(ROUND) + "\nquit\n")
    assert "Adversary phase, round 2" in out and "Round 3" in out  # (a spawn rolled on the way)
    assert "Roll " not in out and "(your di" not in out  # a plain resume rolls from the seed now


def test_rolled_values_not_used_yet_are_kept_for_the_next_session() -> None:
    code, out = play("1", "--seed", "4", "--rolled", "2,2,blank", stdin=SHOOT + "quit\n")
    assert "rolled [2, 2] (your dice)" in out
    assert "1 of the 3 --rolled values was left unused (blank)." in out
    camp = saves.load("default")
    assert (camp.dice, camp.dice_values) == ("rolled", ["blank"])
    code, out = play(stdin="activate emily\nattack s1 with long-shot\nquit\n")
    assert "This campaign still has 1 --rolled value to use (blank)" in out
    assert "rolled [blank, " in out and "(the first is your die)" in out  # then the seed's
    camp = saves.load("default")
    assert (camp.dice, camp.dice_values) == ("seeded", [])


def test_a_game_hollow_assist_left_asks_in_hollow_play_too() -> None:
    from hollowcli.cli import cli

    CliRunner().invoke(cli, ["assist", "1", "--seed", "4"], input=SHOOT + "quit\n")
    assert saves.load("default").dice == "ask"
    code, out = play(stdin="2 1\nquit\n")
    assert "Roll 2 attack dice (Matthias attacks Gobkin 1): 2 1" in out


def test_play_rolled_ask_logs_each_roll_asked_as_assist_does(tmp_path: Any) -> None:
    log = tmp_path / "ask.jsonl"
    code, out = play("1", "--seed", "4", "--rolled", "ask", "--log", str(log), stdin=SHOOT + "2 blank\n" + TO_ADVERSARY + "r\nquit\n")
    assert code == 0, out
    asks = [e for e in map(json.loads, log.read_text(encoding="utf-8").splitlines()) if e["kind"] == "ask"]
    assert [(a["die"], a["count"], a["roll"], a["actor"], a["by"]) for a in asks] == [
        ("attack", 2, "attack", "matthias-geroux", "players"), ("attack", 1, "foe-attack", "pumpling#1", "hollow")]
    assert asks[0]["faces"] == ["2", "blank"] and asks[0]["purpose"] == "Matthias attacks Gobkin 1"
    assert asks[0]["round"] == 1 and asks[1]["phase"] == "adversary" and len(asks[1]["faces"]) == 1
