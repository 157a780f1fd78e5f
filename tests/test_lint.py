"""The code stays ruff- and mypy-clean (configured in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    path = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (it comes with the 'test' extra)")
    return path


def test_ruff_is_clean() -> None:
    out = subprocess.run(
        [_tool("ruff"), "check", "--no-cache", "hollowcli", "tests", "benchmarks", "buildsys", "setup.py"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean() -> None:
    out = subprocess.run(
        [_tool("mypy"), "--no-incremental", "hollowcli", "buildsys"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
