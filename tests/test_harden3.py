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


def test_a_folder_with_too_many_entries_is_no_pack(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from hollowcli.pack import files

    big = tmp_path / "big"
    for i in range(files.MAX_PACK_ENTRIES // 100 + 1):
        (big / f"d{i}").mkdir(parents=True)
        for j in range(100):
            (big / f"d{i}" / f"{j}.txt").touch()
    code, _, err = hollow(capsys, "content", "list", "--content", str(big))
    assert code == 1 and one_sentence(err), err
    assert f"more than {files.MAX_PACK_ENTRIES:,} files and folders" in err


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
