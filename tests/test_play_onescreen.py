"""One screen to decide on, in a real 80x24 pseudo-terminal: at every Legend-phase prompt
the board, the ledger and the choices are on the screen; two rounds are played without
typing 'map'; the number of entries a round takes is measured; Tab completes."""

from __future__ import annotations

import os
import re
import sys

import pexpect
import pytest

from hollowcli.play import saves

PROMPT = re.compile(r"Choice 1(?:-\d+)?, or a command \(help\)> ")
PAUSE = re.compile(r"-- Press Enter for round (\d+) -- ")
MORE = re.compile(r"-- more: Enter \(quit: save and leave\) -- ")
ANSI = re.compile(r"\x1b\[[0-9;]*m|\x1b\[\?[0-9]+[hl]|\r")
ROWS, COLS = 24, 80


def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return pexpect.spawn(sys.executable, ["-m", "hollowcli", "play", *args], env=env, encoding="utf-8",
                         timeout=60, dimensions=(ROWS, COLS))


def last_screen(text: str) -> list[str]:
    """The lines a 24-row terminal shows when the prompt is on its last row."""
    lines = ANSI.sub("", text).split("\n")
    return lines[-(ROWS - 1):]


def choose(screen: list[str]) -> str:
    """A newcomer's quick play: move-and-attack when offered, else the next Legend, else
    the first Legend, else end the activation."""
    text = "\n".join(screen)
    m = re.search(r"^ Act, then end the activation: (\d+) attack", text, re.M) or \
        re.search(r"^ +(\d+)\. Move to \w+, then attack", text, re.M)
    if m:
        return m.group(1)
    m = re.search(r"^ Next Legend \(ends this activation\): (\d+) ", text, re.M)
    if m:
        return m.group(1)
    m = re.search(r"^ +(\d+)\. Attack ", text, re.M)
    if m:
        return m.group(1)
    if "choose the next Legend to activate" in text:
        return "1"
    m = re.search(r"^ +(\d+)\. End \w+'s activation", text, re.M)
    assert m, text
    return m.group(1)


def test_two_rounds_on_80x24_board_and_choices_at_every_prompt_at_most_8_entries_a_round() -> None:
    child = spawn("1", "--seed", "4")
    entries = {1: 0, 2: 0}
    keys = {1: 0, 2: 0}
    round_no = 1
    prompts = 0
    pages = ""  # the rulings shown page by page since the last prompt
    while round_no <= 2:
        i = child.expect([PROMPT, PAUSE, MORE])
        if i == 2:  # a long adversary phase waits before its first rulings leave the screen
            pages += ANSI.sub("", child.before)
            assert len(last_screen(child.before + child.after)) <= ROWS
            child.sendline("")
            continue
        if i == 1:  # the adversary phase's rulings stay until Enter
            before = pages + ANSI.sub("", child.before)
            assert "-- Adversary phase, round" in before
            round_no = int(child.match.group(1))
            child.sendline("")
            pages = ""
            continue
        prompts += 1
        screen = last_screen(child.before + child.after)
        text = "\n".join(screen)
        # the board (title, column letters, the ledger) and the choices are all on screen
        assert f"Round {round_no} - Legend phase - The Schoolhouse" in text, text
        assert re.search(r"^ +B +C +D +E", text, re.M), text
        assert "Legends" in text and "Foes" in text, text
        assert re.search(r"^ +1[. ]", text, re.M), text
        assert all(len(line) <= COLS for line in screen)
        pick = choose(screen)
        entries[round_no] += 1
        keys[round_no] += len(pick) + 1
        child.sendline(pick)
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert prompts >= 8
    print(f"entries per round: {entries}, keys per round: {keys}")
    assert entries[1] <= 8 and entries[2] <= 8, entries
    game = saves.load("default").game
    from hollowcli.engine.actions import KINDS

    assert game is not None and all(a["kind"] in KINDS for a in game.actions)  # 'map' was not a step


def test_tab_completes_commands_legend_names_and_places() -> None:
    child = spawn("1", "--seed", "4")
    child.expect(PROMPT)
    child.send("activate em\t")
    child.expect("ily")  # emily and emily-van-winkle share "emily"
    child.send("\r")
    child.expect(PROMPT)
    child.send("mo\t")
    child.expect("ve")
    child.send(" E\t\t")  # two tabs list the places that start with E
    child.expect("E2")
    child.send("\x15")  # clear the line
    child.sendline("quit")
    child.expect(pexpect.EOF)
    game = saves.load("default").game
    assert game is not None and game.actions == [{"kind": "activate", "legend": "emily-van-winkle"}]


# ------------------------------------------------------------------ wide and tall maps
def _wide_state(width: int, height: int = 4):  # type: ignore[no-untyped-def]
    from test_engine_packs import foe, game, make_pack, place, with_foes

    inner = ["." * width for _ in range(height)]
    inner[0] = "1" + inner[0][1:]
    inner[-1] = inner[-1][:-1] + "2"
    mid = height // 2
    inner[mid] = inner[mid][: width // 2] + "S" + inner[mid][width // 2 + 1 :]
    rows = ["#" * (width + 2), *(f"#{r}#" for r in inner), "#" * (width + 2)]
    pack = make_pack(map_rows=rows, foes=[foe("gob")])
    state = game(pack)
    return with_foes(place(state), ("gob", "C2"))


@pytest.mark.parametrize("width", [9, 20, 30, 60, 200, 700])
def test_any_map_width_fits_80_columns_and_the_choices_stay_visible(width: int) -> None:
    from hollowcli.engine import legal_actions
    from hollowcli.play import screen

    state = _wide_state(width)
    lines = screen.decision_screen(state, list(legal_actions(state)), cols=80, rows=23)
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert len(lines) <= 23
    assert lines[-1].startswith(" 1.") or "[activate" in lines[-1] or lines[-1].strip()
    text = "\n".join(lines)
    assert "Legends" in text and "Round 1 - Legend phase" in text
    if width > 38:  # wider than 1-column cells can show: a window around the Legends, said so
        assert "(a part of the map: columns" in text


def test_a_tall_map_is_a_window_that_follows_the_active_legend() -> None:
    from hollowcli.engine import legal_actions
    from hollowcli.play import screen

    state = _wide_state(9, height=40)
    lines = screen.decision_screen(state, list(legal_actions(state)), cols=80, rows=23)
    assert len(lines) <= 23 and all(len(line) <= 80 for line in lines)
    assert "rows " in "\n".join(lines) and "(a part of the map:" in "\n".join(lines)


@pytest.mark.parametrize("rows", [23, 30, 60])
def test_every_choice_number_the_prompt_offers_is_on_the_screen_or_said_to_be_left_out(rows: int) -> None:
    """Emily's turn on chapter 1 offers 27 choices; at 80x24 the last two-step ones do not fit
    and a line says which numbers are left out (they once were left out silently)."""
    from hollowcli import engine
    from hollowcli.pack.loader import load_pack
    from hollowcli.play import combos, screen

    state = engine.new_game(load_pack(()), "schoolhouse")
    state, _ = engine.apply(state, engine.parse_command(state, "activate emily"), __import__("random").Random(4))
    actions = list(engine.legal_actions(state))
    extra = combos.combos(state, actions)
    total = len(actions) + len(extra)
    lines = screen.decision_screen(state, actions, cols=80, rows=rows, extra=extra)
    assert len(lines) <= rows
    text = "\n".join(lines)
    numbers = {int(n) for n in re.findall(r"(?<![\w-])(\d{1,2})(?=\.? |\. )", text)}
    note = re.search(r"(?:^ |   \()(\d+)(?:-(\d+))?: (?:\d+ more two-step choices? \('choices' lists|type 'choices'\))", text, re.M)
    shown_up_to = int(note.group(1)) - 1 if note else total
    if note:
        assert int(note.group(2) or note.group(1)) == total
    assert set(range(1, shown_up_to + 1)) <= numbers | set(range(1, 18)), sorted(numbers)  # 1-17: the move grid
    if rows == 23:  # the 80x24 terminal: the last two-step choices do not fit, and it says so
        assert note is not None
    if note is None:
        assert total in numbers  # nothing left out: the last number is on the screen
