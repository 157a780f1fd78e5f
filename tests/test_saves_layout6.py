"""Save layout 6 (issue 19): ``follows``, ``growth``, ``log``, ``interlude`` and
``game.growth``.

``tests/saves/schema5-midgame.json`` was written by hollow before pack campaigns (layout 5:
``hollow campaign new old5``, ``hollow play 1 --campaign old5 --seed 3 --auto``, won, then
``hollow play --campaign old5 --seed 5 --auto --max-rounds 2``, left at round 3 of the
covered bridge; ``tests/saves/pack5`` holds the two chapters as they were).
``schema5-midgame.expected.json`` holds the board main replayed from it and what main's
``hollow play --campaign old5 --auto`` did next (won; the smelling salts dropped).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hollowcli.commands.common import get_pack
from hollowcli.play import saves
from hollowcli.play.session import Session

HERE = Path(__file__).resolve().parent / "saves"
OLD = HERE / "schema5-midgame.json"
PACK5 = str(HERE / "pack5")


def _without_version(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k != "version"}


def test_a_layout_5_save_migrates_to_no_campaign_no_growth_an_empty_log() -> None:
    doc = json.loads(OLD.read_text(encoding="utf-8"))
    assert doc["schema_version"] == 5 and "follows" not in doc and "growth" not in doc["game"]
    camp = saves.parse(OLD.read_text(encoding="utf-8"))
    assert (camp.follows, camp.growth, camp.log, camp.interlude) == (None, {}, [], None)
    assert camp.game is not None and camp.game.growth == {} and camp.completed == ["schoolhouse"]
    assert camp.result("schoolhouse").won == 1  # the old results stay as they were


def test_a_layout_5_save_replays_the_same_board() -> None:
    camp = saves.parse(OLD.read_text(encoding="utf-8"))
    expected = json.loads((HERE / "schema5-midgame.expected.json").read_text(encoding="utf-8"))
    assert camp.game is not None
    sess = Session(get_pack((PACK5,)), camp.game)
    assert _without_version(sess.state.to_dict()) == _without_version(expected["at_cursor"])


def test_layout_6_round_trips() -> None:
    camp = saves.new_campaign("x", follows="the-hollow")
    camp.growth = {"emily-van-winkle": {"upgrades": ["keen-eye"], "path": "hunter", "outfit": None,
                                        "unlocked": ["piercing-shot"]}}
    camp.log = [{"chapter": "schoolhouse", "outcome": "won", "rounds": 6, "date": "2026-12-02", "flags_set": {"ferry": 1},
                 "rewards": {"items": ["storm-lantern"], "upgrades": 1}, "choices": [], "next": "ferry-landing"}]
    doc = camp.to_dict()
    assert doc["schema_version"] == 6 and doc["follows"] == "the-hollow"
    back = saves.parse(json.dumps(doc))
    assert back.to_dict() == doc and back.growth["emily-van-winkle"]["path"] == "hunter"


@pytest.mark.parametrize(("key", "value", "says"), [
    ("growth", {"emily-van-winkle": {"upgrades": "keen-eye"}}, "'growth.emily-van-winkle.upgrades' is not a list of ids"),
    ("growth", {"emily-van-winkle": {"paths": "hunter"}}, "'growth.emily-van-winkle' has an unknown field 'paths'"),
    ("growth", {"emily-van-winkle": {"outfit": 3}}, "'growth.emily-van-winkle.outfit' is not an id"),
    ("follows", 3, "'follows' is not a campaign id"),
    ("log", [{"chapter": "x", "outcome": "drawn", "rounds": 1, "date": "", "flags_set": {}, "rewards": {}}],
     "'log.0.outcome' is not 'won' or 'lost'"),
    ("log", [{"chapter": "x", "outcome": "won", "rounds": "6", "date": "", "flags_set": {}, "rewards": {}}],
     "'log.0.rounds' is missing or not a whole number"),
    ("interlude", {"chapter": "x", "outcome": "won", "rounds": 1, "date": "", "flags_set": {}, "rewards": {},
                   "base": {}, "questions": [], "answers": [3]}, "'interlude.answers' is not a list of answers"),
    ("interlude", {"chapter": "x", "outcome": "won", "rounds": 1, "date": "", "flags_set": {}, "rewards": {},
                   "base": {}, "questions": [{"kind": "upgrade", "options": ["a"]}], "answers": []},
     "'interlude.questions' is not a list of questions"),
    ("interlude", {"chapter": "x", "outcome": "won", "rounds": 1, "date": "", "flags_set": {}, "rewards": {},
                   "base": {"flags": {"bell": "yes"}}, "questions": [], "answers": []},
     "'interlude.base.flags' holds something that is not a whole number"),
])
def test_a_damaged_layout_6_field_is_a_damaged_save(key: str, value: Any, says: str) -> None:
    doc = saves.new_campaign("x").to_dict()
    doc[key] = value
    with pytest.raises(ValueError, match=says):
        saves.parse(json.dumps(doc))


def test_a_layout_5_save_resumes_unchanged_and_its_next_win_runs_an_interlude() -> None:
    """main's 'hollow play --campaign old5 --auto' won the covered bridge and dropped the
    smelling salts; the same run now does the same, asks nothing (the save follows no pack
    campaign) and logs the chapter."""
    from click.testing import CliRunner

    from hollowcli.cli import cli

    path = saves.campaign_path("old5")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(OLD.read_bytes())
    expected = json.loads((HERE / "schema5-midgame.expected.json").read_text(encoding="utf-8"))["after_auto"]
    r = CliRunner().invoke(cli, ["play", "--campaign", "old5", "--auto", "--content", PACK5], env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "Resuming The Covered Bridge at round 3 (step 21, seed 5)." in out
    assert ("The Covered Bridge is won. Items and relics are kept, chapter items are gone (Jeremiah's Smelling Salts). "
            "Next: chapter 3, The Churchyard at Midnight") in out
    assert "Interlude" not in out  # nothing to ask
    camp = saves.load("old5")
    assert camp.completed == expected["completed"] and camp.legends == expected["legends"]
    assert {k: {"won": v.won, "lost": v.lost} for k, v in camp.results.items()} == expected["results"]
    assert camp.interlude is None and camp.follows is None
    [entry] = camp.log
    assert (entry["chapter"], entry["outcome"], entry["next"], entry["choices"]) == ("covered-bridge", "won", "churchyard", [])
    assert entry["dropped"] == [["jeremiah-pincke", "smelling-salts"]] and entry["rounds"] > 3
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["schema_version"] == 6 and doc["game"] is None
