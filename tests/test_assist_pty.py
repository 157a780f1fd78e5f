"""``hollow assist`` in a real (pseudo-)terminal: it waits for Enter between foes, a wrong
face is asked again, Ctrl-C at a question saves, and a process killed mid adversary phase
resumes at the same question."""

from __future__ import annotations

import os
import re
import signal
import sys

import pexpect
import pytest

from hollowcli.play import saves

pytestmark = pytest.mark.slow  # a terminal (pty) and whole processes

LEGEND = re.compile(r"(What did [A-Za-z ]+ do\? \(help\)|Round \d+: who acts next\? \(activate NAME; help\))> ")
PAUSE = re.compile(r"\[Enter\] next: [^;]*; or a correction, status, help> ")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
ROUND1 = ["activate emily", "move D2", "end", "activate jeremiah", "end",
          "activate matthias", "end", "activate elijah", "end"]


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "hollowcli", "assist", *args], env=dict(os.environ),
                         encoding="utf-8", timeout=30, dimensions=(24, 80))


def legend_phase(child: pexpect.spawn, commands: list[str]) -> None:
    child.expect(r"\[Enter\] when the board is set up> ")  # a new game waits while the board is set up
    assert "Foes (by the number on the standee's base): Gobkin 1 on spawn point 1 (B2)" in ANSI.sub("", child.before)
    child.sendline("")
    for cmd in commands[:-1]:
        child.expect(LEGEND)
        child.sendline(cmd)
    child.expect(LEGEND)
    child.sendline(commands[-1])


def test_it_waits_for_enter_between_foes_and_asks_again_for_a_wrong_face() -> None:
    child = spawn("1", "--seed", "3")
    legend_phase(child, ROUND1)
    child.expect(PAUSE)  # before the first foe: the storybook spot and the order
    assert "Storybook: the token is on spot 1: move, attack." in ANSI.sub("", child.before)
    assert "next: Gobkin 1" in child.after
    child.sendline("")
    child.expect(r"Roll 1 attack die \(Gobkin 1 attacks Emily\): ")
    assert "Move Gobkin 1's standee B2→C2→D2" in ANSI.sub("", child.before)
    child.sendline("3")
    child.expect(r"'3' is not a face of the attack die; its faces are blank \(0\), 1, 2")
    child.expect(r"Roll 1 attack die \(Gobkin 1 attacks Emily\): ")
    child.sendline("2")
    child.expect(PAUSE)  # it does not go on to Gobkin 2 until Enter
    assert "Emily takes 2 damage: health 6, fear 1." in ANSI.sub("", child.before)
    assert "next: Gobkin 2" in child.after
    child.sendline("status")
    child.expect(PAUSE)
    assert "Emily Van Winkle  D2   6/8     1/10" in ANSI.sub("", child.before)
    child.sendline("put 2 B5")  # the board is the truth: Gobkin 2 is really on B5
    child.expect(PAUSE)
    assert "ok: Gobkin 2 is at B5 (was J2)." in ANSI.sub("", child.before)
    child.sendline("")
    child.expect([PAUSE, r"Roll .*: "])
    assert "Move Gobkin 2's standee B5" in ANSI.sub("", child.before) or "Gobkin 2 stays at B5" in ANSI.sub("", child.before)
    child.sendline("quit")
    child.expect(r"Resume with: hollow\s+assist")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    camp = saves.load("default")
    assert camp.game is not None and camp.game.pending  # stopped inside the adversary phase


def test_ctrl_c_at_a_question_saves_and_resumes_at_the_same_question() -> None:
    child = spawn("1", "--seed", "3")
    legend_phase(child, ROUND1)
    child.expect(PAUSE)
    child.sendline("")
    child.expect(r"Roll 1 attack die \(Gobkin 1 attacks Emily\): ")
    child.sendline("1")
    for _ in range(3):  # Gobkin 2, Schrickroot 1, Pumpling 1
        child.expect(PAUSE)
        child.sendline("")
    child.expect(r"Roll 1 attack die \(Pumpling 1 attacks Jeremiah\): ")
    child.sendintr()
    child.expect("Interrupted; saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    camp = saves.load("default")
    assert camp.game is not None and camp.game.pending and camp.game.pending["action"]["kind"] == "end"
    assert [x for x in camp.game.pending["rolled"] if not (x or "").startswith("@")] == ["1"]  # the answer given is kept

    again = spawn()
    again.expect(r"Roll 1 attack die \(Pumpling 1 attacks Jeremiah\): ")
    told = ANSI.sub("", again.before)
    assert "Resuming 'end' where it stopped" in told
    assert "Emily takes 1 damage: health 7, fear 1." in told  # the answer given before, replayed
    again.sendline("r")
    again.expect(PAUSE)
    assert "next: slide the token" in again.after
    again.sendline("")
    again.expect(LEGEND)
    assert "Round 2 begins" in ANSI.sub("", again.before)
    again.sendline("quit")
    again.expect(pexpect.EOF)
    again.close()
    camp = saves.load("default")
    assert camp.game is not None and not camp.game.pending


def test_a_process_killed_mid_adversary_phase_resumes_at_the_same_question() -> None:
    child = spawn("1", "--seed", "3")
    legend_phase(child, ROUND1)
    child.expect(PAUSE)
    child.sendline("")
    child.expect(r"Roll 1 attack die \(Gobkin 1 attacks Emily\): ")
    child.sendline("2")
    child.expect(PAUSE)
    child.sendline("set emily fear 3")  # a correction made mid-phase, kept through the kill
    child.expect(PAUSE)
    child.kill(signal.SIGKILL)
    child.close()

    again = spawn()
    again.expect(PAUSE)
    told = ANSI.sub("", again.before)
    assert "Emily takes 2 damage: health 6, fear 1." in told
    assert "ok: Emily's fear: 3 (was 1)." in told
    assert "next: Gobkin 2" in again.after
    again.sendline("status")
    again.expect(PAUSE)
    assert "Emily Van Winkle  D2   6/8     3/10" in ANSI.sub("", again.before)
    again.sendline("quit")
    again.expect(pexpect.EOF)
    again.close()
