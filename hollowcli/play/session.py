"""A game in progress: the recipe (seed, initial state, commands) and the board it makes.

The board is never stored step by step. :class:`Session` keeps the current state, a
small bounded set of snapshots (states are immutable, so a snapshot is a reference,
not a copy) and the list of commands; any earlier step is rebuilt by replaying from
the nearest snapshot. Every step ``i`` rolls with its own generator,
``random.Random(f"{seed}:{i}")``, so replaying, undoing and redoing give the same dice,
and a resumed game continues exactly as an uninterrupted one would.

Every roll is a question to a dice source (:mod:`hollowcli.engine.rolls`). A new step
asks the session's ``live`` source (the ``--rolled`` list, the player at the prompt;
the seed by default); the record keeps the physical faces each step used, so a replay,
an undo and redo, or a resumed game rolls them again exactly
(:class:`hollowcli.play.rolled.StepSource`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from hollowcli import engine
from hollowcli.engine.rolls import ChoiceRequest, Dice, DiceSource, step_rng
from hollowcli.errors import SaveError
from hollowcli.play import saves
from hollowcli.play.rolled import QueueSource, RolledQueue, StepSource, last_physical
from hollowcli.play.saves import MAX_STEPS, Campaign, DamagedSave, GameRecord

#: At most this many snapshots are kept, however long the game; see :meth:`Session._remember`.
MAX_SNAPSHOTS = 32

#: How many recent events the ``log`` command can show.
RECENT_EVENTS = 400


class GameDoesNotLoad(SaveError):
    """A saved game that cannot be replayed with the loaded content (its first state does
    not fit, or a step is not legal); ``reason`` says which, without advice."""

    def __init__(self, reason: str):
        super().__init__(f"{reason}; start the chapter again with 'hollow play --restart'")
        self.reason = reason


class Session:
    """One chapter being played: apply, undo, redo, and the state at any step.

    ``on_step`` is called after every change of the recipe (a step taken, undone or
    redone) so the caller can save it. ``rolled`` holds the player's physical dice
    (``--rolled``), used in order by the new steps taken; after each :meth:`take`,
    :attr:`rolled_used_up` is the index of the event after which the last of them was
    used, when that happened in that step. ``source`` answers the rolls of new steps
    instead (an :class:`~hollowcli.engine.rolls.AskSource` for ``--rolled ask``).
    ``chooser`` answers the choices of the chapter's script in new steps (the player at a
    numbered question); without one, the source's own ``choose`` does, else nobody is
    asked (the option marked ``auto``, else the first).
    """

    def __init__(self, pack: Any, record: GameRecord, on_step: Callable[[GameRecord], None] | None = None,
                 rolled: RolledQueue | None = None, source: DiceSource | None = None,
                 chooser: Callable[[ChoiceRequest], int] | None = None):
        # a game is played and replayed with the growth it started with, never the campaign's later one
        pack = engine.grown_pack(pack, record.growth)
        self.pack = pack
        self.record = record
        self.on_step = on_step
        self.rolled = rolled
        self.source = source
        self.chooser = chooser
        self.rolled_used_up: int | None = None
        try:
            initial = engine.GameState.from_dict(pack, record.initial)
        except Exception as e:  # the saved state is data from disk: any failure means "cannot use it"
            raise GameDoesNotLoad(f"the saved game of chapter {record.chapter!r} does not fit the current content "
                                  f"({e})") from e
        self.rolling: Dice | None = None  # the dice of the step being resolved (its events so far)
        self._step_source: StepSource | None = None
        self._taken: list[str | None] = []  # the faces the last step used (label, or None: seeded)
        self._last_physical: int | None = None  # the last of its events that used one
        self._snapshots: dict[int, Any] = {0: initial}
        self._pool: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._interval = 8
        self.recent: deque[Any] = deque(maxlen=RECENT_EVENTS)
        self.state = self._replay(initial, 0, record.cursor, keep_events=True)

    # ------------------------------------------------------------------ queries

    @property
    def step(self) -> int:
        """How many steps are in effect."""
        return self.record.cursor

    @property
    def can_redo(self) -> int:
        """How many undone steps could be redone."""
        return len(self.record.actions) - self.record.cursor

    def outcome(self) -> tuple[str | None, str]:
        """``("won" | "lost" | None, reason)`` of the current state."""
        return _outcome(self.state)

    def answered(self) -> list[str | None] | None:
        """The dice answered so far in the step being resolved (what a pending step keeps),
        or None when no step is being resolved."""
        src = self._step_source
        return None if src is None else src.answered

    # ------------------------------------------------------------------ changes

    def take(self, action: Any, answered: list[str | None] | None = None) -> list[Any]:
        """Apply ``action`` as the next step; undone steps beyond this point are dropped.

        ``answered`` are dice already answered for this step (a step left at a dice
        question, see :attr:`GameRecord.pending`): they are rolled first. Should the
        ``source`` raise at a question (the player left), the step is not taken and the
        record keeps it as ``pending`` with the dice answered so far.
        """
        rec = self.record
        if rec.cursor >= MAX_STEPS:
            raise SaveError(f"this game has reached {MAX_STEPS:,} steps, the most a saved game may hold, so "
                            f"'{action.command}' was not taken; 'hollow play --restart' starts the chapter again")
        if rec.cursor < len(rec.actions):  # a new branch: later snapshots are of the old one
            self._snapshots = {k: v for k, v in self._snapshots.items() if k <= rec.cursor}
        had_values = bool(self.rolled)
        rec.pending = None
        try:
            self.state, events = self._advance(self.state, action, rec.cursor, fresh=True, answered=answered)
        except BaseException:
            src = self._step_source
            if src is not None and ((self.source is not None and src.live is self.source) or src.left_at_choice):
                rec.pending = {"action": action.to_dict(), "rolled": src.answered}
                if src.left_at_choice:
                    rec.pending["question"] = "choice"
            raise
        # Only now that the step resolved (a bad --rolled value raises) is the old branch dropped.
        rec.pending = None  # (a source may have kept the step as pending while it asked)
        del rec.actions[rec.cursor :]
        if rec.rolled:
            rec.rolled = {k: v for k, v in rec.rolled.items() if k < rec.cursor}
        if self._taken:
            rec.rolled[rec.cursor] = self._taken
        self.rolled_used_up = None
        if had_values and not self.rolled:
            self.rolled_used_up = self._last_physical if self._last_physical is not None else len(events) - 1
        rec.actions.append(self._pooled(action.to_dict()))
        rec.cursor += 1
        self.recent.extend(events)
        self._changed()
        return events

    def undo(self, steps: int = 1) -> int:
        """Go back ``steps`` steps (as many as there are); returns how many were undone."""
        n = max(0, min(steps, self.record.cursor))
        if n:
            self.record.cursor -= n
            self.state = self.state_at(self.record.cursor)
            self._changed()
        return n

    def redo(self, steps: int = 1) -> list[Any]:
        """Take again up to ``steps`` undone steps (same dice); returns their events."""
        rec = self.record
        events: list[Any] = []
        n = max(0, min(steps, len(rec.actions) - rec.cursor))
        for _ in range(n):
            action = self._parse(self.state, rec.cursor)
            self.state, new = self._advance(self.state, action, rec.cursor)
            events.extend(new)
            rec.cursor += 1
        self.recent.extend(events)
        if n:
            self._changed()
        return events

    def state_at(self, step: int) -> Any:
        """The board after ``step`` steps, rebuilt from the nearest earlier snapshot."""
        base = max(k for k in self._snapshots if k <= step)
        return self._replay(self._snapshots[base], base, step)

    # ------------------------------------------------------------------ internals

    def _changed(self) -> None:
        if self.on_step is not None:
            self.on_step(self.record)

    def action_of(self, state: Any, entry: dict[str, Any]) -> Any:
        """The legal action of ``state`` a saved step names (None when none does): a typed
        action (``Action.to_dict()``), or ``{"command": text}`` from an older layout."""
        if "kind" not in entry:
            text = str(entry.get("command", ""))
            if entry.get("old_numbers"):  # save layouts 1-3: 'attack 4' named the foe of identity 4
                from hollowcli.engine.standees import legacy_text

                text = legacy_text(state, text)
            return engine.parse_command(state, text)
        if entry.get("kind") == "correction":  # hollow assist: the board is the truth
            from hollowcli.engine.corrections import Correction, check

            try:
                corr = Correction.from_dict(entry).on(state)
                check(state, corr)
            except (engine.RulesError, KeyError, TypeError, ValueError):
                return None
            return corr
        try:
            want = engine.Action.from_dict(entry)
        except ValueError:
            return None
        if want.walk:  # a move along the walk the players named
            try:
                return engine.walk_action(state, want.walk) if want.legend == getattr(state.turn, "legend", None) else None
            except engine.RulesError:
                return None
        return next((a for a in engine.legal_actions(state) if a == want), None)

    def commands(self) -> list[str]:
        """The command of every recorded step (redoable ones too), as typed today."""
        out = []
        state = self._snapshots[0]
        for i in range(len(self.record.actions)):
            action = self._parse(state, i)
            out.append(action.command)
            state, _ = self._advance(state, action, i)
        return out

    def _pooled(self, entry: dict[str, Any]) -> dict[str, Any]:
        """One shared dictionary per distinct action: a long game repeats a few."""
        key = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in entry.items())  # (a walk is a list)
        return self._pool.setdefault(key, entry)

    def _parse(self, state: Any, step: int) -> Any:
        entry = self.record.actions[step]
        action = self.action_of(state, entry)
        if action is None:
            said = entry.get("command") or " ".join(str(v) for v in entry.values())
            raise GameDoesNotLoad(f"step {step + 1} of the saved game ({said!r}) is not legal with the current content")
        if "kind" not in entry:  # an older layout's command: kept as the typed action from now on
            self.record.actions[step] = self._pooled(action.to_dict())
        return action

    def _advance(self, state: Any, action: Any, step: int, fresh: bool = False,
                 answered: list[str | None] | None = None) -> tuple[Any, list[Any]]:
        """Apply one step with its own dice; snapshots the result when it is on the grid.

        A ``fresh`` step (a new one, not a replay) asks the ``live`` source: the player's
        ``--rolled`` values, or ``source`` (the player at the prompt); any other step rolls
        the physical faces its record holds, if any.
        """
        recorded = (answered or []) if fresh else self.record.rolled.get(step, [])
        live: DiceSource | None = None
        chooser = self.chooser if fresh and state.script is not None else None  # (only a script asks choices)
        if fresh:
            live = QueueSource(self.rolled) if self.rolled else self.source
        self._taken = []
        self._last_physical = None
        self._step_source = None
        if not recorded and live is None and chooser is None:
            new_state, events = engine.apply(state, action, step_rng(self.record.seed, step))
        else:
            src = self._step_source = StepSource(recorded, live, chooser)
            self.rolling = Dice(step_rng(self.record.seed, step), src)
            try:
                new_state, events = engine.apply(state, action, self.rolling)
            finally:
                self.rolling = None
            if isinstance(live, QueueSource):
                live.commit()  # only a step that resolved spends the values
            self._last_physical = last_physical(events)
            self._taken = src.taken
        self._remember(step + 1, new_state)
        return new_state, events  # (the step's own list: nothing else keeps it)

    def _replay(self, state: Any, start: int, stop: int, keep_events: bool = False) -> Any:
        """Replay commands ``start..stop`` from ``state``; returns the final state."""
        for i in range(start, stop):
            action = self._parse(state, i)
            state, events = self._advance(state, action, i)
            if keep_events:
                self.recent.extend(events)
        return state

    def _remember(self, step: int, state: Any) -> None:
        """Keep a snapshot every ``_interval`` steps; when there are too many, double the
        interval and forget the ones off the new grid. Memory stays bounded."""
        if step % self._interval:
            return
        self._snapshots[step] = state
        while len(self._snapshots) > MAX_SNAPSHOTS:
            self._interval *= 2
            self._snapshots = {k: v for k, v in self._snapshots.items() if k % self._interval == 0}


def _outcome(state: Any) -> tuple[str | None, str]:
    """``engine.outcome`` and ``engine.outcome_reason`` as one pair."""
    result = engine.outcome(state)
    return result, (engine.outcome_reason(state) if result else "")


def recorded_commands(pack: Any, record: GameRecord) -> list[str]:
    """The commands of every step of a saved game (redoable ones too), as typed today;
    ``record`` itself is left as it is."""
    return Session(pack, GameRecord.from_dict(record.to_dict())).commands()


def game_problem(pack: Any, camp: Campaign) -> str | None:
    """Why the game in progress of ``camp`` does not load with ``pack`` (None: it loads, or
    there is none). Replays the whole game; ``camp`` is left as it is."""
    if camp.game is None:
        return None
    try:
        Session(pack, GameRecord.from_dict(camp.game.to_dict()))
    except GameDoesNotLoad as e:
        return e.reason
    return None


def open_session(pack: Any, camp: Campaign, **options: Any) -> Session:
    """The :class:`Session` of ``camp``'s game in progress (``options`` as Session takes them).

    A save that reads but whose game does not load is damaged like one that does not read:
    when the backup's game loads, the message offers ``hollow play --from-backup`` (it was
    reachable only by hand; ``hollow assist`` shares the campaign); when it does not either,
    the content has changed: ``--restart``.
    """
    assert camp.game is not None
    try:
        return Session(pack, camp.game, **options)
    except GameDoesNotLoad as e:
        bak = saves.read_backup(camp.name)
        if bak is None or bak.game is None or game_problem(pack, bak) is not None:
            raise
        path = saves.campaign_path(camp.name)
        raise DamagedSave(f"the campaign file {path} does not load: {e.reason}; its last good copy "
                          f"{saves.backup_path(path).name} does: '{saves.play_hint(camp.name)} --from-backup' resumes from "
                          "it ('hollow play --restart' abandons the game instead)", path, saves.backup_path(path)) from None
