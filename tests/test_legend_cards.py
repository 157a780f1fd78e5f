"""``hollow print cards legends --campaign NAME`` (issue 19 item 4, plan §7): the Legend cards
of a saved campaign's grown Legends.

``tests/saves/party-autumn.json`` is a layout-6 campaign over ``tests/packs/campaign``: four
grown Legends (Matthias: Steady Hand, Hard Hide, the Oilskin Coat worn; Emily: The Hunter's
path with the locked Piercing Shot, Keen Eye, Brave Heart, the Mourning Coat worn).

Without ``--campaign`` the Legend cards must not change by one byte: their faces (what the
template makes, which the layout then draws) are kept in ``tests/golden/legend-faces.txt``,
written from the code before this feature (``python tests/test_legend_cards.py --regen``
rewrites it: only on purpose, for example once the content's Legends change);
``benchmarks/print_digest.py`` checks the PDF bytes themselves.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import keep_campaign, one_sentence, run_in_process

HERE = Path(__file__).resolve().parent
PACK = HERE / "packs" / "campaign"
FILE = HERE / "saves" / "party-autumn.json"
FACES = HERE / "golden" / "legend-faces.txt"


def _kept(name: str = "autumn", edit: Any = None) -> None:
    """The kept campaign file as campaign ``name`` (``edit(doc)`` changes it first)."""
    keep_campaign(FILE, name, edit)


def _pdf_text(path: Path) -> str:
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    return " ".join(" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf)))


def _print(capsys: pytest.CaptureFixture[str], out: Path, *args: str) -> tuple[int, str, str]:
    return run_in_process(capsys, "print", *args, "--content", str(PACK), "--out", str(out))


def _card(text: str, name: str, until: str) -> str:
    """One card's text: from its Legend's name to the next card's (or the end)."""
    start = text.index(name)
    end = text.find(until, start + len(name)) if until else -1
    return text[start:end] if end > 0 else text[start:]


def test_the_grown_numbers_and_a_line_per_source(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _kept()
    code, out, err = _print(capsys, tmp_path, "cards", "legends", "--campaign", "autumn")
    assert code == 0 and err == "", err
    assert "cards-legends.pdf" in out
    matthias = _card(_pdf_text(tmp_path / "cards-legends.pdf"), "Matthias Geroux", "Elijah Kappel")
    # health 9 +1 Hard Hide; defense 1 +1 Hard Hide +1 Oilskin Coat; the stat line is the grown one
    assert "War Veteran · attack priority 2 ♥ 10 ◈ 3 ➜ 2 ● 4" in matthias
    assert "Steady Aim (1●): 3⚄ +2✶" in matthias  # direct 1 +1 Steady Hand
    assert "Grown: • Steady Hand: Steady Aim: +1 direct damage • Hard Hide: +1 health, +1 defense " \
           "• Oilskin Coat: +1 defense" in matthias
    assert "Relic: Bone Charm" in matthias  # the relic he carries in the campaign, not the pack's
    assert "campaign autumn" in matthias
    jeremiah = _card(_pdf_text(tmp_path / "cards-legends.pdf"), "Jeremiah Pincke", "Matthias Geroux")
    assert "Attack: 3⚄" in jeremiah and "Iron Fist: basic attack: +1 die" in jeremiah


def test_a_locked_skill_is_marked_until_the_campaign_unlocks_it(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    _kept()
    _print(capsys, tmp_path / "locked", "cards", "legends", "--campaign", "autumn")
    emily = _card(_pdf_text(tmp_path / "locked" / "cards-legends.pdf"), "Emily Van Winkle", "")
    assert "☐ Piercing Shot (2●, locked)" in emily and "The Hunter: gains Piercing Shot" in emily

    def unlock(doc: dict[str, Any]) -> None:
        doc["growth"]["emily-van-winkle"]["unlocked"] = ["piercing-shot"]

    _kept("freed", unlock)
    _print(capsys, tmp_path / "freed", "cards", "legends", "--campaign", "freed")
    emily = _card(_pdf_text(tmp_path / "freed" / "cards-legends.pdf"), "Emily Van Winkle", "")
    assert "• Piercing Shot (2●): 3⚄ +1✶" in emily and "locked" not in emily and "☐" not in emily


def test_without_a_campaign_the_card_is_the_packs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _kept()
    code, _, err = _print(capsys, tmp_path, "cards", "legends")
    assert code == 0 and err == ""
    matthias = _card(_pdf_text(tmp_path / "cards-legends.pdf"), "Matthias Geroux", "Elijah Kappel")
    assert "♥ 9 ◈ 1 ➜ 2 ● 4" in matthias and "Steady Aim (1●): 3⚄ +1✶" in matthias
    assert "Grown" not in matthias and "campaign" not in matthias


def _faces() -> str:
    from hollowcli.commands.common import get_pack
    from hollowcli.render.geometry import make_spec
    from hollowcli.render.stat_cards import cards_group

    pack = get_pack([])
    return "".join(f"{size} {(job.key, job.body_floor, job.face)!r}\n"
                   for size in ("poker", "mini", "tarot")
                   for job in cards_group(pack, "legends", make_spec("letter", size)).jobs())


def test_without_a_campaign_the_built_in_legend_faces_are_unchanged() -> None:
    assert _faces() == FACES.read_text(encoding="utf-8")


def test_the_grown_cards_fit_at_8_5_pt_and_are_the_same_bytes_twice(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    from pypdf import PdfReader

    from hollowcli.commands.common import get_pack
    from hollowcli.play import saves as store
    from hollowcli.render.geometry import compute_layout, make_spec
    from hollowcli.render.sheet import _copies, one_size_per_kind
    from hollowcli.render.stat_cards import CampaignGrowth, cards_group

    _kept()
    for out in ("one", "two"):
        code, _, err = _print(capsys, tmp_path / out, "cards", "legends", "--campaign", "autumn", "--paper", "a4")
        assert code == 0 and err == "", err  # no "does not fit" warning
    one, two = (tmp_path / d / "cards-legends.pdf" for d in ("one", "two"))
    assert one.read_bytes() == two.read_bytes()
    fonts = [f.get_object() for p in PdfReader(str(one)).pages for f in p["/Resources"]["/Font"].values()]
    assert fonts and all("/FontFile2" in f["/FontDescriptor"].get_object() for f in fonts)
    camp = store.load("autumn")
    grown = CampaignGrowth("autumn", camp.growth)
    for size in ("poker", "tarot", "mini"):
        layout = compute_layout(make_spec("letter", size))
        warnings: list[str] = []
        batch = list(_copies(cards_group(get_pack([str(PACK)]), "legends", layout.spec, campaign=grown).jobs(),
                             layout, warnings))
        faces = one_size_per_kind(batch, layout)
        assert all(ff.sizes["body"] >= 8.5 for ff in faces), size  # never below the house's 8.5 pt
        if size == "mini":  # too small for four grown Legends at 8.5 pt: cut short, said, never shrunk further
            assert warnings and all("does not fit even at 8.5 pt" in w for w in warnings), warnings
        else:
            assert not warnings and not any(ff.overflow for ff in faces), (size, warnings)


def test_descriptions_stay_where_the_card_has_room(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _kept()
    for size in ("poker", "tarot"):
        _print(capsys, tmp_path / size, "cards", "legends", "--campaign", "autumn", "--size", size)
    poker, tarot = (_card(_pdf_text(tmp_path / d / "cards-legends.pdf"), "Matthias Geroux", "Elijah Kappel")
                    for d in ("poker", "tarot"))
    assert "One long breath" in tarot and "One long breath" not in poker  # Steady Aim's description
    assert "Steady Hand: Steady Aim: +1 direct damage" in poker and "Steady Hand: Steady Aim: +1 direct" in tarot


def test_the_kit_takes_the_campaign_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _kept()
    code, _, err = _print(capsys, tmp_path, "kit", "--campaign", "autumn", "--no-mix")
    assert code == 0 and "warning" not in err, err  # stderr has the progress bar
    assert "Steady Hand: Steady Aim: +1 direct damage" in _pdf_text(tmp_path / "cards-legends.pdf")
    assert "Grown" not in _pdf_text(tmp_path / "cards-foes.pdf")


@pytest.mark.parametrize("args, words", [
    (("cards", "legends", "--campaign", "nope"), "there is no saved campaign named 'nope'; 'hollow campaign list'"),
    (("kit", "--campaign", "nope"), "'hollow campaign list' shows the campaigns"),
    (("cards", "foes", "--campaign", "autumn"), "--campaign autumn grows the Legend cards only"),
    (("cards", "legends", "--campaign", "gone"),
     "the campaign gave elijah-kappel the upgrade 'lost-upgrade', which the content no longer has"),
])
def test_bad_campaigns_are_one_sentence_and_nothing_is_written(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                               args: tuple[str, ...], words: str) -> None:
    _kept()

    def gone(doc: dict[str, Any]) -> None:
        doc["growth"]["elijah-kappel"]["upgrades"] = ["hard-hide", "lost-upgrade"]

    _kept("gone", gone)
    out = tmp_path / "out"
    code, _, err = _print(capsys, out, *args)
    assert code != 0 and one_sentence(err) and words in err, err
    assert not out.exists() or list(out.iterdir()) == []


if __name__ == "__main__" and sys.argv[1:] == ["--regen"]:
    FACES.write_text(_faces(), encoding="utf-8")
