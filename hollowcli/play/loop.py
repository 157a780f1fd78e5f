"""The prompt loop of ``hollow play``: show the board, read a choice, resolve it, save.

Input comes from a terminal (with line editing), a pipe or a script file; output goes to
a :class:`Console`. The engine decides every rule; this loop only offers its legal
actions, forwards the player's choice and prints the events with their reasons. The
campaign is saved after every resolved step (see :mod:`hollowcli.play.saves`), so
``quit``, Ctrl-C, the end of the input or a killed process lose nothing but the step
being resolved.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from hollowcli import engine, names
from hollowcli.dice import Face, faces_text
from hollowcli.engine import standees
from hollowcli.engine.rolls import AskSource, RollRequest
from hollowcli.errors import HollowError, SaveError, UsageError
from hollowcli.names import plural
from hollowcli.play import campaigns, combos, saves, screen, view
from hollowcli.play.console import BadInput, Console, LineSource
from hollowcli.play.eventlog import EventLog
from hollowcli.play.rolled import BadRolledValue, RolledQueue, ask_event
from hollowcli.play.saves import Campaign
from hollowcli.play.session import game_problem, open_session, policy_rng

# ----------------------------------------------------------------------------- the game


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
        }


HELP = """\
Choose by number, or type a command:
  <number>     take that choice (the list is shown after every step)
  move C4      move the activating Legend (column letter + row number);
               a place marked E4!2 costs a leave roll of 2 dice on the way
  a; b         two commands at once: 'move C3; attack 1'
  attack g2    attack Gobkin 2 (G2 on the map; also 'attack gobkin 2')
  end          end the activating Legend's turn ('activate NAME' ends it too)
  [...]        every other choice shows its typed shortcut in brackets
  undo [N]     take back the last step (or N)    redo [N]  take it again
  map          the map, the track and every figure
  log [N]      the last rulings (default 20)
  save         save now (it is saved after every step anyway)
  help         this text                          quit      save and leave
Foes act by themselves in the adversary phase; each ruling gives its reason."""

_NUMBER = re.compile(r"[0-9]+")  # ASCII digits only: '²'.isdigit() is True but int('²') fails


class Game:
    """One ``hollow play`` session over the campaign's game in progress."""

    #: The prompt's words besides the action verbs (named when a line is no command at all).
    PROMPT_WORDS: tuple[str, ...] = ("choices", "undo", "redo", "map", "log", "save", "help", "quit")

    def __init__(
        self,
        pack: Any,
        camp: Campaign,
        options: PlayOptions,
        console: Console,
        source: LineSource | None,
        persist: Callable[[Campaign], Any] = saves.save,
        log: EventLog | None = None,
    ):
        if camp.game is None:
            raise SaveError(f"campaign {camp.name!r} has no game in progress")
        self.pack = pack
        self.camp = camp
        self.options = options
        self.console = console
        self.source = source
        self.persist = persist
        self.log = log if log is not None else (EventLog(options.log_path) if options.log_path else None)
        ask, values, self._dice_note = self._choose_dice(options)
        self.rolled = RolledQueue(values) if values is not None else None
        if source is not None and source.interactive:
            source.words = self.completions
        self._saved_round = 0  # --auto: the round last saved
        self.session = open_session(pack, camp, on_step=lambda _rec: self._autosave(), rolled=self.rolled,
                                    source=AskSource(self._ask_roll) if ask else None)
        self._told = 0  # events of the step being resolved already shown (before a dice question)
        self._last_header: tuple[int, str] | None = None
        self._shown_round: int | None = None
        self._quit: str | None = None
        self._hangup = False  # SIGHUP seen: the terminal was closed
        self._waiting = False  # blocked reading the next command (safe to break off)
        self._hidden: set[int] = set()  # choice numbers the prompt accepts that the screen left out
        self._mark = 0  # console lines written when the player last typed a line

    # ------------------------------------------------------------------ helpers
    @property
    def state(self) -> Any:
        return self.session.state

    def paint(self, text: str, role: str) -> str:
        return self.console.paint(text, role)

    #: The command that continues this kind of session (named in hints).
    COMMAND = "hollow play"

    def _resume_hint(self) -> str:
        return campaigns.play_hint(self.camp.name, self.COMMAND)

    def _choose_dice(self, options: PlayOptions) -> tuple[bool, list[str] | None, str]:
        """Whether to ask, the ``--rolled`` values, and a note: the command line's choice,
        else the campaign's (:func:`hollowcli.play.campaigns.choose_dice`)."""
        self._dice_before = (self.camp.dice, list(self.camp.dice_values))
        if options.throwaway:
            return options.ask, options.rolled, ""
        return campaigns.choose_dice(self.camp, options.ask, options.rolled, options.seeded)

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

    def _log(self, doc: dict[str, Any]) -> None:
        if self.log is not None:
            self.log.write(doc)

    def _narrate(self, events: list[Any]) -> None:
        lines, self._last_header = view.render_events(events, self.options.explain, self.paint, self._last_header)
        self._page(lines)
        for ev in events:
            self._log({"step": self.session.step, **ev.to_dict()})

    def _page(self, lines: list[str]) -> None:
        """Print rulings; at a terminal, wait for Enter before they would push the first
        unread ones off the screen (a long adversary phase), so none is lost unread."""
        if not self._interactive():
            self.console.lines(lines)
            return
        _cols, rows = screen.terminal_size()
        for line in lines:
            if self._quit:
                return
            if self.console.said - self._mark >= rows - 2:
                self._wait("-- more: Enter (quit: save and leave) -- ")
                if self._quit:
                    return
            self.console.say(line)

    def show_board(self) -> None:
        """The full picture: map with its key, track, Legends with their items, foes."""
        self.console.say("")
        self.console.lines(view.render_board(self.state, self.paint))
        self._shown_round = self.state.round

    def show_round(self) -> None:
        """The compact board at the start of a round (``--auto``: there is no prompt)."""
        cols, rows = screen.terminal_size()
        self.console.say("")
        self.console.lines(screen.board_lines(self.state, self.paint, cols, rows, max(5, rows // 2 - 3)))
        self._shown_round = self.state.round

    def show_choices(self) -> list[Any]:
        """The one screen to decide on: board, ledger, status and numbered choices, within
        the terminal (the prompt line kept free)."""
        actions = list(engine.legal_actions(self.state))
        extra = combos.combos(self.state, actions)
        cols, rows = screen.terminal_size()
        # at a terminal, the rulings printed since the player's last line stay in view with it
        keep = self.console.said - self._mark if self._interactive() else 0
        shown = screen.decision(self.state, actions, self.paint, cols, rows - 1, extra, keep=keep)
        self.console.say("")
        self.console.lines(shown.lines)
        self._hidden = set(shown.hidden)
        self._shown_round = self.state.round
        return [*actions, *extra]

    def completions(self) -> list[str]:
        """What Tab completes at the prompt: meta commands, every word of the legal commands
        (verbs, Legend ids, foes as typed, item ids, places), Legend names and map locations."""
        words = set(META) - {"?"}
        for a in engine.legal_actions(self.state):
            words.update(a.command.split())
        for hero in (*self.state.legends, *self.state.allies):
            words.add(hero.id)
            words.add(self.state.legend_name(hero.id).lower())
        words.update(standees.tag(self.state, f) for f in self.state.foes)
        words.update(c.name for row in engine.map_cells(self.state) for c in row if c.open)
        return sorted(w for w in words if w)

    def hint(self, text: str) -> None:
        for line in view.wrap(text):
            self.console.say(self.paint(line, "hint"))

    # ------------------------------------------------------------------ the loop
    def run(self) -> Outcome:
        """Play until the game ends, the player quits or the input runs out."""
        rec = self.session.record
        chapter = self.state.chapter_def
        self._log({"kind": "session", "campaign": self.camp.name, "chapter": rec.chapter, "seed": rec.seed,
                   "step": rec.cursor, "round": self.state.round, "phase": self.state.phase,
                   "reason": "resumed" if rec.cursor else "new game"})
        if rec.cursor == 0 and not rec.actions:
            self.console.say(self.paint(f"Chapter {chapter.number}: {chapter.name}", "title"))
            self.console.lines(view.wrap(chapter.intro))
        else:
            self.console.say(f"Resuming {chapter.name} at round {self.state.round} (step {rec.cursor}, seed {rec.seed}).")
        if self._dice_note:
            self.hint(self._dice_note)
        restore = self._catch_hangup()
        try:
            self._continue_pending()
            self._loop()
        except _LeftAtQuestion as left:
            self._quit = left.why
        except KeyboardInterrupt:
            self.console.say("")
            self._quit = "interrupted"
        except _Hangup:
            self.console.say("")
            self._quit = "hangup"
        finally:
            restore()
            if self.log is not None:
                self.log.close()
        return self._finish()

    def _catch_hangup(self) -> Callable[[], None]:
        """Treat SIGHUP (the terminal window was closed) like the end of the input.

        The handler only breaks off a wait for input; a step being resolved is finished
        (and saved) first, and the loop stops before the next one. Returns the function
        that puts the previous handler back.
        """
        import signal
        import threading

        sig = getattr(signal, "SIGHUP", None)
        if sig is None or threading.current_thread() is not threading.main_thread():
            return lambda: None

        def on_hangup(signum: int, frame: Any) -> None:
            self._hangup = True
            if self._waiting:
                raise _Hangup()

        previous = signal.signal(sig, on_hangup)

        def restore() -> None:
            signal.signal(sig, previous)

        return restore

    def _loop(self) -> None:
        actions: list[Any] | None = None
        while True:
            if self._quit:  # 'quit' at any prompt (a choice, a pause, a dice question) ends the game there
                return
            result, _reason = self.session.outcome()
            if result:
                return
            if self._hangup or self.console.gone:
                self._quit = "hangup" if self._hangup else "output-closed"
                return
            if self._shown_round != self.state.round:
                if self.options.auto:
                    self.show_round()
                actions = None
            if self.options.auto:
                if self.state.round > self.options.max_rounds:
                    self._quit = "round-cap"
                    return
                rng = policy_rng(self.session.record.seed, self.session.step)
                action = engine.auto_action(self.state, rng)
                said = view.wrap(f"> {action.command}   ({action.label})", indent="    ")
                said[0] = self.paint(f"> {action.command}", "dim") + said[0][len(action.command) + 2 :]
                self.console.lines(said)
                self._take(action)
                continue
            if actions is None:
                actions = self.show_choices()
            line = self._read(self._prompt(actions))
            if line is None:
                self._quit = "end-of-input"
                return
            before = self.state.round
            took = self.handle(line, actions)
            if self._quit:
                return
            if took:
                actions = None
                if self.state.round > before and self._interactive() and not self.session.outcome()[0]:
                    self._pause()

    def _interactive(self) -> bool:
        return self.source is not None and self.source.interactive

    def _pause(self) -> None:
        """After the adversary phase at a terminal: wait for Enter, so the foes' rulings can
        be read before the next round's screen pushes them up."""
        self._wait(f"-- Press Enter for round {self.state.round} -- ")

    def _wait(self, prompt: str) -> None:
        """Wait for Enter; 'quit' (or the end of the input) there stops the game (the loop
        ends at its next turn; the step shown is saved already)."""
        line = self._read(prompt)
        if line is None:
            self._quit = "end-of-input"
        elif line.strip().lower() in ("quit", "exit"):
            self._quit = "quit"

    def _read(self, prompt: str) -> str | None:
        """The player's next line (None at the end of the input); a hangup may break it off."""
        assert self.source is not None
        self._waiting = True
        try:
            line = self.source.read(prompt)
            self._mark = self.console.said
            return line
        except BadInput as e:
            raise HollowError(f"{e}; the game is saved at step {self.session.step}: "
                              f"'{self._resume_hint()}' resumes it with other input") from None
        finally:
            self._waiting = False

    def _continue_pending(self) -> None:
        """A step left at a dice question is taken again, with the dice answered before."""
        rec = self.session.record
        pending = rec.pending
        if not pending:
            return
        action = self.session.action_of(self.state, pending["action"])
        if action is None:
            rec.pending = None
            self.hint("The step left at a dice question is not legal any more; choose again.")
            return
        n = sum(1 for x in pending["rolled"] if not (isinstance(x, str) and x.startswith("@")))  # (not the pauses' notes)
        if self._interactive():  # the board the question is about, before it is asked again
            self.show_round()
        self.console.say(f"Continuing '{action.command}', which was waiting for dice"
                         + (f" ({plural(n, 'die', 'dice')} rolled already)." if n else "."))
        self._take(action, answered=list(pending["rolled"]))

    def _ask_roll(self, request: RollRequest) -> list[Face] | None:
        """``--rolled ask``: the faces of ``request`` read off the player's dice (None: ``r``,
        the seeded dice roll for the player). End of input at the question leaves the game
        (:class:`_LeftAtQuestion`); Ctrl-C raises KeyboardInterrupt; either way the step
        is kept as pending with the dice answered so far."""
        dice = self.session.rolling
        if dice is not None and len(dice.events) > self._told:  # what happened before this roll
            self._narrate(dice.events[self._told :])
            self._told = len(dice.events)
            if self._quit:  # 'quit' where the rulings waited for Enter: the step waits for its dice
                raise _LeftAtQuestion(self._quit)
        faces = self._read_faces(request)
        state = getattr(dice, "state", None) or self.state
        self._log(ask_event(self.session.step, state, request, faces if faces is not None else request.seeded,
                            physical=faces is not None))
        return faces

    def _read_faces(self, request: RollRequest) -> list[Face] | None:
        """The faces the player types for ``request`` (None: ``r``, the seeded faces)."""
        while True:
            line = self._read(f"{request.prompt}: ")
            if line is None:
                raise _LeftAtQuestion("end-of-input")
            text = line.strip()
            word = text.lower()
            if word in ("r", "roll"):
                return None
            if word in ("quit", "exit"):
                raise _LeftAtQuestion("quit")
            if word in ("?", "help", ""):
                self.hint(f"Roll {request.count} and type the faces (value or label, spaces or commas): the "
                          f"{request.die.id} die's faces are {request.faces_text}. 'r' rolls them for you; "
                          "'quit' (or Ctrl-C) saves and leaves, this step waiting for its dice.")
                continue
            if word.split(" ")[0] in ("undo", "redo", "map", "log", "save"):
                self.hint(f"The dice first: this step is under way. Type the faces ({request.faces_text}), 'r' to "
                          f"roll them for you, or 'quit' to save and leave with the step waiting; '{word.split(' ')[0]}' "
                          "works at the next choice.")
                continue
            try:
                return list(request.read(text))
            except ValueError as e:
                self.hint(f"{e}. Try again, or 'r' to roll them for you.")

    def _pending_hint(self) -> str:
        """The command that continues a step left at a dice question (the campaign remembers
        that it asks, so the plain command asks the question again)."""
        return self._resume_hint()

    def _prompt(self, actions: list[Any]) -> str:
        """The prompt of the Legend phase."""
        return f"Choice {_span(len(actions))}, or a command (help)> "

    def _take(self, action: Any, answered: list[str | None] | None = None) -> None:
        self._told = 0
        self._log({"step": self.session.step, "round": self.state.round, "phase": self.state.phase,
                   "kind": "command", "actor": action.legend, "command": action.command, "action": action.to_dict(),
                   "reason": f"the player chose: {action.label}"})
        try:
            events = self.session.take(action, answered)
        except BadRolledValue as e:
            # a list with a wrong face is not remembered: the message asks for the right ones
            self.camp.dice, self.camp.dice_values = self._dice_before
            self.persist(self.camp)
            used = self.rolled.used if self.rolled is not None else 0  # by the steps taken before this one
            raise HollowError(
                f"--rolled value {e.position} ({e.token.strip()!r}) is not a face of the {e.die.id} die the game "
                f"rolls now (its faces are {faces_text(e.die)}), so '{action.command}' was not taken; the game is "
                f"saved at step {self.session.step}"
                + ((" (value 1 went into the steps before it)" if used == 1 else f" (values 1 to {used} went into the steps before it)") if used else "")
                + f", and '{self._resume_hint()} --rolled V,V,...' continues it with the right faces"
            ) from None
        cut = self.session.rolled_used_up
        if cut is None:
            self._narrate(events[self._told :])
            self._told = 0
            return
        self._narrate(events[: cut + 1])
        self.console.say(self.paint("  (--rolled values used up; the seeded dice roll from here)", "dim"))
        self._log({"step": self.session.step, "round": self.state.round, "phase": self.state.phase,
                   "kind": "rolled-used-up", "numbers": {"given": len(self.rolled.tokens) if self.rolled is not None else 0},
                   "reason": "the --rolled values are used up; the seeded dice roll from here"})
        self._narrate(events[cut + 1 :])

    def _take_combo(self, combo: combos.Combo) -> None:
        """Take a two-step choice: the first step, then the second if the rules still allow
        it (a leave roll on the way may have changed things)."""
        self._take(combo.first)
        if self._quit or self.session.outcome()[0]:
            return
        if combo.then.kind == "end" and getattr(self.state.turn, "legend", None) != combo.first.legend:
            return  # the activation ended by itself: nothing was left to do
        legal = engine.legal_actions(self.state)
        then = next((a for a in legal if a == combo.then), None)
        if then is None:
            self.hint(f"'{combo.then.command}' is not possible any more after '{combo.first.command}'; choose again.")
            return
        self._take(then)

    def handle(self, line: str, actions: list[Any]) -> bool:
        """Act on one line of input; True when the board changed (choices must be shown again).

        Nothing a player types raises: unknown or malformed input gets a short hint.
        """
        text = line.strip()
        if not text:  # Enter alone: the screen again
            return True
        if _NUMBER.fullmatch(text):
            n = _count(text)
            if not 1 <= n <= len(actions):
                self.hint(f"There is no choice {_short(text)}; pick {_span(len(actions), ' to ')}, or type 'help'.")
                return False
            chosen = actions[n - 1]
            if n in self._hidden:  # a number the screen did not show: say what it is first
                answer = self._confirm_hidden(n, chosen)
                if isinstance(answer, str):
                    return self.handle(answer, actions)
                if not answer:
                    return False
            if isinstance(chosen, combos.Combo):
                self._take_combo(chosen)
            else:
                self._take(chosen)
            return True
        if ";" in text:  # several commands on one line: 'move C3; attack 1'
            for part in text.split(";"):
                if part.strip() and not self.handle(part, actions):
                    return True  # the steps before it were taken (or none): show the screen again
                if self._quit or self.session.outcome()[0]:
                    break
                actions = list(engine.legal_actions(self.state))
                self._hidden = set(range(1, len(actions) + 1))  # a list no screen has shown
            return True
        meta = _META.match(text)
        if meta:
            return self._meta(meta.group(1).lower(), _count(meta.group(2)) if meta.group(2) else None, actions)
        try:
            action = engine.parse_command(self.state, text)
        except HollowError as e:
            self.hint(f"{e}. Type {self._what_to_type(actions)}.")
            return False
        if action is None:
            end = engine.end_before_activate(self.state, text)
            if end is not None:  # 'activate elijah' while Emily acts: Emily is done, Elijah next
                self._take(end)
                action = engine.parse_command(self.state, text)
        if action is None:
            why = engine.command_hint(self.state, text, self.PROMPT_WORDS)  # the rule that forbids it, in a sentence
            named = f"'{text}' is not a command"
            if why.startswith(named):  # the hint names the input itself; show it printable
                lead = f"'{_short(text)}' is not a command" + why[len(named):-1] + ". Type"
            else:
                lead = f"'{_short(text)}' is not one of the choices now" + (f". {why} Type" if why else "; type")
            self.hint(f"{lead} {self._what_to_type(actions)}.")
            return False
        self._take(action)
        return True

    def _confirm_hidden(self, n: int, chosen: Any) -> bool | str:
        """Choice ``n`` was not on the screen: show it and ask before taking it. True: take
        it; False: not (or the game stops: 'quit', the end of the input); a line that is no
        answer is a new command, returned to be handled as typed at the prompt."""
        self.console.say(f"Choice {n} was not on the screen; it is:")
        self.console.lines(view.wrap(f" {n}. {chosen.label}  [{chosen.command}]", indent="     "))
        line = self._read(f"Take choice {n}? (y/n) ")
        word = (line or "").strip().lower()
        if line is None:
            self._quit = "end-of-input"
        elif word in ("quit", "exit"):
            self._quit = "quit"
        elif word in ("y", "yes"):
            return True
        elif word in ("n", "no", ""):
            self.hint(f"Choice {n} was not taken; choose again.")
        else:
            return line
        return False

    def _what_to_type(self, actions: list[Any]) -> str:
        """How a refusal's hint ends: what can be typed at this prompt."""
        return f"a number ({_span(len(actions))}), a command shown in [brackets], or 'help'"

    def _meta(self, word: str, count: int | None, actions: list[Any]) -> bool:
        """Run the meta command ``word`` (a key of :data:`META`); True when the board changed."""
        handler: Callable[[Game, int | None, list[Any]], bool] = META[word]
        return handler(self, count, actions)

    def _cmd_help(self, count: int | None, actions: list[Any]) -> bool:
        self.console.say(HELP)
        return False

    def _cmd_choices(self, count: int | None, actions: list[Any]) -> bool:
        self.console.lines(view.render_choices(actions, self.paint, self.state))
        self._hidden = set()  # every number is on the screen now
        return False

    def _cmd_map(self, count: int | None, actions: list[Any]) -> bool:
        self.show_board()
        self.console.say("")
        self.console.lines(view.render_choices(actions, self.paint, self.state))
        self._hidden = set()
        return False

    def _cmd_log(self, count: int | None, actions: list[Any]) -> bool:
        recent = list(self.session.recent)[-(count or 20):]
        if not recent:
            self.console.say("Nothing has happened yet.")
        else:
            lines, _ = view.render_events(recent, self.options.explain, self.paint, None, legend_headers=True)
            self.console.lines(lines)
        return False

    def _cmd_save(self, count: int | None, actions: list[Any]) -> bool:
        path = self.persist(self.camp)
        self.console.say(f"Saved campaign '{self.camp.name}' at step {self.session.step}" + (f" ({path})." if path else "."))
        return False

    def _cmd_quit(self, count: int | None, actions: list[Any]) -> bool:
        self._quit = "quit"
        return False

    def _cmd_undo(self, count: int | None, actions: list[Any]) -> bool:
        if count == 0:
            self.hint("'undo 0' would change nothing; 'undo' alone takes one step.")
            return False
        before = self.state
        n = self.session.undo(count or 1)
        if not n:
            self.hint("Nothing to undo: this is the start of the chapter.")
            return False
        board = self._board_after_undo(before)
        self._log({"step": self.session.step, "round": self.state.round, "phase": self.state.phase,
                   "kind": "undo", "numbers": {"steps": n, **({"put_back": board} if board is not None else {})},
                   "reason": f"the player took back {plural(n, 'step')}"})
        self.console.say(f"Undone {plural(n, 'step')}; back at round {self.state.round}, step {self.session.step}"
                         + (f" ({self.session.can_redo} can be redone with 'redo')." if self.session.can_redo else "."))
        if board is not None:
            self._say_put_back(board)
        return True

    def _board_after_undo(self, before: Any) -> list[str] | None:
        """What to change on a real board once the ledger went back from ``before`` (None:
        there is no real board, as in solo play; ``hollow assist`` says)."""
        return None

    def _say_put_back(self, board: list[str]) -> None:
        """Tell the players what to put back on the real board (``hollow assist``)."""

    def _cmd_redo(self, count: int | None, actions: list[Any]) -> bool:
        if count == 0:
            self.hint("'redo 0' would change nothing; 'redo' alone takes one step.")
            return False
        if not self.session.can_redo:
            self.hint("Nothing to redo.")
            return False
        before = self.session.step
        events = self.session.redo(count or 1)
        self._log({"step": self.session.step, "round": self.state.round, "phase": self.state.phase,
                   "kind": "redo", "numbers": {"steps": self.session.step - before},
                   "reason": f"the player redid {plural(self.session.step - before, 'step')}"})
        self.console.say(f"Redone {plural(self.session.step - before, 'step')}:")
        self._narrate(events)
        return True

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
        state = self.state
        out = Outcome(self.camp.name, rec.chapter, rec.seed, rec.cursor, state.round, stopped=self._quit)
        self._rolled_report(out)
        result, reason = self.session.outcome()
        if result and not self._quit:
            out.result, out.reason = result, reason
            done = campaigns.finish_game(self.pack, self.camp, state, result, reason, self.COMMAND)
            self.persist(self.camp)
            out.next_chapter = done.next_chapter
            out.message = done.message
            self.console.say("")
            headline = f"The chapter is {result}: {reason}" if reason else f"The chapter is {result}."
            role = "good" if result == "won" else "bad"
            self.console.lines([self.paint(line, role) for line in view.wrap(headline)])
            if self.options.throwaway:
                out.message = _DEMO
            self.console.lines(view.wrap(out.message))
            return out
        self.persist(self.camp)
        if self.options.throwaway:
            stop = {"round-cap": f"Stopped after round {self.options.max_rounds} (--max-rounds)"}.get(self._quit or "", "Stopped")
            out.message = f"{stop} at round {state.round}. {_DEMO}"
            self.console.lines(view.wrap(out.message))
            return out
        why = {
            "quit": "Saved",
            "end-of-input": "End of input; saved",
            "interrupted": "Interrupted; saved",
            "round-cap": f"Stopped after round {self.options.max_rounds} (--max-rounds); saved",
            "hangup": "The terminal was closed; saved",
            "output-closed": "The output was closed; saved",
        }.get(self._quit or "", "Saved")
        out.message = f"{why} at round {state.round}, step {rec.cursor}. Resume with: {self._resume_hint()}"
        if rec.pending:
            waiting = self.session.action_of(state, rec.pending["action"])
            out.message = (f"{why} at round {state.round}, step {rec.cursor}, with '{waiting.command if waiting else '?'}' waiting for "
                           f"its dice. Resume with: {self._pending_hint()} (it asks that roll again; the dice already "
                           "answered are kept)")
        self.console.lines(view.wrap(out.message))
        return out


#: The meta commands: what a player types (besides choices and game commands) -> the
#: :class:`Game` method that runs it. Each takes an optional count (``undo 3``, ``log 5``).
META: dict[str, Callable[[Game, int | None, list[Any]], bool]] = {
    "help": Game._cmd_help,
    "?": Game._cmd_help,
    "choices": Game._cmd_choices,
    "map": Game._cmd_map,
    "log": Game._cmd_log,
    "save": Game._cmd_save,
    "quit": Game._cmd_quit,
    "exit": Game._cmd_quit,
    "undo": Game._cmd_undo,
    "redo": Game._cmd_redo,
}
_META = re.compile(r"^\s*(" + "|".join(re.escape(w) for w in META) + r")(?:\s+([0-9]+))?\s*$", re.IGNORECASE)


class _LeftAtQuestion(Exception):
    """The player left at a dice question (``--rolled ask``): ``why`` is ``end-of-input`` or ``quit``."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


_DEMO = ("This --auto game was a demo in a throwaway campaign: nothing was saved and your campaigns are "
         "as they were ('hollow play --auto --campaign NAME' lets the policy play in a campaign).")


class _Hangup(Exception):
    """Raised by the SIGHUP handler to break off a wait for input."""


def _span(n: int, sep: str = "-") -> str:
    """``1`` or ``1-n`` (``1 to n``): the range of choice numbers."""
    return "1" if n == 1 else f"1{sep}{n}"


def _count(digits: str) -> int:
    """A typed number; one of more than 9 digits counts as 10**9 (and never meets Python's
    limit on converting 4,300-digit numbers): no choice, undo or log goes that far."""
    return int(digits) if len(digits) <= 9 else 10**9


def _short(text: str, n: int = 40) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= n else text[: n - 1] + "…"


# ----------------------------------------------------------------------------- entry point


@dataclass
class PlayRequest:
    """Everything ``hollow play`` was asked to do (the command only fills this in)."""

    campaign: str = saves.DEFAULT_CAMPAIGN
    chapter: str | None = None
    seed: int | None = None
    restart: bool = False
    from_backup: bool = False
    input_path: Path | None = None
    options: PlayOptions = field(default_factory=PlayOptions)
    named: bool = False  # --campaign was given: a campaign that does not exist is refused ...
    new: bool = False  # ... unless --new asks for it


def check_rolled(pack: Any, tokens: list[str]) -> None:
    """Refuse, before the game starts, a ``--rolled`` value that is a face of no die the game
    rolls (the attack die and the spawn die); which die a value meets is known only when
    the game rolls it (see :class:`hollowcli.play.rolled.QueueSource`)."""
    rules = pack.rules
    dice = [pack.dice[d] for d in dict.fromkeys((rules.attack_die, rules.spawn_die)) if d in pack.dice]
    for i, tok in enumerate(tokens, 1):
        if not any(d.face_for(tok) is not None for d in dice):
            faces = "; ".join(f"the {d.id} die's faces are {faces_text(d)}" for d in dice)
            raise UsageError(f"--rolled value {i} ({tok.strip()!r}) is not a face of any die the game rolls ({faces})")


def _no_save(camp: Campaign) -> None:
    """The persist function of a throwaway (demo) campaign: nothing is written."""


def prepare(pack: Any, req: PlayRequest, console: Console,
            persist: Callable[[Campaign], Any] = saves.save) -> Campaign:
    """Open (or create) the campaign and make sure the wanted game is in progress.

    Nothing is written until the game is ready: a bad chapter or a missing campaign leaves
    no file behind. A campaign named with ``--campaign`` must exist (or ``--new``).
    """
    # One writer per campaign: every command that plays on it (play, assist) holds its lock
    # from here on (play() releases it when the game ends; otherwise the process's end does).
    # A throwaway demo is never saved and takes none.
    if not req.options.throwaway:
        saves.hold(req.campaign)
    if req.from_backup:
        camp = saves.restore_backup(req.campaign, check=lambda c: game_problem(pack, c))
        kept = saves.kept_copies(req.campaign)
        where = f" (the damaged file is kept as {kept[-1].name})" if kept else ""
        console.say(f"Restored campaign '{req.campaign}' from its backup{where}.")
    elif req.options.throwaway:
        camp = saves.new_campaign(req.campaign)
    else:
        exists = saves.campaign_path(req.campaign).exists()
        if req.new and exists:
            raise UsageError(f"campaign '{req.campaign}' exists already; drop --new to play in it, or "
                             f"'hollow campaign new {req.campaign} --force' starts it over")
        if req.named and not exists and not req.new and req.campaign != saves.DEFAULT_CAMPAIGN:
            raise UsageError(saves.missing_campaign(req.campaign, new_flag=True))
        camp, _fresh = saves.load_or_new(req.campaign)
    wanted = names.find_chapter(pack.chapters, req.chapter) if req.chapter else None
    game = camp.game
    if game is not None and not req.restart:
        if wanted is not None and wanted.id != game.chapter:
            current = pack.chapters.get(game.chapter)
            label = f"chapter {current.number} ({game.chapter})" if current else game.chapter
            raise HollowError(
                f"campaign '{camp.name}' has {label} in progress; 'hollow play' resumes it, "
                f"'hollow play {req.chapter} --restart' abandons it"
            )
        if req.seed is not None and req.seed != game.seed:
            if game.actions:
                console.say(f"Note: the game in progress keeps its seed {game.seed}; --seed applies to new games.")
            else:  # nothing played yet (e.g. the reset after a loss): the seed is still free
                game.seed = req.seed
                persist(camp)
        return camp
    if wanted is None:
        wanted = pack.chapters[game.chapter] if (game is not None and game.chapter in pack.chapters) else campaigns.next_chapter(pack, camp)
    if wanted is None:
        raise HollowError(
            f"campaign '{camp.name}' has won every chapter; name one to play it again (hollow play 1) "
            "or start a new campaign (hollow campaign new NAME)"
        )
    campaigns.start_game(pack, camp, wanted.id, req.seed)
    persist(camp)
    return camp


def play(pack: Any, req: PlayRequest, console: Console, stdin: TextIO) -> Outcome:
    """Run ``hollow play``: prepare the campaign, pick the input, play, report."""
    if req.options.rolled is not None:
        check_rolled(pack, req.options.rolled)
    persist: Callable[[Campaign], Any] = _no_save if req.options.throwaway else saves.save
    if req.options.throwaway:  # a demo that is never saved takes no lock
        return _play_held(pack, req, console, stdin, persist)
    # One writer per campaign: a second 'hollow play' on it is refused while this one runs.
    with saves.hold(req.campaign):
        return _play_held(pack, req, console, stdin, persist)


def _play_held(pack: Any, req: PlayRequest, console: Console, stdin: TextIO,
               persist: Callable[[Campaign], Any]) -> Outcome:
    source: LineSource | None = None
    handle: BinaryIO | None = None
    log: EventLog | None = None
    try:
        # Files the player named are opened first: a 'hollow play' that fails writes nothing.
        # (--auto in a campaign may be asked for dice too: the campaign may remember 'ask'.)
        if not req.options.auto or req.options.ask or not (req.options.throwaway or req.options.seeded):
            if req.input_path is not None:
                try:
                    handle = open(req.input_path, "rb")  # noqa: SIM115 - closed in the finally below
                except OSError as e:
                    raise HollowError(f"cannot read the input file {req.input_path} ({e.strerror})") from e
                source = LineSource.from_stream(handle, console, name=f"the input file {req.input_path}")
            elif stdin.isatty():
                source = LineSource.from_terminal(console)
            else:
                source = LineSource.from_stream(getattr(stdin, "buffer", stdin), console,
                                                name="the standard input")
        if req.options.log_path is not None:
            EventLog.check(req.options.log_path)
        camp = prepare(pack, req, console, persist)
        if req.options.log_path is not None:
            log = EventLog(req.options.log_path)
        return Game(pack, camp, req.options, console, source, persist, log=log).run()
    finally:
        if handle is not None:
            handle.close()
