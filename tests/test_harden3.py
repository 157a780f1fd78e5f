"""Issue 21, the third hostile trial's reproductions (links out of a pack, folders that are
no pack, config files, saves, small ones): each ends within seconds in one sentence and
exit 1 (or is refused up front), and nothing outside a pack is read."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import one_sentence
from cli_helpers import run_in_process as hollow

ROOT = Path(__file__).resolve().parent.parent

OUTSIDE_FOE = (
    "foes:\n  outsider: {name: Outsider, class: gobkin, health: 2, defense: 0, move: 2,\n"
    "             attack: {dice: 1, direct: 1, range: 0}, target: closest, supply: 3}\n"
)


def _secret(tmp_path: Path, text: str = "root:x:0:0:root:/root:/bin/bash\n", name: str = "secret.txt") -> Path:
    """A file outside every pack (what a link in a pack must not reach)."""
    outside = tmp_path / "outside"
    outside.mkdir(exist_ok=True)
    target = outside / name
    target.write_text(text)
    return target


# ----------------------------------------------------------------------------- 1. links out of a pack


def test_a_yaml_file_linked_out_of_the_pack_is_not_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "evil.yaml").symlink_to(_secret(tmp_path))
    code, out, err = hollow(capsys, "content", "validate", str(pack))
    assert code == 1
    assert "root:x" not in out + err  # the first line of the target is not shown
    assert "leads outside its pack folder" in out


def test_a_valid_yaml_file_linked_out_of_the_pack_is_not_loaded(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "ok.yaml").symlink_to(_secret(tmp_path, OUTSIDE_FOE, "foe.yaml"))
    for args in (("content", "show", "foes", "outsider", "--content", str(pack)),
                 ("print", "cards", "foes", "--content", str(pack), "--out", str(tmp_path / "out"))):
        code, out, err = hollow(capsys, *args)
        assert code == 1 and one_sentence(err), err
        assert "leads outside its pack folder" in err and "Outsider" not in out
    assert not (tmp_path / "out" / "cards-foes.pdf").exists()


def test_links_inside_the_pack_and_a_linked_pack_folder_still_load(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    real = tmp_path / "real"
    (real / "parts").mkdir(parents=True)
    (real / "parts" / "foe.txt").write_text(OUTSIDE_FOE)
    (real / "foes.yaml").symlink_to(Path("parts") / "foe.txt")  # a link that stays inside the pack
    linked = tmp_path / "linked"
    linked.symlink_to(real, target_is_directory=True)  # the pack folder itself may be a link
    code, out, err = hollow(capsys, "content", "show", "foes", "outsider", "--content", str(linked))
    assert code == 0, err
    assert "Outsider" in out


def test_a_yaml_file_larger_than_the_cap_is_a_problem_not_a_read(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    from hollowcli.pack import files

    pack = tmp_path / "pack"
    pack.mkdir()
    with open(pack / "huge.yaml", "wb") as fh:
        fh.truncate(files.MAX_YAML_BYTES + 1)  # sparse: no disk used
    code, out, err = hollow(capsys, "content", "validate", str(pack))
    assert code == 1
    assert f"larger than {files.MAX_YAML_BYTES:,} bytes" in out


def test_rules_topic_completion_does_not_read_a_rules_md_linked_out_of_the_pack(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "rules.md").symlink_to(_secret(tmp_path, "## private-topic\n\nsecret\n", "notes.md"))
    env = dict(os.environ, COMP_WORDS=f"hollow rules --content {pack} priv", COMP_CWORD="4",
               _HOLLOW_COMPLETE="bash_complete")
    r = subprocess.run([sys.executable, "-m", "hollowcli"], capture_output=True, text=True, env=env, timeout=60,
                       check=False)
    assert "private-topic" not in r.stdout


# ----------------------------------------------------------------------------- 3. a folder that is no pack


def test_content_root_is_refused_quickly(capsys: pytest.CaptureFixture[str]) -> None:
    # The reproduction (read only): it walked the whole file system for 11-26 s.
    for args in (("content", "list", "--content", "/"), ("simulate", "1", "--games", "1", "--against", "/")):
        started = time.perf_counter()
        code, out, err = hollow(capsys, *args)
        assert time.perf_counter() - started < 10
        assert code == 1 and one_sentence(err), err
        assert "does not look like a content pack" in err


def test_a_folder_with_too_many_entries_is_no_pack(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from hollowcli.pack import files

    monkeypatch.setattr(files, "MAX_PACK_ENTRIES", 50)  # the same walk, with a cap a test can pass quickly
    big = tmp_path / "big"
    for i in range(3):
        (big / f"d{i}").mkdir(parents=True)
        for j in range(16):
            (big / f"d{i}" / f"{j}.txt").touch()
    code, _, err = hollow(capsys, "content", "list", "--content", str(big))  # 3 folders and 48 files
    assert code == 1 and one_sentence(err), err
    assert "more than 50 files and folders" in err
    (big / "d2" / "15.txt").unlink()  # 50 entries: a pack (of no YAML files)
    code, _, err = hollow(capsys, "content", "list", "--content", str(big))
    assert code == 0, err


def test_a_folder_nested_too_deep_is_no_pack(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from hollowcli.pack import files

    deep = tmp_path / "deep"
    leaf = deep.joinpath(*[f"l{i}" for i in range(files.MAX_PACK_DEPTH + 1)])
    leaf.mkdir(parents=True)
    (leaf / "foes.yaml").write_text(OUTSIDE_FOE)
    code, _, err = hollow(capsys, "content", "list", "--content", str(deep))
    assert code == 1 and one_sentence(err), err
    assert f"more than {files.MAX_PACK_DEPTH} levels deep" in err
    # one level less loads
    (leaf / "foes.yaml").rename(leaf.parent / "foes.yaml")
    leaf.rmdir()
    code, out, err = hollow(capsys, "content", "show", "foes", "outsider", "--content", str(deep))
    assert code == 0, err


def test_yaml_files_past_the_pack_byte_cap_are_no_pack(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from hollowcli.pack import files

    pack = tmp_path / "pack"
    pack.mkdir()
    for i in range(files.MAX_PACK_BYTES // files.MAX_YAML_BYTES + 1):
        with open(pack / f"part{i}.yaml", "wb") as fh:
            fh.truncate(files.MAX_YAML_BYTES)  # each under the file cap; sparse
    code, _, err = hollow(capsys, "content", "list", "--content", str(pack))
    assert code == 1 and one_sentence(err), err
    assert f"more than {files.MAX_PACK_BYTES:,} bytes of YAML" in err


# ----------------------------------------------------------------------------- 4. config files


def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str | bytes) -> Path:
    path = tmp_path / "config.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    monkeypatch.setenv("HOLLOW_CONFIG", str(path))
    return path


@pytest.mark.parametrize("value", ["[" * 1000 + "]" * 1000, "{a=" * 1000 + "1" + "}" * 1000])
def test_a_config_nested_1000_deep_is_one_sentence(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    path = _config(tmp_path, monkeypatch, f"x = {value}\n")
    for args in (("roll", "--seed", "1"), ("config",), ("rules", "fear")):
        code, _, err = hollow(capsys, *args)
        assert code == 1 and one_sentence(err), err
        assert str(path) in err and "nest" in err


def test_a_huge_paper_value_is_not_echoed_whole(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from hollowcli.config import MAX_CONFIG_BYTES

    _config(tmp_path, monkeypatch, 'paper = "' + "x" * 50_000_000 + '"\n')
    code, _, err = hollow(capsys, "print", "reference", "--out", str(tmp_path / "out"))
    assert code == 1 and one_sentence(err) and len(err) < 400, err[:400]
    assert f"larger than {MAX_CONFIG_BYTES:,} bytes" in err
    _config(tmp_path, monkeypatch, 'paper = "' + "x" * 20_000 + '"\n')  # under the file cap
    code, _, err = hollow(capsys, "print", "reference", "--out", str(tmp_path / "out"))
    assert code == 1 and one_sentence(err) and len(err) < 400, err[:400]
    assert "paper must be one of letter, a4, not 'xxx" in err
    _config(tmp_path, monkeypatch, "y" * 20_000 + ' = "x"\n')  # an unknown setting's name is clipped too
    code, _, err = hollow(capsys, "roll", "--seed", "1")
    assert code == 0 and err.count("\n") == 1 and len(err) < 400, err[:400]


def test_a_config_that_is_a_device_is_not_called_missing(tmp_path: Path) -> None:
    env = dict(os.environ, HOLLOW_CONFIG="/dev/zero")
    r = subprocess.run([sys.executable, "-m", "hollowcli", "roll"], capture_output=True, text=True, env=env,
                       timeout=60, check=False)
    assert r.returncode == 1 and one_sentence(r.stderr), r.stderr
    assert "does not exist" not in r.stderr and "not a regular file" in r.stderr


@pytest.mark.parametrize("env", [{"COMP_CWORD": "x"}, {"COMP_WORDS": "hollow ro", "COMP_CWORD": "x"},
                                 {"COMP_WORDS": "hollow ro"}, {}])
def test_a_completion_request_without_its_variables_is_one_sentence(env: dict[str, str]) -> None:
    full = {k: v for k, v in os.environ.items() if k not in ("COMP_WORDS", "COMP_CWORD")}
    full.update(env, _HOLLOW_COMPLETE="bash_complete")
    r = subprocess.run([sys.executable, "-m", "hollowcli"], capture_output=True, text=True, env=full, timeout=60,
                       check=False)
    assert r.returncode == 1 and one_sentence(r.stderr), r.stderr
    assert "COMP_CWORD" in r.stderr and "bash_source" in r.stderr


# ----------------------------------------------------------------------------- 7. small ones


def test_a_campaign_file_linked_to_nothing_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    from hollowcli.play import saves

    folder = saves.campaigns_dir()
    folder.mkdir(parents=True)
    (folder / "c.json").symlink_to(folder / "gone.json")
    for args in (("play", "--campaign", "c"), ("campaign", "status", "c"), ("play",)):
        if args == ("play",):
            (folder / "default.json").symlink_to(folder / "gone.json")
        code, _, err = hollow(capsys, *args)
        assert code == 1 and one_sentence(err), err
        assert "did you mean" not in err
        assert "is a symbolic link to" in err and "gone.json" in err and "which does not exist" in err
    assert (folder / "default.json").is_symlink()  # the link was not replaced by a new campaign


def test_out_and_report_create_only_the_last_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such"
    code, _, err = hollow(capsys, "print", "reference", "--out", str(missing / "dir"))
    assert code == 1 and one_sentence(err), err
    assert f"the folder {missing} does not exist" in err
    started = time.perf_counter()
    code, _, err = hollow(capsys, "simulate", "1", "--games", "200", "--report", str(missing / "dir" / "x.pdf"))
    assert code == 1 and one_sentence(err), err
    assert f"the folder {missing} does not exist" in err
    assert time.perf_counter() - started < 5  # refused before any game is played
    assert not (tmp_path / "no").exists()
    # the last level is still made
    code, _, err = hollow(capsys, "print", "reference", "--out", str(tmp_path / "kit"))
    assert code == 0, err
    assert (tmp_path / "kit" / "reference.pdf").is_file()
    code, _, err = hollow(capsys, "simulate", "1", "--games", "2", "--jobs", "1", "--report",
                          str(tmp_path / "reports" / "x.pdf"))
    assert code == 0, err
    assert (tmp_path / "reports" / "x.pdf").is_file()


def test_a_double_ctrl_c_at_the_first_prompt_exits_130(tmp_path: Path) -> None:
    import pexpect

    codes = []
    for n in range(4):  # the second Ctrl-C lands at a different moment of the shutdown each time
        child = pexpect.spawn(sys.executable, ["-m", "hollowcli", "play", "1", "--campaign", f"c{n}", "--new",
                                               "--seed", "1"], env=dict(os.environ), encoding="utf-8", timeout=30)
        child.expect_exact("(help)> ")  # ready: the first prompt
        child.sendcontrol("c")
        if n % 2:
            child.expect_exact("Interrupted")
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
        child.close()
        codes.append(child.exitstatus if child.signalstatus is None else -child.signalstatus)
    assert codes == [130] * 4


# ----------------------------------------------------------------------------- 5. saves that could be saved


def _three_steps(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str = "c") -> Path:
    """A campaign three steps into chapter 1 (its .bak holds the game one step earlier)."""
    from hollowcli.play import saves

    moves = tmp_path / "moves.txt"
    moves.write_text("1\n1\n1\nquit\n")
    code, _, err = hollow(capsys, "play", "1", "--campaign", name, "--new", "--seed", "3", "--input", str(moves))
    assert code == 0, err
    return saves.campaign_path(name)


def _edit(path: Path, change: object) -> None:
    import json

    doc = json.loads(path.read_text())
    change(doc["game"])  # type: ignore[operator]
    path.write_text(json.dumps(doc))


GAME_DAMAGE = {
    "initial of the wrong type": lambda g: g["initial"].__setitem__("legends", "oops"),
    "initial missing a key": lambda g: g["initial"].pop("round"),
    "a step missing its target": lambda g: g["actions"][-1].pop("to", None) or g["actions"][-1].__setitem__("legend", 7),
    "a step of a wrong kind": lambda g: g["actions"][-1].__setitem__("kind", "fly"),
}


@pytest.mark.parametrize("damage", list(GAME_DAMAGE))
def test_a_save_whose_game_does_not_load_offers_its_backup(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            damage: str) -> None:
    from hollowcli.play import saves

    path = _three_steps(capsys, tmp_path)
    _edit(path, GAME_DAMAGE[damage])
    code, _, err = hollow(capsys, "play", "--campaign", "c", "--input", os.devnull)
    assert code == 1 and one_sentence(err), err
    assert "does not load" in err and "--from-backup" in err and "c.json.bak" in err
    damaged = path.read_bytes()
    code, out, err = hollow(capsys, "play", "--campaign", "c", "--from-backup", "--input", os.devnull)
    assert code == 0, err
    assert "Restored campaign 'c' from its backup" in out
    assert saves.load("c").game.cursor == 2  # type: ignore[union-attr]  # the step before the damage
    assert saves.kept_copies("c")[-1].read_bytes() == damaged  # the damaged file is kept, not lost


def test_a_good_save_is_still_not_replaced_by_its_backup(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _three_steps(capsys, tmp_path)
    code, _, err = hollow(capsys, "play", "--campaign", "c", "--from-backup", "--input", os.devnull)
    assert code == 1 and "is not damaged" in err


def test_when_the_backup_does_not_load_either_it_is_not_restored(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    from hollowcli.play import saves

    path = _three_steps(capsys, tmp_path)
    bak = saves.backup_path(path)
    for f in (path, bak):
        _edit(f, GAME_DAMAGE["initial missing a key"])
    code, _, err = hollow(capsys, "play", "--campaign", "c", "--input", os.devnull)
    assert code == 1 and one_sentence(err), err
    assert "--restart" in err and "--from-backup" not in err
    code, _, err = hollow(capsys, "play", "--campaign", "c", "--from-backup", "--input", os.devnull)
    assert code == 1 and one_sentence(err), err
    assert "does not load either" in err and path.exists() and not saves.kept_copies("c")


#: Runs a command and prints its peak memory (KB). A process forked from the test run would
#: report the test run's own memory as its peak; one forked from this small launcher does not.
_LAUNCHER = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL).returncode\n"
    "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def _peak_of(args: list[str], timeout: float = 60) -> tuple[int, str, float, float]:
    """Run ``python -m hollowcli ARGS``: exit status, stderr, seconds, peak memory (MB)."""
    started = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", _LAUNCHER, sys.executable, "-m", "hollowcli", *args],
                       capture_output=True, text=True, timeout=timeout, check=False)
    code, peak_kb = (int(w) for w in r.stdout.split())
    return code, r.stderr, time.perf_counter() - started, peak_kb / 1024


@pytest.mark.parametrize("size", ["steps", "bytes"])
def test_a_save_past_the_caps_is_one_sentence_in_bounded_time_and_memory(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path, size: str) -> None:
    import json

    from hollowcli.play import saves

    path = _three_steps(capsys, tmp_path)
    doc = json.loads(path.read_text())
    step = doc["game"]["actions"][0]
    extra = saves.MAX_STEPS + 1 if size == "steps" else 420_000  # undone steps: never replayed, only read
    doc["game"]["actions"] += [step] * extra
    path.write_text(json.dumps(doc))
    assert (path.stat().st_size > saves.MAX_SAVE_BYTES) == (size == "bytes")
    code, err, seconds, peak = _peak_of(["play", "--campaign", "c"])
    assert code == 1 and one_sentence(err), err
    assert (f"more than the {saves.MAX_STEPS:,} a saved game may hold" if size == "steps" else "larger than 10,000,000 bytes") in err
    assert "--from-backup" in err  # the backup is fine
    assert seconds < 20 and peak < 200, (seconds, peak)


def test_a_game_stops_taking_steps_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    from hollowcli import engine
    from hollowcli.engine import rolls
    from hollowcli.errors import SaveError
    from hollowcli.pack.loader import load_pack
    from hollowcli.play import saves, session
    from hollowcli.play.saves import GameRecord

    pack = load_pack([])
    monkeypatch.setattr(session, "MAX_STEPS", 3)
    monkeypatch.setattr(saves, "MAX_STEPS", 3)
    sess = session.Session(pack, GameRecord("schoolhouse", 1, engine.new_game(pack, "schoolhouse").to_dict()))
    for i in range(3):
        sess.take(engine.auto_action(sess.state, rolls.policy_rng(1, i)))
    with pytest.raises(SaveError, match="reached 3 steps, the most a saved game may hold"):
        sess.take(engine.auto_action(sess.state, rolls.policy_rng(1, 3)))
    assert GameRecord.from_dict(sess.record.to_dict()).cursor == 3  # what was saved still loads


def test_ctrl_c_during_start_up_still_exits_130(tmp_path: Path) -> None:
    # A Ctrl-C that lands while Python runs code compiled from a string (a dataclass being
    # made while a module loads: about one start in six of 'python -m hollowcli simulate' at
    # 0.5 s) made Python end by the signal (-2) whatever status hollow asked for. (Only under
    # -m: a script's exit status is taken as it is.)
    (tmp_path / "startup_ctrl_c.py").write_text(
        "from hollowcli.commands.common import exit_interrupted\n"
        "try:\n    exec('raise KeyboardInterrupt')\nexcept KeyboardInterrupt:\n    exit_interrupted()\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")])))
    r = subprocess.run([sys.executable, "-m", "startup_ctrl_c"], capture_output=True, text=True, timeout=60,
                       check=False, env=env)
    assert r.returncode == 130, r
