"""Issue 12, the hostile trial's reproductions: each one is one sentence and exit 1 (or a
refusal), never an internal error (exit 70), a traceback, a hang or gigabytes of memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import one_sentence
from cli_helpers import run_in_process as hollow

from hollowcli.pack import validate
from hollowcli.pack.files import MAX_TOPICS
from hollowcli.pack.yamlsrc import MAX_DEPTH, MAX_TEXT
from hollowcli.play import saves
from hollowcli.play.console import MAX_LINE

ROOT = Path(__file__).resolve().parent.parent


def shell(command: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m hollowcli COMMAND`` through sh (for redirections from devices)."""
    return subprocess.run(["sh", "-c", f'exec "{sys.executable}" -m hollowcli {command}'],
                          capture_output=True, text=True, timeout=timeout, check=False)


# ----------------------------------------------------------------------------- 1. input


def test_a_binary_input_file_names_the_line_and_keeps_the_steps_before_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"1\n\xff\n")
    code, out, err = hollow(capsys, "play", "1", "--campaign", "bin", "--new", "--seed", "2", "--input", str(bad))
    assert code == 1 and one_sentence(err)
    assert "line 2 of the input file" in err and "not UTF-8" in err and "saved at step 1" in err
    assert saves.load("bin").game.cursor == 1  # the good line before it was played and kept


@pytest.mark.parametrize("source", ["--input /dev/urandom", "--input /dev/zero", "< /dev/zero", "< /dev/urandom"])
def test_input_from_a_device_is_refused_in_one_sentence_within_bounded_memory(source: str) -> None:
    r = shell(f"play 1 --campaign dev --new --seed 1 {source}", timeout=60)
    assert r.returncode == 1 and one_sentence(r.stderr), r.stderr
    assert "not UTF-8" in r.stderr or f"longer than {MAX_LINE:,} characters" in r.stderr or "NUL" in r.stderr


@pytest.mark.parametrize("command", ["{n}", "undo {n}", "redo {n}", "log {n}"])
def test_a_4301_digit_number_at_the_prompt_is_a_hint(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     command: str) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("1\n" + command.format(n="1" * 4301) + "\nquit\n")
    code, out, err = hollow(capsys, "play", "1", "--campaign", "big", "--new", "--seed", "2", "--input", str(script))
    assert code == 0, err
    assert err == ""
    assert "Saved at round" in out


def test_content_init_a_path_deeper_than_the_recursion_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # A 1,000-level path was a RecursionError (Path.mkdir recurses once per missing folder).
    # The same with a lower limit, so the test's folder stays one pytest can delete.
    monkeypatch.chdir(tmp_path)
    deep = "/".join(["a"] * 400) + "/box"
    limit = sys.getrecursionlimit()
    frames = 0
    f = sys._getframe()
    while f is not None:
        frames, f = frames + 1, f.f_back
    sys.setrecursionlimit(frames + 300)
    try:
        code, out, err = hollow(capsys, "content", "init", deep)
    finally:
        sys.setrecursionlimit(limit)
    assert code == 0, err[:300]
    assert (tmp_path / deep / "dice.yaml").is_file()
    code, _, err = hollow(capsys, "content", "init", "/".join(["b"] * 3000))  # longer than a path may be
    assert code == 1 and one_sentence(err)


def test_settings_nested_500_deep_are_a_content_problem(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "rules.yaml").write_text("rules:\n  settings:\n    x: " + "[" * 500 + "]" * 500 + "\n")
    for args in (("content", "validate", str(pack)), ("content", "list", "--content", str(pack))):
        code, out, err = hollow(capsys, *args)
        assert code == 1 and one_sentence(err), err
        assert f"more than {MAX_DEPTH} levels deep" in out + err


def test_a_rules_md_that_is_not_utf8_is_one_sentence_in_print_reference(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "rules.md").write_bytes(b"## turn\n\nfine\n\n## fear\n\n\xff\xfe nope\n")
    for args in (("print", "reference", "--content", str(pack), "--out", str(tmp_path / "out")),
                 ("rules", "--content", str(pack))):
        code, _, err = hollow(capsys, *args)
        assert code == 1 and one_sentence(err), err
        assert "not UTF-8 text (line 7)" in err


def test_play_auto_into_a_full_disk_is_one_sentence() -> None:
    r = shell("play --auto --seed 1 --campaign full --new > /dev/full")
    assert r.returncode == 1 and one_sentence(r.stderr), r.stderr
    assert "No space left on device" in r.stderr and "hollow play --campaign full" in r.stderr


# ----------------------------------------------------------------------------- 2. resource caps


def _pack(tmp_path: Path, name: str, text: str) -> Path:
    pack = tmp_path / "pack"
    pack.mkdir(exist_ok=True)
    (pack / name).write_text(text)
    return pack


def test_an_alias_bomb_is_refused_by_its_expanded_size(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 100 KB referenced 50,000 times: a 300 KB file that expanded to 5 GB validated before
    lines = ["rules:", "  settings:", '    big: &b "' + "x" * 100_000 + '"', "    many:"]
    lines += ["      - [" + ", ".join(["*b"] * 25) + "]"] * 2000
    pack = _pack(tmp_path, "bomb.yaml", "\n".join(lines) + "\n")
    for args in (("content", "validate", str(pack)), ("content", "list", "--content", str(pack))):
        code, out, err = hollow(capsys, *args)
        assert code == 1 and one_sentence(err)
        assert f"expands to more than {MAX_TEXT:,} characters" in out + err


def _chapter(tmp_path: Path, **changes: object) -> Path:
    import yaml

    doc = yaml.safe_load((ROOT / "content" / "chapters" / "churchyard.yaml").read_text())
    ch = doc["chapters"]["churchyard"]
    ch.update(changes)
    ch["number"] = 9
    return _pack(tmp_path, "big.yaml", yaml.safe_dump({"chapters": {"big": ch}}, width=100_000))


def test_a_map_larger_than_the_cap_is_refused_with_the_cap(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    side = validate.MAX_MAP_SIDE + 1
    rows = ["#" * side] + ["#1" + "." * (side - 3) + "#"] + ["#S" + "." * (side - 3) + "#"] * (side - 3) + ["#" * side]
    pack = _chapter(tmp_path, map="\n".join(rows) + "\n", walls=[], barricades=[],
                    features={"S": "start"}, objective={"kind": "survive", "rounds": 3})
    code, out, err = hollow(capsys, "content", "validate", str(pack))
    assert code == 1
    assert f"at most {validate.MAX_MAP_SIDE} by {validate.MAX_MAP_SIDE}" in out


def test_card_copies_and_deck_size_are_capped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cards = [{"id": f"c{i}", "title": f"Card {i}", "copies": validate.MAX_COPIES, "effect": {"fear": 1}}
             for i in range(validate.MAX_CARDS // validate.MAX_COPIES + 1)]
    cards[0]["copies"] = validate.MAX_COPIES + 1
    pack = _chapter(tmp_path, cards=cards)
    code, out, err = hollow(capsys, "content", "validate", str(pack))
    assert code == 1
    assert f"'copies' must be at most {validate.MAX_COPIES}" in out
    cards[0]["copies"] = validate.MAX_COPIES
    (pack / "big.yaml").unlink()
    pack = _chapter(tmp_path, cards=cards)
    code, out, err = hollow(capsys, "content", "validate", str(pack))
    assert code == 1
    assert f"a deck may have at most {validate.MAX_CARDS}" in out


def test_a_die_with_too_many_faces_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    faces = list(range(validate.MAX_FACES + 1))
    pack = _pack(tmp_path, "dice.yaml", f"dice:\n  big: {{faces: {faces}}}\n")
    code, out, err = hollow(capsys, "content", "validate", str(pack))
    assert code == 1
    assert f"a die may have at most {validate.MAX_FACES}" in out


def test_rules_md_topics_are_capped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = "".join(f"## topic {i}\n\ntext {i}\n\n" for i in range(MAX_TOPICS + 1))
    pack = _pack(tmp_path, "rules.md", text)
    code, _, err = hollow(capsys, "rules", "--content", str(pack))
    assert code == 1 and one_sentence(err)
    assert f"at most {MAX_TOPICS}" in err


def test_the_shipped_content_is_within_every_cap(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = hollow(capsys, "content", "validate")
    assert code == 0, out + err
    code, out, err = hollow(capsys, "rules", "--json")
    assert code == 0 and len(json.loads(out)["topics"]) <= MAX_TOPICS
    assert os.path.getsize(ROOT / "content" / "rules.md") < 500_000


def test_many_files_under_the_file_limit_are_refused_by_the_pack_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from hollowcli.pack.yamlsrc import MAX_PACK_TEXT

    pack = tmp_path / "pack"
    pack.mkdir()
    per_file = MAX_TEXT // 100_000 - 2  # each file stays under its own limit
    for i in range(MAX_PACK_TEXT // (per_file * 100_000) + 1):
        (pack / f"part{i}.yaml").write_text(
            "rules:\n  settings:\n" + f'    s{i}: &b "' + "x" * 100_000 + '"\n'
            + f"    r{i}: [" + ", ".join(["*b"] * per_file) + "]\n")
    code, out, err = hollow(capsys, "content", "validate", str(pack))
    assert code == 1
    assert f"takes the packs past {MAX_PACK_TEXT:,} characters" in out


def test_foe_supplies_are_capped_one_by_one_and_together(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import yaml

    doc = yaml.safe_load((ROOT / "content" / "foes.yaml").read_text())
    base = dict(next(iter(doc["foes"].values())))
    foes = {f"extra-{i}": {**base, "name": f"Extra {i}", "supply": validate.MAX_SUPPLY} for i in range(5)}
    foes["extra-0"]["supply"] = validate.MAX_SUPPLY + 1
    pack = _pack(tmp_path, "foes.yaml", yaml.safe_dump({"foes": foes}))
    code, out, _ = hollow(capsys, "content", "validate", str(pack))
    assert code == 1 and f"'supply' must be at most {validate.MAX_SUPPLY}" in out
    foes["extra-0"]["supply"] = validate.MAX_SUPPLY
    (pack / "foes.yaml").write_text(yaml.safe_dump({"foes": foes}))
    code, out, _ = hollow(capsys, "content", "validate", str(pack))
    assert code == 1 and f"all the foes together may have at most {validate.MAX_FOES}" in out


@pytest.mark.parametrize("chapter", ["²", "1" * 4301, "٣"])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_chapter_number_python_cannot_read_is_an_unknown_chapter(capsys: pytest.CaptureFixture[str],
                                                                   command: str, chapter: str) -> None:
    # found by the command-line fuzz: '²'.isdigit() is True but int('²') raises
    code, _, err = hollow(capsys, command, chapter, *(["--games", "1"] if command == "simulate" else []))
    assert code == 1 and one_sentence(err), err
    assert "no chapter" in err
