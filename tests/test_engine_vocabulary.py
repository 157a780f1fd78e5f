"""One home per word: every engine word (engine/vocab.py) has its record and its table row,
every action kind is printed, parsed and stored through its record in engine/actions.py;
the board travels with the state (no module-level caches)."""

from __future__ import annotations

import random
from dataclasses import replace as dc_replace
from typing import Any

import pytest

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.engine import actions as vocab
from hollowcli.engine.actions import Action
from hollowcli.engine.corrections import CORRECTIONS, WORDS
from hollowcli.engine.effects import APPLY
from hollowcli.engine.legend_phase import BETWEEN, RULES, TURN_KINDS
from hollowcli.engine.objectives import OBJECTIVE_RULES
from hollowcli.engine.speed import replace
from hollowcli.engine.vocab import Act, CorrectionKind, EventKind, Phase, Result, SetField, Side, Who
from hollowcli.pack.vocab import Effect, ObjectiveKind


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


def test_every_action_kind_has_its_record_and_its_rule() -> None:
    assert list(vocab.KINDS) == list(Act)  # the records in help order, one per member
    assert all(vocab.KINDS[k].kind is k for k in Act)
    assert set(RULES) == set(Act)
    for kind, rule in RULES.items():  # a kind is offered somewhere, and its menu place says where
        assert rule.between is not None or rule.in_turn is not None, kind
        assert (rule.in_turn is not None) == (vocab.KINDS[kind].menu is not None), kind
    assert vocab.ACTION_KINDS == {"attack", "use", "search", "give", "restore"}
    assert TURN_KINDS == ("swap", "move", "attack", "use", "search", "give", "restore", "refresh", "end")
    assert BETWEEN == ("activate", "end", "begin")  # begin: only while round 1's events wait (a scripted chapter)
    assert vocab.VERBS == ("activate", "move", "attack", "use", "restore", "search", "give", "swap", "refresh", "end",
                           "begin")
    assert {k for k in Act if vocab.KINDS[k].who is Who.HERO} == {"activate", "move", "attack", "end"}
    assert {k for k in Act if vocab.KINDS[k].after_acting} == {"move", "swap", "end"}


def test_every_engine_word_has_its_record_and_its_table_row() -> None:
    assert set(CORRECTIONS) == set(CorrectionKind) and WORDS == tuple(CorrectionKind)
    assert all(rule.usage.startswith(f"{kind} ") for kind, rule in CORRECTIONS.items())
    assert list(APPLY) == list(Effect)  # the order card effects apply in
    assert set(OBJECTIVE_RULES) == set(ObjectiveKind)
    assert {r.cause for r in OBJECTIVE_RULES.values()} <= {"ally", "rounds"}
    # the words as saves and logs spell them
    assert [str(k) for k in (Phase.LEGENDS, Side.FOES, Result.WON, SetField.TOKENS, CorrectionKind.NEXT_SPAWN)] == [
        "legends", "foes", "won", "tokens", "next-spawn"]
    assert len({k.value for k in EventKind}) == len(EventKind)


def test_a_state_or_choice_built_by_hand_holds_members(pack: Any) -> None:
    """The compiled engine checks declared types: text given where a member is declared
    becomes the member (a save, a test, a choice built by hand), and bad text is refused."""
    state = engine.GameState.from_dict(pack, engine.new_game(pack, "schoolhouse").to_dict())
    assert type(state.phase) is Phase and state.result is None
    assert type(engine.Action("move", "emily", to="C4").kind) is Act
    trap = engine.Trap(loc="C2", type="snare", side="legends", setter="ann", damage=2)  # type: ignore[arg-type]
    assert type(trap.side) is Side
    with pytest.raises(ValueError):
        engine.Action("fly", "emily")  # type: ignore[arg-type]


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
