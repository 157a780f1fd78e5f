"""The estimator behind ``hint`` (hollowcli/hint/estimate.py): win chances against values
worked out by hand on a tiny chapter, the pairing of candidates (common random numbers),
the pruning, the intervals, and the same answer for any number of processes.

The tiny chapter (tests/packs/hint-duel): one round; a Gobkin (health 3, defense 0) on
Jeremiah's square; the other Legends far out of reach. The attack die has faces 0, 0, 1,
1, 1, 2. Jeremiah's bonus is +1 direct, so:

- ``attack g1`` (2 dice + 1) wins when the 2 dice score 2 or more:
  1 - P(0,0) - 2 P(0,1) = 1 - 1/9 - 2 * (1/3 * 1/2) = 5/9;
- ``attack g1 with spade-swing`` (3 dice + 1 + 1) wins unless all 3 dice are blank:
  1 - (1/3)^3 = 26/27;
- ``end`` (or a move away) cannot win: nobody else reaches the Gobkin this round.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import pytest

from hollowcli import engine
from hollowcli.hint import estimate as est
from hollowcli.hint.candidates import named, top_candidates
from hollowcli.intervals import wilson
from hollowcli.pack.loader import load_pack

DUEL = Path(__file__).parent / "packs" / "hint-duel"


@pytest.fixture(scope="module")
def duel() -> Any:
    """Jeremiah activated, standing on the Gobkin: the decision to weigh."""
    state = engine.new_game(load_pack([str(DUEL)]), "duel")
    state, _ = engine.apply(state, engine.parse_command(state, "activate jeremiah"), random.Random(0))
    return state


def cand(state: Any, text: str) -> est.Candidate:
    c = named(state, text)
    assert isinstance(c, est.Candidate), c
    return c


def test_win_chances_match_the_values_worked_out_by_hand(duel: Any) -> None:
    basic = est.estimate(duel, [cand(duel, "attack g1")], rollouts=400, seed=0).best
    assert basic.n == 400
    lo, hi = basic.interval
    assert lo < 5 / 9 < hi and hi - lo < 0.1  # the 95% interval holds 5/9 and is about ±5 points
    assert abs(basic.rate - 5 / 9) < 0.05
    swing = est.estimate(duel, [cand(duel, "attack g1 with spade-swing")], rollouts=400, seed=0).best
    assert swing.interval[0] < 26 / 27 < swing.interval[1]
    assert abs(swing.rate - 26 / 27) < 0.03
    end = est.estimate(duel, [cand(duel, "end")], rollouts=40, seed=0).best
    assert end.wins == 0 and end.rounds_left == 1.0  # lost at the end of this round, every time


def test_the_interval_is_wilsons(duel: Any) -> None:
    """0 wins of 50: Wilson's upper end is z²/(n + z²) = 3.8415 / 53.8415 = 7.13% (the
    textbook interval would say 0 to 0)."""
    ans = est.estimate(duel, [cand(duel, "attack g1 with spade-swing"), cand(duel, "end")], rollouts=200, seed=0)
    end = next(f for f in ans.ranked if f.candidate.command == "end")
    assert end.n == 50 and end.interval == pytest.approx((0.0, 0.0713), abs=5e-5)
    best = ans.best
    assert best.interval == wilson(best.wins, best.n)


def test_candidates_are_paired_same_seeds_same_dice(duel: Any) -> None:
    """'attack g1' and 'attack g1; end' differ only after the roll that decides the game:
    with the same seeds they win the very same rollouts, so their paired difference is
    exactly 0 and the answer cannot tell them apart (unpaired rollouts would differ)."""
    a, b = cand(duel, "attack g1"), cand(duel, "attack g1; end")
    assert len(b.steps) == 2
    ans = est.estimate(duel, [a, b], rollouts=120, seed=5)
    fa, fb = (next(f for f in ans.ranked if f.candidate is c) for c in (a, b))
    assert [fa.rollouts[r].won for r in range(120)] == [fb.rollouts[r].won for r in range(120)]
    d, lo, hi, n = est.paired(fa, fb)
    assert (d, n) == (0.0, 120) and lo < 0 < hi
    loser = ans.ranked[1]
    assert not loser.pruned_at and not ans.apart(loser) and loser.n == 120  # both keep the floor


def test_paired_interval_by_hand() -> None:
    """Rollouts 0-3: A wins 0, 1, 2; B wins 0 only: both 1, A only 2, neither 1, so A - B =
    +50 points, and Newcombe's paired interval (the figures of hollow simulate's --against,
    tests/test_simulate.py) over those four."""
    from hollowcli.intervals import Pairs, newcombe_paired

    c = est.Candidate("x", (), "x")
    a = est.Figures(c, {r: est.Rollout(won=r < 3, rounds_left=1) for r in range(4)})
    b = est.Figures(c, {r: est.Rollout(won=r == 0, rounds_left=1) for r in range(4)})
    d, lo, hi, n = est.paired(a, b)
    assert (d, n) == (0.5, 4)
    assert (d, lo, hi) == newcombe_paired(Pairs(both=1, base_only=0, other_only=2, neither=1))
    assert est.paired(b, a)[0] == -0.5


def test_clearly_worse_choices_stop_early_and_survivors_get_the_floor(duel: Any) -> None:
    cands = [cand(duel, "end"), cand(duel, "attack g1"), cand(duel, "attack g1 with spade-swing")]
    ans = est.estimate(duel, cands, rollouts=200, seed=0)
    got = {f.candidate.command: (f.n, bool(f.pruned_at)) for f in ans.ranked}
    assert got["attack g1 with spade-swing"] == (200, False)
    assert got["end"] == (50, True)  # 0 of 50 against ~96%: gone after the first stage
    assert got["attack g1"][1] and got["attack g1"][0] < 200  # ~55% against ~96%: gone too
    assert ans.ranked[0].candidate.command == "attack g1 with spade-swing"
    assert all(ans.apart(f) for f in ans.ranked[1:])
    assert est.stages(200) == [50, 100, 200]


def test_ctrl_c_keeps_what_was_played(duel: Any) -> None:
    def stopped_after_two(work: Any, pieces: list[Any]) -> tuple[dict[Any, Any], int]:
        done = dict(work(*p) for p in pieces[:2])
        return done, 2

    ans = est.estimate(duel, [cand(duel, "attack g1")], rollouts=200, seed=0, runner=stopped_after_two)
    assert not ans.complete and ans.best.n == 2 * est.PIECE


def test_a_stop_leaves_every_choice_with_the_same_rollouts(duel: Any) -> None:
    """A piece holds the same rollouts of every choice still in the running, so a stop
    (Ctrl-C) in the middle of a stage leaves them compared over the same dice, never one
    choice played and another not."""
    from hollowcli.hint.words import lines

    def stopped_after_one(work: Any, pieces: list[Any]) -> tuple[dict[Any, Any], int]:
        return dict(work(*p) for p in pieces[:1]), 1

    cands = [cand(duel, "attack g1 with spade-swing"), cand(duel, "end")]
    ans = est.estimate(duel, cands, rollouts=200, seed=0, runner=stopped_after_one)
    assert {f.candidate.command: sorted(f.rollouts) for f in ans.ranked} == {
        "attack g1 with spade-swing": [0, 1, 2, 3, 4], "end": [0, 1, 2, 3, 4]}  # a piece: 10 rollouts, 5 each
    said = " ".join(" ".join(lines(duel, ans)).split())
    assert "Stopped early (Ctrl-C)" in said and "not played before the stop" not in said


def test_a_choice_stopped_before_any_rollout_says_so_not_that_it_ties(duel: Any) -> None:
    from hollowcli.hint.words import lines

    played = est.Figures(est.Candidate("a", (), "a"), {r: est.Rollout(won=r < 5, rounds_left=1) for r in range(10)})
    unplayed = est.Figures(est.Candidate("end", (), "end"))
    said = " ".join(" ".join(lines(duel, est.Answer(1, 0, [played, unplayed], complete=False))).split())
    assert "2. end 0% (0%-100%), 0 rollouts" in said and "not played before the stop" in said
    assert "cannot be told apart" not in said


def test_the_same_answer_for_any_number_of_processes() -> None:
    from hollowcli.simulate.run import PiecePool, run_pieces

    state = engine.new_game(load_pack([]), "schoolhouse")
    cands = top_candidates(state, 3)
    one = est.estimate(state, cands, rollouts=24, seed=3)  # stages of 8, 12 and 24; pieces of 3 rollouts each
    figures = [(f.candidate.command, f.rollouts) for f in one.ranked]
    two = est.estimate(state, cands, rollouts=24, seed=3, runner=functools.partial(run_pieces, jobs=2))
    assert [(f.candidate.command, f.rollouts) for f in two.ranked] == figures
    pool = PiecePool(2)  # one pool for every stage, as the commands hand it in; entered again for a second hint
    for _ in range(2):
        kept = est.estimate(state, cands, rollouts=24, seed=3, runner=pool)
        assert [(f.candidate.command, f.rollouts) for f in kept.ranked] == figures
        assert pool._pool is None  # the hint closed it
    assert sum(f.n for f in one.ranked) == 72 and len({f.rate for f in one.ranked}) >= 1


def test_choices_that_come_to_the_same_game_share_it_and_the_figures_do_not_move() -> None:
    """At the covered bridge's first decision, 'move C5' comes to the very same game as
    'end' by round 2 (the policy walks Elijah back): its rollouts take that game's end
    instead of playing it again. Every figure is what playing each rollout out alone
    gives, the steps played are fewer, and the words and the JSON say so."""
    from hollowcli.hint import words

    state = bridge_decision()
    end, back, on = cand(state, "end"), cand(state, "move C5"), cand(state, "move D4")
    ans = est.estimate(state, [end, back, on], rollouts=12, seed=0)
    f_end, f_back, f_on = ans.offered
    alone = {c.command: [est.rollout(state, c.steps, r) for r in range(12)] for c in (end, back, on)}

    def game(r: est.Rollout) -> tuple[Any, ...]:
        return r.won, r.rounds_left, r.fell, r.cleared, r.hit, r.steps

    for f in (f_end, f_back, f_on):
        assert [game(f.rollouts[r]) for r in range(12)] == [game(r) for r in alone[f.candidate.command]]
    assert f_back.joined() == {0: 12} and f_end.joined() == {} and f_on.joined() == {}  # D4: another game
    assert all(r.played < r.steps for r in f_back.rollouts.values())
    assert all(r.played == r.steps for r in f_end.rollouts.values())
    said = " ".join(" ".join(words.lines(state, ans)).split())
    assert "'move C5' came to the very same game as 'end' in all 12 rollouts: the two are one choice." in said
    doc = words.document(state, ans)
    assert {c["command"]: c["same_game_as"] for c in doc["candidates"]} == {
        "end": [], "move C5": [{"command": "end", "rollouts": 12}], "move D4": []}


def bridge_decision() -> Any:
    """The covered bridge's first decision, as benchmarks/bench_hint.py weighs it."""
    state = engine.new_game(load_pack([]), "covered-bridge")
    state, _ = engine.apply(state, engine.auto_action(state, random.Random(0)), random.Random(1))
    return state


def test_the_same_state_at_another_step_is_not_the_same_game() -> None:
    """Step k rolls with the seed's k-th generator: the same state reached one step later
    meets other dice, so a rollout joins another's game only at the same step number."""
    state = bridge_decision()
    end, back = cand(state, "end"), cand(state, "move C5")
    met: est.Met = {}
    est.rollout(state, end.steps, 3, met=met, me=0)
    assert est.rollout(state, back.steps, 3, met=met, me=1).joined == 0  # as the estimate finds
    later = {k + 1: games for k, games in met.items()}  # the very states, each a step later
    moved = est.rollout(state, back.steps, 3, met=later, me=1)
    assert moved.joined == -1 and moved.played == moved.steps


def test_the_state_is_not_changed(duel: Any) -> None:
    before = duel.to_dict()
    est.estimate(duel, top_candidates(duel), rollouts=8, seed=0)
    assert duel.to_dict() == before


def test_candidates_start_with_the_policy_choice(duel: Any) -> None:
    tops = top_candidates(duel)
    assert tops[0].command == engine.auto_action(duel, random.Random(0)).command
    assert len({c.command for c in tops}) == len(tops) <= 5
    assert "neither a foe on the board" in str(named(duel, "attack g9"))


def test_the_words_say_which_choices_the_figures_tell_apart(duel: Any) -> None:
    """A survivor whose paired interval against the best lies below zero is 'worse than the
    best'; one whose interval holds zero 'cannot be told apart'; a pruned one 'clearly worse'."""
    from hollowcli.hint import words

    def figs(command: str, wins: int, n: int = 100, pruned: int = 0) -> est.Figures:
        return est.Figures(est.Candidate(command, (), command),
                           {r: est.Rollout(won=r < wins, rounds_left=2) for r in range(n)}, pruned_at=pruned)

    best, close, worse, gone = figs("a", 90), figs("b", 88), figs("c", 60), figs("d", 0, 25, pruned=25)
    text = " ".join(" ".join(words.lines(duel, est.Answer(1, 0, [best, close, worse, gone]))).split())
    assert "2. b 88% (80%-93%), 100 rollouts, 2.0 rounds left; cannot be told apart from the best" in text
    assert "3. c 60% (50%-69%), 100 rollouts, 2.0 rounds left; worse than the best" in text
    assert "4. d 0% (0%-13%), 25 rollouts, 2.0 rounds left; clearly worse, stopped early" in text
    assert "'a' cannot be told apart from 'b' (their paired 95% interval" in text


def test_the_words_name_a_same_game_only_when_it_is_a_real_share(duel: Any) -> None:
    """All of a choice's rollouts in another's game: 'one choice'; 30 of 100: said with its
    count; 10 of 100: left to the JSON."""
    from hollowcli.hint import words

    def figs(command: str, joined: int) -> est.Figures:
        return est.Figures(est.Candidate(command, (), command),
                           {r: est.Rollout(won=r % 2 == 0, rounds_left=3, joined=0 if r < joined else -1) for r in range(100)})

    a, b, c, d = figs("a", 0), figs("b", 100), figs("c", 30), figs("d", 10)
    ans = est.Answer(1, 0, [a, b, c, d], offered=[a, b, c, d])
    said = " ".join(words.why(duel, ans))
    assert "'b' came to the very same game as 'a' in all 100 rollouts: the two are one choice." in said
    assert "'c' came to the very same game as 'a' in 30 of 100 rollouts." in said
    assert "'d'" not in said.split("cannot be told apart")[0] and "'d' came to" not in said
    doc = words.document(duel, ans)
    assert [x["same_game_as"] for x in doc["candidates"]] == [
        [], [{"command": "a", "rollouts": 100}], [{"command": "a", "rollouts": 30}], [{"command": "a", "rollouts": 10}]]
