"""Every `$ hollow ...` example in the README works as written (in order, in a fresh folder)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

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
