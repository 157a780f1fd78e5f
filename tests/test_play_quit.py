"""`quit` typed at every prompt of `hollow play` and `hollow assist` that accepts it, in a
real 80x24 terminal: the game ends right there, saved, and nothing more is asked or drawn.

The prompts: the choice (Legend phase), "-- more --" (rulings longer than the screen),
"-- Press Enter for round N --", "Take choice N? (y/n)" (a number the screen did not
show), a dice question (--rolled ask; assist) and assist's set-up and adversary pauses."""

from __future__ import annotations

import os
import re
import sys

import pexpect

from hollowcli.play import saves

PROMPT = re.compile(r"Choice 1(?:-\d+)?, or a command \(help\)> ")
MORE = re.compile(r"-- more: Enter \(quit: save and leave\) -- ")
PAUSE = re.compile(r"-- Press Enter for round (\d+) -- ")
CONFIRM = re.compile(r"Take choice (\d+)\? \(y/n\) ")
ANSI = re.compile(r"\x1b\[[0-9;]*m|\r")
ROUND1 = ["1", "end", "1", "end", "1", "end", "1", "end"]  # each Legend in turn, doing nothing


def spawn(command: str, *args: str, rows: int = 24) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return pexpect.spawn(sys.executable, ["-m", "hollowcli", command, *args], env=env, encoding="utf-8",
                         timeout=60, dimensions=(rows, 80))


def ended_saved(child: pexpect.spawn, said: str) -> str:
    """The rest of the session after 'quit': it says it saved, and the process ends."""
    child.expect(pexpect.EOF)
    rest = ANSI.sub("", child.before)
    child.close()
    assert child.exitstatus == 0, rest
    assert said in rest, rest
    assert "Choice 1" not in rest and "Press Enter" not in rest and "-- more" not in rest, rest
    return rest


def play_round_one(child: pexpect.spawn) -> int:
    """Round 1 typed choice by choice; returns which prompt came after the last 'end'."""
    for cmd in ROUND1:
        child.expect(PROMPT)
        child.sendline(cmd)
    return child.expect([MORE, PAUSE])


def test_quit_at_the_pause_before_the_next_round_ends_the_game_there() -> None:
    child = spawn("play", "1", "--seed", "4")
    at = play_round_one(child)
    while at == 0:  # the long adversary phase, page by page
        child.sendline("")
        at = child.expect([MORE, PAUSE])
    assert child.match.group(1) == "2"
    child.sendline("quit")
    rest = ended_saved(child, "Saved at round 2, step 8. Resume with: hollow play")
    assert "Round 2 - Legend phase" not in rest  # the next round's screen was not drawn
    game = saves.load("default").game
    assert game is not None and game.cursor == 8 and game.pending is None


def test_quit_where_long_rulings_wait_for_enter_ends_the_game_there() -> None:
    child = spawn("play", "1", "--seed", "4")
    assert play_round_one(child) == 0  # round 1's adversary phase is longer than 22 lines
    child.sendline("quit")
    ended_saved(child, "Saved at round 2, step 8.")
    game = saves.load("default").game
    assert game is not None and game.cursor == 8  # the round was resolved and saved before the wait


def test_quit_when_asked_about_a_number_the_screen_did_not_show() -> None:
    child = spawn("play", "1", "--seed", "4", rows=16)  # a small terminal: the last choices are left out
    child.expect(PROMPT)
    child.sendline("activate emily")
    child.expect(PROMPT)
    screen = ANSI.sub("", child.before)
    hint = re.search(r"(\d+)-(\d+): (?:type 'choices'|\d+ more)", screen)
    assert hint, screen
    last = int(hint.group(2))
    child.sendline(str(last))
    child.expect(CONFIRM)
    assert f"Choice {last} was not on the screen; it is:" in ANSI.sub("", child.before)
    child.sendline("quit")
    ended_saved(child, "Saved at round 1, step 1.")
    game = saves.load("default").game
    assert game is not None and game.cursor == 1  # only 'activate emily': the hidden choice was not taken


def test_quit_at_a_dice_question_of_rolled_ask_leaves_the_step_waiting() -> None:
    child = spawn("play", "1", "--seed", "4", "--rolled", "ask")
    child.expect(PROMPT)
    child.sendline("activate matthias")
    child.expect(PROMPT)
    child.sendline("move E2; attack g1")
    child.expect(r"Roll 2 attack dice \(Matthias attacks Gobkin 1\): ")
    child.sendline("quit")
    ended_saved(child, "waiting for its dice")
    game = saves.load("default").game
    assert game is not None and game.pending is not None and game.pending["action"]["kind"] == "attack"


# ------------------------------------------------------------------ hollow assist
ASSIST_LEGEND = re.compile(r"(What did [A-Za-z ]+ do\? \(help\)|Round \d+: who acts next\? \(activate NAME; help\))> ")
ASSIST_PAUSE = re.compile(r"\[Enter\] next: [^;]*; or a correction, status, help> ")
SETUP = re.compile(r"\[Enter\] when the board is set up> ")


def test_quit_at_assists_set_up_wait_ends_it_before_the_first_round() -> None:
    child = spawn("assist", "1", "--seed", "3")
    child.expect(SETUP)
    child.sendline("quit")
    ended_saved(child, "Saved at round 1, step 0. Resume with: hollow assist")
    assert saves.load("default").game is not None


def test_quit_at_assists_pause_and_at_a_number_it_did_not_show() -> None:
    child = spawn("assist", "1", "--seed", "3")
    child.expect(SETUP)
    child.sendline("")
    child.expect(ASSIST_LEGEND)
    child.sendline("1")  # assist shows no numbered list: it says what choice 1 is and asks
    child.expect(CONFIRM)
    assert "Choice 1 was not on the screen; it is:" in ANSI.sub("", child.before)
    child.sendline("n")
    child.expect(ASSIST_LEGEND)
    for cmd in ["activate emily", "move D2", "end", "activate jeremiah", "end",
                "activate matthias", "end", "activate elijah", "end"]:
        child.sendline(cmd)
        child.expect([ASSIST_LEGEND, ASSIST_PAUSE])
    assert child.match.re is ASSIST_PAUSE
    child.sendline("quit")
    ended_saved(child, "Saved at round 1, step 8, with 'end' waiting")
    game = saves.load("default").game
    assert game is not None and game.pending is not None  # the adversary phase waits where it was left
    assert game.cursor == 8 and game.actions[0] == {"kind": "activate", "legend": "emily-van-winkle"}
