"""Cards an event adds to the chapter deck (``deck: {add: ID, copies: N}``) are printed with
the deck, marked "set aside" on their face, and the setup sheet says to keep them out: a
``copies: 0`` card is in no deck at setup, but the players need the physical card when the
event shuffles it in. A chapter whose events add no card prints as before."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from hollowcli.cli import cli
from hollowcli.pack.loader import load_pack
from hollowcli.render.deck import set_aside

PACK = Path(__file__).parent / "packs" / "keepers-field"
MARK = "Set aside: not in the deck at setup; an event adds it."

CHOICES = """\
chapters:
  choices:
    name: The Choices
    number: 31
    map: |
      #######
      #1.S.2#
      #######
    features: {S: start}
    track: [[move, attack], {actions: [spawn], card: draw}]
    spawn_list: [[{foe: gobkin, count: 1}]]
    objective: {kind: survive, rounds: 4}
    cards:
      - {id: owl, title: The Owl, copies: 1, effect: {calm: 1}, text: It watches.}
      - {id: lantern, title: A Lantern Far Off, copies: 0, effect: {heal: 1}, text: Someone is coming.}
      - {id: forgotten, title: Forgotten, copies: 0, effect: {fear: 1}, text: No event adds it.}
    events:
      - {id: dusk, when: {round_start: 2}, do: [{deck: {add: owl}}]}
      - {id: fork, when: {round_start: 3}, do: [{choose: {prompt: Which way?, options: [
           {label: Left, do: [{deck: {add: lantern, copies: 2}}]},
           {label: Right, auto: true, do: [{deck: {add: lantern, copies: 3}}, {deck: {add: owl}}]}]}}]}
      - {id: late, when: {round_end: every}, once: false, do: [{deck: {add: lantern}}]}
"""


def _texts(path: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    try:
        return [" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(len(doc))]
    finally:
        doc.close()


def _print(*args: str) -> dict[str, object]:
    res = CliRunner().invoke(cli, ["print", *args, "--json"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)  # type: ignore[no-any-return]


def test_what_the_events_add_is_counted_per_card_and_a_choice_by_its_largest_option(tmp_path: Path) -> None:
    (tmp_path / "choices.yaml").write_text(CHOICES, encoding="utf-8")
    chapter = load_pack([tmp_path], use_cache=False).chapters["choices"]
    # owl: 1 (dusk) + 1 (the Right option); lantern: 3 (the larger option) + 1 (an event that
    # may fire again counts once); 'forgotten' no event adds, so it is not printed at all.
    assert set_aside(chapter) == {"owl": 2, "lantern": 4}


def test_the_deck_prints_the_set_aside_cards_marked(tmp_path: Path) -> None:
    doc = _print("deck", "16", "--content", str(PACK), "--out", str(tmp_path))
    files = doc["files"]
    assert isinstance(files, list) and files[0]["cards"] == 2 + 1 + 2  # Grave Wind 2, Crows 1, the Bell 0 + 2 set aside
    text = " ".join(_texts(tmp_path / "deck-keepers-field.pdf"))
    assert text.count(MARK) == 2
    assert text.count("The Keeper's Bell Chapter 16 · The Keeper's Field sample card · 2 set aside " + MARK) == 2
    assert text.count("Grave Wind Chapter 16 · The Keeper's Field sample card · 2 in the deck A wind") == 2


def test_a_card_in_the_deck_that_an_event_adds_more_of_gets_both_faces(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "choices.yaml").write_text(CHOICES, encoding="utf-8")
    doc = _print("deck", "31", "--content", str(pack), "--out", str(tmp_path / "o"))
    files = doc["files"]
    assert isinstance(files, list) and files[0]["cards"] == 1 + 2 + 4
    text = " ".join(_texts(tmp_path / "o" / "deck-choices.pdf"))
    assert text.count("The Owl Chapter 31 · The Choices It watches.") == 1  # its copy in the deck, unmarked
    assert text.count("The Owl Chapter 31 · The Choices 2 set aside " + MARK) == 2
    assert text.count("A Lantern Far Off") == 4 and text.count(MARK) == 6
    assert "Forgotten" not in text


def test_the_setup_sheet_says_which_cards_to_set_aside(tmp_path: Path) -> None:
    _print("setup", "16", "--content", str(PACK), "--out", str(tmp_path))
    text = " ".join(_texts(tmp_path / "setup-keepers-field.pdf"))
    assert "Set aside (printed with the deck, marked “set aside”; an event adds them): 2× The Keeper's Bell." in text


@pytest.mark.parametrize("what", ["deck", "setup"])
def test_a_chapter_whose_events_add_no_card_has_nothing_set_aside(tmp_path: Path, what: str) -> None:
    _print(what, "17", "--content", str(PACK), "--out", str(tmp_path))
    text = " ".join(_texts(next(tmp_path.iterdir())))
    assert "set aside" not in text.lower()
