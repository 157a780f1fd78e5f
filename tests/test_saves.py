"""Campaign save files: layout, atomic writes with a backup, damage, migrations."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hollowcli.errors import SaveError, UsageError
from hollowcli.play import saves
from hollowcli.play.saves import Campaign, GameRecord


def _game(n_actions: int = 2, cursor: int | None = None) -> GameRecord:
    acts = [f"move A{i}" for i in range(n_actions)]
    return GameRecord("schoolhouse", 7, {"round": 1, "anything": [1, 2]}, acts, n_actions if cursor is None else cursor)


def test_data_dir_follows_hollow_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOLLOW_HOME", str(tmp_path / "h"))
    assert saves.campaign_path("default") == tmp_path / "h" / "campaigns" / "default.json"


def test_data_dir_without_hollow_home_is_the_platform_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HOLLOW_HOME")
    home = Path(os.environ["XDG_DATA_HOME"])  # the conftest points it into a temp folder
    assert saves.data_dir() == home / "hollow"


@pytest.mark.parametrize("bad", ["", "../x", "a/b", "x" * 41, "-lead", "sp ace"])
def test_bad_names_are_refused(bad: str) -> None:
    with pytest.raises(UsageError):
        saves.campaign_path(bad)


def test_round_trip_keeps_everything() -> None:
    camp = saves.new_campaign("trip")
    camp.legends = {"emily": {"items": ["lantern"]}}
    camp.completed = ["schoolhouse"]
    camp.result("schoolhouse").won = 1
    camp.result("mill").lost = 2
    camp.game = _game(3, cursor=2)
    saves.save(camp)
    back = saves.load("trip")
    assert back == camp
    doc = json.loads(saves.campaign_path("trip").read_text())
    assert doc["schema_version"] == saves.SCHEMA_VERSION
    assert doc["game"]["actions"] == [{"command": "move A0"}, {"command": "move A1"}, {"command": "move A2"}]
    assert doc["game"]["cursor"] == 2


def test_second_write_keeps_the_first_as_backup() -> None:
    camp = saves.new_campaign("bk")
    camp.game = _game(1)
    saves.save(camp)
    camp.game = _game(2)
    path = saves.save(camp)
    bak = saves.backup_path(path)
    assert json.loads(bak.read_text())["game"]["actions"] == [{"command": "move A0"}]
    assert json.loads(path.read_text())["game"]["actions"] == [{"command": "move A0"}, {"command": "move A1"}]
    # no temporary files are left behind (the campaign's lock file, elsewhere, stays empty for the next writer)
    assert sorted(p.name for p in path.parent.iterdir()) == ["bk.json", "bk.json.bak"]
    assert saves.lock_path("bk").read_text() == ""


def test_damaged_save_is_one_sentence_and_offers_the_backup() -> None:
    camp = saves.new_campaign("dmg")
    saves.save(camp)
    camp.game = _game(1)
    path = saves.save(camp)
    path.write_text('{"schema_version": 1, "name": "dmg", "progr')  # torn write
    with pytest.raises(saves.DamagedSave) as info:
        saves.load("dmg")
    msg = str(info.value)
    assert "damaged" in msg and "--from-backup" in msg and "\n" not in msg
    assert info.value.backup == saves.backup_path(path)
    # the backup is still there and intact
    assert saves.parse(saves.backup_path(path).read_text()).name == "dmg"


def test_a_write_over_a_damaged_file_does_not_overwrite_the_good_backup() -> None:
    camp = saves.new_campaign("keep")
    camp.game = _game(1)
    saves.save(camp)
    camp.game = _game(2)
    path = saves.save(camp)
    path.write_text("garbage")
    camp.game = _game(3)
    saves.save(camp)
    assert json.loads(saves.backup_path(path).read_text())["game"]["actions"] == [{"command": "move A0"}]


def test_restore_backup_brings_the_last_good_copy_back_and_keeps_the_damaged_file() -> None:
    camp = saves.new_campaign("rb")
    camp.game = _game(1)
    saves.save(camp)
    camp.game = _game(2)
    path = saves.save(camp)
    path.write_bytes(b"\xff\xfe not json")
    restored = saves.restore_backup("rb")
    assert restored.game is not None and restored.game.actions == [{"command": "move A0"}]
    assert saves.load("rb").game.actions == [{"command": "move A0"}]  # type: ignore[union-attr]
    assert path.with_name("rb.json.damaged").read_bytes() == b"\xff\xfe not json"


def test_a_second_restore_keeps_both_damaged_files() -> None:
    camp = saves.new_campaign("twice")
    camp.game = _game(1)
    saves.save(camp)
    camp.game = _game(2)
    path = saves.save(camp)
    path.write_bytes(b"first damage")
    saves.restore_backup("twice")
    path.write_bytes(b"second damage")
    saves.restore_backup("twice")
    assert path.with_name("twice.json.damaged").read_bytes() == b"first damage"
    assert path.with_name("twice.json.damaged2").read_bytes() == b"second damage"
    assert [p.name for p in saves.kept_copies("twice")] == ["twice.json.damaged", "twice.json.damaged2"]


def test_damaged_without_backup_says_how_to_start_again() -> None:
    path = saves.campaign_path("nob")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[]")
    with pytest.raises(saves.DamagedSave) as info:
        saves.load("nob")
    assert "no usable backup" in str(info.value) and "--force" in str(info.value)
    with pytest.raises(SaveError):
        saves.restore_backup("nob")


@pytest.mark.parametrize(
    "doc, why",
    [
        ({"schema_version": 1, "name": "x"}, "progress"),
        ({"schema_version": 1, "name": "x", "progress": {"completed": [], "results": {}}, "game": {"chapter": "c"}}, "seed"),
        (
            {
                "schema_version": 1,
                "name": "x",
                "progress": {"completed": [], "results": {}},
                "game": {"chapter": "c", "seed": 1, "initial": {}, "actions": ["a"], "cursor": 5},
            },
            "cursor",
        ),
        ({"schema_version": "one", "name": "x"}, "schema_version"),
    ],
)
def test_structurally_wrong_files_are_damaged(doc: dict, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        saves.parse(json.dumps(doc))


def test_newer_schema_is_refused_politely_and_left_untouched() -> None:
    path = saves.campaign_path("future")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"schema_version": saves.SCHEMA_VERSION + 1, "name": "future", "hover": True})
    path.write_text(text)
    with pytest.raises(saves.DamagedSave) as info:
        saves.load("future")
    msg = str(info.value)
    assert "newer hollow" in msg and "upgrade" in msg and "\n" not in msg
    assert path.read_text() == text


def test_fake_v0_file_is_migrated_to_the_current_layout() -> None:
    v0 = {
        "name": "old",
        "inventory": {"emily": {"items": ["lantern"]}},
        "completed": ["schoolhouse"],
        "won": {"schoolhouse": 1},
        "lost": {"mill": 3},
        "game": {"chapter": "mill", "seed": 9, "initial": {"round": 1}, "moves": ["end", "end"]},
    }
    camp = saves.parse(json.dumps(v0))
    assert camp.legends == {"emily": {"items": ["lantern"]}}
    assert camp.results["schoolhouse"].won == 1 and camp.results["mill"].lost == 3
    # (commands kept as text name foes by their numbers of before standees: 'old_numbers')
    assert camp.game == GameRecord("mill", 9, {"round": 1}, [{"command": "end", "old_numbers": True}] * 2, 2)
    # and saving writes the current layout
    saves.save(camp)
    assert json.loads(saves.campaign_path("old").read_text())["schema_version"] == saves.SCHEMA_VERSION


def test_migrations_run_in_order_and_each_moves_one_version(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def bad(doc: dict) -> dict:
        seen.append(0)
        return {**doc, "schema_version": 5}

    monkeypatch.setitem(saves.MIGRATIONS, 0, bad)
    with pytest.raises(ValueError, match="went to 5"):
        saves.upgrade({"name": "x"})
    assert seen == [0]


def test_load_or_new_writes_nothing_and_list() -> None:
    assert saves.list_campaigns() == []
    camp, fresh = saves.load_or_new("default")
    assert isinstance(camp, Campaign) and camp.game is None and fresh
    assert saves.list_campaigns() == []  # a new campaign is written once it holds a game
    saves.save(camp)
    saves.save(saves.new_campaign("zeta"))
    assert saves.list_campaigns() == ["default", "zeta"]
    again, fresh = saves.load_or_new("default")
    assert not fresh and again.name == "default"


def test_missing_campaign_says_how_to_create_it() -> None:
    with pytest.raises(SaveError, match="hollow campaign new nothere"):
        saves.load("nothere")


def test_write_failure_is_a_save_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("HOLLOW_HOME", str(blocker))  # a file where a folder should be
    with pytest.raises(SaveError, match="cannot write"):
        saves.save(saves.new_campaign("x"))


def test_saving_unchanged_content_keeps_the_backup_one_step_behind() -> None:
    camp = saves.new_campaign("same")
    camp.game = _game(1)
    saves.save(camp)
    camp.game = _game(2)
    path = saves.save(camp)
    saves.save(camp)  # e.g. 'quit' right after a step: nothing new to write
    assert json.loads(saves.backup_path(path).read_text())["game"]["actions"] == [{"command": "move A0"}]
