"""One writer per campaign (issue 12 part 4) and the save fixes of part 5: a second
process is refused with who has the campaign open, a killed process's lock and temp files
never get in the way, and nothing is lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import one_sentence
from cli_helpers import run_in_process as hollow

from hollowcli.play import saves


def start_player(*args: str) -> subprocess.Popen[str]:
    """An interactive 'hollow play' fed through a pipe (it holds the campaign until stdin closes)."""
    return subprocess.Popen([sys.executable, "-m", "hollowcli", "play", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, bufsize=1)


def wait_for_step(proc: subprocess.Popen[str], name: str, step: int, timeout: float = 60) -> None:
    """Wait until the player's campaign file holds ``step`` steps (it saves after each)."""
    deadline = time.monotonic() + timeout
    while True:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        try:
            camp = saves.load(name)
            if camp.game is not None and camp.game.cursor == step:
                return
        except saves.SaveError:
            pass  # not written yet
        assert time.monotonic() < deadline, f"step {step} was never saved"
        time.sleep(0.05)


def send(proc: subprocess.Popen[str], line: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hollowcli", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, check=False)


def test_a_second_player_is_refused_and_no_step_is_lost() -> None:
    first = start_player("1", "--campaign", "shared", "--new", "--seed", "4")
    try:
        wait_for_step(first, "shared", 0)
        send(first, "1")
        wait_for_step(first, "shared", 1)
        second = run("play", "--campaign", "shared", stdin="1\n1\n")
        assert second.returncode == 1 and one_sentence(second.stderr), second.stderr
        assert f"process {first.pid}, 'hollow play', since " in second.stderr
        forced = run("campaign", "new", "shared", "--force")  # any other writer is refused too
        assert forced.returncode == 1 and "is open in another hollow" in forced.stderr
        send(first, "1")
        wait_for_step(first, "shared", 2)
        send(first, "quit")
        assert first.wait(timeout=60) == 0
    finally:
        first.kill()
        first.wait()
    assert saves.load("shared").game.cursor == 2  # both of the first player's steps are there
    again = run("play", "--campaign", "shared", stdin="quit\n")
    assert again.returncode == 0 and "step 2" in again.stdout


def test_concurrent_auto_games_on_one_campaign_are_refused_or_played_never_broken() -> None:
    env = dict(os.environ, HOLLOW_NO_CACHE="")
    saves.save(saves.new_campaign("crowd"))
    procs = [subprocess.Popen([sys.executable, "-m", "hollowcli", "play", "--auto", "--seed", "5", "--campaign",
                               "crowd", "--max-rounds", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, env=env) for _ in range(4)]
    results = [(p.wait(timeout=120), p.stderr.read() if p.stderr else "") for p in procs]
    assert any(code == 0 for code, _ in results), results
    for code, err in results:
        assert code == 0 or (code == 1 and "is open in another hollow" in err), err
    camp = saves.load("crowd")
    assert camp.game is None or camp.game.cursor > 0
    assert not list(saves.campaigns_dir().glob("*.tmp")) and not list(saves.campaigns_dir().glob(".*.tmp"))


def test_kill_9_during_play_loses_at_most_the_step_and_leaves_no_lock() -> None:
    player = start_player("1", "--campaign", "killed", "--new", "--seed", "6")
    try:
        wait_for_step(player, "killed", 0)
        for step in range(1, 4):
            send(player, "1")
            wait_for_step(player, "killed", step)
    finally:
        os.kill(player.pid, signal.SIGKILL)
    player.wait()
    # what a writer killed mid-save leaves behind: a half-written temporary file
    leftover = saves.campaigns_dir() / ".killed.json.abc123.tmp"
    leftover.write_text('{"half": ')
    assert saves.load("killed").game.cursor == 3
    again = run("play", "--campaign", "killed", stdin="quit\n")
    assert again.returncode == 0, again.stderr  # the dead process's lock is taken over
    assert "step 3" in again.stdout
    assert not leftover.exists()


def test_a_lock_held_in_this_process_refuses_other_writers(capsys: pytest.CaptureFixture[str]) -> None:
    saves.save(saves.new_campaign("held"))
    code = run("campaign", "new", "held", "--force").returncode
    assert code == 0  # nobody holds it
    with saves.hold("held", "hollow assist"):
        r = run("play", "--campaign", "held", stdin="quit\n")
        assert r.returncode == 1 and one_sentence(r.stderr)
        assert f"process {os.getpid()}, 'hollow assist'" in r.stderr
    assert run("play", "--campaign", "held", stdin="quit\n").returncode == 0


# ----------------------------------------------------------------------------- part 5: saves


def _played(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, steps: int) -> Path:
    script = tmp_path / f"{name}.txt"
    script.write_text("1\n" * steps)
    code, _, err = hollow(capsys, "play", "1", "--campaign", name, "--new", "--seed", "8", "--input", str(script))
    assert code == 0, err
    return saves.campaign_path(name)


def test_the_file_name_is_the_campaigns_identity(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    original = _played(capsys, tmp_path, "autumn", 2)
    before = original.read_bytes()
    copy = saves.campaign_path("winter")
    copy.write_bytes(before)  # a copied save: its 'name' field still says autumn
    script = tmp_path / "more.txt"
    script.write_text("1\n")
    code, out, err = hollow(capsys, "play", "--campaign", "winter", "--input", str(script))
    assert code == 0, err
    assert original.read_bytes() == before  # never written under the other name
    assert json.loads(copy.read_text())["name"] == "winter"
    assert saves.load("winter").game.cursor == 3
    code, out, _ = hollow(capsys, "campaign", "list", "--json")
    assert [c["name"] for c in json.loads(out)["campaigns"]] == ["autumn", "winter"]


def test_from_backup_on_a_healthy_save_refuses_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _played(capsys, tmp_path, "healthy", 3)
    before = {p.name: p.read_bytes() for p in path.parent.iterdir()}
    code, _, err = hollow(capsys, "play", "--campaign", "healthy", "--from-backup", "--input", os.devnull)
    assert code == 1 and one_sentence(err)
    assert "is not damaged" in err and "hollow play --campaign healthy" in err
    assert {p.name: p.read_bytes() for p in path.parent.iterdir()} == before
    assert not saves.kept_copies("healthy")


def test_a_save_with_a_byte_order_mark_loads(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _played(capsys, tmp_path, "bom", 2)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert saves.load("bom").game.cursor == 2
    code, out, err = hollow(capsys, "campaign", "status", "bom")
    assert code == 0 and "step 2" in out


@pytest.mark.parametrize("name", ["bad\n", "bad\nname", "tab\tname", "bell\a", "nul\x00x"])
def test_a_campaign_name_with_a_control_character_is_refused(capsys: pytest.CaptureFixture[str], name: str) -> None:
    for args in (("campaign", "new", name), ("play", "--campaign", name, "--input", os.devnull)):
        code, _, err = hollow(capsys, *args)
        assert code == 1 and one_sentence(err.replace("\\n", "")), err
        assert "is not a usable campaign name" in err
    assert not saves.campaigns_dir().exists() or not list(saves.campaigns_dir().glob("bad*"))


def test_prepare_holds_the_campaign_for_any_command_built_on_it() -> None:
    """'hollow assist' prepares its campaign as play does, so it holds the lock without asking."""
    import io

    from hollowcli.commands.common import get_pack
    from hollowcli.play.console import Console
    from hollowcli.play.request import PlayRequest, prepare

    prepare(get_pack(), PlayRequest(campaign="runner"), Console(io.StringIO()))
    try:
        r = run("play", "--campaign", "runner", stdin="quit\n")
        assert r.returncode == 1 and f"process {os.getpid()}" in r.stderr
    finally:
        saves.hold("runner").release()
    assert run("play", "--campaign", "runner", stdin="quit\n").returncode == 0
