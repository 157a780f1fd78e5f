"""``hollow print`` as a user runs it: files written, listings, JSON, options, errors."""

from __future__ import annotations

import builtins
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from hollowcli.cli import cli

EXPECTED_KIT = {"duplex-test.pdf", "cards.pdf", "turn-order.pdf", "spawn-tables.pdf"}
#: With --no-mix: a file per kind of card, as the single commands write them.
EXPECTED_UNMIXED = {
    "reference.pdf", "spawn-tables.pdf", "cards-legends.pdf", "cards-allies.pdf", "cards-foes.pdf", "cards-items.pdf",
}


def invoke(*args: str, env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(cli, ["print", *args], env=env, catch_exceptions=True)


def hollow(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ)
    full.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "hollowcli", *args], capture_output=True, text=True, cwd=cwd, env=full, check=False
    )


def pages(path: Path) -> int:
    return len(PdfReader(str(path)).pages)


def test_kit_writes_every_file_with_a_listing(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    res = invoke("kit", "--out", str(out))
    assert res.exit_code == 0, res.output
    names = {p.name for p in out.iterdir()}
    assert EXPECTED_KIT <= names
    assert not {n for n in names if n.startswith("deck-") or n.startswith("cards-")}  # every card is in cards.pdf
    assert not [n for n in names if n.endswith(".part")]
    for name in EXPECTED_KIT:
        line = next(ln for ln in res.stdout.splitlines() if name in ln)
        assert f"{pages(out / name)} page" in line
    assert "cards" in next(ln for ln in res.stdout.splitlines() if "cards.pdf" in ln)
    assert "100%" in res.stdout


def test_kit_without_mix_writes_a_file_per_kind(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    res = invoke("kit", "--no-mix", "--out", str(out))
    assert res.exit_code == 0, res.output
    names = {p.name for p in out.iterdir()}
    assert EXPECTED_UNMIXED <= names and "cards.pdf" not in names and "turn-order.pdf" not in names
    decks = {n for n in names if n.startswith("deck-")}
    assert decks, "one deck per chapter of the built-in content"
    for name in EXPECTED_UNMIXED | decks:
        line = next(ln for ln in res.stdout.splitlines() if name in ln)
        assert f"{pages(out / name)} page" in line


def test_kit_json_lists_files_pages_and_cards(tmp_path: Path) -> None:
    res = invoke("kit", "--out", str(tmp_path), "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)  # stdout is one JSON document; the progress bar went to stderr
    files = {Path(f["path"]).name: f for f in doc["files"]}
    assert EXPECTED_KIT <= set(files)
    for name, f in files.items():
        assert pages(tmp_path / name) == f["pages"]
    assert files["cards.pdf"]["cards"] >= 1
    assert isinstance(doc["warnings"], list)


def test_progress_bar_goes_to_stderr(tmp_path: Path) -> None:
    out = hollow("print", "kit", "--out", str(tmp_path / "o"), "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    json.loads(out.stdout)
    assert "Printing the kit" in out.stderr


def test_default_output_folder_and_nothing_else_written(tmp_path: Path) -> None:
    out = hollow("print", "cards", "foes", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["output"]
    assert [p.name for p in (tmp_path / "output").iterdir()] == ["cards-foes.pdf"]


def test_each_subcommand_writes_its_file(tmp_path: Path) -> None:
    assert invoke("reference", "--out", str(tmp_path)).exit_code == 0
    assert invoke("spawn", "--all", "--out", str(tmp_path)).exit_code == 0
    res = invoke("deck", "--out", str(tmp_path), "--json")
    assert res.exit_code == 0
    chapters = [Path(f["path"]).name for f in json.loads(res.stdout)["files"]]
    assert chapters and all(n.startswith("deck-") for n in chapters)
    one = chapters[0][len("deck-"):-len(".pdf")]
    res = invoke("deck", one, "--out", str(tmp_path / "one"), "--json")
    assert [Path(f["path"]).name for f in json.loads(res.stdout)["files"]] == [f"deck-{one}.pdf"]
    res = invoke("cards", "legends", "items", "--out", str(tmp_path / "c"), "--json")
    assert sorted(Path(f["path"]).name for f in json.loads(res.stdout)["files"]) == ["cards-items.pdf", "cards-legends.pdf"]


def test_paper_from_config_and_option(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text('paper = "a4"\n')
    res = invoke("cards", "foes", "--out", str(tmp_path / "a"), env={"HOLLOW_CONFIG": str(cfg)})
    assert res.exit_code == 0, res.output
    box = PdfReader(str(tmp_path / "a" / "cards-foes.pdf")).pages[0].mediabox
    assert round(float(box.width)) == 595 and round(float(box.height)) == 842
    res = invoke("cards", "foes", "--paper", "letter", "--out", str(tmp_path / "l"), env={"HOLLOW_CONFIG": str(cfg)})
    box = PdfReader(str(tmp_path / "l" / "cards-foes.pdf")).pages[0].mediabox
    assert (float(box.width), float(box.height)) == (612, 792)


def test_backs_none_and_size_options_change_the_pages(tmp_path: Path) -> None:
    res = invoke("cards", "items", "--backs", "none", "--out", str(tmp_path / "n"), "--json")
    doc = json.loads(res.stdout)["files"][0]
    res2 = invoke("cards", "items", "--out", str(tmp_path / "b"), "--json")
    doc2 = json.loads(res2.stdout)["files"][0]
    assert doc2["pages"] == 2 * doc["pages"]
    res3 = invoke("cards", "items", "--size", "mini", "--backs", "none", "--out", str(tmp_path / "m"), "--json")
    assert json.loads(res3.stdout)["files"][0]["pages"] <= doc["pages"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["deck", "no-such-chapter"], "no chapter 'no-such-chapter'"),
        (["kit", "--size", "enormous"], "--size"),
        (["kit", "--back-offset", "3"], "--back-offset"),
        (["kit", "--bleed", "30"], "--bleed"),
        (["deck", "x", "--all"], "not both"),
    ],
)
def test_bad_values_are_one_sentence_and_exit_1(tmp_path: Path, args: list[str], message: str) -> None:
    out = hollow("print", *args, "--out", str(tmp_path / "o"), cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.startswith("hollow: ") and message in out.stderr
    assert "Traceback" not in out.stderr
    assert not (tmp_path / "o").exists()


def test_unknown_choice_is_a_usage_error(tmp_path: Path) -> None:
    res = invoke("kit", "--paper", "legal", "--out", str(tmp_path))
    assert res.exit_code == 2


def test_preview_writes_a_png_of_the_first_page(tmp_path: Path) -> None:
    res = invoke("cards", "foes", "--preview", "--out", str(tmp_path), "--json")
    assert res.exit_code == 0, res.output
    f = json.loads(res.stdout)["files"][0]
    png = Path(f["preview"])
    assert png.name == "cards-foes.png" and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image

    with Image.open(png) as im:
        assert abs(im.size[0] - 8.5 * 150) <= 1 and abs(im.size[1] - 11 * 150) <= 1


def test_preview_without_pypdfium2_says_how_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def fake_import(name: str, *a: Any, **kw: Any) -> Any:
        if name == "pypdfium2":
            raise ImportError("no pypdfium2")
        return real_import(name, *a, **kw)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    monkeypatch.delitem(sys.modules, "pypdfium2", raising=False)
    res = invoke("cards", "foes", "--preview", "--out", str(tmp_path / "o"))
    assert res.exit_code != 0
    assert "pip install pypdfium2" in str(res.exception)
    assert not (tmp_path / "o").exists()


def test_overflow_warning_on_stderr_and_in_json(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    wall = " ".join(["The dark leans in and the lantern shrinks."] * 60)
    (pack / "items.yaml").write_text(
        "items:\n  long-tale:\n    name: Long Tale\n    kind: item\n    text: " + json.dumps(wall) + "\n"
    )
    res = invoke("cards", "items", "--content", str(pack), "--out", str(tmp_path / "o"), "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert any("'long-tale'" in w and "Long Tale" in w for w in doc["warnings"])
    assert "hollow: warning:" in res.stderr and "long-tale" in res.stderr


def test_heavy_libraries_are_not_imported_by_hollow_roll() -> None:
    code = (
        "import sys, hollowcli.cli, hollowcli.commands.printing, hollowcli.render.kit, hollowcli.output;"
        "print(sorted(m for m in ('reportlab', 'jinja2', 'pypdfium2') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.stdout.strip() == "[]", out.stderr


def test_a_pack_may_bring_its_own_rules_md(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "rules.md").write_text("## house-rule\nOur table lets a Legend reroll one blank die per chapter.\n")
    res = invoke("reference", "--content", str(pack), "--out", str(tmp_path / "o"), "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["files"][0]["cards"] == 1
    import pdfplumber

    with pdfplumber.open(tmp_path / "o" / "reference.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "House rule" in text and "reroll one blank die" in text


# --- QA fixes -------------------------------------------------------------------------------


@pytest.mark.parametrize("sub", ["reference", "spawn", "deck", "cards", "kit"])
def test_each_print_command_shows_an_example_of_itself(sub: str) -> None:
    result = CliRunner().invoke(cli, ["print", sub, "--help"])
    assert result.exit_code == 0
    examples = result.output.split("Examples:", 1)[1]
    assert f"hollow print {sub}" in examples


def test_print_deck_takes_a_chapter_by_a_forgiving_name(tmp_path: Path) -> None:
    result = invoke("deck", "school", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "deck-schoolhouse.pdf").is_file()
    bad = invoke("deck", "shcoolhouse", "--out", str(tmp_path))
    assert bad.exit_code == 1 and "did you mean 'schoolhouse'?" in str(bad.exception)


def test_mini_legend_cards_fit_without_overflow(tmp_path: Path) -> None:
    import pdfplumber

    result = invoke("kit", "--no-mix", "--size", "mini", "--out", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["warnings"] == []
    with pdfplumber.open(str(tmp_path / "cards-legends.pdf")) as pdf:
        text = pdf.pages[0].extract_text()
    assert "text continues" not in text
    for name in ("Jeremiah Pincke", "Emily Van Winkle", "Long Shot", "Scatter Shot", "priority 3"):
        assert name in text
    poker = invoke("cards", "legends", "--out", str(tmp_path / "poker"), "--json")
    assert json.loads(poker.stdout)["warnings"] == []
    with pdfplumber.open(str(tmp_path / "poker" / "cards-legends.pdf")) as pdf:
        assert "The sling hums" in pdf.pages[0].extract_text()  # flavour text kept on poker


def test_reference_cards_on_a_sheet_share_one_text_size(tmp_path: Path) -> None:
    import pdfplumber

    from hollowcli.render.fonts import REGULAR

    for size, least in (("poker", 10.0), ("mini", 6.5)):
        result = invoke("reference", "--size", size, "--out", str(tmp_path / size), "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["warnings"] == []
        with pdfplumber.open(str(tmp_path / size / "reference.pdf")) as pdf:
            page = pdf.pages[0]
            sizes = {round(c["size"], 1) for c in page.chars if c["fontname"].endswith(REGULAR) and c["size"] > 6.2}
        assert len(sizes) == 1 and min(sizes) >= least, (size, sizes)


def test_a_card_too_large_for_the_paper_says_what_to_change(tmp_path: Path) -> None:
    result = invoke("kit", "--size", "200x280", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert str(result.exception) == (
        "a 200x280 mm card with 0 mm bleed does not fit on letter paper inside its 6.35 mm printable margins; "
        "choose a smaller --size"
    )
    assert not any(tmp_path.iterdir())


def test_loaded_content_is_kept_out_of_full_collections_only_while_printing(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """What is loaded before the files are built (content, fonts, modules) is frozen for the
    garbage collector while they are built, and handed back when the command ends, even when
    it fails."""
    import gc

    from hollowcli.errors import RenderError
    from hollowcli.render import stat_cards

    seen: list[int] = []
    real = stat_cards.render_cards

    def spy(*a: Any, **k: Any) -> Any:
        seen.append(gc.get_freeze_count())
        return real(*a, **k)

    monkeypatch.setattr(stat_cards, "render_cards", spy)
    assert gc.get_freeze_count() == 0
    res = invoke("cards", "foes", "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    assert seen and seen[0] > 0
    assert gc.get_freeze_count() == 0

    def broken(*a: Any, **k: Any) -> Any:
        raise RenderError("the printer ate it")

    monkeypatch.setattr(stat_cards, "render_cards", broken)
    res = invoke("cards", "foes", "--out", str(tmp_path))
    assert res.exit_code != 0
    assert gc.get_freeze_count() == 0
