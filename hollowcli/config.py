"""The user's config file: default content packs and paper size.

It lives in click's app dir (``hollow config path`` style: ``~/.config/hollow/config.toml``
on Linux) or wherever ``HOLLOW_CONFIG`` points. TOML, read with the standard library.

    content = ["~/games/my-box"]   # packs layered over the built-in one
    paper = "a4"                    # letter | a4
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any, NamedTuple

from hollowcli.errors import HollowError

PAPERS = ("letter", "a4")
#: The settings a config file may hold.
SETTINGS = ("content", "paper")
#: The environment variables hollow reads (listed by ``hollow --help`` and ``hollow config``).
ENV_VARS = {
    "HOLLOW_CONTENT": "content pack folders layered over the built-in one (separated by ':')",
    "HOLLOW_CONFIG": "the config file to read instead of the default one",
    "HOLLOW_HOME": "where campaigns are saved",
    "NO_COLOR": "no colour when set (so does TERM=dumb)",
    "PAGER": "the pager 'hollow rules' uses on a terminal",
    "HOLLOW_DEBUG": "show the traceback of an internal error",
}
_warned: set[tuple[str, str]] = set()


def _warn_unknown(path: str, key: str) -> None:
    """One line on stderr, once a process, for a setting the config file should not hold."""
    if (path, key) in _warned:
        return
    _warned.add((path, key))
    from hollowcli.names import did_you_mean

    hint = did_you_mean(key, SETTINGS)
    import sys

    try:
        sys.stderr.write(f"hollow: warning: the config file {path} has an unknown setting {_shown(key)} (ignored); "
                         f"{hint + ' ' if hint else ''}the settings are {', '.join(SETTINGS)}\n")
    except (OSError, ValueError, AttributeError):  # no stderr: the warning is not worth stopping for
        pass


class Config(NamedTuple):  # not a dataclass: defining one costs ~0.5 ms of `hollow roll` start-up
    content: tuple[str, ...] = ()
    paper: str = "letter"
    path: str | None = None


#: The largest config file read (bytes): one holds a few lines, so more is a mistake.
MAX_CONFIG_BYTES = 100_000


def _read_toml(path: str) -> dict[str, Any]:
    """The settings of the config file ``path``, or one sentence saying why they cannot be read
    (unreadable, too large, not UTF-8, not TOML, nested past what the TOML reader can follow)."""
    import tomllib

    from hollowcli.pack.files import read_capped

    try:
        raw = read_capped(path, MAX_CONFIG_BYTES)
    except OSError as e:
        raise HollowError(f"the config file {path} cannot be read ({e.strerror}); check its permissions") from e
    if raw is None:
        raise HollowError(f"the config file {path} is larger than {MAX_CONFIG_BYTES:,} bytes, far more than its few "
                          "settings need; fix or delete it")
    try:
        return tomllib.loads(raw.decode("utf-8-sig"))  # -sig: Windows editors may start the file with a BOM
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise HollowError(f"the config file {path} is not valid TOML ({_shown(str(e), 200, quote=False)}); fix or "
                          "delete it") from e
    except RecursionError:
        raise HollowError(f"the config file {path} nests arrays or tables too deeply to be read; fix or delete "
                          "it") from None


def _shown(value: str, limit: int = 40, quote: bool = True) -> str:
    """A value from the config file as a message quotes it: at most ``limit`` characters."""
    text = repr(value) if quote else value
    return text if len(text) <= limit else text[: limit - 1] + "…"


def config_path() -> str:
    """Where the config file is read from."""
    env = os.environ.get("HOLLOW_CONFIG")
    if env:
        return os.path.expanduser(env)
    import click  # already imported by the CLI; kept local so the engine never needs it

    return os.path.join(click.get_app_dir("hollow"), "config.toml")


def load_config(strict: bool = True) -> Config:
    """Read the config file if there is one; a broken one is a one-sentence error.

    ``strict=False`` keeps a paper size hollow cannot print on instead of stopping, for
    ``hollow config``, which shows the settings and reports what is wrong with them
    (:func:`paper_problem`)."""
    path = config_path()
    if not os.path.isfile(path):
        if os.path.isdir(path):
            raise HollowError(f"the config file {path} is a folder; give HOLLOW_CONFIG a TOML file, or remove the folder")
        if os.path.exists(path):
            raise HollowError(f"the config file {path} is not a regular file (a device or a pipe); give "
                              "HOLLOW_CONFIG a TOML file")
        if os.environ.get("HOLLOW_CONFIG"):
            raise HollowError(f"HOLLOW_CONFIG names {path}, which does not exist; create it (it may be empty) "
                              "or unset HOLLOW_CONFIG to use the default config file")
        return Config()
    data = _read_toml(path)
    for key in sorted(set(data) - set(SETTINGS)):
        _warn_unknown(path, key)
    content = data.get("content", [])
    if isinstance(content, str):
        content = [content]
    if not isinstance(content, list) or not all(isinstance(c, str) for c in content):
        raise HollowError(f"the config file {path}: 'content' must be a list of folder paths")
    paper = str(data.get("paper", "letter")).lower()
    problem = paper_problem(path, paper)
    if problem is not None and strict:
        raise HollowError(problem)
    base = os.path.dirname(path)
    dirs = tuple(os.path.join(base, os.path.expanduser(c)) for c in content)
    return Config(content=dirs, paper=paper, path=str(path))


def paper_problem(path: str | None, paper: str) -> str | None:
    """Why the config file's ``paper`` cannot be printed on (one sentence), or None."""
    if paper in PAPERS:
        return None
    return f"the config file {path}: paper must be one of {', '.join(PAPERS)}, not {_shown(paper)}"


def missing_folders(dirs: Iterable[str]) -> list[str]:
    """The content folders among ``dirs`` that do not exist: every command that loads
    content would stop on them."""
    return [d for d in dirs if not os.path.isdir(os.path.expanduser(d))]


def layered_dirs(given: Iterable[str | os.PathLike[str]] = ()) -> list[str]:
    """The content packs to layer over the built-in one: the config file's, then ``given``.

    The one place that decides the order; every command that loads content goes through it.
    """
    return [*load_config().content, *(os.fspath(d) for d in given)]
