"""`hollow play --rolled V,V,...`: the player's physical dice fed into a solo game.

The values are used, in order, by the game's next rolls (attack dice, leave rolls, spawn
D6s); each must be a face of the die rolled at that moment; when they run out the seeded
dice take over; the save records the faces each step used, so undo/redo, replay and
resume give the very same game.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest
from click.testing import CliRunner

from hollowcli import engine
from hollowcli.cli import main
from hollowcli.commands.common import get_pack
from hollowcli.play import saves
from hollowcli.play.rolled import RolledQueue
from hollowcli.play.saves import GameRecord
from hollowcli.play.session import Session

#: Chapter 1, seed 4: Matthias walks to E2 and shoots Gobkin 1 (2 attack dice), no roll before.
SHOOT = "activate matthias\nmove E2\nattack g1\n"


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


def hollow(*args: str, stdin: str = "") -> Run:
    """``hollow ARGS`` in-process, as the console script runs it (errors included)."""
    runner = CliRunner()
    with runner.isolation(input=stdin) as (out, err, _both):
        try:
            main(list(args))
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        return Run(code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8"))


def ok(*args: str, stdin: str = "") -> Run:
    res = hollow(*args, stdin=stdin)
    assert res.code == 0, res.stdout + res.stderr
    assert "Traceback" not in res.stderr
    return res


def game(name: str = "default") -> GameRecord:
    rec = saves.load(name).game
    assert rec is not None
    return rec


@pytest.fixture(scope="module")
def pack() -> Any:
    return get_pack(())


def _auto(sess: Session, steps: int) -> list[Any]:
    events: list[Any] = []
    for _ in range(steps):
        if sess.outcome()[0]:
            break
        events += sess.take(engine.auto_action(sess.state, random.Random(0)))
    return events


def _new(pack: Any, seed: int = 11, chapter: str = "schoolhouse") -> GameRecord:
    return GameRecord(chapter, seed, engine.new_game(pack, chapter).to_dict())


# --- the faces given are the faces the rulings show ------------------------------------------


def test_the_rulings_show_the_players_faces_and_say_they_are_theirs() -> None:
    seeded = ok("play", "1", "--seed", "4", stdin=SHOOT + "quit\n").stdout
    assert "rolled [1, 1] = 2" in seeded  # what the seed rolls
    res = ok("play", "1", "--seed", "4", "--campaign", "mine", "--new", "--rolled", "2,2", stdin=SHOOT + "quit\n")
    assert "rolled [2, 2] (your dice) = 4: 1 direct + 4 rolled - 0 defense = 5" in " ".join(res.stdout.split())
    assert game("mine").rolled == {2: ["2", "2"]}  # step 3 (index 2) used both values
    assert "used up" in res.stdout  # exactly used up by that attack
    assert "unused" not in res.stdout


def test_values_and_labels_name_the_same_faces_and_the_log_marks_them(tmp_path: Any) -> None:
    log = tmp_path / "game.jsonl"
    ok("play", "1", "--seed", "4", "--rolled", "0, blank", "--log", str(log), stdin=SHOOT + "quit\n")
    attacks = [d for d in map(json.loads, log.read_text().splitlines()) if d["kind"] == "attack"]
    assert attacks[0]["rolls"] == [{"die": "attack", "face": "blank", "value": 0, "physical": True}] * 2
    assert "(your dice)" in attacks[0]["reason"]


def test_every_kind_of_roll_takes_the_players_values_in_order(pack: Any) -> None:
    """Attack dice, foe attacks, leave rolls and spawn D6s all come from the list."""
    plain = Session(pack, _new(pack))
    rolls = [(r["die"], r["face"]) for ev in _auto(plain, 120) for r in ev.rolls]
    assert {die for die, _ in rolls} == {"attack", "d6"}
    # faces both dice have (1 and 2), so they fit whichever die the game rolls next
    mine = ["2", "1", "2", "2", "1"] * 8
    sess = Session(pack, _new(pack), rolled=RolledQueue(mine))
    seen = [(r["die"], r["face"], r.get("physical", False)) for ev in _auto(sess, 120) for r in ev.rolls]
    assert [face for _, face, _ in seen[:40]] == mine
    assert all(p for _, _, p in seen[:40]) and not any(p for _, _, p in seen[40:])
    assert [f for faces in sess.record.rolled.values() for f in faces] == mine
    assert {die for die, _, p in seen if p} == {"attack", "d6"}  # attacks and spawn D6s alike


def test_a_leave_roll_takes_the_players_values(pack: Any) -> None:
    sess = Session(pack, _new(pack, seed=1, chapter="covered-bridge"))
    _auto(sess, 18)  # the 19th step of this game walks Emily away from a foe
    sess.rolled = RolledQueue(["2"])
    leave = next(ev for ev in _auto(sess, 1) if ev.kind == "leave")
    assert leave.rolls[0]["face"] == "2" and leave.rolls[0]["physical"] is True
    assert "leave roll [2] (your die), 1 non-blank = 1 damage" in leave.reason


def test_the_seeds_own_faces_given_as_physical_dice_make_the_same_game(pack: Any) -> None:
    plain = Session(pack, _new(pack, seed=3, chapter="covered-bridge"))
    events = _auto(plain, 150)
    faces = [r["face"] for ev in events for r in ev.rolls]
    assert len(faces) > 20
    sess = Session(pack, _new(pack, seed=3, chapter="covered-bridge"), rolled=RolledQueue(faces))
    again = _auto(sess, 150)
    assert sess.state.to_dict() == plain.state.to_dict()
    strip = re.compile(r" \((your dice|your die|the first .*? dice?)\)")
    assert [strip.sub("", ev.reason) for ev in again] == [ev.reason for ev in events]


# --- a value that is not a face of the die rolled now ----------------------------------------


def test_a_bad_face_is_one_sentence_exit_1_and_the_game_is_saved() -> None:
    ok("play", "1", "--seed", "4", stdin="activate matthias\nmove E2\nquit\n")
    before = saves.campaign_path("default").read_text()
    res = hollow("play", "--rolled", "2,6", stdin="attack g1\nquit\n")  # 6 is a d6 face, not an attack face
    assert res.code == 1
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("hollow: --rolled value 2 ('6') is not a face of the attack die")
    assert "blank (0), 1, 2" in lines[0] and "'attack g1' was not taken" in lines[0] and "step 2" in lines[0]
    assert "Traceback" not in res.stderr
    rec = game()
    assert saved_commands(rec) == ["activate matthias", "move E2"] and rec.cursor == 2 and rec.rolled == {}
    assert json.loads(saves.campaign_path("default").read_text()) == json.loads(before)
    # nothing lost: the right faces continue the game from there
    res = ok("play", "--rolled", "2,2", stdin="attack g1\nquit\n")
    assert "rolled [2, 2] (your dice)" in res.stdout


def test_a_value_that_no_die_has_is_refused_before_the_game_starts() -> None:
    res = hollow("play", "1", "--rolled", "1,seven")
    assert res.code == 1 and res.stdout == ""
    assert res.stderr.startswith("hollow: --rolled value 2 ('seven') is not a face of any die the game rolls")
    assert "1 to 6" in res.stderr or "1, 2, 3, 4, 5, 6" in res.stderr
    assert not saves.campaign_path("default").exists()


def test_a_bad_value_after_good_steps_keeps_those_steps() -> None:
    res = hollow("play", "1", "--seed", "4", "--rolled", "1,1,6", stdin=SHOOT + "activate emily\nattack s1 with long-shot\n")
    assert res.code == 1
    assert "--rolled value 3 ('6')" in res.stderr and "(values 1 to 2 went into the steps before it)" in res.stderr
    rec = game()
    assert rec.rolled == {2: ["1", "1"]} and rec.cursor == 4  # up to 'activate emily'


# --- running out, and values left over ------------------------------------------------------


def test_running_out_falls_back_to_the_seeded_dice_and_says_so_once() -> None:
    plain = " ".join(ok("play", "1", "--seed", "4", "--auto", "--max-rounds", "2", "--campaign", "p", "--new").stdout.split())
    first = re.search(r"rolled \[([^,\]]+)", plain)
    assert first is not None
    res = ok("play", "1", "--seed", "4", "--auto", "--max-rounds", "2", "--rolled", first.group(1), "--campaign", "default")
    mine = " ".join(res.stdout.split())
    assert mine.count("(--rolled values used up; the seeded dice roll from here)") == 1
    assert sum(len(v) for v in game().rolled.values()) == 1
    # the player's die showed the seed's face, and every later die is the seed's: the same rulings
    mine = re.sub(r" \((your dice?|the first is your die)\)", "", mine)
    mine = mine.replace(" (--rolled values used up; the seeded dice roll from here)", "")
    rulings = re.compile(r"\* [^*]*?rolled [^*]*")
    assert rulings.findall(mine) == rulings.findall(plain)
    assert len(rulings.findall(plain)) > 5


def test_a_mixed_roll_keeps_the_seeds_other_die() -> None:
    res = ok("play", "1", "--seed", "4", "--rolled", "2", stdin=SHOOT + "quit\n")
    # the seed rolls [1, 1]; the first die is the player's 2, the second stays the seed's 1
    assert "rolled [2, 1] (the first is your die) = 3" in " ".join(res.stdout.split())
    lines = res.stdout.splitlines()
    note = next(i for i, ln in enumerate(lines) if "--rolled values used up" in ln)
    assert "Gobkin 1" in " ".join(lines[note - 4 : note])  # right after the ruling that used it


def test_unused_values_are_counted_at_the_end() -> None:
    res = ok("play", "1", "--seed", "4", "--rolled", "2,2,1,blank,2", stdin=SHOOT + "quit\n")
    assert "3 of the 5 --rolled values were left unused (1, blank, 2)." in res.stdout
    res = hollow("play", "--rolled", "1", "--json", stdin="quit\n")
    assert json.loads(res.stdout)["rolled"] == {"given": 1, "used": 0, "unused": ["1"]}


# --- undo, redo, replay and resume reproduce the game ----------------------------------------


def test_undo_and_redo_roll_the_players_faces_again() -> None:
    res = ok("play", "1", "--seed", "4", "--rolled", "2,2", stdin=SHOOT + "undo\nredo\nquit\n")
    flat = " ".join(res.stdout.split())
    assert flat.count("rolled [2, 2] (your dice) = 4") == 2  # taken, then redone
    assert game().rolled == {2: ["2", "2"]} and game().cursor == 3


def test_a_new_choice_after_undo_takes_the_next_values_and_drops_the_old_branch() -> None:
    res = ok("play", "1", "--seed", "4", "--rolled", "2,2,blank,blank",
             stdin=SHOOT + "undo\nattack g1 with steady-aim\nquit\n")
    flat = " ".join(res.stdout.split())
    assert "rolled [2, 2] (your dice)" in flat
    assert "rolled [blank, blank, " in flat and "(the first 2 are your dice)" in flat
    assert game().rolled == {2: ["blank", "blank"]}
    assert saved_commands(game())[-1] == "attack g1 with steady-aim"


def test_resuming_a_game_that_used_rolled_rebuilds_the_same_board(pack: Any) -> None:
    sess = Session(pack, _new(pack, seed=5), rolled=RolledQueue(["2", "1", "1", "2", "2", "1"] * 5))
    _auto(sess, 80)
    assert sess.record.rolled
    back = GameRecord.from_dict(json.loads(json.dumps(sess.record.to_dict())))
    assert back.rolled == sess.record.rolled
    resumed = Session(pack, back)
    assert resumed.state.to_dict() == sess.state.to_dict()
    # undo to the start and redo everything: the same board, the same rulings
    n = sess.step
    sess.undo(n)
    sess.redo(n)
    assert sess.state.to_dict() == resumed.state.to_dict()
    # a board in the middle, rebuilt by replay, matches one reached step by step
    assert Session(pack, back).state_at(n // 2).to_dict() == sess.state_at(n // 2).to_dict()


def test_the_cli_resumes_a_rolled_game_with_the_same_rulings() -> None:
    first = ok("play", "1", "--seed", "4", "--rolled", "2,2", stdin=SHOOT + "quit\n")
    assert "Gobkin 1 is defeated" in first.stdout
    res = ok("play", stdin="log 5\nquit\n")
    assert "rolled [2, 2] (your dice) = 4" in " ".join(res.stdout.split())
    assert "Gobkin 1 is defeated" in res.stdout


# --- the save layout ------------------------------------------------------------------------


def test_a_version_1_save_still_loads_and_plays(pack: Any) -> None:
    ok("play", "1", "--seed", "4", stdin=SHOOT + "quit\n")
    path = saves.campaign_path("default")
    doc = json.loads(path.read_text())
    assert doc["schema_version"] == saves.SCHEMA_VERSION == 6 and doc["game"]["rolled"] == {}
    v1 = {**doc, "schema_version": 1, "game": {k: v for k, v in doc["game"].items() if k != "rolled"}}
    path.write_text(json.dumps(v1))
    rec = game()
    assert rec.rolled == {} and saved_commands(rec) == ["activate matthias", "move E2", "attack g1"]
    res = ok("play", "--rolled", "2", stdin="activate emily\nquit\n")
    assert "Resuming" in res.stdout
    after = json.loads(path.read_text())
    assert after["schema_version"] == 6 and "rolled" in after["game"]


def test_migration_from_version_1_adds_an_empty_rolled() -> None:
    v1 = {"schema_version": 1, "name": "old", "created": "", "legends": None,
          "progress": {"completed": [], "results": {}},
          "game": {"chapter": "mill", "seed": 9, "initial": {"round": 1}, "actions": ["end"], "cursor": 1}}
    camp = saves.parse(json.dumps(v1))
    assert camp.game == GameRecord("mill", 9, {"round": 1}, [{"command": "end", "old_numbers": True}], 1, {})
    no_game = saves.parse(json.dumps({**v1, "game": None}))
    assert no_game.game is None


@pytest.mark.parametrize(
    ("rolled", "why"),
    [({"5": ["1"]}, "not a step"), ({"x": ["1"]}, "not a step"), ({"0": "1"}, "not a list"), ({"0": [1]}, "not a list"),
     ([], "not a dict")],
)
def test_a_damaged_rolled_field_is_reported(rolled: Any, why: str) -> None:
    doc = {"schema_version": 2, "name": "bad", "progress": {"completed": [], "results": {}},
           "game": {"chapter": "mill", "seed": 9, "initial": {}, "actions": ["end"], "cursor": 1, "rolled": rolled}}
    with pytest.raises(ValueError, match=why):
        saves.parse(json.dumps(doc))


def test_campaign_status_replays_a_game_that_used_rolled() -> None:
    ok("play", "1", "--seed", "4", "--rolled", "2,2", stdin=SHOOT + "quit\n")
    status = json.loads(ok("campaign", "status", "--json").stdout)
    assert status["game"]["round"] == 1 and status["game"]["steps"] == 3
    rec = game()
    assert GameRecord(**rec.to_dict()).rolled == rec.rolled == {2: ["2", "2"]}  # JSON's string keys read back


def saved_commands(rec: Any) -> list[str]:
    """The saved steps as commands (the save stores typed actions)."""
    from hollowcli.commands.common import get_pack
    from hollowcli.play.session import recorded_commands

    return recorded_commands(get_pack(()), rec)


@pytest.mark.parametrize(("dice", "why"), [
    ({"mode": "dice"}, "'dice.mode' is 'dice'"), ({"mode": "rolled", "values": [2]}, "not a list of faces"),
    ("ask", "the field 'dice' is not a dict"), (None, "the field 'dice' is not a dict"),
])
def test_a_damaged_dice_field_is_reported(dice: Any, why: str) -> None:
    doc = {"schema_version": 4, "name": "bad", "progress": {"completed": [], "results": {}}, "game": None, "dice": dice}
    with pytest.raises(ValueError, match=why):
        saves.parse(json.dumps(doc))


def test_campaign_status_says_how_the_dice_are_rolled() -> None:
    ok("play", "1", "--seed", "4", "--rolled", "2,2,blank,1", stdin=SHOOT + "quit\n")
    assert "Dice: your --rolled values first (blank, 1), then hollow rolls." in ok("campaign", "status").stdout
    assert json.loads(ok("campaign", "status", "--json").stdout)["dice"] == {"mode": "rolled", "values": ["blank", "1"]}
    ok("play", "--rolled", "ask", stdin="quit\n")
    assert "Dice: asked of you at each roll" in ok("campaign", "status").stdout
