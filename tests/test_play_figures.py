"""Every kind of figure the `hollow play` screen can follow: each Legend, an ally that only
moves, an ally that attacks (brought in by a card), and nobody (the round's pick), typed
as a player types them; and the window of a map too tall for the terminal follows the
figure that acts, an ally too."""

from __future__ import annotations

import re

from click.testing import CliRunner
from test_engine_packs import by_command, game, legend, make_pack, place

from hollowcli.cli import cli
from hollowcli.engine import apply, legal_actions
from hollowcli.pack.model import Ally, AttackSpec
from hollowcli.play import saves, screen

#: The shipped ally chapter: these three rounds (every Legend activates and ends, the
#: allies stay put) bring Greta in with the Ferry Bell card in round 3 (seed 81).
ROUND = ["activate jeremiah", "end", "activate matthias", "end", "activate elijah", "end",
         "activate emily", "end", "end"]


def play(*args: str, lines: list[str]) -> str:
    r = CliRunner().invoke(cli, ["play", *args], input="\n".join(lines) + "\n",
                           env={"NO_COLOR": "1", "COLUMNS": "80", "LINES": "24"})
    assert r.exit_code == 0, r.output
    assert "internal error" not in r.output and "Traceback" not in r.output
    return r.output


def screen_after(out: str, typed: str) -> str:
    """The screen printed after the player typed ``typed`` (up to the next prompt)."""
    start = out.index(f"> {typed}\n")
    end = out.index("Choice 1", start + 1)
    return out[start:end]


def test_each_legend_and_each_kind_of_ally_activates_in_the_ally_chapter() -> None:
    typed = [*ROUND * 3, "activate jeremiah", "end", "activate greta", "end", "activate tobias", "end", "quit"]
    out = play("mill-race", "--new", "--campaign", "mill", "--seed", "81", lines=typed)
    # each Legend: the status line names it and the ledger marks it as the one acting
    for name, sym in (("Jeremiah", "JP"), ("Matthias", "MG"), ("Elijah", "EK"), ("Emily", "EW")):
        shown = screen_after(out, f"activate {name.lower()}")
        assert re.search(rf"^{name} at [A-J]\d: moved 0 of \d, action not taken yet", shown, re.M), shown
        assert re.search(rf"^.*>{sym} {name}", shown, re.M), shown
    # an ally brought in by a card, who can attack
    assert "card The Ferry Bell: Greta Voss joins the heroes at H3" in out
    greta = screen_after(out, "activate greta")
    assert "Greta (ally) at H3: moved 0 of 1, no attack yet" in greta
    assert re.search(r">gv Greta +H3 +6/6 +ally", greta), greta
    # the ally placed at the start, who only moves
    tobias = screen_after(out, "activate tobias")
    assert "Tobias (ally) at J4: moved 0 of 3, it cannot attack" in tobias
    assert re.search(r">tb Tobias +J4", tobias), tobias
    # nobody acting: the round's pick, its screen drawn too
    assert "Round 4: choose the next Legend to activate" in out
    assert out.rstrip().endswith("Resume with: hollow play --campaign mill")
    game_now = saves.load("mill").game
    assert game_now is not None
    assert [a["kind"] for a in game_now.actions[-6:]] == ["activate", "end", "activate", "end", "activate", "end"]
    assert [a["legend"] for a in game_now.actions[-4::2]] == ["greta-voss", "tobias-brom"]


def test_the_reported_ally_crash_is_gone() -> None:
    """The issue's own recipe: an ally activated after a Legend."""
    out = play("mill-race", "--new", "--campaign", "x", "--seed", "1",
               lines=["activate emily", "end", "activate tobias"])
    assert "Tobias (ally) at J4: moved 0 of 3" in out
    assert "End of input; saved at round 1, step 3." in out


# ------------------------------------------------------------------ the window follows who acts
TALL = ["#######", "#1...2#", "#..S..#", *["#.....#"] * 36, "#....3#", "#######"]  # 40 rows inside


def _tall_game():  # type: ignore[no-untyped-def]
    mute = Ally("mute", "Mute Hans", health=3, defense=1, move=1, attack_priority=0)
    pip = Ally("pip", "Pip Miller", health=4, defense=0, move=2, attack_priority=3, basic_attack=AttackSpec(1, 1, 1))
    pack = make_pack(TALL, legends=[legend("ann"), legend("bob")], allies=[mute, pip],
                     setup_allies={"mute": "D38", "pip": "B20"})
    return place(game(pack), ann="C2", bob="D3")


def _shown_rows(lines: list[str]) -> tuple[int, int]:
    note = next(line for line in lines if line.startswith("(a part of the map:"))
    m = re.search(r"rows (\d+)-(\d+) of", note)
    assert m, note
    return int(m.group(1)), int(m.group(2))


def test_a_map_taller_than_the_terminal_is_a_window_around_the_figure_that_acts() -> None:
    state = _tall_game()
    # nobody acts yet: the window is around the first Legend (row 2)
    lines = screen.decision_screen(state, list(legal_actions(state)), cols=80, rows=23)
    top, bottom = _shown_rows(lines)
    assert top <= 2 <= bottom
    # a Legend acts, then an ally far below: the window goes where the ally stands
    state, _ = apply(state, by_command(state, "activate ann"), None)
    state, _ = apply(state, by_command(state, "end"), None)
    for ally, row, sym in (("mute", 38, "mh"), ("pip", 20, "pm")):
        acting, _ = apply(state, by_command(state, f"activate {ally}"), None)
        lines = screen.decision_screen(acting, list(legal_actions(acting)), cols=80, rows=23)
        top, bottom = _shown_rows(lines)
        assert top <= row <= bottom, (ally, top, bottom)
        assert any(re.match(rf"{row} .*\b{sym}\b", line) for line in lines), "\n".join(lines)
        assert len(lines) <= 23 and all(len(line) <= 80 for line in lines)
