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


@dataclass(frozen=True)
class Plan:
    """A checked request: the runs to play (each a job and its loaded pack), on how many
    processes, and a note when ``--jobs`` asked for more than the machine can use."""

    runs: tuple[tuple[Job, Any], ...]
    jobs: int
    note: str = ""

    @property
    def total(self) -> int:
        """Games in all the runs."""
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


def prepare(req: SimulateRequest) -> Plan:
    """Check the request and load its packs; a :class:`UsageError` before any game is played."""
    from hollowcli.config import layered_dirs
    from hollowcli.pack.loader import load_pack
    from hollowcli.simulate.run import JOBS_PER_CORE, capped_jobs, default_jobs

    output.check_preview(req.preview)
    if req.report is not None and req.report.suffix.lower() != ".pdf":
        raise UsageError(f"--report {req.report}: the report is a PDF, so give a file name ending in .pdf")
    if req.report is not None:
        output.check_out_folder(req.report.parent, f"--report {req.report}")
    dirs = tuple(layered_dirs(req.content_dirs))
    pack = load_pack(dirs)
    ids = _chapter_ids(pack, req.chapters)
    job = Job(dirs=dirs, chapters=ids, games=req.games, seed=req.seed, max_rounds=req.max_rounds, policy=req.policy)
    runs: tuple[tuple[Job, Any], ...] = ((job, pack),)
    if req.against is not None:
        runs += (_against(req.against, job, ids),)
    jobs = capped_jobs(req.jobs or default_jobs())
    note = ""
    if req.jobs and jobs < req.jobs:
        note = (f"--jobs {req.jobs} is more than this machine's {plural(default_jobs(), 'core')} can use "
                f"({JOBS_PER_CORE} processes per core at most); playing on {jobs}, which gives the same figures")
    return Plan(runs, jobs, note)


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


def play(plan: Plan, progress: Callable[[int], None] | None = None) -> list[Outcome]:
    """Play each run in turn (``progress(n)`` as each piece of ``n`` games finishes); stop
    at the first run that is interrupted."""
    from hollowcli.simulate.run import run

    outcomes: list[Outcome] = []
    for job, pack in plan.runs:
        outcomes.append(run(job, plan.jobs, pack, progress=progress))
        if not outcomes[-1].complete:
            break
    return outcomes


def finish(req: SimulateRequest, plan: Plan, outcomes: list[Outcome]) -> Finished:
    """The figures of the runs played, and the report (with its preview) written when every
    game was played."""
    import signal

    from hollowcli.simulate.report import document

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


def _write_report(req: SimulateRequest, done: Finished) -> Finished:
    from dataclasses import replace

    from hollowcli.config import load_config
    from hollowcli.simulate.report import report_pdf

    assert req.report is not None
    data = report_pdf(done.doc, (req.paper or load_config().paper).lower())
    path = output.write(req.report.parent, req.report.name, data)
    return replace(done, report=path, preview=output.preview(path, data) if req.preview else None)
