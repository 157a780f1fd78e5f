"""The corrections of a chapter's script in ``hollow assist``: ``token add|remove KIND LOC``
and ``flag NAME N`` ("the board is the truth": a token placed or lost by mistake, a flag the
group says is set).

What must hold: each changes the ledger only and sets off no chapter event (reading 15);
each is checked against the board and the content in one sentence (an unknown kind or flag
with "did you mean", a square off the map, a second token of a kind on a square, a token
that is not there); each is a step that undo, redo, a resumed session and the log keep.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from hollowcli import engine
from hollowcli.cli import cli
from hollowcli.engine.corrections import Correction, apply_correction, parse_correction
from hollowcli.engine.state import TokenState
from hollowcli.errors import RulesError
from hollowcli.pack.loader import load_pack
from hollowcli.play.ledger import status_lines

GRAVES = str(Path(__file__).resolve().parent / "packs" / "graves")


def start() -> engine.GameState:
    return engine.new_game(load_pack((GRAVES,)), "graves")


def correct(state: engine.GameState, text: str) -> tuple[engine.GameState, list[engine.Event]]:
    return engine.apply(state, parse_correction(state, text), random.Random(1))


def refused(state: engine.GameState, text: str) -> str:
    with pytest.raises(RulesError) as err:
        apply_correction(state, parse_correction(state, text))
    return str(err.value)


def test_token_add_puts_a_token_on_the_square_the_way_the_board_has_it() -> None:
    state, events = correct(start(), "token add Tombstone d3")
    assert state.script is not None and TokenState("tombstone", "D3", health=3) in state.script.tokens
    assert [e.kind for e in events] == ["correction"]
    assert events[0].reason == "correction (token add tombstone D3): a Tombstone token is on D3 (health 3)"
    assert "Tokens: Fresh grave on I5, Sunken grave on E3, Tombstone on D3 (health 3/3)" in status_lines(state)
    # it is a tombstone like any other: nobody walks onto D3, and heroes may attack it
    emily = engine.parse_command(state, "activate emily")
    assert emily is not None
    acting, _ = engine.apply(state, emily, random.Random(1))
    assert engine.parse_command(acting, "move D3") is None
    assert engine.parse_command(acting, "move D4") is not None


def test_token_remove_takes_it_off_and_a_search_token_is_gone_with_what_it_held() -> None:
    state, events = correct(start(), "token remove fresh grave I5")
    assert state.script is not None and all(t.kind != "fresh-grave" for t in state.script.tokens)
    assert events[0].reason == ("correction (token remove fresh-grave I5): the Fresh grave token on I5 is taken off "
                                "(not destroyed: nothing is set off)")


def test_a_removed_tombstone_is_not_destroyed_so_token_destroyed_does_not_fire(tmp_path: Path) -> None:
    pack = tmp_path / "stones"
    pack.mkdir()
    (pack / "stones.yaml").write_text(Path(GRAVES, "graves.yaml").read_text(encoding="utf-8").replace(
        "    events:\n",
        "    events:\n      - {id: broken, when: {token_destroyed: tombstone}, do: [{set: {broken: 1}}]}\n"
        "      - {id: told, when: {flag: broken}, do: [{story: A stone is broken.}]}\n", 1), encoding="utf-8")
    state = engine.new_game(load_pack((str(pack),)), "graves")
    state, _ = correct(state, "token add tombstone D3")
    state, events = correct(state, "token remove tombstone D3")
    assert state.script is not None and state.script.counter("broken") == 0
    assert [e.kind for e in events] == ["correction"]


def test_flag_sets_the_counter_and_sets_nothing_off_then_or_at_the_next_step() -> None:
    """``horseman-rides`` fires when jar-found is set; set by a correction, the rider
    stays away, and the next step does not send him either (the flag was set before it)."""
    state, events = correct(start(), "flag jar-found 1")
    assert state.script is not None and state.script.counter("jar-found") == 1
    assert [e.kind for e in events] == ["correction"]
    assert events[0].reason == "correction (flag jar-found 1): jar-found is 1 (was 0; no event is set off)"
    assert "Flags: jar-found 1" in status_lines(state)
    act = engine.parse_command(state, "activate emily")
    assert act is not None
    state, events = engine.apply(state, act, random.Random(1))
    assert not any(f.foe == "headless-horseman" for f in state.foes)
    assert all("horseman-rides" not in e.reason for e in events)
    state, _ = correct(state, "flag jar-found 0")  # and 0 clears it
    assert state.script is not None and state.script.counter("jar-found") == 0


def test_each_wrong_correction_is_one_sentence_and_changes_nothing() -> None:
    state = start()
    wrong = refused(state, "token add tombstne D3")  # the kinds listed are every loaded pack's
    assert wrong.startswith("'tombstne' is not a token kind of the loaded content (did you mean 'tombstone'? the kinds: ")
    assert "fresh-grave, " in wrong and "sunken-grave, " in wrong and "); type token add|remove KIND LOC" in wrong
    assert refused(state, "token add tombstone K9").startswith("K9 is not a location on this map; type token")
    assert refused(state, "token add tombstone F2").startswith("F2 is not a location on this map")  # a '#'
    assert refused(state, "token add fresh-grave I5") == (
        "there is a Fresh grave on I5 already, and a square holds one token of each kind")
    assert refused(state, "token remove fresh-grave E3") == (
        "the ledger has no Fresh grave on E3 (it has 1 Fresh grave on I5); "
        "to say one is there, type 'token add fresh-grave E3'")
    assert refused(state, "token remove tombstone D3").startswith(
        "the ledger has no Tombstone on D3 (nor anywhere else)")
    assert refused(state, "token put tombstone D3").startswith("'token' is followed by add or remove, not 'put'")
    assert refused(state, "flag jar-fund 1").startswith(
        "'jar-fund' is not a flag or counter of this chapter (did you mean 'jar-found'? "
        "its flags and counters: jar-found); type flag NAME N")
    assert refused(state, "flag jar-found yes").startswith("'yes' is not a number")


def test_an_unscripted_chapter_has_no_tokens_or_flags_to_correct() -> None:
    unscripted = Path(__file__).parent.parent / "benchmarks" / "packs" / "unscripted"  # the four chapters before scripts
    state = engine.new_game(load_pack((unscripted,)), "schoolhouse")
    assert state.script is None
    assert refused(state, "flag jar-found 1").endswith("has no script, so it has no flags or counters")
    assert refused(state, "token add tombstone D3").endswith("has no script, so it has no tokens")


def test_a_correction_round_trips_through_a_save() -> None:
    state = start()
    for text in ("token add tombstone D3", "token remove fresh-grave I5", "flag jar-found 1"):
        c = parse_correction(state, text)
        back = Correction.from_dict(json.loads(json.dumps(c.to_dict())))
        assert back == c and back.command == text


def test_assist_keeps_them_through_undo_redo_resume_and_the_log(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"

    def assist(lines: list[str], *args: str) -> str:
        result = CliRunner().invoke(cli, ["assist", *args, "--campaign", "c", "--content", GRAVES, "--log", str(log)],
                                    input="\n".join(lines) + "\n", env={"NO_COLOR": "1"})
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        return " ".join(result.output.split())

    out = assist(["token add tombstone D3", "flag jar-found 1", "undo", "undo", "redo", "quit"],
                 "graves", "--seed", "1", "--new")
    assert "ok: a Tombstone token is on D3 (health 3)." in out
    assert "ok: jar-found is 1 (was 0; no event is set off)." in out
    assert "Put the board back as it was: - Take the Tombstone token off D3 (health 3/3)." in out  # the second undo
    assert "Redone 1 step: ok: a Tombstone token is on D3 (health 3)." in out
    out = assist(["status", "redo", "status", "quit"])  # a new session: resumed, and the flag still to redo
    assert "Tokens: Fresh grave on I5, Sunken grave on E3, Tombstone on D3 (health 3/3) Legend" in out
    assert out.count("Flags: jar-found 1") >= 1 and out.index("Redone 1 step") < out.rindex("Flags: jar-found 1")
    corrections = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    told = [e["numbers"]["command"] for e in corrections if e["kind"] == "correction"]
    assert told[:2] == ["token add tombstone D3", "flag jar-found 1"] and "flag jar-found 1" in told[2:]


def test_help_names_both() -> None:
    result = CliRunner().invoke(cli, ["assist", "graves", "--seed", "1", "--content", GRAVES, "--campaign", "h",
                                      "--new"], input="help\nquit\n", env={"NO_COLOR": "1"})
    assert "token add|remove KIND LOC" in result.output and "flag NAME N" in result.output


def test_a_skill_lock_is_corrected_on_its_skill() -> None:
    pack = str(Path(__file__).resolve().parent / "packs" / "table-tokens")
    state = engine.new_game(load_pack((pack,)), "risen-stones")  # a Skill lock on Long Shot at setup
    state, events = correct(state, "token remove skill-lock long-shot")
    assert state.script is not None and all(t.kind != "skill-lock" for t in state.script.tokens)
    assert events[0].reason.endswith("the Skill lock token on Long Shot is taken off (not destroyed: nothing is set off)")
    assert refused(state, "token add skill-lock long-sht").startswith(
        "a Skill lock sits on a skill, and 'long-sht' is not a skill (did you mean 'long-shot'?)")
    state, _ = correct(state, "token add skill lock Long-Shot")
    assert state.script is not None and TokenState("skill-lock", skill="long-shot") in state.script.tokens
