"""``hollow simulate --campaign ID``: whole campaigns, each played with ``--auto`` choices.

Run *i* of a simulation seeded ``S`` is one campaign kept in memory (nothing is saved):
a fresh campaign following the pack campaign ``ID``, as ``hollow campaign new NAME --from
ID`` makes it. Its first game is seeded ``S + i``; each game is played as ``hollow play
--auto`` plays it (:func:`hollowcli.simulate.run.play_from`: the same policy and dice),
with the Legends as the campaign has grown them so far, and ended the way ``hollow play``
ends it (:func:`hollowcli.play.campaigns.finish_game`: rewards, chapter items dropped,
flags carried, the interlude opened). The interlude is answered as ``--auto`` answers it
(:func:`hollowcli.play.interlude.auto_answer`: the first option of each question), and
the next game is the chapter the campaign's ``Next`` names with its flags. A lost chapter's
retry is seeded as ``hollow play`` seeds it; the game after a won chapter is seeded from
the won game's seed (:func:`next_seed`). A game stopped at ``--max-rounds`` counts as lost.

A run ends at the campaign's ``end`` (it *finished*) or when ``--max-chapters`` games have
been played (it did not). A run is the unit of work: one process plays all of it, and the
runs are put back in order before any figure is computed, so the figures are the same for
every ``--jobs``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hollowcli.errors import UsageError
from hollowcli.intervals import wilson
from hollowcli.simulate.run import POLICY_NAMES, _pack, play_from, run_pieces


@dataclass(frozen=True)
class CampaignJob:
    """Which runs to play: ``runs`` runs of the pack campaign ``campaign`` from ``seed`` on."""

    dirs: tuple[str, ...]  # content folders layered over the built-in pack
    campaign: str
    runs: int
    seed: int
    max_chapters: int  # games a run may play before it stops, not finished
    max_rounds: int = 100
    policy: str = "auto"


@dataclass(frozen=True)
class CampaignRun:
    """What one run came to: each game it played, in order, as ``(chapter, won)``."""

    index: int  # i: the run's first game was seeded S + i
    finished: bool  # it reached the campaign's end
    games: tuple[tuple[str, bool], ...]


@dataclass
class CampaignOutcome:
    """The runs played, in run order (``complete`` False when a signal stopped them)."""

    job: CampaignJob
    runs: list[CampaignRun] = field(default_factory=list)
    complete: bool = True
    stopped_by: int = 0

    @property
    def games(self) -> int:
        return sum(len(r.games) for r in self.runs)


def default_cap(cdef: Any) -> int:
    """``--max-chapters`` when not given: three times the campaign's chapters."""
    return 3 * max(1, len(cdef.chapters))


def find_campaign(pack: Any, wanted: str) -> Any:
    """The pack campaign ``wanted``; one sentence naming those there are when it is unknown."""
    from hollowcli.names import did_you_mean

    known = pack.campaigns
    if wanted in known:
        return known[wanted]
    if not known:
        raise UsageError(f"--campaign {wanted}: the loaded content defines no campaign; "
                         "load a pack with a 'campaigns:' section with --content DIR")
    hint = did_you_mean(wanted, known)
    listing = ", ".join(f"{cid} ({c.name})" for cid, c in known.items())
    raise UsageError(f"--campaign {wanted}: there is no such campaign; "
                     f"{hint + ' ' if hint else ''}the loaded content's campaigns are: {listing}")


def next_seed(seed: int) -> int:
    """The seed of the game after a won game seeded ``seed`` (in the style of the retry's
    seed :func:`hollowcli.play.campaigns.finish_game` picks after a loss)."""
    return random.Random(f"{seed}:next").randrange(1, 10**9)


def play_run(pack: Any, campaign: str, seed: int, max_chapters: int, max_rounds: int = 100, policy: str = "auto",
             index: int = 0) -> CampaignRun:
    """One whole run of ``campaign`` whose first game is seeded ``seed`` (see the module)."""
    from hollowcli import engine
    from hollowcli.play import interlude
    from hollowcli.play.campaigns import finish_game, next_chapter, start_game
    from hollowcli.play.saves import Campaign

    camp = Campaign(name="simulated", follows=campaign)
    games: list[tuple[str, bool]] = []
    first = next_chapter(pack, camp)
    if first is None:
        return CampaignRun(index, True, ())
    start_game(pack, camp, first.id, seed)
    while True:
        rec = camp.game
        assert rec is not None
        state = engine.GameState.from_dict(engine.grown_pack(pack, rec.growth), rec.initial)
        _, end = play_from(state, rec.seed, max_rounds, policy)
        won = end.result == "won"
        games.append((rec.chapter, won))
        finish_game(pack, camp, end, "won" if won else "lost", "")
        while camp.interlude is not None and interlude.state_of(camp.interlude) == interlude.ASKING:
            interlude.auto_answer(pack, camp)
        if camp.game is None:  # (a lost chapter with nothing to ask has started its retry already)
            nxt = next_chapter(pack, camp)
            if nxt is None:
                return CampaignRun(index, True, tuple(games))
            if len(games) >= max_chapters:
                break
            start_game(pack, camp, nxt.id, next_seed(rec.seed) if won else None)  # None: the retry's seed
        elif len(games) >= max_chapters:
            break
    return CampaignRun(index, False, tuple(games))


def _piece(job: CampaignJob, start: int, stop: int) -> tuple[int, list[CampaignRun]]:
    """Runs ``start..stop-1`` of ``job`` (in a worker process, or in this one)."""
    pack = _pack(job.dirs)
    return start, [play_run(pack, job.campaign, job.seed + i, job.max_chapters, job.max_rounds, job.policy, index=i)
                   for i in range(start, stop)]


def pieces(job: CampaignJob, jobs: int) -> list[tuple[int, int]]:
    """(start, stop) pieces of consecutive runs: each run whole in one piece."""
    size = max(1, min(10, job.runs // max(1, jobs * 8)))
    return [(s, min(job.runs, s + size)) for s in range(0, job.runs, size)]


def run_campaigns(job: CampaignJob, jobs: int, pack: Any = None,
                  progress: Callable[[int], None] | None = None) -> CampaignOutcome:
    """Play every run of ``job`` over ``jobs`` processes (``pack``: the loaded pack, handed
    to the workers when they are forked). ``progress(n)`` as each piece of ``n`` runs
    finishes. A stop signal keeps the runs finished, marked incomplete."""
    from hollowcli.simulate import run as run_module

    if job.policy not in POLICY_NAMES:
        raise UsageError(f"there is no policy {job.policy!r}; the policies are {', '.join(POLICY_NAMES)}")
    if pack is not None:
        run_module._PACKS[job.dirs] = pack  # (the workers are forked: they inherit it)
    tell = None
    if progress is not None:
        def tell(_key: Any, res: list[CampaignRun], say: Callable[[int], None] = progress) -> None:
            say(len(res))
    done, stopped = run_pieces(functools.partial(_piece, job), pieces(job, jobs), jobs, tell)
    runs = [r for start in sorted(done) for r in done[start]]
    return CampaignOutcome(job, runs, complete=not stopped, stopped_by=stopped)


# ------------------------------------------------------------------ the figures
def _share(count: int, runs: int) -> dict[str, Any]:
    lo, hi = wilson(count, runs)
    return {"count": count, "share": round(count / runs, 6) if runs else None, "ci95": [round(lo, 6), round(hi, 6)]}


def figures(pack: Any, job: CampaignJob, runs: Sequence[CampaignRun]) -> dict[str, Any]:
    """The ``campaign`` block of the JSON: ``{id, name, runs, max_chapters, finished,
    chapters: [{id, name, number, reached, won, attempts}]}``. ``reached``, ``won`` and
    ``finished`` are counts of runs with their share of all runs and its 95% Wilson
    interval; ``attempts`` is the mean (and most) games of the chapter among the runs that
    reached it. Chapters in the campaign's order, then any other chapter a run played."""
    from hollowcli.simulate.stats import mean_interval

    cdef = pack.campaigns[job.campaign]
    order = list(dict.fromkeys([cdef.start, *cdef.chapters, *(ch for r in runs for ch, _ in r.games)]))
    n = len(runs)
    chapters = []
    for cid in order:
        tries = [sum(1 for ch, _ in r.games if ch == cid) for r in runs]
        reached = [t for t in tries if t]
        won = sum(1 for r in runs if (cid, True) in r.games)
        mean, lo, hi = mean_interval([float(t) for t in reached])
        ch = pack.chapters.get(cid)
        chapters.append({
            "id": cid, "name": ch.name if ch else cid, "number": ch.number if ch else None,
            "reached": _share(len(reached), n), "won": _share(won, n),
            "attempts": {"mean": round(mean, 6) if reached else None, "ci95": [round(lo, 6), round(hi, 6)] if reached
                         else None, "max": max(reached, default=0)},
        })
    return {"id": job.campaign, "name": cdef.name, "runs": n, "max_chapters": job.max_chapters,
            "games": sum(len(r.games) for r in runs), "finished": _share(sum(1 for r in runs if r.finished), n),
            "chapters": chapters}


def document(outcome: CampaignOutcome, pack: Any) -> dict[str, Any]:
    """The whole simulation as ``--json`` prints it with ``--campaign``."""
    job = outcome.job
    return {"seed": job.seed, "policy": job.policy, "max_rounds": job.max_rounds, "complete": outcome.complete,
            "campaign": figures(pack, job, outcome.runs)}
