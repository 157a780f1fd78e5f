"""Saves store typed actions (schema 3), and campaign files written by older hollows load.

``tests/saves/schema1.json`` and ``schema2.json`` were written by hollow with save layouts 1
and 2 (chapter 1, seed 5: two rounds of --auto, then 'undo 2'; the layout 2 game used
--rolled faces). ``*.expected.json`` hold the board those versions rebuilt from them, at
the cursor and after redoing the undone steps.
"""

from __future__ import annotations

import json
from dataclasses import replace as dc_replace
from pathlib import Path
from typing import Any

import pytest

from hollowcli.commands.common import get_pack
from hollowcli.engine import actions as vocab
from hollowcli.play import saves
from hollowcli.play.session import Session

HERE = Path(__file__).resolve().parent / "saves"


@pytest.fixture(scope="module")
def pack() -> Any:
    """The built-in pack with chapter 1 as it was when the old saves were written
    (``tests/saves/pack``: the sample chapters were rebalanced since, which changes
    the games a replay makes; the saves' own record cannot change)."""
    return get_pack((str(HERE / "pack"),))


def _board(d: dict[str, Any]) -> dict[str, Any]:
    """What a player sees of a state (fields every layout has)."""
    return {
        "round": d["round"], "phase": d["phase"], "track_pos": d["track_pos"], "spawn_pos": d["spawn_pos"],
        "foes": [{k: f[k] for k in ("number", "foe", "loc", "health")} for f in d["foes"]],
        "barricades": d["barricades"], "pile": d["pile"],
        "legends": [{k: lg[k] for k in ("id", "loc", "health", "fear", "ready", "spent", "inventory", "relic")} for lg in d["legends"]],
    }


@pytest.mark.parametrize("version", [1, 2])
def test_an_old_save_loads_and_replays_the_game_it_recorded(pack: Any, version: int) -> None:
    text = (HERE / f"schema{version}.json").read_text(encoding="utf-8")
    assert json.loads(text)["schema_version"] == version
    expected = json.loads((HERE / f"schema{version}.expected.json").read_text(encoding="utf-8"))
    camp = saves.parse(text)
    rec = camp.game
    assert rec is not None and rec.cursor == 19 and len(rec.actions) == 21
    sess = Session(pack, rec)
    assert _board(sess.state.to_dict()) == _board(expected["at_cursor"])
    # every step it replayed is now a typed action, the redoable ones once they are read
    assert all("kind" in a for a in rec.actions[:19])
    # 'attack 4 with long-shot' meant foe #4 (the Schrickroot) then; it is Schrickroot 1 now
    assert rec.actions[1] == {"kind": "attack", "legend": "emily-van-winkle", "target": 4, "source": "skill",
                              "source_id": "long-shot"}
    assert len({(f.foe, f.standee) for f in sess.state.foes}) == len(sess.state.foes)
    sess.redo(5)
    assert _board(sess.state.to_dict()) == _board(expected["after_redo"])
    assert all("kind" in a and "command" not in a for a in rec.actions)
    if version == 2:
        assert rec.rolled and sess.recent and any("(your dice)" in e.reason or "(your die)" in e.reason for e in sess.recent)


def test_an_old_save_written_again_has_the_current_layout_with_typed_actions(pack: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    camp = saves.parse((HERE / "schema2.json").read_text(encoding="utf-8"))
    camp.name = "old"
    sess = Session(pack, camp.game)  # type: ignore[arg-type]
    sess.undo(0)
    at_cursor = sess.state.to_dict()
    sess.commands()  # reads (and so types) every step, the redoable ones too
    saves.save(camp)
    doc = json.loads(saves.campaign_path("old").read_text(encoding="utf-8"))
    assert doc["schema_version"] == saves.SCHEMA_VERSION == 6
    assert doc["game"]["actions"][0] == {"kind": "activate", "legend": "emily-van-winkle"}
    assert doc["game"]["actions"][2] == {"kind": "move", "legend": "emily-van-winkle", "to": "D2"}
    assert all(isinstance(a, dict) and "command" not in a for a in doc["game"]["actions"])
    # a shortcut renamed in a later hollow does not change what the save means
    monkeypatch.setitem(vocab.KINDS, "move", dc_replace(vocab.KINDS["move"], command=lambda s, a: f"walk {a.to}",
                                                         aliases=lambda s, a: []))
    # (a later hollow is a new process: the pack is loaded afresh, with nothing remembered)
    again = Session(dc_replace(pack), saves.load("old").game)  # type: ignore[arg-type]
    assert again.state.to_dict() == at_cursor
    assert "walk D2" in again.commands()


def test_a_migrated_command_that_the_content_no_longer_allows_is_one_sentence(pack: Any) -> None:
    camp = saves.parse((HERE / "schema1.json").read_text(encoding="utf-8"))
    rec = camp.game
    assert rec is not None
    rec.actions[2] = {"command": "move K9"}
    from hollowcli.errors import SaveError

    with pytest.raises(SaveError, match=r"step 3 of the saved game \('move K9'\) is not legal"):
        Session(pack, rec)


@pytest.mark.parametrize("entry", ["move E2", {"legend": "x"}, {"kind": 3}, 7])
def test_a_damaged_step_in_a_layout_3_file_is_reported(entry: Any) -> None:
    doc = {"schema_version": 3, "name": "x", "progress": {"completed": [], "results": {}},
           "game": {"chapter": "schoolhouse", "seed": 1, "initial": {}, "actions": [entry], "cursor": 1, "rolled": {}}}
    with pytest.raises(ValueError, match="'game.actions' holds something that is not an action"):
        saves.parse(json.dumps(doc))


def test_a_layout_3_game_keeps_meaning_the_same_foes_after_standee_numbers() -> None:
    """``tests/saves/schema3.json`` (hollow assist, left at a question of round 1's adversary
    phase): foes were numbered game-wide then (Pumpling #3); a correction noted at a pause
    as text must still name the same foe, and the typed steps keep their identities."""
    from hollowcli.engine.rolls import AskSource

    doc = json.loads((HERE / "schema3.json").read_text(encoding="utf-8"))
    assert doc["schema_version"] == 3 and doc["game"]["pending"]["rolled"] == ["2", "@1 put #2 B5"]
    doc["game"]["pending"]["rolled"] = ["2", "@1 put #3 C4"]  # Pumpling #3: Pumpling 1 today, and no foe wears a 3
    camp = saves.parse(json.dumps(doc))
    rec = camp.game
    assert rec is not None and rec.pending is not None and camp.dice == "ask"
    assert rec.pending["rolled"] == ["2", "@1 put foe:3 C4"]
    assert rec.actions[3]["figure"] == "foe:3"  # 'put #3 B5' at the Legend phase, typed already
    p3 = get_pack((str(HERE / "pack3"),))
    sess = Session(p3, rec, source=AskSource(lambda req: None))
    events = sess.take(sess.action_of(sess.state, rec.pending["action"]), answered=rec.pending["rolled"])
    said = [e.reason for e in events if e.kind == "correction"]
    assert said == ["correction (put p1 C4): Pumpling 1 is at C4 (was B5)"]
    assert rec.rolled[9][:2] == ["2", "@1 put foe:3 C4"]  # (the foe's identity: it reads the same in any layout)


def test_a_layout_4_game_left_at_a_dice_question_resumes_at_that_question() -> None:
    """``tests/saves/schema4-ask.json``: 'hollow play 1 --seed 3 --rolled ask', Emily
    activated, then 'attack s1 with long-shot' and 'quit' at its dice question (written by
    hollow before play/ was split into its loop, modes and questions). Resuming asks that
    roll again, takes the step with the faces typed, and saves it."""
    from click.testing import CliRunner

    from hollowcli.cli import cli

    path = saves.campaign_path("default")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes((HERE / "schema4-ask.json").read_bytes())
    r = CliRunner().invoke(cli, ["play"], input="2 1\nquit\n", env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert "Continuing 'attack s1 with long-shot', which was waiting for dice." in r.output
    assert "Roll 2 attack dice (Emily attacks Schrickroot 1): 2 1" in r.output
    game = saves.load("default").game
    assert game is not None and game.pending is None and game.cursor == 2
    assert game.actions[1] == {"kind": "attack", "legend": "emily-van-winkle", "target": 4, "source": "skill",
                               "source_id": "long-shot"}
    assert [v for v in game.rolled[1] if v in ("2", "1")] == ["2", "1"]  # the faces typed are the step's dice
