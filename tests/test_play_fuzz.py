"""Whatever a player types at the prompt, the game never crashes: hypothesis over lines."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.play import campaigns, saves
from hollowcli.play.console import Console, LineSource
from hollowcli.play.loop import Game
from hollowcli.play.session import Session
from hollowcli.play.table import PlayOptions

WORDS = ["move", "attack", "use", "give", "swap", "restore", "search", "refresh", "end", "activate",
         "undo", "redo", "help", "map", "log", "save", "choices", "with", "on", "to", "#", "health", "fear",
         "jeremiah", "emily", "elijah", "matthias", "C4", "b2", "Z99", "A0", "AA1", "0", "1", "2", "-1",
         "99999999999999999999", "steady-aim", "lantern", "?", ""]


_PACK: list[Any] = []


def the_pack() -> Any:
    """The built-in pack, loaded once (not a fixture: hypothesis would print it on failure)."""
    if not _PACK:
        _PACK.append(get_pack(()))
    return _PACK[0]


def _game(pack: Any, chapter: str, seed: int) -> tuple[Game, io.StringIO]:
    camp = saves.new_campaign("fuzz")
    campaigns.start_game(pack, camp, chapter, seed)
    out = io.StringIO()
    console = Console(out)
    # a script with nothing more to read: should the game ask a question of its own (say,
    # whether to take a choice the screen did not show), it reads the end of the input
    game = Game(pack, camp, PlayOptions(), console, LineSource(io.StringIO("").read, console, False), persist=lambda c: None)
    return game, out


lines = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join),
    st.integers(min_value=-5, max_value=60).map(str),
    # lines that take, undo and redo steps, so that the game moves on and comes back often
    st.sampled_from(["1", "2", "3", "end", "undo", "redo", "undo 2", "redo 2", "1; undo", "2;1"]),
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(script=st.lists(lines, min_size=1, max_size=25), chapter=st.sampled_from(["schoolhouse", "covered-bridge", "churchyard"]))
def test_any_line_either_plays_a_legal_step_or_gets_a_hint(script: list[str], chapter: str) -> None:
    pack = the_pack()
    game, out = _game(pack, chapter, 5)
    for line in script:
        if game.session.outcome()[0]:
            break
        actions = engine.legal_actions(game.state)
        before, board = game.session.step, game.state.to_dict()
        changed = game.handle(line, actions)
        game.quit = None  # 'quit' only ends the loop; keep feeding lines
        after, record = game.session.step, game.session.record
        # the cursor stays within the recorded steps; a refused line changes nothing
        assert 0 <= after <= len(record.actions)
        if not changed:
            assert after == before and game.state.to_dict() == board, f"{line!r} was refused but changed the game"
        if after == before:  # nothing taken, undone or redone (or taken and undone): the same board
            assert game.state.to_dict() == board, f"{line!r} changed the board without a step"
        # and what would be saved after this line rebuilds exactly the board on screen
        rebuilt = Session(pack, saves.GameRecord.from_dict(record.to_dict()))
        assert rebuilt.state.to_dict() == game.state.to_dict(), f"after {line!r} the save would not rebuild the board"
    assert "Traceback" not in out.getvalue()


def test_unicode_digits_are_a_hint_not_a_crash() -> None:
    """Found by the property above: '²'.isdigit() is True but int('²') raises."""
    game, out = _game(the_pack(), "schoolhouse", 1)
    for line in ["²", "undo ²", "٣", "1²"]:
        assert game.handle(line, engine.legal_actions(game.state)) is False
    assert game.session.step == 0
    assert "is not a command" in out.getvalue()
