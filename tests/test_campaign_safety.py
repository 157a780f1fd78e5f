"""Campaigns that cannot be mixed up: a mistyped --campaign is refused (with the closest
name and the command that creates it), --new starts one, a failing 'hollow play' writes
nothing, the --auto demo leaves the user's campaigns alone, and 'campaign status' marks the
chapter being played."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
from click.testing import CliRunner, Result

from hollowcli.cli import cli
from hollowcli.play import saves


def hollow(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input)


def files() -> dict[str, bytes]:
    folder = saves.campaigns_dir()
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() else {}


def test_a_mistyped_campaign_is_refused_with_the_closest_name_and_how_to_create_it() -> None:
    assert hollow("campaign", "new", "autumn").exit_code == 0
    before = files()
    r = hollow("play", "--campaign", "autunm", input="quit\n")
    assert r.exit_code == 1
    msg = str(r.exception)
    assert "there is no campaign named 'autunm'" in msg and "did you mean 'autumn'?" in msg
    assert "'hollow campaign new autunm'" in msg and "--new" in msg
    assert files() == before  # nothing written, no 'autunm.json'


def test_new_starts_a_campaign_and_is_refused_for_one_that_exists() -> None:
    r = hollow("play", "--campaign", "winter", "--new", "1", "--seed", "2", input="quit\n")
    assert r.exit_code == 0, r.output
    assert saves.load("winter").game is not None
    again = hollow("play", "--campaign", "winter", "--new", input="quit\n")
    assert again.exit_code == 1 and "exists already; drop --new" in str(again.exception)
    alone = hollow("play", "--new")
    assert alone.exit_code == 1 and "--campaign" in str(alone.exception)


def test_a_play_that_fails_writes_nothing(tmp_path: Path) -> None:
    for args in (["play", "9"], ["play", "1", "--input", str(tmp_path / "missing.txt")],
                 ["play", "1", "--log", str(tmp_path / "no" / "such" / "dir" / "log.jsonl")],
                 ["play", "1", "--rolled", "7"]):
        r = hollow(*args, input="quit\n")
        assert r.exit_code != 0, args
        assert files() == {}, args  # not even the default campaign
    assert hollow("play", "1", input="quit\n").exit_code == 0
    assert list(files()) == ["default.json"]


def test_auto_without_campaign_is_a_throwaway_demo_that_leaves_the_default_alone() -> None:
    hollow("play", "2", "--seed", "5", input="1\nquit\n")  # the user's own game in progress
    before = files()
    r = hollow("play", "--auto", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert "The Schoolhouse by the Mill Pond" in r.output  # a fresh campaign's first chapter
    assert "nothing was saved and your campaigns are as they were" in " ".join(r.output.split())
    assert files() == before
    assert saves.load("default").game.chapter == "covered-bridge"  # type: ignore[union-attr]
    # with --campaign the policy plays in (and advances) that campaign
    r = hollow("play", "1", "--auto", "--seed", "3", "--campaign", "bot", "--new")
    assert r.exit_code == 0 and saves.load("bot").completed == ["schoolhouse"]


def test_campaign_status_says_in_progress_for_the_chapter_being_played() -> None:
    hollow("play", "2", "--seed", "5", input="1\nquit\n")
    out = hollow("campaign", "status").output
    # (the campaign 'hollow play' made follows the built-in Long Autumn: the sheet's log has
    # no chapter yet, and the chapter being played is said in progress)
    assert "In progress: chapter 2, The Covered Bridge, round 1, step 1 (seed 5)." in out
    doc = __import__("json").loads(hollow("campaign", "status", "--json").output)
    assert [c["in_progress"] for c in doc["chapters"]] == [False, True, False, False, False, False]  # six built-in chapters


def test_a_mistyped_campaign_in_a_terminal() -> None:
    assert hollow("campaign", "new", "autumn").exit_code == 0
    child = pexpect.spawn(sys.executable, ["-m", "hollowcli", "play", "--campaign", "autum"], env=dict(os.environ),
                          encoding="utf-8", timeout=30, dimensions=(24, 80))
    child.expect("there is no campaign named 'autum'; did you mean 'autumn'\\?")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert not saves.campaign_path("autum").exists()
