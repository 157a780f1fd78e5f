"""The campaign's pack side (issue 19): ``campaigns:``, ``upgrades:``, ``paths:``, outfits,
locked skills and the one ``changes`` vocabulary, as the loader builds them, as
``content show`` says them, and what the validator refuses or warns about. Every message's
exact words are in the corpus (tests/golden/validate/campaigns*); here, the behaviour a
wrong reading would change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_contract import doc, hollow, ok

from hollowcli.errors import ContentError
from hollowcli.pack import model
from hollowcli.pack.campaigns import campaign_words, next_words, reward_words
from hollowcli.pack.changes import changes_words
from hollowcli.pack.loader import load_pack
from hollowcli.pack.vocab import ItemKind

PACK = Path(__file__).resolve().parent / "packs" / "campaign"


@pytest.fixture(scope="module")
def pack() -> model.Pack:
    return load_pack([PACK], use_cache=False)


def problems(tmp_path: Path, text: str, warnings: bool = False) -> list[str]:
    """The messages of a pack of one file (its warnings when ``warnings``; errors else)."""
    folder = tmp_path / "p"
    folder.mkdir(exist_ok=True)
    (folder / "p.yaml").write_text(text, encoding="utf-8")
    found: list = []
    try:
        load_pack([folder], use_cache=False, warnings=found)
    except ContentError as err:
        assert not warnings, [p.message for p in err.problems]
        return [p.message for p in err.problems]
    return [p.message for p in found] if warnings else []


# ------------------------------------------------------------------ the records
def test_the_pack_holds_typed_campaign_records(pack: model.Pack) -> None:
    camp = pack.campaigns["the-hollow"]
    assert camp.start == "schoolhouse" and list(camp.chapters) == ["schoolhouse", "ferry-landing", "mill-race",
                                                                    "churchyard"]
    ferry = camp.chapters["ferry-landing"]
    assert ferry.won == model.Next((("ferry", "churchyard"),), "mill-race")
    assert ferry.won.targets() == ("churchyard", "mill-race")
    assert ferry.lost is None  # the chapter again (reading 4)
    assert camp.chapters["schoolhouse"].rewards.won == model.Reward(items=("storm-lantern",), upgrades=1)
    assert ferry.rewards.lost == model.Reward(items=("linen-bandages",))
    assert pack.upgrades["brave-heart"].legend == "any" and pack.upgrades["hard-hide"].legend == "any"  # the default
    steady = pack.upgrades["steady-hand"].changes
    assert steady == (model.Changes(skill="steady-aim", attack=model.AttackDelta(direct=1)),)
    assert pack.paths["emily-van-winkle"].options["healer"].changes[0].health == 1
    assert pack.items["oilskin-coat"].kind is ItemKind.OUTFIT
    assert len(pack.items["mourning-coat"].changes) == 2  # the list form
    assert pack.skills["piercing-shot"].locked and not pack.skills["poultice"].locked
    assert pack.items["storm-lantern"].changes == ()


def test_a_cached_pack_is_the_same_as_a_validated_one(pack: model.Pack) -> None:
    first = load_pack([PACK])  # validates and writes the cache
    again = load_pack([PACK])  # reads it
    for kind in ("campaigns", "upgrades", "paths", "items", "skills"):
        assert again.kind(kind) == pack.kind(kind) == first.kind(kind), kind
    assert isinstance(again.campaigns["the-hollow"].chapters["ferry-landing"].won.branches, tuple)


# ------------------------------------------------------------------ words
def test_changes_in_words_name_every_part_in_the_order_they_apply(pack: model.Pack) -> None:
    say = lambda up: changes_words(pack, pack.upgrades[up].changes)  # noqa: E731
    assert say("steady-hand") == "Steady Aim: +1 direct damage"
    assert say("hard-hide") == "+1 health, +1 defense"
    assert say("keen-eye") == "Long Shot becomes Far Shot"
    assert say("iron-fist") == "basic attack: +1 die"
    healer = pack.paths["emily-van-winkle"].options["healer"].changes
    assert changes_words(pack, healer) == "loses Scatter Shot; gains Poultice; +1 health"
    assert changes_words(pack, pack.items["mourning-coat"].changes) == "+1 fear limit; Long Shot: +1 range"
    odd = model.Changes(move=-1, tokens=2, attack=model.AttackDelta(dice=-2, area=True))
    assert changes_words(pack, (odd,)) == "-1 move, +2 action tokens; basic attack: -2 dice, becomes an area attack"
    assert changes_words(pack, ()) == "no change"


def test_a_campaign_in_words_follows_its_graph(pack: model.Pack) -> None:
    camp = pack.campaigns["the-hollow"]
    lines = campaign_words(pack, camp)
    assert lines[0].startswith("The Schoolhouse by the Mill Pond: won, on to The Ferry Landing; lost, played again.")
    assert "Rewards when won: Storm Lantern; 1 upgrade for each Legend" in lines[0]
    ferry = next(line for line in lines if line.startswith("The Ferry Landing"))
    assert ("on to The Churchyard at Midnight if the flag 'ferry' is set, else The Mill Race at Dusk" in ferry
            and "Rewards when lost: Linen Bandages" in ferry)
    assert next_words(pack, model.Next((), "end")) == "the end"
    assert reward_words(pack, camp.chapters["churchyard"].rewards.won) == "1 upgrade for each Legend; unlocks Piercing Shot"


def test_content_show_and_list_know_the_new_kinds() -> None:
    got = doc("content", "show", "path", "emily-van-winkle", "--content", str(PACK))
    assert got["in_words"] == {"options": ["hunter (The Hunter): gains Piercing Shot",
                                           "healer (The Healer): loses Scatter Shot; gains Poultice; +1 health"]}
    got = doc("content", "show", "item", "oilskin-coat", "--content", str(PACK))
    assert got["in_words"] == {"changes": ["while worn: +1 defense"]} and got["entry"]["kind"] == "outfit"
    assert "in_words" not in doc("content", "show", "item", "storm-lantern", "--content", str(PACK))
    text = ok("content", "show", "upgrade", "steady", "--content", str(PACK)).stdout  # a unique prefix
    assert "changes (in words):\n  for Matthias Geroux: Steady Aim: +1 direct damage" in text
    listed = doc("content", "list", "campaigns", "--content", str(PACK))
    assert [r["id"] for r in listed["campaigns"]] == ["the-hollow"]
    paths = doc("content", "list", "paths", "--content", str(PACK))["paths"]
    assert [(r["id"], r["name"]) for r in paths] == [("emily-van-winkle", "The Hunter or The Healer")]
    counts = doc("content", "validate", str(PACK))["counts"]
    assert (counts["campaigns"], counts["upgrades"], counts["paths"]) == (1, 5, 1)


# ------------------------------------------------------------------ validation
def test_an_end_reached_only_through_a_branch_is_an_end(tmp_path: Path) -> None:
    branch = """campaigns:
  c:
    name: C
    start: schoolhouse
    chapters:
      schoolhouse: {won: {if_flag: {ferry: end}, else: schoolhouse}}
"""
    assert problems(tmp_path, branch) == []  # a check that ignored branches would refuse it
    looped = branch.replace("{if_flag: {ferry: end}, else: schoolhouse}", "schoolhouse")
    assert problems(tmp_path, looped) == ["the campaign 'c' can never end: no chapter it reaches from "
                                          "'schoolhouse' leads to 'end'"]


def test_a_loss_that_leads_on_counts_as_a_way_on(tmp_path: Path) -> None:
    text = """campaigns:
  c:
    name: C
    start: schoolhouse
    chapters:
      schoolhouse: {won: mill-race, lost: covered-bridge}
      mill-race: {won: schoolhouse}
      covered-bridge: {won: end}
"""
    assert problems(tmp_path, text) == []
    trapped = text.replace("lost: covered-bridge", "lost: schoolhouse")
    got = problems(tmp_path, trapped)
    assert got and got[0].startswith("the campaign 'c' can never end")  # covered-bridge is now never reached


def test_rewards_are_checked_against_the_layered_items(tmp_path: Path) -> None:
    """The kinds of a reward's items are known only once every pack is layered: a user pack
    may make a built-in item an outfit and give it as one."""
    good = """items:
  storm-lantern: {name: Storm Lantern, kind: outfit, changes: {defense: +1}}
campaigns:
  c: {name: C, start: schoolhouse, chapters: {schoolhouse: {won: end, rewards: {won: {outfits: [storm-lantern]}}}}}
"""
    assert problems(tmp_path, good) == []
    bad = good.replace("kind: outfit, changes: {defense: +1}", "kind: item")
    assert problems(tmp_path, bad) == ["the reward's outfits lists 'storm-lantern', which is an item"]


def test_a_flag_carried_by_a_chapter_may_be_branched_on(tmp_path: Path) -> None:
    camp = """campaigns:
  c: {name: C, start: schoolhouse, chapters: {schoolhouse: {won: {if_flag: {ferry: end}, else: end}}}}
"""
    chapter = (PACK / "campaign.yaml").read_text(encoding="utf-8")
    start = chapter.index("chapters:\n")
    carried = chapter[start:chapter.index("campaigns:")]
    assert problems(tmp_path, camp, warnings=True) == [
        "the campaign branches on the flag 'ferry' after 'schoolhouse', but no chapter carries that flag into the "
        "campaign, so the branch is never taken"]
    assert problems(tmp_path, camp + carried, warnings=True) == []
    not_carried = carried.replace("campaign: true", "campaign: false")
    assert len(problems(tmp_path, camp + not_carried, warnings=True)) == 1  # a chapter flag is not a campaign's


def test_an_upgrade_may_sharpen_a_skill_its_legend_gains_from_a_path(tmp_path: Path) -> None:
    text = """skills:
  piercing-shot: {name: Piercing Shot, cost: 2, attack: {dice: 3, range: 4}}
upgrades:
  keen: {name: Keen, legend: emily-van-winkle, changes: {skill: piercing-shot, attack: {dice: +1}}}
"""
    warned = problems(tmp_path, text, warnings=True)
    assert warned == ["the upgrade 'keen' changes the skill 'piercing-shot', which Emily Van Winkle neither starts "
                      "with nor gains from a life path or an upgrade"]
    path = """paths:
  emily-van-winkle:
    at: schoolhouse
    options: {a: {name: A, changes: {skills: {add: [piercing-shot]}}}, b: {name: B, changes: {health: +1}}}
campaigns:
  c: {name: C, start: schoolhouse, chapters: {schoolhouse: {won: end}}}
"""
    assert problems(tmp_path, text + path, warnings=True) == []


def test_a_locked_skill_is_quiet_once_a_reward_unlocks_it(tmp_path: Path) -> None:
    text = """skills:
  hidden: {name: Hidden, cost: 1, locked: true, attack: {dice: 2}}
campaigns:
  c: {name: C, start: schoolhouse, chapters: {schoolhouse: {won: end, rewards: {won: {skills: [SKILL]}}}}}
"""
    assert problems(tmp_path, text.replace("SKILL", "hidden"), warnings=True) == []
    got = problems(tmp_path, text.replace("SKILL", "long-shot"), warnings=True)
    assert len(got) == 2 and "'hidden' starts locked" in got[0] and "unlocks the skill 'long-shot'" in got[1]


def test_validate_json_lists_the_campaign_warnings_and_exits_0() -> None:
    corpus = Path(__file__).resolve().parent / "golden" / "validate" / "campaigns-warnings"
    res = hollow("content", "validate", str(corpus), "--json")
    assert res.code == 0
    got = json.loads(res.stdout)
    assert got["ok"] is True and len(got["warnings"]) == 7
    assert all(w["file"].endswith("lint.yaml") and w["line"] for w in got["warnings"])


def test_an_outfit_card_says_it_is_worn_and_what_it_changes(tmp_path: Path) -> None:
    import pypdfium2

    ok("print", "cards", "items", "--content", str(PACK), "--out", str(tmp_path))
    pdf = pypdfium2.PdfDocument(str(tmp_path / "cards-items.pdf"))
    text = " ".join(" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf)))
    assert "Oilskin Coat Outfit · one worn per Legend" in text
    assert "While worn: +1 defense." in text and "While worn: +1 fear limit; Long Shot: +1 range." in text
    # only outfits say it: the two here and the built-in Drover's Greatcoat
    assert "Storm Lantern 1● Item" in text and text.count("While worn") == 3 and "Drover's Greatcoat" in text
