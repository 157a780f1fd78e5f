"""The questions a game asks besides its prompt, and how a player leaves at one.

- The dice of ``hollow play --rolled ask`` (:class:`Asker`): the faces read off the
  player's dice for each roll the engine needs, or ``r`` to let the seed roll them.
- The choices of a chapter's script (:meth:`Asker.choose`): a numbered question, answered
  by a number or the option's words (``--auto`` never asks: the option marked ``auto``).
- A step left waiting at such a question is taken again when the game resumes
  (:func:`continue_pending`), with the dice and choices answered before.
- A choice number the screen did not show is shown and confirmed first (:func:`confirm_hidden`).
- A closed terminal (SIGHUP) breaks off a wait for input (:class:`HangupWatch`).

Each reaches the game through :class:`~hollowcli.play.table.Table`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hollowcli.dice import Face
from hollowcli.engine.rolls import ChoiceRequest, RollRequest
from hollowcli.names import plural
from hollowcli.play import view
from hollowcli.play.rolled import ask_event, choice_event, is_note
from hollowcli.play.table import Table


class LeftAtQuestion(Exception):  # noqa: N818 - a signal, not an error
    """The player left at a question (``quit``, the end of the input): ``why`` says which;
    the step being resolved stays pending, with the dice answered so far."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class Hangup(Exception):  # noqa: N818
    """Raised by the SIGHUP handler to break off a wait for input."""


class HangupWatch:
    """Treat SIGHUP (the terminal window was closed) like the end of the input.

    The handler only breaks off a wait for input (while ``waiting``); a step being resolved
    is finished (and saved) first, and the loop stops before the next one (``seen``).
    """

    def __init__(self) -> None:
        self.seen = False  # SIGHUP seen: the terminal was closed
        self.waiting = False  # blocked reading the next line (safe to break off)

    def install(self) -> Callable[[], None]:
        """Catch SIGHUP from now on; returns the function that puts the previous handler back."""
        import signal
        import threading

        sig = getattr(signal, "SIGHUP", None)
        if sig is None or threading.current_thread() is not threading.main_thread():
            return lambda: None

        def on_hangup(signum: int, frame: Any) -> None:
            self.seen = True
            if self.waiting:
                raise Hangup()

        previous = signal.signal(sig, on_hangup)

        def restore() -> None:
            signal.signal(sig, previous)

        return restore


class Asker:
    """``--rolled ask``: each roll of a new step asked of the player at the prompt.

    ``told`` counts the events of the step being resolved already shown (the rulings before
    a question are told before it is asked; the rest when the step is done).
    """

    def __init__(self, table: Table):
        self.table = table
        self.told = 0

    def _tell_so_far(self) -> None:
        """The rulings of the step made before this question, told before it is asked."""
        table = self.table
        dice = table.session.rolling
        if dice is not None and len(dice.events) > self.told:
            table.narrate(dice.events[self.told :])
            self.told = len(dice.events)
            if table.quit:  # 'quit' where the rulings waited for Enter: the step waits at its question
                raise LeftAtQuestion(table.quit)

    def __call__(self, request: RollRequest) -> list[Face] | None:
        """The faces of ``request`` read off the player's dice (None: ``r``, the seeded dice
        roll for the player). End of input at the question leaves the game
        (:class:`LeftAtQuestion`); Ctrl-C raises KeyboardInterrupt; either way the step is
        kept as pending with the dice answered so far."""
        table = self.table
        dice = table.session.rolling
        self._tell_so_far()
        faces = self.read_faces(request)
        state = getattr(dice, "state", None) or table.state
        table.write_log(ask_event(table.session.step, state, request, faces if faces is not None else request.seeded,
                                  physical=faces is not None))
        return faces

    def read_faces(self, request: RollRequest) -> list[Face] | None:
        """The faces the player types for ``request`` (None: ``r``, the seeded faces)."""

        def read(text: str) -> list[Face] | None:
            return None if text.lower() in ("r", "roll") else list(request.read(text))

        return self._answer(  # type: ignore[no-any-return]
            f"{request.prompt}: ", read,
            help_=f"Roll {request.count} and type the faces (value or label, spaces or commas): the "
                  f"{request.die.id} die's faces are {request.faces_text}. 'r' rolls them for you; "
                  "'quit' (or Ctrl-C) saves and leaves, this step waiting for its dice.",
            first=f"The dice first: this step is under way. Type the faces ({request.faces_text}), 'r' to "
                  "roll them for you, or 'quit' to save and leave with the step waiting",
            bad=lambda e: f"{e}. Try again, or 'r' to roll them for you.")

    def choose(self, request: ChoiceRequest) -> int:
        """A choice of the chapter's script, asked as a numbered question: the option the
        player picks (0-based). Leaving at it (``quit``, the end of the input, Ctrl-C)
        keeps the step pending, as at a dice question."""
        table = self.table
        self._tell_so_far()
        table.console.say("")
        table.console.lines(view.wrap(request.prompt))
        for line in request.numbered():
            table.console.lines(view.wrap(f"  {line}", indent="     "))
        index = self.read_choice(request)
        dice = table.session.rolling
        state = getattr(dice, "state", None) or table.state
        table.write_log(choice_event(table.session.step, state, request, index))
        return index

    def read_choice(self, request: ChoiceRequest) -> int:
        """The option the player types for ``request``: its number or its words."""
        n = len(request.options)
        return self._answer(  # type: ignore[no-any-return]
            f"Choose {view.span(n)}> ", request.read,
            help_=f"Type the number of an option ({view.span(n, ' to ')}) or its words; 'quit' (or Ctrl-C) "
                  "saves and leaves, this step waiting for your choice.",
            first=f"The choice first: this step is under way. Type a number ({view.span(n, ' to ')}), or "
                  "'quit' to save and leave with the step waiting",
            bad=lambda e: view.sentence(str(e)))

    def _answer(self, prompt: str, read: Callable[[str], Any], help_: str, first: str,
                bad: Callable[[ValueError], str]) -> Any:
        """The answer to a question of a step under way, as ``read`` makes it of the line
        typed (a ValueError: ``bad`` says why, and it is asked again). ``quit`` or the end of
        the input leaves at the question; help, or a command of the prompt (``undo``, ``map``
        ...), is answered with a hint and the question asked again."""
        table = self.table
        while True:
            line = table.read(prompt)
            if line is None:
                raise LeftAtQuestion("end-of-input")
            text = line.strip()
            word = text.lower()
            if word in ("quit", "exit"):
                raise LeftAtQuestion("quit")
            if word in ("?", "help", ""):
                table.hint(help_)
                continue
            command = word.split(" ")[0]
            if command in ("undo", "redo", "map", "log", "save"):
                table.hint(f"{first}; '{command}' works at the next choice.")
                continue
            try:
                return read(text)
            except ValueError as e:
                table.hint(bad(e))


def continue_pending(table: Table) -> None:
    """A step left at a dice question is taken again, with the dice answered before."""
    rec = table.session.record
    pending = rec.pending
    if not pending:
        return
    action = table.session.action_of(table.state, pending["action"])
    if action is None:
        rec.pending = None
        table.hint("The step left at a dice question is not legal any more; choose again.")
        return
    n = sum(1 for x in pending["rolled"] if not is_note(x))  # (not the pauses' notes nor the choices)
    if table.interactive():  # the board the question is about, before it is asked again
        table.show_round()
    waiting = "a choice" if pending.get("question") == "choice" else "dice"
    table.console.say(f"Continuing '{action.command}', which was waiting for {waiting}"
                      + (f" ({plural(n, 'die', 'dice')} rolled already)." if n else "."))
    table.take(action, answered=list(pending["rolled"]))


def confirm_hidden(table: Table, n: int, chosen: Any) -> bool | str:
    """Choice ``n`` was not on the screen: show it and ask before taking it. True: take
    it; False: not (or the game stops: 'quit', the end of the input); a line that is no
    answer is a new command, returned to be handled as typed at the prompt."""
    table.console.say(f"Choice {n} was not on the screen; it is:")
    table.console.lines(view.wrap(f" {n}. {chosen.label}  [{chosen.command}]", indent="     "))
    line = table.read(f"Take choice {n}? (y/n) ")
    word = (line or "").strip().lower()
    if line is None:
        table.quit = "end-of-input"
    elif word in ("quit", "exit"):
        table.quit = "quit"
    elif word in ("y", "yes"):
        return True
    elif word in ("n", "no", ""):
        table.hint(f"Choice {n} was not taken; choose again.")
    else:
        return line
    return False
