"""What play and assist show of a chapter's script (issue 18): the flags and counters it
has set, on the assist ledger (``status``, and its ``--json`` form) and on solo play's
full board (``map``); nothing for an unscripted game."""

from __future__ import annotations

from typing import Any

from hollowcli import engine
from hollowcli.engine import ScriptState
from hollowcli.engine.corrections import apply_correction, parse_correction
from hollowcli.engine.speed import replace
from hollowcli.pack.loader import load_pack
from hollowcli.play.ledger import status_doc, status_lines
from hollowcli.play.view import render_board

COUNTED = ScriptState(counters=(("jar-found", 1), ("stones", 2)))


def schoolhouse(script: Any = None) -> Any:
    return replace(engine.new_game(load_pack(()), "schoolhouse"), script=script)


def test_the_ledger_and_the_board_show_the_flags_set() -> None:
    state = schoolhouse(COUNTED)
    assert "Flags: jar-found 1, stones 2" in status_lines(state)
    assert any(line.strip() == "Flags: jar-found 1, stones 2" for line in render_board(state))
    assert status_doc(state)["flags"] == {"jar-found": 1, "stones": 2}


def test_an_unscripted_game_shows_no_flags() -> None:
    for state in (schoolhouse(), schoolhouse(ScriptState())):
        assert not any("Flags" in line for line in status_lines(state) + render_board(state))
        assert status_doc(state)["flags"] == {}


def test_the_ledger_still_fits_80x24_with_flags_and_many_foes() -> None:
    state = schoolhouse(ScriptState(counters=tuple((f"counter-{i}", i) for i in range(20))))
    for loc in ["C2", "D2", "E2", "F2", "H2", "I2", "B3", "E3"]:
        state, _ = apply_correction(state, parse_correction(state, f"add gobkin {loc}"))
    for loc in ["C4", "F4", "G4", "H4", "I4", "B5", "E5", "F5", "G5"]:
        state, _ = apply_correction(state, parse_correction(state, f"add schrickroot {loc}"))
    lines = status_lines(state)
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    at = next(i for i, line in enumerate(lines) if line.startswith("Flags: "))
    assert lines[at].startswith("Flags: counter-0 0, counter-1 1")  # two lines at most: the second says it goes on
    assert lines[at + 1].startswith("  ") and lines[at + 1].endswith(" ...") and "counter-19" not in lines[at + 1]
