"""Options and helpers shared by the commands: content packs, seeds, JSON, colour."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from hollowcli.errors import exit_interrupted as exit_interrupted  # (where the commands have always found it)

if TYPE_CHECKING:
    from pathlib import Path

F = TypeVar("F", bound=Callable[..., Any])


class Group(click.Group):
    """A command group whose ``--help`` lists each subcommand with its whole first sentence,
    wrapped to the terminal, where click would cut it to one line and end it with '...'."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit=10_000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def content_option(f: F) -> F:
    """``--content DIR`` (repeatable; also ``HOLLOW_CONTENT``, path-separated)."""
    return click.option(
        "--content",
        "content_dirs",
        multiple=True,
        envvar="HOLLOW_CONTENT",
        type=click.Path(file_okay=False),  # strings: pathlib stays off the start-up path
        callback=_skip_empty_env_entries,
        help="A content pack folder layered over the built-in one (repeatable; env HOLLOW_CONTENT).",
    )(f)


def _skip_empty_env_entries(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """``HOLLOW_CONTENT=$HOLLOW_CONTENT:~/box`` with the variable unset leaves an empty entry;
    it means nothing (not the current folder, which would load every YAML file there)."""
    if param.name and ctx.get_parameter_source(param.name) == click.core.ParameterSource.ENVIRONMENT:
        return tuple(v for v in value if v)
    return value


def seed_option(f: F) -> F:
    return click.option(
        "--seed", type=int, default=None, help="Seed the dice for a reproducible result."
    )(f)


def rolled_option(f: F) -> F:
    return click.option(
        "--rolled",
        default=None,
        metavar="V,V,...",
        help="Use your physical dice: each face's value or label, comma-separated (0 = blank).",
    )(f)


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")(f)


def get_pack(content_dirs: tuple[str | Path, ...] = ()):  # -> Pack
    """The built-in pack with the config file's packs and then ``--content`` layered over it."""
    from hollowcli.config import layered_dirs
    from hollowcli.pack.loader import load_pack

    return load_pack(layered_dirs(content_dirs))


def make_rng(seed: int | None):  # -> random.Random
    """The one random generator of a command, seeded by ``--seed``."""
    import random

    return random.Random(seed)


def use_colour() -> bool:
    """Colour only on a terminal, and never when ``NO_COLOR`` is set or ``TERM=dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty()


def style(text: str, **kw: Any) -> str:
    """``click.style`` when colour is on, plain text otherwise."""
    return click.style(text, **kw) if use_colour() else text


def echo(text: str = "", **kw: Any) -> None:
    try:
        click.echo(text, color=use_colour(), **kw)
    except UnicodeEncodeError:  # an output that is not UTF-8 (PYTHONIOENCODING=latin-1, a cp1252 file ...)
        enc = getattr(sys.stderr if kw.get("err") else sys.stdout, "encoding", None) or "ascii"
        click.echo(text.encode(enc, errors="replace").decode(enc), color=use_colour(), **kw)


def emit_json(doc: Any) -> None:
    """One JSON document on stdout, nothing else."""
    try:
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=False))
    except UnicodeEncodeError:  # an output that is not UTF-8: \u escapes are the same JSON, losslessly
        click.echo(json.dumps(doc, indent=2, ensure_ascii=True, sort_keys=False))


def quiet_closed_terminal() -> None:
    """Point standard output and error at the null device where they are a terminal: after
    SIGHUP the window is gone, and writing to it would fail (a file or a pipe still gets
    what is written)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and stream.isatty():
                stream.flush()
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, stream.fileno())
                os.close(null)
        except (OSError, ValueError):  # gone already, or no real file descriptor (a test runner's stream)
            pass
