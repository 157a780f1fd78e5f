"""``hollow simulate``: parse the options, call hollowcli.simulate, print."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hollowcli.commands import completion
from hollowcli.commands.common import content_option, echo, emit_json, json_option, quiet_closed_terminal
from hollowcli.errors import exit_interrupted
from hollowcli.names import plural

if TYPE_CHECKING:
    from hollowcli.simulate.request import Finished, Plan, SimulateRequest
    from hollowcli.simulate.run import Outcome


@click.command("simulate")
@click.argument("chapters", nargs=-1, shell_complete=completion.ids("chapters", numbers=True))
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="Games to play of each chapter.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Game i is seeded SEED+i: exactly 'hollow play CHAPTER --auto --seed SEED+i'.")
@click.option("--jobs", type=click.IntRange(1, 256), default=None, help="Processes to use (default: every core).")
@click.option("--max-rounds", type=click.IntRange(1), default=100, show_default=True,
              help="Stop a game after this many rounds (it counts as lost to the round limit).")
@click.option("--policy", type=click.Choice(["auto", "random", "hint"]), default="auto", show_default=True,
              help="Who plays the Legends: the --auto policy, uniformly random legal choices, or a "
                   "small hint at each decision (slow: for small runs).")
@content_option
@click.option("--against", "against", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Play the same games again with this pack folder layered on top, and compare.")
@json_option
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the charts to this PDF file.")
@click.option("--preview", is_flag=True, help="With --report: also write a PNG of its first page.")
@click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default=None,
              help="Paper of the --report PDF. Default: 'paper' in the config file, else letter.")
@click.option("--campaign", "campaign", default=None, metavar="ID", shell_complete=completion.ids("campaigns"),
              help="Play whole campaigns of the content's campaign ID instead of chapters (--auto answers "
                   "each interlude question).")
@click.option("--runs", type=click.IntRange(1, 1_000_000), default=None,
              help="With --campaign: campaigns to play (default 200); run i's first game is seeded SEED+i.")
@click.option("--max-chapters", type=click.IntRange(1), default=None,
              help="With --campaign: stop a run, not finished, after this many games (default: 3 times the "
                   "campaign's chapters).")
def simulate(chapters: tuple[str, ...], games: int, seed: int, jobs: int | None, max_rounds: int, policy: str,
             content_dirs: tuple[str, ...], against: Path | None, as_json: bool, report_path: Path | None,
             preview: bool, paper: str | None, campaign: str | None, runs: int | None,
             max_chapters: int | None) -> None:
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
      hollow simulate --campaign the-hollow --runs 500 --report camp.pdf
    """
    from hollowcli.simulate.report import text_summary
    from hollowcli.simulate.request import SimulateRequest, finish, prepare

    if preview and report_path is None:
        raise click.UsageError("--preview needs --report FILE.pdf (it is a picture of the report's first page)")
    if paper is not None and report_path is None:
        raise click.UsageError("--paper needs --report FILE.pdf (it is the paper of the report)")
    _check_campaign_options(chapters, campaign, runs, max_chapters, against)
    req = SimulateRequest(chapters, games, seed, jobs, max_rounds, policy, content_dirs, against, report_path, preview,
                          paper, campaign, runs or 200, max_chapters)
    plan = prepare(req)
    if plan.note:
        click.echo(f"hollow: note: {plan.note}.", err=True)
    started = time.perf_counter()
    outcomes = _play(plan)
    seconds = time.perf_counter() - started
    done = finish(req, plan, outcomes)
    if done.interrupted and done.stopped_by == getattr(signal, "SIGHUP", None):
        quiet_closed_terminal()  # the window was closed: figures still go to a file or a pipe
    if as_json:
        emit_json(done.doc)
    else:
        if campaign is not None:
            from hollowcli.simulate.campaign_report import text_summary as campaign_summary

            text_summary = campaign_summary
        for line in text_summary(done.doc):
            echo(line)
    _footer(req, done, plan, seconds)


def _check_campaign_options(chapters: tuple[str, ...], campaign: str | None, runs: int | None,
                            max_chapters: int | None, against: Path | None) -> None:
    """``--campaign`` and the options that go with it only, each refused in one sentence."""
    ctx = click.get_current_context()
    if campaign is None:
        for given, name in ((runs, "--runs"), (max_chapters, "--max-chapters")):
            if given is not None:
                raise click.UsageError(f"{name} needs --campaign ID (it counts whole campaigns, not games)")
        return
    if chapters:
        raise click.UsageError(f"--campaign {campaign} plays the campaign's own chapters; leave out the chapters "
                               f"named ({' '.join(chapters)}), or leave out --campaign to simulate those chapters")
    if ctx.get_parameter_source("games") not in (click.core.ParameterSource.DEFAULT, None):
        raise click.UsageError("--games counts games of each chapter; with --campaign give the number of whole "
                               "campaigns with --runs N")
    if against is not None:
        raise click.UsageError("--against cannot be combined with --campaign; simulate the campaign once with "
                               "each --content and compare the two reports")


def _play(plan: Plan) -> list[Outcome]:
    """Play the plan's runs, with one progress bar over all of them on a terminal."""
    from hollowcli.simulate.request import play

    if not sys.stderr.isatty():
        return play(plan)
    with click.progressbar(length=plan.total, label="Simulating", file=sys.stderr, show_pos=True,
                           show_eta=True) as bar:
        return play(plan, bar.update)


def _footer(req: SimulateRequest, done: Finished, plan: Plan, seconds: float) -> None:
    """On stderr: how fast the games went, the files written, and how an interrupted run ended
    (then the exit status a shell gives for the signal)."""
    from hollowcli.engine import compiled

    rate = done.games / seconds if seconds > 0 else 0.0
    runs = f"{plural(done.runs, 'campaign')}, " if plan.campaign is not None else ""
    click.echo(f"Played {runs}{plural(done.games, 'game')} in {seconds:.1f} s ({rate:.0f} games/s, "
               f"{plural(plan.jobs, 'process', 'processes')}, {'compiled engine' if compiled() else 'engine in plain Python'}).", err=True)
    if done.report is not None:
        click.echo(f"Wrote {done.report}" + (f" and {done.preview}" if done.preview else "") + ".", err=True)
    if done.interrupted:
        how = "interrupted" if done.stopped_by == signal.SIGINT else f"stopped by {signal.Signals(done.stopped_by).name}"
        what = (f"{done.runs} of {plural(plan.total, 'campaign')}" if plan.campaign is not None
                else f"{done.games} of {plural(plan.total, 'game')}")
        click.echo(f"hollow: {how} after {what}; the figures above are of those "
                   + ("campaigns" if plan.campaign is not None else "games") + ("; no report was written" if req.report is not None else "") + ".", err=True)
        exit_interrupted(128 + done.stopped_by)  # 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP, as a shell says
