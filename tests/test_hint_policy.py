"""``hollow simulate --policy hint``: a small hint decides the Legends' choices."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_in_process

from hollowcli import engine
from hollowcli.hint.policy import hint_action
from hollowcli.pack.loader import load_pack

DUEL = str(Path(__file__).parent / "packs" / "hint-duel")


def test_the_hint_policy_takes_what_the_rollouts_find_best() -> None:
    """In the duel (tests/test_hint_estimate.py) the Spade Swing wins 26/27, the basic
    attack 5/9, ending or moving never: the hint takes the swing, whatever comes first."""
    state = engine.new_game(load_pack([DUEL]), "duel")
    state, _ = engine.apply(state, engine.parse_command(state, "activate jeremiah"), random.Random(0))
    for seed in range(3):
        assert hint_action(state, random.Random(seed)).command == "attack g1 with spade-swing"


def test_the_hint_policy_keeps_the_auto_choice_when_the_rollouts_cannot_tell_them_apart(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A rival that led by noise alone (12 rollouts each, the same dice, one more win) does
    not replace the --auto choice; one told apart from it does."""
    from hollowcli.hint import estimate as est
    from hollowcli.hint import policy

    state = engine.new_game(load_pack([DUEL]), "duel")
    state, _ = engine.apply(state, engine.parse_command(state, "activate jeremiah"), random.Random(0))
    cands = policy.top_candidates(state, policy.CANDIDATES)
    auto, rival = cands[0], cands[1]

    def answer(rival_wins: int) -> est.Answer:
        def figs(c: est.Candidate, wins: int) -> est.Figures:
            return est.Figures(c, {r: est.Rollout(won=r < wins, rounds_left=1) for r in range(12)})
        return est.Answer(step=1, seed=0, ranked=[figs(rival, rival_wins), figs(auto, 6)])

    monkeypatch.setattr(policy, "top_candidates", lambda s, n: cands)
    monkeypatch.setattr(policy, "estimate", lambda *a, **k: answer(7))
    assert hint_action(state, random.Random(0)) == auto.steps[0]
    monkeypatch.setattr(policy, "estimate", lambda *a, **k: answer(12))
    assert hint_action(state, random.Random(0)) == rival.steps[0]


def test_simulate_with_the_hint_policy_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "9", "--content", DUEL, "--games", "6", "--policy", "hint", "--json")
    code, out, err = run_in_process(capsys, *args, "--jobs", "1")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["policy"] == "hint" and doc["chapters"][0]["games"] == 6
    assert doc["chapters"][0]["wins"] >= 5  # 26/27 a game
    code, again, _ = run_in_process(capsys, *args, "--jobs", "2")
    assert again == out


def test_a_stop_inside_the_rollouts_stops_the_game_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """``hollow simulate --policy hint --jobs 1``: SIGTERM or Ctrl-C raises KeyboardInterrupt
    wherever the run is, nearly always inside a hint's rollouts, whose runner catches it and
    answers with what it has; the policy passes the stop on, or the run would play on."""
    from hollowcli.hint import estimate as est

    state = engine.new_game(load_pack([]), "schoolhouse")

    def stopped(*_args: Any, **_kw: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(est, "rollout", stopped)
    with pytest.raises(KeyboardInterrupt):
        hint_action(state, random.Random(0))
