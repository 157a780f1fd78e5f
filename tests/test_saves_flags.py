"""Campaign flags (issue 18) and save layout 5.

A chapter's events may set flags and counters with ``campaign: true``: they are carried
into the campaign when the chapter is won (never when it is lost: the rules summary resets
a lost chapter), kept in the save (``flags``, layout 5), and every later game's script
starts with them. ``tests/saves/schema4-midgame.json`` was written by hollow before chapter
scripting (layout 4, state version 3: ``hollow play 1 --seed 11 --auto --max-rounds 2``,
then one step taken and undone); it must load, replay the same board and resume.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_engine_packs import game, make_pack

from hollowcli import engine
from hollowcli.cli import cli
from hollowcli.commands.common import get_pack
from hollowcli.engine import ScriptState, campaign_flags
from hollowcli.engine.speed import replace
from hollowcli.engine.vocab import Result
from hollowcli.play import campaigns, saves
from hollowcli.play.session import Session

HERE = Path(__file__).resolve().parent / "saves"
OLD = HERE / "schema4-midgame.json"
#: The four sample chapters as they were before they had scripts.
UNSCRIPTED = str(Path(__file__).resolve().parent.parent / "benchmarks" / "packs" / "unscripted")


def _without_version(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k != "version"}


def test_a_layout_4_save_migrates_with_no_flags_and_replays_the_same_board() -> None:
    doc = json.loads(OLD.read_text(encoding="utf-8"))
    assert doc["schema_version"] == 4 and "flags" not in doc and doc["game"]["initial"]["version"] == 3
    camp = saves.parse(OLD.read_text(encoding="utf-8"))
    assert camp.flags == {}
    expected = json.loads((HERE / "schema4-midgame.expected.json").read_text(encoding="utf-8"))
    assert camp.game is not None and camp.game.cursor == 22 and len(camp.game.actions) == 23
    sess = Session(get_pack((str(HERE / "pack4"),)), camp.game)
    assert sess.state.script is None  # a game from before scripts plays on unscripted
    assert _without_version(sess.state.to_dict()) == _without_version(expected["at_cursor"])
    sess.redo(1)
    assert _without_version(sess.state.to_dict()) == _without_version(expected["after_redo"])


def _install(name: str = "default") -> Path:
    path = saves.campaign_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(OLD.read_bytes())
    return path


def test_a_layout_4_save_resumes_and_is_written_again_in_the_current_layout() -> None:
    path = _install("before-scripts")
    r = CliRunner().invoke(cli, ["play", "--campaign", "before-scripts", "--content", str(HERE / "pack4")],
                           input="redo\nquit\n", env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert "Resuming The Schoolhouse by the Mill Pond at round 3 (step 22, seed 11)." in r.output
    assert "Saved at round 3, step 23." in r.output
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["schema_version"] == saves.SCHEMA_VERSION >= 5 and doc["flags"] == {} and doc["follows"] is None


def test_a_layout_4_save_with_the_built_in_chapter_resumes_or_says_to_start_again() -> None:
    """Once the built-in chapter 1 is scripted, its old game either still replays (as an
    unscripted game) or is refused in one sentence; never a traceback, never lost."""
    path = _install("before-scripts")
    before = path.read_bytes()
    r = CliRunner().invoke(cli, ["play", "--campaign", "before-scripts"], input="quit\n", env={"NO_COLOR": "1"})
    if r.exit_code == 0:
        assert "Resuming The Schoolhouse by the Mill Pond at round 3" in r.output
    else:
        assert "start the chapter again with 'hollow play --restart'" in r.output and "Traceback" not in r.output
        assert path.read_bytes() == before


@pytest.mark.parametrize(("flags", "says"), [({"jar": "yes"}, "'flags.jar' is not a whole number"),
                                             ({"jar": True}, "'flags.jar' is not a whole number"),
                                             ([], "the field 'flags' is not a dict")])
def test_damaged_flags_are_a_damaged_save(flags: Any, says: str) -> None:
    doc = saves.new_campaign("x").to_dict()
    doc["flags"] = flags
    with pytest.raises(ValueError, match=says):
        saves.parse(json.dumps(doc))


def test_flags_round_trip_through_the_save() -> None:
    camp = saves.new_campaign("x")
    camp.flags = {"stones": 3, "jar": 1}
    doc = camp.to_dict()
    assert doc["flags"] == {"jar": 1, "stones": 3} and doc["schema_version"] == saves.SCHEMA_VERSION
    assert saves.parse(json.dumps(doc)).flags == {"jar": 1, "stones": 3}


# ------------------------------------------------------------------ what a chapter carries
SCRIPT = ScriptState(counters=(("jar", 1), ("stones", 3), ("bell", 0)), carry=("jar", "bell"))


@pytest.mark.parametrize(("result", "script", "carried"), [
    (Result.WON, SCRIPT, {"jar": 1, "bell": 0}),   # only the ones set with campaign: true
    (Result.LOST, SCRIPT, {}),                      # a lost chapter is reset: nothing carried
    (None, SCRIPT, {}),                             # not over yet
    (Result.WON, None, {}),                         # an unscripted chapter
])
def test_campaign_flags_are_the_carried_counters_of_a_won_chapter(result: Any, script: Any, carried: Any) -> None:
    state = replace(game(make_pack()), script=script, result=result)
    assert campaign_flags(state) == carried


def test_a_won_chapter_merges_its_flags_into_the_campaign_and_the_next_game_starts_with_them() -> None:
    pack = get_pack(())
    camp = saves.new_campaign("c")
    camp.flags = {"old": 2, "bell": 5}
    campaigns.start_game(pack, camp, "schoolhouse", 1)
    assert camp.game is not None
    state = replace(engine.new_game(pack, "schoolhouse"), script=SCRIPT, result=Result.WON)
    done = campaigns.finish_game(pack, camp, state, "won", "")
    assert camp.flags == {"old": 2, "bell": 0, "jar": 1}  # a carried 0 overwrites
    assert done.next_chapter is not None
    campaigns.start_game(pack, camp, done.next_chapter, 1)
    assert camp.game is not None
    assert dict(camp.game.initial["script"]["counters"]) == {"bell": 0, "jar": 1, "old": 2}


def test_a_lost_chapter_carries_nothing_and_its_retry_starts_with_the_campaign_flags() -> None:
    pack = get_pack(())
    camp = saves.new_campaign("c")
    camp.flags = {"old": 2}
    campaigns.start_game(pack, camp, "schoolhouse", 1)
    state = replace(engine.new_game(pack, "schoolhouse"), script=SCRIPT, result=Result.LOST)
    campaigns.finish_game(pack, camp, state, "lost", "")
    assert camp.flags == {"old": 2}
    assert camp.game is not None and camp.game.initial["script"]["counters"] == [["old", 2]]


def test_new_game_seeds_the_counters_and_a_game_without_flags_stays_unscripted() -> None:
    pack = get_pack((UNSCRIPTED,))  # the schoolhouse as it was before it had a script
    assert engine.new_game(pack, "schoolhouse").script is None
    assert engine.new_game(pack, "schoolhouse", flags={}).script is None
    seeded = engine.new_game(pack, "schoolhouse", flags={"jar": 1, "bell": 2})
    assert seeded.script is not None and dict(seeded.script.counters) == {"bell": 2, "jar": 1}
    assert seeded.script.counter("jar") == 1 and seeded.script.carry == ()


def test_campaign_status_shows_the_flags_carried() -> None:
    camp = saves.new_campaign("default")
    camp.flags = {"jar": 1}
    saves.save(camp)
    r = CliRunner().invoke(cli, ["campaign", "status"], env={"NO_COLOR": "1"})
    assert r.exit_code == 0 and "Flags carried: jar 1." in r.output
    r = CliRunner().invoke(cli, ["campaign", "status", "--json"], env={"NO_COLOR": "1"})
    assert json.loads(r.output)["flags"] == {"jar": 1}
