"""`hollow play` in a real (pseudo-)terminal: read the screen, type, quit, resume, Ctrl-C,
and a process killed mid-round that resumes with nothing lost but the step in progress."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pexpect
import pytest

from hollowcli.play import saves

pytestmark = pytest.mark.slow  # a terminal (pty) and whole processes

PROMPT = re.compile(r"Choice 1(?:-\d+)?, or a command \(help\)> ")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def spawn(*args: str, env: dict[str, str] | None = None) -> pexpect.spawn:
    full = dict(os.environ)
    full.update(env or {})
    child = pexpect.spawn(sys.executable, ["-m", "hollowcli", "play", *args], env=full, encoding="utf-8",
                          timeout=30, dimensions=(50, 120))
    return child


def test_play_in_a_terminal_quit_and_resume() -> None:
    child = spawn("1", "--seed", "4")
    child.expect(PROMPT)
    screen = ANSI.sub("", child.before)
    assert "The Schoolhouse by the Mill Pond" in screen
    assert "  B    C    D" in screen and " JP Jeremiah D4" in screen
    assert "1. Jeremiah  at D4  health 12/12" in screen
    child.sendline("2")
    child.expect(PROMPT)
    assert "Matthias activates" in ANSI.sub("", child.before)
    child.sendline("move E2")
    child.expect(PROMPT)
    assert "Matthias moves E4→E3→E2" in ANSI.sub("", child.before)
    child.sendline("bogus words")
    child.expect(PROMPT)
    assert "'bogus words' is not a command" in ANSI.sub("", child.before)
    child.sendline("quit")
    child.expect("Resume with: hollow play")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    again = spawn()
    again.expect(PROMPT)
    assert "Resuming The Schoolhouse by the Mill Pond at round 1 (step 2, seed 4)." in ANSI.sub("", again.before)
    again.sendline("undo")
    again.expect(PROMPT)
    assert "Undone 1 step;" in ANSI.sub("", again.before)
    again.sendeof()
    again.expect("End of input; saved")
    again.expect(pexpect.EOF)
    assert saves.load("default").game.cursor == 1  # type: ignore[union-attr]


def test_colour_on_a_terminal_and_never_with_no_color() -> None:
    child = spawn("1", "--seed", "4")
    child.expect(PROMPT)
    assert "\x1b[" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    plain = spawn("--campaign", "nc", "--new", "1", "--seed", "4", env={"NO_COLOR": "1"})
    plain.expect(PROMPT)
    assert "\x1b[" not in plain.before
    plain.sendline("quit")
    plain.expect(pexpect.EOF)


def test_ctrl_c_saves_and_says_how_to_resume() -> None:
    child = spawn("1", "--seed", "4")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Interrupted; saved at round 1, step 1. Resume with: hollow play")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in child.before
    assert saved_commands(saves.load("default").game) == ["activate jeremiah"]


def test_a_game_killed_mid_round_resumes_with_nothing_lost(tmp_path: Path) -> None:
    """SIGKILL after some steps of round 1: every resolved step is on disk, the resumed
    game goes on exactly as an uninterrupted one with the same commands."""
    commands = ["2", "move E2", "attack g1", "1", "move B4"]
    proc = subprocess.Popen([sys.executable, "-m", "hollowcli", "play", "1", "--seed", "4"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ))
    assert proc.stdin is not None and proc.stdout is not None
    for cmd in commands:
        proc.stdin.write(cmd + "\n")
        proc.stdin.flush()
    # wait until the last step's ruling has been printed (the step is saved before that)
    seen = ""
    deadline = time.monotonic() + 30
    while "Jeremiah moves" not in seen and time.monotonic() < deadline:
        seen += proc.stdout.readline()
    assert "Jeremiah moves" in seen
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL

    game = saves.load("default").game
    assert game is not None
    assert saved_commands(game) == ["activate matthias", "move E2", "attack g1", "activate jeremiah", "move B4"]
    # a game given the same commands and never killed ...
    env = dict(os.environ)
    whole = subprocess.run([sys.executable, "-m", "hollowcli", "play", "1", "--seed", "4", "--campaign", "whole", "--new"], check=False,
                           input="\n".join(commands) + "\nquit\n", capture_output=True, text=True, env=env, timeout=60)
    assert whole.returncode == 0, whole.stderr
    assert saves.load("whole").game == game
    # ... and the killed one, both played on by the same policy, go on identically
    runs = []
    for name in ("default", "whole"):
        out = subprocess.run([sys.executable, "-m", "hollowcli", "play", "--campaign", name, "--auto", "--max-rounds", "3"], check=False,
                             capture_output=True, text=True, env=env, timeout=60)
        assert out.returncode == 0, out.stderr
        runs.append(out.stdout.replace(" --campaign whole", ""))
    assert runs[0] == runs[1]
    assert "-- Adversary phase, round 1 --" in runs[0]
    assert saves.load("whole").game == saves.load("default").game


def saved_commands(rec: Any) -> list[str]:
    """The saved steps as commands (the save stores typed actions)."""
    from hollowcli.commands.common import get_pack
    from hollowcli.play.session import recorded_commands

    return recorded_commands(get_pack(()), rec)
