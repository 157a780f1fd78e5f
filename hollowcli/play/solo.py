"""``hollow play``'s mode of the game loop: solo play on the screen.

The engine's legal actions are the numbered choices of one screen (board, ledger, status);
each step's rulings are printed with their reasons; the dice are the seed's, the player's
``--rolled`` values, or asked at each roll (``--rolled ask``, :class:`~.questions.Asker`);
the choices of a chapter's script are numbered questions (``--auto`` takes the ``auto`` one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hollowcli import engine
from hollowcli.dice import faces_text
from hollowcli.engine.rolls import AskSource, ChoiceRequest, DiceSource
from hollowcli.errors import HollowError
from hollowcli.play import campaigns, combos, questions, screen, view
from hollowcli.play.meta import META
from hollowcli.play.rolled import BadRolledValue
from hollowcli.play.table import MetaCommand, PlayOptions, Table


class SoloMode:
    """The hooks of ``hollow play`` (see :class:`~hollowcli.play.table.Mode`)."""

    command = "hollow play"
    prompt_words: tuple[str, ...] = ("choices", "undo", "redo", "map", "log", "save", "hint", "help", "quit")
    meta: Mapping[str, MetaCommand] = META

    def __init__(self) -> None:
        self.asker: questions.Asker | None = None
        self._dice_before: tuple[str, list[str]] = ("seeded", [])

    # ------------------------------------------------------------------ the dice
    def choose_dice(self, table: Table, options: PlayOptions) -> tuple[bool, list[str] | None, str]:
        """The command line's choice, else the campaign's (:func:`hollowcli.play.campaigns.choose_dice`)."""
        self._dice_before = (table.camp.dice, list(table.camp.dice_values))
        if options.throwaway:
            return options.ask, options.rolled, ""
        return campaigns.choose_dice(table.camp, options.ask, options.rolled, options.seeded)

    def dice_source(self, table: Table, ask: bool) -> DiceSource | None:
        self.asker = questions.Asker(table)
        return AskSource(self.asker) if ask else None

    def choice_source(self, table: Table) -> Callable[[ChoiceRequest], int] | None:
        """The player, at a numbered question; ``--auto`` asks nobody."""
        if table.options.auto or self.asker is None:
            return None
        return self.asker.choose

    def continue_pending(self, table: Table) -> None:
        questions.continue_pending(table)

    # ------------------------------------------------------------------ the prompt
    def begin(self, table: Table) -> None:
        """Nothing before the first prompt: the screen shows the board."""

    def handle(self, table: Table, line: str, actions: list[Any]) -> bool | None:
        return None  # every line is the game's

    def refused(self, table: Table, line: str) -> None:
        """The game's hint said it all."""

    def prompt(self, table: Table, actions: list[Any]) -> str:
        return f"Choice {view.span(len(actions))}, or a command (help)> "

    def what_to_type(self, table: Table, actions: list[Any]) -> str:
        return f"a number ({view.span(len(actions))}), a command shown in [brackets], or 'help'"

    # ------------------------------------------------------------------ the screen
    def show_board(self, table: Table) -> None:
        """The full picture: map with its key, track, Legends with their items, foes."""
        table.console.say("")
        table.console.lines(view.render_board(table.state, table.paint))
        table.shown_round = table.state.round

    def show_choices(self, table: Table) -> list[Any]:
        """The one screen to decide on: board, ledger, status and numbered choices, within
        the terminal (the prompt line kept free)."""
        state = table.state
        actions = list(engine.legal_actions(state))
        extra = combos.combos(state, actions)
        cols, rows = screen.terminal_size()
        # at a terminal, the rulings printed since the player's last line stay in view with it
        keep = table.lines_since_input() if table.interactive() else 0
        shown = screen.decision(state, actions, table.paint, cols, rows - 1, extra, keep=keep)
        table.console.say("")
        table.console.lines(shown.lines)
        table.hidden = set(shown.hidden)
        table.shown_round = state.round
        return [*actions, *extra]

    def after_round(self, table: Table) -> None:
        """After the adversary phase at a terminal: wait for Enter, so the foes' rulings can
        be read before the next round's screen pushes them up."""
        table.wait(f"-- Press Enter for round {table.state.round} -- ")

    # ------------------------------------------------------------------ steps
    def take(self, table: Table, action: Any, answered: list[str | None] | None) -> None:
        told = self._told(0)
        table.write_log({"step": table.session.step, "round": table.state.round, "phase": table.state.phase,
                         "kind": "command", "actor": action.legend, "command": action.command,
                         "action": action.to_dict(), "reason": f"the player chose: {action.label}"})
        try:
            events = table.session.take(action, answered)
        except BadRolledValue as e:
            raise self._bad_rolled(table, action, e) from None
        told = self._told()
        cut = table.session.rolled_used_up
        if cut is None:
            self.narrate(table, events[told:])
            self._told(0)
            return
        self.narrate(table, events[: cut + 1])
        table.console.say(table.paint("  (--rolled values used up; the seeded dice roll from here)", "dim"))
        table.write_log({"step": table.session.step, "round": table.state.round, "phase": table.state.phase,
                         "kind": "rolled-used-up",
                         "numbers": {"given": len(table.rolled.tokens) if table.rolled is not None else 0},
                         "reason": "the --rolled values are used up; the seeded dice roll from here"})
        self.narrate(table, events[cut + 1 :])

    def _told(self, reset: int | None = None) -> int:
        """The events of the step being resolved shown already (before a dice question)."""
        if self.asker is None:
            return 0
        if reset is not None:
            self.asker.told = reset
        return self.asker.told

    def _bad_rolled(self, table: Table, action: Any, e: BadRolledValue) -> HollowError:
        """A ``--rolled`` value that is no face of the die rolled: the list is not
        remembered, and the message asks for the right ones."""
        table.camp.dice, table.camp.dice_values = self._dice_before
        table.persist(table.camp)
        used = table.rolled.used if table.rolled is not None else 0  # by the steps taken before this one
        return HollowError(
            f"--rolled value {e.position} ({e.token.strip()!r}) is not a face of the {e.die.id} die the game "
            f"rolls now (its faces are {faces_text(e.die)}), so '{action.command}' was not taken; the game is "
            f"saved at step {table.session.step}"
            + ((" (value 1 went into the steps before it)" if used == 1 else f" (values 1 to {used} went into the steps before it)") if used else "")
            + f", and '{table.resume_hint()} --rolled V,V,...' continues it with the right faces"
        )

    def narrate(self, table: Table, events: list[Any]) -> None:
        lines, table.last_header = view.render_events(events, table.options.explain, table.paint, table.last_header)
        table.page(lines)
        for ev in events:
            table.write_log({"step": table.session.step, **ev.to_dict()})

    def put_back(self, table: Table, before: Any) -> list[str] | None:
        return None  # no real board to put back: the screen shows the ledger

    def say_put_back(self, table: Table, board: list[str]) -> None:
        """Nothing to say: there is no real board."""
