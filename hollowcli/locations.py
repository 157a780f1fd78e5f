"""The location grammar, shared by the content validator (``pack/``) and the engine.

Locations are named like spreadsheet cells: column letters then row number (``C4``),
counted from the top-left character of a chapter map, ``#`` border included. Columns
after ``Z`` are ``AA``, ``AB`` ... ``ZZ`` (702 columns). Names are read in any case, with
spaces around or between the parts (``c 4``) allowed, and written in capitals.
This module imports nothing, so any part of hollowcli may use it.
"""

from __future__ import annotations

import re

#: A location name: one or two column letters, then the row number (1-based).
LOC_RE = re.compile(r"^\s*([A-Za-z]{1,2})\s*(\d{1,4})\s*$")

#: The most columns a name can address (A..ZZ).
MAX_COLUMNS = 26 + 26 * 26


def column_letters(col: int) -> str:
    """Column index (0 = leftmost) as letters: 0 -> A, 25 -> Z, 26 -> AA, 701 -> ZZ."""
    if col < 26:
        return chr(ord("A") + col)
    return chr(ord("A") + col // 26 - 1) + chr(ord("A") + col % 26)


def column_index(letters: str) -> int:
    """The inverse of :func:`column_letters` (any case): A -> 0, AA -> 26."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def loc_name(col: int, row: int) -> str:
    """The name of the location at ``col``, ``row`` (both 0-based): ``loc_name(2, 3) == 'C4'``."""
    return f"{column_letters(col)}{row + 1}"


def parse_loc(text: str) -> tuple[int, int] | None:
    """``'C4'`` (any case) -> ``(2, 3)``; None when the text is not a location name."""
    m = LOC_RE.match(text) if isinstance(text, str) else None
    if not m:
        return None
    row = int(m.group(2)) - 1
    if row < 0:
        return None
    return column_index(m.group(1)), row
