"""Small helpers for the printed words of content: text made literal for the print kit's
markup, and numbers kept on one line with what they count.

At pack level because the words of a card effect (:mod:`hollowcli.pack.effects`) are
content's own, read by the print kit and the validator alike; :mod:`hollowcli.render.markup`
re-exports :func:`escape_text` for the templates.
"""

from __future__ import annotations

import html
import re
from typing import Any

from hollowcli.names import plural


def escape_text(value: Any) -> str:
    """Content text made literal for reportlab's paragraph markup.

    ``&``, ``<`` and ``>`` become entities (as ``xml.sax.saxutils.escape`` does, without its
    imports), and ``@`` becomes ``&#64;`` so that content can never start a new template block.
    """
    return str(value).replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;").replace("@", "&#64;")


def nb(n: Any) -> str:
    """`` N`` with a no-break space before the number (``takes 2{damage}`` never splits)."""
    return f"&#160;{int(n)}"


def nb_plural(n: int, word: str, many: str | None = None) -> str:
    """``1&#160;extra spot``: the count and its noun kept on one line of a card."""
    return plural(n, word, many).replace(" ", "&#160;", 1)


_ICON_AFTER_NUMBER = re.compile(r"(\d)(?:\s|&#160;)*\{([a-z]+)\}")
_ICON = re.compile(r"\{[a-z]+\}\s?")
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")


def plain(markup: str) -> str:
    """Printed words (escaped text, ``{icons}``, ``**bold**``, ``*italic*``) as plain text for
    a terminal: an icon after a number becomes its word (``takes 1 damage``), any other
    icon goes; the marks go; entities become their characters (a no-break space a space)."""
    out = _ICON_AFTER_NUMBER.sub(r"\1 \2", markup)
    out = _ICON.sub("", out)
    out = _STRONG.sub(r"\1", out)
    out = _EMPHASIS.sub(r"\1", out)
    return html.unescape(out).replace("\u00a0", " ")
