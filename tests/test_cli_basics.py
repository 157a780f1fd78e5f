"""What every command-line tool owes its users: help, version, errors, colour, config."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.output


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_help_with_an_example(name: str) -> None:
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "hollow " + name in result.output.replace("\n", " ") or "Example" in result.output


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
