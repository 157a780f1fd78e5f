"""What a new player sees in `hollow play`: compact choices, lines that fit 80 columns,
rulings that read well, objective wording, and a closed terminal (SIGHUP) saving cleanly."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Output, read_to_end, wait_until_asleep
from click.testing import CliRunner, Result
from test_engine_packs import (
    ScriptedRng,
    by_command,
    foe,
    game,
    legend,
    make_pack,
    place,
    with_foes,
)

from hollowcli.cli import cli
from hollowcli.engine import apply, legal_actions
from hollowcli.engine.adversary import adversary_phase
from hollowcli.engine.game import end_of_round
from hollowcli.pack.model import AttackSpec, Item, Objective, TrackSpot, frozen_map
from hollowcli.play import saves, view
from hollowcli.play.console import Console


def play(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["play", *args], input=input, env={"NO_COLOR": "1"})


def after(out: str, marker: str) -> str:
    """The output from the last occurrence of ``marker`` on."""
    return out[out.rindex(marker):]


# ------------------------------------------------------------------ the choice list
def test_moves_are_one_compact_block_and_the_real_decisions_stand_out() -> None:
    r = play("1", "--seed", "11", input="activate emily\nquit\n")
    assert r.exit_code == 0, r.output
    menu = after(r.output, "Emily at E4: moved 0 of 3")
    assert "Move Emily to" not in menu  # no line per destination any more
    lines = menu.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith(" Move (up to 3 steps"))
    assert "type its number or 'move D2'" in lines[head]
    # 17 destinations on two rows, numbered in the engine's order
    assert lines[head + 1].split() == ["1", "D2", "2", "E2", "3", "F2", "4", "E3", "5", "F3", "6", "B4", "7", "C4",
                                       "8", "D4", "9", "F4", "10", "G4"]
    assert lines[head + 2].split()[:2] == ["11", "H4"] and lines[head + 2].split()[-2:] == ["17", "F6"]
    # the attack and the end are numbered lines of their own, right after the moves
    assert lines[head + 3].startswith(" 18. Attack Schrickroot 1 at J4 with Long Shot")
    assert "[attack s1 with long-shot]" in lines[head + 4]  # the shortcut is never split
    assert lines[head + 5] == " 19. End Emily's activation  [end]"
    # then the two-step shortcuts: the next Legend, and a move that brings a foe in reach
    assert lines[head + 6].startswith(" Next Legend (ends this activation): 20 Jeremiah")
    assert any(line.startswith(" 2") and "Move to F4, then attack Schrickroot 1" in line for line in lines[head + 7:])


def test_a_number_from_the_move_block_moves_there() -> None:
    r = play("1", "--seed", "11", input="activate emily\n2\nquit\n")
    assert "Emily moves E4→E3→E2 (2 steps)" in r.output
    assert saved_commands(saves.load("default").game) == ["activate emily", "move E2"]


def test_one_leave_roll_for_every_move_is_said_once_in_the_header() -> None:
    pack = make_pack(foes=[foe("gob")])
    state = with_foes(place(game(pack), ann="C3", bob="F5"), ("gob", "C3"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    lines = view.render_choices(legal_actions(state), view.plain, state)
    assert lines[1] == "   (every move leaves foes: a leave roll of 1 die)"
    assert "!" not in "".join(lines[2:])


def test_a_move_that_passes_foes_is_marked_with_its_leave_dice() -> None:
    pack = make_pack(foes=[foe("gob")])
    state = with_foes(place(game(pack), ann="B2", bob="F5"), ("gob", "C2"), ("gob", "C2"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    lines = view.render_choices(legal_actions(state), view.plain, state)
    assert lines[1] == "   (!N after a place: its walk leaves foes, a leave roll of N dice)"
    cells = " ".join(lines)
    assert re.search(r"\bD2!2\b", cells)  # B2 -> C2 -> D2 leaves the two foes at C2
    assert re.search(r"\bC2 ", cells) and not re.search(r"\bB3!", cells)  # stepping onto them, or away, costs nothing


def test_a_single_choice_is_prompted_as_choice_1() -> None:
    r = play("1", "--seed", "11", input="activate emily\nend\nactivate jeremiah\nend\nactivate matthias\nend\nquit\n")
    assert "Choice 1, or a command (help)> " in r.output
    assert not re.search(r"Choice 1-1,", r.output)


# --------------------------------------------------------------- 80 columns
SESSION = """\
activate em
2
move b2
attack s1
attack B6 with lantern-sermon
end
activate jeremiah
move c4
end
activate elijah
attack B6 with lantern-sermon
give silver-locket to matthias
end
activate matthias
swap silver-locket
attack s1 with steady-aim
end
help
log 5
undo 2
redo
quit
"""


def test_every_line_of_a_played_session_fits_80_columns() -> None:
    r = play("1", "--seed", "11", input=SESSION)
    assert r.exit_code == 0, r.output
    wide = [line for line in r.output.splitlines() if len(line) > 80]
    assert not wide, "\n".join(wide)
    # the hints are wrapped too, and say the rule in a sentence
    assert "B6 is at range" in r.output and "the foes at B6 is" not in r.output


def test_legend_and_foe_tables_stay_aligned_and_within_78_columns() -> None:
    items = [Item(id=f"thing{i}", name=f"Long Named Thing {i}", kind="item") for i in range(4)]
    lgs = [legend("ann", inventory=tuple(i.id for i in items)), legend("bob")]
    long_foe = foe("horse", "boss", name="The Headless Horseman", health=16)
    pack = make_pack(legends=lgs, items=items, foes=[foe("gob"), long_foe])
    state = with_foes(game(pack), ("horse", "B2"), ("gob", "C2"))
    legends = view.render_legends(state)
    assert max(len(line) for line in legends) <= 78
    assert any(line.strip().startswith("Long Named Thing 3") for line in legends[2:])  # wrapped in its column
    foes = view.render_foes(state)
    at = foes[0].index(" at ") + 1
    assert [line[at : at + 2] for line in foes[1:]] == ["B2", "C2"]
    health = foes[0].index("health")
    assert [line[health : health + 5].strip() for line in foes[1:]] == ["16/16", "2/2"]


def test_the_key_names_the_chapters_spawn_points_and_keeps_entries_whole() -> None:
    r = play("2", "--seed", "1", input="map\nquit\n")
    key = r.output[r.output.index("Key: "):r.output.index("Track: ")]
    assert "1-5 spawn point" in key and "1-6" not in key  # the covered bridge has five
    assert "\n     Sn Schrickroot n," in key or " Sn Schrickroot n," in key.replace("\n     ", " ")
    for line in key.splitlines():
        assert not line.rstrip().endswith((" Sn", " Gn", " Pn", " [n]", " |"))


# ------------------------------------------------------------------ rulings
def test_a_foe_attack_right_after_its_move_does_not_repeat_the_targeting_reason() -> None:
    relic = Item(id="shoe", name="Horseshoe", kind="relic", defense=1)
    lgs = [legend("ann", attack_priority=2, relic="shoe"), legend("bob")]
    pack = make_pack(legends=lgs, items=[relic], foes=[foe("gob", move=2)], track=[TrackSpot(("move", "attack"))])
    state = with_foes(place(game(pack), ann="D2", bob="F5"), ("gob", "B2"))
    events: list = []
    adversary_phase(state, ScriptedRng([3]), events)
    move = next(e for e in events if e.kind == "foe-move")
    hit = next(e for e in events if e.kind == "foe-attack")
    assert "Ann is closest" in move.reason
    legends = view.render_legends(state)
    at = legends[0].index(" at ") + 1
    assert [line[at : at + 2] for line in legends[1:3]] == ["D2", "F5"]
    relic = legends[0].index("relic")
    assert legends[1][relic:].startswith("Horseshoe")
    assert hit.reason.startswith("Gob 1 attacks Ann from D2: rolled [2] = 2; 1 direct + 2 rolled - 2 defense = 1")
    assert "(defense 1 + 1 from Horseshoe)" in hit.reason
    assert "closest" not in hit.reason


def test_a_foe_that_cannot_attack_gives_its_range_and_each_distance() -> None:
    pack = make_pack(foes=[foe("gob", move=0)], track=[TrackSpot(("attack",))])
    state = with_foes(place(game(pack), ann="D2", bob="F5"), ("gob", "B2"))
    events: list = []
    adversary_phase(state, ScriptedRng(), events)
    miss = next(e for e in events if e.kind == "foe-no-attack")
    assert miss.reason == "Gob 1 at B2 cannot attack: its range is 0 and Ann is 2 away, Bob is 7 away"
    assert miss.detail == ""  # --explain would only say it again


def test_one_foe_in_an_area_is_not_called_all_1_foes() -> None:
    from hollowcli.pack.model import Skill

    burst = Skill(id="burst", name="Burst", cost=1, attack=AttackSpec(dice=1, direct=0, range=2, area=True))
    pack = make_pack(legends=[legend("ann", skills=("burst",)), legend("bob")], skills=[burst], foes=[foe("gob")])
    state = with_foes(place(game(pack), ann="D3", bob="F5"), ("gob", "D2"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    _, events = apply(state, by_command(state, "attack D2 with burst"), ScriptedRng([1]))
    roll = next(e for e in events if e.kind == "attack-roll")
    assert roll.reason.startswith("Ann attacks the one foe at D2 from D3")
    assert roll.reason.endswith("one roll for the one foe there")


def test_token_costs_are_counted_in_good_english() -> None:
    from hollowcli.pack.model import Restore

    salve = Item(id="salve", name="Salve", kind="item", cost=1, restore=Restore(health=2, fear=1))
    pack = make_pack(legends=[legend("ann", inventory=("salve",)), legend("bob")], items=[salve])
    state = game(pack)
    state = state.with_legend(replace(state.legend("ann"), health=4, fear=2))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    use = by_command(state, "use salve")
    assert use.label == "Ann: use Salve (+2 health, -1 fear, 1 token)"
    _, events = apply(state, use, ScriptedRng())
    assert "Ann uses Salve (1 token): Ann regains 2 health" in events[-1].reason


def test_giving_a_relic_says_where_it_goes_and_how_to_equip_it() -> None:
    locket = Item(id="locket", name="Locket", kind="relic")
    shoe = Item(id="shoe", name="Horseshoe", kind="relic", defense=1)
    pack = make_pack(legends=[legend("ann", relic="locket"), legend("bob", relic="shoe")], items=[locket, shoe])
    state = game(pack)
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    _, events = apply(state, by_command(state, "give locket to bob"), ScriptedRng())
    give = next(e for e in events if e.kind == "give")
    assert "it goes into Bob's inventory" in give.reason and "'swap'" in give.reason


def test_trap_damage_arithmetic_names_the_trap_not_dice() -> None:
    from hollowcli.engine.state import Trap

    pack = make_pack(foes=[foe("gob", move=2, defense=1)], track=[TrackSpot(("move",))])
    state = with_foes(place(game(pack), ann="E2", bob="F5"), ("gob", "B2"))
    state = replace(state, traps=(Trap(loc="C2", type="snare", side="legends", setter="ann", damage=2),))
    events: list = []
    adversary_phase(state, ScriptedRng(), events)
    kinds = [e.kind for e in events if e.kind in ("foe-move", "trap")]
    assert kinds == ["foe-move", "trap"]  # the walk first, then what it walked into
    trap = next(e for e in events if e.kind == "trap")
    assert trap.reason.endswith("springs the snare trap set by Ann: 2 trap damage - 1 defense = 1 damage; "
                                "Gob 1 has 1 health left")


def test_typing_the_start_of_a_name_activates_that_legend_when_only_one_fits() -> None:
    r = play("1", "--seed", "11", input="activate em\nend\nactivate e\nquit\n")
    assert "Emily activates at E4" in r.output
    assert "'activate e' is not one of the choices now" in r.output  # too short: Elijah or Emily?


# ------------------------------------------------------------------ objective wording
def test_a_search_win_with_extra_searches_is_worded_sensibly() -> None:
    pack = make_pack(objective=Objective(kind="search", count=6, rounds=9))
    state = replace(game(pack), search_count=7)
    over = end_of_round(state, [])
    assert over.result == "won"
    assert over.reason == "the Legends made the 6 searches needed (7 in all)"
    exact = end_of_round(replace(game(pack), search_count=6), [])
    assert exact.reason == "the Legends made the 6 searches needed"


def test_defeating_a_one_of_a_kind_boss_is_not_1_the_headless_horseman() -> None:
    boss = foe("horse", "boss", name="The Headless Horseman", supply=1, health=16)
    pack = make_pack(foes=[boss, foe("gob")], objective=Objective(kind="defeat", foe="horse", count=1, rounds=10))
    state = game(pack)
    assert view.objective_text(state) == "Objective: defeat the Headless Horseman by round 10; 0 defeated so far"
    won = end_of_round(replace(state, defeated_counts=(("horse", 1),)), [])
    assert won.reason == "the Legends defeated the Headless Horseman"
    gobs = make_pack(objective=Objective(kind="defeat", foe="gob", count=2))
    done = end_of_round(replace(game(gobs), defeated_counts=(("gob", 3),)), [])
    assert done.reason == "the Legends defeated 2 Gob (3 in all)"


def test_a_loss_says_the_legend_is_incapacitated() -> None:
    r = play("3", "--seed", "3", "--auto")
    assert "The chapter is lost: Elijah is incapacitated (health 0)" in r.output
    assert "has 0 health" not in r.output


# ------------------------------------------------------------------ a closed terminal
def test_console_goes_quiet_when_the_terminal_is_gone() -> None:
    class Gone(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(5, "Input/output error")

    console = Console(Gone())
    console.say("hello")  # no exception
    console.write("prompt> ")
    assert console.gone


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this platform")
def test_sighup_while_waiting_for_a_command_saves_and_exits_cleanly(tmp_path: Path) -> None:
    """The terminal window is closed while the game waits for the player's next line. It
    reads from a terminal (a pty) and writes to a pipe, so it prints each prompt just before
    it reads: the prompt, then the process asleep, are the signals that the game is waiting
    (no sleep)."""
    import pty

    env = dict(os.environ, HOLLOW_HOME=str(tmp_path), NO_COLOR="1")
    env.pop("HOLLOW_CONTENT", None)
    keyboard, terminal = pty.openpty()
    (out_parent, out_child), (err_parent, err_child) = os.pipe(), os.pipe()
    child = subprocess.Popen([sys.executable, "-m", "hollowcli", "play", "1", "--seed", "3"],
                             stdin=terminal, stdout=out_child, stderr=err_child, env=env)
    for fd in (terminal, out_child, err_child):
        os.close(fd)
    out = Output(out_parent)
    try:
        out.expect("Choice 1-4, or a command (help)> ")
        os.write(keyboard, b"activate emily\n")
        out.expect("Choice 1-27, or a command (help)> ")  # the step is taken and saved: back at the prompt
        wait_until_asleep(child.pid)  # and reading the next line
        child.send_signal(signal.SIGHUP)
        shown, err = read_to_end(out, Output(err_parent))
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        for fd in (keyboard, out_parent, err_parent):
            os.close(fd)
    assert child.returncode == 129, (shown, err)
    assert err == ""  # no traceback, no complaint
    assert "The terminal was closed; saved at round 1, step 1. Resume with: hollow play" in shown
    data = json.loads((tmp_path / "campaigns" / "default.json").read_text(encoding="utf-8"))
    assert data["game"]["actions"] == [{"kind": "activate", "legend": "emily-van-winkle"}] and data["game"]["cursor"] == 1


def test_gifts_are_one_row_per_thing_with_numbered_recipients() -> None:
    locket = Item(id="locket", name="Locket", kind="relic")
    rope = Item(id="rope", name="Rope", kind="item")
    lgs = [legend("ann", relic="locket", inventory=("rope",)), legend("bob"), legend("cid")]
    pack = make_pack(legends=lgs, items=[locket, rope])
    state = game(pack)
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    actions = legal_actions(state)
    lines = view.render_choices(actions, view.plain, state)
    start = lines.index(" Give (uses the action; type its number, or 'give ITEM to NAME'):")
    rows = [line.split() for line in lines[start + 1 : start + 3]]
    numbers = {a.command: str(i) for i, a in enumerate(actions, 1)}
    assert rows[0] == ["Rope", "to", numbers["give rope to bob"], "Bob", numbers["give rope to cid"], "Cid"]
    assert rows[1] == ["Locket", "to", numbers["give locket to bob"], "Bob", numbers["give locket to cid"], "Cid"]
    assert not any("Ann: give" in line for line in lines)


def test_activating_the_next_legend_ends_the_current_activation_first() -> None:
    r = play("1", "--seed", "11", input="activate emily\nattack s1 with long-shot\nactivate elijah\nactivate zed\nquit\n")
    assert "  * Emily's activation ends\n  * Elijah activates at E4" in r.output
    assert "There is no Legend called 'zed'. The Legends are jeremiah, matthias, elijah, emily." in r.output.replace("\n", " ")
    assert saved_commands(saves.load("default").game) == ["activate emily", "attack s1 with long-shot", "end", "activate elijah"]


@pytest.mark.parametrize(("typed", "meant"), [
    ("elja", "elijah"), ("emly", "emily"), ("mathias", "matthias"), ("elijah kapel", "elijah"), ("tobais", "tobias")])
def test_a_mistyped_hero_gets_a_did_you_mean(typed: str, meant: str) -> None:
    from hollowcli.engine import new_game
    from hollowcli.engine.hints import command_hint
    from hollowcli.pack.loader import load_pack

    state = new_game(load_pack([]), "mill-race")  # the chapter with an ally, Tobias
    state = replace(state, legends=tuple(replace(lg, activated=lg.id == "jeremiah-pincke") for lg in state.legends))
    hint = command_hint(state, f"activate {typed}")
    assert f"There is no Legend called '{typed}'. Did you mean 'activate {meant}'?" in hint
    assert command_hint(state, f"activate {meant}") == ""  # and that is a legal choice


def test_activating_while_the_last_legend_acts_does_not_end_the_round_by_surprise() -> None:
    pack = make_pack()
    state = game(pack)
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    state, _ = apply(state, by_command(state, "end"), ScriptedRng())
    state, _ = apply(state, by_command(state, "activate bob"), ScriptedRng())
    from hollowcli.engine import end_before_activate

    assert end_before_activate(state, "activate ann") is None  # Ann has acted; ending Bob would start the foes' turn


def test_an_attack_without_a_move_before_it_says_why_that_legend() -> None:
    lgs = [legend("ann", attack_priority=2), legend("bob", attack_priority=1)]
    pack = make_pack(legends=lgs, foes=[foe("gob")], track=[TrackSpot(("attack",))])
    state = with_foes(place(game(pack), ann="C3", bob="C3"), ("gob", "C3"))
    events: list = []
    adversary_phase(state, ScriptedRng([1]), events)
    hit = next(e for e in events if e.kind == "foe-attack")
    assert hit.reason.startswith("Gob 1 attacks Ann from C3 because Ann and Bob tie at 0 steps, "
                                 "and attack priority picks Ann (Ann 2 > Bob 1): rolled [1] = 1")


def test_cannot_attack_lists_the_nearest_legend_first_by_range() -> None:
    # Ann is nearer on foot (Bob is behind a wall) but Bob is nearer as the range counts
    pack = make_pack(foes=[foe("gob", move=0)], walls=[("D3", "D4")], track=[TrackSpot(("attack",))])
    state = with_foes(place(game(pack), ann="F3", bob="D4"), ("gob", "D2"))
    events: list = []
    adversary_phase(state, ScriptedRng(), events)
    miss = next(e for e in events if e.kind == "foe-no-attack")
    assert miss.reason == "Gob 1 at D2 cannot attack: its range is 0 and Bob is 2 away, Ann is 3 away"


def test_map_shows_the_board_and_then_the_choices_again() -> None:
    r = play("1", "--seed", "11", input="activate emily\nmap\nquit\n")
    tail = after(r.output, "Choice 1-27, or a command (help)> map")  # 19 choices and 8 two-step ones
    assert "== The Schoolhouse by the Mill Pond" in tail and "Key: " in tail  # the full board
    assert tail.index("Foes ") < tail.index(" 19. End Emily's activation  [end]")


def test_a_won_chapter_names_the_chapter_items_it_takes_away() -> None:
    r = play("2", "--seed", "7", "--auto", "--campaign", "default")
    assert "chapter items are gone (Jeremiah's Smelling Salts)" in r.output.replace("\n", " ")
    r = play("1", "--seed", "3", "--auto", "--campaign", "other", "--new")
    assert "no chapter items were held" in r.output.replace("\n", " ")


def test_log_marks_where_each_round_and_phase_starts() -> None:
    r = play("1", "--seed", "11", input="activate emily\nend\nactivate jeremiah\nend\nactivate matthias\nend\n"
                                        "activate elijah\nend\nactivate emily\nlog 40\nquit\n")
    log = after(r.output, "(help)> log 40")
    assert log.index("-- Legend phase, round 1 --") < log.index("-- Adversary phase, round 1 --") \
        < log.index("-- Legend phase, round 2 --") < log.rindex("  * Emily activates at")


def test_an_unknown_word_is_named_once_with_every_command() -> None:
    r = play("1", "--seed", "11", input="fly away\nquit\n")
    hint = " ".join(after(r.output, "(help)> fly away").splitlines()[1:4])
    assert hint.startswith("'fly away' is not a command; the commands are activate, move, attack,")
    assert "choices, undo, redo, map, log, save, hint, help and quit. Type a number (1-4)" in hint
    assert "is not one of the choices now" not in hint


def test_a_spawn_says_which_foes_appear_where() -> None:
    from hollowcli.pack.model import SpawnGroup

    pack = make_pack(foes=[foe("gob")], track=[TrackSpot(("spawn",))], spawn_list=[[SpawnGroup(foe="gob", count=3)]])
    state = place(game(pack), ann="D4", bob="D4")
    events: list = []
    adversary_phase(state, ScriptedRng([1]), events)  # the d6 shows 2
    spawn = next(e for e in events if e.kind == "spawn")
    assert spawn.reason == ("spawn list entry 1 of 1 (3 Gob): rolled 2: spawn point 2 is open; "
                            "Gobs 1, 2 and 3 appear at F5")


def test_only_moves_dearer_than_leaving_here_are_marked() -> None:
    pack = make_pack(foes=[foe("gob")])
    state = with_foes(place(game(pack), ann="B2", bob="F5"), ("gob", "B2"), ("gob", "C2"), ("gob", "C2"))
    state, _ = apply(state, by_command(state, "activate ann"), ScriptedRng())
    lines = view.render_choices(legal_actions(state), view.plain, state)
    assert lines[1] == "   (every move leaves foes: a leave roll of 1 die; !N after a place: its walk"
    assert lines[2] == "    leaves foes, a leave roll of N dice in all)"
    cells = " ".join(lines[3:])
    assert re.search(r"\bD2!3\b", cells) and re.search(r"\bB3 ", cells) and not re.search(r"\bB3!", cells)


def test_an_attack_after_a_move_through_a_trap_still_does_not_repeat_the_reason() -> None:
    from hollowcli.engine.state import Trap

    pack = make_pack(foes=[foe("gob", move=2, health=5)], track=[TrackSpot(("move", "attack"))])
    state = with_foes(place(game(pack), ann="D2", bob="F5"), ("gob", "B2"))
    state = replace(state, traps=(Trap(loc="C2", type="snare", side="legends", setter="ann", damage=2),))
    events: list = []
    adversary_phase(state, ScriptedRng([1]), events)
    assert [e.kind for e in events if e.actor == "gob#1" or e.kind == "trap"][:3] == ["foe-move", "trap", "foe-attack"]
    hit = next(e for e in events if e.kind == "foe-attack")
    assert hit.reason.startswith("Gob 1 attacks Ann from D2: rolled")


def test_a_reader_that_leaves_the_pipe_stops_the_game_quietly_and_saved(tmp_path: Path) -> None:
    env = dict(os.environ, HOLLOW_HOME=str(tmp_path), NO_COLOR="1")
    env.pop("HOLLOW_CONTENT", None)
    child = subprocess.Popen([sys.executable, "-m", "hollowcli", "play", "1", "--seed", "3", "--auto", "--campaign", "default"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # like `| head -0`: the reader is gone before the first line
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == 0
    assert err == ""
    data = json.loads((tmp_path / "campaigns" / "default.json").read_text(encoding="utf-8"))
    assert data["game"] is not None and data["game"]["chapter"] == "schoolhouse"  # saved, not finished


def test_the_activation_line_counts_tokens_in_good_english() -> None:
    r = play("1", "--seed", "11", input="activate emily\nattack s1 with long-shot\nquit\n")
    assert "Emily at E4: moved 0 of 3, action not taken yet; 4 tokens ready" in r.output
    assert "3 tokens ready" in r.output and "token(s)" not in r.output


def test_output_that_is_not_utf8_gets_ascii_arrows_instead_of_a_crash() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="cp1252")
    console = Console(stream)
    console.say("  * Gobkin #1 moves B2→C2: Emily is in range (0 ≤ 0); Ĳssel")
    stream.flush()
    assert raw.getvalue().decode("cp1252") == "  * Gobkin #1 moves B2->C2: Emily is in range (0 <= 0); ?ssel\n"
    assert not console.gone


def test_a_whole_game_plays_to_an_ascii_only_output() -> None:
    env = dict(os.environ, PYTHONIOENCODING="ascii", NO_COLOR="1")
    r = subprocess.run(check=False, args=[sys.executable, "-m", "hollowcli", "play", "1", "--seed", "4"], input="activate emily\nmove e2\nquit\n",
                       capture_output=True, text=True, env=env, timeout=120, encoding="ascii")
    assert r.returncode == 0, r.stderr
    assert "Emily moves E4->E3->E2 (2 steps)" in r.stdout


def test_a_verb_with_no_choice_now_gets_the_reason_not_an_empty_list() -> None:
    r = play("1", "--seed", "4", input="activate emily\nmove\nuse\ngive\nswap\nrestore\nquit\n")
    text = r.output.replace("\n", " ")
    assert "choices now: none" not in text
    assert "Say where: move D2 names a location (column letter + row number)." in text
    assert "Emily has no skill or item that restores or sets a trap" in text
    assert "Emily has nothing to give." in text
    assert "Emily has no other relic in the inventory to swap in." in text
    assert "Emily has full health and no fear, so there is nothing to restore." in text


def test_undo_0_changes_nothing() -> None:
    r = play("1", "--seed", "4", input="activate emily\nundo 0\nquit\n")
    assert "'undo 0' would change nothing; 'undo' alone takes one step." in r.output
    assert saves.load("default").game.cursor == 1


def test_who_may_activate_is_an_aligned_table_within_78_columns() -> None:
    r = play("1", "--seed", "11", input="quit\n")
    rows = after(r.output, "Round 1: choose the next Legend to activate").splitlines()[1:5]
    assert rows[0] == " 1. Jeremiah  at D4  health 12/12  fear 0  tokens 3/3  [activate jeremiah]"
    assert rows[3] == " 4. Emily     at E4  health 8/8    fear 0  tokens 4/4  [activate emily]"
    assert all(len(row) <= 78 for row in rows)


def test_a_control_sequence_typed_by_mistake_is_not_echoed_raw() -> None:
    r = play("1", "--seed", "4", input="\x1b[A\nquit\n")
    assert "\x1b" not in r.output  # neither the echo of the script line nor the hint
    hint = after(r.output, "(help)> ?[A").splitlines()[1]
    assert hint.startswith("'?[A' is not a command;")


def test_card_damage_says_the_damage_once_per_legend() -> None:
    from hollowcli.pack.model import Card

    card = Card(id="pane", title="Pane", text="", copies=1, effect=frozen_map({"damage": 1}))
    pack = make_pack(cards=[card], track=[TrackSpot((), card="draw")])
    events: list = []
    adversary_phase(game(pack), ScriptedRng(), events)
    hurt = [e.reason for e in events if e.kind == "card-damage"]
    assert hurt[0] == ("card Pane: 1 damage to each hero, no defense; Ann takes 1 damage (health 7) "
                       "and gains 1 fear (fear 1)")


def saved_commands(rec: Any) -> list[str]:
    """The saved steps as commands (the save stores typed actions)."""
    from hollowcli.commands.common import get_pack
    from hollowcli.play.session import recorded_commands

    return recorded_commands(get_pack(()), rec)


def test_a_ruling_is_coloured_by_its_kind_and_the_games_end_by_its_result() -> None:
    from hollowcli.engine.state import Event
    from hollowcli.engine.vocab import EventKind
    from hollowcli.play import view

    def shown(kind: EventKind, **numbers: Any) -> str:
        ev = Event(1, "adversary", kind, numbers=numbers, reason="what happened")
        lines, _ = view.render_events([ev], False, lambda text, role: f"<{role}>{text}", (1, "adversary"))
        return lines[0]

    assert shown(EventKind.FALL) == "<bad>  * what happened"
    assert shown(EventKind.ALLY_FALLS) == "<bad>  * what happened"
    assert shown(EventKind.GAME_OVER, result="won") == "<good>  * what happened"
    assert shown(EventKind.GAME_OVER, result="lost") == "<bad>  * what happened"
    assert shown(EventKind.FOE_ATTACK, damage=3) == "  * what happened"  # the rest is plain
