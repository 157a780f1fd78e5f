"""Whom a ``target: closest`` foe goes for: the closest *Legend* (the rules summary's
words), allies too only where a chapter or the rules say ``foe_targets: heroes``.

Each scenario puts an ally nearer the foe than any Legend, so the two readings send the
foe different ways."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine_packs import ScriptedRng, foe, game, make_pack, place, with_foes

from hollowcli.engine.adversary import adversary_phase, rank_targets
from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import Ally, AttackSpec, Rules, TrackSpot
from hollowcli.pack.vocab import FoeTargets

MAP = (
    "#########",
    "#.......#",
    "#.S.....#",
    "#.......#",
    "#########",
)


def _pack(rules: Rules | None = None, chapter: FoeTargets | None = None):
    pip = Ally("pip", "Pip Miller", health=4, defense=0, move=2, attack_priority=3, basic_attack=AttackSpec(1, 1, 1))
    pack = make_pack(MAP, foes=[foe("gob", move=1)], allies=[pip], setup_allies={"pip": "G3"},
                     track=[TrackSpot(("move",))], rules=rules)
    if chapter is None:
        return pack
    t = replace(pack.chapters["t"], foe_targets=chapter)
    return replace(pack, chapters={"t": t})


def _state(pack):
    # the gobkin at G2: Pip on G3 is 1 step south, both Legends on B2 are 5 steps west
    return with_foes(place(game(pack), ann="B2", bob="B2"), ("gob", "G2"))


def _moved_to(pack) -> str:
    events: list = []
    after = adversary_phase(_state(pack), ScriptedRng(), events)
    return after.foes[0].loc


def test_by_default_a_foe_walks_past_a_nearer_ally_toward_the_closest_legend() -> None:
    pack = _pack()
    ranked, why = rank_targets(_state(pack), _state(pack).foes[0])
    assert ranked == ["ann", "bob"] and "attack priority picks Ann" in why
    # one step west, toward the Legends, not south onto Pip's square
    assert _moved_to(pack) == "F2"


@pytest.mark.parametrize("where", ["rules", "chapter"])
def test_foe_targets_heroes_lets_the_closer_ally_be_chosen(where: str) -> None:
    pack = _pack(rules=Rules(foe_targets=FoeTargets.HEROES)) if where == "rules" else _pack(chapter=FoeTargets.HEROES)
    ranked, why = rank_targets(_state(pack), _state(pack).foes[0])
    assert ranked[0] == "pip", why
    assert why.startswith("Pip is closest (1 step")
    assert _moved_to(pack) == "G3"


def test_a_chapter_saying_legends_overrides_rules_saying_heroes() -> None:
    pack = _pack(rules=Rules(foe_targets=FoeTargets.HEROES), chapter=FoeTargets.LEGENDS)
    ranked, _ = rank_targets(_state(pack), _state(pack).foes[0])
    assert "pip" not in ranked


def test_the_shipped_mill_race_has_its_foes_hunt_tobias_and_the_rules_default_is_legends() -> None:
    pack = load_pack()
    assert pack.rules.foe_targets is FoeTargets.LEGENDS
    assert pack.chapters["mill-race"].foe_targets is FoeTargets.HEROES
    assert all(ch.foe_targets is None for cid, ch in pack.chapters.items() if cid != "mill-race")
