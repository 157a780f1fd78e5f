"""The one exception tree of hollowcli, and how hollow ends after Ctrl-C.

Every error a user can cause is a :class:`HollowError`. It never imports click: the CLI
maps it to one sentence on stderr and an exit status in one place (``cli.main``). An
interrupted command ends through :func:`exit_interrupted` (status 130, as a shell says).
"""

from __future__ import annotations

import sys
from typing import NamedTuple, NoReturn


class HollowError(Exception):
    """A problem the user can fix; ``str(err)`` is the one sentence we print."""

    exit_code = 1


class UsageError(HollowError):
    """A value given on the command line is not acceptable (bad expression, id, count)."""


class MissingValue(UsageError):
    """A number the command needs was not given at all: a usage error, exit 2 as click's."""

    exit_code = 2


class Problem(NamedTuple):  # not a dataclass: defining one costs ~0.5 ms of `hollow roll` start-up
    """One problem found in a content pack: where it is and how to fix it."""

    file: str
    line: int | None
    message: str
    hint: str = ""
    warning: bool = False  # a warning: the pack still loads ('hollow content validate' shows it)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        text = f"{where}: {'warning: ' if self.warning else ''}{self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text


class ContentError(HollowError):
    """A content pack has problems; all of them are collected before raising."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(problems)
        first = str(self.problems[0]) if self.problems else "content problem"
        more = len(self.problems) - 1
        text = first if not more else f"{first}; and {more} more {'problem' if more == 1 else 'problems'}: run 'hollow content validate' to see them all"
        super().__init__(text)

    def __reduce__(self) -> tuple[type, tuple[tuple[Problem, ...]]]:
        # rebuilt from its problems, not its text (a worker process of 'hollow simulate'
        # sends it back pickled: a chapter whose events loop stops the run mid-game)
        return (type(self), (self.problems,))


class RulesError(HollowError):
    """An action that the rules do not allow in the current state."""


class SaveError(HollowError):
    """A campaign save file cannot be read or written."""


class RenderError(HollowError):
    """A printable cannot be built (bad template, unknown paper, bad geometry)."""


def exit_interrupted(status: int = 130) -> NoReturn:
    """End the process after Ctrl-C (status 130: 128 + SIGINT, as a shell reports it).

    A second Ctrl-C from here on is ignored: while Python shuts down it puts the default
    handler back, and a Ctrl-C then killed the process by the signal (the shell saw -2,
    not 130) before its last words were out.
    """
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A Ctrl-C that landed while Python ran code compiled from a string (a dataclass being
    # made while a module loads) marks it "unhandled", and under ``python -m`` Python then
    # ends by the signal whatever status is asked for; running any such code clears the mark
    # (CPython's run_eval_code_obj; seen as -2 instead of 130 for Ctrl-C during start-up).
    exec("None")
    sys.exit(status)
