"""``hollow assist``: the round runner for the physical game.

The players play on the real board with their own dice; hollow keeps the ledger and runs
the adversary phase as instructions. It is ``hollow play`` underneath (the same
:class:`~hollowcli.play.loop.Game` loop, :class:`~hollowcli.play.session.Session`, saves
and campaigns: a campaign can be continued with either command) in another mode,
:class:`AssistMode`, with three differences:

- every die is the players': the engine asks (the mode is the dice source of new steps)
  and the players answer with the faces they rolled, or ``r`` to let hollow roll;
- the adversary phase is told as board instructions (:data:`INSTRUCTIONS`), one at a time,
  with a pause (Enter, on a terminal) before each foe, spawn, card and the token's slide;
- "the board is the truth": corrections (``put 2 C4``, ``set emily health 5`` ...) are
  steps at the Legend-phase prompt, and made at once at a pause of the adversary phase,
  so the foes after it move from the corrected board.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from hollowcli import engine
from hollowcli.engine.corrections import WORDS as CORRECTION_WORDS
from hollowcli.engine.corrections import apply_correction, check, is_correction, parse_correction
from hollowcli.engine.rolls import ChoiceRequest, DiceSource, RolledFace, RollRequest
from hollowcli.engine.vocab import Act
from hollowcli.errors import HollowError
from hollowcli.names import plural
from hollowcli.play import view
from hollowcli.play.console import Console, LineSource
from hollowcli.play.instructions import instruction, told_as_instruction
from hollowcli.play.ledger import setup_doc, setup_lines, status_doc, status_lines
from hollowcli.play.loop import Game
from hollowcli.play.meta import META
from hollowcli.play.putback import put_back
from hollowcli.play.questions import LeftAtQuestion
from hollowcli.play.request import InterludeLeft, PlayRequest, prepare
from hollowcli.play.rolled import ask_event, choice_event
from hollowcli.play.table import MetaCommand, Outcome, PlayOptions, Table
from hollowcli.play.view import sentence, short, wrap

HELP = """\
At the Legend-phase prompt, say what the Legends did on the board:
  activate emily   move C4 (or the walk taken: move B4 C4)   attack g2
  attack g2 with long-shot   use ...   restore health   search   give ...
  swap ...   end
  (hollow checks each against the rules; 'choices' lists what is legal now)
  hint, hint move C4: the chance to win from here, read from the ledger
When a roll is needed hollow asks for it: type the faces you rolled
  (values or labels, spaces or commas: '2 0 1', 'blank,1'),
  or r to let hollow roll.
When the chapter asks the players to choose, type the number
  of the option they chose (or its words).
The board is the truth; at any prompt:
  put FIGURE LOC        put g2 C4, put gobkin 2 C4, put emily D2
                        (FIGURE: a foe like g2, a Legend, an ally)
  add FOE [N] LOC       add gobkin C4, add gobkin 7 C4 (standee 7),
                        add gobkin 2 (at spawn point 2)
  remove FIGURE         remove p3       (taken off, not counted as defeated)
  set NAME health|fear|tokens N          set emily health 5, set g2 health 1
  barricade N   unbarricade N   track N (storybook spot)   next-spawn N
  token add|remove KIND LOC              token add tombstone D3,
                        token remove magic-ward E4 (a chapter's tokens)
  flag NAME N           flag jar-found 1 (a chapter's flag or counter)
                        (corrections set off no chapter event)
  status   the ledger     undo [N] / redo [N]     help     quit (saved)"""

#: The words a question of the adversary phase (a roll, a pause) understands besides its answer.
#: The words a move is typed with (``move C4``, ``m C4``, ``go C4``), as the engine reads them.
MOVE_WORDS = ("move", "m", "go")

_AT_QUESTION = re.compile(r"^\s*(status|undo|redo|help|\?|quit|exit|choices|map|log|save)\b\s*([0-9]+)?\s*$", re.IGNORECASE)


class _TakeBack(Exception):  # noqa: N818 - a signal, not an error
    """'undo' at a question: the step being resolved is abandoned."""


# ----------------------------------------------------------------------------- the mode


def _status(table: Table, count: int | None, actions: list[Any]) -> bool:
    table.console.lines(status_lines(table.state))
    return False


def _help(table: Table, count: int | None, actions: list[Any]) -> bool:
    table.console.say(HELP)
    return False


class AssistMode:
    """The hooks of ``hollow assist`` (see :class:`~hollowcli.play.table.Mode`).

    It is the dice source of its session's new steps (:meth:`roll`: the engine asks every
    roll) and the one that waits at the pauses of the adversary phase (:meth:`pause`).
    """

    command = "hollow assist"
    #: Besides the action verbs: the corrections ("the board is the truth") and the meta words.
    prompt_words: tuple[str, ...] = (*CORRECTION_WORDS, "status", "choices", "undo", "redo", "map", "log", "save", "hint", "help", "quit")
    #: The prompt's meta commands: hollow play's, its own help and the ledger.
    meta: Mapping[str, MetaCommand] = {**META, "help": _help, "status": _status}

    def __init__(self) -> None:
        self.table: Table | None = None  # the game it is the dice source of (see dice_source)
        self.asked = 0  # rolls asked for
        self.faces_asked = 0  # dice faces answered
        self.corrections = 0
        self._shown = 0  # events of the current step already told
        self._waited_at = -1  # len(events) when the players last went on from a pause
        self._action: Any = None  # the step being resolved
        self._queued: list[str] = []  # corrections typed at a dice question, made at the next pause
        self._phase_header = (0, "")
        self._live_state: Any = None
        self._ledger_hint = False  # an undo went back a round: say that 'status' shows the ledger

    def _game(self) -> Table:
        assert self.table is not None, "the mode answers rolls only once it is a game's dice source"
        return self.table

    # ------------------------------------------------------------ the engine asks
    def choose_dice(self, table: Table, options: PlayOptions) -> tuple[bool, list[str] | None, str]:
        """Every die is the players' (this mode asks them); the campaign remembers it, so
        ``hollow play`` resuming it asks too (``--rolled seeded`` there lets hollow roll)."""
        table.camp.dice, table.camp.dice_values = "ask", []
        return False, None, ""

    def dice_source(self, table: Table, ask: bool) -> DiceSource | None:
        self.table = table
        return self  # every roll of a new step is asked of the players

    def choice_source(self, table: Table) -> Callable[[ChoiceRequest], int] | None:
        return self.choose  # the chapter's choices are the players' too

    def _keep_pending(self, question: str = "") -> None:
        """Save the step being resolved with the answers so far, so that a stop (even a
        killed process) resumes at the question or pause now on the screen (``question``:
        ``choice`` at a choice of the script)."""
        table = self._game()
        answered = table.session.answered()
        if answered is None:
            return
        if self._action is not None:
            table.session.record.pending = {"action": self._action.to_dict(), "rolled": answered,
                                            **({"question": question} if question else {})}
        table.persist(table.camp)

    def _tell(self, events: list[Any]) -> None:
        """Tell the events of the step not told yet."""
        new = events[self._shown :]
        self._shown = len(events)
        self.narrate(self._game(), new)

    def narrate(self, table: Table, events: list[Any]) -> None:
        for ev in events:
            if ev.phase == "adversary" and self._phase_header != (ev.round, ev.phase):
                self._phase_header = (ev.round, ev.phase)
                table.console.say("")
                table.console.say(table.paint(f"-- Adversary phase, round {ev.round}: do each step on the board --",
                                              "title"))
            if told_as_instruction(ev):
                table.console.lines(instruction(ev, self._live_state or table.state))
            else:
                lines, table.last_header = view.render_events([ev], table.options.explain, table.paint, table.last_header)
                table.console.lines(lines)
            table.write_log({"step": table.session.step, **ev.to_dict()})

    def _at_question(self, question: str = "") -> tuple[Table, Any]:
        """A question of the step under way is about to be asked: what the step did so far
        is told, and the step is saved waiting here (``question``: ``choice`` at a choice).
        Returns the table and the state the question is about."""
        table = self._game()
        dice = table.session.rolling
        state = getattr(dice, "state", None) or table.state
        self._live_state = state
        if dice is not None:
            self._tell(dice.events)
        self._keep_pending(question)
        return table, state

    def roll(self, request: RollRequest) -> tuple[RolledFace, ...]:
        """A roll the engine needs, asked of the players: the faces they rolled, or ``r``."""
        table, state = self._at_question()
        self.asked += 1
        while True:
            line = self._ask_line(f"{request.prompt}: ")
            text = line.strip()
            low = text.lower()
            if low in ("r", "roll"):
                answer = tuple(RolledFace(f, False) for f in request.seeded)
                table.console.say(f"  hollow rolled [{', '.join(f.label for f in request.seeded)}]")
            elif not text:
                table.hint(f"Type the {plural(request.count, 'face')} you rolled ({request.faces_text}), "
                           "or r to let hollow roll.")
                continue
            elif is_correction(text):
                self._queue_correction(state, text)
                continue
            elif _AT_QUESTION.match(text):
                self._meta_at_question(text, state, "a dice question")
                continue
            else:
                try:
                    answer = tuple(RolledFace(f, True) for f in request.read(text))
                except ValueError as e:
                    table.hint(f"{sentence(str(e))} Roll again and type the faces, or r to let hollow roll.")
                    continue
            self.faces_asked += len(answer)
            table.write_log(ask_event(table.session.step, state, request, [r.face for r in answer], answer[0].physical))
            return answer

    def choose(self, request: ChoiceRequest) -> int:
        """A choice of the chapter's script, asked of the players: the option they took
        (0-based), by its number or its words. Like a dice question, 'undo' takes the step
        back, 'status' shows the ledger and 'quit' leaves with the step waiting here."""
        table, state = self._at_question("choice")
        table.console.lines(wrap(f"  - The players choose: {request.prompt}", indent="    "))
        for line in request.numbered():
            table.console.lines(wrap(f"      {line}", indent="         "))
        n = len(request.options)
        while True:
            text = self._ask_line(f"Which did you choose? {view.span(n)}> ").strip()
            try:
                index = request.read(text)
            except ValueError as e:
                if not text:
                    table.hint(f"Type the number of the option the players chose ({view.span(n, ' to ')}).")
                elif is_correction(text):
                    self._queue_correction(state, text)
                elif _AT_QUESTION.match(text):
                    self._meta_at_question(text, state, "a choice")
                else:
                    table.hint(f"{sentence(str(e))}")
                continue
            table.write_log(choice_event(table.session.step, state, request, index))
            return index

    def pause(self, src: Any, state: Any, events: list[Any], upcoming: str) -> Any:
        """A pause of the adversary phase: tell what happened, make the corrections noted at
        the last question, and on a terminal wait for Enter (or corrections)."""
        table = self._game()
        self._live_state = state
        self._tell(events)
        while self._queued:
            state = self._correct_live(src, state, events, self._queued.pop(0))
        if not table.interactive() or self._waited_at == len(events):
            return state
        self._keep_pending()
        nxt = _upcoming_text(state, upcoming)
        while True:
            line = self._ask_line(f"[Enter] {nxt}; or a correction, status, help> ")
            text = line.strip()
            if not text:
                self._waited_at = len(events)
                src.went_on()
                return state
            if is_correction(text):
                state = self._correct_live(src, state, events, text)
                self._keep_pending()
                continue
            if _AT_QUESTION.match(text):
                self._meta_at_question(text, state, "a pause")
                continue
            table.hint(f"'{short(text)}' is not a correction; press Enter to go on, or type 'help'.")

    def _correct_live(self, src: Any, state: Any, events: list[Any], text: str) -> Any:
        try:
            corr = parse_correction(state, text)
            state, told = apply_correction(state, corr)
        except engine.RulesError as e:
            self._game().hint(f"{sentence(str(e))} Nothing was changed.")
            return state
        events.extend(told)
        self._live_state = state
        self._tell(events)
        src.note(corr.command)
        self.corrections += 1
        return state

    def _queue_correction(self, state: Any, text: str) -> None:
        try:
            check(state, parse_correction(state, text))
        except engine.RulesError as e:
            self._game().hint(f"{sentence(str(e))} Nothing was changed.")
            return
        self._queued.append(text)
        self._game().console.say("  (noted: made as soon as this roll is resolved)")

    def _meta_at_question(self, text: str, state: Any, where: str) -> None:
        table = self._game()
        m = _AT_QUESTION.match(text)
        assert m is not None
        word = m.group(1).lower()
        if word == "status":
            table.console.lines(status_lines(state))
        elif word in ("help", "?"):
            table.console.say(HELP)
        elif word in ("quit", "exit"):
            raise LeftAtQuestion("quit")
        elif word == "undo":
            raise _TakeBack(where)
        elif word == "save":
            self._keep_pending()
            table.console.say(f"Saved campaign '{table.camp.name}'; this question is asked again when you resume.")
        else:
            table.hint(f"'{word}' is for the Legend-phase prompt; answer this first (or 'undo' to take the step back).")

    def _ask_line(self, prompt: str) -> str:
        line = self._game().read(prompt)
        if line is None:
            raise LeftAtQuestion("end-of-input")
        return line

    # ------------------------------------------------------------ taking steps
    def take(self, table: Table, action: Any, answered: list[str | None] | None) -> None:
        is_corr = isinstance(action, engine.Correction)
        table.write_log({"step": table.session.step, "round": table.state.round, "phase": table.state.phase,
                         "kind": "command", "actor": getattr(action, "legend", None), "command": action.command,
                         "reason": f"the players {'corrected' if is_corr else 'did'}: {action.label or action.command}"})
        self._shown = 0
        self._waited_at = -1
        self._action = action
        try:
            events = table.session.take(action, answered)
        except LeftAtQuestion as s:
            table.quit = s.why
            return
        except _TakeBack as back:
            self._take_back(table, action, str(back))
            return
        finally:
            self._live_state = None
        self._tell(events)
        while self._queued:  # corrections noted at the step's last roll: steps of their own
            table.handle(self._queued.pop(0), [])

    def _take_back(self, table: Table, action: Any, where: str) -> None:
        """'undo' at a question of ``action`` (``where``: a dice question, a choice, a pause):
        the step is dropped, and the board put back."""
        table.session.record.pending = None
        table.persist(table.camp)
        board = put_back(self._live_state or table.state, table.state)
        table.write_log({"step": table.session.step, "round": table.state.round, "phase": table.state.phase,
                         "kind": "undo", "numbers": {"steps": 0, "put_back": board},
                         "reason": f"the players took back '{action.command}' at {where}"})
        table.hint(f"Took back '{action.command}': the ledger is as it was before it.")
        self.say_put_back(table, board)

    def continue_pending(self, table: Table) -> None:
        """A step left at a question (or a pause) is taken again: what was done so far is
        told again, with the answers and corrections given, and the next question is asked."""
        pending = table.session.record.pending
        if not pending:
            return
        action = table.session.action_of(table.state, pending["action"])
        if action is None:
            table.session.record.pending = None
            table.hint("The step left at a question is not legal any more; choose again.")
            return
        table.console.say(f"Resuming '{action.command}' where it stopped; what was done so far:")
        table.take(action, answered=list(pending["rolled"]))

    def begin(self, table: Table) -> None:
        """A new game: what to place where, and (at a terminal) a wait until the board is set up."""
        rec = table.session.record
        if rec.cursor or rec.actions or rec.pending:
            return
        table.console.say("")
        table.console.lines(setup_lines(table.state))
        if table.interactive():
            try:
                line = self._ask_line("[Enter] when the board is set up> ")
            except LeftAtQuestion as s:
                table.quit = s.why
                return
            if line.strip().lower() in ("quit", "exit"):
                table.quit = "quit"

    def handle(self, table: Table, line: str, actions: list[Any]) -> bool | None:
        """A correction, or a move whose ways there cost different things; else None."""
        text = line.strip()
        if is_correction(text):
            try:
                corr = parse_correction(table.state, text)
                check(table.state, corr)
            except engine.RulesError as e:
                table.hint(f"{sentence(str(e))} Nothing was changed.")
                return False
            before = table.state.round
            self.corrections += 1
            table.take(corr)
            if table.state.round != before:
                table.shown_round = None
            return True
        words = text.split()
        if len(words) == 2 and words[0].lower() in MOVE_WORDS and table.state.turn is not None:
            move = engine.parse_command(table.state, text)
            if move is not None and move.kind == Act.MOVE and len(engine.walk_ways(table.state, move.to or "")) > 1:
                way = _which_way(table, move)
                if way is None:
                    return False
                table.take(way)
                return True
        return None

    def refused(self, table: Table, line: str) -> None:
        """A move the rules refuse: if the figure stands there anyway, say how to tell hollow."""
        text = line.strip()
        if text.lower().startswith(tuple(w + " " for w in MOVE_WORDS)) and table.state.turn is not None:
            where = text.split()[-1].upper()
            if table.state.board.normalise(where):
                who = table.state.legend_name(table.state.turn.legend).lower()
                table.hint(f"If {who.title()} really stands on {where}, type 'put {who} {where}' to say so.")

    # ------------------------------------------------------------ what is shown
    def show_board(self, table: Table) -> None:
        table.console.say("")
        table.console.lines(status_lines(table.state))
        table.shown_round = table.state.round

    def after_round(self, table: Table) -> None:
        """No extra wait after the adversary phase: it waited before each of its steps."""

    def show_choices(self, table: Table) -> list[Any]:
        if table.shown_round != table.state.round:  # a new round: the ledger first
            self.show_board(table)
        state = table.state
        actions = list(engine.legal_actions(state))
        turn = state.turn
        if turn is not None:
            hero = state.hero(turn.legend)  # a Legend, or an ally the players move
            d = state.hero_def(turn.legend)
            who = state.legend_name(turn.legend) + (" (ally)" if state.is_ally(turn.legend) else "")
            table.console.say(f"{who} is acting at {hero.loc} (moved {turn.steps} of {d.move}, "
                              + ("action taken)." if turn.acted else "action not taken yet)."))
        table.console.lines([table.paint(line, "dim") for line in wrap(words_now(state, actions), indent="  ")])
        table.hidden = set(range(1, len(actions) + 1))  # no numbered list is shown: a number typed is asked about
        return actions

    def prompt(self, table: Table, actions: list[Any]) -> str:
        if table.state.turn is None:
            return f"Round {table.state.round}: who acts next? (activate NAME; help)> "
        return f"What did {table.state.legend_name(table.state.turn.legend)} do? (help)> "

    def what_to_type(self, table: Table, actions: list[Any]) -> str:
        # No numbered list is on the screen here: the players say what they did.
        return "what was done on the board ('move C4', 'attack g2', 'end'), 'choices' for what is legal now, or 'help'"

    def put_back(self, table: Table, before: Any) -> list[str] | None:
        if before.round != table.state.round:  # the list, not the whole ledger, is what to read now
            table.shown_round = table.state.round
            self._ledger_hint = True
        return put_back(before, table.state)

    def say_put_back(self, table: Table, board: list[str]) -> None:
        if not board:
            table.console.say("  Nothing to change on the board.")
        else:
            table.console.say("  Put the board back as it was:")
            for line in board:
                table.console.lines(wrap(f"  - {line}", indent="    "))
        if self._ledger_hint:
            self._ledger_hint = False
            table.console.say(f"  (Back in round {table.state.round}: 'status' shows the whole ledger.)")


def words_now(state: Any, actions: list[Any]) -> str:
    """What the Legend-phase prompt takes now, in one sentence: the legal commands by kind
    (a few examples where there are many, like the moves), then the other words."""
    by_kind: dict[str, list[Any]] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    said: list[str] = []
    for kind, group in by_kind.items():
        if kind == Act.ACTIVATE:
            names = [state.legend_name(a.legend).lower() for a in group]
            said.append("activate " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]))
        elif kind == Act.MOVE:
            said.append(f"move {group[0].to}" + (f" ({len(group)} places)" if len(group) > 1 else ""))
        elif len(group) > 3:
            said += [a.command for a in group[:2]] + [f"{len(group) - 2} more '{kind}' ('choices' lists them)"]
        else:
            said += [a.command for a in group]
    return "Say: " + ", ".join(said) + "; or a correction, status, choices, undo, help."


def _which_way(table: Table, move: Any) -> Any | None:
    """``move H5`` where the ways there differ in what they cost (a leave roll past foes,
    a trap): ask which way the figure went. The chosen walk's move, or None (nothing taken)."""
    state = table.state
    ways = engine.walk_ways(state, move.to)
    who = state.legend_name(move.legend)
    table.console.say(f"{who} can reach {move.to} more than one way, and the ways cost different things:")
    for i, walk in enumerate(ways, 1):
        table.console.lines(wrap(f"  {i}. {'→'.join(walk)}: {_walk_cost(state, walk)}", indent="       "))
    example = " ".join(ways[-1][1:])
    while True:
        line = table.read(f"Which way? 1-{len(ways)}, or the walk (move {example}); Enter: none> ")
        if line is None:
            table.quit = "end-of-input"
            return None
        text = line.strip()
        if not text:
            table.hint(f"{who} did not move.")
            return None
        if text.isascii() and text.isdigit():
            if 1 <= len(text) <= 3 and 1 <= int(text) <= len(ways):
                return engine.walk_action(state, ways[int(text) - 1])
            table.hint(f"There is no way {short(text)}; type 1-{len(ways)}, or the places {who} walked through.")
            continue
        places = text.split()
        if places[0].lower() in MOVE_WORDS:
            places = places[1:]
        try:
            return engine.walk_action(state, places)
        except engine.RulesError as e:
            table.hint(f"{sentence(str(e))} Type 1-{len(ways)}, or the places {who} walked through.")


def _upcoming_text(state: Any, upcoming: str) -> str:
    if upcoming.startswith("foe:"):
        n = int(upcoming[4:])
        try:
            return f"next: {state.foe_name(state.foe(n))}"
        except KeyError:
            return "next foe"
    return {"spawn": "next: spawn", "card": "next: a chapter card", "slide": "next: slide the token"}.get(upcoming, "next")


def _walk_cost(state: Any, walk: tuple[str, ...]) -> str:
    """What a walk costs at the table: the leave rolls of the places with foes it leaves, the
    enemy traps it enters (``no leave roll`` when nothing)."""
    parts = []
    for loc in walk[:-1]:
        n = len(state.foes_at(loc))
        if n:
            parts.append(f"a leave roll of {plural(n, 'die', 'dice')} leaving {loc}")
    parts += [f"the {t.type} trap at {t.loc}" for t in state.traps if t.loc in walk[1:] and t.side != "legends"]
    return ", ".join(parts) if parts else "no leave roll"


# ----------------------------------------------------------------------------- entry point


def assist(pack: Any, req: PlayRequest, console: Console, stdin: TextIO) -> tuple[Outcome, dict[str, Any]]:
    """Run ``hollow assist``: prepare the campaign (as ``hollow play``), run the rounds, report.

    Returns the outcome and the extra fields of the ``--json`` summary (the set-up, the
    ledger at the end, how many rolls were asked and corrections made).
    """
    handle = None
    if req.input_path is not None:
        try:
            handle = open(req.input_path, encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as e:
            raise HollowError(f"cannot read the input file {req.input_path} ({e.strerror})") from e
        source = LineSource.from_stream(handle, console)
    elif stdin.isatty():
        source = LineSource.from_terminal(console)
    else:
        source = LineSource.from_stream(stdin, console)
    try:
        try:
            camp = prepare(pack, req, console, source=source)
        except InterludeLeft as left:  # the last chapter's interlude was left with questions owed
            console.lines(wrap(left.outcome.message))
            return left.outcome, {}
        mode = AssistMode()
        game = Game(pack, camp, req.options, console, source, mode=mode)
        setup = setup_doc(engine.GameState.from_dict(game.session.pack, game.session.record.initial))
        out = game.run()
        extra = {"setup": setup, "ledger": status_doc(game.state), "rolls_asked": mode.asked,
                 "faces_given": mode.faces_asked, "corrections": mode.corrections}
        return out, extra
    finally:
        if handle is not None:
            handle.close()
