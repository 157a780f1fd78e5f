"""Issue 18's "done when": a chapter transcribed from a rulebook page, with no Python.

``tests/packs/graves`` is exactly the chapter "search the graves for the jar while the
tombstones rise; when the jar is found the Horseman rides; survive until dawn", written as a
player would (two search tokens, one holding the jar; three tombstones rising at the start of
rounds 2, 3 and 4; the search sets ``jar-found``; the flag sends the Headless Horseman in at
spawn point 3; the objective is the jar by round 8 and surviving 8 rounds). Here it is
validated, played by ``--auto`` to its verdict, run at the table by ``hollow assist`` from a
script through the jar and the rider's arrival, and simulated.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from hollowcli import engine
from hollowcli.cli import cli
from hollowcli.engine.policy import _search_goals
from hollowcli.engine.speed import replace
from hollowcli.pack.loader import load_pack

PACK = str(Path(__file__).resolve().parent / "packs" / "graves")

#: ``hollow assist graves --seed 1``: Emily walks to the fresh grave (E5, H5, I5) while the
#: others wait; hollow rolls every die ('r'). She digs up the jar in round 3.
TABLE = """\
# round 1
activate emily
move E5
activate jeremiah
end
activate matthias
end
activate elijah
end
# round 2: the first stone rose on D3
activate emily
move H5
attack g1 with long-shot
r
activate jeremiah
end
activate matthias
end
activate elijah
end
r
# round 3: the second stone on G4; the jar, and the rider
activate emily
move I5
search
activate jeremiah
end
activate matthias
end
activate elijah
end
r
r
r
quit
"""


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, [*args, "--content", PACK], input=stdin, env={"NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_pack_validates_with_no_problem_and_no_warning() -> None:
    code, out = run("content", "validate", PACK)
    assert code == 0, out
    assert "warning" not in out.lower() and out.startswith("OK: ")
    assert " 1 chapter from 2 packs " in out  # its own chapter only ('replaces: [chapters]')
    code, kinds = run("content", "list", "tokens", "--content", PACK)
    ours = sorted(line.split()[0] for line in kinds.splitlines() if "tests/packs/graves" in line)
    assert ours == ["fresh-grave", "sunken-grave", "tombstone"]  # its tombstone in place of the built-in one


def test_auto_plays_the_story_to_a_verdict() -> None:
    code, out = run("play", "graves", "--auto", "--seed", "2")
    text = flat(out)
    assert code == 0
    # the stones rise, one a round
    for n, (event, square) in enumerate((("first-stone", "D3"), ("second-stone", "G4"), ("third-stone", "H2")), 2):
        assert f"round {n} began" in text
        assert f"event '{event}': place a Tombstone token on {square}" in text
    # the jar is dug up, the flag set, and the rider comes in at spawn point 3
    found = text.index("searches the Fresh grave at I5")
    assert text.index("finds The Sexton's Jar", found) < text.index("event 'jar-dug-up': jar-found 0 → 1") \
        < text.index(">> Event 'horseman-rides': the flag 'jar-found' was set") \
        < text.index("The Headless Horseman appears at B6")
    assert "The Headless Horseman moves B6" in text  # and he rides
    # a verdict (this seed wins with the built-in Horseman's sample numbers; a lost game names who fell)
    won = "The chapter is won: the Legends reached the goal 'jar found'; the Legends survived 8 rounds"
    assert won in text or "The chapter is lost: " in text
    assert text.count("The chapter is ") == 1


def test_the_chapter_is_lost_at_dawn_when_the_jar_is_still_buried() -> None:
    """The objective's flag part has a limit: with no jar to find (the fresh grave gone), the
    chapter is lost at the end of round 8, not played on to the rules' round limit."""
    state = engine.new_game(load_pack((PACK,)), "graves")
    script = state.script
    assert script is not None
    state = replace(state, script=replace(script, tokens=tuple(t for t in script.tokens if t.kind != "fresh-grave")))
    rng = random.Random(7)
    while engine.outcome(state) is None:
        state, _ = engine.apply(state, engine.auto_action(state, rng), rng)
    assert (state.round, engine.outcome(state)) == (8, "lost")  # (no rider came: nobody fell)
    assert engine.outcome_reason(state) == "the objective was not met within 8 rounds"


def test_the_policy_digs_where_the_jar_is_and_stops_once_it_is_found() -> None:
    """A flag of the objective set by a search event is a search the policy goes for: the
    fresh grave (I5), not the sunken one (E3); once the flag is set, nothing is left to dig."""
    state = engine.new_game(load_pack((PACK,)), "graves")
    assert _search_goals(state) == ["I5"]
    script = state.script
    assert script is not None
    found = replace(state, script=replace(script, counters=(("jar-found", 1),)))
    assert _search_goals(found) == []


def test_assist_runs_the_chapter_at_the_table(tmp_path: Path) -> None:
    script = tmp_path / "table.in"
    script.write_text(TABLE, encoding="utf-8")
    code, out = run("assist", "graves", "--seed", "1", "--campaign", "graves", "--new", "--input", str(script))
    text = flat(out)
    assert code == 0, out
    assert "Tokens: Fresh grave on I5, Sunken grave on E3." in text  # the set-up names the search tokens
    assert "Event 'first-stone': round 2 began. - Read out: The ground heaves by the north wall and a stone " \
           "pushes up. - Place a Tombstone token on D3 (event 'first-stone')." in text
    assert "Event 'second-stone': round 3 began. - Place a Tombstone token on G4 (event 'second-stone')." in text
    assert "Emily searches the Fresh grave at I5 (1 search so far) and finds The Sexton's Jar" in text
    assert ("Event 'jar-dug-up': Emily searched I5. Read the jar's paragraph aloud. "
            "- Read out: Wrapped in sacking, a stoppered jar. It is warm.") in text
    assert ("Event 'horseman-rides': the flag 'jar-found' was set. - Read out: Hooves on the lane. The rider has "
            "come for his jar. - Place The Headless Horseman at spawn point 3 (B6) (no roll: the chapter's script "
            "puts it there).") in text
    assert "Move The Headless Horseman's standee B6→" in text  # the rider acts in the adversary phase
    assert "Event 'third-stone': round 4 began. - Place a Tombstone token on H2 (event 'third-stone')." in text
    assert "Flags: jar-found 1" in text
    assert "Objective: all of: reach the goal 'jar found' by round 8 (reached); survive 8 rounds" in text


def test_simulate_50_games_adds_up_and_the_jar_is_looked_for() -> None:
    code, out = run("simulate", "graves", "--games", "50", "--seed", "1", "--jobs", "1", "--json")
    assert code == 0
    doc = json.loads(out[: out.rindex("}") + 1])
    (ch,) = doc["chapters"]
    assert ch["chapter"] == "graves" and ch["games"] == 50
    losses = ch["losses"]
    assert ch["wins"] + sum(losses.values()) == 50
    assert sum(ch["rounds"]["histogram"].values()) == 50
    assert 0 < ch["wins"] < 50  # the rider can win it, and can be beaten
    # the chapter has no 'lose' step, so no loss is the story's; a policy that never dug
    # for the jar lost most games at dawn with it still buried (42 of these 50)
    assert losses["story"] == 0
    assert losses["rounds"] <= 5


def test_a_scripted_spawn_is_told_without_a_roll_on_a_point_or_a_square() -> None:
    from types import SimpleNamespace

    from hollowcli.engine.vocab import EventKind
    from hollowcli.play.instructions import instruction

    state = engine.new_game(load_pack((PACK,)), "graves")

    def spawned(point: int | None, to: str) -> str:
        ev = SimpleNamespace(kind=EventKind.SPAWN, phase="legends", actor="headless-horseman", target=None, frm=None,
                             to=to, reason="event 'horseman-rides': the Headless Horseman", detail="",
                             numbers={"roll": None, "point": point, "count": 1, "placed": 1, "numbers": [1],
                                      "placed_by": "event"})
        return flat(" ".join(instruction(ev, state)))

    assert spawned(3, "B6") == ("- Place The Headless Horseman at spawn point 3 (B6) "
                                "(no roll: the chapter's script puts it there).")
    assert spawned(None, "E4") == "- Place The Headless Horseman on E4 (no roll: the chapter's script puts it there)."


def test_the_empty_grave_is_searched_and_says_it_held_nothing() -> None:
    state = engine.new_game(load_pack((PACK,)), "graves")
    state = state.with_legend(replace(state.legend("emily-van-winkle"), loc="E3"))  # on the sunken grave
    rng = random.Random(1)
    for text in ("activate emily", "search"):
        action = engine.parse_command(state, text)
        assert action is not None, text
        state, events = engine.apply(state, action, rng)
    said = [e.reason for e in events if e.kind == "search"]
    assert said == ["Emily searches the Sunken grave at E3 (1 search so far) and finds nothing; the token is taken away"]
    assert state.script is not None and all(t.kind != "sunken-grave" for t in state.script.tokens)
    assert state.script.counter("jar-found") == 0  # the jar is not in this one


def test_a_stone_that_rises_under_the_legends_says_they_may_leave_it() -> None:
    """Reading 1: a figure on a square a token blocks may leave it. The narration and the
    table instruction say who stands there, so nobody wonders whether the stone throws
    Jeremiah off or traps him."""
    from hollowcli.engine.effects import APPLY, EffectCtx
    from hollowcli.pack.vocab import Effect
    from hollowcli.play.instructions import instruction

    state = engine.new_game(load_pack((PACK,)), "graves")
    (first,) = [ev for ev in state.chapter_def.events if ev.id == "first-stone"]
    place = first.do[1].value
    events: list[engine.Event] = []
    moved = state.with_legend(replace(state.legend("jeremiah-pincke"), loc="D3"))
    APPLY[Effect.PLACE](moved, place, EffectCtx(random.Random(1), events, "event 'first-stone'", []))
    (ev,) = events
    assert ev.reason.endswith("at 0 it is destroyed); Jeremiah stands there and may leave it")
    assert flat(" ".join(instruction(ev, moved))) == (
        "- Place a Tombstone token on D3, under Jeremiah, who may leave it but not come back (event 'first-stone').")
    events.clear()
    APPLY[Effect.PLACE](state, place, EffectCtx(random.Random(1), events, "event 'first-stone'", []))  # nobody there
    assert events[0].reason.endswith("at 0 it is destroyed)")
    assert flat(" ".join(instruction(events[0], state))) == "- Place a Tombstone token on D3 (event 'first-stone')."
