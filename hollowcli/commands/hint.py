"""``hollow hint``: parse the options, call hollowcli.hint, print."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import click

from hollowcli.commands import completion
from hollowcli.commands.common import content_option, echo, emit_json, exit_interrupted, get_pack, json_option


def pool_runner(jobs: int | None) -> Any:
    """Rollouts over ``hollow simulate``'s process pool (``jobs`` processes; default every
    core, at most two per core), started once for all the stages of a hint: the figures are
    the same for any number."""
    from hollowcli.simulate.run import PiecePool, capped_jobs, default_jobs

    return PiecePool(capped_jobs(jobs or default_jobs()))


@click.command("hint")
@click.option("--campaign", "campaign_name", default="default", show_default=True, metavar="NAME",
              shell_complete=completion.campaigns, help="The campaign whose game in progress to weigh.")
@click.option("--choice", "choices", multiple=True, metavar="COMMAND",
              help="Also weigh this choice, as typed at the prompt ('move D4', 'attack 2', "
                   "'move D4; attack 2'); repeatable.")
@click.option("--rollouts", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Rollouts for each choice that stays in the running (clearly worse ones stop sooner).")
@click.option("--jobs", type=click.IntRange(1, 256), default=None, help="Processes to use (default: every core).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Rollout i is seeded SEED+i, the same for every choice: the answer is reproducible.")
@content_option
@json_option
def hint(campaign_name: str, choices: tuple[str, ...], rollouts: int, jobs: int | None, seed: int,
         content_dirs: tuple[Path, ...], as_json: bool) -> None:
    """The chance to win from a saved game, for each good choice (nothing is changed).

    Each choice is played on by seeded rollouts in which the --auto policy plays the rest
    of the chapter, the same dice for every choice; clearly worse choices stop early. The
    answer gives each choice's win chance with its 95% interval, the rollouts, the mean
    rounds left, and why the best one is best. The save is only read.

    \b
    Examples:
      hollow hint                              the default campaign's game
      hollow hint --campaign autumn --json     one JSON document
      hollow hint --choice 'move D4; attack 2' weigh this one too
      hollow hint --rollouts 1000 --seed 7     more rollouts, another seed
    """
    from hollowcli.engine import compiled
    from hollowcli.hint import words
    from hollowcli.hint.request import HintRequest, hint_saved
    from hollowcli.play import saves

    req = HintRequest(saves.check_name(campaign_name), rollouts, seed, tuple(choices))
    pack = get_pack(content_dirs)
    started = time.perf_counter()
    state, answer = hint_saved(pack, req, pool_runner(jobs))
    seconds = time.perf_counter() - started
    if as_json:
        emit_json(words.document(state, answer))
    else:
        from hollowcli.play.view import wrap

        for line in words.lines(state, answer):
            for part in wrap(line, indent="    "):
                echo(part)
    done = sum(f.n for f in answer.ranked)
    click.echo(f"Played {done:,} rollouts in {seconds:.1f} s "
               f"({'compiled engine' if compiled() else 'engine in plain Python'}).", err=True)
    if not answer.complete:
        exit_interrupted()
