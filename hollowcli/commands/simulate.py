"""``hollow simulate``: parse the options, call hollowcli.simulate, print."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path
from typing import Any

import click

from hollowcli.commands import completion
from hollowcli.commands.common import (
    content_option,
    echo,
    emit_json,
    exit_interrupted,
    json_option,
    quiet_closed_terminal,
)
from hollowcli.names import plural


@click.command("simulate")
@click.argument("chapters", nargs=-1, shell_complete=completion.ids("chapters", numbers=True))
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="Games to play of each chapter.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Game i is seeded SEED+i: exactly 'hollow play CHAPTER --auto --seed SEED+i'.")
@click.option("--jobs", type=click.IntRange(1, 256), default=None, help="Processes to use (default: every core).")
@click.option("--max-rounds", type=click.IntRange(1), default=100, show_default=True,
              help="Stop a game after this many rounds (it counts as lost to the round limit).")
@click.option("--policy", type=click.Choice(["auto", "random"]), default="auto", show_default=True,
              help="Who plays the Legends: the --auto policy, or uniformly random legal choices.")
@content_option
@click.option("--against", "against", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Play the same games again with this pack folder layered on top, and compare.")
@json_option
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the charts to this PDF file.")
@click.option("--preview", is_flag=True, help="With --report: also write a PNG of its first page.")
@click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default=None,
              help="Paper of the --report PDF. Default: 'paper' in the config file, else letter.")
def simulate(chapters: tuple[str, ...], games: int, seed: int, jobs: int | None, max_rounds: int, policy: str,
             content_dirs: tuple[str, ...], against: Path | None, as_json: bool, report_path: Path | None,
             preview: bool, paper: str | None) -> None:
    """Play many --auto games of each chapter (all, when none is named) and show how they go.

    Win rate with its 95% interval, how games are lost (health, fear, round limit) and
    which Legend fell, damage and fear per Legend, foes defeated, rounds, and the chance
    the game is still going (and not lost yet) after each round. With --against, the same
    games again with a pack layered on, compared game by game (McNemar's test). Game i is
    exactly the game 'hollow play CHAPTER --auto --seed SEED+i' plays, so any of them can
    be watched.

    \b
    Examples:
      hollow simulate                       every chapter, 1000 games each
      hollow simulate 3 --games 2000 --seed 7
      hollow simulate --report sim.pdf --preview
      hollow simulate --report sim.pdf --paper a4
      hollow simulate 3 --against my-tweaks/    did my change matter?
      hollow simulate --policy random --json
    """
    from hollowcli.commands.printing import _check_preview, _preview, _write, check_out_folder
    from hollowcli.config import layered_dirs, load_config
    from hollowcli.errors import UsageError
    from hollowcli.names import chapters_in_order, find_chapter
    from hollowcli.pack.loader import load_pack
    from hollowcli.simulate.report import document, report_pdf, text_summary
    from hollowcli.simulate.run import JOBS_PER_CORE, Job, capped_jobs, default_jobs

    if preview and report_path is None:
        raise click.UsageError("--preview needs --report FILE.pdf (it is a picture of the report's first page)")
    if paper is not None and report_path is None:
        raise click.UsageError("--paper needs --report FILE.pdf (it is the paper of the report)")
    _check_preview(preview)
    if report_path is not None and report_path.suffix.lower() != ".pdf":
        raise UsageError(f"--report {report_path}: the report is a PDF, so give a file name ending in .pdf")
    if report_path is not None:
        check_out_folder(report_path.parent, f"--report {report_path}")
    dirs = tuple(layered_dirs(content_dirs))
    pack = load_pack(dirs)
    ids = tuple(dict.fromkeys(find_chapter(pack.chapters, c).id for c in chapters)) if chapters else \
        tuple(ch.id for ch in chapters_in_order(pack.chapters))
    if not ids:
        raise UsageError("the loaded content packs have no chapters to simulate")
    other_pack = None
    if against is not None:
        if not against.is_dir():
            raise UsageError(f"--against {against}: there is no such folder; give a content pack folder to compare with")
        other_pack = load_pack((*dirs, str(against)))
        missing = [c for c in ids if c not in other_pack.chapters]
        if missing:
            raise UsageError(f"--against {against}: the layered pack has no chapter {missing[0]!r}")
    asked = jobs
    jobs = capped_jobs(jobs or default_jobs())
    if asked and jobs < asked:
        cores = default_jobs()
        click.echo(f"hollow: note: --jobs {asked} is more than this machine's {plural(cores, 'core')} "
                   f"can use ({JOBS_PER_CORE} processes per core at most); playing on {jobs}, which gives the same "
                   "figures.", err=True)
    job = Job(dirs=dirs, chapters=ids, games=games, seed=seed, max_rounds=max_rounds, policy=policy)
    runs = [(job, pack)]
    if other_pack is not None:
        runs.append((Job(dirs=(*dirs, str(against)), chapters=ids, games=games, seed=seed, max_rounds=max_rounds,
                         policy=policy), other_pack))
    total = games * len(ids) * len(runs)
    started = time.perf_counter()
    outcomes = _play_all(runs, jobs, total)
    seconds = time.perf_counter() - started
    finished = sum(o.finished for o in outcomes)
    base = outcomes[0]
    other = outcomes[1] if len(outcomes) > 1 and outcomes[1].complete else None
    interrupted = len(outcomes) < len(runs) or not all(o.complete for o in outcomes)
    stopped_by = next((o.stopped_by for o in outcomes if not o.complete), signal.SIGINT)
    if interrupted and stopped_by == getattr(signal, "SIGHUP", None):
        quiet_closed_terminal()  # the window was closed: figures still go to a file or a pipe
    doc = document(base, pack, other, other_pack)
    doc["complete"] = not interrupted
    if report_path is not None and not interrupted:
        data = report_pdf(doc, (paper or load_config().paper).lower())
        path = _write(report_path.parent, report_path.name, data)
        png = _preview(path, data) if preview else None
    if as_json:
        emit_json(doc)
    else:
        for line in text_summary(doc):
            echo(line)
    rate = finished / seconds if seconds > 0 else 0.0
    from hollowcli.engine import compiled

    click.echo(f"Played {plural(finished, 'game')} in {seconds:.1f} s ({rate:.0f} games/s, "
               f"{plural(jobs, 'process', 'processes')}, {'compiled engine' if compiled() else 'engine in plain Python'}).", err=True)
    if report_path is not None and not interrupted:
        click.echo(f"Wrote {path}" + (f" and {png}" if png else "") + ".", err=True)
    if interrupted:
        how = "interrupted" if stopped_by == signal.SIGINT else f"stopped by {signal.Signals(stopped_by).name}"
        click.echo(f"hollow: {how} after {finished} of {plural(total, 'game')}; the figures above are of those games"
                   + ("; no report was written" if report_path is not None else "") + ".", err=True)
        exit_interrupted(128 + stopped_by)  # 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP, as a shell says


def _play_all(runs: list[tuple[Any, Any]], jobs: int, total: int) -> list[Any]:
    """Run each job in turn, with one progress bar over all of them on a terminal; stop
    at the first interrupted one."""
    from hollowcli.simulate.run import run

    outcomes = []
    if sys.stderr.isatty():
        with click.progressbar(length=total, label="Simulating", file=sys.stderr, show_pos=True,
                               show_eta=True) as bar:
            for job, pack in runs:
                outcomes.append(run(job, jobs, pack, progress=bar.update))
                if not outcomes[-1].complete:
                    break
    else:
        for job, pack in runs:
            outcomes.append(run(job, jobs, pack))
            if not outcomes[-1].complete:
                break
    return outcomes
