"""``hollow play --log FILE``: the session as JSON lines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hollowcli.errors import HollowError

# ----------------------------------------------------------------------------- event log


class EventLog:
    """``--log FILE``: every event as one JSON object per line, flushed as it happens.

    Besides the engine's events it records the player's commands and undo/redo, so the
    file replays the session: the ``session`` line gives chapter and seed, each
    ``command`` line the step it became.
    """

    def __init__(self, path: Path):
        self.path = path
        try:
            self._fh = open(path, "a", encoding="utf-8")  # noqa: SIM115 - open for the whole game; close() ends it
        except OSError as e:
            raise HollowError(f"cannot write the log file {path} ({e.strerror})") from e

    @staticmethod
    def check(path: Path) -> None:
        """Refuse, before anything is written, a log file that cannot be opened."""
        import os

        folder = path.parent if str(path.parent) else Path(".")
        if path.is_dir():
            raise HollowError(f"cannot write the log file {path} (it is a folder)")
        if not folder.is_dir():
            raise HollowError(f"cannot write the log file {path} (the folder {folder} does not exist)")
        if not os.access(path if path.exists() else folder, os.W_OK):
            raise HollowError(f"cannot write the log file {path} (permission denied)")

    def write(self, doc: dict[str, Any]) -> None:
        try:
            self._fh.write(json.dumps(doc, ensure_ascii=False, sort_keys=False) + "\n")
            self._fh.flush()
        except OSError as e:  # a full disk: the game so far is saved; say where the log failed
            raise HollowError(f"cannot write the log file {self.path} ({e.strerror}); the game is saved up to "
                              "the last step: free some space or give --log another file, then resume") from e

    def close(self) -> None:
        self._fh.close()
