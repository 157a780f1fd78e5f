"""The game loop of ``hollow play`` and ``hollow assist``: show, read a line, take the step, save.

Input comes from a terminal (with line editing), a pipe or a script file; output goes to
a :class:`~hollowcli.play.console.Console`. The engine decides every rule; the loop only
offers its legal actions, forwards the player's choice and tells what happened. What the
screen shows and how a step is told is the game's :class:`~hollowcli.play.table.Mode`:
:class:`~hollowcli.play.solo.SoloMode` (solo play, the default) or
:class:`~hollowcli.play.assist.AssistMode` (the real board). The campaign is saved after
every resolved step (see :mod:`hollowcli.play.saves`), so ``quit``, Ctrl-C, the end of
the input or a killed process lose nothing but the step being resolved.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hollowcli import engine
from hollowcli.engine import standees
from hollowcli.engine.rolls import policy_rng
from hollowcli.engine.vocab import Act
from hollowcli.errors import HollowError, SaveError
from hollowcli.play import campaigns, combos, interlude, interlude_ask, meta, questions, saves, screen, view
from hollowcli.play.console import BadInput, Console, LineSource
from hollowcli.play.eventlog import EventLog
from hollowcli.play.rolled import RolledQueue
from hollowcli.play.saves import Campaign
from hollowcli.play.session import open_session
from hollowcli.play.solo import SoloMode
from hollowcli.play.table import Mode, Outcome, PlayOptions

_HINT = re.compile(r"hint(\s|$)", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]+")  # ASCII digits only: '²'.isdigit() is True but int('²') fails

_DEMO = ("This --auto game was a demo in a throwaway campaign: nothing was saved and your campaigns are "
         "as they were ('hollow play --auto --campaign NAME' lets the policy play in a campaign).")

#: The first words of the message a stopped game ends with (the campaign is saved), by why it stopped.
_STOPPED = {
    "quit": "Saved",
    "end-of-input": "End of input; saved",
    "interrupted": "Interrupted; saved",
    "hangup": "The terminal was closed; saved",
    "output-closed": "The output was closed; saved",
}


class Game:
    """One session over the campaign's game in progress (a :class:`~hollowcli.play.table.Table`).

    ``mode`` makes it ``hollow play`` (:class:`SoloMode`, the default) or ``hollow assist``.
    """

    def __init__(
        self,
        pack: Any,
        camp: Campaign,
        options: PlayOptions,
        console: Console,
        source: LineSource | None,
        persist: Callable[[Campaign], Any] = saves.save,
        log: EventLog | None = None,
        mode: Mode | None = None,
    ):
        if camp.game is None:
            raise SaveError(f"campaign {camp.name!r} has no game in progress")
        self.pack = pack
        self.camp = camp
        self.options = options
        self.console = console
        self.source = source
        self.persist = persist
        self.mode: Mode = mode if mode is not None else SoloMode()
        self.log = log if log is not None else (EventLog(options.log_path) if options.log_path else None)
        ask, values, self._dice_note = self.mode.choose_dice(self, options)
        self.rolled = RolledQueue(values) if values is not None else None
        if source is not None and source.interactive:
            source.words = lambda: completions(self)
        self._saved_round = 0  # --auto: the round last saved
        source_of_dice = self.mode.dice_source(self, ask)
        self.session = open_session(pack, camp, on_step=lambda _rec: self._autosave(), rolled=self.rolled,
                                    source=source_of_dice, chooser=self.mode.choice_source(self))
        self.last_header: tuple[int, str] | None = None
        self.shown_round: int | None = None
        self.quit: str | None = None
        self.hidden: set[int] = set()  # choice numbers the prompt accepts that the screen left out
        self._hangup = questions.HangupWatch()
        self._mark = 0  # console lines written when the player last typed a line

    # ------------------------------------------------------------------ what the parts use
    @property
    def state(self) -> Any:
        return self.session.state

    def paint(self, text: str, role: str) -> str:
        return self.console.paint(text, role)

    def hint(self, text: str) -> None:
        for line in view.wrap(text):
            self.console.say(self.paint(line, "hint"))

    def write_log(self, doc: dict[str, Any]) -> None:
        if self.log is not None:
            self.log.write(doc)

    def interactive(self) -> bool:
        return self.source is not None and self.source.interactive

    def lines_since_input(self) -> int:
        """Console lines written since the player last typed a line."""
        return self.console.said - self._mark

    def resume_hint(self) -> str:
        """The command that continues this campaign."""
        return campaigns.play_hint(self.camp.name, self.mode.command)

    def narrate(self, events: list[Any]) -> None:
        self.mode.narrate(self, events)

    def take(self, action: Any, answered: list[str | None] | None = None) -> None:
        self.mode.take(self, action, answered)

    def show_board(self) -> None:
        self.mode.show_board(self)

    def show_round(self) -> None:
        """The compact board at the start of a round (``--auto``: there is no prompt)."""
        cols, rows = screen.terminal_size()
        self.console.say("")
        self.console.lines(screen.board_lines(self.state, self.paint, cols, rows, max(5, rows // 2 - 3)))
        self.shown_round = self.state.round

    # ------------------------------------------------------------------ input and output
    def read(self, prompt: str) -> str | None:
        """The player's next line (None at the end of the input); a hangup may break it off."""
        assert self.source is not None
        self._hangup.waiting = True
        try:
            line = self.source.read(prompt)
            self._mark = self.console.said
            return line
        except BadInput as e:
            raise HollowError(f"{e}; the game is saved at step {self.session.step}: "
                              f"'{self.resume_hint()}' resumes it with other input") from None
        finally:
            self._hangup.waiting = False

    def wait(self, prompt: str) -> None:
        """Wait for Enter; 'quit' (or the end of the input) there stops the game (the loop
        ends at its next turn; the step shown is saved already)."""
        line = self.read(prompt)
        if line is None:
            self.quit = "end-of-input"
        elif line.strip().lower() in ("quit", "exit"):
            self.quit = "quit"

    def page(self, lines: list[str]) -> None:
        """Print rulings; at a terminal, wait for Enter before they would push the first
        unread ones off the screen (a long adversary phase), so none is lost unread."""
        if not self.interactive():
            self.console.lines(lines)
            return
        _cols, rows = screen.terminal_size()
        for line in lines:
            if self.quit:
                return
            if self.lines_since_input() >= rows - 2:
                self.wait("-- more: Enter (quit: save and leave) -- ")
                if self.quit:
                    return
            self.console.say(line)

    # ------------------------------------------------------------------ the loop
    def run(self) -> Outcome:
        """Play until the game ends, the player quits or the input runs out."""
        self._greet()
        restore = self._hangup.install()
        try:
            self.mode.continue_pending(self)
            if not self.quit:  # (the players may have left at a question of the step resumed)
                self.mode.begin(self)
            self._loop()
        except questions.LeftAtQuestion as left:
            self.quit = left.why
        except KeyboardInterrupt:
            self.console.say("")
            self.quit = "interrupted"
        except questions.Hangup:
            self.console.say("")
            self.quit = "hangup"
        finally:
            restore()
            if self.log is not None:
                self.log.close()
        return self._finish()

    def _greet(self) -> None:
        """The session's first lines (and log line): the chapter's title and intro, or where it resumes."""
        rec = self.session.record
        chapter = self.state.chapter_def
        self.write_log({"kind": "session", "campaign": self.camp.name, "chapter": rec.chapter, "seed": rec.seed,
                        "step": rec.cursor, "round": self.state.round, "phase": self.state.phase,
                        "reason": "resumed" if rec.cursor else "new game"})
        if rec.cursor == 0 and not rec.actions:
            self.console.say(self.paint(f"Chapter {chapter.number}: {chapter.name}", "title"))
            self.console.lines(view.wrap(chapter.intro))
        else:
            self.console.say(f"Resuming {chapter.name} at round {self.state.round} (step {rec.cursor}, seed {rec.seed}).")
        if self._dice_note:
            self.hint(self._dice_note)

    def _loop(self) -> None:
        actions: list[Any] | None = None
        while not self._stopping():
            if self.shown_round != self.state.round:
                if self.options.auto:
                    self.show_round()
                actions = None
            if self.options.auto:
                if self.state.round > self.options.max_rounds:
                    self.quit = "round-cap"
                    return
                self._auto_step()
                continue
            if actions is None and self._lone_begin():
                continue
            if actions is None:
                actions = self.mode.show_choices(self)
            line = self.read(self.mode.prompt(self, actions))
            if line is None:
                self.quit = "end-of-input"
                return
            before = self.state.round
            took = self.handle(line, actions)
            if self.quit:
                return
            if took:
                actions = None
                if self.state.round > before and self.interactive() and not self.session.outcome()[0]:
                    self.mode.after_round(self)

    def _stopping(self) -> bool:
        """Whether the loop ends now: 'quit' at any prompt (a choice, a pause, a dice
        question), the game over, or the terminal or the output gone."""
        if self.quit:
            return True
        if self.session.outcome()[0]:
            return True
        if self._hangup.seen or self.console.gone:
            self.quit = "hangup" if self._hangup.seen else "output-closed"
            return True
        return False

    def _lone_begin(self) -> bool:
        """Round 1 of a chapter whose events start it waits for the players' 'begin': when
        that is the only choice (and no undone step could be redone instead), it is taken
        without asking, and told like an --auto step."""
        legal = engine.legal_actions(self.state)
        if len(legal) != 1 or legal[0].kind != Act.BEGIN or self.session.can_redo:
            return False  # (after an undo back to it, 'redo' or 'begin' is the player's to type)
        self._say_step(legal[0])
        self.take(legal[0])
        return True

    def _say_step(self, action: Any) -> None:
        said = view.wrap(f"> {action.command}   ({action.label})", indent="    ")
        said[0] = self.paint(f"> {action.command}", "dim") + said[0][len(action.command) + 2 :]
        self.console.lines(said)

    def _auto_step(self) -> None:
        """``--auto``: the policy takes the next step, and the loop says which."""
        rng = policy_rng(self.session.record.seed, self.session.step)
        action = engine.auto_action(self.state, rng)
        self._say_step(action)
        self.take(action)

    # ------------------------------------------------------------------ a line of input
    def handle(self, line: str, actions: list[Any]) -> bool:
        """Act on one line of input; True when the board changed (choices must be shown again).

        Nothing a player types raises: unknown or malformed input gets a short hint.
        """
        took = self.mode.handle(self, line, actions)
        if took is not None:
            return took
        took = self._handle(line.strip(), actions)
        if not took:
            self.mode.refused(self, line)
        return took

    def _handle(self, text: str, actions: list[Any]) -> bool:
        if not text:  # Enter alone: the screen again
            return True
        if _NUMBER.fullmatch(text):
            return self._choose(text, actions)
        if ";" in text:  # several commands on one line: 'move C3; attack 1'
            for part in text.split(";"):
                if part.strip() and not self.handle(part, actions):
                    return True  # the steps before it were taken (or none): show the screen again
                if self.quit or self.session.outcome()[0]:
                    break
                actions = list(engine.legal_actions(self.state))
                self.hidden = set(range(1, len(actions) + 1))  # a list no screen has shown
            return True
        if _HINT.match(text):  # 'hint', 'hint move D4': the chance to win by rollouts (no step, no save)
            if self.options.hinter is None:
                self.hint("'hint' is not available here.")
                return False
            return self.options.hinter(self, text, actions)
        word = meta.parse(self.mode.meta, text)
        if word is not None:
            return self.mode.meta[word[0]](self, word[1], actions)
        return self._command(text, actions)

    def _choose(self, text: str, actions: list[Any]) -> bool:
        """A choice typed by its number."""
        n = meta.typed_number(text)
        if not 1 <= n <= len(actions):
            self.hint(f"There is no choice {view.short(text)}; pick {view.span(len(actions), ' to ')}, or type 'help'.")
            return False
        chosen = actions[n - 1]
        if n in self.hidden:  # a number the screen did not show: say what it is first
            answer = questions.confirm_hidden(self, n, chosen)
            if isinstance(answer, str):
                return self.handle(answer, actions)
            if not answer:
                return False
        if isinstance(chosen, combos.Combo):
            self._take_combo(chosen)
        else:
            self.take(chosen)
        return True

    def _command(self, text: str, actions: list[Any]) -> bool:
        """A typed command (``move C4``, ``attack g2``): taken, or a hint says why not."""
        try:
            action = engine.parse_command(self.state, text)
        except HollowError as e:
            self.hint(f"{e}. Type {self.mode.what_to_type(self, actions)}.")
            return False
        if action is None:
            end = engine.end_before_activate(self.state, text)
            if end is not None:  # 'activate elijah' while Emily acts: Emily is done, Elijah next
                self.take(end)
                action = engine.parse_command(self.state, text)
        if action is None:
            why = engine.command_hint(self.state, text, self.mode.prompt_words)  # the rule that forbids it, in a sentence
            named = f"'{text}' is not a command"
            if why.startswith(named):  # the hint names the input itself; show it printable
                lead = f"'{view.short(text)}' is not a command" + why[len(named):-1] + ". Type"
            else:
                lead = f"'{view.short(text)}' is not one of the choices now" + (f". {why} Type" if why else "; type")
            self.hint(f"{lead} {self.mode.what_to_type(self, actions)}.")
            return False
        self.take(action)
        return True

    def _take_combo(self, combo: combos.Combo) -> None:
        """Take a two-step choice: the first step, then the second if the rules still allow
        it (a leave roll on the way may have changed things)."""
        self.take(combo.first)
        if self.quit or self.session.outcome()[0]:
            return
        if combo.then.kind == Act.END and getattr(self.state.turn, "legend", None) != combo.first.legend:
            return  # the activation ended by itself: nothing was left to do
        legal = engine.legal_actions(self.state)
        then = next((a for a in legal if a == combo.then), None)
        if then is None:
            self.hint(f"'{combo.then.command}' is not possible any more after '{combo.first.command}'; choose again.")
            return
        self.take(then)

    # ------------------------------------------------------------------ saving and the end
    def _remember_dice(self) -> None:
        """Keep the ``--rolled`` values not used yet with the campaign (used up: seeded)."""
        if self.rolled is not None and self.camp.dice == "rolled":
            self.camp.dice_values = self.rolled.left
            if not self.camp.dice_values:
                self.camp.dice = "seeded"

    def _autosave(self) -> None:
        """Save after a step: every step when a player plays (atomic, so a killed process
        loses at most the step in progress); with ``--auto`` (and no dice to ask) only
        when a new round begins or the game ends, and on exit (:meth:`_finish`)."""
        self._remember_dice()
        if self.options.auto and self.session.source is None:
            round_now = self.state.round
            if round_now == self._saved_round and self.state.result is None:
                return
            self._saved_round = round_now
        self.persist(self.camp)

    def _rolled_report(self, out: Outcome) -> None:
        """With ``--rolled``: how many of the values were used, and say so when some were not."""
        if self.rolled is None:
            return
        left = self.rolled.left
        out.rolled = {"given": len(self.rolled.tokens), "used": self.rolled.used, "unused": left}
        if left:
            shown = ", ".join(left[:8]) + (", ..." if len(left) > 8 else "")
            self.console.say(
                f"{len(left)} of the {len(self.rolled.tokens)} --rolled values {'was' if len(left) == 1 else 'were'} "
                f"left unused ({shown})."
            )

    def _finish(self) -> Outcome:
        self._remember_dice()
        rec = self.session.record
        out = Outcome(self.camp.name, rec.chapter, rec.seed, rec.cursor, self.state.round, stopped=self.quit)
        self._rolled_report(out)
        result, reason = self.session.outcome()
        if result and not self.quit:
            self._game_over(out, result, reason)
        else:
            self.persist(self.camp)
            out.message = stopped_message(self)
        self.console.lines(view.wrap(out.message))
        return out

    def _game_over(self, out: Outcome, result: str, reason: str) -> None:
        """The chapter is won or lost: the campaign records it and sets up what comes next."""
        out.result, out.reason = result, reason
        done = campaigns.finish_game(self.pack, self.camp, self.state, result, reason, self.mode.command)
        self.persist(self.camp)
        out.next_chapter = done.next_chapter
        out.message = _DEMO if self.options.throwaway else done.message
        self.console.say("")
        headline = f"The chapter is {result}: {reason}" if reason else f"The chapter is {result}."
        role = "good" if result == "won" else "bad"
        self.console.lines([self.paint(line, role) for line in view.wrap(headline)])
        if self.camp.interlude is not None and interlude.state_of(self.camp.interlude) == interlude.ASKING:
            interlude_ask.at_chapter_end(self, out, _DEMO if self.options.throwaway else None)


def completions(game: Game) -> list[str]:
    """What Tab completes at the prompt: meta commands, every word of the legal commands
    (verbs, Legend ids, foes as typed, item ids, places), Legend names and map locations."""
    words = set(meta.META) - {"?"}
    if game.options.hinter is not None:
        words.add("hint")
    for a in engine.legal_actions(game.state):
        words.update(a.command.split())
    for hero in (*game.state.legends, *game.state.allies):
        words.add(hero.id)
        words.add(game.state.legend_name(hero.id).lower())
    words.update(standees.tag(game.state, f) for f in game.state.foes)
    words.update(c.name for row in engine.map_cells(game.state) for c in row if c.open)
    return sorted(w for w in words if w)


def stopped_message(game: Game) -> str:
    """Why the game stopped before its end, and how to go on."""
    state, rec = game.state, game.session.record
    cap = f"Stopped after round {game.options.max_rounds} (--max-rounds)"
    if game.options.throwaway:
        stop = cap if game.quit == "round-cap" else "Stopped"
        return f"{stop} at round {state.round}. {_DEMO}"
    why = f"{cap}; saved" if game.quit == "round-cap" else _STOPPED.get(game.quit or "", "Saved")
    if not rec.pending:
        return f"{why} at round {state.round}, step {rec.cursor}. Resume with: {game.resume_hint()}"
    waiting = game.session.action_of(state, rec.pending["action"])
    said = waiting.command if waiting else "?"
    if rec.pending.get("question") == "choice":
        return (f"{why} at round {state.round}, step {rec.cursor}, with '{said}' waiting for your choice. "
                f"Resume with: {game.resume_hint()} (it asks that question again; the answers given are kept)")
    # (the campaign remembers that it asks, so the plain command asks the question again)
    return (f"{why} at round {state.round}, step {rec.cursor}, with '{said}' waiting "
            f"for its dice. Resume with: {game.resume_hint()} (it asks that roll again; the dice already "
            "answered are kept)")
