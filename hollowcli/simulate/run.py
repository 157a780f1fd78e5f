"""Play many seeded games, in parallel processes, each exactly as ``hollow play --auto`` would.

Game *i* of a run seeded ``S`` is a fresh game of the chapter (the Legends as a new
campaign has them) with seed ``S + i``: step *k* rolls its dice with
:func:`hollowcli.engine.rolls.step_rng` and the policy decides it with
:func:`hollowcli.engine.rolls.policy_rng`, the very generators ``hollow play`` uses, and the
game stops, like ``hollow play --auto --max-rounds N``, when it is won or lost or when round
N + 1 would begin. So every simulated game can be watched with ``hollow play``.

Work is cut into chunks of consecutive games; every chunk is a pure function of its
inputs, and the results are put back in game order before any figure is computed, so
the figures are the same for every ``--jobs``.
"""

from __future__ import annotations

import functools
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

from hollowcli import engine
from hollowcli.engine.game import play_on
from hollowcli.engine.objectives import loss_cause
from hollowcli.engine.policy import POLICIES
from hollowcli.engine.vocab import EventKind
from hollowcli.errors import UsageError

#: How a lost game was lost (the JSON keys of ``losses``): a Legend incapacitated, a
#: Legend at the fear limit, the round limit; and, where a pack's rules or objective make
#: them possible, the foe supply running out (``rules.supply_exhausted: lose``) and the
#: ally a ``protect`` objective names falling, and the chapter's story (an event's ``lose``
#: effect, in a scripted chapter).
CAUSES = ("health", "fear", "rounds", "supply", "ally", "story")


@dataclass(frozen=True)
class GameResult:
    """What one simulated game came to (small: thousands of these cross process pipes)."""

    index: int  # i: the game was seeded S + i
    won: bool
    cause: str | None  # for a loss: one of CAUSES
    rounds: int  # rounds played (the round the game ended in; the cap when it was stopped)
    steps: int  # choices made
    fell: tuple[str, ...]  # Legends incapacitated or overcome by fear at the end
    damage: tuple[int, ...]  # damage taken, per Legend in pack order
    fear: tuple[int, ...]  # fear gained, per Legend in pack order
    defeated: int  # foes defeated


def play_one(pack: Any, chapter: str, seed: int, max_rounds: int = 100, policy: str = "auto",
             index: int = 0) -> GameResult:
    """One whole game of ``chapter`` seeded ``seed``: the game ``hollow play CHAPTER --auto
    --seed SEED --max-rounds MAX_ROUNDS`` plays (with ``policy`` choosing the Legends' moves)."""
    return play_from(engine.new_game(pack, chapter), seed, max_rounds, policy, index)[0]


def play_from(state: Any, seed: int, max_rounds: int = 100, policy: str = "auto",
              index: int = 0) -> tuple[GameResult, Any]:
    """Play the game set up in ``state`` to its end (or the round cap) as ``hollow play
    --auto --seed SEED`` does; its result, and the state it ended in (a campaign's run
    hands that to the interlude)."""
    choose = _policy(policy)
    ids = [lg.id for lg in state.legends]
    where = {lid: n for n, lid in enumerate(ids)}
    damage = [0] * len(ids)
    fear = [0] * len(ids)

    def count(events: list[Any]) -> None:
        for ev in events:
            nums = ev.numbers
            if ev.target in where and "fear_total" in nums:  # damage to a Legend (and its fear)
                n = where[ev.target]
                damage[n] += int(nums.get("damage", 0))
                fear[n] += int(nums.get("fear", 0))
            elif ev.kind == EventKind.CARD_FEAR:
                for n in range(len(ids)):
                    fear[n] += int(nums.get("fear", 0))

    state, step = play_on(state, choose, seed, 0, max_rounds, count)
    capped = state.result is None  # (stopped where round max_rounds + 1 would begin)
    down = tuple(lg.id for lg in state.legends if lg.health <= 0)
    scared = tuple(lg.id for lg in state.legends if lg.fear >= engine.fear_limit(state.pack, lg.id) and lg.health > 0)
    won = state.result == "won"
    cause = None if won else _cause(state, down, scared)
    rounds = min(state.round, max_rounds) if capped else state.round
    return GameResult(index=index, won=won, cause=cause, rounds=rounds, steps=step,
                      fell=(down + scared) if not won else (), damage=tuple(damage), fear=tuple(fear),
                      defeated=state.defeated_count()), state


#: Every policy ``--policy`` names: the engine's, and ``hint`` (slow: a small hint at each decision).
POLICY_NAMES = (*POLICIES, "hint")


def _policy(name: str) -> Callable[[Any, Any], Any]:
    if name == "hint":
        from hollowcli.hint.policy import hint_action

        return hint_action
    return POLICIES[name]


def _cause(state: Any, down: tuple[str, ...], scared: tuple[str, ...]) -> str:
    """Why a lost game was lost, checked in the order the engine's end of round checks."""
    if down:
        return "health"
    if scared:
        return "fear"
    script = state.script
    if script is not None and script.verdict is not None and script.verdict[0] == "lost":
        return "story"  # an event's 'lose' (checked after the summary's own losses, as the engine does)
    if getattr(state, "supply_out", ""):
        return "supply"
    return loss_cause(state)  # the objective in force (an event may replace it): a protected ally fell, else the limits


@dataclass(frozen=True)
class Job:
    """Which games to play: ``games`` games of each of ``chapters`` from ``seed`` on."""

    dirs: tuple[str, ...]  # content folders layered over the built-in pack
    chapters: tuple[str, ...]
    games: int
    seed: int
    max_rounds: int = 100
    policy: str = "auto"


@dataclass
class Outcome:
    """The results of a run, per chapter in game order (``complete`` False after Ctrl-C,
    SIGTERM or SIGHUP: then only the games finished are here, and ``stopped_by`` is the
    signal's number)."""

    job: Job
    results: dict[str, list[GameResult]] = field(default_factory=dict)
    complete: bool = True
    stopped_by: int = 0

    @property
    def finished(self) -> int:
        return sum(len(r) for r in self.results.values())


# ------------------------------------------------------------------ the chunks
_PACKS: dict[tuple[str, ...], Any] = {}


def _pack(dirs: tuple[str, ...]) -> Any:
    if dirs not in _PACKS:
        from hollowcli.pack.loader import load_pack

        _PACKS[dirs] = load_pack(dirs)
    return _PACKS[dirs]


def _chunk(dirs: tuple[str, ...], chapter: str, seed: int, start: int, stop: int, max_rounds: int,
           policy: str) -> tuple[str, int, list[GameResult]]:
    """Games ``start..stop-1`` of ``chapter`` (run in a worker process, or in this one)."""
    pack = _pack(dirs)
    return chapter, start, [play_one(pack, chapter, seed + i, max_rounds, policy, index=i) for i in range(start, stop)]


#: The signals that stop a run the way Ctrl-C does (the ones this platform has).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))

#: The most worker processes per core :func:`capped_jobs` allows: the games are pure
#: computation, so more only add memory and start-up (--jobs 256 on 2 cores once started
#: 256 processes, a load of 115, and Ctrl-C left 122 of them running 30 s later).
JOBS_PER_CORE = 2


def _worker_init(parent: int) -> None:
    """Workers leave Ctrl-C, SIGTERM and SIGHUP (a closed terminal signals the whole group)
    to the main process, which stops them in order, and die with it if it is killed
    (:func:`hollowcli.children.die_with_parent`). (A worker is born with those signals
    blocked, see :func:`_stops_held`, so it cannot be stopped before it gets here.)"""
    import gc

    from hollowcli.children import die_with_parent

    # What the worker was forked with (modules, the pack, the work handed over) is not
    # garbage: the collector's full passes skip it, and so never write to those pages
    # (which the worker would then copy from its parent's).
    gc.freeze()
    # A game makes and drops objects by the thousand, nearly all freed by their counts: a
    # young collection every 50,000 new objects (not 700) finds the same cycles with less
    # scanning (1.6% fewer instructions for a worker's games, callgrind, 10 cider-press games).
    gc.set_threshold(50_000, 20, 20)
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    die_with_parent(parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, set(STOP_SIGNALS))


@contextmanager
def _stops_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP back while the pool starts its workers and takes the
    work: a worker forked meanwhile inherits the blocked signals (so none dies half-started),
    and the pool is never interrupted half-built (either hung its shutdown in Python 3.11).
    A signal sent meanwhile is delivered as soon as this ends, where it is handled."""
    if not hasattr(signal, "pthread_sigmask"):  # (Windows: no signal masks, and no fork)
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, set(STOP_SIGNALS))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextmanager
def _on_stop_signals(handler: Callable[[int, Any], None]) -> Iterator[None]:
    """``handler`` for Ctrl-C, SIGTERM and SIGHUP while the run goes on (main thread only:
    only it may set handlers), the previous handlers afterwards."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.signal(sig, handler) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def chunks(job: Job, jobs: int) -> list[tuple[str, int, int]]:
    """(chapter, start, stop) pieces: small enough to share out evenly and to stop soon
    after Ctrl-C, large enough that the pipes between processes cost little."""
    size = max(1, min(50, job.games // max(1, jobs * 8)))
    return [(ch, s, min(job.games, s + size)) for ch in job.chapters for s in range(0, job.games, size)]


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def capped_jobs(asked: int) -> int:
    """``--jobs``, at most :data:`JOBS_PER_CORE` processes per core (the figures are the
    same for every number of processes, so the cap changes only the speed, for the better)."""
    return max(1, min(asked, JOBS_PER_CORE * default_jobs()))


def run(job: Job, jobs: int | None = None, pack: Any = None,
        progress: Callable[[int], None] | None = None) -> Outcome:
    """Play every game of ``job`` over ``jobs`` processes (1: in this process, with ``pack``
    if given). ``progress(n)`` is called as each piece of ``n`` games finishes.

    Ctrl-C (KeyboardInterrupt), SIGTERM and SIGHUP stop the run alike: the pieces not
    started are dropped, the workers end, and the outcome holds the games finished, marked
    incomplete, with the signal that stopped it.
    """
    if job.policy not in POLICY_NAMES:
        raise UsageError(f"there is no policy {job.policy!r}; the policies are {', '.join(POLICY_NAMES)}")
    jobs = jobs or default_jobs()
    pieces = chunks(job, jobs)
    done: dict[tuple[str, int], list[GameResult]] = {}
    stopped = [0]  # the signal that stopped the run (0: none)
    if pack is not None and (jobs <= 1 or len(pieces) <= 1):
        _PACKS[job.dirs] = pack
    tell = None
    if progress is not None:
        def tell(_key: Any, res: list[GameResult], say: Callable[[int], None] = progress) -> None:
            say(len(res))
    got, stop = run_pieces(functools.partial(_job_piece, job), pieces, jobs, tell)
    done.update(got)
    stopped[0] = stop
    out = Outcome(job, complete=not stopped[0], stopped_by=stopped[0])
    for ch in job.chapters:
        out.results[ch] = [g for (c, s) in sorted(k for k in done if k[0] == ch) for g in done[c, s]]
    return out


def _job_piece(job: Job, chapter: str, start: int, stop: int) -> tuple[tuple[str, int], list[GameResult]]:
    """One piece of a run, keyed by (chapter, first game)."""
    ch, first, res = _chunk(job.dirs, chapter, job.seed, start, stop, job.max_rounds, job.policy)
    return (ch, first), res


def run_pieces(work: Callable[..., tuple[Any, Any]], pieces: Sequence[tuple[Any, ...]], jobs: int,
               progress: Callable[[Any, Any], None] | None = None) -> tuple[dict[Any, Any], int]:
    """``work(*piece)`` for every piece, over ``jobs`` processes (1: in this process);
    ``work`` returns ``(key, results)``. Returns ``{key: results}`` for the pieces done and
    the signal that stopped the work (Ctrl-C, SIGTERM, SIGHUP), or 0. ``progress(key,
    results)`` is called as each piece finishes. Simulate's games and hint's rollouts
    both go through here (a pure ``work`` gives the same results for any ``jobs``)."""
    with PiecePool(jobs) as pool:
        return pool(work, pieces, progress)


def _in_process(work: Callable[..., tuple[Any, Any]], pieces: Sequence[tuple[Any, ...]],
                progress: Callable[[Any, Any], None] | None) -> tuple[dict[Any, Any], int]:
    """The pieces one after the other in this process; a stop signal ends them between two."""
    done: dict[Any, Any] = {}
    stopped = [0]

    def stop_here(sig: int, _frame: Any) -> None:
        stopped[0] = stopped[0] or sig
        raise KeyboardInterrupt

    try:
        with _on_stop_signals(stop_here):
            for piece in pieces:
                key, res = work(*piece)
                done[key] = res
                if progress:
                    progress(key, res)
    except KeyboardInterrupt:
        stopped[0] = stopped[0] or signal.SIGINT
    return done, stopped[0]


class PiecePool:
    """:func:`run_pieces` for a series of calls sharing one pool of ``jobs`` worker
    processes (a hint's stages: each call is one stage's pieces). The workers are forked
    on the first call with more than one piece and kept until the pool is closed (it is a
    context manager), so later calls pay no start-up, and each worker keeps what it worked
    out (the walks its board remembered, the per-game lookups). With ``jobs`` 1, or one
    piece before any worker started, the pieces are played in this process.

    While the pool works, a stop signal (Ctrl-C, SIGTERM, SIGHUP) only raises a flag that
    is looked at between pieces: an exception raised at any moment could leave one of the
    pool's internal locks held, and its shutdown then waits for ever (seen: a Ctrl-C inside
    ``concurrent.futures.wait``). Finished pieces arrive on a queue (one callback each), not
    by waiting on all of them. The workers are forked (so they start from this process's
    loaded modules, pack and hint work) and die with this process however it ends. Once a
    call has been stopped, the pool is shut down and every later call until it is closed
    returns at once, with nothing done and the same signal.

    Called outside a ``with``, each call is a pool of its own (:func:`run_pieces`); the
    object can be entered again after it was closed (the prompt's ``hint`` keeps one and
    enters it for each hint).
    """

    def __init__(self, jobs: int):
        import threading

        self.jobs = jobs
        self._pool: Any = None
        self._stack = ExitStack()
        self._stop = threading.Event()
        self._stopped = 0
        self._entered = False

    def __enter__(self) -> PiecePool:
        self._entered = True
        self._stop.clear()
        self._stopped = 0
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.close()

    def _on_signal(self, sig: int, _frame: Any) -> None:
        self._stopped = self._stopped or sig
        self._stop.set()

    def close(self) -> None:
        """Shut the workers down (they finish the piece in hand) and give the stop signals
        back to their previous handlers."""
        pool, self._pool = self._pool, None
        self._entered = False
        try:
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        finally:
            self._stack.close()

    def __call__(self, work: Callable[..., tuple[Any, Any]], pieces: Sequence[tuple[Any, ...]],
                 progress: Callable[[Any, Any], None] | None = None) -> tuple[dict[Any, Any], int]:
        if not self._entered:
            with self:
                return self(work, pieces, progress)
        if self._stop.is_set():
            return {}, self._stopped or signal.SIGINT
        if self._pool is None and (self.jobs <= 1 or len(pieces) <= 1):
            return _in_process(work, pieces, progress)
        done: dict[Any, Any] = {}
        return done, self._run(work, pieces, done, progress)

    def _start(self, workers: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        try:
            context: Any = multiprocessing.get_context("fork")  # the workers' parent is this process
        except ValueError:  # (Windows: spawn only)
            context = None
        self._stack.enter_context(_on_stop_signals(self._on_signal))  # until the pool is closed
        self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                         initializer=_worker_init, initargs=(os.getpid(),))

    def _run(self, work: Callable[..., tuple[Any, Any]], pieces: Sequence[tuple[Any, ...]],
             done: dict[Any, Any], progress: Callable[[Any, Any], None] | None) -> int:
        """Play the pieces over the pool; the signal that stopped it, or 0 when every piece
        was played."""
        import queue
        from concurrent.futures import Future

        finished: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()
        with _stops_held():  # the pool forks its workers as work is handed in
            if self._pool is None:
                self._start(min(self.jobs, len(pieces)))
            pool = self._pool
            futures = [pool.submit(work, *piece) for piece in pieces]
            for fut in futures:
                fut.add_done_callback(finished.put)

        def take(fut: Future[Any]) -> None:
            key, res = fut.result()
            done[key] = res
            if progress:
                progress(key, res)

        stop = self._stop
        try:
            left = len(futures)
            while left and not stop.is_set():
                try:
                    fut = finished.get(timeout=0.1)
                except queue.Empty:
                    continue
                left -= 1
                take(fut)
        except BaseException:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        if not stop.is_set():
            return 0
        # Pieces not started are dropped; the ones running finish (a second at most) and count.
        # (A second signal meanwhile only raises the flag again.)
        self._pool = None
        pool.shutdown(wait=True, cancel_futures=True)
        while True:
            try:
                fut = finished.get_nowait()
            except queue.Empty:
                break
            if not fut.cancelled() and fut.exception() is None:
                take(fut)
        return self._stopped or signal.SIGINT
