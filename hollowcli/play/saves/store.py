"""Reading and writing campaign files: atomic writes, backups, damaged and newer saves.

Every write is atomic: a temporary file in the same folder is written and fsynced, the
current good file is kept as ``NAME.json.bak`` (a hard link, so the main file never goes
missing), the temporary file is renamed over the main one, and the folder is fsynced.
A killed process therefore loses at most the step it was resolving. A file that cannot
be read is never deleted: it is set aside (``NAME.json.damaged``) when a backup or a new
start replaces it.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

from hollowcli.errors import SaveError
from hollowcli.play.saves.lock import writing
from hollowcli.play.saves.migrate import SCHEMA_VERSION, NewerSchema, upgrade
from hollowcli.play.saves.model import MAX_SAVE_BYTES, Campaign, new_campaign
from hollowcli.play.saves.paths import backup_path, campaign_path, list_campaigns, play_hint
from hollowcli.tempfiles import temp_beside


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
    with writing(name):
        if path.exists():
            set_aside(path)
        _atomic_write(path, _dump(camp), keep_backup=False)
    return camp


def kept_copies(name: str) -> list[Path]:
    """The damaged copies of campaign ``name`` set aside so far, oldest first."""
    path = campaign_path(name)
    found = [p for p in path.parent.glob(path.name + ".damaged*")]
    return sorted(found, key=lambda p: (len(p.name), p.name))


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
    with writing(camp.name):
        _atomic_write(path, text, keep_backup=True)
    _last_text[path] = (_stamp(path), text)
    return path


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
