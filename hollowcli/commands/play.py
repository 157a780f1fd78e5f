"""``hollow play`` and ``hollow campaign``: parse the options, call hollowcli.play, print."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from hollowcli.commands import completion
from hollowcli.commands.common import (
    Group,
    content_option,
    echo,
    emit_json,
    exit_interrupted,
    get_pack,
    json_option,
    style,
    use_colour,
)
from hollowcli.names import plural


@click.command("play")
@click.argument("chapter", required=False, shell_complete=completion.ids("chapters", numbers=True))
@click.option("--campaign", "campaign_name", default=None, metavar="NAME", shell_complete=completion.campaigns,
              help="The campaign to play in (default: 'default'; with --auto: a throwaway one). It must exist "
                   "('hollow campaign new NAME'), or add --new.")
@click.option("--new", "new", is_flag=True, help="Start the campaign --campaign names (it must not exist yet).")
@click.option("--seed", type=int, default=None, help="Seed a new game: the whole game is reproducible.")
@click.option("--input", "input_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Read the commands from this file (one per line; '#' comments) instead of the keyboard.")
@click.option("--auto", is_flag=True, help="Let the built-in policy play the Legends (a demo).")
@click.option("--max-rounds", type=click.IntRange(1), default=100, show_default=True,
              help="With --auto: stop (saved) after this many rounds.")
@click.option("--explain", is_flag=True, help="Print the full detail of every ruling (paths, distances, sight).")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Append every event to this file, one JSON object per line.")
@click.option("--restart", is_flag=True, help="Abandon the game in progress and start CHAPTER (or the same one) afresh.")
@click.option("--from-backup", is_flag=True, help="Resume from the last good copy of a damaged campaign file.")
@click.option("--rolled", default=None, metavar="V,V,...|ask|seeded",
              help="Your physical dice for the game's next rolls, in order (a face's value or label, "
                   "0 = blank); when they run out the seeded dice take over. 'ask': the game asks "
                   "for each roll when it is needed ('r' rolls it for you). 'seeded': hollow rolls. "
                   "The campaign remembers the choice (and unused values) for the next session.")
@content_option
@json_option
def play(
    chapter: str | None,
    campaign_name: str | None,
    new: bool,
    seed: int | None,
    input_path: Path | None,
    auto: bool,
    max_rounds: int,
    explain: bool,
    log_path: Path | None,
    restart: bool,
    from_backup: bool,
    rolled: str | None,
    content_dirs: tuple[Path, ...],
    as_json: bool,
) -> None:
    """Play a chapter solo by text prompts (CHAPTER: id or number; default: the campaign's next).

    The board, the Legends, the foes and the track are shown; pick a numbered choice or
    type a shortcut (move C4, attack g2, end) or undo, redo, map, log, hint, help,
    save, quit. Foes act by themselves, each ruling printed with its reason. The
    campaign is saved after every step: quit at any time and run 'hollow play' again
    to resume.

    \b
    Examples:
      hollow play                         resume, or start the next chapter
      hollow play 1 --seed 7              chapter 1, reproducible dice
      hollow play --auto --seed 3         watch the built-in policy play (nothing saved)
      hollow play 2 --input moves.txt     a scripted game (also: ... < moves.txt)
      hollow play --log game.jsonl        every ruling as JSON lines
      hollow play --rolled 2,blank,1,5    your own dice for the next rolls
      hollow play --rolled ask            asked for every roll as it comes
      hollow play --rolled seeded         hollow rolls again (the campaign remembers)
    """
    from hollowcli.play.console import Console
    from hollowcli.play.request import closing_problem, play_request
    from hollowcli.play.request import play as run_play

    req = play_request(chapter, campaign_name, new, seed, input_path, auto, max_rounds, explain, log_path, restart,
                       from_backup, rolled)
    pack = get_pack(content_dirs)
    req.options.hinter = _hinter()
    # With --json the transcript goes to stderr so stdout holds the one JSON document.
    stream = sys.stderr if as_json else sys.stdout
    console = Console(stream, use_colour() and stream.isatty())
    # A closed stdin (`<&-`) reads like an empty one: the game stops at the first prompt, saved.
    outcome = run_play(pack, req, console, sys.stdin if sys.stdin is not None else open(os.devnull, encoding="utf-8"))
    if as_json:
        emit_json(outcome.to_dict())
    if outcome.stopped == "interrupted":
        exit_interrupted()
    problem = closing_problem(outcome, console.failure)
    if problem:
        _silence_stdout()
        from hollowcli.errors import HollowError

        raise HollowError(problem)
    if outcome.stopped in ("hangup", "output-closed"):
        _silence_stdout()
        # 128 + SIGHUP, as a shell reports a hung-up job; a reader that left (`| head`) is no error
        sys.exit(129 if outcome.stopped == "hangup" else 0)


def _hinter() -> Any:
    """'hint' at the prompt, its rollouts over hollow simulate's process pool."""
    from hollowcli.commands.hint import pool_runner
    from hollowcli.hint.prompt import hinter

    return hinter(pool_runner(None))


def _silence_stdout() -> None:
    """Point stdout at the null device: the terminal is gone, and flushing at exit must not fail."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError):  # no real file descriptor (a test runner's stream)
        pass


@click.group("campaign", cls=Group)
def campaign() -> None:
    """Create and inspect solo campaigns (Legends, items, chapter progress, saves).

    Campaign files live in the user data folder (HOLLOW_HOME overrides it); the one
    named 'default' is used when none is named.

    \b
    Examples:
      hollow campaign new autumn
      hollow campaign status autumn
      hollow campaign list --json
    """


@campaign.command("new")
@click.argument("name")
@click.option("--from", "from_id", default=None, metavar="ID",
              help="The pack campaign to follow (its chapters, branches and rewards); default: the one the content "
                   "defines, or the one whose id is NAME.")
@click.option("--force", is_flag=True, help="Start over a campaign that already exists (its old file is kept as NAME.json.bak).")
@content_option
@json_option
def campaign_new(name: str, from_id: str | None, force: bool, content_dirs: tuple[Path, ...], as_json: bool) -> None:
    """Start a new campaign NAME (play it with: hollow play --campaign NAME).

    It follows the pack campaign --from names (its chapters in order, the branches on
    flags, the rewards and the choices between chapters); without --from, the one
    campaign the content defines, or the one whose id is NAME; with none, the chapters
    one after another by number.

    \b
    Examples:
      hollow campaign new autumn
      hollow campaign new autumn --from the-long-autumn
      hollow campaign new autumn --force    start it over (old file kept as .bak)
    """
    from hollowcli.errors import SaveError, UsageError
    from hollowcli.play import saves
    from hollowcli.play.campaigns import choose_campaign

    path = saves.campaign_path(name)
    if path.exists() and not force:
        raise UsageError(f"campaign {name!r} already exists; 'hollow campaign new {name} --force' starts it over")
    pack = get_pack(content_dirs)
    follows = choose_campaign(pack, name, from_id)
    kept = ""
    if path.exists():
        try:
            saves.load(name)
        except SaveError:  # damaged: it would not become the .bak, so keep it aside, never lose it
            kept = f"; the damaged file was kept as {saves.set_aside(path).name}"
    saves.save(saves.new_campaign(name, follows))
    from hollowcli.play.campaigns import play_hint

    hint = play_hint(name)
    if as_json:
        emit_json({"name": name, "file": str(path), "play": hint, "follows": follows})
        return
    if follows is None:
        echo(f"Started campaign '{name}' ({path}). Play it with: {hint}{kept}")
        return
    from hollowcli.play.view import wrap

    cdef = pack.campaigns[follows]
    start = pack.chapters[cdef.start]
    for line in wrap(f"Started campaign '{name}' ({path}), following {cdef.name} ('{follows}'): it starts with "
                     f"chapter {start.number}, {start.name}. Play it with: {hint}{kept}"):
        echo(line)
    if cdef.text:  # read out when the campaign starts
        for line in wrap(cdef.text):
            echo(line)


@campaign.command("next")
@click.argument("name", required=False, default="default", shell_complete=completion.campaigns)
@click.option("--input", "input_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Read the answers from this file (one per line: a number or a name; undo) instead of the keyboard.")
@click.option("--auto", is_flag=True, help="Take the first option of every question.")
@click.option("--undo", is_flag=True, help="Take back the last answer first (until the next chapter starts).")
@content_option
@json_option
def campaign_next(name: str, input_path: Path | None, auto: bool, undo: bool, content_dirs: tuple[Path, ...],
                  as_json: bool) -> None:
    """Run the interlude after the last chapter: rewards, upgrades, life paths, what to wear.

    Each question the campaign owes is asked in turn: type an option's number or name,
    'undo' to take back the last answer, 'help'. 'hollow play' and 'hollow assist' ask
    the same questions when a chapter ends; this command answers them (or takes one back
    with --undo) until the next chapter starts. --json alone shows what is owed.

    \b
    Examples:
      hollow campaign next autumn
      hollow campaign next autumn --auto          the first option of each
      hollow campaign next autumn --undo          take back the last answer
      hollow campaign next autumn --json          what is owed, answered nothing
      hollow campaign next autumn --input answers.txt --json
    """
    from hollowcli.errors import HollowError
    from hollowcli.play.console import Console
    from hollowcli.play.interlude_ask import run_next
    from hollowcli.play.view import wrap

    pack = get_pack(content_dirs)
    stream = sys.stderr if as_json else sys.stdout
    console = Console(stream, use_colour() and stream.isatty())
    stdin = sys.stdin if sys.stdin is not None else open(os.devnull, encoding="utf-8")  # noqa: SIM115
    answer = not as_json or input_path is not None
    doc, message, refused = run_next(pack, name, console, stdin, input_path=input_path, auto=auto, undo=undo,
                                     answer=answer)
    if refused:
        raise HollowError(message)
    if as_json:
        emit_json({**doc, "message": message})
        return
    for line in wrap(message):
        echo(line)


@campaign.command("status")
@click.argument("name", required=False, default="default", shell_complete=completion.campaigns)
@content_option
@json_option
def campaign_status(name: str, content_dirs: tuple[Path, ...], as_json: bool) -> None:
    """Show a campaign's party sheet on one screen: each Legend's stats (a changed number as
    base+delta with its source), skills (locked ones marked), kit, life path and upgrades;
    the chapter log (or the chapters by number); the game in progress or what comes next.

    --json adds the sheet as 'sheet' (legends, log, next, flags) to the campaign's progress.

    \b
    Examples:
      hollow campaign status                the default campaign
      hollow campaign status autumn --json
      hollow print campaign autumn          the same sheet as a PDF to keep with the box
    """
    from hollowcli.play import campaigns, party, saves

    camp = saves.load(name)
    pack = get_pack(content_dirs)
    doc = campaigns.status(pack, camp)
    doc["file"] = str(saves.campaign_path(name))
    sheet = party.party_sheet(pack, camp, doc["next_chapter"])
    doc["sheet"] = sheet.to_json()
    if as_json:
        emit_json(doc)
        return
    title = f" · {sheet.title}" if sheet.title else ""
    head = f"Campaign '{name}'{title}  ({_short_path(doc['file'], 78 - len(name) - len(title) - 14)})"
    game = doc["game"]
    if game:
        where = f"round {game['round']}" if game.get("round") is not None else "a game that no longer fits the content"
        undone = f", {plural(game['undone'], 'undone step')} to redo" if game["undone"] else ""
        now = (f"In progress: {_chapter_label(pack, game['chapter'])}, {where}, step {game['steps']}{undone} "
               f"(seed {game['seed']}).")
    elif camp.interlude is not None:  # a chapter ended; its interlude can still be undone
        inter = camp.interlude
        owed = max(0, len(inter.get("questions") or []) - len(inter.get("answers") or []))
        after = f"the interlude after {_chapter_label(pack, str(inter.get('chapter')))} ({inter.get('outcome')})"
        now = (f"Now: {after}: {plural(owed, 'choice')} to make ('hollow campaign next {name}' asks).") if owed else \
            (f"Next: {_chapter_label(pack, str(inter['next']))}; {after} can be undone until it starts."
             if inter.get("next") else f"Now: {after} is done.")
    elif doc["next_chapter"]:
        now = f"Next: {_chapter_label(pack, doc['next_chapter'])}."
    else:
        now = "Every chapter is won."
    from hollowcli.play.campaigns import play_hint

    ended = game is None and camp.interlude is None and not doc["next_chapter"]
    go_on = (f"Continue with: {play_hint(name)}" if not ended else
             f"The campaign is over: 'hollow play N --campaign {name}' replays chapter N.")
    dice = "Dice: " + {"ask": "asked of you at each roll ('--rolled seeded' lets hollow roll)",
                       "rolled": f"your --rolled values first ({', '.join(camp.dice_values)}), then hollow rolls"}\
        .get(camp.dice, "hollow rolls them ('--rolled ask' asks you at each roll)") + "."
    lines = party.screen_lines(sheet, doc, head, now, [dice, go_on])
    echo(style(lines[0], bold=True))
    for line in lines[1:]:
        echo(line)


def _short_path(path: str, width: int) -> str:
    """A file's path for one screen line: the home folder as ~, the middle cut when still too long."""
    home = os.path.expanduser("~")
    if home not in ("", "/", "~") and path.startswith(home + os.sep):
        path = "~" + path[len(home):]
    width = max(width, 24)
    return path if len(path) <= width else path[: width // 3] + "…" + path[-(width - width // 3 - 1):]


def _chapter_label(pack, chapter_id: str) -> str:  # pack: Pack
    ch = pack.chapters.get(chapter_id)
    return f"chapter {ch.number}, {ch.name}" if ch else chapter_id


@campaign.command("list")
@json_option
def campaign_list(as_json: bool) -> None:
    """List every campaign with its progress.

    \b
    Examples:
      hollow campaign list
      hollow campaign list --json
    """
    from hollowcli.errors import SaveError
    from hollowcli.play import saves

    rows: list[dict[str, Any]] = []
    for name in saves.list_campaigns():
        try:
            camp = saves.load(name)
        except SaveError as e:
            rows.append({"name": name, "damaged": True, "problem": str(e)})
            continue
        rows.append({
            "name": name,
            "damaged": False,
            "completed": list(camp.completed),
            "in_progress": camp.game.chapter if camp.game else None,
            "steps": camp.game.cursor if camp.game else 0,
        })
    if as_json:
        emit_json({"folder": str(saves.campaigns_dir()), "campaigns": rows})
        return
    if not rows:
        echo(f"No campaigns yet in {saves.campaigns_dir()}; 'hollow play' starts the default one.")
        return
    for r in rows:
        if r["damaged"]:
            from hollowcli.play.view import wrap

            for line in wrap(f"  {r['name']:<20} cannot be read (damaged, or from a newer hollow): "
                             f"'hollow campaign status {r['name']}' says more", indent=" " * 23):
                echo(line)
            continue
        n_won = len(r["completed"])
        won = f"{plural(n_won, 'chapter')} won"
        now = f", playing {r['in_progress']} (step {r['steps']})" if r["in_progress"] else ""
        echo(f"  {r['name']:<20} {won}{now}")
