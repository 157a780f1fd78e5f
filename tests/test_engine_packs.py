"""Small hand-written packs for the engine tests (no dependency on the built-in content),
a scripted random generator, and checks of the builders themselves."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from hollowcli.engine import GameState, new_game
from hollowcli.pack.model import (
    Ally,
    AttackSpec,
    Card,
    Chapter,
    Die,
    Face,
    Foe,
    FoePlacement,
    Item,
    Legend,
    Objective,
    Pack,
    Rules,
    Setup,
    Skill,
    SpawnGroup,
    TrackSpot,
    frozen_map,
)

# The test attack die: faces by index 0..3 -> values 0 (blank), 1, 1, 2.
ATTACK = Die("attack", (Face("blank", 0), Face("1", 1), Face("1", 1), Face("2", 2)))
D6 = Die("d6", tuple(Face(str(i), i) for i in range(1, 7)))

OPEN_MAP = (
    "#######",
    "#1....#",
    "#.....#",
    "#..S..#",
    "#....2#",
    "#######",
)


def legend(lid: str, **kw: Any) -> Legend:
    base: dict[str, Any] = {
        "id": lid, "name": f"{lid.capitalize()} Tester", "health": 8, "defense": 1, "move": 2, "attack_priority": 1,
        "tokens": 3, "basic_attack": AttackSpec(dice=1, direct=0, range=2), "bonus_direct": 1, "skills": (),
        "relic": None, "inventory": (),
    }
    base.update(kw)
    return Legend(**base)


def foe(fid: str, cls: str = "gobkin", **kw: Any) -> Foe:
    base: dict[str, Any] = {"id": fid, "name": fid.capitalize(), "cls": cls, "health": 2, "defense": 0, "move": 2,
                            "attack": AttackSpec(dice=1, direct=1, range=0), "supply": 10}
    base.update(kw)
    return Foe(**base)


def make_pack(
    map_rows: Sequence[str] = OPEN_MAP,
    *,
    legends: Iterable[Legend] | None = None,
    foes: Iterable[Foe] | None = None,
    skills: Iterable[Skill] = (),
    items: Iterable[Item] = (),
    walls: Sequence[tuple[str, str]] = (),
    barricades: Sequence[int] = (),
    track: Sequence[TrackSpot] | None = None,
    track_end: str = "loop",
    spawn_list: Sequence[Sequence[SpawnGroup]] = (),
    setup_legends: dict[str, str] | None = None,
    setup_foes: Sequence[FoePlacement] = (),
    objective: Objective | None = None,
    cards: Sequence[Card] = (),
    rules: Rules | None = None,
    features: dict[str, str] | None = None,
    feature_items: dict[str, str] | None = None,
    allies: Iterable[Ally] = (),
    setup_allies: dict[str, str | int] | None = None,
) -> Pack:
    """A pack with one chapter, ``t``, built straight from model objects."""
    lgs = list(legends) if legends is not None else [legend("ann", attack_priority=2), legend("bob", attack_priority=1)]
    fs = list(foes) if foes is not None else [foe("gob"), foe("pump", "pumpling", attack=AttackSpec(1, 0, 2), health=1),
                                               foe("boss", "boss", health=9, move=1)]
    chapter = Chapter(
        id="t", name="Test", number=1, intro="", map=tuple(map_rows),
        features=frozen_map(features if features is not None else {"S": "start"}),
        walls=tuple(tuple(w) for w in walls), barricades=tuple(barricades),
        track=tuple(track if track is not None else (TrackSpot(("move", "attack")),)), track_end=track_end,
        spawn_list=tuple(tuple(e) for e in spawn_list),
        setup=Setup(legends=frozen_map(setup_legends or {}), foes=tuple(setup_foes), allies=frozen_map(setup_allies or {})),
        objective=objective or Objective(kind="survive", rounds=3),
        cards=tuple(cards), feature_items=frozen_map(feature_items or {}),
    )
    return Pack(
        dice=frozen_map({"attack": ATTACK, "d6": D6}),
        legends=frozen_map({lg.id: lg for lg in lgs}),
        skills=frozen_map({s.id: s for s in skills}),
        items=frozen_map({i.id: i for i in items}),
        foes=frozen_map({f.id: f for f in fs}),
        rules=rules or Rules(),
        chapters=frozen_map({"t": chapter}),
        allies=frozen_map({a.id: a for a in allies}),
    )


class ScriptedRng(random.Random):
    """A generator that answers ``randrange`` from a script (then from a seeded stream) and
    counts every call, so a test can pin the dice and see how many were rolled."""

    def __init__(self, script: Sequence[int] = (), seed: int = 0) -> None:
        super().__init__(seed)
        self.script = list(script)
        self.calls = 0

    def randrange(self, *args: Any, **kw: Any) -> int:  # type: ignore[override]
        self.calls += 1
        if self.script:
            return self.script.pop(0)
        return super().randrange(*args, **kw)

    def shuffle(self, x: Any, *args: Any, **kw: Any) -> None:  # keep card order as written
        return None


def game(pack: Pack, **changes: Any) -> GameState:
    """A new game of the test chapter with some state fields replaced."""
    state = new_game(pack, "t")
    return replace(state, **changes) if changes else state


def place(state: GameState, **where: str) -> GameState:
    """Move Legends (by id) to locations."""
    return replace(state, legends=tuple(replace(lg, loc=where.get(lg.id, lg.loc)) for lg in state.legends))


def with_foes(state: GameState, *foes: tuple[str, str]) -> GameState:
    """Put foes (id, location) on the board at full health: identities numbered from 1,
    standee numbers from 1 within each kind (as a new game numbers its set-up)."""
    from hollowcli.engine import FoeState

    out = tuple(FoeState(number=i + 1, foe=fid, loc=loc, health=state.pack.foes[fid].health,
                         standee=1 + sum(1 for other, _ in foes[:i] if other == fid))
                for i, (fid, loc) in enumerate(foes))
    return replace(state, foes=out, next_foe=len(out) + 1)


def by_command(state: GameState, text: str):  # -> Action
    from hollowcli.engine import parse_command

    a = parse_command(state, text)
    assert a is not None, f"{text!r} is not legal; legal: {[x.command for x in __import__('hollowcli.engine', fromlist=['x']).legal_actions(state)]}"
    return a


# ------------------------------------------------------------ builder checks
def test_builder_chapter_plays_from_start_feature() -> None:
    state = new_game(make_pack(), "t")
    assert [lg.loc for lg in state.legends] == ["D4", "D4"]
    assert state.round == 1 and state.phase == "legends" and state.result is None


def test_scripted_rng_counts_and_follows_script() -> None:
    rng = ScriptedRng([3, 0])
    assert rng.randrange(4) == 3 and rng.randrange(4) == 0
    rng.randrange(4)
    assert rng.calls == 3
