"""Writing a file where the user said: the one place ``hollow print`` and ``hollow simulate
--report`` write what they made.

- :func:`check_out_folder` refuses, before anything is built, a folder hollow would not
  create: hollow creates only the last folder of the path the user gave, never a chain.
- :func:`write` writes atomically (a temporary file beside it, renamed into place, with the
  mode a new file gets), under a safe name that stays inside the folder.
- :func:`preview` writes a PNG of a PDF's first page beside it; pypdfium2 is imported only
  there (and by :func:`check_preview`, which asks before anything is built).

Only the standard library at import: the table commands never load this module.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hollowcli.errors import RenderError, UsageError
from hollowcli.tempfiles import temp_beside


@dataclass(frozen=True)
class Written:
    """A file a command wrote, with what its listing and ``--json`` show."""

    path: Path
    kind: str
    pages: int
    cards: int
    preview: Path | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "kind": self.kind,
            "pages": self.pages,
            "cards": self.cards,
            "preview": str(self.preview) if self.preview else None,
        }


def safe_name(name: str) -> str:
    """A file name that stays inside the output folder whatever an id contains."""
    cleaned = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in name).lstrip(".")
    return cleaned or "unnamed.pdf"


def check_out_folder(folder: Path, option: str) -> None:
    """Refuse, before anything is built, a folder to write into that hollow would not create:
    one whose parent folder is missing. hollow creates only the last folder of the path the
    user gave (``--out kit`` in an existing folder), never a chain of them anywhere
    (``--report /nonexistent/dir/x.pdf`` once created ``/nonexistent``)."""
    if folder.is_dir():
        return
    if folder.exists():
        raise UsageError(f"{option}: {folder} is a file, not a folder; give a folder to write into")
    parent = folder.parent
    if not parent.exists():  # (a parent that is a file: writing says so, see write)
        raise UsageError(f"{option}: the folder {parent} does not exist, and hollow creates only the last folder of "
                         f"the path ({folder.name}); create {parent} first, or give a folder inside an existing one")


def write(out_dir: Path, name: str, data: bytes) -> Path:
    """Write ``data`` atomically to ``out_dir/name`` (never outside ``out_dir``). Only
    ``out_dir`` itself is created, never its parents (see :func:`check_out_folder`)."""
    path = out_dir / safe_name(name)
    try:
        out_dir.mkdir(exist_ok=True)
        fd, tmp = temp_beside(out_dir, ".hollow-", ".part")
    except OSError as e:
        raise RenderError(f"cannot write {path} ({e.strerror or e}); give --out a folder you can write to") from e
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        raise RenderError(f"cannot write {path} ({e.strerror or e}); give --out a folder you can write to") from e
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def check_preview(wanted: bool) -> None:
    """With ``--preview``, make sure the PDF renderer is there before anything is built."""
    if not wanted:
        return
    try:
        import pypdfium2  # noqa: F401
    except ImportError:
        raise RenderError(
            "--preview needs the PDF renderer pypdfium2, which comes with hollowcli; reinstall it (pip install --force-reinstall hollowcli) or pip install pypdfium2"
        ) from None


def preview(path: Path, data: bytes) -> Path:
    """A PNG of the first page of the PDF ``data``, written next to it (150 dpi)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        image = pdf[0].render(scale=150 / 72).to_pil()
        png = path.with_suffix(".png")
        buf = io.BytesIO()
        image.save(buf, format="PNG", optimize=False)
        write(path.parent, png.name, buf.getvalue())
    finally:
        pdf.close()
    return png
