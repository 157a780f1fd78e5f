"""Dice as questions: the engine asks every roll through one protocol (engine/rolls.py).

A source that answers with the seeded faces plays the very game the seed plays; every
roll names its die, its count and what it is for; a physical answer changes the game and
is marked from the answer's flag, not from the ruling's words.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.engine.rolls import AskSource, Dice, RollRequest
from hollowcli.errors import RulesError
from hollowcli.pack.model import Face


@pytest.fixture(scope="module")
def pack() -> Any:
    return get_pack(())


def _play(pack: Any, chapter: str, seed: int, ask: Any = None, steps: int = 400) -> tuple[Any, list[Any]]:
    """A whole --auto game; each step rolls with Random(seed:i), through ``ask`` when given."""
    state = engine.new_game(pack, chapter)
    events: list[Any] = []
    for i in range(steps):
        if engine.outcome(state):
            break
        action = engine.auto_action(state, random.Random(i))
        rng = random.Random(f"{seed}:{i}")
        state, new = engine.apply(state, action, rng if ask is None else Dice(rng, AskSource(ask)))
        events.extend(new)
    return state, events


@pytest.mark.parametrize("chapter", ["schoolhouse", "covered-bridge", "churchyard"])
def test_asking_every_roll_and_taking_the_seeded_faces_plays_the_seeded_game(pack: Any, chapter: str) -> None:
    asked: list[RollRequest] = []

    def ask(req: RollRequest) -> None:
        asked.append(req)
        return None  # 'r': the seeded faces

    plain, plain_events = _play(pack, chapter, 11)
    via, via_events = _play(pack, chapter, 11, ask)
    assert via == plain and [e.to_dict() for e in via_events] == [e.to_dict() for e in plain_events]
    rolled = [e for e in plain_events if e.rolls]
    # one question per roll the engine made, in order, with the count it rolled
    assert len(asked) == len([e for e in rolled if e.kind != "attack" or not e.numbers.get("area")])
    assert sum(r.count for r in asked) == sum(len(e.rolls) for e in rolled)


def test_every_kind_of_roll_says_what_it_is_for(pack: Any) -> None:
    asked: list[RollRequest] = []
    for chapter in ("schoolhouse", "covered-bridge", "churchyard"):
        for seed in range(4):
            _play(pack, chapter, seed, lambda r: asked.append(r))
    kinds = {r.kind for r in asked}
    assert kinds == {"attack", "leave", "foe-attack", "spawn"}
    purposes = {r.kind: r.purpose for r in asked}
    assert re.fullmatch(r"[A-Z][a-z]+ attacks (.+ \d+|the one foe at [A-Z]\d+|all \d+ foes at [A-Z]\d+)", purposes["attack"])
    assert re.fullmatch(r"[A-Z][a-z]+'s leave roll, leaving \d+ foes? at [A-Z]\d+", purposes["leave"])
    assert re.fullmatch(r"(.+ \d+|The Headless Horseman) attacks [A-Z][a-z]+", purposes["foe-attack"])
    assert purposes["spawn"].startswith("spawn point for ")
    spawn = next(r for r in asked if r.kind == "spawn")
    assert spawn.die.id == pack.rules.spawn_die and spawn.count == 1 and spawn.prompt.startswith("Roll 1 d6 (spawn point for ")
    attack = next(r for r in asked if r.kind == "attack" and r.count == 2)
    assert attack.prompt == f"Roll 2 attack dice ({attack.purpose})"
    assert all(r.actor for r in asked if r.kind != "spawn")


def _first_attack(pack: Any, answer: Sequence[str] | None) -> tuple[Any, list[Any], list[RollRequest]]:
    """Chapter 1: Matthias walks to E2 and shoots Gobkin 1 with 2 attack dice."""
    state = engine.new_game(pack, "schoolhouse")
    for cmd in ("activate matthias", "move E2"):
        state, _ = engine.apply(state, engine.parse_command(state, cmd), random.Random(1))
    asked: list[RollRequest] = []

    def ask(req: RollRequest) -> Sequence[Face] | None:
        asked.append(req)
        if answer is None or len(asked) > 1:
            return None
        return [req.die.face_for(t) for t in answer]  # type: ignore[misc]

    new, events = engine.apply(state, engine.parse_command(state, "attack g1"), Dice(random.Random(4), AskSource(ask)))
    return new, events, asked


def test_a_physical_answer_decides_the_attack_and_is_marked_from_its_flag(pack: Any) -> None:
    _, seeded_events, asked = _first_attack(pack, None)
    req = asked[0]
    assert req.kind == "attack" and req.purpose == "Matthias attacks Gobkin 1" and req.count == 2
    new, events, _ = _first_attack(pack, ["2", "2"])
    hit = next(e for e in events if e.kind == "attack")
    assert [dict(r) for r in hit.rolls] == [{"die": "attack", "face": "2", "value": 2, "physical": True}] * 2
    assert "rolled [2, 2] (your dice) = 4" in hit.reason
    assert hit.numbers["dice_total"] == 4
    seeded_hit = next(e for e in seeded_events if e.kind == "attack")
    assert "(your" not in seeded_hit.reason and not any("physical" in r for r in seeded_hit.rolls)


def test_answering_the_seeded_faces_by_hand_changes_nothing_but_the_mark(pack: Any) -> None:
    _, _, asked = _first_attack(pack, None)
    same = [f.label for f in asked[0].seeded]
    a, ev_a, _ = _first_attack(pack, None)
    b, ev_b, _ = _first_attack(pack, same)
    assert a == b  # the seeded dice after the physical roll are the seed's
    assert [e.reason.replace(" (your dice)", "") for e in ev_b] == [e.reason for e in ev_a]


def test_a_wrong_answer_is_refused_and_the_state_is_untouched(pack: Any) -> None:
    state = engine.new_game(pack, "schoolhouse")
    for cmd in ("activate matthias", "move E2"):
        state, _ = engine.apply(state, engine.parse_command(state, cmd), random.Random(1))
    before = state.to_dict()
    one = pack.dice["attack"].faces[:1]
    with pytest.raises(RulesError, match="needs 2 face"):
        engine.apply(state, engine.parse_command(state, "attack g1"), Dice(random.Random(4), AskSource(lambda r: one)))
    d6 = pack.dice["d6"].faces[5:6] * 2
    with pytest.raises(RulesError, match="attack die"):
        engine.apply(state, engine.parse_command(state, "attack g1"), Dice(random.Random(4), AskSource(lambda r: d6)))

    def stop(_req: RollRequest) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):  # a player leaving at the question: the step is not taken
        engine.apply(state, engine.parse_command(state, "attack g1"), Dice(random.Random(4), AskSource(stop)))
    assert state.to_dict() == before


@pytest.mark.parametrize(("text", "labels"), [("1 blank", ["1", "blank"]), ("2,0", ["2", "blank"]), (" 1 , 2 ", ["1", "2"]), ("BLANK 1", ["blank", "1"])])
def test_a_request_reads_faces_by_value_or_label_with_spaces_or_commas(pack: Any, text: str, labels: list[str]) -> None:
    req = RollRequest(pack.dice["attack"], 2, "Emily attacks Gobkin 2", "attack", pack.dice["attack"].faces[:2], "emily")
    assert [f.label for f in req.read(text)] == labels


@pytest.mark.parametrize(("text", "why"), [("1 6", "'6' is not a face of the attack die; its faces are blank (0), 1, 2"),
                                           ("1", "That is 1 face, but 2 attack dice are rolled"),
                                           ("1 1 1", "That is 3 faces"), ("", "That is 0 faces")])
def test_a_request_refuses_a_face_the_die_lacks_or_the_wrong_count(pack: Any, text: str, why: str) -> None:
    req = RollRequest(pack.dice["attack"], 2, "Emily attacks Gobkin 2", "attack", pack.dice["attack"].faces[:2], "emily")
    with pytest.raises(ValueError, match=re.escape(why)):
        req.read(text)
