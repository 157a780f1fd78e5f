"""Bad input from outside (save files, content packs, output folders) never reaches the user
as a traceback, an internal error or a hang: one sentence on stderr and exit status 1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import one_sentence
from cli_helpers import run_in_process as hollow

from hollowcli.play import saves


def _started_game(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> dict:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    code, _, _ = hollow(capsys, "play", "schoolhouse", "--campaign", name, "--new", "--seed", "3", "--input", str(empty))
    assert code == 0
    return json.loads(saves.campaign_path(name).read_text())


@pytest.mark.parametrize("carried", ["x", 1, [], {"inventory": 3}, {"inventory": None}, {"relic": ["lantern"]}])
def test_a_save_whose_carried_legends_have_the_wrong_shape_is_reported_as_damaged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, carried: object
) -> None:
    camp = saves.new_campaign("carry")
    camp.completed = ["schoolhouse"]
    saves.save(camp)
    path = saves.campaign_path("carry")
    doc = json.loads(path.read_text())
    doc["legends"] = {"jeremiah-pincke": carried}
    path.write_text(json.dumps(doc))
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    for args in (("play", "--campaign", "carry", "--input", str(empty)), ("campaign", "status", "carry")):
        code, _, err = hollow(capsys, *args)
        assert code == 1, err
        assert one_sentence(err) and "damaged" in err and "jeremiah-pincke" in err
    assert json.loads(path.read_text()) == doc  # the file is left as it was


@pytest.mark.parametrize("pos", [6, 10**30, -1])
def test_a_saved_storybook_position_off_the_track_is_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, pos: int
) -> None:
    doc = _started_game(capsys, tmp_path, "track")
    doc["game"]["initial"]["track_pos"] = pos
    saves.campaign_path("track").write_text(json.dumps(doc))
    code, _, err = hollow(capsys, "play", "--campaign", "track", "--input", str(tmp_path / "empty.txt"))
    assert code == 1 and one_sentence(err)
    assert "storybook token" in err and "--restart" in err
    code, out, err = hollow(capsys, "campaign", "status", "track")
    assert code == 0 and err == "" and "The Schoolhouse" in out


def _pack(tmp_path: Path, text: str) -> Path:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "dice.yaml").write_text(text)
    return pack


def test_a_huge_face_value_is_a_content_problem_not_an_endless_odds_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = _pack(tmp_path, "dice:\n  attack: {faces: [0, 1, 100000000000000000000000]}\n")
    code, out, err = hollow(capsys, "content", "validate", str(pack))
    assert code == 1 and one_sentence(err)
    assert "dice.yaml:2" in out and "from -100 to 100" in out
    code, _, err = hollow(capsys, "odds", "--dice", "3", "--content", str(pack))
    assert code == 1 and one_sentence(err) and "dice.yaml:2" in err


def test_a_huge_stat_or_dice_count_is_a_content_problem(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pack = _pack(
        tmp_path,
        "foes:\n  gobkin: {name: Gobkin, class: gobkin, health: 100000000000000000000000000000, defense: 0,\n"
        "           move: 2, attack: {dice: 5000, direct: 1, range: 0}}\n",
    )
    code, out, err = hollow(capsys, "content", "validate", str(pack))
    assert code == 1 and one_sentence(err)
    assert "'health' must be at most 1000" in out and "'dice' must be at most 100" in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_a_pack_is_a_problem_not_a_hang(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    os.mkfifo(pack / "foes.yaml")
    env = dict(os.environ, HOLLOW_NO_CACHE="1")
    r = subprocess.run(
        [sys.executable, "-m", "hollowcli", "content", "validate", str(pack)],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )
    assert r.returncode == 1 and one_sentence(r.stderr)
    assert "foes.yaml: this is not a regular file" in r.stdout


def test_print_out_below_a_file_says_how_to_fix_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("keep me")
    code, _, err = hollow(capsys, "print", "reference", "--out", str(blocker / "sub"))
    assert code == 1 and one_sentence(err)
    assert "cannot write" in err and "give --out a folder you can write to" in err
    assert blocker.read_text() == "keep me"


def test_content_init_below_a_file_says_how_to_fix_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("keep me")
    code, _, err = hollow(capsys, "content", "init", str(blocker / "my-box"))
    assert code == 1 and one_sentence(err)
    assert "cannot write" in err and "a new folder in a place you can write to" in err
    assert blocker.read_text() == "keep me"


def _shell(command: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m hollowcli`` through sh, so a redirection can close a standard stream."""
    return subprocess.run(
        ["sh", "-c", f'exec "{sys.executable}" -m hollowcli {command}'],
        capture_output=True, text=True, timeout=120, check=False,
    )


def test_a_closed_stdout_is_one_sentence_not_an_internal_error() -> None:
    r = _shell("roll 3 >&-")
    assert r.returncode == 1 and one_sentence(r.stderr)
    assert "standard output is closed" in r.stderr


def test_play_with_a_closed_stdin_stops_at_the_first_prompt_saved() -> None:
    r = _shell("play schoolhouse --campaign closed-in --new <&-")
    assert r.returncode == 0 and r.stderr == ""
    assert "End of input; saved at round 1" in r.stdout
    assert saves.load("closed-in").game is not None


def test_an_empty_entry_in_hollow_content_is_not_the_current_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "docker-compose.yml").write_text("services: {web: {image: nginx}}\n")  # not a pack
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOLLOW_CONTENT", ":")  # HOLLOW_CONTENT=$HOLLOW_CONTENT:... with it unset, twice
    code, out, err = hollow(capsys, "roll", "3", "--seed", "1")
    assert code == 0 and err == "" and "Total:" in out


@pytest.mark.parametrize(
    ("template", "said"),
    [
        (b"@title {{ 1/0 }}\n", "ZeroDivisionError"),
        (b"{% macro r() %}{{ r() }}{% endmacro %}@title {{ r() }}\n", "RecursionError"),
        (b"@title {{ range(10**9)|list|length }}\n", "asked for a size of 1000000000"),
        (b"@title {{ foe.health + 'x' }}\n", "TypeError"),
        (b"@title \xff\xfe\n", "UnicodeDecodeError"),
        (b"@title {{ 'x' * 30000 }}\n", "a card holds at most"),
    ],
)
def test_a_broken_pack_template_is_one_sentence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, template: bytes, said: str
) -> None:
    pack = tmp_path / "pack"
    (pack / "templates").mkdir(parents=True)
    (pack / "templates" / "foe.card.j2").write_bytes(template)
    code, _, err = hollow(capsys, "print", "cards", "foes", "--content", str(pack), "--out", str(tmp_path / "out"))
    assert code == 1 and one_sentence(err)
    assert "foe.card.j2" in err and said in err
    assert not (tmp_path / "out" / "cards-foes.pdf").exists()


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs a folder where even root cannot create files")
def test_a_template_cache_that_cannot_be_written_does_not_stop_printing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cache = Path(os.environ["XDG_CACHE_HOME"]) / "hollow"
    cache.mkdir(parents=True)
    (cache / "templates").symlink_to("/proc/self")  # a folder, but no file can be created in it
    code, out, err = hollow(capsys, "print", "reference", "--out", str(tmp_path / "out"))
    assert code == 0 and err == "", err
    assert (tmp_path / "out" / "reference.pdf").is_file()


@pytest.mark.parametrize(
    "text",
    [
        '{"schema_version": 0, "won": [1], "game": {"moves": 5}}',  # an old layout, wrong types inside
        '{"won": {"a": 1}, "lost": 5}',
        '{"won": null, "lost": {"a": 1e400}}',
        '{"schema_version": 0, "completed": 5}',
        "[" * 100_000,  # nested too deeply for the JSON reader
    ],
)
def test_a_damaged_save_of_any_shape_is_reported_and_force_keeps_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = saves.campaign_path("odd")
    path.parent.mkdir(parents=True)
    path.write_text(text)
    for args in (("campaign", "status", "odd"), ("play", "--campaign", "odd", "--input", os.devnull)):
        code, _, err = hollow(capsys, *args)
        assert code == 1 and one_sentence(err) and "is damaged" in err, err
    code, out, err = hollow(capsys, "campaign", "list")
    assert code == 0 and err == "" and "odd" in out
    code, out, err = hollow(capsys, "campaign", "new", "odd", "--force")
    assert code == 0 and err == "" and "the damaged file was kept as odd.json.damaged" in " ".join(out.split())  # (wrapped at 78)
    assert path.with_name("odd.json.damaged").read_text() == text  # nothing lost
    assert saves.load("odd").game is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_save_that_is_a_fifo_is_damaged_not_a_hang(tmp_path: Path) -> None:
    path = saves.campaign_path("pipe")
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    r = subprocess.run(
        [sys.executable, "-m", "hollowcli", "campaign", "status", "pipe"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert r.returncode == 1 and one_sentence(r.stderr) and "not a regular file" in r.stderr


def test_content_outside_the_output_encoding_is_shown_not_an_internal_error(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "foes.yaml").write_text(
        "foes:\n  gobkin: {name: \"Gobkin \\U0001F383\", class: gobkin, health: 3, defense: 0, move: 3,\n"
        "           attack: {dice: 1, direct: 1, range: 0}}\n",
        encoding="utf-8",
    )
    env = dict(os.environ, PYTHONIOENCODING="latin-1")
    base = [sys.executable, "-m", "hollowcli", "content", "show", "foes", "gobkin", "--content", str(pack)]
    text = subprocess.run(base, capture_output=True, env=env, timeout=60, check=False)
    assert text.returncode == 0 and text.stderr == b""
    assert b"name: Gobkin ?" in text.stdout
    doc = subprocess.run([*base, "--json"], capture_output=True, env=env, timeout=60, check=False)
    assert doc.returncode == 0 and doc.stderr == b""
    assert json.loads(doc.stdout)["entry"]["name"] == "Gobkin \U0001f383"  # lossless: \u escapes


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (a disk that is always full)")
def test_a_log_file_on_a_full_disk_is_named_in_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = hollow(capsys, "play", "schoolhouse", "--auto", "--max-rounds", "1", "--campaign", "full", "--new", "--log", "/dev/full")
    assert code == 1 and one_sentence(err)
    assert "cannot write the log file /dev/full" in err and "resume" in err


def test_a_config_path_that_is_a_folder_is_said_not_ignored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOLLOW_CONFIG", str(tmp_path))
    code, _, err = hollow(capsys, "print", "reference", "--out", str(tmp_path / "out"))
    assert code == 1 and one_sentence(err) and "is a folder" in err


def test_a_config_file_saved_with_a_bom_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "config.toml"
    config.write_bytes(b'\xef\xbb\xbfpaper = "a4"\n')  # as Notepad saves "UTF-8 with BOM"
    monkeypatch.setenv("HOLLOW_CONFIG", str(config))
    code, out, err = hollow(capsys, "print", "reference", "--out", str(tmp_path / "out"), "--json")
    assert code == 0 and err == "", err
    assert json.loads(out)["files"]
