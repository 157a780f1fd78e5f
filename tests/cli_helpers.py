"""Helpers shared by the tests: ``hollow`` run in process, its error sentence, and waiting for
what a process writes (a readiness signal instead of a sleep)."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from hollowcli.cli import main


def run_in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``hollow ARGS`` the way the console script does: exit status, stdout, stderr.

    The Ctrl-C handler is put back afterwards: a command that stops on Ctrl-C ignores a
    second one until its process ends, which here is the test run's."""
    ctrl_c = signal.getsignal(signal.SIGINT)
    try:
        main(list(args))
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    finally:
        signal.signal(signal.SIGINT, ctrl_c)
    out, err = capsys.readouterr()
    return code, out, err


def one_sentence(err: str) -> bool:
    """stderr is one line starting with 'hollow: ', no traceback, no internal error."""
    return err.startswith("hollow: ") and err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err


def horseman_pack(folder: Path, health: int, defense: int, dice: int, direct: int, text: str) -> Path:
    """A content pack in ``folder`` that, layered over the built-in one, gives the Headless
    Horseman (the churchyard's boss) other numbers."""
    folder.mkdir()
    (folder / "foes.yaml").write_text(
        f"foes:\n  headless-horseman:\n    name: The Headless Horseman\n    class: boss\n    health: {health}\n"
        f"    defense: {defense}\n    move: 4\n    attack: {{dice: {dice}, direct: {direct}, range: 1}}\n"
        f"    target: closest\n    supply: 1\n    text: {text}\n", encoding="utf-8")
    return folder


class Output:
    """What a process writes to ``fd`` (a pipe, or the master side of a pty), read as it
    comes. :meth:`expect` is a readiness signal for a test that drives the process, instead
    of a sleep: it waits as long as the process needs and no longer, and fails with what
    was read after ``timeout`` seconds or at the end of the output."""

    def __init__(self, fd: int):
        self.fd = fd
        self.raw = bytearray()
        self.pos = 0  # where the next expect looks from (just after the last match)

    @property
    def text(self) -> str:
        return self.raw.decode("utf-8", errors="replace")

    def expect(self, want: str | re.Pattern[str], timeout: float = 60) -> str:
        """Read until ``want`` (text, or a regular expression) is written after the last
        match; return the text up to the end of this match."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text
            if isinstance(want, str):
                at = text.find(want, self.pos)
                end = at + len(want) if at >= 0 else -1
            else:
                found = want.search(text, self.pos)
                end = found.end() if found else -1
            if end >= 0:
                self.pos = end
                return text[:end]
            assert self.read_some(deadline), f"the output ended (or {timeout} s passed) before {want!r}: {text[-2000:]!r}"

    def read_some(self, deadline: float) -> bool:
        """Read what there is (waiting until ``deadline``); False at the end or the deadline."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                break
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # a pty's master once every holder of its other side is gone (EIO)
            return False
        self.raw.extend(chunk)
        return bool(chunk)


def read_to_end(*outputs: Output, timeout: float = 60) -> list[str]:
    """Everything each output gives until it ends (every writer gone), read side by side, so
    a process writing to one is never held up by another that nobody reads."""
    deadline = time.monotonic() + timeout
    open_ = list(outputs)
    while open_:
        left = deadline - time.monotonic()
        assert left > 0, f"the output did not end within {timeout} s: {[o.text[-500:] for o in open_]!r}"
        ready, _, _ = select.select([o.fd for o in open_], [], [], left)
        for o in [o for o in open_ if o.fd in ready]:
            if not o.read_some(deadline):
                open_.remove(o)
    return [o.text for o in outputs]


def wait_until_asleep(pid: int, timeout: float = 60) -> None:
    """Wait until process ``pid`` sleeps (state S in ``/proc/PID/stat``): after it printed
    its prompt, it is then blocked reading its input, so a signal it gets interrupts that
    read. (A signal that came between the prompt and the read would be seen by Python only
    once the read returns.) Without ``/proc`` this returns at once."""
    stat = f"/proc/{pid}/stat"
    if not os.path.exists(stat):
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open(stat, encoding="utf-8") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        if state == "S":
            return
        time.sleep(0.005)  # polling: the next look
    raise AssertionError(f"process {pid} did not block within {timeout} s")


def play_flat(*args: str, stdin: str = "") -> tuple[int, str]:
    """``hollow play ARGS`` in this process with ``stdin`` typed in: its exit status and all it
    printed (stdout, then stderr) as one line of words."""
    from click.testing import CliRunner

    from hollowcli.cli import main

    runner = CliRunner()
    with runner.isolation(input=stdin) as (out, err, _):
        try:
            main(["play", *args])
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        return code, " ".join((out.getvalue().decode() + err.getvalue().decode()).split())


def keep_campaign(source: Path, name: str = "autumn", edit: Any = None) -> None:
    """A kept campaign file (``tests/saves/...``) saved as campaign ``name`` in this test's
    hollow home (``edit(doc)`` changes it first)."""
    from hollowcli.play import saves

    doc = json.loads(source.read_text(encoding="utf-8"))
    doc["name"] = name
    if edit is not None:
        edit(doc)
    path = saves.campaign_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
