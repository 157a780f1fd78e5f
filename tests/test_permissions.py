"""Files we create get the user's umask like any other file (0644 under umask 022), not the
0600 that a temporary file is born with."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def _run(args: list[str], cwd: Path, umask: int) -> subprocess.CompletedProcess[str]:
    code = f"import os, sys; os.umask({umask:#o}); from hollowcli.cli import main; sys.argv = ['hollow'] + {args!r}; main()"
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=300,
                          check=False, env=dict(os.environ))


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("umask, want", [(0o022, 0o644), (0o077, 0o600)])
def test_saves_logs_pdfs_and_pngs_follow_the_umask(tmp_path: Path, umask: int, want: int) -> None:
    r = _run(["play", "1", "--auto", "--seed", "3", "--max-rounds", "1", "--campaign", "perm", "--new", "--log", "game.jsonl"],
             tmp_path, umask)
    assert r.returncode == 0, r.stderr
    save = Path(os.environ["HOLLOW_HOME"]) / "campaigns" / "perm.json"
    if not save.exists():  # the save folder is the platform's; find it
        save = next(Path(os.environ["HOLLOW_HOME"]).rglob("perm.json"))
    assert _mode(save) == want
    assert _mode(tmp_path / "game.jsonl") == want
    r = _run(["print", "spawn", "--out", "out", "--preview"], tmp_path, umask)
    assert r.returncode == 0, r.stderr
    made = sorted((tmp_path / "out").iterdir())
    assert any(p.suffix == ".pdf" for p in made) and any(p.suffix == ".png" for p in made)
    for p in made:
        assert _mode(p) == want, p
