"""``hint`` as a user types it: at the prompt of ``hollow play`` and ``hollow assist``
(through the real loop, with --input), and ``hollow hint`` for a saved game.

The tiny chapter of tests/packs/hint-duel (see tests/test_hint_estimate.py): Jeremiah's
Spade Swing wins 26/27 of the time, his basic attack 5/9, anything else never.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from cli_helpers import one_sentence, run_in_process

DUEL = str(Path(__file__).parent / "packs" / "hint-duel")


def _play(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, *lines: str) -> tuple[int, str, str]:
    script = tmp_path / "input.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return run_in_process(capsys, command, "9", "--seed", "4", "--content", DUEL, "--input", str(script))


def _listed(out: str) -> list[str]:
    """The commands of the last answer's list, best first."""
    block = out.rsplit("Chance to win from here", 1)[1]
    return [line.split(".", 1)[1].split("  ")[0].strip() for line in block.splitlines()
            if line[:4].strip().rstrip(".").isdigit()]


def test_hint_at_the_play_prompt_weighs_and_takes_no_step(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = _play(capsys, tmp_path, "play", "activate jeremiah", "hint", "hint attack g1", "hint move Z9", "quit")
    assert code == 0, err
    assert out.count("Chance to win from here (round 1), best first:") == 2
    assert _listed(out)[0] == "attack g1 with spade-swing"
    first = out.split("Chance to win from here")[1]
    assert "asked about" not in first and "asked about" in out.split("Chance to win from here")[2]
    assert "Estimates assume the --auto policy plays the rest of the chapter" in out
    assert "lower bound" in out and "dice are random" in out
    assert "'Z9' is not a location of this map" in out
    assert "Saved at round 1, step 1." in out  # 'activate' was the one step: no hint took one
    # the same answer twice at the same step, seeded apart from the game's own dice (seed 4)
    first, second = (" ".join(a.split("Why:")[0].split()) for a in out.split("Chance to win from here")[1:3])
    seeds = {line.rsplit("(seed ", 1)[1].split(")")[0] for line in " ".join(out.split()).split("Estimates")[1:]}
    assert len(seeds) == 1 and seeds != {"4"}


def test_hint_at_the_assist_prompt_reads_the_ledger_as_corrected(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """After 'set g1 health 1' any hit defeats the Gobkin: the basic attack wins every time
    (2 dice + 1 >= 1), so it cannot be told apart from the Spade Swing."""
    code, out, err = _play(capsys, tmp_path, "assist", "activate jeremiah", "hint", "set g1 health 1", "hint attack g1", "quit")
    assert code == 0, err
    before, after = out.split("Chance to win from here")[1:3]
    assert "What did Jeremiah do?" in out
    assert "reads the ledger as it stands now" in " ".join(after.split())
    flat = " ".join(after.split())
    assert "attack g1 100% (98%-100%), 200 rollouts" in flat
    assert "attack g1 with spade-swing 100% (98%-100%), 200 rollouts" in flat
    assert "'attack g1' cannot be told apart from 'attack g1 with spade-swing'" in flat
    assert re.search(r"2\. attack g1 \d+% \(\d+%-\d+%\), 50 rollouts, 1\.0 rounds left; clearly worse", " ".join(before.split()))


def _saved_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    code, _, err = _play(capsys, tmp_path, "play", "activate jeremiah", "quit")
    assert code == 0, err
    return Path(os.environ["HOLLOW_HOME"])


def test_hollow_hint_json_is_reproducible_and_the_save_is_untouched(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    home = _saved_game(capsys, tmp_path)
    files = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in home.rglob("*") if p.is_file()}
    args = ("hint", "--content", DUEL, "--rollouts", "40", "--json", "--choice", "attack g1")
    code, out, err = run_in_process(capsys, *args, "--jobs", "1")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["step"] == 1 and doc["complete"] is True
    best = doc["candidates"][0]
    assert best["command"] == "attack g1 with spade-swing" and best["rollouts"] == 40
    assert set(best) >= {"command", "win_rate", "ci95", "rollouts", "rounds_left"}
    mine = next(c for c in doc["candidates"] if c["command"] == "attack g1")
    assert mine["named"] and mine["pruned"]
    code, again, _ = run_in_process(capsys, *args, "--jobs", "2")
    assert code == 0 and again == out  # the same answer on two processes
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in home.rglob("*") if p.is_file()} == files  # not written


def test_hollow_hint_text_and_its_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run_in_process(capsys, "hint", "--campaign", "nowhere")
    assert code != 0 and one_sentence(err)
    _saved_game(capsys, tmp_path)
    code, out, err = run_in_process(capsys, "hint", "--content", DUEL, "--rollouts", "20", "--jobs", "1")
    assert code == 0, err
    assert "Why: 'attack g1 with spade-swing' defeats Gobkin 1 before the foes act" in " ".join(out.split())
    assert all(len(line) <= 80 for line in out.splitlines())
    code, _, err = run_in_process(capsys, "hint", "--content", DUEL, "--choice", "move Z9")
    assert code != 0 and one_sentence(err) and "Z9" in err
