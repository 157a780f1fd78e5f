"""Helpers shared by the tests that run ``hollow`` in process and check its error sentence."""

from __future__ import annotations

import signal

import pytest

from hollowcli.cli import main


def run_in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``hollow ARGS`` the way the console script does: exit status, stdout, stderr.

    The Ctrl-C handler is put back afterwards: a command that stops on Ctrl-C ignores a
    second one until its process ends, which here is the test run's."""
    ctrl_c = signal.getsignal(signal.SIGINT)
    try:
        main(list(args))
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    finally:
        signal.signal(signal.SIGINT, ctrl_c)
    out, err = capsys.readouterr()
    return code, out, err


def one_sentence(err: str) -> bool:
    """stderr is one line starting with 'hollow: ', no traceback, no internal error."""
    return err.startswith("hollow: ") and err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err
