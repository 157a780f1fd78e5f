"""Find the shipped ``content/`` and ``templates/`` folders.

In a source checkout they sit beside the ``hollowcli`` package; in an installed wheel
they ship inside it as ``hollowcli/_content`` and ``hollowcli/_templates``.
Plain ``os.path`` here: this runs on every start, and ``pathlib`` costs ``hollow roll``
a measurable share of its start-up (see benchmarks/README.md).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def _find(name: str) -> str:
    installed = os.path.join(_PACKAGE, f"_{name}")
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(_PACKAGE), name)


def content_path() -> str:
    """The built-in content pack, as a string (for the start-up path)."""
    return _find("content")


def content_dir() -> Path:
    """The built-in content pack."""
    from pathlib import Path

    return Path(content_path())


def templates_dir() -> Path:
    """The built-in jinja2 card templates."""
    from pathlib import Path

    return Path(_find("templates"))


def fonts_dir() -> Path:
    """The TTF fonts embedded in every PDF."""
    from pathlib import Path

    return Path(_PACKAGE) / "fonts"
