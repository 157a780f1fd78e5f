"""A chapter is named the same way everywhere: by its storybook number (``1``), its id, its
name or a unique prefix, through ``names.find_chapter``; and shell completion offers the
numbers wherever a chapter is asked for. Also: printing one chapter never replaces a file
of the kit with different contents (``index.pdf`` describes the kit's files)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
import pytest
from cli_helpers import one_sentence, run_in_process
from click.testing import CliRunner
from pypdf import PdfReader

from hollowcli.cli import COMMANDS, cli
from hollowcli.pack.loader import load_pack


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def all_commands() -> list[tuple[str, click.Command]]:
    """Every command and subcommand, with its full name (``print deck``)."""
    out = []
    for name in COMMANDS:
        cmd = cli.get_command(click.Context(cli), name)
        assert cmd is not None
        if isinstance(cmd, click.Group):
            out += [(f"{name} {sub}", cmd.get_command(click.Context(cmd), sub)) for sub in cmd.list_commands(click.Context(cmd))]
        else:
            out.append((name, cmd))
    return out


def chapter_params() -> list[tuple[str, click.Parameter]]:
    # (a count of chapters, such as simulate's --max-chapters, names no chapter)
    return [(name, p) for name, cmd in all_commands() for p in cmd.params
            if "chapter" in (p.name or "") and not isinstance(p.type, click.types.IntParamType)]


def test_the_commands_that_take_a_chapter_are_the_ones_these_tests_cover() -> None:
    assert {name for name, _ in chapter_params()} == {
        "play", "assist", "simulate", "spawn", "print spawn", "print setup", "print deck", "print guide"}


@pytest.mark.parametrize(("name", "param"), chapter_params(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_chapter_argument_completes_numbers_and_ids(name: str, param: click.Parameter) -> None:
    cmd = dict(all_commands())[name]
    got = {c.value for c in param.shell_complete(click.Context(cmd), "")}
    assert {"1", "2", "schoolhouse", "mill-race"} <= got, f"hollow {name}: {param.name} completes {sorted(got)}"


def test_content_show_completes_chapter_numbers_too() -> None:
    cmd = dict(all_commands())["content show"]
    ident = next(p for p in cmd.params if p.name == "ident")
    ctx = click.Context(cmd)
    ctx.params["kind"] = "chapter"
    assert {"1", "schoolhouse"} <= {c.value for c in ident.shell_complete(ctx, "")}


@pytest.mark.parametrize("args", [
    ("spawn", "2gobkin", "pumpling", "--chapter", "{ch}", "--seed", "5"),
    ("spawn", "gobkin", "--chapter", "{ch}", "--unlocked", "4", "--rolled", "4"),
    ("content", "show", "chapter", "{ch}", "--json"),
    ("simulate", "{ch}", "--games", "2", "--jobs", "1", "--json"),
], ids=lambda a: " ".join(a[:3]))
def test_a_chapter_number_means_what_its_id_means(args: tuple[str, ...]) -> None:
    by_number = run(*(a.replace("{ch}", "1") for a in args))
    by_id = run(*(a.replace("{ch}", "schoolhouse") for a in args))
    assert by_number == by_id
    assert "Schoolhouse" in by_number or "schoolhouse" in by_number


@pytest.mark.parametrize("product", ["deck", "setup", "spawn"])
def test_print_takes_a_chapter_number(product: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written = {}
    for ch in ("1", "schoolhouse"):
        (tmp_path / ch).mkdir()
        monkeypatch.chdir(tmp_path / ch)
        listing = run("print", product, ch, "--out", "pdf")
        written[ch] = (listing, {p.name: p.read_bytes() for p in (tmp_path / ch / "pdf").iterdir()})
    assert written["1"] == written["schoolhouse"]
    assert list(written["1"][1]) == [f"{product}-schoolhouse.pdf"]


def test_play_and_assist_take_a_chapter_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOLLOW_HOME", str(tmp_path))
    out = run("assist", "2", "--campaign", "a", "--new", "--input", os.devnull)
    assert "The Covered Bridge" in out
    doc = json.loads(run("play", "4", "--auto", "--seed", "1", "--max-rounds", "1", "--json"))
    assert doc["chapter"] == "mill-race"


def test_an_unknown_chapter_number_lists_the_chapters_by_number(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_in_process(capsys, "print", "deck", "9")
    assert code == 1 and one_sentence(err)
    assert "there is no chapter '9'" in err and "1 (schoolhouse), 2 (covered-bridge)" in err
    code, _, err = run_in_process(capsys, "spawn", "gobkin", "--chapter", "scholhouse")
    assert code == 1 and one_sentence(err) and "did you mean 'schoolhouse'?" in err


def test_find_chapter_by_number_id_name_and_prefix() -> None:
    from hollowcli.names import find_chapter

    chapters = load_pack([]).chapters
    for text in ("1", " 1 ", "schoolhouse", "School", "the schoolhouse by the mill pond"):
        assert find_chapter(chapters, text).id == "schoolhouse", text
    assert find_chapter(chapters, "4").id == "mill-race"


# --- printing one chapter next to the kit -------------------------------------------------

def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(str(path)).pages]


def test_printing_one_product_never_replaces_a_kit_file_with_other_contents(tmp_path: Path) -> None:
    """After 'hollow print kit', every single product printed into the same folder either
    writes a file of its own or one with the very contents the kit put there."""
    out = tmp_path / "output"
    run("print", "kit", "--out", str(out))
    kit = {p.name: page_texts(p) for p in out.iterdir() if p.suffix == ".pdf"}
    products = [("reference",), ("spawn", "1"), ("spawn", "covered-bridge"), ("setup", "1"), ("deck", "2"),
                ("cards", "legends"), ("cards", "allies"), ("cards", "foes"), ("cards", "items"), ("duplex-test",)]
    for product in products:
        doc = json.loads(run("print", *product, "--out", str(out), "--json"))
        for f in doc["files"]:
            name = Path(f["path"]).name
            if name in kit:
                assert page_texts(out / name) == kit[name], f"'hollow print {' '.join(product)}' replaced the kit's {name}"
    assert page_texts(out / "spawn-tables.pdf") == kit["spawn-tables.pdf"]


def test_one_chapter_spawn_table_is_named_and_labelled_by_its_chapter(tmp_path: Path) -> None:
    doc = json.loads(run("print", "spawn", "schoolhouse", "--out", str(tmp_path), "--json"))
    assert [Path(f["path"]).name for f in doc["files"]] == ["spawn-schoolhouse.pdf"]
    text = page_texts(tmp_path / "spawn-schoolhouse.pdf")
    assert "spawn-schoolhouse · page 1" in text[0] and "Covered Bridge" not in "".join(text)
    doc = json.loads(run("print", "spawn", "--out", str(tmp_path), "--json"))
    assert [Path(f["path"]).name for f in doc["files"]] == ["spawn-tables.pdf"]
    assert "spawn-tables · page 1" in page_texts(tmp_path / "spawn-tables.pdf")[0]
