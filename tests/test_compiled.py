"""The compiled engine (a regular install, ``pip install .``: setup.py builds it with mypyc)
plays exactly the games of the checkout's Python source.

Runs where the engine imported is the compiled one: CI's second run, against a regular
install (``.ci/run``); elsewhere it is skipped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import hollowcli.engine as engine

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [pytest.mark.skipif(not engine.compiled(), reason="the engine imported is the Python source (CI's second run tests the compiled one)"),
              pytest.mark.slow]


def hollow(tmp_path: Path, *args: str, source: bool) -> subprocess.CompletedProcess[str]:
    """``python -m hollowcli ARGS`` from outside the checkout: the installed (compiled)
    package, or with ``source`` the checkout's Python source ahead of it."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HOLLOW_CONTENT")}
    env.update(HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / ".cache"), HOLLOW_HOME=str(tmp_path / "saves"))
    if source:
        env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "hollowcli", *args], capture_output=True, text=True,
                          cwd=tmp_path, env=env, check=False)


def test_each_side_runs_the_engine_it_should(tmp_path: Path) -> None:
    code = ["-c", "import hollowcli.engine as e; print(e.compiled(), e.__file__)"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    built = subprocess.run([sys.executable, *code], capture_output=True, text=True, cwd=tmp_path, env=env, check=False)
    own = subprocess.run([sys.executable, *code], capture_output=True, text=True, cwd=tmp_path,
                         env=dict(env, PYTHONPATH=str(ROOT)), check=False)
    assert built.stdout.startswith("True "), built.stdout + built.stderr
    assert own.stdout.startswith("False " + str(ROOT)), own.stdout + own.stderr


@pytest.mark.parametrize("chapter,seed", [("schoolhouse", "3"), ("covered-bridge", "8"), ("churchyard", "5"), ("mill-race", "2")])
def test_a_whole_game_reads_the_same_word_for_word(tmp_path: Path, chapter: str, seed: str) -> None:
    """Every ruling of a whole --auto game, with its full detail (paths, distances, sight)."""
    args = ("play", chapter, "--auto", "--seed", seed, "--explain")
    built, own = hollow(tmp_path, *args, source=False), hollow(tmp_path, *args, source=True)
    assert built.returncode == own.returncode == 0, built.stderr + own.stderr
    assert len(built.stdout.splitlines()) > 20
    assert built.stdout == own.stdout, f"{chapter} --seed {seed} plays differently compiled"


def test_a_simulation_gives_the_same_figures(tmp_path: Path) -> None:
    args = ("simulate", "--games", "12", "--policy", "random", "--seed", "4", "--json")
    built, own = hollow(tmp_path, *args, source=False), hollow(tmp_path, *args, source=True)
    assert built.returncode == own.returncode == 0, built.stderr + own.stderr
    assert json.loads(built.stdout) == json.loads(own.stdout)
