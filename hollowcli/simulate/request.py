"""``hollow simulate`` as one request: check it, play its runs, write its report.

The command parses the options into a :class:`SimulateRequest`, then calls
:func:`prepare` (every option checked and the packs loaded before a game is played),
:func:`play` (with its progress bar, if any) and :func:`finish` (the figures, and the
``--report`` PDF written through :mod:`hollowcli.output`), and prints what they return.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hollowcli import output
from hollowcli.errors import UsageError
from hollowcli.names import plural
from hollowcli.simulate.campaign import CampaignJob, CampaignOutcome
from hollowcli.simulate.run import Job, Outcome


@dataclass(frozen=True)
class SimulateRequest:
    """What ``hollow simulate`` was asked for, as its options say it."""

    chapters: tuple[str, ...] = ()  # numbers or ids; none: every chapter
    games: int = 1000
    seed: int = 0
    jobs: int | None = None  # processes; None: every core
    max_rounds: int = 100
    policy: str = "auto"
    content_dirs: tuple[str, ...] = ()
    against: Path | None = None  # a pack folder layered on for a second, compared run
    report: Path | None = None  # the PDF to write
    preview: bool = False  # a PNG of the report's first page beside it
    paper: str | None = None  # the report's paper; None: the config file's
    campaign: str | None = None  # --campaign ID: whole campaigns instead of chapters
    runs: int = 200  # with --campaign: how many campaigns
    max_chapters: int | None = None  # with --campaign: games a run may play; None: 3 x its chapters


@dataclass(frozen=True)
class Plan:
    """A checked request: the runs to play (each a job and its loaded pack), on how many
    processes, and a note when ``--jobs`` asked for more than the machine can use."""

    runs: tuple[tuple[Job, Any], ...]
    jobs: int
    note: str = ""
    campaign: CampaignJob | None = None  # --campaign: the runs of whole campaigns (then ``runs`` is empty)
    pack: Any = None  # --campaign: the pack loaded

    @property
    def total(self) -> int:
        """Games in all the runs (with --campaign: the campaigns to play)."""
        if self.campaign is not None:
            return self.campaign.runs
        return sum(job.games * len(job.chapters) for job, _ in self.runs)


@dataclass(frozen=True)
class Finished:
    """What the runs came to: the document ``--json`` prints, and the files written."""

    doc: dict[str, Any]
    games: int  # games finished
    interrupted: bool
    stopped_by: int  # the signal that stopped the runs (SIGINT when none did)
    report: Path | None = None
    preview: Path | None = None
    runs: int = 0  # with --campaign: the campaigns finished (played to their end or cap)


def prepare(req: SimulateRequest) -> Plan:
    """Check the request and load its packs; a :class:`UsageError` before any game is played."""
    from hollowcli.config import layered_dirs
    from hollowcli.pack.loader import load_pack

    output.check_preview(req.preview)
    if req.report is not None and req.report.suffix.lower() != ".pdf":
        raise UsageError(f"--report {req.report}: the report is a PDF, so give a file name ending in .pdf")
    if req.report is not None:
        output.check_out_folder(req.report.parent, f"--report {req.report}")
    dirs = tuple(layered_dirs(req.content_dirs))
    pack = load_pack(dirs)
    if req.campaign is not None:
        return _campaign_plan(req, dirs, pack)
    ids = _chapter_ids(pack, req.chapters)
    job = Job(dirs=dirs, chapters=ids, games=req.games, seed=req.seed, max_rounds=req.max_rounds, policy=req.policy)
    runs: tuple[tuple[Job, Any], ...] = ((job, pack),)
    if req.against is not None:
        runs += (_against(req.against, job, ids),)
    jobs, note = _jobs(req)
    return Plan(runs, jobs, note)


def _jobs(req: SimulateRequest) -> tuple[int, str]:
    """The processes to use, and a note when ``--jobs`` asked for more than the machine can use."""
    from hollowcli.simulate.run import JOBS_PER_CORE, capped_jobs, default_jobs

    jobs = capped_jobs(req.jobs or default_jobs())
    note = ""
    if req.jobs and jobs < req.jobs:
        note = (f"--jobs {req.jobs} is more than this machine's {plural(default_jobs(), 'core')} can use "
                f"({JOBS_PER_CORE} processes per core at most); playing on {jobs}, which gives the same figures")
    return jobs, note


def _campaign_plan(req: SimulateRequest, dirs: tuple[str, ...], pack: Any) -> Plan:
    """The plan of ``--campaign ID``: its runs checked (an unknown id names the campaigns there are)."""
    from hollowcli.simulate.campaign import default_cap, find_campaign

    assert req.campaign is not None
    cdef = find_campaign(pack, req.campaign)
    missing = [c for c in (cdef.start, *cdef.chapters) if c not in pack.chapters]
    if missing:
        raise UsageError(f"--campaign {req.campaign}: the campaign plays the chapter {missing[0]!r}, which the loaded "
                         "content does not define; load its pack with --content DIR")
    cap = req.max_chapters if req.max_chapters is not None else default_cap(cdef)
    job = CampaignJob(dirs=dirs, campaign=req.campaign, runs=req.runs, seed=req.seed, max_chapters=cap,
                      max_rounds=req.max_rounds, policy=req.policy)
    jobs, note = _jobs(req)
    return Plan((), jobs, note, campaign=job, pack=pack)


def _chapter_ids(pack: Any, chapters: tuple[str, ...]) -> tuple[str, ...]:
    """The chapters asked for (each once, in the order given), else every chapter in order."""
    from hollowcli.names import chapters_in_order, find_chapter

    ids = tuple(dict.fromkeys(find_chapter(pack.chapters, c).id for c in chapters)) if chapters else \
        tuple(ch.id for ch in chapters_in_order(pack.chapters))
    if not ids:
        raise UsageError("the loaded content packs have no chapters to simulate")
    return ids


def _against(folder: Path, job: Job, ids: tuple[str, ...]) -> tuple[Job, Any]:
    """The ``--against`` run: the same games with the pack at ``folder`` layered on top."""
    from dataclasses import replace

    from hollowcli.pack.loader import load_pack

    if not folder.is_dir():
        raise UsageError(f"--against {folder}: there is no such folder; give a content pack folder to compare with")
    other = load_pack((*job.dirs, str(folder)))
    missing = [c for c in ids if c not in other.chapters]
    if missing:
        raise UsageError(f"--against {folder}: the layered pack has no chapter {missing[0]!r}")
    return replace(job, dirs=(*job.dirs, str(folder))), other


def play(plan: Plan, progress: Callable[[int], None] | None = None) -> list[Any]:
    """Play each run in turn (``progress(n)`` as each piece of ``n`` games finishes); stop
    at the first run that is interrupted. With ``--campaign``: one outcome, its campaigns
    (``progress(n)`` as each piece of ``n`` campaigns finishes)."""
    from hollowcli.simulate.campaign import run_campaigns
    from hollowcli.simulate.run import run

    if plan.campaign is not None:
        return [run_campaigns(plan.campaign, plan.jobs, plan.pack, progress=progress)]
    outcomes: list[Outcome] = []
    for job, pack in plan.runs:
        outcomes.append(run(job, plan.jobs, pack, progress=progress))
        if not outcomes[-1].complete:
            break
    return outcomes


def finish(req: SimulateRequest, plan: Plan, outcomes: list[Any]) -> Finished:
    """The figures of the runs played, and the report (with its preview) written when every
    game was played."""
    import signal

    from hollowcli.simulate.report import document

    if plan.campaign is not None:
        return _finish_campaign(req, plan, outcomes[0])
    base, pack = outcomes[0], plan.runs[0][1]
    other = outcomes[1] if len(outcomes) > 1 and outcomes[1].complete else None
    interrupted = len(outcomes) < len(plan.runs) or not all(o.complete for o in outcomes)
    stopped_by = next((o.stopped_by for o in outcomes if not o.complete), signal.SIGINT)
    doc = document(base, pack, other, plan.runs[1][1] if len(plan.runs) > 1 else None)
    doc["complete"] = not interrupted
    done = Finished(doc, sum(o.finished for o in outcomes), interrupted, stopped_by)
    if req.report is None or interrupted:
        return done
    return _write_report(req, done)


def _finish_campaign(req: SimulateRequest, plan: Plan, outcome: CampaignOutcome) -> Finished:
    """``--campaign``: the figures of the campaigns played, and the report."""
    import signal

    from hollowcli.simulate.campaign import document

    doc = document(outcome, plan.pack)
    done = Finished(doc, outcome.games, not outcome.complete, outcome.stopped_by or signal.SIGINT,
                    runs=len(outcome.runs))
    if req.report is None or done.interrupted:
        return done
    return _write_report(req, done)


def _write_report(req: SimulateRequest, done: Finished) -> Finished:
    from dataclasses import replace

    from hollowcli.config import load_config
    from hollowcli.simulate.report import report_pdf

    assert req.report is not None
    paper = (req.paper or load_config().paper).lower()
    if "campaign" in done.doc:
        from hollowcli.simulate.campaign_report import campaign_pdf

        data = campaign_pdf(done.doc, paper)
    else:
        data = report_pdf(done.doc, paper)
    path = output.write(req.report.parent, req.report.name, data)
    return replace(done, report=path, preview=output.preview(path, data) if req.preview else None)
