"""Pack templates are code from outside (issue 12 part 3): their time, the size of what
they build, the files they read and the markup they write are all bounded; each breach is
one sentence naming the template, within seconds."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from cli_helpers import one_sentence
from cli_helpers import run_in_process as hollow

from hollowcli.render import markup, sandbox


def print_foes(capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str) -> tuple[int, str, float]:
    pack = tmp_path / "pack"
    (pack / "templates").mkdir(parents=True, exist_ok=True)
    (pack / "templates" / "foe.card.j2").write_text("@title {{ foe.name }}\n@body\n" + body + "\n")
    began = time.monotonic()
    code, _, err = hollow(capsys, "print", "cards", "foes", "--content", str(pack), "--out", str(tmp_path / "out"))
    return code, err, time.monotonic() - began


@pytest.fixture()
def quick_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "RENDER_SECONDS", 1.0)


def test_nested_loops_are_stopped_by_the_deadline(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  quick_deadline: None) -> None:
    code, err, took = print_foes(capsys, tmp_path, "{% for i in range(100000) %}{% for j in range(100000) %}"
                                                   "{% endfor %}{% endfor %}")
    assert code == 1 and one_sentence(err), err
    assert "foe.card.j2" in err and "ran for more than 1 seconds" in err
    assert took < 30


def test_nested_loops_that_print_are_stopped_by_the_output_size(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    code, err, _ = print_foes(capsys, tmp_path, "{% for i in range(100000) %}{% for j in range(100000) %}"
                                                "x{% endfor %}{% endfor %}")
    assert code == 1 and one_sentence(err), err
    assert "foe.card.j2" in err and f"at most {markup.MAX_CARD_TEXT}" in err


@pytest.mark.parametrize("body", [
    "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}",
    "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
    "{% set ns = namespace(s=[1]) %}{% for i in range(64) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
    "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s %}{{ ns.s }}{{ ns.s }}{% endset %}"
    "{% endfor %}",
    "{{ 'x' * 10**9 }}",
    "{{ ['x'] * 10**9 }}",
    "{{ 'x'|center(10**9) }}",
    "{{ 'x'.ljust(10**9) }}",
    "{{ '%0999999999d' % 1 }}",
    "{{ '{:>999999999}'.format(1) }}",
    "{{ 10 ** 100000000 }}",
    "{% set s = 'x' * 90000 %}{{ s|replace('x', s) }}",
    "{% set s = 'x' * 90000 %}{{ s.replace('x', s) }}",
])
def test_a_template_cannot_build_huge_values(capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str) -> None:
    code, err, took = print_foes(capsys, tmp_path, body)
    assert code == 1 and one_sentence(err), err
    assert "foe.card.j2" in err
    assert took < 30


def test_a_self_appending_list_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, err, _ = print_foes(capsys, tmp_path, "{% set l = [1] %}{% for x in l %}{{ l.append(x) }}{% endfor %}")
    assert code == 1 and one_sentence(err), err
    assert "foe.card.j2" in err


@pytest.mark.parametrize("tag", ['<onDraw name="x" label="y"/>', '<img src="/etc/passwd"/>', "<a href='x'>link</a>",
                                 '<font name="x" onclick="y">z</font>', "<b"])
def test_template_markup_is_limited_to_our_own_tags(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    tag: str) -> None:
    code, err, _ = print_foes(capsys, tmp_path, f"Beware {tag} here.")
    assert code == 1 and one_sentence(err), err
    assert "foe.card.j2" in err


def test_our_own_tags_and_entities_still_print(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, err, _ = print_foes(capsys, tmp_path, '<b>Bold</b> <i>it</i> <font color="#b3261e">red</font>&#160;{{ foe.health }}')
    assert code == 0, err


def test_an_include_that_links_outside_the_pack_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("the private key")
    pack = tmp_path / "pack"
    (pack / "templates").mkdir(parents=True)
    (pack / "templates" / "leak.txt").symlink_to(secret)
    code, err, _ = print_foes(capsys, tmp_path, "{% include 'leak.txt' %}")
    assert code == 1 and one_sentence(err), err
    assert "leak.txt" in err and "outside" in err and "the private key" not in err
    # a linked template inside the pack is fine
    (pack / "templates" / "leak.txt").unlink()
    (pack / "part.txt").write_text("Shared words.")
    (pack / "templates" / "leak.txt").symlink_to(pack / "part.txt")
    code, err, _ = print_foes(capsys, tmp_path, "{% include 'leak.txt' %}")
    assert code == 0, err


def test_a_rules_md_linked_outside_the_pack_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("## secret\n\nthe private key\n")
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "rules.md").symlink_to(secret)
    for args in (("rules", "--content", str(pack)),
                 ("print", "reference", "--content", str(pack), "--out", str(tmp_path / "out"))):
        code, out, err = hollow(capsys, *args)
        assert code == 1 and one_sentence(err), err
        assert "outside its pack folder" in err and "the private key" not in out + err
