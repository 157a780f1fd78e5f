"""``hollow play`` in an 80x24 tmux window through a chapter's end into the interlude, as a
new player would: a one-round chapter (tests/packs/interlude), then the questions on the
screen (who takes the item, an upgrade per Legend, a life path), answered by number and by
name, one undone, and the next chapter named. Each screen is read with capture-pane."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hollowcli.play import saves

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")]

VIGIL = str(Path(__file__).resolve().parent / "packs" / "interlude")


class Tmux:
    """One tmux server of its own (``-L``), one 80x24 window."""

    def __init__(self, name: str, command: str):
        self.socket = name
        self._tmux("new-session", "-d", "-s", "t", "-x", "80", "-y", "24", command)

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def screen(self) -> list[str]:
        return self._tmux("capture-pane", "-p", "-t", "t").rstrip("\n").split("\n")

    def send(self, text: str) -> None:
        self._tmux("send-keys", "-t", "t", "-l", text)
        self._tmux("send-keys", "-t", "t", "Enter")

    def wait_for(self, want: str, timeout: float = 60) -> list[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            if any(want in line for line in shown):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{want!r} never appeared; the screen:\n" + "\n".join(self.screen()))

    def at_prompt(self, want: str, timeout: float = 60) -> list[str]:
        """The screen once ``want`` is on it and the interlude's prompt waits on its last line."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            if any(want in line for line in shown) and shown[-1].startswith("interlude>"):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{want!r} and the prompt never appeared; the screen:\n" + "\n".join(self.screen()))

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], check=False, capture_output=True)


def _question_on_screen(shown: list[str], question: str, options: list[str]) -> None:
    """The question, each option and the prompt are on the 80x24 screen, below the question."""
    assert len(shown) <= 24 and all(len(line) <= 80 for line in shown)
    at = max(i for i, line in enumerate(shown) if question in line)
    below = shown[at:]
    for opt in options:
        assert any(opt in line for line in below), (opt, shown)
    assert shown[-1].startswith("interlude>")


def test_hollow_play_at_80x24_runs_the_interlude_with_an_upgrade_and_a_life_path() -> None:
    home = os.environ["HOLLOW_HOME"]
    env = f"HOLLOW_HOME={shlex.quote(home)} NO_COLOR=1 COLUMNS=80 LINES=24"
    hollow = f"{shlex.quote(sys.executable)} -m hollowcli"
    subprocess.run([sys.executable, "-m", "hollowcli", "campaign", "new", "vig", "--content", VIGIL], check=True,
                   capture_output=True, env={**os.environ, "HOLLOW_HOME": home})
    t = Tmux(f"hollow-interlude-{os.getpid()}",
             f"env {env} {hollow} play --campaign vig --content {shlex.quote(VIGIL)} --seed 1; sleep 30")
    try:
        t.wait_for("Choice 1-4, or a command (help)>")
        for who in ("jeremiah", "matthias", "elijah", "emily"):
            t.send(f"activate {who}; end")
        shown = t.at_prompt("Question 1 of 7")
        _question_on_screen(shown, "Question 1 of 7. Who takes the Storm Lantern",
                            ["1. Jeremiah Pincke", "2. Matthias Geroux", "3. Elijah Kappel", "4. Emily Van Winkle"])
        assert any("The chapter is won" in line for line in shown)
        t.send("4")
        shown = t.at_prompt("Emily Van Winkle takes the Storm Lantern")
        _question_on_screen(shown, "Which upgrade does Jeremiah Pincke take?",
                            ["1. Quick Step: +1 move", "2. Thick Coat: +2 health"])
        t.send("thick")
        shown = t.at_prompt("Which upgrade does Matthias Geroux take?")
        assert any("Jeremiah Pincke takes Thick Coat. Now health 14 (12 +2 Thick Coat)" in line for line in shown)
        for answer in ("1", "1", "1"):
            t.send(answer)
        shown = t.at_prompt("Question 6 of 7")
        _question_on_screen(shown, "Which life path does Elijah Kappel choose?",
                            ["1. The Preacher: gains Vigil Psalm", "2. The Soldier: +1 health"])
        t.send("soldier")
        t.wait_for("Elijah Kappel chooses The Soldier")
        t.send("undo")  # Elijah's path again
        shown = t.wait_for("Undone: Which life path does Elijah Kappel choose?")
        t.send("preacher")
        shown = t.at_prompt("Elijah Kappel chooses The Preacher")
        _question_on_screen(shown, "Which life path does Emily Van Winkle choose?",
                            ["1. The Tracker: +1 move", "2. The Warden: +1 defense"])
        t.send("2")
        shown = t.wait_for("The interlude is done.")
        text = " ".join(" ".join(shown).split())
        assert "Next: chapter 81, The Dawn Road ('hollow play --campaign vig' starts it)" in text  # the flag's branch
    finally:
        t.close()
    camp = saves.load("vig")
    assert camp.interlude is not None and camp.interlude["answers"] == [
        "emily-van-winkle", "thick-coat", "quick-step", "quick-step", "quick-step", "preacher", "warden"]
    assert camp.growth["elijah-kappel"]["path"] == "preacher" and camp.growth["emily-van-winkle"]["path"] == "warden"
    assert camp.legends is not None and camp.legends["emily-van-winkle"]["inventory"] == ["storm-lantern"]
    assert camp.flags == {"bell": 1}
