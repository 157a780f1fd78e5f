"""command_hint: why a typed command is not legal now."""

from __future__ import annotations

from dataclasses import replace

from test_engine_packs import ScriptedRng, by_command, game, legend, make_pack, place, with_foes

from hollowcli.engine import apply, command_hint
from hollowcli.pack.model import AttackSpec, Skill


def active(state, lid="ann"):
    return apply(state, by_command(state, f"activate {lid}"), ScriptedRng())[0]


def test_legal_commands_need_no_hint() -> None:
    state = game(make_pack())
    assert command_hint(state, "activate ann") == ""


def test_hints_name_the_rule_that_forbids_the_command() -> None:
    zap = Skill("zap", "Zap", cost=3, attack=AttackSpec(1, 0, 9))
    rows = ["#######", "#.....#", "#..#..#", "#.....#", "#######"]
    pack = make_pack(rows, legends=[legend("ann", skills=("zap",), move=2), legend("bob")], skills=[zap], features={})
    state = with_foes(place(game(pack), ann="B3", bob="B3"), ("gob", "F3"), ("gob", "C2"))
    assert "activate ann, bob" in command_hint(state, "move C3")
    assert "not a command" in command_hint(state, "dance")
    state = active(state)
    assert "is still acting" in command_hint(state, "activate bob")
    assert command_hint(state, "move F3") == "F3 is 6 steps from B3 on foot (walls or '#' force a detour); Ann can move 2 more."
    assert "not a location" in command_hint(state, "move Q99")
    assert "range 4; that attack reaches 2" in command_hint(state, "attack 1")
    assert command_hint(state, "attack #7") == "No foe on the board has the standee number 7 (foes there: g1, g2)."
    assert "'x9' is neither a foe on the board (g1, g2) nor a location" in command_hint(state, "attack x9")
    state = state.with_legend(replace(state.legend("ann"), ready=1, spent=2))
    assert command_hint(state, "attack 1 with zap") == "Zap costs 3 tokens; Ann has 1 ready."
    state = state.with_legend(replace(state.legend("ann"), ready=3, spent=0))
    assert "no line of sight" in command_hint(state, "attack 1 with zap") and "D3" in command_hint(state, "attack 1 with zap")
    assert command_hint(state, "attack 2 with zap") == ""
    assert "nothing to search" in command_hint(state, "search").lower()
    moved, _ = apply(state, by_command(state, "move B2"), ScriptedRng())
    assert "no movement left" in command_hint(moved, "move B3")
    acted, _ = apply(state, by_command(state, "attack 2 with zap"), ScriptedRng([0]))
    assert command_hint(acted, "attack 2") == "Ann has already taken the one action of this activation; move or end."
    done, _ = apply(acted, by_command(acted, "move B2"), ScriptedRng())
    assert done.turn is None and "activate bob" in command_hint(done, "attack 2")


def test_hints_never_raise_and_are_empty_exactly_for_legal_commands() -> None:
    import random

    from test_engine_playthrough import OBJECTIVES, busy_pack

    from hollowcli.engine import auto_action, new_game, outcome, parse_command

    pack = busy_pack(OBJECTIVES[2])
    rng = random.Random(9)
    state = new_game(pack, "t")
    words = ["activate", "move", "attack", "use", "give", "swap", "search", "restore", "refresh", "end", "with", "to", "on",
             "ann", "bob", "cid", "volley", "jab", "club", "snare", "amulet", "lamp", "B2", "C4", "Z9", "1", "2", "#3", "health",
             "fear", "", "Volley", "²"]
    checked = 0
    while outcome(state) is None and checked < 3000:
        for _ in range(20):
            text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
            hint = command_hint(state, text)
            assert isinstance(hint, str)
            assert (hint == "") == (parse_command(state, text) is not None), text
            checked += 1
        state, _ = apply(state, auto_action(state, rng), rng)
