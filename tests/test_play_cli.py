"""`hollow play` from the command line: scripted games, prompts, undo/redo, logs, resume."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import horseman_pack
from click.testing import CliRunner, Result

from hollowcli.cli import cli
from hollowcli.errors import HollowError, SaveError
from hollowcli.play import saves


def play(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["play", *args], input=input)


def hollow(*args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hollowcli", *args], check=False, input=input, capture_output=True,
                          text=True, env=dict(os.environ), timeout=120)


def saved_game() -> saves.GameRecord:
    game = saves.load("default").game
    assert game is not None
    return game


def test_a_new_game_shows_map_ledger_and_numbered_choices_on_one_screen() -> None:
    r = play("1", "--seed", "4", input="quit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Round 1 - Legend phase - The Schoolhouse by the Mill Pond (chapter 1)" in out
    assert "survive 8 rounds | track: move, attack | spawn: 3 Gobkin" in out
    # coordinates: column letters on top, row numbers at the left; the all-wall border is left out
    assert "\n  B    C    D    E" in out
    assert "\n2 G1:1 .    .    b" in out  # Gobkin 1 on spawn point 1, the bell rope at E2
    assert "4 .    .    JP   MG+2" in out  # three Legends share E4
    assert "Here: E4 start: MG EK EW" in out
    assert "[4]" in out  # chapter 1 bars spawn point 4
    assert " JP Jeremiah D4  12/12 0    3/3" in out  # the ledger beside the map
    assert " G1 Gobkin   B2  3/3   0" in out
    assert " 1. Jeremiah  at D4  health 12/12  fear 0  tokens 3/3  [activate jeremiah]" in out
    assert "Saved at round 1, step 0. Resume with: hollow play" in out


def test_map_shows_the_full_board_with_key_track_and_items() -> None:
    r = play("1", "--seed", "4", input="map\nquit\n")
    out = r.output
    assert "   A    B    C    D" in out
    assert "\n2  ##   G1" in out
    assert "Key: JP Jeremiah, MG Matthias, EK Elijah, EW Emily, Gn Gobkin n" in out
    assert "[4] " in out and "barricaded spawn point" in out
    assert ">>1:move, attack<<" in out  # the track's current spot
    assert "Jeremiah Pincke      D4   12/12   0/10   3/3 ready  Horseshoe Amulet" in out
    assert any("G1  Gobkin 1" in line and " B2 " in line for line in out.splitlines())


def test_typed_commands_numbers_and_shortcuts_play_steps_and_are_saved() -> None:
    r = play("1", "--seed", "4", input="2\nmove E2\nattack g1\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Matthias activates at E4" in r.output
    assert "Matthias moves E4→E3→E2" in r.output
    assert "Matthias attacks Gobkin 1 from E2" in r.output
    assert saved_commands(saved_game()) == ["activate matthias", "move E2", "attack g1"]


@pytest.mark.parametrize("line", ["fly to the moon", "move Z9", "attack 42", "0", "17", "undo x", "\x1b[A", "move"])
def test_bad_input_gets_a_hint_and_the_prompt_again(line: str) -> None:
    r = play("1", "--seed", "4", input=f"{line}\n1\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.exception is None
    after = r.output.split(line, 1)[1] if line in r.output else r.output
    assert ("not one of the choices" in after) or ("There is no choice" in after) or ("'help'" in after)
    assert "Jeremiah activates" in r.output  # the next line was still read and played
    assert saved_commands(saved_game()) == ["activate jeremiah"]


def test_help_map_log_and_save_do_not_take_a_step() -> None:
    r = play("1", "--seed", "4", input="1\nhelp\nmap\nlog\nsave\nchoices\nquit\n")
    assert r.exit_code == 0, r.output
    assert "undo [N]" in r.output and "move C4" in r.output  # the help text
    assert r.output.count("== The Schoolhouse by the Mill Pond") == 1  # 'map': the full board
    assert "Jeremiah activates at D4" in r.output.split("log")[-1]  # 'log' repeats the ruling
    assert "Saved campaign 'default' at step 1" in r.output
    assert saved_game().cursor == 1


def test_meta_commands_dispatch_through_one_table() -> None:
    from hollowcli.play import meta

    # every word of the table is understood, in any case, with an optional count
    for word in meta.META:
        assert meta.parse(meta.META, f" {word.upper()} 3 ") == (word, 3), word
    assert meta.parse(meta.META, "undo3") is None and meta.parse(meta.META, "status") is None
    r = play("1", "--seed", "4", input="?\nEXIT\n")
    assert "undo [N]" in r.output  # '?' is help too
    assert "Saved at round 1, step 0" in r.output


def test_undo_and_redo_any_number_of_steps_through_the_prompt() -> None:
    r = play("1", "--seed", "4", input="2\nmove E2\nattack g1\nundo 2\nredo\nundo\nundo\nundo\nundo\nredo 3\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Undone 2 steps; back at round 1, step 1 (2 can be redone with 'redo')." in r.output
    assert "Redone 1 step:" in r.output and "Redone 3 steps:" in r.output
    assert "Nothing to undo: this is the start of the chapter." in r.output
    game = saved_game()
    assert saved_commands(game) == ["activate matthias", "move E2", "attack g1"] and game.cursor == 3
    # redo rolled the very same dice as the first time
    attacks = [line for line in r.output.splitlines() if "attacks Gobkin 1" in line]
    assert len(attacks) == 2 and attacks[0] == attacks[1]


def test_end_of_input_saves_and_the_next_run_resumes_where_it_stopped() -> None:
    first = play("1", "--seed", "8", input="1\nend\n")
    assert first.exit_code == 0
    assert "End of input; saved at round 1, step 2. Resume with: hollow play" in first.output
    second = play(input="quit\n")
    assert "Resuming The Schoolhouse by the Mill Pond at round 1 (step 2, seed 8)." in second.output
    assert "v JP Jeremiah" in second.output or "vJP " in second.output  # Jeremiah already activated


def test_scripted_game_from_input_file_and_from_a_pipe_are_the_same(tmp_path: Path) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("# my opening\n2\nmove E2\n\nattack g1\nend\n")
    from_file = play("1", "--seed", "4", "--campaign", "a", "--new", "--input", str(script))
    from_pipe = play("1", "--seed", "4", "--campaign", "b", "--new", input=script.read_text())
    assert from_file.exit_code == from_pipe.exit_code == 0
    assert from_file.output.replace("--campaign a", "--campaign b") == from_pipe.output
    assert saved_commands(saves.load("a").game) == ["activate matthias", "move E2", "attack g1"]


def test_the_whole_game_is_reproducible_from_its_seed() -> None:
    a = play("2", "--seed", "21", "--auto", "--campaign", "twin-a", "--new")
    b = play("2", "--seed", "21", "--auto", "--campaign", "twin-b", "--new")
    assert a.exit_code == b.exit_code == 0
    # Only the campaign's own name (in the "continue with" hint) may differ.
    assert a.output.replace("twin-a", "twin") == b.output.replace("twin-b", "twin")
    assert "The chapter is " in a.output


def test_auto_plays_to_the_end_and_records_the_result() -> None:
    r = play("1", "--seed", "3", "--auto", "--campaign", "default")
    assert r.exit_code == 0, r.output
    assert "The chapter is won" in r.output
    camp = saves.load("default")
    assert camp.completed == ["schoolhouse"] and camp.results["schoolhouse"].won == 1 and camp.game is None
    assert "-- Adversary phase, round 1 --" in r.output


def test_auto_round_cap_stops_and_saves() -> None:
    r = play("1", "--seed", "3", "--auto", "--max-rounds", "2", "--campaign", "default")
    assert r.exit_code == 0
    assert "Stopped after round 2 (--max-rounds); saved at round 3" in r.output
    assert saved_game().cursor > 0


def test_explain_prints_the_detail_of_each_ruling() -> None:
    plain = play("3", "--seed", "2", "--auto", "--max-rounds", "2", "--campaign", "p", "--new")
    explained = play("3", "--seed", "2", "--auto", "--max-rounds", "2", "--campaign", "e", "--new", "--explain")
    assert len(explained.output.splitlines()) > len(plain.output.splitlines())
    extra = set(explained.output.splitlines()) - set(plain.output.splitlines())
    assert any(line.startswith("      ") for line in extra)


def test_log_file_has_one_json_object_per_event(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    r = play("3", "--seed", "2", "--auto", "--max-rounds", "3", "--log", str(log), "--campaign", "default")
    assert r.exit_code == 0
    docs = [json.loads(line) for line in log.read_text().splitlines()]
    assert docs[0]["kind"] == "session" and docs[0]["seed"] == 2 and docs[0]["chapter"] == "churchyard"
    commands = [d for d in docs if d["kind"] == "command"]
    assert commands and all(d["command"] for d in commands)
    events = [d for d in docs if d["kind"] not in ("session", "command")]
    for d in events:
        assert {"round", "phase", "kind", "actor", "target", "from", "to", "rolls", "numbers", "reason"} <= set(d)
    moves = [d for d in events if d["phase"] == "adversary" and d["from"] and d["to"] and d["from"] != d["to"]]
    assert moves, "foes moved in three rounds of the churchyard"
    assert all(d["reason"] for d in events)
    # the commands in the log replay the saved game
    assert [d["command"] for d in commands] == saved_commands(saved_game())


def test_json_summary_is_the_only_thing_on_stdout() -> None:
    out = hollow("play", "1", "--seed", "3", "--auto", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["result"] == "won" and doc["chapter"] == "schoolhouse" and doc["seed"] == 3
    assert doc["next_chapter"] == "covered-bridge"
    assert "Round 1 - Legend phase - The Schoolhouse" in out.stderr  # the transcript went to stderr


def test_chapter_by_id_or_number_and_unknown_chapter() -> None:
    assert "Covered Bridge" in play("covered-bridge", "--seed", "1", input="quit\n").output
    r = play("9", "--campaign", "other", "--new")
    assert isinstance(r.exception, HollowError)
    assert "there is no chapter '9'" in str(r.exception) and "1 (schoolhouse)" in str(r.exception)


def test_another_chapter_while_one_is_in_progress_needs_restart() -> None:
    play("1", "--seed", "1", input="1\n")
    r = play("2", input="quit\n")
    assert isinstance(r.exception, HollowError)
    assert "--restart" in str(r.exception)
    r = play("2", "--restart", "--seed", "5", input="quit\n")
    assert r.exit_code == 0 and "The Covered Bridge" in r.output
    game = saved_game()
    assert game.chapter == "covered-bridge" and game.seed == 5 and game.actions == []


def test_a_seed_given_on_resume_is_noted_not_used() -> None:
    play("1", "--seed", "1", input="1\n")
    r = play("--seed", "2", input="quit\n")
    assert "keeps its seed 1" in r.output
    assert saved_game().seed == 1


def test_damaged_save_is_one_sentence_and_from_backup_resumes() -> None:
    play("1", "--seed", "4", input="2\nmove E2\n")
    path = saves.campaign_path("default")
    path.write_text(path.read_text()[:100])  # a torn file
    out = hollow("play", input="quit\n")
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert "damaged" in out.stderr and "--from-backup" in out.stderr
    status = hollow("campaign", "status")
    assert status.returncode == 1 and "damaged" in status.stderr
    r = play("--from-backup", input="quit\n")
    assert r.exit_code == 0, r.output
    assert "Restored campaign 'default' from its backup" in r.output
    assert saved_commands(saved_game()) == ["activate matthias"]  # the step before the last one
    assert path.with_name("default.json.damaged").exists()


def test_newer_save_is_refused_politely() -> None:
    path = saves.campaign_path("default")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"schema_version": 99, "name": "default"}))
    out = hollow("play", input="quit\n")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "newer hollow" in out.stderr and "upgrade" in out.stderr
    assert json.loads(path.read_text())["schema_version"] == 99


def test_winning_moves_on_and_losing_resets_with_items_kept(tmp_path: Path) -> None:
    won = play("1", "--seed", "3", "--auto", "--campaign", "default")
    assert "Next: chapter 2, The Covered Bridge" in won.output
    # The churchyard is won by defeating the Horseman within 9 rounds: with 1000 health
    # (a pack layered over the built-in one) he cannot be, so the game is lost, whatever the seed.
    tough = horseman_pack(tmp_path / "tough", health=1000, defense=1, dice=3, direct=2, text="Tireless.")
    # a campaign that follows no pack campaign (as one made before issue 19): a lost chapter
    # is played again (the built-in Long Autumn would send the party back to the bridge)
    saves.save(saves.new_campaign("lost", follows=None))
    r = play("3", "--seed", "1", "--auto", "--campaign", "lost", "--content", str(tough))
    assert r.exit_code == 0, r.output
    assert "The chapter is lost" in r.output
    assert "The chapter and the Legends are reset" in r.output
    camp = saves.load("lost")
    assert camp.results["churchyard"].lost == 1 and "churchyard" not in camp.completed
    assert camp.game is not None and camp.game.chapter == "churchyard" and camp.game.actions == []
    assert camp.legends is not None  # what the Legends kept rides into the reset game
    assert camp.game.initial["legends"][0]["relic"] == camp.legends["jeremiah-pincke"]["relic"]


def test_bad_campaign_name_is_a_usage_error() -> None:
    r = play("--campaign", "../etc")
    assert isinstance(r.exception, HollowError) and "campaign name" in str(r.exception)


def test_unreadable_input_file_is_one_sentence(tmp_path: Path) -> None:
    out = hollow("play", "1", "--input", str(tmp_path / "missing.txt"))
    assert out.returncode in (1, 2) and "Traceback" not in out.stderr


def test_save_errors_are_save_errors() -> None:
    assert issubclass(saves.DamagedSave, SaveError)


def test_a_seed_on_a_game_not_yet_started_is_used() -> None:
    play("1", "--seed", "1", input="quit\n")  # set up, nothing played
    play("--seed", "2", input="quit\n")
    assert saved_game().seed == 2


def test_the_retry_after_a_loss_has_a_seed_that_follows_from_the_lost_game() -> None:
    from hollowcli.commands.common import get_pack
    from hollowcli.play import campaigns

    pack = get_pack(())
    seeds = []
    for name in ("r1", "r2"):
        camp = saves.new_campaign(name)
        rec = campaigns.start_game(pack, camp, "schoolhouse", 77)
        from hollowcli import engine

        state = engine.GameState.from_dict(pack, rec.initial)
        campaigns.finish_game(pack, camp, state, "lost", "test")
        assert camp.game is not None and camp.game.actions == []
        seeds.append(camp.game.seed)
    assert seeds[0] == seeds[1] != 77


def saved_commands(rec: Any) -> list[str]:
    """The saved steps as commands (the save stores typed actions)."""
    from hollowcli.commands.common import get_pack
    from hollowcli.play.session import recorded_commands

    return recorded_commands(get_pack(()), rec)
