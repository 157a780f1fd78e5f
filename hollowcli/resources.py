"""Find the shipped ``content/`` and ``templates/`` folders.

In a source checkout they sit beside the ``hollowcli`` package; in an installed wheel
they ship inside it as ``hollowcli/_content`` and ``hollowcli/_templates``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    installed = _PACKAGE / f"_{name}"
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def content_dir() -> Path:
    """The built-in content pack."""
    return _find("content")


def templates_dir() -> Path:
    """The built-in jinja2 card templates."""
    return _find("templates")


def fonts_dir() -> Path:
    """The TTF fonts embedded in every PDF."""
    return _PACKAGE / "fonts"
