"""The choices of a chapter's script in ``hollow play`` and ``hollow assist`` (issue 18).

An event's ``choose`` asks the players mid-step, like a roll (engine/rolls.py:
``Dice.choose``). These tests raise a hand-made :class:`ChoiceRequest` through the real
loop: the engine's ``apply`` is wrapped (here, for the test only) so that a Legend's attack
in a scripted game asks it, and the option taken is written into the script's counters
(``salt`` = option number, ``asked`` = 1 when the players chose it), where the saved game
can be read.

What must hold: solo play and assist ask a numbered question (after the rulings of the
step so far); ``--auto`` never asks (the option marked ``auto``); the answer is kept with
the step as ``?N`` and undo, redo and a resumed game replay it without asking; a game left
at the question asks it again on resume; ``quit`` and ``undo`` there behave as at a dice
question.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import play_flat as play
from click.testing import CliRunner

from hollowcli import engine
from hollowcli.cli import cli
from hollowcli.engine.rolls import ChoiceRequest, as_dice
from hollowcli.engine.speed import replace
from hollowcli.engine.vocab import Act
from hollowcli.play import saves
from hollowcli.play.saves import GameRecord

REQUEST = ChoiceRequest("The potter's salt is still dry. Where do you pour it?",
                        ["Round the grave", "Across the north gate", "Keep it for later"], auto=2, event="salt-circle")
QUESTION = "The potter's salt is still dry. Where do you pour it?"
#: Chapter 1, seed 4: Matthias walks to E2 and shoots Gobkin 1 (the attack asks the choice).
SHOOT = "activate matthias\nmove E2\nattack g1\n"


@pytest.fixture(autouse=True)
def attacks_ask_a_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine.apply

    def apply(state: Any, action: Any, dice: Any) -> Any:
        new, events = real(state, action, dice)
        if getattr(action, "kind", None) == Act.ATTACK and new.script is not None:
            chosen = as_dice(dice).choose(REQUEST)
            counters = (("salt", chosen.index + 1), ("asked", int(chosen.by == "players")))
            new = replace(new, script=replace(new.script, counters=counters))
        return new, events

    monkeypatch.setattr(engine, "apply", apply)


def assist(*args: str, lines: list[str]) -> str:
    result = CliRunner().invoke(cli, ["assist", *args], input="\n".join(lines) + "\n", env={"NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return " ".join(result.output.split())


def scripted(campaign: str = "default", chapter: str = "1", *extra: str) -> None:
    """A new game of ``chapter`` made a scripted one (an empty script state)."""
    play(chapter, "--seed", "4", "--campaign", campaign, "--new", *extra, stdin="quit\n")
    camp = saves.load(campaign)
    assert camp.game is not None
    camp.game.initial["script"] = {}
    saves.save(camp)


def game(campaign: str = "default") -> GameRecord:
    rec = saves.load(campaign).game
    assert rec is not None
    return rec


def picked(campaign: str = "default") -> dict[str, int]:
    """The script's counters after the game's steps (the state the session rebuilds)."""
    from hollowcli.commands.common import get_pack
    from hollowcli.play.session import Session

    sess = Session(get_pack(()), GameRecord.from_dict(game(campaign).to_dict()))
    return dict(sess.state.script.counters)


def test_solo_play_asks_a_numbered_question_after_the_rulings_and_keeps_the_answer() -> None:
    scripted()
    code, out = play(stdin=SHOOT + "2\nquit\n")
    assert code == 0
    assert (f"{QUESTION} 1. Round the grave 2. Across the north gate 3. Keep it for later (auto) Choose 1-3>") in out
    assert out.index("Matthias attacks Gobkin 1") < out.index(QUESTION)  # the step's rulings first
    assert game().rolled == {2: ["?2"]} and game().cursor == 3
    assert picked() == {"salt": 2, "asked": 1}


def test_an_option_may_be_typed_by_its_words_and_a_wrong_answer_is_asked_again() -> None:
    scripted()
    code, out = play(stdin=SHOOT + "4\nthe grave\nACROSS the north gate\nquit\n")
    assert "'4' is not one of the choices; type a number from 1 to 3." in out
    assert "'the grave' is not one of the choices" in out
    assert out.count("Choose 1-3>") == 3
    assert picked() == {"salt": 2, "asked": 1}


def test_undo_redo_and_resume_replay_the_answer_without_asking() -> None:
    scripted()
    play(stdin=SHOOT + "1\nundo\nredo\nquit\n")
    assert picked() == {"salt": 1, "asked": 1}
    code, out = play(stdin="undo\nredo\nquit\n")
    assert code == 0 and QUESTION not in out
    assert game().rolled == {2: ["?1"]} and picked() == {"salt": 1, "asked": 1}


def test_a_new_branch_after_undo_asks_again() -> None:
    scripted()
    play(stdin=SHOOT + "1\nundo\nattack g1\n3\nquit\n")
    assert game().rolled == {2: ["?3"]} and picked() == {"salt": 3, "asked": 1}


def test_auto_never_asks_and_takes_the_option_marked_auto() -> None:
    scripted("a", "1", "--auto", "--max-rounds", "1")
    code, out = play("--campaign", "a", "--auto", "--max-rounds", "2")
    assert code == 0 and QUESTION not in out
    counters = picked("a")
    assert counters == {"salt": 3, "asked": 0}  # 'Keep it for later' is the auto one
    assert not any(str(x).startswith("?") for faces in game("a").rolled.values() for x in faces)


#: The four sample chapters as they were before they had scripts (the built-in schoolhouse
#: now rings its bell rope on E2, which SHOOT walks through).
UNSCRIPTED = str(Path(__file__).resolve().parent.parent / "benchmarks" / "packs" / "unscripted")


def test_an_unscripted_game_asks_nothing_and_records_nothing() -> None:
    play("1", "--seed", "4", "--content", UNSCRIPTED, stdin=SHOOT + "quit\n")
    rec = game()
    assert rec.cursor == 3 and rec.rolled == {} and "script" not in rec.initial


def test_quit_at_the_question_keeps_the_step_waiting_and_a_resume_asks_again() -> None:
    scripted()
    code, out = play(stdin=SHOOT + "quit\n")
    assert code == 0
    assert "Saved at round 1, step 2, with 'attack g1' waiting for your choice." in out
    assert "(it asks that question again; the answers given are kept)" in out
    rec = game()
    # the step's two seeded attack dice were rolled before the question: kept with it
    assert rec.cursor == 2 and rec.pending == {"action": rec.pending["action"], "rolled": [None, None], "question": "choice"}  # type: ignore[index]
    assert GameRecord.from_dict(rec.to_dict()).pending == rec.pending  # through the save file's form
    code, out = play(stdin="3\nquit\n")
    assert "Continuing 'attack g1', which was waiting for a choice (2 dice rolled already)." in out
    assert QUESTION in out
    rec = game()
    assert rec.pending is None and rec.cursor == 3 and rec.rolled == {2: ["?3"]}
    assert picked() == {"salt": 3, "asked": 1}


def test_the_end_of_the_input_at_the_question_keeps_the_step_too() -> None:
    scripted()
    code, out = play(stdin=SHOOT)
    assert code == 0 and "waiting for your choice" in out
    assert game().pending is not None and game().cursor == 2


def test_undo_at_the_question_says_the_choice_comes_first() -> None:
    scripted()
    code, out = play(stdin=SHOOT + "undo\n1\nquit\n")
    assert "The choice first: this step is under way." in out and "'undo' works at the next choice." in out
    assert game().cursor == 3 and picked() == {"salt": 1, "asked": 1}


def test_an_input_file_answers_the_question_line_by_line(tmp_path: Path) -> None:
    scripted()
    script = tmp_path / "moves.txt"
    script.write_text(SHOOT + "2\nquit\n", encoding="utf-8")
    code, out = play("--input", str(script))
    assert code == 0 and QUESTION in out
    assert picked() == {"salt": 2, "asked": 1}


def test_the_log_has_the_question_asked(tmp_path: Path) -> None:
    scripted()
    log = tmp_path / "log.jsonl"
    play("--log", str(log), stdin=SHOOT + "2\nquit\n")
    asked = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines() if '"ask"' in x]
    assert asked == [{"step": 2, "round": 1, "phase": "legends", "kind": "ask", "event": "salt-circle",
                      "question": QUESTION, "options": list(REQUEST.options), "option": "Across the north gate",
                      "index": 2, "by": "players", "reason": f"asked: {QUESTION}"}]


# ------------------------------------------------------------------ hollow assist
def test_assist_asks_the_players_and_undo_redo_replay_the_answer() -> None:
    scripted()
    out = assist(lines=[*SHOOT.split("\n")[:3], "2 2", "2", "undo", "redo", "quit"])
    assert f"The players choose: {QUESTION} 1. Round the grave 2. Across the north gate 3. Keep it for later (auto)" in out
    assert out.count("Which did you choose? 1-3>") == 1  # the redo did not ask again
    assert game().rolled == {2: ["2", "2", "?2"]} and picked() == {"salt": 2, "asked": 1}


def test_assist_status_works_at_the_question_and_undo_takes_the_step_back(tmp_path: Path) -> None:
    scripted()
    log = tmp_path / "log.jsonl"
    out = assist("--log", str(log), lines=[*SHOOT.split("\n")[:3], "2 2", "status", "undo", "quit"])
    assert out.count("Which did you choose? 1-3>") == 2  # asked again after 'status'
    assert "Which did you choose? 1-3> status == Round 1, Legend phase" in out
    assert "Took back 'attack g1': the ledger is as it was before it." in out
    rec = game()
    assert rec.cursor == 2 and rec.pending is None
    undone = [e for e in map(json.loads, log.read_text().splitlines()) if e["kind"] == "undo"]
    assert [e["reason"] for e in undone] == ["the players took back 'attack g1' at a choice"]


def test_assist_quit_at_the_question_resumes_there() -> None:
    scripted()
    assist(lines=[*SHOOT.split("\n")[:3], "2 2", "quit"])
    rec = game()
    assert rec.pending is not None and rec.pending["question"] == "choice" and rec.pending["rolled"] == ["2", "2"]
    out = assist(lines=["1", "quit"])
    assert "Roll 2 attack dice" not in out and QUESTION in out  # the dice answered are kept
    assert game().rolled == {2: ["2", "2", "?1"]} and picked() == {"salt": 1, "asked": 1}
