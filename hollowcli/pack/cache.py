"""A small JSON cache of validated pack data, so a warm ``hollow roll`` skips YAML.

The cache file holds the canonical (already validated, already layered) pack data and
the *signature* it was built from: the path, size and modification time (ns) of every
pack file of every pack, plus the same for the loader's own modules and the program
version. Any change gives a different signature and the pack is validated afresh.
A corrupt or unreadable cache is ignored and rebuilt; a cache that cannot be written is
simply not written. ``HOLLOW_NO_CACHE=1`` turns it off.

JSON, never pickle: a cache file must not be able to run code.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

from hollowcli import __version__
from hollowcli.tempfiles import prune_stale

#: Bumped whenever the canonical data format changes.
FORMAT = 4

_HERE = os.path.dirname(os.path.abspath(__file__))
#: Modules whose change must invalidate every cache: every module validating a pack
#: imports (the model and its metadata, the checks, the builder); a test keeps it so.
_CODE = ("model.py", "fields.py", "vocab.py", "validate.py", "convert.py", "check_kinds.py", "check_chapters.py",
         "effects.py", "objectives.py", "words.py", "build.py", "loader.py", "files.py", "yamlsrc.py", "cache.py",
         "script.py", "event_effects.py", "tokens.py", "changes.py", "campaigns.py")


def enabled() -> bool:
    """False when ``HOLLOW_NO_CACHE`` is set to something other than '' or '0'."""
    return os.environ.get("HOLLOW_NO_CACHE", "") in ("", "0")


def cache_path() -> str:
    """``platformdirs.user_cache_dir("hollow")``, computed without importing it on Linux.

    A string, not a Path: pathlib's import alone is a visible share of ``hollow roll``.
    """
    if sys.platform.startswith("linux"):
        # Same answer as platformdirs on Linux (XDG), without its import time.
        base = os.environ.get("XDG_CACHE_HOME", "").strip()
        return os.path.join(base if base else os.path.expanduser("~/.cache"), "hollow")
    import platformdirs

    return str(platformdirs.user_cache_dir("hollow"))


def cache_dir() -> Path:
    """The cache folder as a Path (for callers off the start-up path)."""
    from pathlib import Path

    return Path(cache_path())


def code_stamp() -> list[Any]:
    """What of the program itself the cached data depends on."""
    stamp: list[Any] = [FORMAT, __version__]
    for name in _CODE:
        try:
            st = os.stat(os.path.join(_HERE, name))
            stamp.append([name, st.st_size, st.st_mtime_ns])
        except OSError:
            stamp.append([name, None, None])
    return stamp


def _fnv1a(data: bytes) -> int:
    """A 64-bit FNV-1a hash: stable across runs, and no import (zlib costs more than this)."""
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def cache_file(pack_dirs: list[str]) -> str:
    """One cache file per list of pack folders (the file also holds the full signature)."""
    key = "\n".join(os.path.abspath(d) for d in pack_dirs).encode("utf-8", "surrogateescape")
    return os.path.join(cache_path(), f"pack-{_fnv1a(key):016x}.json")


def read(pack_dirs: list[str], signature: list[Any]) -> dict[str, Any] | None:
    """The cached canonical data for exactly this signature, or None."""
    try:
        with open(cache_file(pack_dirs), "rb") as fh:
            doc = json.loads(fh.read())
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(doc, dict) or doc.get("signature") != signature:
        return None
    data = doc.get("data")
    return data if isinstance(data, dict) else None


#: Cache files older than this are removed whenever a new one is written.
MAX_AGE_S = 30 * 24 * 3600


def prune(folder: str | Path, now: float | None = None) -> None:
    """Remove pack cache files last written more than :data:`MAX_AGE_S` seconds ago (rebuilt if needed)."""
    prune_stale(folder, "pack-", "", MAX_AGE_S, now)


def write(pack_dirs: list[str], signature: list[Any], data: dict[str, Any]) -> bool:
    """Store ``data``; True when written. Data that JSON would change is not cached."""
    try:
        text = json.dumps({"signature": signature, "data": data}, ensure_ascii=False, separators=(",", ":"))
        if json.loads(text)["data"] != data:  # e.g. integer keys in free-form settings
            return False
    except (TypeError, ValueError, RecursionError):
        return False  # a date or binary value in free-form settings: just do not cache
    path = cache_file(pack_dirs)
    folder = os.path.dirname(path)
    prune(folder)
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(folder, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False
    return True
