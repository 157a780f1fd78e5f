"""Files a content pack reads: they must stay inside the pack's folder, and stay small.

A pack is a folder someone else may have written. Its YAML files, ``rules.md`` and
templates are read only when, with every symbolic link followed, they are inside that
folder: a ``rules.md`` linked to ``/etc/passwd``, an ``evil.yaml`` linked to a private
file or a ``templates/leak.txt`` linked elsewhere is refused, not shown. Their size is
capped too, and so is the walk that finds the YAML files, so that every pack that loads
also prints and shows in seconds, and a folder that is no pack (``--content /``) is
refused at once instead of read whole.

No heavy import here (not even pathlib): the loader lists a pack's files on every start.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from hollowcli.errors import HollowError

if TYPE_CHECKING:
    from pathlib import Path

#: The most text a rules.md may hold (bytes), and the most ``## topic`` sections.
MAX_RULES_BYTES = 500_000
MAX_TOPICS = 100
#: The largest YAML file a pack may hold (bytes): twice what one file may expand to
#: (:data:`hollowcli.pack.yamlsrc.MAX_TEXT` characters), room for keys and indentation.
MAX_YAML_BYTES = 8_000_000
#: The most bytes of YAML all the files of one pack may hold together.
MAX_PACK_BYTES = 32_000_000
#: The most files and folders the search for a pack's YAML files looks at, and how deep
#: it goes: a pack is a few dozen files, a folder like ``/`` or a home folder is not one.
MAX_PACK_ENTRIES = 10_000
MAX_PACK_DEPTH = 8


def read_capped(path: str | Path, cap: int) -> bytes | None:
    """The bytes of the file ``path`` when it holds at most ``cap`` of them, else None. Never
    more than ``cap + 1`` bytes are read, whatever the file is (a 200 MB save, ``/dev/zero``):
    the one bounded reader of files that come from outside (a pack's, a save, the config
    file). OSError as ``open`` raises it."""
    with open(path, "rb") as fh:
        raw = fh.read(cap + 1)
    return raw if len(raw) <= cap else None


def not_a_pack(folder: str, why: str) -> HollowError:
    """The one sentence for a content folder that is no pack (``why`` says what gave it away)."""
    return HollowError(f"content folder {folder} does not look like a content pack: {why}; give the folder of "
                       "the pack itself, the one that holds its YAML files")


def is_inside(path: str | Path, folder: str | Path) -> bool:
    """Whether ``path``, every link followed, is ``folder`` or inside it."""
    real = os.path.realpath(path)
    top = os.path.realpath(folder)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def check_inside(path: str | Path, folder: str | Path, what: str) -> None:
    """Refuse ``path`` unless it resolves inside ``folder`` (``what`` names it in the message)."""
    if not is_inside(path, folder):
        raise HollowError(
            f"{what} {path} leads outside its pack folder {folder} (to {os.path.realpath(path)}); "
            "a pack may only use files inside its own folder: copy the file into the pack instead of linking it"
        )


def read_rules_md(path: str | Path) -> str:
    """The text of a pack's ``rules.md`` (the pack folder is the file's folder).

    One sentence (:class:`HollowError`) for a file that leads outside the pack, is not a
    regular file, is not UTF-8, or exceeds :data:`MAX_RULES_BYTES` or :data:`MAX_TOPICS`.
    """
    from pathlib import Path

    path = Path(path)
    check_inside(path, path.parent, "the rules text")
    if not path.is_file():
        raise HollowError(f"the rules text {path} is not a regular file; make rules.md a text file")
    try:
        raw = read_capped(path, MAX_RULES_BYTES)
    except OSError as e:
        raise HollowError(f"cannot read the rules text {path} ({e.strerror})") from e
    if raw is None:
        raise HollowError(f"the rules text {path} is larger than {MAX_RULES_BYTES:,} bytes, the most a rules.md "
                          "may hold; shorten it")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise HollowError(f"the rules text {path} is not UTF-8 text (line {line}); save it as UTF-8") from None
    topics = sum(1 for line in text.splitlines() if line.startswith("## "))
    if topics > MAX_TOPICS:
        raise HollowError(f"the rules text {path} has {topics} '## ' topics; a rules.md may have at most "
                          f"{MAX_TOPICS}, so merge some of them")
    return text
