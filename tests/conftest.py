"""Shared fixtures: every test runs with its own home, config and cache folders."""

from __future__ import annotations

import os

import pytest


def pytest_sessionstart(session: pytest.Session) -> None:
    """``HOLLOW_EXPECT_COMPILED=1`` (CI's run against a regular install): refuse to test
    anything but the compiled engine, so that run can never test the source by mistake.

    A suite started with SIGINT ignored (a script's background job: ``(pytest) &``) would
    pass that on to every hollow it starts, and the tests that press Ctrl-C would wait in
    vain: Python keeps an ignored SIGINT ignored. The suite takes Ctrl-C as usual instead,
    so the processes it starts begin with the default, as from a terminal."""
    import signal

    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if os.environ.get("HOLLOW_EXPECT_COMPILED") == "1":
        import hollowcli.engine as engine

        if not engine.compiled():
            raise pytest.UsageError(f"HOLLOW_EXPECT_COMPILED=1, but the engine imported from {engine.__file__} is not compiled")


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
