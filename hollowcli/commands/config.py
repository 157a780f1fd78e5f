"""``hollow config``: where the config file is, and the settings in effect."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from hollowcli.commands.common import echo, emit_json, json_option, style


@click.command("config")
@json_option
def config(as_json: bool) -> None:
    """Show the config file's path and the effective settings.

    The config file (TOML) may set 'paper' (letter or a4) and 'content' (a list of
    content pack folders layered over the built-in one, relative to the file). HOLLOW_CONFIG
    names another file; HOLLOW_CONTENT adds packs after the file's. A setting other
    commands would stop on (a paper size hollow does not know, a content folder that does
    not exist) is shown and reported, one sentence each on stderr, with exit status 1.

    \b
    Examples:
      hollow config
      hollow config --json
    """
    from hollowcli.config import ENV_VARS, PAPERS, config_path, load_config

    path = config_path()
    cfg = load_config(strict=False)
    env_content = [d for d in os.environ.get("HOLLOW_CONTENT", "").split(os.pathsep) if d]
    problems, missing = _problems(path, cfg, env_content)
    from hollowcli.play.saves import campaigns_dir

    doc: dict[str, Any] = {
        "path": path,
        "exists": os.path.isfile(path),
        "from": "HOLLOW_CONFIG" if os.environ.get("HOLLOW_CONFIG") else "default location",
        "settings": {"paper": cfg.paper, "content": list(cfg.content)},
        "content_packs": ["(built-in)", *cfg.content, *env_content],
        "campaigns": str(campaigns_dir()),
        "environment": {k: os.environ.get(k) for k in ENV_VARS},
        "problems": problems,
    }
    if as_json:
        emit_json(doc)
        _report(problems)
        return
    state = "" if doc["exists"] else "  (not there: the defaults below apply)"
    echo(style("Config file", bold=True) + f": {path}{state}" + (" [from HOLLOW_CONFIG]" if doc["from"] == "HOLLOW_CONFIG" else ""))
    bad_paper = "" if cfg.paper in PAPERS else style(f"  (not a paper size: {' or '.join(PAPERS)})", fg="red")
    echo(f"  paper    = {cfg.paper!r}{bad_paper}")
    echo(f"  content  = {list(cfg.content)!r}")
    packs = [p + (style(" (missing)", fg="red") if p in missing else "") for p in doc["content_packs"]]
    echo(style("Content packs", bold=True) + " (later ones win): " + ", ".join(packs))
    echo(style("Campaigns", bold=True) + f": {doc['campaigns']}")
    echo(style("Environment", bold=True) + ":")
    for k in ENV_VARS:
        v = os.environ.get(k)
        echo(f"  {k:<15}{'= ' + v if v is not None else '(not set)'}")
    _report(problems)


def _problems(path: str, cfg: Any, env_content: list[str]) -> tuple[list[str], set[str]]:
    """What other commands would stop on, one sentence each, and the missing content folders."""
    from hollowcli.config import missing_folders, paper_problem

    problems = [p for p in (paper_problem(path, cfg.paper),) if p]
    missing = set()
    for where, dirs, fix in (("the config file's 'content' list", cfg.content, f"remove it from the 'content' list of {path}"),
                             ("HOLLOW_CONTENT", env_content, "remove it from HOLLOW_CONTENT")):
        for d in missing_folders(dirs):
            missing.add(d)
            problems.append(f"the content folder {d} (from {where}) does not exist, so every command that loads content "
                            f"stops; create it ('hollow content init {d}') or {fix}")
    return problems, missing


def _report(problems: list[str]) -> None:
    """Each problem as one sentence on stderr, then exit status 1 (after the settings were shown)."""
    for p in problems:
        click.echo(f"hollow: {p}", err=True)
    if problems:
        sys.exit(1)
