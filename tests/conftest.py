"""Shared fixtures: every test runs with its own home, config and cache folders."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never read or write the real user's config, cache or saves."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("HOLLOW_HOME", str(home / "hollow-data"))
    monkeypatch.delenv("HOLLOW_CONTENT", raising=False)
    monkeypatch.delenv("HOLLOW_CONFIG", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
