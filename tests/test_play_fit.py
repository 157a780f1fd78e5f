"""What an 80x24 terminal shows at each `hollow play` prompt: every number the prompt accepts
is on the screen or named there by a hint; a number typed that was not shown is said and
asked about before anything is done; the last step's rulings stay in view with the board;
rulings longer than the terminal wait for Enter before the first ones leave the screen."""

from __future__ import annotations

import os
import random
import re
import sys

import pexpect
import pytest
from click.testing import CliRunner

from hollowcli import engine
from hollowcli.cli import cli
from hollowcli.pack.loader import load_pack
from hollowcli.play import combos, saves, screen, view

HINT = re.compile(r"\(?([\d, -]+): (?:type 'choices'\)|\d+ more(?: two-step)? choices? \('choices' lists them\))")


def _numbers(spans: str) -> set[int]:
    out: set[int] = set()
    for part in spans.split(","):
        a, _, b = part.strip().partition("-")
        out.update(range(int(a), int(b or a) + 1))
    return out


def read_choices(lines: list[str], status_at: int) -> tuple[set[int], set[int]]:
    """The choice numbers a player can read on the screen (below the status line), and the
    numbers a hint names as left out."""
    shown: set[int] = set()
    named: set[int] = set()
    for line in lines[status_at + 1 :]:
        hint = HINT.search(line)
        if hint:
            named |= _numbers(hint.group(1))
            line = line[: hint.start()]
        single = re.match(r"^ +(\d+)\. ", line)
        if single:
            shown.add(int(single.group(1)))
            continue
        indent = len(line) - len(line.lstrip())
        if indent >= 4 and not line.lstrip()[:1].isdigit():  # the wrapped tail of a numbered choice
            continue
        body = re.sub(r"\([^)]*\)|\[[^\]]*\]", "", line)  # (2 dice, +1 direct), [attack 1]
        body = body.split(":", 1)[1] if ":" in body else body  # a row's head: 'Long Shot:', 'Next Legend:'
        shown.update(int(n) for n in re.findall(r"(?:^|\s)(\d+) (?=\S)", body))
    return shown, named


def decision_points(chapters: list[str], seeds: range):  # type: ignore[no-untyped-def]
    """(state, actions, two-step choices) at every decision of seeded --auto games."""
    pack = load_pack(())
    for chapter in chapters:
        for seed in seeds:
            state = engine.new_game(pack, chapter)
            rng, policy = random.Random(seed), random.Random(seed + 100)
            for _ in range(300):
                if state.result is not None:
                    break
                actions = list(engine.legal_actions(state))
                yield state, actions, combos.combos(state, actions)
                state, _ = engine.apply(state, engine.auto_action(state, policy), rng)


@pytest.mark.parametrize(("rows", "keep"), [(23, 0), (23, 5), (15, 0)])
def test_every_number_the_prompt_accepts_is_on_the_screen_or_named_by_a_hint(rows: int, keep: int) -> None:
    """Every decision of three seeded games of each shipped chapter: the screen fits, and the
    numbers 1..N the prompt accepts are each read on it or named by its hint line (a
    crowded screen once went on past the terminal, offering numbers that had scrolled
    away or were left out silently)."""
    pack = load_pack(())
    seen_hidden = 0
    for state, actions, extra in decision_points(list(pack.chapters), range(3)):
        shown = screen.decision(state, actions, view.plain, 80, rows, extra, keep=keep)
        lines = shown.lines
        assert len(lines) <= rows - 1 and all(len(line) <= 80 for line in lines), "\n".join(lines)
        glued = [line for line in lines if re.search(r" [A-Z]\d+[A-Z][a-z]", line)]  # 'S10Schrickr' in the ledger
        assert not glued, glued
        status_at = next(i for i, line in enumerate(lines)
                         if re.match(r"^(Round \d+: choose|\w+ (\(ally\) )?at [A-Z]+\d+: moved)", line))
        on_screen, named = read_choices(lines, status_at)
        every = set(range(1, len(actions) + len(extra) + 1))
        assert on_screen | named == every, ("\n".join(lines), sorted(every - on_screen - named))
        assert named == set(shown.hidden), "\n".join(lines)  # the loop asks about exactly these
        seen_hidden += bool(named)
    assert seen_hidden  # some screens are crowded enough to leave numbers out


def test_a_crowded_screen_gathers_attacks_and_uses_into_grids() -> None:
    """A Legend with three ways to attack four foes: twelve attack lines become a grid of a
    row per way of attacking, so the end of the list stays on an 80x24 screen."""
    crowded = next((point for point in decision_points(["mill-race"], range(2, 3))
                    if sum(a.kind == "attack" for a in point[1]) >= 12), None)
    assert crowded is not None, "no crowded screen in this game"
    state, actions, extra = crowded
    lines = screen.decision(state, actions, view.plain, 80, 23, extra).lines
    text = "\n".join(lines)
    assert " Attack (dice, +direct; type its number, or 'attack " in text
    assert re.search(r"^   Steady Aim \(3 dice, \+2, 1 token\): +13 P2 +14 S1 +15 G1 +16 G3$", text, re.M), text
    end = next(i for i, a in enumerate(actions, 1) if a.kind == "end")
    assert re.search(rf"^ +{end}\. End \w+'s activation", text, re.M), text


# ------------------------------------------------------------------ a hidden number typed
def play(*args: str, lines: list[str], rows: int = 16) -> str:
    r = CliRunner().invoke(cli, ["play", *args], input="\n".join(lines) + "\n",
                           env={"NO_COLOR": "1", "COLUMNS": "80", "LINES": str(rows)})
    assert r.exit_code == 0, r.output
    return r.output


def _hidden_after_emily() -> tuple[int, str]:
    """The last number of Emily's first screen on a 16-row terminal (left out there), and
    the typed command it stands for."""
    out = play("1", "--seed", "4", "--campaign", "probe", "--new", lines=["activate emily", "choices", "quit"])
    screen_text = out[out.index("> activate emily") : out.index("> choices")]
    hint = HINT.search(screen_text)
    assert hint, screen_text
    last = max(_numbers(hint.group(1)))
    listed = out[out.index("> choices") :]
    m = re.search(rf"^ +{last}\. (.*)$", listed, re.M)
    assert m, listed
    return last, m.group(1)


def test_a_number_left_off_the_screen_is_shown_and_asked_about_first() -> None:
    last, label = _hidden_after_emily()
    out = play("1", "--seed", "4", lines=["activate emily", str(last), "n", str(last), "y", "quit"])
    assert out.count(f"Choice {last} was not on the screen; it is:") == 2
    assert f" {last}. {label.split('  [')[0][:40]}" in out
    assert f"Choice {last} was not taken; choose again." in out
    game = saves.load("default").game
    assert game is not None and game.cursor > 1  # taken after 'y' (one step or two: a two-step choice)


def test_a_line_that_is_no_answer_is_taken_as_the_next_command_and_choices_shows_them_all() -> None:
    last, _label = _hidden_after_emily()
    out = play("1", "--seed", "4", lines=["activate emily", str(last), "end", "quit"])
    assert f"Take choice {last}? (y/n) end" in out
    game = saves.load("default").game
    assert game is not None and [a["kind"] for a in game.actions] == ["activate", "end"]  # 'end', not choice N
    # after 'choices' every number is on the screen: no question
    again = play("1", "--seed", "4", "--campaign", "c2", "--new", lines=["activate emily", "choices", str(last), "quit"])
    assert "was not on the screen" not in again
    assert len(saves.load("c2").game.actions) >= 2  # type: ignore[union-attr]


# ------------------------------------------------------------------ rulings in view
PROMPT = re.compile(r"Choice 1(?:-\d+)?, or a command \(help\)> ")
MORE = re.compile(r"-- more: Enter \(quit: save and leave\) -- ")
PAUSE = re.compile(r"-- Press Enter for round (\d+) -- ")
ANSI = re.compile(r"\x1b\[[0-9;]*m|\x1b\[\?[0-9]+[hl]|\r")


def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return pexpect.spawn(sys.executable, ["-m", "hollowcli", "play", *args], env=env, encoding="utf-8",
                         timeout=60, dimensions=(24, 80))


def visible(child: pexpect.spawn) -> list[str]:
    """The 24 rows of the terminal when a prompt is on its last row."""
    return ANSI.sub("", child.before + child.after).split("\n")[-24:]


def test_the_last_steps_rulings_stay_on_the_screen_with_the_board() -> None:
    """Emily's long shot: a 4-line ruling, then her screen of moves (which once filled all
    24 rows and pushed the ruling away)."""
    child = spawn("1", "--seed", "4")
    child.expect(PROMPT)
    child.sendline("activate emily")
    child.expect(PROMPT)
    assert "  * Emily activates at E4" in "\n".join(visible(child))
    child.sendline("attack s1 with long-shot")
    child.expect(PROMPT)
    text = "\n".join(visible(child))
    # the whole ruling of the attack ...
    assert "  * Emily attacks Schrickroot 1 from E4 (Emily Van Winkle's skill Long Shot:" in text, text
    assert "1 damage; Schrickroot 1 has 4 health left" in text, text
    # ... with the board under it: title, map, ledger, and Emily's choices
    assert "Round 1 - Legend phase - The Schoolhouse" in text and re.search(r"^ +B +C +D", text, re.M), text
    assert "Legends" in text and "Foes" in text and "Emily at E4: moved 0 of 3, action taken" in text, text
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_long_adversary_phase_waits_before_its_first_rulings_leave_the_screen() -> None:
    child = spawn("1", "--seed", "4")
    pages: list[list[str]] = []
    for typed in ["1", "end", "1", "end", "1", "end", "1", "end"]:
        child.expect(PROMPT)
        child.sendline(typed)
    while child.expect([MORE, PAUSE]) == 0:
        pages.append(visible(child))
        child.sendline("")
    pages.append(visible(child))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert len(pages) >= 2  # it did not fit one screen
    whole = saves.load("default").game
    assert whole is not None and whole.cursor == 8
    # every ruling line of the phase was on the screen at one of the waits
    log = CliRunner().invoke(cli, ["play", "1", "--seed", "4", "--campaign", "again", "--new"],
                             input="1\nend\n1\nend\n1\nend\n1\nend\nquit\n", env={"NO_COLOR": "1"}).output
    phase = log[log.index("-- Adversary phase, round 1 --") : log.index("Round 2 - Legend phase")].splitlines()
    phase = [line for line in phase if line.strip()]
    seen = {line.rstrip() for page in pages for line in page}
    missing = [line for line in phase if line.rstrip() not in seen]
    assert not missing, missing
    assert all(len(page) <= 24 for page in pages)
