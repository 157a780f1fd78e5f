"""Every `$ hollow ...` example in the README works as written (in order, in a fresh folder)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def readme_examples() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = re.findall(r"^\$ (hollow .*)$", text, flags=re.MULTILINE)
    commands = []
    for line in lines:
        line = line.split("  #", 1)[0].strip()  # drop the explaining comment
        commands.extend(part.strip() for part in line.split(";") if part.strip())
    return commands


def test_readme_has_an_example_of_every_command() -> None:
    from hollowcli.cli import COMMANDS

    used = {shlex.split(c)[1] for c in readme_examples()}
    assert set(COMMANDS) <= used


@pytest.mark.slow
def test_every_readme_example_runs(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["HOLLOW_HOME"] = str(tmp_path / "saves")
    failures = []
    for command in readme_examples():
        args = shlex.split(command)[1:]
        out = subprocess.run(
            [sys.executable, "-m", "hollowcli", *args],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            check=False,
            timeout=120,
        )
        if out.returncode != 0 or "Traceback" in out.stderr:
            failures.append(f"{command}: exit {out.returncode}: {out.stderr.strip()[:300]}")
    assert not failures, "\n".join(failures)


# --- the quick start ------------------------------------------------------------------------

def quick_start() -> list[str]:
    """The shell commands of the README's quick start, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, flags=re.DOTALL)]


def venv_of(command: str) -> str:
    found = re.findall(r"python3 -m venv (\S+)", command)
    assert len(found) == 1, command
    return found[0]


def test_the_quick_start_is_two_commands_in_two_environments() -> None:
    """The test command's editable install must not replace the compiled install of the first."""
    install, test = quick_start()
    assert "\n" not in install and "\n" not in test
    assert "hollow print kit" in install and "pytest" in test and "-e " in test
    envs = [venv_of(install), venv_of(test)]
    assert envs[0] != envs[1]
    for command, env in zip((install, test), envs):
        used = set(re.findall(r"(\.?[\w-]+)/bin/", command))
        assert used == {env}, f"{command!r} uses {used}, not only its own {env}"
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert all(f"{env}/" in ignored for env in envs)


def test_ci_runs_the_readme_test_command_in_a_fresh_environment() -> None:
    test = quick_start()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci
    assert f"rm -rf {venv_of(test)}" in ci[: ci.index(test)]


def test_the_readme_does_not_count_the_chapters() -> None:
    """A count of the shipped chapters goes stale (it said three when there were four)."""
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    count = re.search(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|\d+) (sample |built-in |shipped )?chapters\b",
                      text, flags=re.IGNORECASE)
    assert count is None, count.group(0)
