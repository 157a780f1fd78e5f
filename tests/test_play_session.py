"""Game sessions: replay, undo/redo, per-step dice, bounded snapshots, saved commands."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.engine import rolls
from hollowcli.play import session as session_mod
from hollowcli.play.saves import GameRecord
from hollowcli.play.session import Session


@pytest.fixture(scope="module")
def pack() -> Any:
    return get_pack(())


def _record(pack: Any, chapter: str = "schoolhouse", seed: int = 11) -> GameRecord:
    return GameRecord(chapter, seed, engine.new_game(pack, chapter).to_dict())


def _play(sess: Session, steps: int, policy_seed: int = 0) -> None:
    for _ in range(steps):
        if sess.outcome()[0]:
            return
        sess.take(engine.auto_action(sess.state, random.Random(policy_seed)))


def test_same_seed_same_game_and_different_seed_different_dice(pack: Any) -> None:
    a, b, c = Session(pack, _record(pack, seed=5)), Session(pack, _record(pack, seed=5)), Session(pack, _record(pack, seed=6))
    _play(a, 60)
    _play(b, 60)
    _play(c, 60)
    assert a.state.to_dict() == b.state.to_dict()
    assert a.record.actions == b.record.actions
    assert a.state.to_dict() != c.state.to_dict()


def test_resuming_from_the_record_rebuilds_the_same_board(pack: Any) -> None:
    live = Session(pack, _record(pack))
    _play(live, 40)
    saved = GameRecord.from_dict(live.record.to_dict())
    resumed = Session(pack, saved)
    assert resumed.state.to_dict() == live.state.to_dict()
    # and continuing both gives the same game (each step has its own dice)
    _play(live, 15)
    _play(resumed, 15)
    assert resumed.state.to_dict() == live.state.to_dict()


def test_undo_then_redo_returns_to_the_same_state_with_the_same_dice(pack: Any) -> None:
    sess = Session(pack, _record(pack, "covered-bridge"))
    boards = [sess.state.to_dict()]
    for _ in range(30):
        if sess.outcome()[0]:
            break
        sess.take(engine.auto_action(sess.state, random.Random(0)))
        boards.append(sess.state.to_dict())
    n = sess.step
    assert sess.undo(7) == 7
    assert sess.state.to_dict() == boards[n - 7]
    assert sess.can_redo == 7
    sess.undo(1)
    assert sess.state.to_dict() == boards[n - 8]
    events = sess.redo(8)
    assert events, "redo prints the rulings again"
    assert sess.state.to_dict() == boards[n]
    assert sess.redo() == []  # nothing left to redo


def test_undo_past_the_start_stops_at_the_start(pack: Any) -> None:
    sess = Session(pack, _record(pack))
    start = sess.state.to_dict()
    _play(sess, 3)
    assert sess.undo(99) == 3
    assert sess.state.to_dict() == start
    assert sess.undo() == 0


def test_a_new_step_after_undo_drops_the_redo_tail(pack: Any) -> None:
    sess = Session(pack, _record(pack))
    _play(sess, 5)
    sess.undo(2)
    legal = engine.legal_actions(sess.state)
    sess.take(legal[-1])
    assert sess.can_redo == 0
    assert len(sess.record.actions) == 4 == sess.step


def test_on_step_is_called_for_every_change(pack: Any) -> None:
    calls: list[int] = []
    sess = Session(pack, _record(pack), on_step=lambda rec: calls.append(rec.cursor))
    _play(sess, 3)
    sess.undo()
    sess.redo()
    assert calls == [1, 2, 3, 2, 3]


LONG_PACK = Path(__file__).parent / "golden" / "long-night-pack"


def test_snapshots_stay_bounded_in_a_long_game() -> None:
    long_pack = get_pack((LONG_PACK,))
    sess = Session(long_pack, _record(long_pack, "long-night"))
    while not sess.outcome()[0]:
        sess.take(engine.auto_action(sess.state, random.Random(0)))
    assert sess.outcome()[0] == "won" and sess.state.round == 200
    assert sess.step > 8 * session_mod.MAX_SNAPSHOTS  # long enough for the interval to grow
    assert len(sess._snapshots) <= session_mod.MAX_SNAPSHOTS
    # an undo far back is still exact
    target = sess.step // 3
    rec = sess.record
    expected = Session(long_pack, GameRecord(rec.chapter, rec.seed, rec.initial, rec.actions[:target], target))
    sess.undo(sess.step - target)
    assert sess.state.to_dict() == expected.state.to_dict()


def test_every_legal_action_round_trips_through_its_command(pack: Any) -> None:
    """The save stores commands, so each legal action must parse back to itself."""
    for chapter in pack.chapters:
        for seed in range(4):
            sess = Session(pack, _record(pack, chapter, seed))
            for _ in range(120):
                if sess.outcome()[0]:
                    break
                for a in engine.legal_actions(sess.state):
                    assert engine.parse_command(sess.state, a.command) == a, a.command
                sess.take(engine.auto_action(sess.state, random.Random(seed)))


def test_a_saved_command_that_no_longer_fits_is_a_save_error(pack: Any) -> None:
    from hollowcli.errors import SaveError

    rec = _record(pack)
    rec.actions = [{"command": "move Z99"}]
    rec.cursor = 1
    with pytest.raises(SaveError, match="not legal"):
        Session(pack, rec)


def test_a_saved_state_from_other_content_is_a_save_error(pack: Any) -> None:
    from hollowcli.errors import SaveError

    rec = _record(pack)
    rec.initial = {**rec.initial, "chapter": "no-such-chapter"}
    with pytest.raises(SaveError):
        Session(pack, rec)


def test_step_rng_is_independent_of_other_steps() -> None:
    a = [rolls.step_rng(3, 10).random() for _ in range(2)]
    b = [rolls.step_rng(3, 10).random() for _ in range(2)]
    assert a == b
    assert rolls.step_rng(3, 11).random() != a[0]


def test_the_step_generators_draw_as_random_random_even_re_armed() -> None:
    """step_rng/policy_rng draw what ``random.Random`` of their seed draws; a generator that
    rolls.rearm makes another step's (hint's rollouts re-arm two per rollout) draws what a
    new one would, whatever it drew before."""

    def draws(rng: random.Random) -> list[Any]:
        return [rng.random(), rng.getrandbits(7), rng.randrange(6), rng.random()]

    assert draws(rolls.step_rng(3, 10)) == draws(random.Random("3:10"))
    assert draws(rolls.policy_rng(3, 10)) == draws(random.Random("3:auto:10"))
    rng = rolls.step_rng(3, 10)
    draws(rng)
    for seed, step, auto in ((3, 11, False), (4, 2, True), (4, 2, True), (5, 0, False)):
        rolls.rearm(rng, seed, step, auto)
        fresh = rolls.policy_rng(seed, step) if auto else rolls.step_rng(seed, step)
        assert draws(rng) == draws(fresh)
    rolls.rearm(rng, 6, 1, False)
    items, again = list(range(20)), list(range(20))
    rng.shuffle(items)
    rolls.step_rng(6, 1).shuffle(again)
    assert items == again


def test_a_long_game_keeps_memory_flat() -> None:
    """History must not copy the world: what a session holds grows by a few bytes per
    step (one interned command), far less than one board."""
    import gc
    import json
    import tracemalloc

    long_pack = get_pack((LONG_PACK,))

    def held_after(rounds: int) -> tuple[int, int, int]:
        gc.collect()
        tracemalloc.start()
        sess = Session(long_pack, _record(long_pack, "long-night", 3))
        while not sess.outcome()[0] and sess.state.round <= rounds:
            sess.take(engine.auto_action(sess.state, random.Random(0)))
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return held, sess.step, len(json.dumps(sess.state.to_dict()))

    Session(long_pack, _record(long_pack, "long-night", 3))  # warm the board caches
    m50, s50, board = held_after(50)
    m200, s200, _ = held_after(200)
    per_step = (m200 - m50) / (s200 - s50)
    assert per_step < board / 4, f"{per_step:.0f} bytes per step against {board} bytes for one board"
