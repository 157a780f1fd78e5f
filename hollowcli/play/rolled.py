"""``hollow play --rolled V,V,...``: the player's physical dice fed into a solo game.

The engine rolls every die through :func:`hollowcli.dice.roll`, which asks a generator
with a ``take_face`` method for each face. :class:`StepDice` is such a generator: the
dice of one step, seeded exactly like :func:`hollowcli.play.session.step_rng`, that
takes its faces first from the faces this step recorded (a replay, redo or resume), then
from the player's :class:`RolledQueue` (a new step), and only then from the seed. The
seeded die is drawn even when a physical face is used, so the seeded dice and the deck
shuffles after it are the ones the seed gives (a physical face equal to the seeded one
changes nothing at all).

The session records, per step, the labels of the physical faces it used, in the save;
:func:`annotate` marks the rulings whose dice were physical ("rolled [1, 2] (your
dice)") and the ``rolls`` of their events (``"physical": true``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from hollowcli.dice import Die, Face, faces_text
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


class StepDice(random.Random):
    """The dice of one step: recorded faces, then the player's values, then the seed.

    ``taken`` lists the labels of the physical faces used (what the save records for
    this step); ``log`` lists every die rolled as ``(die id, label, physical)``.
    Nothing of the queue is consumed until :meth:`commit` (a step that fails to resolve
    leaves the values for the next try).
    """

    def __init__(self, seed: str, recorded: list[str] | None = None, queue: RolledQueue | None = None):
        super().__init__(seed)
        self.recorded = list(recorded or ())
        self.queue = queue
        self.taken: list[str] = []
        self.log: list[tuple[str, str, bool]] = []
        self._from_queue = 0

    def take_face(self, die: Die) -> Face:
        """The next face of ``die``: a recorded one, the player's next value, or the seed's."""
        seeded = die.faces[self.randrange(len(die.faces))]  # always drawn: later seeded dice stay the seed's
        face: Face | None = None
        if len(self.taken) < len(self.recorded):
            label = self.recorded[len(self.taken)]
            face = die.face_for(label)
            if face is None:
                raise SaveError(
                    f"the saved game used the face {label!r} of your dice where the {die.id} die has no such face "
                    "(the content changed); start the chapter again with 'hollow play --restart'"
                )
        elif self.queue is not None and self.queue.used + self._from_queue < len(self.queue.tokens):
            pos = self.queue.used + self._from_queue
            token = self.queue.tokens[pos]
            face = die.face_for(token)
            if face is None:
                raise BadRolledValue(pos + 1, token, die)
            self._from_queue += 1
        if face is None:
            self.log.append((die.id, seeded.label, False))
            return seeded
        self.taken.append(face.label)
        self.log.append((die.id, face.label, True))
        return face

    def commit(self) -> None:
        """The step resolved: the player's values it used are spent."""
        if self.queue is not None:
            self.queue.used += self._from_queue
        self._from_queue = 0


def _mark(reason: str, rolls: list[dict[str, Any]], physical: list[bool]) -> str:
    """``reason`` with a note after its dice saying which of them were the player's."""
    n = sum(physical)
    if n == len(physical):
        note = " (your die)" if n == 1 else " (your dice)"
    else:
        note = " (the first is your die)" if n == 1 else f" (the first {n} are your dice)"
    shown = "[" + ", ".join(str(r["face"]) for r in rolls) + "]"
    for needle in (shown, f"rolled {rolls[0]['value']}" if len(rolls) == 1 else None):
        if needle and needle in reason:
            at = reason.index(needle) + len(needle)
            return reason[:at] + note + reason[at:]
    return reason + note


def annotate(events: list[Any], log: list[tuple[str, str, bool]]) -> tuple[list[Any], int | None]:
    """The events with the player's dice marked, and the index of the last event that
    used one (None if none did).

    Each event with ``rolls`` took the next dice of ``log`` (the engine reports every
    roll once, in the order it rolls). Should an event not match the log (an engine that
    reports a roll twice), marking stops there rather than mark the wrong ruling.
    """
    from hollowcli.pack.model import frozen_map

    out: list[Any] = []
    pos = 0
    last: int | None = None
    for i, ev in enumerate(events):
        rolls = [dict(r) for r in ev.rolls]
        if not rolls or pos < 0:
            out.append(ev)
            continue
        chunk = log[pos : pos + len(rolls)]
        if [(d, lab) for d, lab, _ in chunk] != [(r.get("die"), r.get("face")) for r in rolls]:
            pos = -1  # out of step: leave the rest as they are
            out.append(ev)
            continue
        pos += len(rolls)
        physical = [p for _, _, p in chunk]
        if not any(physical):
            out.append(ev)
            continue
        last = i
        marked = tuple(frozen_map({**r, "physical": True} if p else r) for r, p in zip(rolls, physical))
        out.append(replace(ev, rolls=marked, reason=_mark(ev.reason, rolls, physical)))
    return out, last
