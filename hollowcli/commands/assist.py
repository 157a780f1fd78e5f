"""``hollow assist``: parse the options, call hollowcli.play.assist, print."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from hollowcli.commands import completion
from hollowcli.commands.common import content_option, emit_json, exit_interrupted, get_pack, json_option, use_colour


@click.command("assist")
@click.argument("chapter", required=False, shell_complete=completion.ids("chapters", numbers=True))
@click.option("--campaign", "campaign_name", default=None, metavar="NAME", shell_complete=completion.campaigns,
              help="The campaign to play in (default: 'default'; the same campaigns as 'hollow play'). "
                   "It must exist ('hollow campaign new NAME'), or add --new.")
@click.option("--new", "new", is_flag=True, help="Start the campaign --campaign names (it must not exist yet).")
@click.option("--seed", type=int, default=None,
              help="Seed a new game: the rolls hollow makes for you ('r') and the card deck are reproducible.")
@click.option("--input", "input_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Read what happened from this file (one line per prompt; '#' comments) instead of the keyboard.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Append every event (with each roll asked and each correction) to this file, one JSON object per line.")
@click.option("--explain", is_flag=True, help="Print the full detail of every ruling of the Legend phase.")
@content_option
@json_option
def assist(
    chapter: str | None,
    campaign_name: str | None,
    new: bool,
    seed: int | None,
    input_path: Path | None,
    log_path: Path | None,
    explain: bool,
    content_dirs: tuple[Path, ...],
    as_json: bool,
) -> None:
    """Run the rounds of the physical game (CHAPTER: id or number; default: the campaign's next).

    You play on the real board with your own dice; hollow says how to set up, keeps the
    ledger, asks for every roll ('r' lets hollow roll), and runs the adversary phase as
    instructions: where each foe moves and why, its attack, each spawn, each card.
    The board is the truth: put, add, remove, set, barricade, unbarricade, track,
    next-spawn, token and flag correct the ledger at any prompt; 'status' shows it. Saved after every
    step and every answer: quit at any time, and 'hollow assist' (or 'hollow play')
    resumes.

    \b
    Examples:
      hollow assist 1                     set up and run chapter 1
      hollow assist                       resume, or start the next chapter
      hollow assist --campaign autumn     the campaign 'autumn' (--new starts it)
      hollow assist 2 --input table.txt   a scripted session (also: ... < table.txt)
      hollow assist --log table.jsonl     every ruling, roll asked and correction
    """
    from hollowcli.play.assist import assist as run_assist
    from hollowcli.play.console import Console
    from hollowcli.play.request import assist_request

    req = assist_request(chapter, campaign_name, new, seed, input_path, log_path, explain)
    pack = get_pack(content_dirs)
    req.options.hinter = _hinter()
    stream = sys.stderr if as_json else sys.stdout
    console = Console(stream, use_colour() and stream.isatty())
    stdin = sys.stdin if sys.stdin is not None else open(os.devnull, encoding="utf-8")  # noqa: SIM115
    outcome, extra = run_assist(pack, req, console, stdin)
    if as_json:
        emit_json({**outcome.to_dict(), **extra})
    if outcome.stopped == "interrupted":
        exit_interrupted()
    if outcome.stopped == "hangup":
        sys.exit(129)


def _hinter() -> Any:
    """'hint' at the prompt, its rollouts over hollow simulate's process pool."""
    from hollowcli.commands.hint import pool_runner
    from hollowcli.hint.prompt import hinter

    return hinter(pool_runner(None))
