"""`hollow campaign new/status/list`, the default campaign, and where files live."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner, Result

from hollowcli.cli import cli
from hollowcli.errors import HollowError
from hollowcli.play import saves


def hollow(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input)


def test_campaign_files_live_under_hollow_home_never_the_real_home() -> None:
    hollow("campaign", "new", "autumn")
    home = Path(os.environ["HOLLOW_HOME"])
    assert (home / "campaigns" / "autumn.json").is_file()


def test_new_refuses_to_overwrite_without_force_and_force_keeps_a_backup() -> None:
    assert hollow("campaign", "new", "autumn").exit_code == 0
    hollow("play", "--campaign", "autumn", "1", "--seed", "2", input="1\nquit\n")
    again = hollow("campaign", "new", "autumn")
    assert isinstance(again.exception, HollowError) and "--force" in str(again.exception)
    assert saves.load("autumn").game is not None  # untouched
    forced = hollow("campaign", "new", "autumn", "--force")
    assert forced.exit_code == 0 and "Started campaign 'autumn'" in forced.output
    assert saves.load("autumn").game is None
    bak = saves.backup_path(saves.campaign_path("autumn"))
    assert json.loads(bak.read_text())["game"]["actions"] == [{"kind": "activate", "legend": "jeremiah-pincke"}]


def test_play_without_a_name_uses_and_creates_the_default_campaign() -> None:
    r = hollow("play", "--seed", "1", input="quit\n")
    assert r.exit_code == 0
    assert saves.list_campaigns() == ["default"]
    assert saves.load("default").game.chapter == "schoolhouse"  # type: ignore[union-attr]


def test_status_shows_progress_the_game_in_progress_and_what_comes_next() -> None:
    hollow("play", "1", "--seed", "3", "--auto", "--campaign", "default")
    hollow("play", "--seed", "9", input="1\nend\nquit\n")
    r = hollow("campaign", "status")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Campaign 'default'" in out
    # the default campaign follows the built-in Long Autumn: its log, and the Legends as
    # its first interlude (answered by --auto: the first option of each) grew them
    assert "Campaign 'default' · The Long Autumn" in out
    assert "  1. The Schoolhouse by the M… won  8 rounds" in out
    assert "In progress: chapter 2, The Covered Bridge, round 1, step 2 (seed 9)." in out
    # the party sheet: each Legend's numbers, then its skills (the locked one marked) and what it carries
    assert "Jeremiah Pincke    14   4  2   3   1   10  The Sexton · wears Drover's Greatcoat\n" in out
    assert "  skills: Spade Swing, Stand Fast, Coffin Lid [locked]\n  carries relic Horseshoe Amulet\n" in out
    assert "  skills: Steady Aim, Fan the Hammer, Last Cartridge [locked] · carries nothing\n" in out
    assert "  carries relic Silver Locket\n" in out and "· carries Linen Bandages\n" in out
    assert max(len(line) for line in out.splitlines()) <= 80 and len(out.splitlines()) <= 23
    assert "Continue with: hollow play" in out


def test_status_json() -> None:
    hollow("play", "1", "--seed", "3", "--auto", "--campaign", "default")
    r = hollow("campaign", "status", "--json")
    doc = json.loads(r.output)
    assert doc["name"] == "default" and doc["completed"] == ["schoolhouse"]
    assert doc["results"] == {"schoolhouse": {"won": 1, "lost": 0}}
    assert doc["next_chapter"] == "covered-bridge" and doc["game"] is None
    assert [c["id"] for c in doc["chapters"]] == ["schoolhouse", "covered-bridge", "churchyard", "mill-race",
                                                 "cider-press", "potters-field"]
    assert doc["legends"]["jeremiah-pincke"]["relic"] == "horseshoe-amulet"


def test_status_of_a_missing_campaign_says_how_to_create_it() -> None:
    r = hollow("campaign", "status", "nope")
    assert isinstance(r.exception, HollowError) and "hollow campaign new nope" in str(r.exception)


def test_list_and_list_json_including_a_damaged_one() -> None:
    assert "No campaigns yet" in hollow("campaign", "list").output
    hollow("campaign", "new", "alpha")
    hollow("play", "--campaign", "beta", "--new", "--seed", "1", input="1\nquit\n")
    saves.campaign_path("gamma").write_text("{not json")
    r = hollow("campaign", "list")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert any(line.split()[:1] == ["alpha"] and "0 chapters won" in line for line in lines)
    assert any("beta" in line and "playing schoolhouse (step 1)" in line for line in lines)
    assert any("gamma" in line and "cannot be read" in line for line in lines)
    assert max(len(line) for line in lines) <= 78
    doc = json.loads(hollow("campaign", "list", "--json").output)
    by = {c["name"]: c for c in doc["campaigns"]}
    assert by["beta"]["in_progress"] == "schoolhouse" and by["gamma"]["damaged"] is True


def test_winning_every_chapter_then_play_without_a_chapter_says_so() -> None:
    camp = saves.new_campaign("done")
    camp.completed = ["schoolhouse", "covered-bridge", "churchyard", "mill-race", "cider-press", "potters-field"]
    saves.save(camp)
    r = hollow("play", "--campaign", "done")
    assert isinstance(r.exception, HollowError) and "won every chapter" in str(r.exception)
    # naming a chapter replays it
    r = hollow("play", "--campaign", "done", "2", input="quit\n")
    assert r.exit_code == 0 and "The Covered Bridge" in r.output


def test_a_won_chapter_names_the_command_that_continues_this_campaign(tmp_path, monkeypatch) -> None:
    """After a win in a named campaign, the hint must carry --campaign NAME."""
    from click.testing import CliRunner

    from hollowcli.cli import cli

    monkeypatch.setenv("HOLLOW_HOME", str(tmp_path / "home"))
    runner = CliRunner()
    assert runner.invoke(cli, ["campaign", "new", "trip"]).exit_code == 0
    res = runner.invoke(cli, ["play", "--campaign", "trip", "--auto", "--seed", "4"])
    assert res.exit_code == 0, res.output
    assert "is won" in res.output
    assert "'hollow play --campaign trip' starts it" in " ".join(res.output.split())
    listing = runner.invoke(cli, ["campaign", "list"])
    assert "1 chapter won" in listing.output
