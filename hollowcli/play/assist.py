"""``hollow assist``: the round runner for the physical game.

The players play on the real board with their own dice; hollow keeps the ledger and runs
the adversary phase as instructions. It is ``hollow play`` underneath (the same engine,
:class:`~hollowcli.play.session.Session`, saves and campaigns: a campaign can be
continued with either command), with three differences:

- every die is the players': the engine asks (``StepDice.live`` is this object) and the
  players answer with the faces they rolled, or ``r`` to let hollow roll;
- the adversary phase is told as board instructions, one at a time, with a pause (Enter,
  on a terminal) before each foe, spawn, card and the token's slide;
- "the board is the truth": corrections (``put 2 C4``, ``set emily health 5`` ...) are
  steps at the Legend-phase prompt, and made at once at a pause of the adversary phase,
  so the foes after it move from the corrected board.
"""

from __future__ import annotations

import re
from typing import Any

from hollowcli import engine
from hollowcli.engine import standees
from hollowcli.engine.corrections import WORDS as CORRECTION_WORDS
from hollowcli.engine.corrections import apply_correction, check, is_correction, parse_correction
from hollowcli.engine.rolls import RolledFace, RollRequest
from hollowcli.errors import HollowError
from hollowcli.names import plural
from hollowcli.play import view
from hollowcli.play.loop import Game, Outcome, PlayOptions, PlayRequest, prepare
from hollowcli.play.putback import put_back
from hollowcli.play.rolled import ask_event
from hollowcli.play.view import wrap

HELP = """\
At the Legend-phase prompt, say what the Legends did on the board:
  activate emily   move C4 (or the walk taken: move B4 C4)   attack g2
  attack g2 with long-shot   use ...   restore health   search   give ...
  swap ...   end
  (hollow checks each against the rules; 'choices' lists what is legal now)
When a roll is needed hollow asks for it: type the faces you rolled
  (values or labels, spaces or commas: '2 0 1', 'blank,1'),
  or r to let hollow roll.
The board is the truth; at any prompt:
  put FIGURE LOC        put g2 C4, put gobkin 2 C4, put emily D2
                        (FIGURE: a foe like g2, a Legend, an ally)
  add FOE [N] LOC       add gobkin C4, add gobkin 7 C4 (standee 7),
                        add gobkin 2 (at spawn point 2)
  remove FIGURE         remove p3       (taken off, not counted as defeated)
  set NAME health|fear|tokens N          set emily health 5, set g2 health 1
  barricade N   unbarricade N   track N (storybook spot)   next-spawn N
  status   the ledger     undo [N] / redo [N]     help     quit (saved)"""

_META = re.compile(r"^\s*(status|undo|redo|help|\?|quit|exit|choices|map|log|save)\b\s*([0-9]+)?\s*$", re.IGNORECASE)


class _Stop(Exception):  # noqa: N818 - a signal, not an error
    """The players left at a question (quit, end of input); the step stays pending."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class _TakeBack(Exception):  # noqa: N818
    """'undo' at a question: the step being resolved is abandoned."""


# ----------------------------------------------------------------------------- setup


def spawn_point_at(state: Any, loc: str) -> int | None:
    return next((p for p, where in state.board.spawn_points.items() if where == loc), None)


def _where(state: Any, loc: str) -> str:
    p = spawn_point_at(state, loc)
    return f"spawn point {p} ({loc})" if p is not None else loc


def setup_doc(state: Any) -> dict[str, Any]:
    """What to place where before round 1, as data (``--json``)."""
    ch = state.chapter_def
    return {
        "chapter": state.chapter,
        "name": ch.name,
        "number": ch.number,
        "legends": [{"id": lg.id, "name": state.pack.legends[lg.id].name, "loc": lg.loc} for lg in state.legends],
        "foes": [{"number": f.standee, "foe": f.foe, "name": state.pack.foes[f.foe].name, "loc": f.loc,
                  "spawn_point": spawn_point_at(state, f.loc)} for f in state.foes],
        "spawn_points": {str(p): loc for p, loc in sorted(state.board.spawn_points.items())},
        "barricades": list(state.barricades),
        "storybook_spot": state.track_pos + 1,
        "cards": [{"id": c.id, "title": c.title, "copies": c.copies} for c in ch.cards if c.copies > 0],
        "objective": view.objective_text(state).removeprefix("Objective: "),
    }


def setup_lines(state: Any) -> list[str]:
    """The set-up instructions: what to place where, the cards to shuffle, the objective."""
    doc = setup_doc(state)
    lines = [f"Set up the board for chapter {doc['number']}, {doc['name']}:"]
    by_loc: dict[str, list[str]] = {}
    for lg in doc["legends"]:
        by_loc.setdefault(lg["loc"], []).append(lg["name"])
    lines += wrap("  Legends: " + "; ".join(f"{', '.join(names)} on {loc}" for loc, names in by_loc.items()) + ".",
                  indent="    ", width=78)
    if doc["foes"]:
        foes = [f"{state.foe_name(f)} on {_where(state, f.loc)}" for f in state.foes]
        lines += wrap("  Foes (by the number on the standee's base): " + ", ".join(foes) + ".", indent="    ")
    pts = [f"{p} on {loc}" for p, loc in doc["spawn_points"].items()]
    if pts:
        lines += wrap("  Spawn tokens: " + ", ".join(pts) + ".", indent="    ")
    bars = doc["barricades"]
    lines += wrap("  Barricades: " + (", ".join(f"on spawn point {p} ({state.board.spawn_points.get(p, '?')})" for p in bars)
                                    if bars else "none") + ".", indent="    ")
    track = state.chapter_def.track
    if track:
        lines += wrap(f"  Storybook token: on spot {doc['storybook_spot']} of {len(track)} "
                      f"({view.spot_text(track[state.track_pos])}).", indent="    ")
    cards = [f"{c['title']}" + (f" x{c['copies']}" if c["copies"] > 1 else "") for c in doc["cards"]]
    total = sum(c["copies"] for c in doc["cards"])
    if cards:
        lines += wrap(f"  Chapter cards: these {total}, face down beside the board (hollow names the card "
                      "to draw each time): " + ", ".join(cards) + ".", indent="    ")
    lines += wrap(f"  Objective: {doc['objective']}.", indent="    ")
    return lines


# ----------------------------------------------------------------------------- the ledger


def status_doc(state: Any) -> dict[str, Any]:
    """The ledger as data: round, phase, track, next spawn, Legends, allies and foes."""
    ch = state.chapter_def
    entries = ch.spawn_list
    nxt = None
    if entries:
        pos = state.spawn_pos
        if pos < len(entries) or state.pack.rules.spawn_list_end == "loop":
            pos %= len(entries)
            nxt = {"entry": pos + 1, "of": len(entries),
                   "groups": [{"foe": g.foe, "count": g.count} for g in entries[pos]]}
    return {
        "round": state.round,
        "phase": state.phase,
        "track_spot": state.track_pos + 1 if ch.track else None,
        "next_spawn": nxt,
        "barricades": list(state.barricades),
        "legends": [{"id": lg.id, "name": state.pack.legends[lg.id].name, "loc": lg.loc, "health": lg.health,
                     "fear": lg.fear, "tokens": lg.ready, "tokens_total": lg.ready + lg.spent, "relic": lg.relic,
                     "activated": lg.activated} for lg in state.legends],
        "allies": [{"id": a.id, "name": state.pack.allies[a.id].name, "loc": a.loc, "health": a.health,
                    "activated": a.activated} for a in state.allies],
        "foes": [{"number": f.standee, "foe": f.foe, "name": state.pack.foes[f.foe].name, "loc": f.loc,
                  "health": f.health} for f in _ledger_order(state)],
        "result": state.result,
    }


def status_lines(state: Any) -> list[str]:
    """The ledger on one 80x24 screen."""
    ch = state.chapter_def
    doc = status_doc(state)
    phase = {"legends": "Legend phase", "adversary": "adversary phase", "over": "game over"}.get(state.phase, state.phase)
    lines = [f"== Round {state.round}, {phase} - {ch.name} =="[:79]]
    lines += wrap(view.objective_text(state), width=79)[:1]
    track = ch.track
    spot = f"spot {state.track_pos + 1} of {len(track)} ({view.spot_text(track[state.track_pos])})" if track else "none"
    nxt = doc["next_spawn"]
    if nxt:
        groups = ", ".join(f"{g['count']} {state.pack.foes[g['foe']].name if g['foe'] in state.pack.foes else g['foe']}"
                           for g in nxt["groups"])
        spawn = f"entry {nxt['entry']} of {nxt['of']}: {groups}"
    else:
        spawn = "none (the list is used up)"
    lines.append(f"Storybook: {spot}"[:79])
    lines.append(f"Next spawn: {spawn}"[:79])
    bars = ", ".join(str(b) for b in state.barricades) or "none"
    lines.append(f"Barricades on spawn points: {bars}; chapter deck: {plural(len(state.pile) or len(state.discard), 'card')}"
                 + (f", {len(state.discard)} drawn" if state.pile else ""))
    limit = state.pack.rules.fear_limit
    lines.append(f"{'Legend':<18} {'at':<4} {'health':<7} {'fear':<6} {'tokens':<7} relic")
    for lg in state.legends:
        d = state.pack.legends[lg.id]
        relic = state.pack.items[lg.relic].name if lg.relic and lg.relic in state.pack.items else "-"
        mark = "v" if lg.activated else " "
        lines.append(f"{mark}{d.name[:17]:<17} {lg.loc:<4} {f'{lg.health}/{d.health}':<7} {f'{lg.fear}/{limit}':<6} "
                     f"{f'{lg.ready}/{lg.ready + lg.spent}':<7} {relic}"[:79])
    for a in state.allies:  # heroes too: no fear, tokens or relic
        d = state.pack.allies[a.id]
        mark = "v" if a.activated else " "
        lines.append(f"{mark}{d.name[:17]:<17} {a.loc:<4} {f'{a.health}/{d.health}':<7} {'-':<6} {'-':<7} (ally)")
    foes = _ledger_order(state)
    if not foes:
        lines.append("Foes: none on the board")
    else:
        lines.append("Foes (place, health):")
        cells = [f"{_short_name(state, f):<15} {f.loc:<3} {f.health}/{state.pack.foes[f.foe].health}" for f in foes]
        room = 24 - len(lines) - 1
        per = 3
        rows = [cells[i:i + per] for i in range(0, len(cells), per)]
        if len(rows) > room:
            rows = rows[: room - 1] + [[f"... and {len(cells) - per * (room - 1)} more (the log has them)"]]
        lines += ["  " + "  ".join(f"{c:<24}" for c in row).rstrip() for row in rows]
    if any(h.activated for h in (*state.legends, *state.allies)):
        lines.append("  (v: activated this round)")
    return lines


def _ledger_order(state: Any) -> list[Any]:
    """The foes as the ledger lists them: kind by kind (in activation order), by standee number."""
    rank = {c: i for i, c in enumerate(state.pack.rules.activation_order)}
    kinds = {k: i for i, k in enumerate(state.pack.foes)}
    return sorted(state.foes, key=lambda f: (rank.get(state.foe_def(f.foe).cls, len(rank)), kinds.get(f.foe, 0), f.standee))


def _short_name(state: Any, f: Any) -> str:
    """``Schrickroot 10`` within 15 columns (a long kind name is cut before its number)."""
    name = state.foe_name(f)
    if len(name) <= 15:
        return name
    tail = f" {f.standee}" if standees.numbered(state.pack, f.foe) else ""
    return name[: 15 - len(tail)] + tail


# ----------------------------------------------------------------------------- instructions


def instruction(ev: Any, state: Any) -> list[str]:
    """An event of the adversary phase as what to do on the board (and why)."""
    n = ev.numbers
    reason = ev.reason or ev.kind
    kind = ev.kind
    if kind == "track":
        return wrap(f"  Storybook: the token is on spot {n.get('spot')}: {', '.join(n.get('actions', ())) or 'nothing'}.",
                    indent="    ")
    if kind == "activation":
        return wrap("  Foes act in this order: " + reason.split(": ", 1)[-1] + ".", indent="    ")
    if kind == "foe-move":
        head, _, why = reason.partition(": ")
        who = head.split(" moves ")[0]
        path = list(n.get("path", ()))
        lines = wrap(f"  - Move {who}'s standee {'→'.join(path)} ({plural(int(n.get('steps', 0)), 'step')}).", indent="    ")
        return lines + wrap(f"      why: {why}", indent="      ", width=78) if why else lines
    if kind == "foe-hold":
        head, _, why = reason.partition(": ")
        return wrap(f"  - {head} (leave its standee): {why}", indent="    ")
    if kind in ("foe-attack", "card-damage", "trap") and ev.target in state.pack.legends:
        who = state.legend_name(ev.target)
        dmg = int(n.get("damage", 0))
        head = reason.rsplit("; ", 1)[0]
        if dmg > 0:
            tail = f"{who} takes {dmg} damage: health {n.get('health')}, fear {n.get('fear_total')}."
        else:
            tail = f"No damage to {who} (health {n.get('health')}, fear {n.get('fear_total')})."
        return wrap(f"  - {head}.", indent="    ") + wrap(f"    {tail}", indent="      ")
    if kind == "spawn":
        numbers = list(n.get("numbers", ()))
        if not numbers:
            return wrap(f"  - Nothing to place: {reason}.", indent="    ")
        fid = ev.actor
        fname = state.pack.foes[fid].name if fid in state.pack.foes else str(fid)
        roll = n.get("roll")
        point = n.get("point")
        if n.get("redirected"):
            bars = state.barricades
            cause = f"point {roll} is barricaded" if roll in bars or roll in state.board.spawn_points else f"there is no point {roll}"
            why = f"rolled {roll}: {cause}"
        else:
            why = f"rolled {roll}"
        text = f"  - Place {standees.group_name(state, str(fid), numbers)} at spawn point {point} ({ev.to}) ({why})."
        if n.get("placed", 0) < n.get("count", 0):
            text += f" {n['count'] - n['placed']} more could not spawn: every {fname} miniature is on the board."
        return wrap(text, indent="    ")
    if kind == "shuffle":
        return wrap(f"  - (hollow shuffles its chapter deck: {plural(int(n.get('cards', 0)), 'card')})", indent="    ")
    if kind == "card":
        card = next((c for c in state.chapter_def.cards if c.id == ev.target), None)
        if card is None:
            return wrap(f"  - {reason}.", indent="    ")
        return wrap(f"  - Draw a chapter card: it is '{card.title}' (take that card from the deck and read it).", indent="    ")
    if kind == "track-slide":
        return wrap(f"  - Slide the storybook token from spot {n.get('from')} to spot {n.get('to')}.", indent="    ")
    if kind == "correction":
        return wrap(f"    ok: {reason.split(': ', 1)[-1]}.", indent="      ")
    if kind == "round":
        return ["", *wrap(f"Round {n.get('round')} begins: {reason.split(': ', 1)[-1]}.")]
    return wrap(f"  - {reason[:1].upper() + reason[1:]}.", indent="    ")


# ----------------------------------------------------------------------------- the session


class Assist(Game):
    """One ``hollow assist`` session over the campaign's game in progress.

    It is the dice source of its session's new steps (:meth:`roll`: the engine asks
    every roll) and the one that waits at the pauses of the adversary phase (:meth:`pause`).
    """

    COMMAND = "hollow assist"
    #: Besides the action verbs: the corrections ("the board is the truth") and the meta words.
    PROMPT_WORDS = (*CORRECTION_WORDS, "status", "choices", "undo", "redo", "map", "log", "save", "help", "quit")

    def __init__(self, *args: Any, **kw: Any):
        super().__init__(*args, **kw)
        self.session.source = self  # every roll of a new step is asked of the players
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

    def _choose_dice(self, options: PlayOptions) -> tuple[bool, list[str] | None, str]:
        """Every die is the players' (this object asks them); the campaign remembers it, so
        ``hollow play`` resuming it asks too (``--rolled seeded`` there lets hollow roll)."""
        self.camp.dice, self.camp.dice_values = "ask", []
        return False, None, ""

    # ------------------------------------------------------------ the engine asks
    def _keep_pending(self) -> None:
        """Save the step being resolved with the answers so far, so that a stop (even a
        killed process) resumes at the question or pause now on the screen."""
        src = self.session._step_source  # noqa: SLF001 - the session's own step
        if src is None:
            return
        if self._action is not None:
            self.session.record.pending = {"action": self._action.to_dict(), "rolled": src.answered}
        self.persist(self.camp)

    def _tell(self, events: list[Any]) -> None:
        """Tell the events of the step not told yet."""
        new = events[self._shown :]
        self._shown = len(events)
        self._say_events(new)

    def _say_events(self, events: list[Any]) -> None:
        for ev in events:
            if ev.phase == "adversary" and self._phase_header != (ev.round, ev.phase):
                self._phase_header = (ev.round, ev.phase)
                self.console.say("")
                self.console.say(self.paint(f"-- Adversary phase, round {ev.round}: do each step on the board --", "title"))
            if ev.phase in ("adversary", "over") or ev.kind in ("round", "correction", "game-over"):
                self.console.lines(instruction(ev, self._live_state or self.state))
            else:
                lines, self._last_header = view.render_events([ev], self.options.explain, self.paint, self._last_header)
                self.console.lines(lines)
            self._log({"step": self.session.step, **ev.to_dict()})

    def roll(self, request: RollRequest) -> tuple[RolledFace, ...]:
        """A roll the engine needs, asked of the players: the faces they rolled, or ``r``."""
        dice = self.session.rolling
        state = getattr(dice, "state", None) or self.state
        self._live_state = state
        if dice is not None:
            self._tell(dice.events)
        self._keep_pending()
        self.asked += 1
        while True:
            line = self._ask_line(f"{request.prompt}: ")
            text = line.strip()
            low = text.lower()
            if low in ("r", "roll"):
                answer = tuple(RolledFace(f, False) for f in request.seeded)
                self.console.say(f"  hollow rolled [{', '.join(f.label for f in request.seeded)}]")
            elif not text:
                self.hint(f"Type the {plural(request.count, 'face')} you rolled ({request.faces_text}), "
                          "or r to let hollow roll.")
                continue
            elif is_correction(text):
                self._queue_correction(state, text)
                continue
            elif _META.match(text):
                self._meta_at_question(text, state)
                continue
            else:
                try:
                    answer = tuple(RolledFace(f, True) for f in request.read(text))
                except ValueError as e:
                    self.hint(f"{_sentence(str(e))} Roll again and type the faces, or r to let hollow roll.")
                    continue
            self.faces_asked += len(answer)
            self._log(ask_event(self.session.step, state, request, [r.face for r in answer], answer[0].physical))
            return answer

    def pause(self, src: Any, state: Any, events: list[Any], upcoming: str) -> Any:
        """A pause of the adversary phase: tell what happened, make the corrections noted at
        the last question, and on a terminal wait for Enter (or corrections)."""
        self._live_state = state
        self._tell(events)
        while self._queued:
            state = self._correct_live(src, state, events, self._queued.pop(0))
        if self.source is None or not self.source.interactive or self._waited_at == len(events):
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
            if _META.match(text):
                self._meta_at_question(text, state)
                continue
            self.hint(f"'{_short(text)}' is not a correction; press Enter to go on, or type 'help'.")

    def _correct_live(self, src: Any, state: Any, events: list[Any], text: str) -> Any:
        try:
            corr = parse_correction(state, text)
            state, told = apply_correction(state, corr)
        except engine.RulesError as e:
            self.hint(f"{_sentence(str(e))} Nothing was changed.")
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
            self.hint(f"{_sentence(str(e))} Nothing was changed.")
            return
        self._queued.append(text)
        self.console.say("  (noted: made as soon as this roll is resolved)")

    def _meta_at_question(self, text: str, state: Any) -> None:
        m = _META.match(text)
        assert m is not None
        word = m.group(1).lower()
        if word == "status":
            self.console.lines(status_lines(state))
        elif word in ("help", "?"):
            self.console.say(HELP)
        elif word in ("quit", "exit"):
            raise _Stop("quit")
        elif word == "undo":
            raise _TakeBack()
        elif word == "save":
            self._keep_pending()
            self.console.say(f"Saved campaign '{self.camp.name}'; this question is asked again when you resume.")
        else:
            self.hint(f"'{word}' is for the Legend-phase prompt; answer this first (or 'undo' to take the step back).")

    def _ask_line(self, prompt: str) -> str:
        line = self._read(prompt)
        if line is None:
            raise _Stop("end-of-input")
        return line

    # ------------------------------------------------------------ taking steps
    def _take(self, action: Any, answered: list[str | None] | None = None) -> None:
        is_corr = isinstance(action, engine.Correction)
        self._log({"step": self.session.step, "round": self.state.round, "phase": self.state.phase,
                   "kind": "command", "actor": getattr(action, "legend", None), "command": action.command,
                   "reason": f"the players {'corrected' if is_corr else 'did'}: {action.label or action.command}"})
        self._shown = 0
        self._waited_at = -1
        self._action = action
        try:
            events = self.session.take(action, answered)
        except _Stop as s:
            self._quit = s.why
            return
        except _TakeBack:
            self.session.record.pending = None
            self.persist(self.camp)
            board = put_back(self._live_state or self.state, self.state)
            self._log({"step": self.session.step, "round": self.state.round, "phase": self.state.phase,
                       "kind": "undo", "numbers": {"steps": 0, "put_back": board},
                       "reason": f"the players took back '{action.command}' at a dice question"})
            self.hint(f"Took back '{action.command}': the ledger is as it was before it.")
            self._say_put_back(board)
            return
        finally:
            self._live_state = None
        self._tell(events)
        while self._queued:  # corrections noted at the step's last roll: steps of their own
            self.handle(self._queued.pop(0), [])

    def _continue_pending(self) -> None:
        """A step left at a question (or a pause) is taken again: what was done so far is
        told again, with the answers and corrections given, and the next question is asked."""
        pending = self.session.record.pending
        if not pending:
            return
        action = self.session.action_of(self.state, pending["action"])
        if action is None:
            self.session.record.pending = None
            self.hint("The step left at a question is not legal any more; choose again.")
            return
        self.console.say(f"Resuming '{action.command}' where it stopped; what was done so far:")
        self._take(action, answered=list(pending["rolled"]))

    def _pending_hint(self) -> str:
        return self._resume_hint()

    def _loop(self) -> None:
        if self._quit:  # the players left at a question of the step resumed before the loop
            return
        rec = self.session.record
        if rec.cursor == 0 and not rec.actions and not rec.pending:  # a new game: what to place where
            self.console.say("")
            self.console.lines(setup_lines(self.state))
            if self.source is not None and self.source.interactive:
                try:
                    line = self._ask_line("[Enter] when the board is set up> ")
                except _Stop as s:
                    self._quit = s.why
                    return
                if line.strip().lower() in ("quit", "exit"):
                    self._quit = "quit"
                    return
        super()._loop()

    def handle(self, line: str, actions: list[Any]) -> bool:
        text = line.strip()
        if is_correction(text):
            try:
                corr = parse_correction(self.state, text)
                check(self.state, corr)
            except engine.RulesError as e:
                self.hint(f"{_sentence(str(e))} Nothing was changed.")
                return False
            before = self.state.round
            self.corrections += 1
            self._take(corr)
            if self.state.round != before:
                self._shown_round = None
            return True
        meta = _META.match(text)
        if meta and meta.group(1).lower() == "status":
            self.console.lines(status_lines(self.state))
            return False
        if meta and meta.group(1).lower() in ("help", "?"):
            self.console.say(HELP)
            return False
        words = text.split()
        if len(words) == 2 and words[0].lower() in ("move", "m", "go") and self.state.turn is not None:
            move = engine.parse_command(self.state, text)
            if move is not None and move.kind == "move" and len(engine.walk_ways(self.state, move.to or "")) > 1:
                way = self._which_way(move)
                if way is None:
                    return False
                self._take(way)
                return True
        took = super().handle(line, actions)
        if not took and text.lower().startswith(("move ", "m ", "go ")) and self.state.turn is not None:
            where = text.split()[-1].upper()
            if self.state.board.normalise(where):
                who = self.state.legend_name(self.state.turn.legend).lower()
                self.hint(f"If {who.title()} really stands on {where}, type 'put {who} {where}' to say so.")
        return took

    def _which_way(self, move: Any) -> Any | None:
        """``move H5`` where the ways there differ in what they cost (a leave roll past foes,
        a trap): ask which way the figure went. The chosen walk's move, or None (nothing taken)."""
        state = self.state
        ways = engine.walk_ways(state, move.to)
        who = state.legend_name(move.legend)
        self.console.say(f"{who} can reach {move.to} more than one way, and the ways cost different things:")
        for i, walk in enumerate(ways, 1):
            self.console.lines(wrap(f"  {i}. {'→'.join(walk)}: {_walk_cost(state, walk)}", indent="       "))
        example = " ".join(ways[-1][1:])
        while True:
            line = self._read(f"Which way? 1-{len(ways)}, or the walk (move {example}); Enter: none> ")
            if line is None:
                self._quit = "end-of-input"
                return None
            text = line.strip()
            if not text:
                self.hint(f"{who} did not move.")
                return None
            if text.isascii() and text.isdigit():
                if 1 <= len(text) <= 3 and 1 <= int(text) <= len(ways):
                    return engine.walk_action(state, ways[int(text) - 1])
                self.hint(f"There is no way {_short(text)}; type 1-{len(ways)}, or the places {who} walked through.")
                continue
            places = text.split()
            if places[0].lower() in ("move", "m", "go"):
                places = places[1:]
            try:
                return engine.walk_action(state, places)
            except engine.RulesError as e:
                self.hint(f"{_sentence(str(e))} Type 1-{len(ways)}, or the places {who} walked through.")

    COMMAND = "hollow assist"
    #: Besides the action verbs: the corrections ("the board is the truth") and the meta words.
    PROMPT_WORDS = (*CORRECTION_WORDS, "status", "choices", "undo", "redo", "map", "log", "save", "help", "quit")

    # ------------------------------------------------------------ what is shown
    def show_board(self) -> None:
        self.console.say("")
        self.console.lines(status_lines(self.state))
        self._shown_round = self.state.round

    def _pause(self) -> None:
        """No extra wait after the adversary phase: it waited before each of its steps."""

    def show_choices(self) -> list[Any]:
        if self._shown_round != self.state.round:  # a new round: the ledger first
            self.show_board()
        actions = list(engine.legal_actions(self.state))
        turn = self.state.turn
        if turn is not None:
            hero = self.state.hero(turn.legend)  # a Legend, or an ally the players move
            d = self.state.hero_def(turn.legend)
            who = self.state.legend_name(turn.legend) + (" (ally)" if self.state.is_ally(turn.legend) else "")
            self.console.say(f"{who} is acting at {hero.loc} (moved {turn.steps} of {d.move}, "
                             + ("action taken)." if turn.acted else "action not taken yet)."))
        self.console.lines([self.paint(line, "dim") for line in wrap(words_now(self.state, actions), indent="  ")])
        self._hidden = set(range(1, len(actions) + 1))  # no numbered list is shown: a number typed is asked about
        return actions

    def _prompt(self, actions: list[Any]) -> str:
        if self.state.turn is None:
            return f"Round {self.state.round}: who acts next? (activate NAME; help)> "
        return f"What did {self.state.legend_name(self.state.turn.legend)} do? (help)> "

    def _what_to_type(self, actions: list[Any]) -> str:
        # No numbered list is on the screen here: the players say what they did.
        return "what was done on the board ('move C4', 'attack g2', 'end'), 'choices' for what is legal now, or 'help'"

    def _narrate(self, events: list[Any]) -> None:  # redo and the like
        self._say_events(events)

    def _board_after_undo(self, before: Any) -> list[str] | None:
        if before.round != self.state.round:  # the list, not the whole ledger, is what to read now
            self._shown_round = self.state.round
            self._ledger_hint = True
        return put_back(before, self.state)

    def _say_put_back(self, board: list[str]) -> None:
        if not board:
            self.console.say("  Nothing to change on the board.")
        else:
            self.console.say("  Put the board back as it was:")
            for line in board:
                self.console.lines(wrap(f"  - {line}", indent="    "))
        if self._ledger_hint:
            self._ledger_hint = False
            self.console.say(f"  (Back in round {self.state.round}: 'status' shows the whole ledger.)")


def words_now(state: Any, actions: list[Any]) -> str:
    """What the Legend-phase prompt takes now, in one sentence: the legal commands by kind
    (a few examples where there are many, like the moves), then the other words."""
    by_kind: dict[str, list[Any]] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    said: list[str] = []
    for kind, group in by_kind.items():
        if kind == "activate":
            names = [state.legend_name(a.legend).lower() for a in group]
            said.append("activate " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]))
        elif kind == "move":
            said.append(f"move {group[0].to}" + (f" ({len(group)} places)" if len(group) > 1 else ""))
        elif len(group) > 3:
            said += [a.command for a in group[:2]] + [f"{len(group) - 2} more '{kind}' ('choices' lists them)"]
        else:
            said += [a.command for a in group]
    return "Say: " + ", ".join(said) + "; or a correction, status, choices, undo, help."


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


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _short(text: str, n: int = 40) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= n else text[: n - 1] + "…"


# ----------------------------------------------------------------------------- entry point


def assist(pack: Any, req: PlayRequest, console: Any, stdin: Any) -> tuple[Outcome, dict[str, Any]]:
    """Run ``hollow assist``: prepare the campaign (as ``hollow play``), run the rounds, report.

    Returns the outcome and the extra fields of the ``--json`` summary (the set-up, the
    ledger at the end, how many rolls were asked and corrections made).
    """
    from hollowcli.play.console import LineSource

    camp = prepare(pack, req, console)
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
        game = Assist(pack, camp, req.options, console, source)
        setup = setup_doc(engine.GameState.from_dict(pack, game.session.record.initial))
        out = game.run()
        extra = {"setup": setup, "ledger": status_doc(game.state), "rolls_asked": game.asked,
                 "faces_given": game.faces_asked, "corrections": game.corrections}
        return out, extra
    finally:
        if handle is not None:
            handle.close()

