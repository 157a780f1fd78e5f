"""The prompt's meta commands: what a player types besides choices and game commands.

:data:`META` maps each word to a function (:data:`~hollowcli.play.table.MetaCommand`); each takes an
optional count (``undo 3``, ``log 5``) and reaches the game only through
:class:`~hollowcli.play.table.Table`. ``hollow assist`` adds its own words to this table
(``status``, its ``help``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

from hollowcli.names import plural
from hollowcli.play import view
from hollowcli.play.table import MetaCommand, Table

HELP = """\
Choose by number, or type a command:
  <number>     take that choice (the list is shown after every step)
  move C4      move the activating Legend (column letter + row number);
               a place marked E4!2 costs a leave roll of 2 dice on the way
  a; b         two commands at once: 'move C3; attack 1'
  attack g2    attack Gobkin 2 (G2 on the map; also 'attack gobkin 2')
  end          end the activating Legend's turn ('activate NAME' ends it too)
  [...]        every other choice shows its typed shortcut in brackets
  undo [N]     take back the last step (or N)    redo [N]  take it again
  map          the map, the track and every figure
  log [N]      the last rulings (default 20)
  hint [C]     the chance to win from here for the best few choices (and C:
               'hint move D4'), by rollouts of the --auto policy; no step
  save         save now (it is saved after every step anyway)
  help         this text                          quit      save and leave
Foes act by themselves in the adversary phase; each ruling gives its reason."""


def typed_number(digits: str) -> int:
    """A typed number; one of more than 9 digits counts as 10**9 (and never meets Python's
    limit on converting 4,300-digit numbers): no choice, undo or log goes that far."""
    return int(digits) if len(digits) <= 9 else 10**9


@functools.lru_cache(maxsize=8)
def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"^\s*(" + "|".join(re.escape(w) for w in words) + r")(?:\s+([0-9]+))?\s*$", re.IGNORECASE)


def parse(table: Mapping[str, MetaCommand], text: str) -> tuple[str, int | None] | None:
    """``(word, count)`` when ``text`` is one of ``table``'s words (in any case), maybe with
    a count after it; else None."""
    found = _pattern(tuple(table)).match(text)
    if not found:
        return None
    return found.group(1).lower(), typed_number(found.group(2)) if found.group(2) else None


# ----------------------------------------------------------------------------- the commands


def _help(table: Table, count: int | None, actions: list[Any]) -> bool:
    table.console.say(HELP)
    return False


def _choices(table: Table, count: int | None, actions: list[Any]) -> bool:
    table.console.lines(view.render_choices(actions, table.paint, table.state))
    table.hidden = set()  # every number is on the screen now
    return False


def _map(table: Table, count: int | None, actions: list[Any]) -> bool:
    table.show_board()
    table.console.say("")
    table.console.lines(view.render_choices(actions, table.paint, table.state))
    table.hidden = set()
    return False


def _log(table: Table, count: int | None, actions: list[Any]) -> bool:
    recent = list(table.session.recent)[-(count or 20):]
    if not recent:
        table.console.say("Nothing has happened yet.")
    else:
        lines, _ = view.render_events(recent, table.options.explain, table.paint, None, legend_headers=True)
        table.console.lines(lines)
    return False


def _save(table: Table, count: int | None, actions: list[Any]) -> bool:
    path = table.persist(table.camp)
    table.console.say(f"Saved campaign '{table.camp.name}' at step {table.session.step}" + (f" ({path})." if path else "."))
    return False


def _quit(table: Table, count: int | None, actions: list[Any]) -> bool:
    table.quit = "quit"
    return False


def _undo(table: Table, count: int | None, actions: list[Any]) -> bool:
    if count == 0:
        table.hint("'undo 0' would change nothing; 'undo' alone takes one step.")
        return False
    before = table.state
    session = table.session
    n = session.undo(count or 1)
    if not n:
        table.hint("Nothing to undo: this is the start of the chapter.")
        return False
    board = table.mode.put_back(table, before)
    table.write_log({"step": session.step, "round": table.state.round, "phase": table.state.phase,
                     "kind": "undo", "numbers": {"steps": n, **({"put_back": board} if board is not None else {})},
                     "reason": f"the player took back {plural(n, 'step')}"})
    table.console.say(f"Undone {plural(n, 'step')}; back at round {table.state.round}, step {session.step}"
                      + (f" ({session.can_redo} can be redone with 'redo')." if session.can_redo else "."))
    if board is not None:
        table.mode.say_put_back(table, board)
    return True


def _redo(table: Table, count: int | None, actions: list[Any]) -> bool:
    if count == 0:
        table.hint("'redo 0' would change nothing; 'redo' alone takes one step.")
        return False
    session = table.session
    if not session.can_redo:
        table.hint("Nothing to redo.")
        return False
    before = session.step
    events = session.redo(count or 1)
    table.write_log({"step": session.step, "round": table.state.round, "phase": table.state.phase,
                     "kind": "redo", "numbers": {"steps": session.step - before},
                     "reason": f"the player redid {plural(session.step - before, 'step')}"})
    table.console.say(f"Redone {plural(session.step - before, 'step')}:")
    table.narrate(events)
    return True


#: The meta commands of ``hollow play``'s prompt: word -> what it does.
META: Mapping[str, MetaCommand] = {
    "help": _help,
    "?": _help,
    "choices": _choices,
    "map": _map,
    "log": _log,
    "save": _save,
    "quit": _quit,
    "exit": _quit,
    "undo": _undo,
    "redo": _redo,
}
