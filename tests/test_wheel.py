"""The wheel: built from the checkout, installed into a fresh venv, run from elsewhere.
(How the build decides to compile the engine, and what it downloads: test_build.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow  # builds a wheel and a virtual environment


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel and install it (with its dependencies) into a new virtual environment."""
    work = tmp_path_factory.mktemp("wheel")
    dist = work / "dist"
    # Plain Python: this checks what the wheel carries and that it runs from anywhere; the
    # compiled engine (a minute to build) is tested by CI's second run, against a regular
    # install (tests/test_compiled.py), so an edit to the engine does not cost every local
    # run a compile.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist), str(ROOT)],
        check=True,
        cwd=work,
        env=dict(os.environ, HOLLOW_PURE_PYTHON="1"),
    )
    wheels = list(dist.glob("hollowcli-*.whl"))
    assert len(wheels) == 1
    env_dir = work / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    pip = env_dir / "bin" / "pip"
    subprocess.run([str(pip), "install", "-q", str(wheels[0])], check=True, cwd=work)
    return env_dir / "bin"


def run(bin_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HOLLOW_CONTENT")}
    env["HOME"] = str(cwd)
    env["XDG_CACHE_HOME"] = str(cwd / ".cache")
    env["HOLLOW_HOME"] = str(cwd / "saves")
    return subprocess.run([str(bin_dir / "hollow"), *args], capture_output=True, text=True, cwd=cwd, env=env, check=False)


def test_installed_wheel_runs_outside_the_repo(installed: Path, tmp_path: Path) -> None:
    out = run(installed, "--version", cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.startswith("hollow ")
    # The built-in content ships inside the wheel: validating it works from any folder.
    out = run(installed, "content", "validate", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    out = run(installed, "roll", "3", "--seed", "7", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert len(doc["dice"]) == 3
    out = run(installed, "rules", cwd=tmp_path)
    assert out.returncode == 0 and "spawn" in out.stdout.lower()
    # The kit needs the shipped templates and fonts.
    out = run(installed, "print", "kit", "--out", str(tmp_path / "pdf"), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "pdf" / "cards.pdf").stat().st_size > 1000
    assert (tmp_path / "pdf" / "turn-order.pdf").stat().st_size > 1000
    # A scaffolded pack validates clean over the installed built-in pack.
    out = run(installed, "content", "init", str(tmp_path / "box"), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    out = run(installed, "content", "validate", str(tmp_path / "box"), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    # A whole solo chapter, played by the built-in policy: the very game the checkout plays
    # (its golden transcript, to the last line), so the installed engine and content are whole.
    out = run(installed, "play", "1", "--seed", "3", "--auto", cwd=tmp_path)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert out.stdout == (ROOT / "tests" / "golden" / "schoolhouse-seed3.txt").read_text(encoding="utf-8")


def test_python_dash_m_works(installed: Path, tmp_path: Path) -> None:
    out = subprocess.run(
        [str(installed / "python"), "-m", "hollowcli", "--version"], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert out.returncode == 0 and "hollow" in out.stdout
