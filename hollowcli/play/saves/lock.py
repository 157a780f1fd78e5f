"""One writer per campaign: the lock ``hollow play`` and ``hollow assist`` hold while a
game is open, and that every save takes for its write when nobody holds it."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hollowcli.errors import SaveError
from hollowcli.play.saves.paths import campaigns_dir, check_name, data_dir


class CampaignBusy(SaveError):
    """Another process has the campaign open for writing."""


def lock_path(name: str) -> Path:
    """The lock file of campaign ``name``: ``locks/NAME.lock`` in the data folder, beside
    (not among) the campaign files, which it never adds to."""
    return data_dir() / "locks" / f"{check_name(name)}.lock"


class CampaignLock:
    """One writer per campaign: ``hollow play`` (and ``hollow assist``) hold this while a
    game is open, and every :func:`save` takes it for its write when nobody holds it.

    It is an advisory ``fcntl.flock`` on ``locks/NAME.lock``, not an ``O_EXCL`` lock file: the
    kernel drops a flock when its process ends however it ends, so a lock left by a killed
    process (``kill -9``, a closed laptop lid, a crash) never blocks the next game and
    needs no guess about whether a recorded process id is still alive or was reused. The
    file only says who holds the lock (process id, command, since when) for the refusal
    message; it is left in place, as deleting it could race with a process opening it.
    Where ``fcntl`` does not exist (Windows) the lock is not taken.
    """

    def __init__(self, name: str, command: str = "hollow"):
        self.name = check_name(name)
        self.command = command
        self.path = lock_path(name)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> CampaignLock:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX
            return self
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as e:
            raise SaveError(f"cannot write the campaign lock file {self.path} ({e.strerror})") from e
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _read_holder(fd)
            os.close(fd)
            raise CampaignBusy(
                f"campaign '{self.name}' is open in another hollow ({holder}); one campaign takes one player at a "
                "time: finish or quit that game first (its window may be hidden), or play another campaign with "
                "--campaign NAME"
            ) from None
        self._fd = fd
        started = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
        note = json.dumps({"pid": os.getpid(), "command": self.command, "since": started}) + "\n"
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, note.encode("utf-8"), 0)
        except OSError:
            pass  # the note is only for messages; the lock itself is held
        _held[self.name] = self
        _clean_staging(self.name)
        return self

    def release(self) -> None:
        if self._fd is None:
            return
        _held.pop(self.name, None)
        try:
            os.ftruncate(self._fd, 0)
        except OSError:
            pass
        os.close(self._fd)  # closing the descriptor drops the flock
        self._fd = None

    def __enter__(self) -> CampaignLock:
        return self if self.held else self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


#: The campaigns this process holds open (name -> lock).
_held: dict[str, CampaignLock] = {}


def hold(name: str, command: str | None = None) -> CampaignLock:
    """Open campaign ``name`` for writing for as long as the returned lock is held (use it
    in a ``with``; unreleased, it is held until the process ends); raises
    :class:`CampaignBusy` naming the process that has it open. ``command`` (default: the
    command line's first word, ``hollow play``) is what the refusal tells another player.
    Holding it already, this process gets the same lock back."""
    held = _held.get(check_name(name))
    if held is not None:
        return held
    if command is None:
        import sys

        command = " ".join(["hollow", *sys.argv[1:2]])
    return CampaignLock(name, command).acquire()


def _read_holder(fd: int) -> str:
    """``process 1234, 'hollow play', since 2026-01-01T12:00:00Z`` from a lock file."""
    try:
        doc = json.loads(os.pread(fd, 4096, 0).decode("utf-8"))
        return f"process {int(doc['pid'])}, '{doc['command']}', since {doc['since']}"
    except (OSError, ValueError, KeyError, TypeError):
        return "a process that is just starting or ending"


def _clean_staging(name: str) -> None:
    """Delete what a killed writer of campaign ``name`` left half-done: its temporary files.

    Called with the lock held, so no other process is writing them now.
    """
    folder = campaigns_dir()
    try:
        leftovers = list(folder.glob(f".{name}.json.*.tmp"))
    except OSError:
        return
    for tmp in leftovers:
        try:
            tmp.unlink()
        except OSError:
            pass



def writing(name: str) -> Any:
    """The campaign's lock for one write, unless this process holds it already."""
    import contextlib

    if name in _held:
        return contextlib.nullcontext()
    return CampaignLock(name, "hollow (saving)")
