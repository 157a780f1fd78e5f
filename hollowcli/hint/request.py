"""``hollow hint``: the chance to win from a saved game's state, for each good choice.

The campaign is read, its game replayed to where it stands, and the candidates weighed;
the save is never written (no lock is taken: nothing changes).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from hollowcli.engine.vocab import Phase
from hollowcli.errors import UsageError
from hollowcli.hint import candidates as cands
from hollowcli.hint.estimate import DEFAULT_ROLLOUTS, Answer, Runner, estimate, in_process


@dataclass(frozen=True)
class HintRequest:
    campaign: str
    rollouts: int = DEFAULT_ROLLOUTS
    seed: int = 0
    named: tuple[str, ...] = ()  # choices to weigh besides the policy's top few


def saved_state(pack: Any, name: str) -> tuple[Any, int]:
    """The state of campaign ``name``'s game in progress and its step (a SaveError or a
    UsageError when there is none)."""
    from hollowcli.play import saves
    from hollowcli.play.session import open_session

    camp = saves.load(name)
    if camp.game is None:
        raise UsageError(f"campaign {name!r} has no game in progress; 'hollow play --campaign {name}' starts one")
    session = open_session(pack, camp)
    return session.state, session.step


def hint_saved(pack: Any, req: HintRequest, runner: Runner = in_process) -> tuple[Any, Answer]:
    """Weigh the choices of the saved game's state."""
    state, step = saved_state(pack, req.campaign)
    if state.result is not None or state.phase != Phase.LEGENDS:
        raise UsageError(f"campaign {req.campaign!r}'s game is over ({state.result}); there is no choice to weigh")
    weigh = cands.top_candidates(state)
    for text in req.named:
        mine = cands.named(state, text)
        if isinstance(mine, str):
            raise UsageError(f"--choice {text!r}: {mine}")
        weigh = [c for c in weigh if c.command != mine.command] + [replace(mine, named=True)]
    return state, estimate(state, weigh, req.rollouts, req.seed, runner, step=step)
