"""CLI habits (clig.dev, click): usage errors exit 2 with 'did you mean', shell completion
of ids, TERM=dumb, the config file's errors and warnings, 'hollow config', the help."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

BIN = Path(sys.executable).parent


def hollow(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ)
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "hollowcli", *args], capture_output=True, text=True,
                          env=full, timeout=120, check=False)


def test_an_unknown_option_of_roll_is_a_usage_error_with_the_closest_option() -> None:
    r = hollow("roll", "3", "--jsn")
    assert r.returncode == 2 and "Did you mean '--json'?" in r.stderr
    assert hollow("roll", "3", "-1", "--seed", "2").returncode == 0  # '-1' is still a modifier


@pytest.mark.parametrize("args", [("attack",), ("odds",), ("leave",), ("spawn",), ("content", "show", "foes")])
def test_missing_required_numbers_or_names_exit_2(args: tuple[str, ...]) -> None:
    r = hollow(*args)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip() and "Traceback" not in r.stderr


def test_did_you_mean_for_chapters_and_singular_kinds(tmp_path: Path) -> None:
    r = hollow("play", "schoolhose", env={"HOLLOW_HOME": str(tmp_path)})
    assert r.returncode == 1 and "did you mean 'schoolhouse'?" in r.stderr
    assert not (tmp_path / "campaigns").exists()  # nothing written
    r = hollow("print", "cards", "legend", "--out", str(tmp_path / "o"))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "o" / "cards-legends.pdf").exists()
    r = hollow("print", "cards", "legnd", "--out", str(tmp_path / "o"))
    assert r.returncode == 2 and "did you mean 'legends'?" in r.stderr


def complete(words: str) -> list[str]:
    parts = words.split(" ")
    env = dict(os.environ, COMP_WORDS=words, COMP_CWORD=str(len(parts) - 1), _HOLLOW_COMPLETE="bash_complete")
    out = subprocess.run([str(BIN / "hollow")], capture_output=True, text=True, env=env, timeout=60, check=False)
    return [line.split(",", 1)[1] for line in out.stdout.splitlines() if "," in line]


@pytest.mark.skipif(not (BIN / "hollow").exists(), reason="the console script is not installed")
def test_shell_completion_of_ids() -> None:
    assert complete("hollow play sch") == ["schoolhouse"]
    assert {"1", "2", "3", "churchyard", "covered-bridge", "schoolhouse"} <= set(complete("hollow play "))
    assert complete("hollow attack --by emi") == ["emily-van-winkle"]
    assert complete("hollow attack --target gob") == ["gobkin"]
    assert "long-shot" in complete("hollow attack --by emily --with l")
    assert complete("hollow rules spaw") == ["spawning"]
    assert complete("hollow content show foes gob") == ["gobkin"]
    assert complete("hollow print deck cov") == ["covered-bridge"]


@pytest.mark.slow  # a terminal (pty)
@pytest.mark.skipif(not (BIN / "hollow").exists(), reason="the console script is not installed")
def test_bash_completes_a_chapter_id_in_a_real_shell(tmp_path: Path) -> None:
    """Tab in a real bash completes a chapter id. Each line is sent only once bash shows its
    prompt (one no output can contain). The completed line is dropped with Ctrl-U, which
    readline reads in turn like any key; a Ctrl-C is a signal: under load bash at times
    drew no new prompt after it, and the 'exit' typed next could be flushed with the input."""
    prompt = "READY> "
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", PS1=prompt, HOME=str(tmp_path))
    sh = pexpect.spawn("bash", ["--norc", "--noprofile"], env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    try:
        sh.expect_exact(prompt)
        sh.sendline('eval "$(_HOLLOW_COMPLETE=bash_source hollow)"')
        sh.expect_exact(prompt)
        sh.send("hollow play cov\t")
        sh.expect_exact("covered-bridge")
        sh.sendcontrol("u")  # readline drops the line typed so far
        sh.sendline("exit")
        sh.expect(pexpect.EOF)
    finally:
        sh.close(force=True)


@pytest.mark.slow  # a terminal (pty)
def test_term_dumb_means_no_colour(tmp_path: Path) -> None:
    def screen(term: str) -> str:
        child = pexpect.spawn(sys.executable, ["-m", "hollowcli", "play", "1", "--seed", "4"], encoding="utf-8",
                              env=dict(os.environ, TERM=term, HOLLOW_HOME=str(tmp_path / term)), timeout=30)
        child.expect("help\\)> ")
        shown = str(child.before)
        child.sendline("quit")
        child.expect(pexpect.EOF)
        return shown

    assert "\x1b[" not in screen("dumb")
    assert "\x1b[" in screen("xterm")


@pytest.mark.slow  # a terminal (pty)
def test_rules_on_a_terminal_go_through_a_pager_with_headings_drawn(tmp_path: Path) -> None:
    pager = tmp_path / "pager.sh"
    seen = tmp_path / "seen.txt"
    pager.write_text(f"#!/bin/sh\ncat > {seen}\n")
    pager.chmod(0o755)
    child = pexpect.spawn(sys.executable, ["-m", "hollowcli", "rules", "spawning"],
                          env=dict(os.environ, PAGER=str(pager), NO_COLOR="1"), encoding="utf-8", timeout=30)
    child.expect(pexpect.EOF)
    text = seen.read_text()
    assert "Spawning\n────────" in text and "## spawning" not in text
    piped = hollow("rules", "spawning")
    assert "## spawning" in piped.stdout  # piped: the markdown as written


def test_rules_text_shows_no_markdown_heading_marks_outside_the_headings() -> None:
    """The preamble said "`## readings` says what we chose": on a terminal that showed as a
    raw '## readings' in the middle of a sentence."""
    from hollowcli.commands.table import _heading, _render_markdown
    from hollowcli.table.rules import rules

    report = rules()
    shown = _render_markdown(report.text(_heading))
    assert "##" not in shown
    assert "hollow rules readings" in " ".join(shown.split())  # how to get to them instead
    piped = hollow("rules").stdout
    assert [line for line in piped.splitlines() if "##" in line and not line.startswith("## ")] == []


def test_hollow_config_names_a_missing_file_as_an_error_and_warns_about_unknown_keys(tmp_path: Path) -> None:
    r = hollow("roll", env={"HOLLOW_CONFIG": str(tmp_path / "nope.toml")})
    assert r.returncode == 1 and "HOLLOW_CONFIG names" in r.stderr and "does not exist" in r.stderr
    cfg = tmp_path / "config.toml"
    cfg.write_text('papr = "a4"\npaper = "a4"\n')
    r = hollow("roll", "2", "--seed", "1", env={"HOLLOW_CONFIG": str(cfg)})
    assert r.returncode == 0 and "Total" in r.stdout
    assert "unknown setting 'papr'" in r.stderr and "did you mean 'paper'?" in r.stderr
    shown = hollow("config", env={"HOLLOW_CONFIG": str(cfg)})
    assert shown.returncode == 0 and str(cfg) in shown.stdout and "paper    = 'a4'" in shown.stdout
    doc = json.loads(hollow("config", "--json", env={"HOLLOW_CONFIG": str(cfg)}).stdout)
    assert doc["path"] == str(cfg) and doc["settings"]["paper"] == "a4" and doc["from"] == "HOLLOW_CONFIG"


def test_hollow_config_reports_a_paper_it_cannot_print_on_instead_of_failing(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text('paper = "A5"\n')
    env = {"HOLLOW_CONFIG": str(cfg), "NO_COLOR": "1"}
    shown = hollow("config", env=env)
    assert shown.returncode == 1
    assert str(cfg) in shown.stdout and "paper    = 'a5'  (not a paper size: letter or a4)" in shown.stdout
    assert "Environment:" in shown.stdout  # the whole report, not just the error
    assert shown.stderr == f"hollow: the config file {cfg}: paper must be one of letter, a4, not 'a5'\n"
    doc = json.loads(hollow("config", "--json", env=env).stdout)
    assert doc["settings"]["paper"] == "a5" and len(doc["problems"]) == 1
    printed = hollow("print", "reference", "--out", str(tmp_path / "o"), env=env)  # the others still stop
    assert printed.returncode == 1 and "paper must be one of letter, a4" in printed.stderr


def test_hollow_config_reports_content_folders_that_do_not_exist(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    cfg = tmp_path / "config.toml"
    cfg.write_text('content = ["mine", "gone"]\n')
    env = {"HOLLOW_CONFIG": str(cfg), "HOLLOW_CONTENT": str(tmp_path / "lost"), "NO_COLOR": "1"}
    shown = hollow("config", env=env)
    assert shown.returncode == 1
    packs = next(line for line in shown.stdout.splitlines() if line.startswith("Content packs"))
    assert f"{tmp_path / 'mine'}," in packs and f"{tmp_path / 'gone'} (missing)" in packs
    assert f"{tmp_path / 'lost'} (missing)" in packs
    lines = shown.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith("hollow: the content folder ") for line in lines)
    assert f"{tmp_path / 'gone'} (from the config file's 'content' list) does not exist" in lines[0]
    assert f"remove it from the 'content' list of {cfg}" in lines[0]
    assert f"{tmp_path / 'lost'} (from HOLLOW_CONTENT) does not exist" in lines[1]
    cfg.write_text('content = ["mine"]\n')
    fine = hollow("config", env={"HOLLOW_CONFIG": str(cfg)})
    assert fine.returncode == 0 and fine.stderr == ""


def test_help_lists_the_environment_variables_and_no_stale_text() -> None:
    from hollowcli.config import ENV_VARS

    out = hollow("--help").stdout
    for name in ENV_VARS:
        assert name in out
    assert "needs pypdfium2" not in hollow("print", "cards", "--help").stdout


def test_json_dice_is_a_list_everywhere_and_at_least_starts_at_0() -> None:
    odds = json.loads(hollow("odds", "--dice", "2", "--json").stdout)
    assert odds["dice_count"] == 2 and "dice" not in odds
    assert odds["at_least"]["0"] == 1.0 and set(odds["at_least"]) == {"0", "1", "2", "3", "4"}
    for args in (("roll", "2"), ("attack", "--dice", "2"), ("leave", "--foes", "2")):
        doc = json.loads(hollow(*args, "--json", "--seed", "1").stdout)
        assert isinstance(doc["dice"], list) and len(doc["dice"]) == 2
