"""Where campaigns live and what they are called: the data folder, the file of a campaign,
its backup, the names a campaign may have, and the command that continues one."""

from __future__ import annotations

import os
import re
from pathlib import Path

from hollowcli.errors import UsageError

#: The campaign used when none is named.
DEFAULT_CAMPAIGN = "default"

_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}\Z")  # \Z, not $: "name\n" is not a name


def data_dir() -> Path:
    """hollow's data folder: ``$HOLLOW_HOME`` or the platform's user data dir."""
    env = os.environ.get("HOLLOW_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("hollow", appauthor=False))


def campaigns_dir() -> Path:
    """The folder holding every campaign file."""
    return data_dir() / "campaigns"


def check_name(name: str) -> str:
    """A campaign name is a file name: letters, digits, ``-`` and ``_``, at most 40."""
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise UsageError(
            f"{name!r} is not a usable campaign name; use letters, digits, '-' and '_' "
            "(at most 40, starting with a letter or digit)"
        )
    return name


def campaign_path(name: str) -> Path:
    """The save file of campaign ``name``."""
    return campaigns_dir() / f"{check_name(name)}.json"


def backup_path(path: Path) -> Path:
    """The previous good copy of a save file."""
    return path.with_name(path.name + ".bak")


def list_campaigns() -> list[str]:
    """Names of every campaign file in the data folder, sorted."""
    folder = campaigns_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json") if _NAME_RE.match(p.stem))


def play_hint(name: str, command: str = "hollow play") -> str:
    """The command that continues campaign ``name`` (the default one needs no option)."""
    return command + ("" if name == DEFAULT_CAMPAIGN else f" --campaign {name}")
