"""One home per word: every action kind is printed, parsed and stored through its entry in
engine/actions.py; the board travels with the state (no module-level caches)."""

from __future__ import annotations

import random
from dataclasses import replace as dc_replace
from typing import Any

import pytest

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.engine import actions as vocab
from hollowcli.engine.legend_phase import HANDLERS
from hollowcli.engine.state import Action, replace


@pytest.fixture(scope="module")
def pack() -> Any:
    return get_pack(())


def _every_choice(pack: Any) -> list[tuple[Any, Action]]:
    """Every legal action offered along a few whole --auto games of each chapter."""
    out = []
    for chapter in sorted(pack.chapters):
        for seed in (1, 2):
            state = engine.new_game(pack, chapter)
            for i in range(400):
                if engine.outcome(state):
                    break
                out += [(state, a) for a in engine.legal_actions(state)]
                state, _ = engine.apply(state, engine.auto_action(state, random.Random(i)), random.Random(f"{seed}:{i}"))
    return out


def test_every_kind_the_engine_handles_has_one_entry_and_back() -> None:
    assert set(vocab.KINDS) == set(HANDLERS)
    assert vocab.ACTION_KINDS == {"attack", "use", "search", "give", "restore"}


def test_every_offered_action_reads_back_from_its_command_and_its_saved_form(pack: Any) -> None:
    seen: set[str] = set()
    for state, a in _every_choice(pack):
        seen.add(a.kind)
        assert engine.parse_command(state, a.command) == a, a.command
        saved = a.to_dict()
        assert set(saved) <= {"kind", "legend", *vocab.KINDS[a.kind].fields}  # no command text, no label
        assert Action.from_dict(saved) == a
        assert a.label and a.command.split()[0] in {a.kind, "attack"}
    assert seen >= {"activate", "move", "attack", "search", "restore", "end"}


def test_a_renamed_shortcut_does_not_change_what_a_saved_action_means(pack: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    state = engine.new_game(pack, "schoolhouse")
    state, _ = engine.apply(state, engine.parse_command(state, "activate matthias"), random.Random(1))
    move = engine.parse_command(state, "move E2")
    saved = move.to_dict()
    spec = vocab.KINDS["move"]
    monkeypatch.setitem(vocab.KINDS, "move", dc_replace(spec, command=lambda s, a: f"walk {a.to}"))
    # A renamed shortcut comes with a new version, so a new process: the pack is loaded
    # afresh (a board remembers the moves it offered, with their words, for its pack).
    fresh = [a for a in engine.legal_actions(engine.GameState.from_dict(dc_replace(pack), state.to_dict())) if a.kind == "move"]
    assert fresh and fresh[0].command.startswith("walk ")
    assert Action.from_dict(saved) in fresh  # the saved form still names the same move


@pytest.mark.parametrize("bad", [{"kind": "fly", "legend": "emily"}, {"kind": "move"}, {"kind": "attack", "legend": "emily", "target": "two"},
                                 {"kind": "move", "legend": "emily", "to": 3}, "move C4"])
def test_a_damaged_saved_action_is_refused(bad: Any) -> None:
    with pytest.raises((ValueError, AttributeError)):
        Action.from_dict(bad)


def test_the_board_is_built_once_per_game_and_travels_with_the_state(pack: Any) -> None:
    state = engine.new_game(pack, "schoolhouse")
    first = state.board
    for i in range(30):
        state, _ = engine.apply(state, engine.auto_action(state, random.Random(i)), random.Random(i))
    assert state.board is first
    # One board per pack and chapter (kept on the pack, nothing shared through a module):
    # games of the same pack share it, a pack loaded again builds its own.
    assert engine.new_game(pack, "schoolhouse").board is first
    assert engine.GameState.from_dict(pack, state.to_dict()).board is first
    reloaded = dc_replace(pack)
    assert engine.new_game(reloaded, "schoolhouse").board is not first
    assert engine.new_game(pack, "churchyard").board is not first
    assert "board" not in state.to_dict() and "lookups" not in state.to_dict()


def test_a_state_remembers_its_own_choices_only(pack: Any) -> None:
    state = engine.new_game(pack, "schoolhouse")
    state, _ = engine.apply(state, engine.parse_command(state, "activate matthias"), random.Random(1))
    before = engine.legal_actions(state)
    lg = state.legend("matthias-geroux")
    moved = state.with_legend(replace(lg, loc="E2"))
    after = engine.legal_actions(moved)  # a changed copy must not reuse the first state's answer
    assert {a.to for a in before if a.kind == "move"} != {a.to for a in after if a.kind == "move"}
    assert engine.legal_actions(state) == before
