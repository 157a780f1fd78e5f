"""Small helpers for the printed words of content: text made literal for the print kit's
markup, and numbers kept on one line with what they count.

At pack level because the words of a card effect (:mod:`hollowcli.pack.effects`) are
content's own, read by the print kit and the validator alike; :mod:`hollowcli.render.markup`
re-exports :func:`escape_text` for the templates.
"""

from __future__ import annotations

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


def nb_plural(n: int, word: str) -> str:
    """``1&#160;extra spot``: the count and its noun kept on one line of a card."""
    return plural(n, word).replace(" ", "&#160;", 1)
