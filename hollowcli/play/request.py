"""What ``hollow play`` and ``hollow assist`` were asked to do, and the way into a game.

The commands only read their options into a :class:`PlayRequest` (:func:`play_request`,
:func:`assist_request`); :func:`play` then opens the input, prepares the campaign (the
game in progress, or a new one), holds its lock, runs the :class:`~hollowcli.play.loop.Game`
and returns how it ended.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from hollowcli import names
from hollowcli.dice import faces_text, split_rolled
from hollowcli.errors import HollowError, UsageError
from hollowcli.play import campaigns, interlude, interlude_ask, saves, view
from hollowcli.play.console import Console, LineSource
from hollowcli.play.eventlog import EventLog
from hollowcli.play.loop import Game
from hollowcli.play.saves import Campaign
from hollowcli.play.session import game_problem
from hollowcli.play.table import Outcome, PlayOptions


@dataclass
class PlayRequest:
    """Everything ``hollow play`` was asked to do (the command only fills this in)."""

    campaign: str = saves.DEFAULT_CAMPAIGN
    chapter: str | None = None
    seed: int | None = None
    restart: bool = False
    from_backup: bool = False
    input_path: Path | None = None
    options: PlayOptions = field(default_factory=PlayOptions)
    named: bool = False  # --campaign was given: a campaign that does not exist is refused ...
    new: bool = False  # ... unless --new asks for it
    command: str = "hollow play"  # the command that goes on with the campaign (hollow assist)


_NEW_NEEDS_A_NAME = "--new starts the campaign --campaign NAME names; give the name, e.g. --campaign autumn --new"


def play_request(chapter: str | None, campaign: str | None, new: bool, seed: int | None, input_path: Path | None,
                 auto: bool, max_rounds: int, explain: bool, log_path: Path | None, restart: bool,
                 from_backup: bool, rolled: str | None) -> PlayRequest:
    """``hollow play``'s options as a request (a bad name or value raises UsageError).

    ``--auto`` without ``--campaign`` is a demo in a throwaway campaign; ``--rolled`` is a
    list of faces, or ``ask`` or ``seeded``.
    """
    if new and campaign is None:
        raise UsageError(_NEW_NEEDS_A_NAME)
    throwaway = auto and campaign is None and not from_backup
    name = saves.check_name(campaign if campaign is not None else ("demo" if throwaway else saves.DEFAULT_CAMPAIGN))
    word = rolled.strip().lower() if rolled is not None else None
    ask, seeded = word == "ask", word == "seeded"
    values = split_rolled(rolled) if rolled is not None and not (ask or seeded) else None
    return PlayRequest(
        campaign=name, named=campaign is not None, new=new, chapter=chapter, seed=seed, restart=restart,
        from_backup=from_backup, input_path=input_path,
        options=PlayOptions(explain=explain, auto=auto, max_rounds=max_rounds, log_path=log_path,
                            rolled=values, ask=ask, seeded=seeded, throwaway=throwaway),
    )


def assist_request(chapter: str | None, campaign: str | None, new: bool, seed: int | None, input_path: Path | None,
                   log_path: Path | None, explain: bool) -> PlayRequest:
    """``hollow assist``'s options as a request (a bad name raises UsageError)."""
    if new and campaign is None:
        raise UsageError(_NEW_NEEDS_A_NAME)
    name = saves.check_name(campaign if campaign is not None else saves.DEFAULT_CAMPAIGN)
    return PlayRequest(campaign=name, named=campaign is not None, new=new, chapter=chapter, seed=seed,
                       input_path=input_path, options=PlayOptions(explain=explain, log_path=log_path),
                       command="hollow assist")


def closing_problem(outcome: Outcome, failure: OSError | None) -> str | None:
    """Why the game's output could not be written, when the player must hear it (a full
    disk), not because its reader left (a closed pipe or terminal: nobody is there to tell)."""
    import errno

    if outcome.stopped != "output-closed" or failure is None or failure.errno in (errno.EPIPE, errno.EIO, errno.ENXIO,
                                                                                    errno.EBADF):
        return None
    return (f"cannot write the game's output ({failure.strerror}); the game is saved at round {outcome.round}, "
            f"step {outcome.steps}: '{saves.play_hint(outcome.campaign)}' resumes it")


def check_rolled(pack: Any, tokens: list[str]) -> None:
    """Refuse, before the game starts, a ``--rolled`` value that is a face of no die the game
    rolls (the attack die and the spawn die); which die a value meets is known only when
    the game rolls it (see :class:`hollowcli.play.rolled.QueueSource`)."""
    rules = pack.rules
    dice = [pack.dice[d] for d in dict.fromkeys((rules.attack_die, rules.spawn_die)) if d in pack.dice]
    for i, tok in enumerate(tokens, 1):
        if not any(d.face_for(tok) is not None for d in dice):
            faces = "; ".join(f"the {d.id} die's faces are {faces_text(d)}" for d in dice)
            raise UsageError(f"--rolled value {i} ({tok.strip()!r}) is not a face of any die the game rolls ({faces})")


def _no_save(camp: Campaign) -> None:
    """The persist function of a throwaway (demo) campaign: nothing is written."""


class InterludeLeft(Exception):  # noqa: N818 - not an error: the players left at a question
    """The interlude before the next game still owes questions: no game starts."""

    def __init__(self, outcome: Outcome):
        super().__init__(outcome.message)
        self.outcome = outcome


def prepare(pack: Any, req: PlayRequest, console: Console,
            persist: Callable[[Campaign], Any] = saves.save, source: LineSource | None = None) -> Campaign:
    """Open (or create) the campaign and make sure the wanted game is in progress.

    Nothing is written until the game is ready: a bad chapter or a missing campaign leaves
    no file behind. A campaign named with ``--campaign`` must exist (or ``--new``). An
    interlude that still owes questions asks them first (from ``source``; ``--auto``: the
    first option of each); left unanswered, :class:`InterludeLeft` says so.
    """
    # One writer per campaign: every command that plays on it (play, assist) holds its lock
    # from here on (play() releases it when the game ends; otherwise the process's end does).
    # A throwaway demo is never saved and takes none.
    if not req.options.throwaway:
        saves.hold(req.campaign)
    camp = _open_campaign(pack, req, console)
    wanted = names.find_chapter(pack.chapters, req.chapter) if req.chapter else None
    game = camp.game
    if game is not None and not req.restart:
        _keep_game(pack, req, console, camp, wanted, persist)
        return camp
    if game is None and camp.interlude is not None and interlude.state_of(camp.interlude) == interlude.ASKING:
        _ask_first(pack, req, console, camp, persist, source)
    if wanted is None:
        wanted = pack.chapters[game.chapter] if (game is not None and game.chapter in pack.chapters) else campaigns.next_chapter(pack, camp)
    followed = interlude.campaign_def(pack, camp)
    if wanted is None and followed is not None:
        raise HollowError(
            f"campaign '{camp.name}' has come to the end of {followed.name}; name a chapter "
            "to play it again (hollow play 1) or start a new campaign (hollow campaign new NAME)"
        )
    if wanted is None:
        raise HollowError(
            f"campaign '{camp.name}' has won every chapter; name one to play it again (hollow play 1) "
            "or start a new campaign (hollow campaign new NAME)"
        )
    campaigns.start_game(pack, camp, wanted.id, req.seed)
    persist(camp)
    return camp


def _ask_first(pack: Any, req: PlayRequest, console: Console, camp: Campaign, persist: Callable[[Campaign], Any],
               source: LineSource | None) -> None:
    """The questions the last chapter's interlude still owes, before the next game."""
    command = req.command
    why: str | None = "end-of-input"
    if req.options.auto or source is not None:
        read = source.read if source is not None else (lambda _prompt: None)
        why = interlude_ask.ask(pack, camp, read, console, req.options.auto, persist)
    if why is None:
        console.lines(view.wrap(interlude_ask.done_message(pack, camp, command)))
        return
    rec = camp.interlude
    assert rec is not None
    out = Outcome(camp.name, rec["chapter"], 0, 0, rec["rounds"], stopped=why,
                  message=interlude_ask.left_message(camp, why, command), interlude=interlude.doc(pack, camp))
    raise InterludeLeft(out)


def _open_campaign(pack: Any, req: PlayRequest, console: Console) -> Campaign:
    """The campaign of ``req``: restored from its backup, a throwaway one, or read (a new one
    in memory when it does not exist and may be made)."""
    if req.from_backup:
        camp = saves.restore_backup(req.campaign, check=lambda c: game_problem(pack, c))
        kept = saves.kept_copies(req.campaign)
        where = f" (the damaged file is kept as {kept[-1].name})" if kept else ""
        console.say(f"Restored campaign '{req.campaign}' from its backup{where}.")
        return camp
    if req.options.throwaway:
        return saves.new_campaign(req.campaign)
    exists = saves.campaign_path(req.campaign).exists()
    if req.new and exists:
        raise UsageError(f"campaign '{req.campaign}' exists already; drop --new to play in it, or "
                         f"'hollow campaign new {req.campaign} --force' starts it over")
    if req.named and not exists and not req.new and req.campaign != saves.DEFAULT_CAMPAIGN:
        raise UsageError(saves.missing_campaign(req.campaign, new_flag=True))
    camp, fresh = saves.load_or_new(req.campaign)
    if fresh:  # a campaign 'hollow play' starts follows the content's campaign, as 'hollow campaign new' would
        try:
            camp.follows = campaigns.choose_campaign(pack, req.campaign, None)
        except UsageError as e:
            raise UsageError(f"{str(e).split('; choose')[0]}; start the campaign with 'hollow campaign new "
                             f"{req.campaign} --from ID', ID one of: {', '.join(pack.campaigns)}") from None
    return camp


def _keep_game(pack: Any, req: PlayRequest, console: Console, camp: Campaign, wanted: Any,
               persist: Callable[[Campaign], Any]) -> None:
    """The game in progress goes on: refuse another chapter, and say what becomes of ``--seed``."""
    game = camp.game
    assert game is not None
    if wanted is not None and wanted.id != game.chapter:
        current = pack.chapters.get(game.chapter)
        label = f"chapter {current.number} ({game.chapter})" if current else game.chapter
        raise HollowError(
            f"campaign '{camp.name}' has {label} in progress; 'hollow play' resumes it, "
            f"'hollow play {req.chapter} --restart' abandons it"
        )
    if req.seed is not None and req.seed != game.seed:
        if game.actions:
            console.say(f"Note: the game in progress keeps its seed {game.seed}; --seed applies to new games.")
        else:  # nothing played yet (e.g. the reset after a loss): the seed is still free
            game.seed = req.seed
            persist(camp)


def play(pack: Any, req: PlayRequest, console: Console, stdin: TextIO) -> Outcome:
    """Run ``hollow play``: prepare the campaign, pick the input, play, report."""
    if req.options.rolled is not None:
        check_rolled(pack, req.options.rolled)
    persist: Callable[[Campaign], Any] = _no_save if req.options.throwaway else saves.save
    if req.options.throwaway:  # a demo that is never saved takes no lock
        return _play_held(pack, req, console, stdin, persist)
    # One writer per campaign: a second 'hollow play' on it is refused while this one runs.
    with saves.hold(req.campaign):
        return _play_held(pack, req, console, stdin, persist)


def _play_held(pack: Any, req: PlayRequest, console: Console, stdin: TextIO,
               persist: Callable[[Campaign], Any]) -> Outcome:
    handle: BinaryIO | None = None
    log: EventLog | None = None
    try:
        # Files the player named are opened first: a 'hollow play' that fails writes nothing.
        # (--auto in a campaign may be asked for dice too: the campaign may remember 'ask'.)
        source: LineSource | None = None
        if not req.options.auto or req.options.ask or not (req.options.throwaway or req.options.seeded):
            handle, source = _open_input(req, console, stdin)
        if req.options.log_path is not None:
            EventLog.check(req.options.log_path)
        try:
            camp = prepare(pack, req, console, persist, source)
        except InterludeLeft as left:
            console.lines(view.wrap(left.outcome.message))
            return left.outcome
        if req.options.log_path is not None:
            log = EventLog(req.options.log_path)
        return Game(pack, camp, req.options, console, source, persist, log=log).run()
    finally:
        if handle is not None:
            handle.close()


def _open_input(req: PlayRequest, console: Console, stdin: TextIO) -> tuple[BinaryIO | None, LineSource]:
    """Where the lines come from: the ``--input`` file (returned too, to be closed), the
    terminal, or the standard input."""
    if req.input_path is not None:
        try:
            handle = open(req.input_path, "rb")  # noqa: SIM115 - the caller closes it
        except OSError as e:
            raise HollowError(f"cannot read the input file {req.input_path} ({e.strerror})") from e
        return handle, LineSource.from_stream(handle, console, name=f"the input file {req.input_path}")
    if stdin.isatty():
        return None, LineSource.from_terminal(console)
    return None, LineSource.from_stream(getattr(stdin, "buffer", stdin), console, name="the standard input")
