"""What every command-line tool owes its users: help, version, errors, colour, config."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from hollowcli import __version__
from hollowcli.cli import COMMANDS, cli
from hollowcli.config import load_config
from hollowcli.errors import HollowError


def hollow(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "hollowcli", *args], capture_output=True, text=True, env=full_env, check=False
    )


def test_version() -> None:
    out = hollow("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == f"hollow {__version__}"


#: The command names product.md fixes (its command table), written out here rather than
#: read from the table the help is built from.
CONTRACT = ("roll", "attack", "odds", "spawn", "leave", "rules", "content", "play", "assist", "simulate", "campaign",
            "print")


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(cli, ["--help"], terminal_width=80)
    assert result.exit_code == 0
    rows: dict[str, str] = {}
    for line in result.output.split("Commands:", 1)[1].splitlines():
        row = re.match(r"  (\S+)\s{2,}(\S.*)", line)
        if row:
            rows[row[1]] = row[2]
        elif line.startswith("   ") and rows:  # a description wrapped onto the next line
            rows[list(rows)[-1]] += " " + line.strip()
    assert set(CONTRACT) <= set(rows), set(CONTRACT) - set(rows)
    for name, text in rows.items():
        assert len(text.split()) >= 3 and "..." not in text, (name, text)
        own = CliRunner().invoke(cli, [name, "--help"], prog_name="hollow")  # each row is a working command
        assert own.exit_code == 0 and own.output.startswith(f"Usage: hollow {name} "), own.output[:80]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_help_with_an_example(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "hollow " + name in result.output.replace("\n", " ") or "Example" in result.output


@pytest.mark.parametrize("group", ["campaign", "content", "print"])
def test_a_group_lists_each_command_with_its_whole_first_sentence(group: str) -> None:
    """click cut them to one line ending in '...' ('Start a new campaign NAME (play it with:
    hollow play --campaign...')."""
    result = CliRunner().invoke(cli, [group, "--help"], terminal_width=80)
    assert result.exit_code == 0, result.output
    listed = result.output.split("Commands:", 1)[1].split("\n\n", 1)[0]
    assert "..." not in listed and all(len(line) <= 80 for line in listed.splitlines())
    grp = cli.get_command(click.Context(cli), group)
    assert isinstance(grp, click.Group)
    flat = " ".join(listed.split())
    for name in grp.list_commands(click.Context(grp)):
        cmd = grp.get_command(click.Context(grp), name)
        assert cmd is not None and cmd.help
        first = " ".join(cmd.help.split("\n\n")[0].split()).split(". ")[0].rstrip(".")
        assert f"{name} {first}" in flat, f"hollow {group} --help does not show: {name} {first}"


def test_unknown_command_suggests_the_closest() -> None:
    out = hollow("rol")
    assert out.returncode == 2
    assert "Did you mean 'roll'?" in out.stderr
    assert "Traceback" not in out.stderr


def test_config_file_sets_paper_and_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = tmp_path / "box"
    pack.mkdir()
    cfg = tmp_path / "config.toml"
    cfg.write_text('paper = "a4"\ncontent = ["box"]\n')
    monkeypatch.setenv("HOLLOW_CONFIG", str(cfg))
    loaded = load_config()
    assert loaded.paper == "a4"
    assert loaded.content == (str(pack),)


def test_broken_config_is_one_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text('paper = "folio"\n')
    monkeypatch.setenv("HOLLOW_CONFIG", str(cfg))
    with pytest.raises(HollowError, match="paper must be one of letter, a4"):
        load_config()
    out = hollow("roll", env={"HOLLOW_CONFIG": str(cfg)})
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_no_colour_when_piped_or_no_color(tmp_path: Path) -> None:
    out = hollow("rules")
    assert "\x1b[" not in out.stdout
    out = hollow("roll", "3", "--seed", "1", env={"NO_COLOR": "1"})
    assert "\x1b[" not in out.stdout


def test_plain_hollow_shows_help_and_succeeds() -> None:
    out = hollow()
    assert out.returncode == 0
    assert "Commands:" in out.stdout and "roll" in out.stdout
