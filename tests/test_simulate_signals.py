"""``hollow simulate``'s workers never outlive it (issue 21): killed with ``kill -9``, its
workers die with it and its output pipe closes (``hollow simulate | tee`` ends); SIGTERM
and SIGHUP stop it like Ctrl-C; ``--jobs`` is capped with a note. No sleeps: each test
waits for a readiness signal (the workers existing) before it signals."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import run_in_process as hollow

pytestmark = [pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)"),
              pytest.mark.slow]  # processes and signals


def _children(pid: int) -> list[int]:
    """The living child processes of ``pid``."""
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None and stat[1] == pid and stat[0] != "Z":
                kids.append(int(entry))
    return kids


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent id) of a process, None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def _alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"  # a zombie has ended, only not been reaped yet


def _wait_until(what: str, ready: object, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not ready():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)  # polling a condition, not waiting for time to pass


def _start(*args: str, jobs: int = 2) -> tuple[subprocess.Popen[bytes], list[int]]:
    """``hollow simulate`` with its output on a pipe, once its ``jobs`` workers exist."""
    proc = subprocess.Popen([sys.executable, "-m", "hollowcli", "simulate", "--games", "100000", "--jobs", str(jobs),
                             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    _wait_until("the workers", lambda: len(_children(proc.pid)) >= jobs or proc.poll() is not None)
    workers = _children(proc.pid)
    assert len(workers) == jobs, proc.stderr.read() if proc.stderr else ""
    return proc, workers


def _clean_up(proc: subprocess.Popen[bytes], workers: list[int]) -> None:
    """Whatever a failed test left running is killed, so it does not outlive the test."""
    for pid in [proc.pid, *workers]:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    proc.communicate()


def test_workers_die_with_a_parent_killed_9_and_the_output_pipe_closes() -> None:
    proc, workers = _start()
    try:
        os.kill(proc.pid, signal.SIGKILL)  # not the group: only the parent
        started = time.monotonic()
        out, _ = proc.communicate(timeout=30)  # returns once every holder of the pipe is gone (the | tee case)
        assert time.monotonic() - started < 10
        _wait_until("the workers to end", lambda: not any(_alive(w) for w in workers), timeout=10)
    finally:
        _clean_up(proc, workers)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_stop_the_run_like_ctrl_c(sig: int) -> None:
    proc, workers = _start()
    try:
        os.kill(proc.pid, sig)  # the parent only (a closed terminal signals the group: see below)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 128 + sig, err
        text = err.decode()
        assert f"stopped by {signal.Signals(sig).name} after" in text and "Traceback" not in text
        assert b"Won " in out  # the figures of the games finished
        _wait_until("the workers to end", lambda: not any(_alive(w) for w in workers), timeout=10)
    finally:
        _clean_up(proc, workers)


def test_a_hangup_of_the_whole_group_stops_it_once() -> None:
    proc, workers = _start()
    try:
        os.killpg(proc.pid, signal.SIGHUP)  # what closing the terminal does: every process of the group
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 129, err
        assert b"Traceback" not in err and err.count(b"stopped by SIGHUP") == 1
        _wait_until("the workers to end", lambda: not any(_alive(w) for w in workers), timeout=10)
    finally:
        _clean_up(proc, workers)


def test_sigterm_stops_a_one_process_run_too() -> None:
    import pty

    # stderr on a terminal, so the run draws its progress bar there: the readiness signal
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "hollowcli", "simulate", "--games", "100000", "--jobs", "1"],
                            stdout=subprocess.PIPE, stderr=slave, start_new_session=True)
    os.close(slave)
    err = bytearray()
    try:
        # the bar counts a finished piece of games: past the imports and the pack's load, and
        # some games to report (its first drawing, before any game, says 0/600000: 100,000 a chapter)
        _wait_until("the progress bar to count some games",
                    lambda: (_read_into(master, err), re.search(rb"\s[1-9][0-9]*/[1-9][0-9]*00000\b", err) or proc.poll() is not None)[1])
        assert proc.poll() is None, bytes(err)
        os.kill(proc.pid, signal.SIGTERM)
        _wait_until("the run to end", lambda: (_read_into(master, err), proc.poll() is not None)[1])
        out, _ = proc.communicate(timeout=60)
        while _read_into(master, err):
            pass
        assert proc.returncode == 143, bytes(err)
        assert b"stopped by SIGTERM after" in err and b"Won " in out
    finally:
        os.close(master)
        _clean_up(proc, [])


def _read_into(fd: int, buf: bytearray) -> bool:
    """Append what ``fd`` has to read now to ``buf``; False when it had nothing (or is closed)."""
    import select

    if not select.select([fd], [], [], 0)[0]:
        return False
    try:
        chunk = os.read(fd, 65536)
    except OSError:  # the terminal's other end closed (the run ended)
        return False
    buf += chunk
    return bool(chunk)


def test_jobs_is_capped_at_a_few_processes_per_core_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    from hollowcli.simulate.run import JOBS_PER_CORE, default_jobs

    cap = JOBS_PER_CORE * default_jobs()
    code, out, err = hollow(capsys, "simulate", "1", "--games", "4", "--jobs", "256", "--seed", "3")
    assert code == 0, err
    assert "--jobs 256 is more than this machine's" in err and f"({JOBS_PER_CORE} processes per core at most)" in err
    assert f"playing on {cap}, which gives the same figures" in err
    assert f"{cap} processes" in err  # the closing line counts the processes used
    code, out_one, err = hollow(capsys, "simulate", "1", "--games", "4", "--jobs", "1", "--seed", "3")
    assert out_one == out  # the same figures
    code, _, err = hollow(capsys, "simulate", "1", "--games", "4", "--jobs", str(cap), "--seed", "3")
    assert "note" not in err


_ORPHAN = """
import os, time
from hollowcli import children
children.WATCH_EVERY = 0.05
children._parent_death_signal = lambda: False  # the watching thread, as where prctl does not exist
said_r, said_w = os.pipe()  # the middle process tells the worker's pid
armed_r, armed_w = os.pipe()  # the worker tells the middle process it is armed
if os.fork() == 0:  # the middle process: starts the worker, waits until it is armed, ends
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:
        children.die_with_parent(parent)
        os.write(armed_w, b"!")
        while True:
            time.sleep(60)
    os.read(armed_r, 1)
    os.write(said_w, str(pid).encode())
    os._exit(0)
print(os.read(said_r, 32).decode(), flush=True)
"""


def test_where_prctl_is_missing_a_watching_thread_ends_the_worker() -> None:
    out = subprocess.run([sys.executable, "-c", _ORPHAN], capture_output=True, text=True, timeout=30, check=True)
    worker = int(out.stdout)
    try:
        _wait_until("the orphaned worker to end", lambda: not _alive(worker), timeout=10)
    finally:
        try:
            os.kill(worker, signal.SIGKILL)
        except OSError:
            pass
