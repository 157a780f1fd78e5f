"""Campaign save files: where they live, their versioned layout, atomic writes, backups.

A campaign is one JSON file, ``<data dir>/campaigns/NAME.json``. The data dir is
``$HOLLOW_HOME`` when set (tests always set it), else the platform's user data folder
(``~/.local/share/hollow`` on Linux).

The game in progress is not stored as a picture of the board but as its recipe: the
seed, the initial state and the list of commands taken (plus a cursor for redo). The
engine rebuilds the board by replaying, so the file stays small, undo/redo are free and
a save can never disagree with the rules that produced it.

Every write is atomic: a temporary file in the same folder is written and fsynced, the
current good file is kept as ``NAME.json.bak`` (a hard link, so the main file never goes
missing), the temporary file is renamed over the main one, and the folder is fsynced.
A killed process therefore loses at most the step it was resolving.

Files carry ``schema_version``; older layouts are upgraded by the functions in
:data:`MIGRATIONS`, one version at a time; newer ones are refused politely.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hollowcli.errors import SaveError, UsageError
from hollowcli.tempfiles import temp_beside

#: The layout this version of hollow writes (2: ``game.rolled``, the player's dice per step;
#: 3: ``game.actions`` as typed actions, ``Action.to_dict()``, not the typed command text;
#: 4: ``dice``, how the campaign's dice are rolled).
SCHEMA_VERSION = 4

#: How a campaign's dice are rolled (``Campaign.dice``): ``seeded`` (hollow rolls them from
#: the game's seed), ``ask`` (the players are asked at each roll: ``hollow play --rolled
#: ask``, and always ``hollow assist``) or ``rolled`` (the values of a ``--rolled`` list
#: not used yet, ``Campaign.dice_values``; then seeded).
DICE_MODES = ("seeded", "ask", "rolled")

#: The campaign used when none is named.
DEFAULT_CAMPAIGN = "default"

#: The largest save file read (bytes), and the most steps one saved game may hold. A game
#: at the highest round limit a pack may set (1,000 rounds of ~15 steps) takes about
#: 15,000 steps and 2 MB, and replaying 20,000 steps takes about 9 s (the plain Python
#: engine); past these a file is refused in one sentence before it is parsed or replayed
#: (a 200 MB save took 590 MB to read, 420,000 steps 10 s and 877 MB).
MAX_SAVE_BYTES = 10_000_000
MAX_STEPS = 20_000

_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}\Z")  # \Z, not $: "name\n" is not a name


# --------------------------------------------------------------------------- locations


def data_dir() -> Path:
    """hollow's data folder: ``$HOLLOW_HOME`` or the platform's user data dir."""
    env = os.environ.get("HOLLOW_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("hollow", appauthor=False))


def campaigns_dir() -> Path:
    """The folder holding every campaign file."""
    return data_dir() / "campaigns"


def check_name(name: str) -> str:
    """A campaign name is a file name: letters, digits, ``-`` and ``_``, at most 40."""
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise UsageError(
            f"{name!r} is not a usable campaign name; use letters, digits, '-' and '_' "
            "(at most 40, starting with a letter or digit)"
        )
    return name


def campaign_path(name: str) -> Path:
    """The save file of campaign ``name``."""
    return campaigns_dir() / f"{check_name(name)}.json"


def backup_path(path: Path) -> Path:
    """The previous good copy of a save file."""
    return path.with_name(path.name + ".bak")


# --------------------------------------------------------------------------- the data


@dataclass
class GameRecord:
    """A game in progress, as a recipe: replaying ``actions[:cursor]`` rebuilds the board.

    ``actions`` past ``cursor`` are steps that were undone and can be redone; taking a
    new step discards them. Each is a typed action (``Action.to_dict()``: its kind, the
    Legend and the fields of its kind), so renaming a command's shortcut cannot break a
    save; a step migrated from an older layout is ``{"command": text}`` until the game is
    replayed once (:class:`hollowcli.play.session.Session` upgrades it in place). ``rolled`` maps a step's index to the labels of the faces of
    the player's physical dice (``hollow play --rolled``) that step used, in order; its
    other dice are the seed's.
    """

    chapter: str
    seed: int
    initial: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    cursor: int = 0
    rolled: dict[int, list[str | None]] = field(default_factory=dict)
    #: A step left at a dice question (``--rolled ask``): ``{"action", "rolled"}``, the
    #: dice answered so far (label, or None for seeded); resuming takes it again.
    pending: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        self.rolled = {int(k): list(v) for k, v in self.rolled.items()}  # JSON keys are strings
        # a command given as text (a script, an older layout) is read when the game is replayed
        self.actions = [{"command": a} if isinstance(a, str) else a for a in self.actions]

    def to_dict(self) -> dict[str, Any]:
        return {
            "chapter": self.chapter,
            "seed": self.seed,
            "initial": self.initial,
            "actions": [dict(a) for a in self.actions],
            "cursor": self.cursor,
            "rolled": {str(k): list(v) for k, v in sorted(self.rolled.items())},
            **({"pending": self.pending} if self.pending else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        rec = cls(
            chapter=_typed(data, "chapter", str),
            seed=_typed(data, "seed", int),
            initial=_typed(data, "initial", dict),
            cursor=_typed(data, "cursor", int),
        )
        rec.actions = _typed(data, "actions", list)
        if len(rec.actions) > MAX_STEPS:
            raise ValueError(f"'game.actions' holds {len(rec.actions):,} steps, more than the {MAX_STEPS:,} a saved game may hold")
        if not all(_step_entry(a) for a in rec.actions):
            raise ValueError("'game.actions' holds something that is not an action")
        if not 0 <= rec.cursor <= len(rec.actions):
            raise ValueError("'game.cursor' points outside the list of actions")
        rolled = _typed(data, "rolled", dict)
        for key, faces in rolled.items():
            if not (key.isascii() and key.isdigit() and int(key) < len(rec.actions)):
                raise ValueError(f"'game.rolled' names {key!r}, which is not a step of the game")
            if not _faces_list(faces):
                raise ValueError(f"'game.rolled.{key}' is not a list of faces")
        rec.rolled = {int(k): list(v) for k, v in rolled.items()}
        pending = data.get("pending")
        if pending is not None:
            if not (isinstance(pending, dict) and _step_entry(pending.get("action")) and _faces_list(pending.get("rolled"))):
                raise ValueError("'game.pending' is not a step with its dice")
            rec.pending = {"action": dict(pending["action"]), "rolled": list(pending["rolled"])}
        return rec


def _step_entry(entry: Any) -> bool:
    """A typed action (``{"kind": ..., "legend": ...}``) or a migrated ``{"command": text}``."""
    return isinstance(entry, dict) and (isinstance(entry.get("kind"), str) or isinstance(entry.get("command"), str))


def _faces_list(faces: Any) -> bool:
    """A list of face labels (None: a seeded die)."""
    return isinstance(faces, list) and all(f is None or isinstance(f, str) for f in faces)


@dataclass
class ChapterResult:
    """How often a chapter was won and lost in this campaign."""

    won: int = 0
    lost: int = 0


@dataclass
class Campaign:
    """Everything a campaign remembers between sessions."""

    name: str
    created: str = ""
    legends: dict[str, Any] | None = None  # the engine's carried-over Legends state
    completed: list[str] = field(default_factory=list)  # chapter ids, in the order won
    results: dict[str, ChapterResult] = field(default_factory=dict)
    game: GameRecord | None = None
    #: How its dice are rolled (one of :data:`DICE_MODES`), kept from one session to the
    #: next: a game left at a dice question is asked again, whatever command resumes it.
    dice: str = "seeded"
    #: With ``dice == "rolled"``: the ``--rolled`` values not used yet, in order.
    dice_values: list[str] = field(default_factory=list)

    def result(self, chapter: str) -> ChapterResult:
        """The won/lost counts of ``chapter`` (created on first use)."""
        return self.results.setdefault(chapter, ChapterResult())

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "name": self.name,
            "created": self.created,
            "legends": self.legends,
            "progress": {
                "completed": list(self.completed),
                "results": {k: {"won": v.won, "lost": v.lost} for k, v in self.results.items()},
            },
            "game": self.game.to_dict() if self.game else None,
            "dice": {"mode": self.dice, **({"values": list(self.dice_values)} if self.dice == "rolled" else {})},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Campaign:
        """Build from a current-version document (see :func:`upgrade` for older ones)."""
        progress = _typed(data, "progress", dict)
        results_raw = _typed(progress, "results", dict)
        results = {}
        for chapter, counts in results_raw.items():
            if not isinstance(counts, dict):
                raise ValueError(f"'progress.results.{chapter}' is not a mapping")  # noqa: TRY004 - ValueError = damaged
            results[chapter] = ChapterResult(_typed(counts, "won", int), _typed(counts, "lost", int))
        legends = data.get("legends")
        if legends is not None:
            _check_carried(legends)
        game = data.get("game")
        if game is not None and not isinstance(game, dict):
            raise ValueError("'game' is not a mapping")
        completed = _typed(progress, "completed", list)
        if not all(isinstance(c, str) for c in completed):
            raise ValueError("'progress.completed' holds something that is not a chapter id")
        dice = _typed(data, "dice", dict)
        mode = dice.get("mode")
        values = dice.get("values", [])
        if mode not in DICE_MODES:
            raise ValueError(f"'dice.mode' is {mode!r}, not one of {', '.join(DICE_MODES)}")
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise ValueError("'dice.values' is not a list of faces")
        return cls(
            name=_typed(data, "name", str),
            created=str(data.get("created", "")),
            legends=legends,
            completed=completed,
            results=results,
            game=GameRecord.from_dict(game) if game is not None else None,
            dice=str(mode),
            dice_values=list(values) if mode == "rolled" else [],
        )


def _check_carried(legends: Any) -> None:
    """``legends`` must be legend id -> ``{"inventory": [item ids], "relic": id or null}``."""
    if not isinstance(legends, dict):
        raise ValueError("'legends' is not a mapping")  # noqa: TRY004 - ValueError = damaged
    for lid, kept in legends.items():
        if not isinstance(kept, dict):
            raise ValueError(f"'legends.{lid}' is not a mapping")  # noqa: TRY004 - ValueError = damaged
        inventory = kept.get("inventory", [])
        if not isinstance(inventory, list) or not all(isinstance(i, str) for i in inventory):
            raise ValueError(f"'legends.{lid}.inventory' is not a list of item ids")
        relic = kept.get("relic")
        if relic is not None and not isinstance(relic, str):
            raise ValueError(f"'legends.{lid}.relic' is not an item id")


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    """``data[key]``, which must be of ``kind`` (bool is not accepted as int)."""
    if key not in data:
        raise ValueError(f"the field {key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"the field {key!r} is not a {kind.__name__}")
    return value


def new_campaign(name: str) -> Campaign:
    """A fresh campaign (not yet written)."""
    created = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return Campaign(name=check_name(name), created=created)


# --------------------------------------------------------------------------- migrations


def _v0_to_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Pre-release layout (no ``schema_version``): flat ``inventory``/``won``/``lost`` keys
    and ``game.moves`` with the whole list always in effect."""
    won: dict[str, int] = doc.get("won", {}) or {}
    lost: dict[str, int] = doc.get("lost", {}) or {}
    results = {
        ch: {"won": int(won.get(ch, 0)), "lost": int(lost.get(ch, 0))} for ch in sorted(set(won) | set(lost))
    }
    game = doc.get("game")
    if isinstance(game, dict):
        moves = list(game.get("moves", []))
        game = {
            "chapter": game.get("chapter"),
            "seed": game.get("seed"),
            "initial": game.get("initial"),
            "actions": moves,
            "cursor": len(moves),
        }
    return {
        "schema_version": 1,
        "name": doc.get("name"),
        "created": doc.get("created", ""),
        "legends": doc.get("inventory"),
        "progress": {"completed": list(doc.get("completed", [])), "results": results},
        "game": game,
    }


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no physical dice: every step of the game in progress rolled from the
    seed, which is ``game.rolled`` empty."""
    game = doc.get("game")
    if isinstance(game, dict):
        game = {**game, "rolled": {}}
    return {**doc, "schema_version": 2, "game": game}


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 stored each step as the command typed (``"move E2"``). Reading a command
    needs the engine and the board of that step, so each becomes ``{"command": text}``,
    which the session reads once and replaces by the typed action."""
    game = doc.get("game")
    if isinstance(game, dict):
        game = {**game, "actions": [{"command": a} if isinstance(a, str) else a for a in game.get("actions", [])]}
        pending = game.get("pending")
        if isinstance(pending, dict) and isinstance(pending.get("command"), str):
            game["pending"] = {"action": {"command": pending["command"]}, "rolled": pending.get("rolled", [])}
    return {**doc, "schema_version": 3, "game": game}


def _v3_to_v4(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 did not say how the campaign's dice are rolled: it was whatever the command
    line said each time, so a game left at a dice question (``game.pending``: only a
    game that asked has one) was rolled for the player by a plain resume. Such a game is
    one that asks; any other rolls from the seed.

    Version 3 named foes by one number per game (``Gobkin #4``); version 4 by a standee
    number within the kind (``Gobkin 2``, ``g2``). Typed actions and corrections keep the
    foe's identity (``target: 4``, ``foe:4``) and read as before. What was kept as text
    is marked or rewritten so it still means the same foe: a command from layouts 1-2
    (``{"command": "attack 4"}``) gets ``old_numbers``, and a correction made at a pause
    of the adversary phase (``@1 put #2 B5`` in ``rolled``) names the foe's identity
    (``@1 put foe:2 B5``)."""
    game = doc.get("game")
    asking = isinstance(game, dict) and bool(game.get("pending"))
    if isinstance(game, dict):
        game = dict(game)
        if isinstance(game.get("actions"), list):
            game["actions"] = [_old_numbers(a) for a in game["actions"]]
        if isinstance(game.get("rolled"), dict):
            game["rolled"] = {k: _old_notes(v) for k, v in game["rolled"].items()}
        pending = game.get("pending")
        if isinstance(pending, dict):
            game["pending"] = {**pending, "action": _old_numbers(pending.get("action")), "rolled": _old_notes(pending.get("rolled"))}
    return {**doc, "schema_version": 4, "game": game, "dice": {"mode": "ask" if asking else "seeded"}}


def _old_numbers(entry: Any) -> Any:
    """A step kept as text (``{"command": ...}``), marked as naming foes by their old numbers."""
    if isinstance(entry, dict) and "kind" not in entry and isinstance(entry.get("command"), str):
        return {**entry, "old_numbers": True}
    return entry


#: A correction noted at a pause, as layout 3 wrote it: its foe was ``2``, ``#2`` or ``G2``.
_OLD_NOTE = re.compile(r"(@[0-9]+ (?:put|remove|set) )(?:[A-Za-z-]*#?)([0-9]{1,6})(?=\s|$)(.*)", re.DOTALL)


def _old_notes(items: Any) -> Any:
    """A step's answers with each correction noted at a pause naming its foe by identity."""
    if not isinstance(items, list):
        return items
    return [_OLD_NOTE.sub(r"\1foe:\2\3", x) if isinstance(x, str) else x for x in items]


#: ``MIGRATIONS[v]`` turns a version-``v`` document into a version ``v + 1`` one.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    0: _v0_to_v1, 1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4,
}


def schema_of(doc: dict[str, Any]) -> int:
    """The layout version of a document (files without the key are version 0)."""
    version = doc.get("schema_version", 0)
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ValueError("'schema_version' is not a whole number")
    return version


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """Apply the migrations in order until ``doc`` has the current layout.

    A newer document raises :class:`NewerSchema`; a missing step raises ValueError.
    """
    version = schema_of(doc)
    if version > SCHEMA_VERSION:
        raise NewerSchema(version)
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise ValueError(f"no migration from layout version {version}")
        doc = step(doc)
        new_version = schema_of(doc)
        if new_version != version + 1:  # a migration must move exactly one version
            raise ValueError(f"the migration from layout version {version} went to {new_version}")
        version = new_version
    return doc


class NewerSchema(Exception):
    """The file was written by a newer hollow."""

    def __init__(self, version: int):
        super().__init__(version)
        self.version = version


# --------------------------------------------------------------------------- reading


class DamagedSave(SaveError):
    """A save file that cannot be used; ``backup`` is a usable previous copy, if any."""

    def __init__(self, message: str, path: Path, backup: Path | None):
        super().__init__(message)
        self.path = path
        self.backup = backup


def parse(text: str) -> Campaign:
    """A campaign from the text of a save file (any supported layout).

    Raises ValueError (damaged) or :class:`NewerSchema`.
    """
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"it is not valid JSON (line {e.lineno})") from e
    except RecursionError as e:
        raise ValueError("it is not a campaign: its JSON is nested far too deeply") from e
    if not isinstance(doc, dict):
        raise ValueError("it does not hold a campaign")  # noqa: TRY004 - ValueError = damaged
    try:
        return Campaign.from_dict(upgrade(doc))
    except (AttributeError, KeyError, TypeError, OverflowError) as e:  # e.g. an old layout with wrong types inside
        raise ValueError(f"a field has the wrong type ({type(e).__name__}: {e})") from e


def _read(path: Path) -> Campaign:
    if path.exists() and not path.is_file() and not path.is_dir():  # a FIFO or a device: reading would hang
        raise ValueError("it is not a regular file")
    from hollowcli.pack.files import read_capped

    try:
        raw = read_capped(path, MAX_SAVE_BYTES)
    except OSError as e:
        raise ValueError(f"it cannot be read ({e.strerror})") from e
    if raw is None:
        raise ValueError(f"it is larger than {MAX_SAVE_BYTES:,} bytes, more than any campaign needs")
    try:
        text = raw.decode("utf-8-sig")  # an editor may have saved it with a byte order mark
    except UnicodeDecodeError as e:
        raise ValueError("it is not UTF-8 text") from e
    return parse(text)


def _usable_backup(path: Path) -> Path | None:
    bak = backup_path(path)
    if not bak.is_file():
        return None
    try:
        _read(bak)
    except (ValueError, NewerSchema):
        return None
    return bak


def load(name: str) -> Campaign:
    """Read campaign ``name``; a damaged or newer file raises :class:`DamagedSave`.

    A missing campaign raises SaveError telling how to create it.
    """
    path = campaign_path(name)
    if not path.exists():
        raise SaveError(missing_campaign(name))
    try:
        return _named(_read(path), name)
    except NewerSchema as e:
        bak = _usable_backup(path)
        offer = (
            f"; the backup {bak.name} is readable: 'hollow play --campaign {name} --from-backup' uses it"
            if bak
            else ""
        )
        raise DamagedSave(
            f"the campaign file {path} was written by a newer hollow (save layout {e.version}, this one "
            f"reads up to {SCHEMA_VERSION}), so it was left untouched: upgrade hollow to continue it{offer}",
            path,
            bak,
        ) from None
    except ValueError as e:
        bak = _usable_backup(path)
        if bak:
            offer = f"; its last good copy {bak.name} was kept: 'hollow play --campaign {name} --from-backup' resumes from it"
        else:
            offer = f" and there is no usable backup; 'hollow campaign new {name} --force' starts it again"
        raise DamagedSave(f"the campaign file {path} is damaged ({e}){offer}", path, bak) from None


def missing_campaign(name: str, new_flag: bool = False) -> str:
    """The sentence for a campaign that does not exist: the closest existing name, and
    the command that creates it (or, for a file that is a link to nothing, what it links to)."""
    from hollowcli.names import closest

    dangling = _dangling_link(name)
    if dangling:
        return dangling
    near = closest(name, [n for n in list_campaigns() if n != name])
    hint = f"did you mean '{near}'? " if near else ""
    how = f"'hollow campaign new {name}'" + (f" or 'hollow play --campaign {name} --new'" if new_flag else "")
    return f"there is no campaign named {name!r}; {hint}start one with {how}"


def _dangling_link(name: str) -> str | None:
    """The sentence for a campaign file that is a symbolic link to nothing (None otherwise):
    it is neither a campaign to read nor a name to start afresh over the link."""
    path = campaign_path(name)
    if not path.is_symlink() or path.exists():
        return None
    try:
        target = os.readlink(path)
    except OSError:
        target = "a file"
    return (f"the campaign file {path} is a symbolic link to {target}, which does not exist; put that file back, or "
            f"remove the link ('hollow campaign new {name} --force' starts the campaign again)")


def load_or_new(name: str) -> tuple[Campaign, bool]:
    """Read campaign ``name``, or make a new one in memory (not written: the caller saves
    it once it holds a game). The flag says whether it is new."""
    if not campaign_path(name).exists():
        dangling = _dangling_link(name)
        if dangling:
            raise SaveError(dangling)
        return new_campaign(name), True
    return load(name), False

def _named(camp: Campaign, name: str) -> Campaign:
    """The file name is the campaign's identity: a save copied from another campaign (its
    ``name`` field says so) is this campaign now, and is written back under this name only."""
    camp.name = name
    return camp


def set_aside(path: Path) -> Path:
    """Rename a damaged save to ``NAME.json.damaged`` (``.damaged2``, ... if taken); never delete it."""
    kept = path.with_name(path.name + ".damaged")
    n = 1
    while kept.exists():  # an earlier damaged copy is kept too
        n += 1
        kept = path.with_name(f"{path.name}.damaged{n}")
    os.replace(path, kept)
    return kept


def read_backup(name: str) -> Campaign | None:
    """The backup of campaign ``name`` when it can be read (None: none, or damaged too)."""
    bak = backup_path(campaign_path(name))
    try:
        return _named(_read(bak), name) if bak.is_file() else None
    except (ValueError, NewerSchema):
        return None


def restore_backup(name: str, check: Callable[[Campaign], str | None] | None = None) -> Campaign:
    """Make the backup the current save again; the damaged file is kept beside it.

    The damaged file is renamed by :func:`set_aside` (not deleted) so nothing is lost;
    :func:`kept_copies` lists such files. ``check`` says what is wrong with a campaign
    that reads but whose game does not load (None: nothing): such a file is damaged too,
    and a backup whose game does not load is not restored.
    """
    path = campaign_path(name)
    bak = backup_path(path)
    if path.is_file() and _is_good(path) and (check is None or check(_named(_read(path), name)) is None):
        from hollowcli.play.campaigns import play_hint

        raise SaveError(
            f"the campaign file {path} is not damaged, so --from-backup was not used (it would go back to the "
            f"previous step and set the good file aside); '{play_hint(name)}' resumes it, and 'undo' takes steps back"
        )
    if not bak.is_file():
        raise SaveError(f"campaign {name!r} has no backup file ({bak.name}) to resume from")
    try:
        camp = _named(_read(bak), name)
    except NewerSchema as e:
        raise SaveError(
            f"the backup {bak} was written by a newer hollow (save layout {e.version}); upgrade hollow to use it"
        ) from None
    except ValueError as e:
        raise SaveError(f"the backup {bak} is damaged too ({e}); 'hollow campaign new {name} --force' starts again") from None
    problem = check(camp) if check is not None else None
    if problem:
        raise SaveError(f"the backup {bak} does not load either ({problem}); 'hollow play --restart' starts the chapter "
                        "again, keeping the campaign's progress")
    with _writing(name):
        if path.exists():
            set_aside(path)
        _atomic_write(path, _dump(camp), keep_backup=False)
    return camp


def kept_copies(name: str) -> list[Path]:
    """The damaged copies of campaign ``name`` set aside so far, oldest first."""
    path = campaign_path(name)
    found = [p for p in path.parent.glob(path.name + ".damaged*")]
    return sorted(found, key=lambda p: (len(p.name), p.name))


def list_campaigns() -> list[str]:
    """Names of every campaign file in the data folder, sorted."""
    folder = campaigns_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json") if _NAME_RE.match(p.stem))


# --------------------------------------------------------------------------- one writer


class CampaignBusy(SaveError):
    """Another process has the campaign open for writing."""


def lock_path(name: str) -> Path:
    """The lock file of campaign ``name``: ``locks/NAME.lock`` in the data folder, beside
    (not among) the campaign files, which it never adds to."""
    return data_dir() / "locks" / f"{check_name(name)}.lock"


class CampaignLock:
    """One writer per campaign: ``hollow play`` (and ``hollow assist``) hold this while a
    game is open, and every :func:`save` takes it for its write when nobody holds it.

    It is an advisory ``fcntl.flock`` on ``locks/NAME.lock``, not an ``O_EXCL`` lock file: the
    kernel drops a flock when its process ends however it ends, so a lock left by a killed
    process (``kill -9``, a closed laptop lid, a crash) never blocks the next game and
    needs no guess about whether a recorded process id is still alive or was reused. The
    file only says who holds the lock (process id, command, since when) for the refusal
    message; it is left in place, as deleting it could race with a process opening it.
    Where ``fcntl`` does not exist (Windows) the lock is not taken.
    """

    def __init__(self, name: str, command: str = "hollow"):
        self.name = check_name(name)
        self.command = command
        self.path = lock_path(name)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> CampaignLock:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX
            return self
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as e:
            raise SaveError(f"cannot write the campaign lock file {self.path} ({e.strerror})") from e
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _read_holder(fd)
            os.close(fd)
            raise CampaignBusy(
                f"campaign '{self.name}' is open in another hollow ({holder}); one campaign takes one player at a "
                "time: finish or quit that game first (its window may be hidden), or play another campaign with "
                "--campaign NAME"
            ) from None
        self._fd = fd
        started = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
        note = json.dumps({"pid": os.getpid(), "command": self.command, "since": started}) + "\n"
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, note.encode("utf-8"), 0)
        except OSError:
            pass  # the note is only for messages; the lock itself is held
        _held[self.name] = self
        _clean_staging(self.name)
        return self

    def release(self) -> None:
        if self._fd is None:
            return
        _held.pop(self.name, None)
        try:
            os.ftruncate(self._fd, 0)
        except OSError:
            pass
        os.close(self._fd)  # closing the descriptor drops the flock
        self._fd = None

    def __enter__(self) -> CampaignLock:
        return self if self.held else self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


#: The campaigns this process holds open (name -> lock).
_held: dict[str, CampaignLock] = {}


def hold(name: str, command: str | None = None) -> CampaignLock:
    """Open campaign ``name`` for writing for as long as the returned lock is held (use it
    in a ``with``; unreleased, it is held until the process ends); raises
    :class:`CampaignBusy` naming the process that has it open. ``command`` (default: the
    command line's first word, ``hollow play``) is what the refusal tells another player.
    Holding it already, this process gets the same lock back."""
    held = _held.get(check_name(name))
    if held is not None:
        return held
    if command is None:
        import sys

        command = " ".join(["hollow", *sys.argv[1:2]])
    return CampaignLock(name, command).acquire()


def _read_holder(fd: int) -> str:
    """``process 1234, 'hollow play', since 2026-01-01T12:00:00Z`` from a lock file."""
    try:
        doc = json.loads(os.pread(fd, 4096, 0).decode("utf-8"))
        return f"process {int(doc['pid'])}, '{doc['command']}', since {doc['since']}"
    except (OSError, ValueError, KeyError, TypeError):
        return "a process that is just starting or ending"


def _clean_staging(name: str) -> None:
    """Delete what a killed writer of campaign ``name`` left half-done: its temporary files.

    Called with the lock held, so no other process is writing them now.
    """
    folder = campaigns_dir()
    try:
        leftovers = list(folder.glob(f".{name}.json.*.tmp"))
    except OSError:
        return
    for tmp in leftovers:
        try:
            tmp.unlink()
        except OSError:
            pass


# --------------------------------------------------------------------------- writing


def _dump(camp: Campaign) -> str:
    return json.dumps(camp.to_dict(), indent=1, ensure_ascii=False) + "\n"


def save(camp: Campaign) -> Path:
    """Write ``camp`` atomically, keeping the previous good file as ``NAME.json.bak``.

    Saving what the file already holds writes nothing, so the backup stays one real
    step behind instead of becoming a copy of the current file.
    """
    path = campaign_path(camp.name)
    text = _dump(camp)
    last = _last_text.get(path)
    if last is not None and last[1] == text and path.exists() and _known_good.get(path) == _stamp(path) == last[0]:
        return path
    with _writing(camp.name):
        _atomic_write(path, text, keep_backup=True)
    _last_text[path] = (_stamp(path), text)
    return path


def _writing(name: str) -> Any:
    """The campaign's lock for one write, unless this process holds it already."""
    import contextlib

    if name in _held:
        return contextlib.nullcontext()
    return CampaignLock(name, "hollow (saving)")


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: Files this process wrote or checked, by (inode, size, mtime): no need to re-read them.
_known_good: dict[Path, tuple[int, int, int]] = {}


#: The text this process last wrote to each file, with the file's stamp right after.
_last_text: dict[Path, tuple[tuple[int, int, int], str]] = {}


def _stamp(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _is_good(path: Path) -> bool:
    """Whether ``path`` is a readable save (cheap when this process wrote it last)."""
    if _known_good.get(path) == _stamp(path):
        return True
    try:
        _read(path)
    except (ValueError, NewerSchema):
        return False
    _known_good[path] = _stamp(path)
    return True


def _atomic_write(path: Path, text: str, keep_backup: bool) -> None:
    """Write ``text`` to ``path`` so that a crash at any moment leaves a complete file.

    The current file becomes the backup only if it is itself readable, so a damaged
    file never replaces a good backup.
    """
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = temp_beside(folder, f".{path.name}.", ".tmp")
    except OSError as e:
        raise SaveError(f"cannot write the campaign file in {folder} ({e.strerror})") from e
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup and path.exists() and _is_good(path):
            _link_backup(path)
        os.replace(tmp, path)
        _fsync_dir(folder)
        _known_good[path] = _stamp(path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise SaveError(f"cannot write the campaign file {path} ({e.strerror})") from e
    except BaseException:  # Ctrl-C in the middle of a write: the old file is intact; tidy up
        tmp.unlink(missing_ok=True)
        raise


def _link_backup(path: Path) -> None:
    """Point ``NAME.json.bak`` at the current file, atomically (copy where links fail)."""
    bak = backup_path(path)
    # a name of its own (never a fixed one: two writers would share it), and a .tmp left by
    # a killed process is cleaned by the next lock holder
    staging = path.with_name(f".{path.name}.bak.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        os.link(path, staging)
    except OSError:
        shutil.copyfile(path, staging)
        with open(staging, "rb+") as fh:
            os.fsync(fh.fileno())
    os.replace(staging, bak)
