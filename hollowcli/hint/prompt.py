"""``hint`` at a Legend-phase prompt of ``hollow play`` and ``hollow assist``.

``hint`` weighs the policy's top few choices; ``hint move D4``, ``hint attack 2``, ``hint
move D4; attack 2`` or ``hint 3`` (a choice's number) weighs that one too. Nothing is
taken and nothing is saved: the answer is read from rollouts of the state on the screen
(in ``hollow assist``, the ledger as it stands, corrections included). Ctrl-C stops the
rollouts early and shows what they have.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from hollowcli.engine.vocab import Phase
from hollowcli.hint import candidates as cands
from hollowcli.hint import words
from hollowcli.hint.estimate import DEFAULT_ROLLOUTS, Runner, estimate, in_process
from hollowcli.names import plural
from hollowcli.play import view
from hollowcli.play.table import Table

#: ``hint`` and what follows it, as typed at the prompt.
HINT = re.compile(r"^\s*hint(?:\s+(.*))?$", re.IGNORECASE | re.DOTALL)

#: What the prompt calls: ``hinter(table, text, actions)`` (False: the board did not change).
Hinter = Callable[[Table, str, list[Any]], bool]


def prompt_seed(game_seed: int, step: int) -> int:
    """The rollouts' seed of a hint at step ``step`` of a game seeded ``game_seed``: the same
    for the same step (asking again gives the same answer), and drawn from its own stream
    (``"SEED:hint:STEP"``), so no rollout rolls the dice the game itself will roll next
    (rollout *r* seeded like game ``game_seed + r`` would, for r = 0)."""
    import random

    return random.Random(f"{game_seed}:hint:{step}").randrange(2**31)


def hinter(runner: Runner = in_process, rollouts: int = DEFAULT_ROLLOUTS) -> Hinter:
    """The prompt's ``hint``, playing its rollouts with ``runner`` (the command hands in
    ``hollow simulate``'s process pool)."""
    return functools.partial(at_prompt, runner=runner, rollouts=rollouts)


def at_prompt(table: Table, text: str, actions: list[Any], runner: Runner = in_process,
              rollouts: int = DEFAULT_ROLLOUTS) -> bool:
    """Answer ``hint [CHOICE]`` typed at the prompt; never a step, never a save."""
    state = table.state
    if state.result is not None or state.phase != Phase.LEGENDS:
        table.hint("There is nothing to weigh now: hints answer at a Legend-phase choice.")
        return False
    m = HINT.match(text)
    arg = (m.group(1) or "").strip() if m else ""
    weigh = cands.top_candidates(state)
    if arg:
        mine = cands.named(state, arg, actions)
        if isinstance(mine, str):
            table.hint(f"{mine} Type 'hint' alone for the best few choices.")
            return False
        mine = replace(mine, named=True)
        weigh = [mine] + [c for c in weigh if c.command != mine.command][: cands.TOP - 1]
    told = view.wrap(f"Weighing {plural(len(weigh), 'choice')} by rollouts (at least {rollouts} for each that stays "
                     "in the running; Ctrl-C stops early with what is done)...")
    table.console.lines([table.paint(line, "dim") for line in told])
    ledger = table.mode.command == "hollow assist"
    answer = estimate(state, weigh, rollouts, seed=prompt_seed(table.session.record.seed, table.session.step),
                      runner=runner, step=table.session.step)
    for line in words.lines(state, answer, ledger):
        table.console.lines(view.wrap(line, indent="    "))
    return False
