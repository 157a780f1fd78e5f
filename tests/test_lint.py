"""The code stays ruff- and mypy-clean (configured in pyproject.toml)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def under_ci() -> bool:
    """CI's runs (``.ci/run`` sets ``HOLLOW_CI=1``; its compiled run ``HOLLOW_EXPECT_COMPILED=1``)."""
    return "1" in (os.environ.get("HOLLOW_CI"), os.environ.get("HOLLOW_EXPECT_COMPILED"))


def _tool(name: str) -> str:
    """The tool's path. Missing, the check is skipped on a developer's machine, and fails
    under CI: there a missing tool must never pass for clean code."""
    path = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if path is None:
        missing = f"{name} is not installed (it comes with the 'test' extra)"
        if under_ci():
            pytest.fail(f"{missing}, and CI must run it")
        pytest.skip(missing)
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
