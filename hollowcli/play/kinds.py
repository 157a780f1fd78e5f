"""The engine's action kinds that ``play/`` names, in one place.

The engine spells an action's kind as text today (``Action.kind``: ``"move"``,
``"attack"``, ...). The prompt loop, the screen, the combined choices and ``hollow assist``
compare kinds only through the names below, so that when the engine types its kinds
(one enum member per kind) this module is the one line per kind to change.
"""

from __future__ import annotations

from typing import Final

ACTIVATE: Final = "activate"
MOVE: Final = "move"
ATTACK: Final = "attack"
USE: Final = "use"
SEARCH: Final = "search"
GIVE: Final = "give"
END: Final = "end"

#: The words a move is typed with (``move C4``, ``m C4``, ``go C4``), as the engine reads them.
MOVE_WORDS: Final = ("move", "m", "go")
