"""The party sheet (issue 19, plan §6): ``hollow campaign status NAME`` on one 80x24 screen
and in ``--json``, and ``hollow print campaign NAME``'s PDF.

``tests/saves/party-autumn.json`` is a layout-6 campaign over ``tests/packs/campaign``: four
grown Legends (upgrades, Emily's life path with a locked skill, two outfits worn), three
chapters in the log (a loss, then two wins), a flag carried.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest
from cli_helpers import keep_campaign, one_sentence, run_in_process

from hollowcli.commands.common import get_pack
from hollowcli.play import party, saves

HERE = Path(__file__).resolve().parent
PACK = HERE / "packs" / "campaign"
FILE = HERE / "saves" / "party-autumn.json"
OLD5 = HERE / "saves" / "schema5-midgame.json"
LEGENDS = ("Jeremiah Pincke", "Matthias Geroux", "Elijah Kappel", "Emily Van Winkle")


def _kept(name: str = "autumn", source: Path = FILE, edit: Any = None) -> None:
    """The kept campaign file, as campaign ``name`` (``edit(doc)`` changes it first)."""
    keep_campaign(source, name, edit)


def status(capsys: pytest.CaptureFixture[str], *extra: str, name: str = "autumn") -> str:
    code, out, err = run_in_process(capsys, "campaign", "status", name, "--content", str(PACK), *extra)
    assert code == 0 and err == "", err
    return out


def legend_block(out: str, name: str) -> str:
    """A Legend's lines on the screen: its row and the indented lines under it."""
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(name))
    block = [lines[at]]
    for line in lines[at + 1:]:
        if not line.startswith("  "):
            break
        block.append(line)
    return "\n".join(block)


# ----------------------------------------------------------------------------- the screen
def test_the_sheet_of_four_grown_legends_fits_80_by_24(capsys: pytest.CaptureFixture[str]) -> None:
    _kept()
    out = status(capsys)
    lines = out.splitlines()
    assert len(lines) <= 23 and max(len(line) for line in lines) <= 80, out  # a prompt keeps the 24th
    assert all(any(line.startswith(name) for line in lines) for name in LEGENDS)
    assert lines[0].startswith("Campaign 'autumn' · The Hollow  (")
    assert "Flags carried: ferry 1." in lines and "Continue with: hollow play --campaign autumn" in lines
    assert any(line.startswith("  70. The Ferry Landing        won  3 rounds  2026-11-28") for line in lines)


def test_in_a_real_80x24_terminal_nothing_scrolls_away() -> None:
    _kept()
    child = pexpect.spawn(sys.executable, ["-m", "hollowcli", "campaign", "status", "autumn", "--content", str(PACK)],
                          env=dict(os.environ), encoding="utf-8", timeout=60, dimensions=(24, 80))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    shown = re.sub(r"\x1b\[[0-9;]*m", "", child.before).replace("\r\n", "\n").rstrip("\n").split("\n")
    assert len(shown) <= 23 and max(len(line) for line in shown) <= 80
    assert shown[0].startswith("Campaign 'autumn'") and shown[-1].startswith("Continue with:")


def test_a_grown_number_reads_base_plus_delta_with_its_source(capsys: pytest.CaptureFixture[str]) -> None:
    _kept()
    out = status(capsys)
    matthias = legend_block(out, "Matthias Geroux")
    # 1 defense, +1 from the upgrade Hard Hide, +1 from the Oilskin Coat worn: 3
    assert matthias.startswith("Matthias Geroux    10   3  2   4   2   10  wears Oilskin Coat")
    assert "changed: HP 9+1 (Hard Hide); DEF 1+1+1 (Hard Hide, Oilskin Coat);" in matthias
    emily = legend_block(out, "Emily Van Winkle")
    assert "FEAR 10+1+1 (Brave Heart, Mourning Coat)" in emily and " 12  The Hunter · wears Mourning Coat" in emily
    assert "basic attack dice 2+1 (Iron Fist)" in legend_block(out, "Jeremiah Pincke")


def test_a_number_held_at_its_floor_says_so() -> None:
    assert party.Number("defense", "defense", "DEF", 0, 1, (("Heavy Pack", -2),)).words == "1-2 (Heavy Pack) = 0"
    assert party.Number("move", "move", "MV", 3, 2, (("Boots", 1), ("Boots", 0))).words == "2+1+0 (Boots)"
    assert party.Number("move", "move", "MV", 2, 2).words == "2"


def test_a_locked_skill_is_marked_until_it_is_unlocked(capsys: pytest.CaptureFixture[str]) -> None:
    _kept()
    emily = legend_block(status(capsys), "Emily Van Winkle")
    assert "skills: Far Shot (Keen Eye), Scatter Shot, Piercing Shot (The Hunter) [locked]" in emily

    def unlock(doc: dict[str, Any]) -> None:
        doc["growth"]["emily-van-winkle"]["unlocked"] = ["piercing-shot"]

    _kept("freed", edit=unlock)
    emily = legend_block(status(capsys, name="freed"), "Emily Van Winkle")
    assert "Piercing Shot (The Hunter)" in emily and "[locked]" not in emily


def test_a_layout_5_campaign_says_its_earlier_chapters(capsys: pytest.CaptureFixture[str]) -> None:
    path = saves.campaign_path("old5")
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD5, path)
    code, out, err = run_in_process(capsys, "campaign", "status", "old5", "--content", str(HERE / "saves" / "pack5"))
    assert code == 0 and err == "", err
    assert "Earlier chapters: won 1, lost 0 (before the chapter log)." in out.splitlines()
    assert "  won  1. The Schoolhouse by the Mill Pond     won 1, lost 0" in out  # and the chapters by number
    code, out, _ = run_in_process(capsys, "campaign", "status", "old5", "--json", "--content", str(HERE / "saves" / "pack5"))
    sheet = json.loads(out)["sheet"]
    assert sheet["earlier"] == {"won": 1, "lost": 0} and sheet["log"] == [] and sheet["follows"] is None


def test_the_log_keeps_the_latest_chapters_when_the_screen_is_short() -> None:
    pack = get_pack((PACK,))
    camp = saves.parse(FILE.read_text(encoding="utf-8"))
    sheet = party.party_sheet(pack, camp, None)
    assert [line.split()[0] for line in party.log_lines(sheet, 4)[1:]] == ["1.", "1.", "70."]
    two = party.log_lines(sheet, 2)
    assert two[0] == "Log (the last 1 of 3; --json has all):" and "The Ferry Landing" in two[1]
    assert party.log_lines(sheet, 1) == [
        "Log: 3 chapters; the last: 70. The Ferry Landing, won, 3 rounds, 2026-11-28."]


# ----------------------------------------------------------------------------- --json
def test_status_json_carries_the_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    _kept()
    doc = json.loads(status(capsys, "--json"))
    assert doc["legends"]["jeremiah-pincke"]["relic"] == "horseshoe-amulet"  # the save's record, as before
    sheet = doc["sheet"]
    assert [lg["name"] for lg in sheet["legends"]] == list(LEGENDS)
    by = {lg["id"]: lg for lg in sheet["legends"]}
    assert by["matthias-geroux"]["stats"]["defense"] == {
        "value": 3, "base": 1, "sources": [{"name": "Hard Hide", "delta": 1}, {"name": "Oilskin Coat", "delta": 1}]}
    assert by["matthias-geroux"]["stats"]["move"] == {"value": 2, "base": 2, "sources": []}
    steady = next(s for s in by["matthias-geroux"]["skills"] if s["id"] == "steady-aim")
    assert steady["attack"]["direct"]["sources"] == [{"name": "Steady Hand", "delta": 1}]
    emily = by["emily-van-winkle"]
    assert [(s["id"], s["locked"]) for s in emily["skills"]] == [
        ("far-shot", False), ("scatter-shot", False), ("piercing-shot", True)]
    assert emily["path"] == {"id": "hunter", "name": "The Hunter", "changes": "gains Piercing Shot"}
    assert emily["outfit"]["id"] == "mourning-coat" and [o["id"] for o in emily["outfits"]] == ["oilskin-coat"]
    assert [u["id"] for u in emily["upgrades"]] == ["keen-eye", "brave-heart"]
    assert by["jeremiah-pincke"]["items"] == [{"id": "storm-lantern", "name": "Storm Lantern"}]
    assert by["jeremiah-pincke"]["relic"] == {"id": "horseshoe-amulet", "name": "Horseshoe Amulet"}
    assert [(r["chapter"], r["outcome"], r["rounds"]) for r in sheet["log"]] == [
        ("schoolhouse", "lost", 5), ("schoolhouse", "won", 6), ("ferry-landing", "won", 3)]
    assert sheet["log"][2]["flags_set"] == {"ferry": 1} and "Oilskin Coat" in sheet["log"][2]["rewards"]
    assert sheet["log"][1]["choices"] == ("Storm Lantern to Jeremiah Pincke, Emily Van Winkle: Keen Eye, "
                                          "Matthias Geroux: Steady Hand")
    assert sheet["flags"] == {"ferry": 1} and sheet["next"]["chapter"] == doc["next_chapter"]
    assert sheet["earlier"] is None and sheet["follows"] == "the-hollow" and sheet["title"] == "The Hollow"


def test_what_the_content_no_longer_has_is_said_not_a_crash(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    def gone(doc: dict[str, Any]) -> None:
        doc["growth"]["elijah-kappel"]["upgrades"] = ["hard-hide", "lost-upgrade"]

    _kept("gone", edit=gone)
    out = status(capsys, name="gone")
    assert "Elijah Kappel's upgrade 'lost-upgrade' is not in the content (left out)" in out
    assert len(out.splitlines()) <= 23
    code, _, err = run_in_process(capsys, "print", "campaign", "gone", "--content", str(PACK), "--out", str(tmp_path))
    assert code == 0 and err == "hollow: warning: Elijah Kappel's upgrade 'lost-upgrade' is not in the content (left out)\n"
    assert "'lost-upgrade' is not in the content" in _pdf_text(tmp_path / "campaign-gone.pdf")[0]


# ----------------------------------------------------------------------------- the PDF
def _pdf_text(path: Path) -> list[str]:
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    return [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]


def test_print_campaign_lists_every_legend_and_the_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _kept()
    code, out, err = run_in_process(capsys, "print", "campaign", "autumn", "--content", str(PACK), "--out",
                                    str(tmp_path))
    assert code == 0 and err == "", err
    assert "campaign-autumn.pdf  1 page" in out
    pages = _pdf_text(tmp_path / "campaign-autumn.pdf")
    assert len(pages) == 1  # four Legends, a log of three chapters and the notes box: one page
    text = pages[0]
    assert "The Hollow: party sheet" in text
    assert all(name in text for name in LEGENDS)
    assert "1+1+1 (Hard Hide, Oilskin Coat)" in text and "10+1+1 (Brave Heart, Mourning Coat)" in text
    assert "\u2610 Piercing Shot (The Hunter) locked" in text
    assert "Chapter log" in text and "Notes" in text
    assert "1. The Schoolhouse by the Mill Pond lost 5 2026-11-20" in text
    assert "70. The Ferry Landing won 3 2026-11-28 ferry 1 Bone Charm, Oilskin Coat" in text


def test_print_campaign_is_the_same_bytes_twice_with_fonts_embedded(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    from pypdf import PdfReader

    _kept()
    for out in ("one", "two"):
        run_in_process(capsys, "print", "campaign", "autumn", "--content", str(PACK), "--paper", "a4", "--out",
                       str(tmp_path / out))
    one, two = (tmp_path / d / "campaign-autumn.pdf" for d in ("one", "two"))
    assert one.read_bytes() == two.read_bytes()
    page = PdfReader(str(one)).pages[0]
    assert round(float(page.mediabox.width) / 72 * 25.4) == 210  # A4
    fonts = [f.get_object() for f in page["/Resources"]["/Font"].values()]
    assert fonts and all("/FontFile2" in f["/FontDescriptor"].get_object() for f in fonts)
    assert b"/Helvetica" not in one.read_bytes()


def test_print_campaign_of_a_new_campaign_says_no_chapter_yet(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    run_in_process(capsys, "campaign", "new", "fresh")
    code, _, err = run_in_process(capsys, "print", "campaign", "fresh", "--out", str(tmp_path))
    assert code == 0 and err == ""
    text = _pdf_text(tmp_path / "campaign-fresh.pdf")[0]
    # (a new campaign follows the built-in Long Autumn: the sheet is titled with it)
    assert "The Long Autumn: party sheet Campaign 'fresh'" in text and "No chapter played yet." in text
    assert all(name in text for name in LEGENDS)


@pytest.mark.parametrize("args, words", [
    (("print", "campaign", "nope"), "hollow campaign new nope"),
    (("print", "campaign", "bad/name"), "is not a usable campaign name"),
    (("campaign", "status", "nope"), "hollow campaign new nope"),
])
def test_a_bad_name_is_one_sentence(capsys: pytest.CaptureFixture[str], tmp_path: Path, args: tuple[str, ...],
                                    words: str) -> None:
    code, _, err = run_in_process(capsys, *args, *(("--out", str(tmp_path)) if args[0] == "print" else ()))
    assert code == 1 and one_sentence(err) and words in err, err
    assert list(tmp_path.iterdir()) == []


def test_an_open_interlude_says_what_is_owed(capsys: pytest.CaptureFixture[str]) -> None:
    def open_(doc: dict[str, Any]) -> None:  # the ferry landing's interlude is still open: not in the log yet
        doc["interlude"] = {**doc["log"].pop(), "base": {"legends": doc["legends"], "growth": {}, "flags": {}},
                            "questions": [{"kind": "upgrade", "legend": "elijah-kappel", "options": ["hard-hide"]},
                                          {"kind": "upgrade", "legend": "emily-van-winkle", "options": ["keen-eye"]}],
                            "answers": ["hard-hide"], "redo": [], "next": "churchyard"}

    _kept("between", edit=open_)
    out = status(capsys, name="between")
    assert ("Now: the interlude after chapter 70, The Ferry Landing (won): 1 choice to make "
            "('hollow campaign next between' asks).") in " ".join(out.split())
    assert len(out.splitlines()) <= 23 and max(len(line) for line in out.splitlines()) <= 80
    sheet = json.loads(status(capsys, "--json", name="between"))["sheet"]
    assert [r["chapter"] for r in sheet["log"]] == ["schoolhouse", "schoolhouse", "ferry-landing"]
    assert sheet["log"][-1]["choices"] == "Elijah Kappel: Hard Hide"  # the answers given so far
    assert sheet["earlier"] is None  # the chapter just played is not an "earlier" one


def test_with_room_to_spare_what_changed_wraps_instead_of_being_cut() -> None:
    pack = get_pack((PACK,))
    camp = saves.parse(FILE.read_text(encoding="utf-8"))
    lines = party.screen_lines(party.party_sheet(pack, camp, None), {}, "Campaign 'autumn'", "Now.", ["Go on."])
    cut = next(line for line in lines if "DEF 1+1+1 (Hard Hide, Oilskin Coat)" in line)
    assert cut.endswith("…")  # four Legends and the log: no room, the line is cut (--json has it all)
    camp.legends = {lid: camp.legends[lid] for lid in ("matthias-geroux", "emily-van-winkle")}
    lines = party.screen_lines(party.party_sheet(pack, camp, None), {}, "Campaign 'autumn'", "Now.", ["Go on."])
    at = next(i for i, line in enumerate(lines) if "DEF 1+1+1 (Hard Hide, Oilskin Coat);" in line)
    assert lines[at].startswith("  changed: HP 9+1 (Hard Hide); DEF")
    assert lines[at + 1] == "    Steady Aim direct 1+1 (Steady Hand)"
    assert len(lines) <= 23 and max(map(len, lines)) <= 80 and not any(line.endswith("…") for line in lines[:at + 2])
