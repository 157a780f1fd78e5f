"""The seat of a game: what a session runs with, how it ended, and what its parts may use.

A :class:`~hollowcli.play.loop.Game` is the step loop; what differs between ``hollow
play`` and ``hollow assist`` is a :class:`Mode` composed into it (its hooks: what the
screen shows, how a step is taken and told, what the prompt accepts besides commands).
The meta commands (:mod:`hollowcli.play.meta`), the questions (:mod:`.questions`) and the
modes reach the game only through :class:`Table`, so none of them imports the loop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from hollowcli.engine.rolls import ChoiceRequest, DiceSource
from hollowcli.play.console import Console, LineSource
from hollowcli.play.rolled import RolledQueue


@dataclass
class PlayOptions:
    """How ``hollow play`` runs (from its command-line options)."""

    explain: bool = False
    auto: bool = False
    max_rounds: int = 100
    log_path: Path | None = None
    rolled: list[str] | None = None  # --rolled: the player's physical dice, in order
    throwaway: bool = False  # --auto without --campaign: a demo in a campaign that is never saved
    ask: bool = False  # --rolled ask: ask the player for every roll, when it is needed
    seeded: bool = False  # --rolled seeded: hollow rolls (a campaign that asked asks no more)
    #: 'hint' at the prompt: ``hinter(table, text, actions)`` (hollowcli.hint.prompt), handed in by the command
    hinter: Callable[..., bool] | None = None


@dataclass
class Outcome:
    """How a ``hollow play`` session ended (for the final message and ``--json``)."""

    campaign: str
    chapter: str
    seed: int
    steps: int
    round: int
    result: str | None = None  # won | lost | None (not over)
    reason: str = ""
    stopped: str | None = None  # quit | end-of-input | interrupted | hangup | output-closed | round-cap | None
    next_chapter: str | None = None
    message: str = ""
    rolled: dict[str, Any] | None = None  # with --rolled: {given, used, unused: [values]}
    #: The interlude the chapter's end opened, as 'hollow campaign next --json' shows it (None: none open)
    interlude: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "campaign": self.campaign,
            "chapter": self.chapter,
            "seed": self.seed,
            "result": self.result,
            "reason": self.reason,
            "round": self.round,
            "steps": self.steps,
            "stopped": self.stopped,
            "next_chapter": self.next_chapter,
            "message": self.message,
            "rolled": self.rolled,
            "interlude": self.interlude,
        }


class Table(Protocol):
    """What the parts of a session see of the game: its campaign, session, console and input,
    and the few things they may change (``quit``, the choice numbers the screen left out,
    the round shown)."""

    pack: Any
    camp: Any
    options: PlayOptions
    console: Console
    source: LineSource | None
    session: Any
    persist: Callable[[Any], Any]
    rolled: RolledQueue | None
    mode: Mode
    #: why the game stops ('quit', 'end-of-input', ...): set, the loop ends at its next turn
    quit: str | None
    #: choice numbers the prompt accepts that the screen left out (asked about before taken)
    hidden: set[int]
    #: the round whose board was shown last (None: show it again)
    shown_round: int | None
    #: (round, phase) of the last ruling header printed
    last_header: tuple[int, str] | None

    @property
    def state(self) -> Any: ...
    def paint(self, text: str, role: str) -> str: ...
    def hint(self, text: str) -> None: ...
    def write_log(self, doc: dict[str, Any]) -> None: ...
    def interactive(self) -> bool: ...
    def read(self, prompt: str) -> str | None: ...
    def wait(self, prompt: str) -> None: ...
    def page(self, lines: list[str]) -> None: ...
    def lines_since_input(self) -> int: ...
    def narrate(self, events: list[Any]) -> None: ...
    def show_board(self) -> None: ...
    def show_round(self) -> None: ...
    def take(self, action: Any, answered: list[str | None] | None = None) -> None: ...
    def handle(self, line: str, actions: list[Any]) -> bool: ...
    def resume_hint(self) -> str: ...


#: A word the prompt takes besides choices and game commands (``undo 3``, ``map``):
#: ``run(table, count, actions)`` does it (``count``: the number typed after the word, if
#: any) and says whether the board changed (the choices must be shown again).
MetaCommand = Callable[[Table, int | None, list[Any]], bool]


class Mode(Protocol):
    """The hooks that make a :class:`~hollowcli.play.loop.Game` ``hollow play`` (solo, on
    the screen) or ``hollow assist`` (the real board). Each takes the game as a :class:`Table`."""

    #: the command that continues this kind of session (named in hints)
    command: str
    #: the prompt's words besides the action verbs (named when a line is no command at all)
    prompt_words: tuple[str, ...]
    #: the meta commands of the prompt
    meta: Mapping[str, MetaCommand]

    def choose_dice(self, table: Table, options: PlayOptions) -> tuple[bool, list[str] | None, str]:
        """Whether to ask for every roll, the ``--rolled`` values, and a note to show."""
        ...

    def dice_source(self, table: Table, ask: bool) -> DiceSource | None:
        """Who answers the rolls of new steps (None: the seed, or the ``--rolled`` values)."""
        ...

    def choice_source(self, table: Table) -> Callable[[ChoiceRequest], int] | None:
        """Who answers the choices of the chapter's script in new steps (None: nobody is
        asked; the option marked ``auto``, else the first)."""
        ...

    def continue_pending(self, table: Table) -> None:
        """Take again a step that was left waiting at a question."""
        ...

    def begin(self, table: Table) -> None:
        """Before the first prompt (the game resumed, nobody has left)."""
        ...

    def handle(self, table: Table, line: str, actions: list[Any]) -> bool | None:
        """A line the mode handles itself (True/False: the board changed or not), or None."""
        ...

    def refused(self, table: Table, line: str) -> None:
        """After a line that was no step (the game has hinted why)."""
        ...

    def show_board(self, table: Table) -> None: ...
    def show_choices(self, table: Table) -> list[Any]:
        """Show what to decide on; returns the choices a number picks."""
        ...

    def prompt(self, table: Table, actions: list[Any]) -> str: ...
    def what_to_type(self, table: Table, actions: list[Any]) -> str:
        """How a refusal's hint ends: what can be typed at this prompt."""
        ...

    def after_round(self, table: Table) -> None:
        """A step ended the round (at a terminal, the game is not over)."""
        ...

    def take(self, table: Table, action: Any, answered: list[str | None] | None) -> None:
        """Take ``action`` as the next step and tell what happened."""
        ...

    def narrate(self, table: Table, events: list[Any]) -> None:
        """Tell ``events`` (a redo, a step)."""
        ...

    def put_back(self, table: Table, before: Any) -> list[str] | None:
        """What to change on a real board now that ``undo`` went back from ``before`` (None:
        there is no real board)."""
        ...

    def say_put_back(self, table: Table, board: list[str]) -> None: ...
