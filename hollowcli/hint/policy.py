"""``hollow simulate --policy hint``: the Legends play what a small hint says is best.

At each decision where the choice matters most (who activates next, and an activation's
decisions until its action is taken) the policy's top few candidates are weighed by a
few rollouts each (:func:`hollowcli.hint.estimate.estimate`, in this process: the game
itself already runs in one of simulate's worker processes), and the first step of the
best is taken, but only when the rollouts tell it apart from the ``--auto`` choice (its
paired 95% interval against that choice lies wholly above zero): with a dozen rollouts a
near-tie is decided by noise, and following noise plays worse than ``--auto``. Elsewhere,
and when there is only one candidate, the ``--auto`` policy decides. The rollouts are seeded from the generator the simulator hands the policy
(``policy_rng(S+i, step)``), so every game is reproducible. Slow: for small runs.
"""

from __future__ import annotations

import random
from typing import Any

from hollowcli import engine
from hollowcli.hint.candidates import top_candidates
from hollowcli.hint.estimate import estimate, paired

#: Candidates weighed at a decision, and rollouts for each that survives.
CANDIDATES = 3
ROLLOUTS = 12


def hint_action(state: Any, rng: random.Random) -> Any:
    """The first step of the candidate a small hint finds best (RulesError when the game is over)."""
    if state.turn is not None and state.turn.acted:
        return engine.auto_action(state, rng)
    cands = top_candidates(state, CANDIDATES)
    if len(cands) <= 1:
        return engine.auto_action(state, rng)
    answer = estimate(state, cands, ROLLOUTS, seed=rng.randrange(2**31))
    if not answer.complete:
        # Ctrl-C or SIGTERM stopped the rollouts (their runner caught the KeyboardInterrupt
        # simulate's one-process run raises): pass it on, so the run stops instead of playing on
        raise KeyboardInterrupt
    best = answer.best
    auto = next(f for f in answer.ranked if f.candidate is cands[0])  # the --auto choice comes first
    if best is not auto and paired(best, auto)[1] <= 0:
        return auto.candidate.steps[0]  # not told apart from the --auto choice: keep it
    return best.candidate.steps[0]
