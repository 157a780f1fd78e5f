"""The keeper's guide on paper: ``hollow print guide CHAPTER`` (and ``--all``) prints every
event of a scripted chapter in words, in file order, with its box(es), the token kinds the
chapter uses and its setup tokens; ``hollow print kit`` leaves it out unless ``--guide``.

The chapter is tests/packs/keepers-field: every trigger, condition, event effect and token
property, and a chapter with no script (which has no guide). The built-in chapters are not
used: whether they have events is theirs to change."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from cli_helpers import one_sentence, run_in_process
from click.testing import CliRunner

from hollowcli.cli import cli
from hollowcli.pack.effects import EFFECTS, choose_parts
from hollowcli.pack.loader import load_pack
from hollowcli.pack.script import CONDITIONS, TRIGGERS
from hollowcli.pack.tokens import kind_words
from hollowcli.pack.vocab import Effect
from hollowcli.pack.words import plain
from hollowcli.render.geometry import MM, PAPER_SIZES, make_spec
from hollowcli.render.guide import BOX, REPEAT_BOXES
from hollowcli.render.kit import kit_plan
from hollowcli.render.layout import PAGE_MARGIN_MM
from hollowcli.render.markup import ICONS

PACK = Path(__file__).parent / "packs" / "keepers-field"
CHAPTER = "keepers-field"


def _pages(path: Path) -> list[str]:
    """Each page's text as pypdfium2 extracts it, with its whitespace made single spaces."""
    doc = pdfium.PdfDocument(str(path))
    try:
        return [" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(len(doc))]
    finally:
        doc.close()


def _flat(text: str) -> str:
    return " ".join(text.split())


def _printed(markup: str) -> str:
    """Printed words as the PDF's text has them: each ``{icon}`` its glyph, no marks."""
    return plain(re.sub(r"\{([a-z]+)\}", lambda m: ICONS[m.group(1)][0] if m.group(1) in ICONS else m.group(0), markup))


def _run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args))
    return res.exit_code, res.output


@pytest.fixture(scope="module")
def pack():  # type: ignore[no-untyped-def]
    return load_pack([PACK], use_cache=False)


@pytest.fixture(scope="module")
def guide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("guide")
    code, text = _run("print", "guide", "16", "--content", str(PACK), "--out", str(out))
    assert code == 0, text
    assert "guide-keepers-field.pdf" in text and "Print at 100%" in text
    return out / "guide-keepers-field.pdf"


def test_the_guide_tells_every_event_in_words_in_file_order(guide: Path, pack) -> None:  # type: ignore[no-untyped-def]
    chapter = pack.chapters[CHAPTER]
    text = " ".join(_pages(guide))
    at = 0
    for ev in chapter.events:
        often = "(fires once)" if ev.once else "(fires every time)"
        start = text.find(f" {ev.id} {often}", at)
        assert start > at, f"event {ev.id!r} is missing or out of the chapter's order"
        end = min((i for i in (text.find(f" {e.id} (fires", start + 1) for e in chapter.events) if i > start),
                  default=len(text))
        block = text[start:end]
        said = [f"When {_printed(TRIGGERS[ev.when.kind].words(pack, chapter, ev.when.value))}."]
        said += [_printed(CONDITIONS[c.kind].words(pack, chapter, c)) for c in ev.conditions]
        said += [ev.text] if ev.text else []
        for n, st in enumerate(ev.do, 1):
            if st.effect == Effect.CHOOSE:
                prompt, options = choose_parts(pack, st.value)
                said.append(f"{n}. {_printed(prompt)}")
                said += [("or " if i else "") + _printed(o) for i, o in enumerate(options)]
            else:
                said.append(f"{n}. {_printed(EFFECTS[st.effect].words(pack, st.value))}")
        for words in said:
            assert _flat(words) in block, (ev.id, words)
        at = start
    # What a keeper reads, said plainly (a wrong trigger, condition or choice reads otherwise).
    assert "When the storybook token's spot 2 resolves. Only if the board holds at most 2 foes" in text
    assert "1. The players choose: “The keeper's salt is still dry. Where do you pour it?” " \
           "1. Round the grave: Place a Magic ward token on F4 " \
           "or 2. Across the north gate (the automatic choice): ▦ Barricade spawn point 1" in text
    assert "Read out: The last stone cracks" in text and "until the bell stops." in text
    assert "Objective at the start: Reach the goal 'stones broken' within 9 rounds" in text


def test_each_event_has_one_box_or_a_row_of_boxes(guide: Path, pack) -> None:  # type: ignore[no-untyped-def]
    events = pack.chapters[CHAPTER].events
    once = sum(1 for ev in events if ev.once)
    again = len(events) - once
    assert once and again
    assert " ".join(_pages(guide)).count(BOX) == once + REPEAT_BOXES * again


def test_the_guide_says_what_each_token_kind_does_and_where_the_setup_puts_it(guide: Path, pack) -> None:  # type: ignore[no-untyped-def]
    text = " ".join(_pages(guide))
    tokens = text[text.index("Tokens"):text.index("Events")]
    own = [k for k in pack.tokens.values() if "keepers-field" in pack.origins.get(f"tokens/{k.id}", "")]
    assert len(own) >= 9
    for kind in own:  # the chapter uses every kind of its pack: setup, events, triggers
        assert _flat(kind_words(pack, kind)) in tokens, kind.id
    assert "Cellar hatch" not in tokens  # a built-in kind this chapter never uses is not listed
    assert "Tombstone: heroes may attack it (3 health, defense 1); at 0 it is destroyed. At setup: D2, H2, H6." in tokens
    assert "Loose earth:" in tokens and "At setup: C3, I5." in tokens
    assert "Bait: draws the foes that go for the closest hero. Only the events place it." in tokens
    assert "A ring of dry salt poured by a steady hand." in tokens  # the kind's own text


def test_the_guide_is_print_ready(guide: Path) -> None:
    from pypdf import PdfReader

    reader = PdfReader(str(guide))
    w, h = PAPER_SIZES["letter"]
    pages = _pages(guide)
    assert len(pages) >= 2  # the chapter flows over pages
    for n, (page, words) in enumerate(zip(reader.pages, pages), 1):
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (round(w * MM), round(h * MM))
        assert f"guide-keepers-field · page {n}" in words and "must measure 50 mm" in words
        for font in page["/Resources"]["/Font"].values():
            desc = font.get_object()
            fonts = [desc] + [d.get_object() for d in desc.get("/DescendantFonts", [])]
            assert any("/FontFile2" in f.get("/FontDescriptor", {}) for f in fonts), desc["/BaseFont"]
    assert reader.metadata["/Title"].endswith("keeper's guide")
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_the_same_chapter_by_id_gives_the_same_bytes(guide: Path, tmp_path: Path) -> None:
    code, text = _run("print", "guide", CHAPTER, "--content", str(PACK), "--out", str(tmp_path))
    assert code == 0, text
    assert (tmp_path / "guide-keepers-field.pdf").read_bytes() == guide.read_bytes()


def test_a_long_text_flows_over_pages_inside_the_margins(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    story = " ".join(f"Line {n} of the keeper's long tale, told slowly by the fire." for n in range(1, 181))
    story += " Literal: <b>5 < 6 & @x</b>."  # content text is text, never markup
    source = (PACK / "keepers-field.yaml").read_text(encoding="utf-8")
    (pack / "long.yaml").write_text(source.replace("text: \"The last stone cracks", f"text: \"{story} The last stone cracks"),
                                    encoding="utf-8")
    code, text = _run("print", "guide", CHAPTER, "--content", str(pack), "--out", str(tmp_path / "o"))
    assert code == 0, text
    path = tmp_path / "o" / "guide-keepers-field.pdf"
    joined = " ".join(page.split(" guide-keepers-field · page")[0] for page in _pages(path))  # no page labels
    assert all(f"Line {n} of the keeper's long tale, told slowly" in joined for n in range(1, 181))  # nothing lost
    assert "Literal: <b>5 < 6 & @x</b>. The last stone cracks" in joined
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) >= 5
        for page in pdf.pages:
            body = [w for w in page.extract_words() if w["text"] != "·" and not w["text"].startswith("guide-")]
            body = [w for w in body if w["bottom"] < page.height - 12 * MM]  # not the label and ruler line
            assert body, "no page is left empty"
            assert min(w["top"] for w in body) >= PAGE_MARGIN_MM * MM - 1
            assert max(w["bottom"] for w in body) <= page.height - PAGE_MARGIN_MM * MM + 1, page.page_number


def test_all_prints_every_scripted_chapter_and_no_other(tmp_path: Path) -> None:
    code, text = _run("print", "guide", "--all", "--content", str(PACK), "--out", str(tmp_path))
    assert code == 0, text
    joined = " ".join(_pages(tmp_path / "guide.pdf"))
    assert "Chapter 16: The Keeper's Field" in joined and "The Quiet Acre" not in joined
    assert [p.name for p in tmp_path.iterdir()] == ["guide.pdf"]


@pytest.mark.parametrize("args, says", [
    (["zzz-no-such-chapter"], "zzz-no-such-chapter"),
    (["quiet-acre"], "chapter 17 (quiet-acre) has no events and no setup tokens, so it has no keeper's guide; "
                     "the chapters with one: "),
    ([], "say which chapter's keeper's guide to print"),
    (["16", "--all"], "not both"),
])
def test_no_guide_to_print_is_one_sentence_and_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              args: list[str], says: str) -> None:
    code, _, err = run_in_process(capsys, "print", "guide", *args, "--content", str(PACK), "--out", str(tmp_path / "o"))
    assert code != 0 and one_sentence(err) and says in err, err
    if "the chapters with one" in says:
        assert "16 (keepers-field)" in err and "17 (quiet-acre)" not in err.split("with one:")[1]
    assert not (tmp_path / "o").exists() or not list((tmp_path / "o").iterdir())


def test_content_without_a_scripted_chapter_has_no_guide(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    unscripted = Path(__file__).parent.parent / "benchmarks" / "packs" / "unscripted"
    code, _, err = run_in_process(capsys, "print", "guide", "--all", "--content", str(unscripted), "--out", str(tmp_path))
    assert code != 0 and one_sentence(err) and "no chapter of the content has events or setup tokens" in err, err


def test_the_kit_plan_has_the_guide_only_when_asked(pack) -> None:  # type: ignore[no-untyped-def]
    spec = make_spec("letter", "poker", 0.0, "long", None, 0.0, False, None)
    assert "guide.pdf" not in [p.filename for p in kit_plan(pack, spec)]
    assert "guide.pdf" not in [p.filename for p in kit_plan(pack, spec, mix=False)]
    names = [p.filename for p in kit_plan(pack, spec, guide=True)]
    assert names[-1] == "guide.pdf"  # after the setup sheets and spawn tables; the index follows it


def test_the_kit_prints_the_guide_with_guide_and_the_index_lists_it(tmp_path: Path) -> None:
    code, text = _run("print", "kit", "--guide", "--backs", "none", "--content", str(PACK),
                      "--out", str(tmp_path), "--json")
    assert code == 0, text
    files = {Path(f["path"]).name: f for f in json.loads(text[text.index("{"):])["files"]}
    assert files["guide.pdf"]["kind"] == "guide" and "index.pdf" in files
    joined = " ".join(_pages(tmp_path / "guide.pdf"))
    assert "Chapter 16: The Keeper's Field" in joined and "The Quiet Acre" not in joined
    index = " ".join(_pages(tmp_path / "index.pdf"))
    assert "guide.pdf" in index and "spoils the story" in index
    kit_guide = (tmp_path / "guide.pdf").read_bytes()  # 'print guide --all' writes the kit's very file
    code, text = _run("print", "guide", "--all", "--content", str(PACK), "--out", str(tmp_path))
    assert code == 0 and (tmp_path / "guide.pdf").read_bytes() == kit_guide


def test_the_kit_says_so_when_asked_for_a_guide_no_chapter_has(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    unscripted = Path(__file__).parent.parent / "benchmarks" / "packs" / "unscripted"
    code, _, err = run_in_process(capsys, "print", "kit", "--guide", "--backs", "none", "--content", str(unscripted),
                                  "--out", str(tmp_path))
    assert code == 0 and "no chapter has events or setup tokens, so the kit has no keeper's guide" in err
    assert not (tmp_path / "guide.pdf").exists() and (tmp_path / "index.pdf").exists()
