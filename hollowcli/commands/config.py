"""``hollow config``: where the config file is, and the settings in effect."""

from __future__ import annotations

import os
from typing import Any

import click

from hollowcli.commands.common import echo, emit_json, json_option, style


@click.command("config")
@json_option
def config(as_json: bool) -> None:
    """Show the config file's path and the effective settings.

    The config file (TOML) may set 'paper' (letter or a4) and 'content' (a list of
    content pack folders layered over the built-in one, relative to the file). HOLLOW_CONFIG
    names another file; HOLLOW_CONTENT adds packs after the file's.

    \b
    Examples:
      hollow config
      hollow config --json
    """
    from hollowcli.config import ENV_VARS, config_path, load_config

    path = config_path()
    cfg = load_config()
    env_content = [d for d in os.environ.get("HOLLOW_CONTENT", "").split(os.pathsep) if d]
    from hollowcli.play.saves import campaigns_dir

    doc: dict[str, Any] = {
        "path": path,
        "exists": os.path.isfile(path),
        "from": "HOLLOW_CONFIG" if os.environ.get("HOLLOW_CONFIG") else "default location",
        "settings": {"paper": cfg.paper, "content": list(cfg.content)},
        "content_packs": ["(built-in)", *cfg.content, *env_content],
        "campaigns": str(campaigns_dir()),
        "environment": {k: os.environ.get(k) for k in ENV_VARS},
    }
    if as_json:
        emit_json(doc)
        return
    state = "" if doc["exists"] else "  (not there: the defaults below apply)"
    echo(style("Config file", bold=True) + f": {path}{state}" + (" [from HOLLOW_CONFIG]" if doc["from"] == "HOLLOW_CONFIG" else ""))
    echo(f"  paper    = {cfg.paper!r}")
    echo(f"  content  = {list(cfg.content)!r}")
    echo(style("Content packs", bold=True) + " (later ones win): " + ", ".join(doc["content_packs"]))
    echo(style("Campaigns", bold=True) + f": {doc['campaigns']}")
    echo(style("Environment", bold=True) + ":")
    for k in ENV_VARS:
        v = os.environ.get(k)
        echo(f"  {k:<15}{'= ' + v if v is not None else '(not set)'}")
