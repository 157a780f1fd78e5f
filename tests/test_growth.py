"""engine/growth.py: a Legend after its campaign's ``changes`` (issue 19), each key of the
vocabulary applied, in the order the plan reads, with the source of every number kept for
the words ("2 dice +1 direct (Steady Hand)"). Built on the test campaign pack's records."""

from __future__ import annotations

from pathlib import Path

import pytest

from hollowcli.engine.growth import BASIC, attack_words, grow, grown_attack, stat_words, total
from hollowcli.pack import model
from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import AttackDelta, AttackSpec, Changes, SkillChanges

PACK = Path(__file__).resolve().parent / "packs" / "campaign"


@pytest.fixture(scope="module")
def pack() -> model.Pack:
    return load_pack([PACK], use_cache=False)


def test_stats_add_up_with_their_sources(pack: model.Pack) -> None:
    emily = pack.legends["emily-van-winkle"]  # health 8, defense 1, move 3, tokens 4, priority 3
    g = grow(emily, pack.skills, [("The Healer", pack.paths["emily-van-winkle"].options["healer"].changes),
                                   ("Hard Hide", pack.upgrades["hard-hide"].changes),
                                   ("Quick", (Changes(move=+1, tokens=-1, attack_priority=+2),))])
    assert (g.legend.health, g.legend.defense, g.legend.move, g.legend.tokens, g.legend.attack_priority) == (10, 2, 4, 3, 5)
    assert g.sources["health"] == (("The Healer", 1), ("Hard Hide", 1))
    assert stat_words(g, "health") == "10 (8 +1 The Healer +1 Hard Hide)"
    assert stat_words(g, "tokens") == "3 (4 -1 Quick)"
    assert stat_words(g, "defense") == "2 (1 +1 Hard Hide)"
    assert g.base is emily and emily.health == 8  # the pack's record is untouched


def test_a_stat_never_falls_below_its_floor(pack: model.Pack) -> None:
    emily = pack.legends["emily-van-winkle"]
    g = grow(emily, pack.skills, [("Curse", (Changes(health=-20, defense=-5, move=-9),))])
    assert (g.legend.health, g.legend.defense, g.legend.move) == (1, 0, 0)


def test_the_fear_limit_is_a_change_on_the_rules_limit(pack: model.Pack) -> None:
    g = grow(pack.legends["jeremiah-pincke"], pack.skills, [("Brave Heart", pack.upgrades["brave-heart"].changes),
                                                             ("Mourning Coat", pack.items["mourning-coat"].changes)])
    assert g.fear_limit == 2
    assert stat_words(g, "fear_limit", 10) == "12 (10 +1 Brave Heart +1 Mourning Coat)"
    assert stat_words(grow(pack.legends["jeremiah-pincke"], pack.skills, []), "fear_limit", 10) == "10"


def test_skills_are_removed_replaced_in_place_and_added(pack: model.Pack) -> None:
    emily = pack.legends["emily-van-winkle"]  # long-shot, scatter-shot
    keen = grow(emily, pack.skills, [("Keen Eye", pack.upgrades["keen-eye"].changes)])
    assert keen.legend.skills == ("far-shot", "scatter-shot")  # the new skill takes the old one's place
    healer = grow(emily, pack.skills, [("The Healer", pack.paths["emily-van-winkle"].options["healer"].changes)])
    assert healer.legend.skills == ("long-shot", "poultice")
    both = Changes(skills=SkillChanges(add=("long-shot",)))
    assert grow(emily, pack.skills, [("Twice", (both,))]).legend.skills == ("long-shot", "scatter-shot")  # no double


def test_within_one_change_skills_come_before_the_attack(pack: model.Pack) -> None:
    """One upgrade may give a skill and sharpen it: the delta is kept by skill, and the
    skill is on the list once the change is applied."""
    one = Changes(skills=SkillChanges(add=("far-shot",)), skill="far-shot", attack=AttackDelta(dice=1))
    g = grow(pack.legends["emily-van-winkle"], pack.skills, [("Far Sight", (one,))])
    assert "far-shot" in g.legend.skills
    assert grown_attack(pack.skills["far-shot"].attack, g, "far-shot") == AttackSpec(3, 0, 6, False)


def test_a_skill_that_starts_locked_stays_locked_until_unlocked(pack: model.Pack) -> None:
    hunter = pack.paths["emily-van-winkle"].options["hunter"].changes  # adds piercing-shot (locked: true)
    g = grow(pack.legends["emily-van-winkle"], pack.skills, [("The Hunter", hunter)])
    assert "piercing-shot" not in g.legend.skills and g.locked == ("piercing-shot",)
    g = grow(pack.legends["emily-van-winkle"], pack.skills, [("The Hunter", hunter)], unlocked=["piercing-shot"])
    assert g.legend.skills[-1] == "piercing-shot" and g.locked == ()


def test_attack_deltas_by_skill_and_on_the_basic_attack_with_their_words(pack: model.Pack) -> None:
    matthias = pack.legends["matthias-geroux"]
    steady = pack.skills["steady-aim"].attack  # 3 dice, 1 direct, range 4
    g = grow(matthias, pack.skills, [("Steady Hand", pack.upgrades["steady-hand"].changes)])
    assert grown_attack(steady, g, "steady-aim") == AttackSpec(3, 2, 4, False)
    assert grown_attack(matthias.basic_attack, g, BASIC) is matthias.basic_attack  # only the named skill
    assert attack_words(steady, g, "steady-aim") == "3 dice +2 direct (1 +1 Steady Hand)"
    plain = AttackSpec(2, 0, 2, False)
    assert attack_words(plain, g, "steady-aim") == "2 dice +1 direct (Steady Hand)"  # the example
    assert attack_words(plain, None, "steady-aim") == "2 dice"
    iron = grow(pack.legends["jeremiah-pincke"], pack.skills, [("Iron Fist", pack.upgrades["iron-fist"].changes)])
    basic = pack.legends["jeremiah-pincke"].basic_attack
    assert grown_attack(basic, iron, BASIC).dice == basic.dice + 1
    assert attack_words(basic, iron, BASIC).startswith(f"{basic.dice + 1} dice ({basic.dice} +1 Iron Fist)")


def test_two_sources_on_one_attack_add_up_and_the_list_form_splits_them(pack: model.Pack) -> None:
    emily = pack.legends["emily-van-winkle"]
    long_shot = pack.skills["long-shot"].attack  # 2 dice, 1 direct, range 6
    sharper = (Changes(skill="long-shot", attack=AttackDelta(direct=1, area=True)),)
    g = grow(emily, pack.skills, [("Mourning Coat", pack.items["mourning-coat"].changes), ("Sharper", sharper)])
    assert grown_attack(long_shot, g, "long-shot") == AttackSpec(2, 2, 7, True)
    assert attack_words(long_shot, g, "long-shot") == \
        "2 dice +2 direct (1 +1 Sharper), range 7 (6 +1 Mourning Coat), an area attack (Sharper)"
    assert total([AttackDelta(dice=1, area=True), AttackDelta(dice=-3, area=False)]) == AttackDelta(-2, 0, 0, False)
    worse = (Changes(skill="long-shot", attack=AttackDelta(dice=-5, direct=-5)),)
    assert grown_attack(long_shot, grow(emily, pack.skills, [("Worse", worse)]), "long-shot").dice == 0


def test_a_delta_on_a_skill_the_legend_lacks_waits_for_it(pack: model.Pack) -> None:
    emily = pack.legends["emily-van-winkle"]
    sharpen = (Changes(skill="far-shot", attack=AttackDelta(dice=1)),)
    g = grow(emily, pack.skills, [("Early", sharpen)])
    assert "far-shot" not in g.legend.skills and g.attack_delta("far-shot").dice == 1
    later = grow(emily, pack.skills, [("Early", sharpen), ("Keen Eye", pack.upgrades["keen-eye"].changes)])
    assert "far-shot" in later.legend.skills and grown_attack(pack.skills["far-shot"].attack, later, "far-shot").dice == 3


def test_nothing_given_changes_nothing(pack: model.Pack) -> None:
    emily = pack.legends["emily-van-winkle"]
    g = grow(emily, pack.skills, [])
    assert g.legend == emily and g.sources == {} and g.attacks == {} and g.fear_limit == 0
    assert stat_words(g, "health") == "8"
