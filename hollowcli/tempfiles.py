"""Temporary files for atomic writes that end up with the permissions of a normal file.

``tempfile.mkstemp`` creates its file private (0600) whatever the umask; a save or a PDF
renamed into place from it would stay 0600, unlike every other file the user makes. The
temporary file here gets ``0666 & ~umask`` (0644 under umask 022), as ``open()`` would.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

_umask: int | None = None


def current_umask() -> int:
    """The process umask (read once: reading it means setting it for a moment)."""
    global _umask
    if _umask is None:
        _umask = os.umask(0o022)
        os.umask(_umask)
    return _umask


def temp_beside(folder: Path, prefix: str, suffix: str) -> tuple[int, str]:
    """``mkstemp`` in ``folder``, then the mode a new file would get from ``open()``."""
    fd, name = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=folder)
    if hasattr(os, "fchmod"):
        try:
            os.fchmod(fd, 0o666 & ~current_umask())
        except OSError:  # a file system without modes (FAT, some network shares): keep what it gave
            pass
    return fd, name


def prune_stale(folder: str | Path, prefix: str, suffix: str, max_age: float, now: float | None = None) -> None:
    """Remove the files of ``folder`` named ``prefix...suffix`` last written more than
    ``max_age`` seconds before ``now``: the caches' clean-up, best effort."""
    import time

    limit = (time.time() if now is None else now) - max_age
    try:
        for entry in os.scandir(folder):
            if entry.name.startswith(prefix) and entry.name.endswith(suffix) and entry.stat().st_mtime < limit:
                os.unlink(entry.path)
    except OSError:
        pass
