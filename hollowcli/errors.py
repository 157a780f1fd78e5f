"""The one exception tree of hollowcli.

Every error a user can cause is a :class:`HollowError`. It never imports click: the CLI
maps it to one sentence on stderr and an exit status in one place (``cli.main``).
"""

from __future__ import annotations

from typing import NamedTuple


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

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        text = f"{where}: {self.message}"
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


class RulesError(HollowError):
    """An action that the rules do not allow in the current state."""


class SaveError(HollowError):
    """A campaign save file cannot be read or written."""


class RenderError(HollowError):
    """A printable cannot be built (bad template, unknown paper, bad geometry)."""
