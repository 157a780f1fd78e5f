"""``hollow content validate/list/show/init`` as a user sees them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hollowcli.cli import cli
from hollowcli.errors import HollowError, UsageError
from hollowcli.pack.loader import load_pack
from hollowcli.pack.scaffold import FILES

GOOD_FOE = "foes:\n  grub: {name: Grub, class: gobkin, health: 2, defense: 0, move: 2, attack: {dice: 1}}\n"


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env=env)


def hollow(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ)
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "hollowcli", *args], capture_output=True, text=True, env=full, check=False)


def pack_dir(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


@pytest.mark.parametrize("sub", ["validate", "list", "show", "init"])
def test_every_subcommand_has_help_with_an_example(sub: str) -> None:
    result = run("content", sub, "--help")
    assert result.exit_code == 0
    assert "Examples:" in result.output and f"hollow content {sub}" in result.output


def test_validate_builtin_summary() -> None:
    result = run("content", "validate")
    assert result.exit_code == 0, result.output
    line = result.output.strip()
    assert line.startswith("OK: ") and "\n" not in line
    pack = load_pack([])
    assert f"{len(pack.legends)} legends" in line and f"{len(pack.chapters)} chapters" in line
    assert "sample values" in line


def test_validate_prints_every_problem_with_file_and_line(tmp_path: Path) -> None:
    pack_dir(tmp_path, {
        "a.yaml": "foes:\n  grub: {name: Grub, class: goblin, health: 2, defense: 0, move: 2, attack: {dice: 1}}\n",
        "b.yaml": "dice:\n  d: {faces: []}\n",
    })
    out = hollow("content", "validate", str(tmp_path))
    assert out.returncode == 1
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{tmp_path / 'a.yaml'}:2: 'class' must be one of") and "(did you mean 'gobkin'?)" in lines[0]
    assert lines[1].startswith(f"{tmp_path / 'b.yaml'}:2: 'faces' is empty")
    assert out.stderr.strip() == "hollow: 2 problems found in the content; fix them and run 'hollow content validate' again"
    assert "Traceback" not in out.stderr


def test_validate_json(tmp_path: Path) -> None:
    pack_dir(tmp_path, {"a.yaml": "dice:\n  d: {faces: []}\n"})
    result = run("content", "validate", str(tmp_path), "--json")
    assert result.exit_code == 1 and isinstance(result.exception, HollowError)
    doc = json.loads(result.stdout)
    assert doc["ok"] is False and doc["problems"][0]["line"] == 2 and doc["problems"][0]["file"].endswith("a.yaml")
    good = run("content", "validate", "--json")
    doc = json.loads(good.stdout)
    assert good.exit_code == 0 and doc["ok"] is True and doc["counts"]["chapters"] >= 1


def test_validate_without_dir_uses_hollow_content_env(tmp_path: Path) -> None:
    a = pack_dir(tmp_path / "a", {"f.yaml": GOOD_FOE})
    b = pack_dir(tmp_path / "b", {"f.yaml": "foes:\n  grub2: {name: X}\n"})
    ok = run("content", "validate", env={"HOLLOW_CONTENT": str(a)})
    assert ok.exit_code == 0 and "from 2 packs" in ok.output
    bad = run("content", "validate", env={"HOLLOW_CONTENT": os.pathsep.join([str(a), str(b)])})
    assert bad.exit_code == 1 and "has no 'class'" in bad.stdout


def test_validate_missing_folder(tmp_path: Path) -> None:
    out = hollow("content", "validate", str(tmp_path / "nope"))
    assert out.returncode == 1
    assert out.stderr.startswith(f"hollow: content folder {tmp_path / 'nope'} does not exist;")


def test_list_shows_origin_and_sample_values(tmp_path: Path) -> None:
    mine = pack_dir(tmp_path / "mine", {"f.yaml": GOOD_FOE})
    result = run("content", "list", "foes", "--content", str(mine))
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line for line in result.output.splitlines()[1:]}
    assert str(mine) in rows["grub"] and "sample values" not in rows["grub"]
    builtin_foe = next(iter(load_pack([]).foes))
    assert "built-in" in rows[builtin_foe] and "sample values" in rows[builtin_foe]


def test_list_all_kinds_and_json() -> None:
    result = run("content", "list")
    assert result.exit_code == 0
    for kind in ("dice", "legends", "skills", "items", "foes", "rules", "chapters"):
        assert any(line.startswith(f"{kind} (") for line in result.output.splitlines())
    doc = json.loads(run("content", "list", "chapter", "--json").stdout)
    assert list(doc) == ["chapters"]
    first = doc["chapters"][0]
    assert set(first) == {"id", "name", "pack", "sample", "number"} and first["pack"] == "built-in"


def test_list_unknown_kind_suggests() -> None:
    result = run("content", "list", "fose")
    assert isinstance(result.exception, UsageError)
    assert "did you mean 'foes'?" in str(result.exception)


def test_show_entry_text_and_json() -> None:
    pack = load_pack([])
    chapter = next(iter(pack.chapters.values()))
    text = run("content", "show", "chapter", chapter.id)
    assert text.exit_code == 0
    assert chapter.name in text.output and chapter.map[1] in text.output
    doc = json.loads(run("content", "show", "chapters", chapter.id, "--json").stdout)
    assert doc["entry"]["name"] == chapter.name and doc["entry"]["map"] == list(chapter.map)
    assert doc["sample"] is True and doc["pack"] == "built-in"
    foe = next(iter(pack.foes.values()))
    doc = json.loads(run("content", "show", "foe", foe.id, "--json").stdout)
    assert doc["entry"]["class"] == foe.cls and doc["entry"]["attack"]["dice"] == foe.attack.dice
    rules = run("content", "show", "rules")
    assert rules.exit_code == 0 and f"fear_limit: {pack.rules.fear_limit}" in rules.output


def test_show_a_chapter_lists_its_events_in_words_in_file_order() -> None:
    """Every event of the test chapter, in its file's order, with its trigger, conditions,
    effects and once-or-not in words; a choose's options apart; the event's own text; lines
    kept to 80 columns. The same words in --json."""
    events = str(Path(__file__).parent / "packs" / "events")
    chapter = load_pack([Path(events)]).chapters["quiet-field"]
    out = run("content", "show", "chapter", "quiet-field", "--content", events)
    assert out.exit_code == 0, out.output
    said = out.output.split("events (in words):\n", 1)[1]
    assert all(len(line) <= 80 for line in said.splitlines())
    flat = " ".join(said.split())
    ids = [ev.id for ev in chapter.events]
    assert [flat.index(f"{i}: when") for i in ids] == sorted(flat.index(f"{i}: when") for i in ids)
    assert "grave-opened: when a hero searches feature G (The potter's grave): Set grave-open to 1;" in flat
    assert ("1. Round the grave: Each Legend removes 1 fear; or 2. Across the north gate (the automatic "
            "choice): Barricade spawn point 1. Once.") in flat
    assert "stone-count: when Gobkin is defeated: Add stones +1. Every time." in flat
    assert "Once. Text: A bell starts ringing." in flat
    doc = json.loads(run("content", "show", "chapter", "quiet-field", "--content", events, "--json").stdout)
    assert [line.split(":", 1)[0] for line in doc["in_words"]["events"]] == ids


def test_show_names_each_field_by_its_yaml_key_so_it_can_be_copied_into_a_pack() -> None:
    """A token's side is written ``for:`` in a pack and an event's conditions ``if:``; show
    prints those keys, not the model's field names (``side``, ``conditions``)."""
    tokens = str(Path(__file__).parent / "packs" / "table-tokens")
    out = run("content", "show", "token", "magic-ward", "--content", tokens)
    assert out.exit_code == 0, out.output
    assert "for: heroes" in out.output.splitlines() and "side:" not in out.output
    events = str(Path(__file__).parent / "packs" / "events")
    doc = json.loads(run("content", "show", "chapter", "quiet-field", "--content", events, "--json").stdout)
    assert any("if" in ev for ev in doc["entry"]["events"])
    assert not any("conditions" in ev for ev in doc["entry"]["events"])


def test_a_new_objective_step_reads_as_one_sentence_in_words() -> None:
    """The Cider Press replaces its objective by an event: the step reads 'New objective:
    ... within 9 rounds.' with one stop, and the next part of the event follows it."""
    out = " ".join(run("content", "show", "chapter", "cider-press").output.split())
    assert "New objective:" in out and "rounds.." not in out and "rounds. Once." in out


def test_show_unknown_id_or_kind_suggests_closest() -> None:
    foe = next(iter(load_pack([]).foes))
    typo = foe[:2] + foe[3:]  # a letter left out: not a prefix, so not resolved
    result = run("content", "show", "foe", typo)
    assert isinstance(result.exception, UsageError)
    message = str(result.exception)
    assert message.startswith(f"there is no foe '{typo}'; did you mean '{foe}'?") and message.count(";") == 1
    out = hollow("content", "show", "monster", "x")
    assert out.returncode == 1 and out.stderr.startswith("hollow: there is no kind of content called 'monster'")


def test_init_writes_a_pack_that_validates_and_refuses_to_overwrite(tmp_path: Path) -> None:
    target = tmp_path / "my-box"
    result = run("content", "init", str(target))
    assert result.exit_code == 0, result.output
    for rel in FILES:
        assert (target / rel).is_file()
        assert str(target / rel) in result.output
    assert run("content", "validate", str(target)).exit_code == 0
    pack = load_pack([target], use_cache=False)
    assert all(pack.sample[k] for k, origin in pack.origins.items() if origin == str(target))  # placeholders say so
    before = (target / "dice.yaml").read_text()
    (target / "dice.yaml").write_text(before + "# my edit\n")
    again = run("content", "init", str(target))
    assert again.exit_code == 1 and "already exists" in str(again.exception)
    assert (target / "dice.yaml").read_text().endswith("# my edit\n")


def test_init_scaffold_comments_every_kind() -> None:
    text = "\n".join(FILES.values())
    for kind in ("dice:", "legends:", "skills:", "items:", "foes:", "rules:", "chapters:", "campaigns:", "upgrades:",
                 "paths:"):
        assert kind in text
    assert text.count("#") > 60  # commented throughout


CHAPTER_ZERO = """chapters:
  epilogue:
    name: An Epilogue
    number: 9
    map: |
      ###
      #1#
      #S#
      ###
    features: {S: start}
    track: [[spawn]]
    spawn_list: [[{foe: gobkin, count: 1}]]
    objective: {kind: survive, rounds: 2}
"""


def test_list_shows_chapters_in_storybook_order(tmp_path: Path) -> None:
    mine = pack_dir(tmp_path / "mine", {"c.yaml": CHAPTER_ZERO})
    pack = load_pack([str(mine)])
    expected = [c.id for c in sorted(pack.chapters.values(), key=lambda c: (c.number, c.id))]
    assert expected[-1] == "epilogue" and expected != sorted(expected)
    result = run("content", "list", "chapters", "--content", str(mine))
    rows = [line.split() for line in result.output.splitlines()[1:]]
    assert [r[0] for r in rows] == expected
    assert rows[-1][1] == "9." and " 9. An Epilogue" in result.output
    doc = json.loads(run("content", "list", "chapters", "--json", "--content", str(mine)).stdout)
    assert [r["id"] for r in doc["chapters"]] == expected and doc["chapters"][-1]["number"] == 9


def test_show_a_die_lists_its_faces() -> None:
    die = load_pack([]).dice["attack"]
    text = run("content", "show", "dice", "attack").output
    assert "Die(" not in text and "Face(" not in text
    faces = ", ".join(f.label if f.label == str(f.value) else f"{f.label} ({f.value})" for f in die.faces)
    assert f"faces: {faces}" in text.splitlines()
    doc = json.loads(run("content", "show", "die", "attack", "--json").stdout)
    assert doc["entry"]["faces"] == [{"label": f.label, "value": f.value} for f in die.faces]


def test_show_takes_names_as_forgivingly_as_the_table_commands() -> None:
    result = run("content", "show", "legend", "emily")
    assert result.exit_code == 0 and result.output.startswith("legend emily-van-winkle")
    ambiguous = run("content", "show", "legend", "e")
    assert isinstance(ambiguous.exception, UsageError) and "could be" in str(ambiguous.exception)


def test_an_unknown_kind_lists_the_kinds_once() -> None:
    message = str(run("content", "show", "monster", "x").exception)
    assert message.count("chapters") == 1 and message.startswith("there is no kind of content called 'monster'")


def test_a_tab_in_yaml_is_named_as_such(tmp_path: Path) -> None:
    pack_dir(tmp_path, {"f.yaml": "foes:\n  grub:\n\tname: Grub\n"})
    out = hollow("content", "validate", str(tmp_path))
    assert out.returncode == 1
    assert out.stdout.strip() == (
        f"{tmp_path / 'f.yaml'}:3: this line holds a tab character, which YAML does not allow for "
        "indentation (indent with spaces only; set your editor to insert spaces for the Tab key)"
    )


# -- your own box: replaces and chapter numbers ----------------------------------------

def test_init_pack_replaces_the_sample_chapters_and_says_how_to_keep_them(tmp_path: Path) -> None:
    target = tmp_path / "my-box"
    assert run("content", "init", str(target)).exit_code == 0
    chapter_file = target / "chapters" / "example-chapter.yaml"
    lines = chapter_file.read_text().splitlines()
    at = lines.index("replaces: [chapters]")
    comment = " ".join(line for line in lines[max(0, at - 5):at] if line.startswith("#"))
    assert "Delete" in comment and "sample chapters" in comment
    builtin = load_pack([])
    valid = run("content", "validate", str(target))
    assert valid.exit_code == 0, valid.output
    assert " 1 chapter from 2 packs" in valid.output
    listed = run("content", "list", "chapters", "--content", str(target))
    assert listed.exit_code == 0
    rows = [line.split()[0] for line in listed.output.splitlines()[1:]]
    assert rows == ["example-chapter"]
    assert not set(builtin.chapters) & set(listed.output.split())
    # the kinds it does not replace still layer over the built-in pack
    skills = json.loads(run("content", "list", "skills", "--json", "--content", str(target)).stdout)["skills"]
    assert {r["id"] for r in skills} == set(builtin.skills) | {"example-skill"}


def test_deleting_the_replaces_line_brings_back_the_sample_chapters(tmp_path: Path) -> None:
    target = tmp_path / "my-box"
    run("content", "init", str(target))
    chapter_file = target / "chapters" / "example-chapter.yaml"
    text = chapter_file.read_text().replace("replaces: [chapters]\n", "")
    chapter_file.write_text(text)
    # the example chapter is number 1, as is a built-in one: one problem, at its number
    out = hollow("content", "validate", str(target))
    assert out.returncode == 1
    number_line = next(i + 1 for i, line in enumerate(text.splitlines()) if line.strip().startswith("number:"))
    first = min(load_pack([]).chapters.values(), key=lambda c: c.number)
    lines = out.stdout.strip().splitlines()
    problems = [line for line in lines if ": warning: " not in line]
    # (and a warning: the scaffold's Emily has no Long Shot, which the built-in Long Autumn's
    # upgrade Knapped Stones sharpens)
    assert [line for line in lines if ": warning: " in line and "'knapped-stones'" in line] == lines[1:]
    assert len(problems) == 1
    assert problems[0].startswith(f"{chapter_file}:{number_line}: the chapter 'example-chapter' has the number 1, "
                                  f"like the chapter {first.id!r} (")
    assert "replaces: [chapters]" in out.stdout
    assert "1 problem found" in out.stderr
    listed = hollow("content", "list", "chapters", "--content", str(target))
    assert listed.returncode == 1 and listed.stdout == ""
    assert listed.stderr.startswith(f"hollow: {chapter_file}:{number_line}: the chapter 'example-chapter' has the number 1")
    chapter_file.write_text(text.replace("number: 1 ", "number: 99 "))
    assert run("content", "validate", str(target)).exit_code == 0
    ids = [line.split()[0] for line in run("content", "list", "chapters", "--content", str(target)).output.splitlines()[1:]]
    assert set(ids) == set(load_pack([]).chapters) | {"example-chapter"} and ids[-1] == "example-chapter"


def test_validate_and_list_with_a_pack_that_replaces_several_kinds(tmp_path: Path) -> None:
    mine = pack_dir(tmp_path / "mine", {
        "a.yaml": "replaces: [foes, chapters]\n" + GOOD_FOE,
        "c.yaml": CHAPTER_ZERO.replace("gobkin", "grub"),
    })
    valid = run("content", "validate", "--content", str(mine))
    assert valid.exit_code == 0, valid.output
    assert "1 foe," in valid.output and "1 chapter " in valid.output
    doc = json.loads(run("content", "list", "--json", "--content", str(mine)).stdout)
    assert [(r["id"], r["pack"]) for r in doc["foes"]] == [("grub", str(mine))]
    assert [r["id"] for r in doc["chapters"]] == ["epilogue"]
    assert {r["id"] for r in doc["legends"]} == set(load_pack([]).legends)
    text = run("content", "list", "foes", "--content", str(mine)).output
    assert text.splitlines()[0] == "foes (1)" and "built-in" not in text


def test_validate_reports_a_bad_replaces_with_file_and_line(tmp_path: Path) -> None:
    pack_dir(tmp_path, {"r.yaml": "replaces:\n  - chapter\n"})
    out = hollow("content", "validate", str(tmp_path))
    assert out.returncode == 1
    assert out.stdout.strip() == (f"{tmp_path / 'r.yaml'}:2: 'replaces' lists the text 'chapter', which is not a kind "
                                  "of content (did you mean 'chapters'?)")
