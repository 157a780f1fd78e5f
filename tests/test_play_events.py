"""Chapter events in ``hollow play`` and ``hollow assist`` (issue 18).

``tests/packs/table-events`` holds chapter 61: round 1 opens with the event ``hooves``
(its text "Read paragraph 12."), which reads out a story, keeps a flag for the campaign
and asks the players to choose: barring the gate (a barricade on spawn point 1) or
ringing the bell (the ``auto`` option), which wins the chapter. What must hold: round 1's
``begin`` is taken without asking; play tells an event as a heading with its text;
assist turns each kind of the events into a table instruction and asks the choice;
undo, redo and the log keep what was chosen; a won chapter carries its flag.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from click.testing import CliRunner

from hollowcli.cli import cli
from hollowcli.engine.vocab import EventKind
from hollowcli.play import saves
from hollowcli.play.instructions import INSTRUCTIONS, _plain, instruction, told_as_instruction

PACK = str(Path(__file__).resolve().parent / "packs" / "table-events")
QUESTION = "The rider is coming. What do you do?"


def run(command: str, lines: list[str], *args: str, log: Path | None = None) -> str:
    extra = ["--log", str(log)] if log is not None else []
    result = CliRunner().invoke(cli, [command, *args, "--content", PACK, *extra], input="\n".join(lines) + "\n",
                                env={"NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output


def flat(text: str) -> str:
    return " ".join(text.split())


def test_assist_tells_each_kind_of_event_as_a_table_instruction() -> None:
    out = flat(run("assist", ["1", "quit"], "61", "--seed", "1"))
    assert "> begin (Begin the chapter: round 1's events take place)" in out  # taken without asking
    assert ("Event 'hooves': round 1 began. Read paragraph 12. "  # EVENT: why, then its own text
            "- Read out: Hooves on the bridge. "  # STORY
            "- (hollow notes: heard-hooves is 1 (kept for the campaign if the chapter is won); "
            "nothing to do on the board.) "  # COUNTER
            f"- The players choose: {QUESTION} 1. Bar the toll gate 2. Ring the bell (auto) "
            "Which did you choose? 1-2> 1 "
            "- The players chose: Bar the toll gate. "  # CHOICE
            "- Event 'hooves': a barricade locks spawn point 1.") in out  # a card effect, in the Legend phase
    assert "Flags: heard-hooves 1" in out  # the ledger


def test_assist_tells_a_verdict_and_the_chapter_ends() -> None:
    out = flat(run("assist", ["2"], "61", "--seed", "1"))
    assert ("- The players chose: Ring the bell. - The story ends the chapter: it is won once this step is over, "
            "unless the Legends have lost already. The village wakes and the rider turns back.") in out  # VERDICT
    assert "The chapter is won" in out
    assert saves.load("default").flags == {"heard-hooves": 1}  # carried: the chapter was won


def test_assist_undo_and_redo_keep_the_choice_without_asking_again() -> None:
    out = flat(run("assist", ["1", "undo", "redo", "quit"], "61", "--seed", "1"))
    assert out.count("Which did you choose?") == 1
    assert "Undone 1 step; back at round 1, step 0 (1 can be redone with 'redo'). Put the board back as it was: " \
           "- Take the barricade off spawn point 1 (B2)." in out
    assert "Say: begin;" in out  # after the undo, begin is not taken again by itself: redo is offered
    assert out.count("- The players chose: Bar the toll gate.") == 2  # the step, and its redo
    game = saves.load("default").game
    assert game is not None and game.cursor == 1 and game.rolled == {0: ["?1"]}


def test_play_tells_an_event_as_a_heading_with_its_text_and_asks_the_choice() -> None:
    out = run("play", ["1", "quit"], "61", "--seed", "1")
    lines = [line.rstrip() for line in out.splitlines()]
    at = lines.index("  >> Event 'hooves': round 1 began")
    assert lines[at + 1] == "     Read paragraph 12."  # the text, without --explain
    assert "  * event 'hooves': Hooves on the bridge." in lines
    assert QUESTION in lines and "  2. Ring the bell (auto)" in lines
    assert "The chapter is won" not in out


def test_auto_takes_the_auto_option_without_asking() -> None:
    out = run("play", [], "61", "--seed", "1", "--auto", "--campaign", "a", "--new")
    assert "Choose 1-2>" not in out and "Taken without asking: Ring the bell" in flat(out)
    assert "The chapter is won" in out and saves.load("a").flags == {"heard-hooves": 1}


def test_the_log_has_the_event_and_who_chose(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    run("play", ["1", "quit"], "61", "--seed", "1", log=log)
    docs = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    fired = next(d for d in docs if d["kind"] == "event")
    assert fired["target"] == "hooves" and fired["detail"] == "Read paragraph 12."
    assert fired["numbers"]["trigger"] == "round_start" and fired["numbers"]["effects"] == ["story", "set", "choose"]
    kinds = [d["kind"] for d in docs]
    assert kinds.index("event") < kinds.index("story") < kinds.index("counter") < kinds.index("choice")
    chose = next(d for d in docs if d["kind"] == "choice")
    assert chose["numbers"]["by"] == "players" and chose["numbers"]["option"] == "Bar the toll gate"


def test_every_kind_of_the_events_has_its_own_words_at_the_table() -> None:
    """Not the plain reason: what to do (or that there is nothing to do) on the board."""
    for kind in (EventKind.EVENT, EventKind.STORY, EventKind.CHOICE, EventKind.COUNTER, EventKind.VERDICT):
        assert INSTRUCTIONS[kind].say is not _plain and told_as_instruction(SimpleNamespace(kind=kind, phase="legends"))


def _ev(kind: EventKind, **numbers: Any) -> Any:
    return SimpleNamespace(kind=kind, phase="legends", numbers=numbers, reason="event 'x': why", detail="")


def test_a_choice_nobody_was_asked_and_a_verdict_that_changes_nothing() -> None:
    auto = instruction(_ev(EventKind.CHOICE, option="Ring the bell", by="auto", prompt="What now?"), None)
    assert flat(" ".join(auto)) == "- hollow takes the option 'Ring the bell' (What now?)."
    late = _ev(EventKind.VERDICT, result="won", text="x")
    late.reason = "event 'x': the chapter is already lost at the end of this moment, so this win changes nothing"
    assert "changes nothing" in " ".join(instruction(late, None))
