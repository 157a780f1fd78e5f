"""Tokens placed at setup on paper and in words: the setup sheet tags each on its square,
lists every kind with where it is and what it does, and lists every search spot (feature or
token) with what it holds; ``hollow content show chapters ID`` tells the same in words. A
chapter without tokens prints and shows as before (the print digest and the goldens)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from test_print_setup import _section

from hollowcli.cli import cli

PACK = """\
tokens:
  tombstone:   {name: Tombstone, health: 3, defense: 1}
  loose-earth: {name: Loose earth, search: true, finds: [linen-bandages, storm-lantern]}
  hay-bale:    {name: Hay bale, blocks: all, sight: true}
  skill-lock:  {name: Skill lock, locks_skill: true}
chapters:
  field:
    name: The Field
    number: 9
    map: |
      #########
      #1.....2#
      #.S..G..#
      #.......#
      #3.....4#
      #########
    features: {S: start, G: {kind: search, name: The grave, item: smelling-salts}}
    track: [[move, attack]]
    setup:
      tokens: [{token: tombstone, at: D2}, {token: loose-earth, at: C4}, {token: loose-earth, at: G4},
               {token: loose-earth, at: H3, finds: [woodcutters-hatchet]}, {token: hay-bale, at: E4},
               {token: skill-lock, skill: long-shot}]
    objective: {kind: survive, rounds: 5}
"""


@pytest.fixture
def pack_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "field.yaml").write_text(PACK, encoding="utf-8")
    return folder


def _run(*args: str) -> str:
    res = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return res.output


def _words(data: bytes) -> list[dict]:  # type: ignore[type-arg]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return pdf.pages[0].extract_words(extra_attrs=["fontname", "non_stroking_color"])


def _text(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)


def test_the_setup_sheet_tags_setup_tokens_and_lists_every_search_spot(pack_dir: Path, tmp_path: Path) -> None:
    _run("print", "setup", "field", "--content", str(pack_dir), "--out", str(tmp_path / "out"))
    data = (tmp_path / "out" / "setup-field.pdf").read_bytes()
    # on the map: each token's name at the top of its square (the skill lock is on a card, not the map)
    tags = [w for w in _words(data) if w["non_stroking_color"] and len(w["non_stroking_color"]) == 3
            and abs(w["non_stroking_color"][0] - 0x5b / 255) < 0.01]
    assert [w["text"] for w in tags].count("Tombstone") == 1 and [w["text"] for w in tags].count("Loose") == 3
    assert "Names at the top of a square: Legends (blue) and foes (red) and tokens (purple) at setup." in _section(data, "Key")
    # the kinds, where they are and what they do
    kinds = _section(data, "Tokens")
    assert "Tombstone (D2): heroes may attack it (3 health, defense 1); at 0 it is destroyed" in kinds
    assert "Loose earth (C4, G4, H3):" in kinds and "Skill lock (on Long Shot): placed on a Legend's skill" in kinds
    # every search spot, feature or token, in reading order, with what it holds
    spots = _section(data, "Search spots")
    order = [spots.find(s) for s in ("The grave (F3): Smelling Salts", "Loose earth (H3): Woodcutter's Hatchet",
                                     "Loose earth (C4): the next of what every Loose earth holds",
                                     "Loose earth (G4): the next of what every Loose earth holds")]
    assert all(i >= 0 for i in order) and order == sorted(order), spots
    assert "they hold: 1. Linen Bandages (item: 1" in spots and "2. Storm Lantern (item: 1" in spots
    again = tmp_path / "again"
    _run("print", "setup", "9", "--content", str(pack_dir), "--out", str(again))
    assert (again / "setup-field.pdf").read_bytes() == data  # identical input, identical bytes


def test_a_chapter_without_tokens_has_no_token_section(tmp_path: Path) -> None:
    _run("print", "setup", "schoolhouse", "--out", str(tmp_path))
    text = _text((tmp_path / "setup-schoolhouse.pdf").read_bytes())
    assert "Tokens" not in text and "tokens (purple)" not in text


def test_content_show_tells_the_setup_tokens_in_words(pack_dir: Path) -> None:
    out = _run("content", "show", "chapter", "field", "--content", str(pack_dir))
    said = out.split("tokens (in words):", 1)[1]
    assert all(len(line) <= 80 for line in said.splitlines())  # wrapped for the terminal
    # one entry per token, each starting a line; read back as flowing text
    entries = [" ".join(e.split()) for e in re.split(r"\n  (?=\S)", said)[1:]]
    assert entries == [
        "Tombstone token on D2: heroes may attack it (3 health, defense 1); at 0 it is destroyed",
        "Loose earth token on C4: its square may be searched (then the token goes); finds Linen Bandages, then Storm Lantern",
        "Loose earth token on G4: its square may be searched (then the token goes); finds Linen Bandages, then Storm Lantern",
        "Loose earth token on H3, holding Woodcutter's Hatchet: its square may be searched (then the token goes); finds "
        "Linen Bandages, then Storm Lantern",
        "Hay bale token on E4: nobody may enter its square; blocks sight through its square",
        "Skill lock token on the skill Long Shot: placed on a Legend's skill, which cannot be used",
    ]
    doc = json.loads(_run("content", "show", "chapter", "field", "--content", str(pack_dir), "--json"))
    assert doc["in_words"]["tokens"][0].startswith("Tombstone token on D2")
    # a chapter without a script shows as before (the schoolhouse as it was before it had one)
    unscripted = str(Path(__file__).resolve().parent.parent / "benchmarks" / "packs" / "unscripted")
    plain = _run("content", "show", "chapter", "schoolhouse", "--content", unscripted)
    assert "in words" not in plain and "Schoolhouse" in plain
    assert "in_words" not in json.loads(_run("content", "show", "chapter", "schoolhouse", "--json", "--content", unscripted))
