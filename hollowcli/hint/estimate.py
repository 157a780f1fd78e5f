"""The estimator behind ``hint``: the chance to win from a state, for each candidate choice.

Each candidate (one step, or a two-step choice such as "move D4; attack 2") is taken, and
then the ``--auto`` policy plays the rest of the chapter: one *rollout*. Rollout *r* of a
hint seeded ``S`` rolls its dice like game ``S + r`` of ``hollow simulate``: step *k* from
the state with :func:`~hollowcli.engine.rolls.step_rng` ``(S + r, k)`` and the policy's
choice with :func:`~hollowcli.engine.rolls.policy_rng` ``(S + r, k)``.

Sound statistics, spent where it matters:

- **common random numbers**: every candidate is played with the same rollout seeds
  ``S + 0, S + 1, ...``, so two candidates meet the same dice step for step and their
  difference is *paired* (rollout *r* of one against rollout *r* of the other): the noise
  that both share cancels out;
- **95% Wilson score intervals** for each win chance (:func:`hollowcli.intervals.wilson`)
  and **Newcombe's paired interval** for the difference between two candidates
  (:func:`hollowcli.intervals.newcombe_paired`, over the rollouts both played);
- **interval-based pruning** in stages: every candidate gets a quarter of the rollouts,
  then half, then all; after each stage a candidate whose paired interval against the
  leader lies wholly below zero is clearly worse and stops there. The survivors all get
  the full number (the floor), so the best few are compared on equal terms;
- **cannot be told apart**: when the paired interval of a survivor against the best
  contains zero, the answer says so rather than rank them.

**Choices that come to the same game** share the rest of it. A rollout is a pure function
of the state it reaches, its seed and its step number *k*: two candidates whose rollouts
*r* reach the very same state at the same step (checked at the start of each round after
the first: the whole game state compared, field by field) play the same game from there
on, to the same end. The later one takes the end the earlier one reached instead of
playing it again. The figures are exactly those of playing it out (a test checks it);
the answer says which choices came to the same game, and how often.

The rollouts are cut into pieces ``(candidates, first, last)``: rollouts ``first`` to
``last - 1`` of every candidate still in the running, rollout by rollout, so that the
same process plays rollout *r* of each candidate and can share what they have in common.
A *runner* plays the pieces (in this process, or over ``hollow simulate``'s process pool,
forked once for all the stages of a hint: :class:`hollowcli.simulate.run.PiecePool`) and
returns them by piece. Every piece is a pure function of its inputs and the figures are
counted in rollout order, so the answer is the same for any number of processes.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from hollowcli import engine
from hollowcli.engine.core import foe_id_text
from hollowcli.engine.game import legal_of_kind, play_on
from hollowcli.engine.rolls import step_rng
from hollowcli.engine.vocab import EventKind, Phase
from hollowcli.intervals import Pairs, newcombe_paired, wilson

#: How many rollouts each candidate that survives the pruning gets, unless told.
DEFAULT_ROLLOUTS = 200
#: The fewest rollouts a candidate gets before it may be pruned.
FIRST_STAGE_MIN = 8
#: Rollouts in one piece of work (all the candidates' together): small, so that the workers
#: finish a stage together (a stage waits for its last piece) and stop soon after Ctrl-C; a
#: piece's own cost is a small pickle.
PIECE = 10


@dataclass(frozen=True)
class Candidate:
    """A choice to weigh: one engine step, or two (a move then an attack)."""

    command: str  # as typed: 'attack g2', 'move D4; attack g2'
    steps: tuple[Any, ...]  # the engine Actions, in order
    label: str
    named: bool = False  # the player asked about it


@dataclass(frozen=True)
class Rollout:
    """How one rollout ended, and what happened in it that words can tell."""

    won: bool
    rounds_left: int  # rounds played from the state's round to the end, that round included
    fell: tuple[str, ...] = ()  # Legends incapacitated or overcome by fear when it was lost
    cleared: tuple[str, ...] = ()  # foes (``gobkin#2``) defeated before the foes acted this round
    hit: tuple[str, ...] = ()  # Legends a foe attacked in this round's adversary phase
    steps: int = 0  # choices made in it (the candidate's included)
    #: steps played here: fewer than ``steps`` when it came to the same game as the rollout
    #: of an earlier candidate (``joined``, its index) and took that game's end
    played: int = 0
    joined: int = -1


@dataclass
class Figures:
    """One candidate's rollouts (by rollout number) and what they come to."""

    candidate: Candidate
    rollouts: dict[int, Rollout] = field(default_factory=dict)
    pruned_at: int = 0  # the stage's rollouts when it was found clearly worse (0: it survived)

    @property
    def n(self) -> int:
        return len(self.rollouts)

    @property
    def wins(self) -> int:
        return sum(1 for r in self.rollouts.values() if r.won)

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win chance."""
        return wilson(self.wins, self.n)

    @property
    def rounds_left(self) -> float:
        return sum(r.rounds_left for r in self.rollouts.values()) / self.n if self.n else 0.0

    def share(self, test: Callable[[Rollout], bool]) -> float:
        return sum(1 for r in self.rollouts.values() if test(r)) / self.n if self.n else 0.0

    def joined(self) -> dict[int, int]:
        """How many of its rollouts came to the same game as an earlier candidate's, by
        that candidate's index."""
        out: dict[int, int] = {}
        for r in self.rollouts.values():
            if r.joined >= 0:
                out[r.joined] = out.get(r.joined, 0) + 1
        return out


def paired(a: Figures, b: Figures) -> tuple[float, float, float, int]:
    """``a``'s win chance minus ``b``'s over the rollouts both played (the same seeds, so the
    same dice), its 95% paired interval (Newcombe), and how many rollouts that is."""
    common = sorted(a.rollouts.keys() & b.rollouts.keys())
    if not common:
        return 0.0, -1.0, 1.0, 0
    counts = [0, 0, 0, 0]
    for r in common:
        counts[(0 if b.rollouts[r].won else 2) + (0 if a.rollouts[r].won else 1)] += 1
    # b is the base, a the other: both, base (b) only, other (a) only, neither
    d, lo, hi = newcombe_paired(Pairs(both=counts[0], base_only=counts[1], other_only=counts[2], neither=counts[3]))
    return d, lo, hi, len(common)


@dataclass
class Answer:
    """The estimate: the candidates best first, and whether it ran to the end."""

    step: int
    seed: int
    ranked: list[Figures]
    complete: bool = True
    offered: list[Figures] = field(default_factory=list)  # in the order offered (a rollout's ``joined`` indexes it)

    @property
    def best(self) -> Figures:
        return self.ranked[0]

    def apart(self, f: Figures) -> bool:
        """Whether ``f`` is told apart from the best: its paired interval against the best
        lies wholly below zero."""
        if f is self.best:
            return True
        _d, _lo, hi, _n = paired(f, self.best)
        return hi < 0


# ------------------------------------------------------------------ one rollout
class End(NamedTuple):
    """How a game played from some state ended, and which candidate's rollout played it."""

    won: bool
    rounds_left: int
    fell: tuple[str, ...]
    steps: int
    by: int


#: The round starts the finished rollouts of one seed reached, by step number: each state
#: with the end of the game played from it.
Met = dict[int, list[tuple[Any, End]]]


def rollout(state: Any, steps: Sequence[Any], seed: int, max_rounds: int = 100, met: Met | None = None,
            me: int = -1) -> Rollout:
    """Take ``steps`` from ``state`` (the second of a two-step choice only if the rules still
    allow it, as at the prompt), then let the ``--auto`` policy play to the end; step *k*
    rolls with ``step_rng(seed, k)`` and decides with ``policy_rng(seed, k)``.

    ``met`` (shared by the rollouts of one seed, candidate ``me`` among them): at the start
    of each round after the first, a state another candidate's rollout reached at the same
    step ends this one with that game's end, since the rest would be played the same."""
    start = state.round
    cleared: list[str] = []
    hit: list[str] = []
    s, k = state, 0
    for i, step in enumerate(steps):
        if i:
            acting = getattr(s.turn, "legend", None)
            if s.result is not None or acting != steps[0].legend:
                break  # the activation ended by itself (nothing was left to do)
            step = next((a for a in legal_of_kind(s, step.kind) if a == step), None)  # (only its kind's list)
            if step is None:
                break  # no longer possible (a leave roll on the way): the policy goes on
        s, events = engine.apply(s, step, step_rng(seed, k))
        k += 1
        _note(events, start, cleared, hit)

    def hear(events: list[Any]) -> None:  # the words tell only of this round: later steps are not looked at
        _note(events, start, cleared, hit)

    reached: list[tuple[int, Any]] = []  # the round starts this rollout reached (after its first round)
    joined, played = -1, 0
    end: End | None = None
    last_round = start
    while s.result is None and s.round <= max_rounds:
        if met is not None and s.round != last_round:  # a round's start (after the first: nothing left to note)
            last_round = s.round
            end = next((e for other, e in met.get(k, ()) if other == s), None)
            if end is not None:
                joined, played = end.by, k
                break
            reached.append((k, s))
        # round by round where the games are compared, else to the end at once
        s, k = play_on(s, engine.auto_action, seed, k, max_rounds, hear, start, None if met is None else s.round + 1)
    if end is None:
        won = s.result == "won"
        fell: tuple[str, ...] = ()
        if not won:
            fell = tuple(lg.id for lg in s.legends if lg.health <= 0 or lg.fear >= engine.fear_limit(s.pack, lg.id))
        end = End(won, min(s.round, max_rounds) - start + 1, fell, k, me)
        played = k
    if met is not None:
        for at, reached_state in reached:
            met.setdefault(at, []).append((reached_state, end))
    return Rollout(won=end.won, rounds_left=end.rounds_left, fell=end.fell, cleared=tuple(cleared),
                   hit=tuple(dict.fromkeys(hit)), steps=end.steps, played=played, joined=joined)


_ATTACK = EventKind.ATTACK
_FOE_ATTACK = EventKind.FOE_ATTACK
_LEGENDS = Phase.LEGENDS


def _note(events: Sequence[Any], start: int, cleared: list[str], hit: list[str]) -> None:
    """Keep what the words may tell: the foes the Legends defeat before the foes act this
    round, and the Legends a foe attacks in this round's adversary phase."""
    for ev in events:
        if ev.round != start:
            continue
        if ev.kind == _ATTACK and ev.phase == _LEGENDS and ev.numbers.get("defeated") and ev.target:
            cleared.append(ev.target)
        elif ev.kind == _FOE_ATTACK and ev.target:
            hit.append(ev.target)


# ------------------------------------------------------------------ the pieces
#: The hints being worked out, by token: (state, candidates, seed, max_rounds). A worker
#: process forked by the pool finds them here (forked after they were put here).
_WORK: dict[int, tuple[Any, tuple[Candidate, ...], int, int]] = {}
_TOKENS = itertools.count(1)


def play_piece(token: int, live: tuple[int, ...], first: int, last: int) -> tuple[int, list[list[Rollout]]]:
    """Rollouts ``first..last-1`` of each candidate in ``live`` of the hint ``token`` (a piece
    of work: run in a worker process, or in this one), rollout by rollout, so that the
    candidates of one seed share the games they come to; by candidate, in ``live``'s order."""
    state, candidates, seed, max_rounds = _WORK[token]
    out: list[list[Rollout]] = [[] for _ in live]
    for r in range(first, last):
        met: Met = {}
        for j, c in enumerate(live):
            out[j].append(rollout(state, candidates[c].steps, seed + r, max_rounds, met, c))
    return first, out


#: Plays pieces: ``runner(work, pieces) -> ({key: results}, stop signal or 0)``, where
#: ``work(*piece)`` returns ``(key, results)``. :func:`in_process`, or ``hollow simulate``'s
#: pool (:class:`hollowcli.simulate.run.PiecePool`, which :func:`estimate` enters for the
#: stages of one hint), handed in by the command.
Runner = Callable[[Callable[..., Any], list[tuple[Any, ...]]], tuple[dict[Any, Any], int]]


def in_process(work: Callable[..., Any], pieces: list[tuple[Any, ...]]) -> tuple[dict[Any, Any], int]:
    """The pieces one after the other in this process; Ctrl-C stops with the pieces done."""
    import signal

    done: dict[Any, Any] = {}
    try:
        for piece in pieces:
            key, res = work(*piece)
            done[key] = res
    except KeyboardInterrupt:
        return done, int(signal.SIGINT)
    return done, 0


def stages(rollouts: int) -> list[int]:
    """The rollouts each live candidate has after each stage: a quarter, a half, all."""
    out = [max(min(FIRST_STAGE_MIN, rollouts), rollouts // 4), max(1, rollouts // 2), rollouts]
    return sorted(set(out))


def estimate(state: Any, candidates: Sequence[Candidate], rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0,
             runner: Runner = in_process, max_rounds: int = 100, step: int = 0,
             progress: Callable[[int], None] | None = None) -> Answer:
    """Weigh ``candidates`` from ``state``: at least ``rollouts`` rollouts for each that
    survives the pruning, the same seeds for all. ``step`` is only reported back.

    The runner may be stopped (Ctrl-C): the answer then holds what was played, marked
    incomplete. Never changes ``state``.
    """
    if not candidates:
        raise ValueError("there is nothing to weigh: no candidates")
    figures = [Figures(c) for c in candidates]
    token = next(_TOKENS)
    _WORK[token] = (state, tuple(candidates), seed, max_rounds)
    complete = True
    # a runner that is a context manager (simulate's PiecePool) keeps its workers for every stage
    opened: Any = runner if hasattr(runner, "__enter__") else contextlib.nullcontext(runner)
    gc.freeze()  # what lives now (the pack, its boards and answers) outlives the rollouts: collections skip it
    try:
        with opened:
            for target in stages(max(1, rollouts)):
                live = tuple(i for i, f in enumerate(figures) if not f.pruned_at)
                width = max(1, PIECE // len(live))  # rollouts of each candidate in a piece
                start = figures[live[0]].n  # (the live candidates have played the same rollouts)
                pieces = [(token, live, a, min(target, a + width)) for a in range(start, target, width)]
                done, stopped = runner(play_piece, pieces)
                for first, by_candidate in sorted(done.items()):
                    for i, res in zip(live, by_candidate, strict=True):
                        figures[i].rollouts.update(zip(range(first, first + len(res)), res, strict=True))
                if progress:
                    progress(sum(len(r) for by_candidate in done.values() for r in by_candidate))
                if stopped:
                    complete = False
                    break
                if target < rollouts:
                    _prune(figures, target)
    finally:
        gc.unfreeze()
        del _WORK[token]
    return Answer(step=step, seed=seed, ranked=rank(figures), complete=complete, offered=figures)


def _leader(figures: Sequence[Figures]) -> Figures:
    return max((f for f in figures if f.n), key=lambda f: f.rate, default=figures[0])


def _prune(figures: list[Figures], at: int) -> None:
    """Stop each live candidate whose paired interval against the leader lies wholly below zero."""
    live = [f for f in figures if not f.pruned_at]
    lead = _leader(live)
    for f in live:
        if f is not lead and paired(f, lead)[2] < 0:
            f.pruned_at = at


def rank(figures: Sequence[Figures]) -> list[Figures]:
    """Best first: survivors before the pruned, then by win chance; among equal chances a
    win in fewer rounds, a loss in more; then in the order offered."""
    order = {id(f): n for n, f in enumerate(figures)}
    return sorted(figures, key=lambda f: (bool(f.pruned_at), -f.rate,
                                          (f.rounds_left if f.rate else -f.rounds_left), order[id(f)]))


def foe_names(state: Any) -> dict[str, str]:
    """``gobkin#2`` -> 'Gobkin 2', for the foes on the board (the words of the answer)."""
    return {foe_id_text(f): state.foe_name(f) for f in state.foes}
