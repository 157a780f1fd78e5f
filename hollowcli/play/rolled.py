"""The player's own dice in a solo game: ``hollow play --rolled V,V,...`` and ``--rolled ask``.

Both are dice sources of the engine's protocol (:mod:`hollowcli.engine.rolls`): the
engine asks each roll as a :class:`~hollowcli.engine.rolls.RollRequest` and the source
answers it. :class:`QueueSource` answers from the ``--rolled`` list, in order, then
from the seed; an :class:`~hollowcli.engine.rolls.AskSource` asks the player at the
prompt. :class:`StepSource` wraps either for one step of a session: it first replays the
faces the step recorded (a replay, redo or resume), and records what the step used.

A step records one entry per die it rolled: the label of a physical face, or None for a
seeded one (trailing seeded dice are left out), in the save's ``game.rolled``. The
seeded faces are drawn for every die whatever answers it, so the seeded dice and the
deck shuffles after a physical roll are the ones the seed gives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hollowcli.dice import Die, Face, faces_text
from hollowcli.engine.rolls import SEEDED, ChoiceRequest, DiceSource, RolledFace, RollRequest
from hollowcli.errors import SaveError, UsageError


class BadRolledValue(UsageError):
    """A ``--rolled`` value that is not a face of the die being rolled at that moment."""

    def __init__(self, position: int, token: str, die: Die):
        self.position = position
        self.token = token
        self.die = die
        super().__init__(
            f"--rolled value {position} ({token.strip()!r}) is not a face of the {die.id} die the game rolls "
            f"now; its faces are {faces_text(die)}"
        )


class RolledQueue:
    """The ``--rolled`` values of one ``hollow play`` run, used in order by new steps."""

    def __init__(self, tokens: list[str]):
        self.tokens = list(tokens)
        self.used = 0  # values taken by steps that were resolved

    @property
    def left(self) -> list[str]:
        """The values not used yet."""
        return self.tokens[self.used :]

    def __bool__(self) -> bool:
        return self.used < len(self.tokens)


class QueueSource:
    """Answers each die from the ``--rolled`` values in order, then from the seed.

    Nothing of the queue is spent until :meth:`commit` (a step that fails to resolve
    leaves the values for the next try).
    """

    def __init__(self, queue: RolledQueue):
        self.queue = queue
        self._taken = 0

    def roll(self, request: RollRequest) -> tuple[RolledFace, ...]:
        out = []
        q = self.queue
        for seeded in request.seeded:
            pos = q.used + self._taken
            if pos >= len(q.tokens):
                out.append(RolledFace(seeded, False))
                continue
            face = request.die.face_for(q.tokens[pos])
            if face is None:
                raise BadRolledValue(pos + 1, q.tokens[pos], request.die)
            self._taken += 1
            out.append(RolledFace(face, True))
        return tuple(out)

    def commit(self) -> None:
        """The step resolved: the values it used are spent."""
        self.queue.used += self._taken
        self._taken = 0


class StepSource:
    """The dice source of one step of a session: the faces the step recorded first
    (label = physical, None = seeded), then ``live`` (the ``--rolled`` list, the player
    at the prompt), else the seed.

    The choices of a chapter's script (:class:`~hollowcli.engine.rolls.ChoiceRequest`)
    go the same way: the answers the step recorded (``?N``: option N, counted from 1)
    first, then ``chooser`` (the player at a numbered question), else the live source's
    own ``choose``, else nobody is asked (the option marked ``auto``, else the first; not
    recorded, so a replay takes it again).

    ``taken`` is what the save records for the step: one entry per die rolled (label or
    None), trailing None left out, with the ``?N`` answers and ``@K`` pause notes among them.
    """

    def __init__(self, recorded: list[str | None] | None = None, live: DiceSource | None = None,
                 chooser: Callable[[ChoiceRequest], int] | None = None):
        recorded = list(recorded or ())
        #: the faces recorded, one per die; ``@K`` and ``@K COMMAND`` items (``hollow assist``)
        #: are kept apart: the players went on from pause K of the adversary phase, or made a
        #: correction there; so are the ``?N`` answers to the script's choices
        self.recorded = [x for x in recorded if not is_note(x)]
        self.choices = [x for x in recorded if isinstance(x, str) and x.startswith("?")]
        self.notes: dict[int, list[str]] = {}
        for item in recorded:
            if isinstance(item, str) and item.startswith("@"):
                k, _, cmd = item[1:].partition(" ")
                self.notes.setdefault(int(k) if k.isdigit() else -1, []).append(cmd)
        self.live = live if live is not None else SEEDED
        self.chooser = chooser
        #: the step stopped at a choice question (the player left there): it stays pending
        self.left_at_choice = False
        self._pos = 0
        self._chosen = 0
        self._pauses = 0
        self._taken: list[str | None] = []

    @property
    def answered(self) -> list[str | None]:
        """Every die rolled so far in this step (label, or None: seeded), trailing None kept."""
        return list(self._taken)

    @property
    def taken(self) -> list[str | None]:
        """What the step records: its answers without the seeded dice after the last
        physical one (a replay rolls those from the seed anyway); the notes are kept."""
        last = max((i for i, x in enumerate(self._taken) if x is not None and not is_note(x)), default=-1)
        return [x for i, x in enumerate(self._taken) if i <= last or x is not None]

    def roll(self, request: RollRequest) -> tuple[RolledFace, ...]:
        if self._pos >= len(self.recorded):
            answer = tuple(self.live.roll(request))
        else:
            answer = tuple(self._recorded(request, seeded) for seeded in request.seeded)
        self._taken.extend(r.face.label if r.physical else None for r in answer)
        return answer

    def choose(self, request: ChoiceRequest) -> int | None:
        """A choice of the script: the step's recorded answer, else the player's (None:
        nobody is asked, the request's default)."""
        if self._chosen < len(self.choices):
            item = self.choices[self._chosen]
            self._chosen += 1
            n = int(item[1:]) if item[1:].isdigit() else 0
            if not 1 <= n <= len(request.options):
                raise SaveError(
                    f"the saved game answered {item!r} to the question '{request.prompt}', which has "
                    f"{len(request.options)} options (the content changed); start the chapter again with 'hollow play --restart'"
                )
            self._taken.append(item)
            return n - 1
        ask = self.chooser if self.chooser is not None else getattr(self.live, "choose", None)
        if ask is None:
            return None
        try:
            answer = ask(request)
        except BaseException:
            self.left_at_choice = True
            raise
        if answer is None:
            return None
        self._taken.append(f"?{answer + 1}")
        return answer

    def pause(self, state: Any, events: list[Any], upcoming: str) -> Any:
        """Pause K of the step's adversary phase: the corrections recorded there are made
        again; past the step's recorded answers, the live source (the players, ``hollow
        assist``) may look, correct and go on."""
        from hollowcli.engine.corrections import apply_correction, parse_correction

        k = self._pauses
        went_on = False
        for cmd in self.notes.get(k, []):
            if not cmd:
                went_on = True
                self._taken.append(f"@{k}")
                continue
            state, told = apply_correction(state, parse_correction(state, cmd))
            events.extend(told)
            self._taken.append(f"@{k} {cmd}")
        self._pauses += 1
        hook = getattr(self.live, "pause", None)
        if hook is not None and not went_on and self._pos >= len(self.recorded) and not any(j > k for j in self.notes):
            state = hook(self, state, events, upcoming)
        return state

    def note(self, command: str) -> None:
        """A correction the players made at the current pause (kept with the step)."""
        self._taken.append(f"@{max(0, self._pauses - 1)} {command}")

    def went_on(self) -> None:
        """The players went on from the current pause (kept, so a resumed step does not stop there again)."""
        self._taken.append(f"@{max(0, self._pauses - 1)}")

    def _recorded(self, request: RollRequest, seeded: Any) -> RolledFace:
        if self._pos >= len(self.recorded):
            return RolledFace(seeded, False)  # the record ran out mid-roll: the seed's (as it was)
        label = self.recorded[self._pos]
        self._pos += 1
        if label is None:
            return RolledFace(seeded, False)
        face = request.die.face_for(label)
        if face is None:
            raise SaveError(
                f"the saved game used the face {label!r} of your dice where the {request.die.id} die has no such face "
                "(the content changed); start the chapter again with 'hollow play --restart'"
            )
        return RolledFace(face, True)


def is_note(item: Any) -> bool:
    """Whether a recorded item of a step is no die: a pause note (``@K``, ``@K COMMAND``)
    or a choice's answer (``?N``)."""
    return isinstance(item, str) and item.startswith(("@", "?"))


def ask_event(step: int, state: Any, request: RollRequest, faces: Sequence[Face], physical: bool) -> dict[str, Any]:
    """The log line (kind ``ask``) of a roll asked of the players (``hollow assist``,
    ``hollow play --rolled ask``): the die, how many, what for, and the faces given
    (``by``: ``players``, or ``hollow`` when they typed ``r``)."""
    asked = request.to_dict()
    return {"step": step, "round": state.round, "phase": state.phase, "kind": "ask",
            "die": asked["die"], "count": asked["count"], "purpose": asked["purpose"],
            "roll": asked["kind"], "actor": asked["actor"],
            "faces": [f.label for f in faces], "by": "players" if physical else "hollow",
            "reason": f"asked: {request.prompt}"}


def choice_event(step: int, state: Any, request: ChoiceRequest, index: int) -> dict[str, Any]:
    """The log line (kind ``ask``) of a choice of the script asked of the players: the
    question, its options and the one they took."""
    return {"step": step, "round": state.round, "phase": state.phase, "kind": "ask", "event": request.event,
            "question": request.prompt, "options": list(request.options), "option": request.options[index],
            "index": index + 1, "by": "players", "reason": f"asked: {request.prompt}"}


def last_physical(events: list[Any]) -> int | None:
    """The index of the last event whose dice were (partly) the player's, None if none."""
    for i in range(len(events) - 1, -1, -1):
        if any(r.get("physical") for r in events[i].rolls):
            return i
    return None
