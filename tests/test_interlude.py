"""The interlude between two chapters of a campaign (issue 19, docs/design/campaign-plan.md §4).

Each test is built so a wrong reading gives another answer: the question kinds and their
order, ``--auto`` taking the first option, undo and another answer giving another sheet,
undo refused once the next game started, a branch on a flag and its ``else``, rewards
given, chapter items dropped, a locked skill unlocked, the chapter log, and a layout-5
save (made before pack campaigns) resuming and getting the log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import one_sentence, run_in_process
from click.testing import CliRunner

from hollowcli import engine
from hollowcli.cli import cli
from hollowcli.commands.common import get_pack
from hollowcli.engine import ScriptState
from hollowcli.engine.speed import replace
from hollowcli.engine.vocab import Result
from hollowcli.errors import UsageError
from hollowcli.play import campaigns, interlude, saves

HERE = Path(__file__).resolve().parent
CAMPAIGN = str(HERE / "packs" / "campaign")
VIGIL = str(HERE / "packs" / "interlude")
#: Each of those packs drops the built-in Long Autumn ('replaces: [campaigns, ...]'), so a
#: second campaign beside The Vigil comes from a small pack of its own, layered after it.
HOLLOW_TOO = "sample: true\ncampaigns:\n  the-hollow: {name: The Hollow, start: schoolhouse, chapters: {schoolhouse: {won: end}}}\n"


def _two(tmp_path: Path) -> list[str]:
    """``--content`` options loading two campaigns, the-hollow and the-vigil."""
    extra = tmp_path / "hollow-too"
    extra.mkdir(exist_ok=True)
    (extra / "campaign.yaml").write_text(HOLLOW_TOO, encoding="utf-8")
    return ["--content", VIGIL, "--content", str(extra)]
LEGENDS = ["jeremiah-pincke", "matthias-geroux", "elijah-kappel", "emily-van-winkle"]


@pytest.fixture(scope="module")
def pack() -> Any:
    return get_pack((CAMPAIGN,))


def _camp(pack: Any, chapter: str, name: str = "c") -> saves.Campaign:
    camp = saves.new_campaign(name, follows="the-hollow")
    campaigns.start_game(pack, camp, chapter, 1)
    return camp


def _end(pack: Any, camp: saves.Campaign, result: str, flags: dict[str, int] | None = None, rounds: int = 6,
         holding: dict[str, tuple[str, ...]] | None = None) -> campaigns.Finish:
    """End the game in progress with ``result``, the chapter's script carrying ``flags``."""
    assert camp.game is not None
    state = engine.new_game(pack, camp.game.chapter, camp.legends)
    script = ScriptState(counters=tuple((flags or {}).items()), carry=tuple(flags or {})) if flags else None
    legends = tuple(replace(lg, inventory=lg.inventory + (holding or {}).get(lg.id, ())) for lg in state.legends)
    state = replace(state, result=Result.WON if result == "won" else Result.LOST, round=rounds, script=script,
                    legends=legends)
    return campaigns.finish_game(pack, camp, state, result, "")


def _kinds(camp: saves.Campaign) -> list[tuple[str, Any]]:
    assert camp.interlude is not None
    return [(q["kind"], q.get("legend") or q.get("item")) for q in camp.interlude["questions"]]


# ----------------------------------------------------------------------------- questions
def test_a_won_chapter_asks_who_takes_each_item_then_each_legends_upgrade(pack: Any) -> None:
    camp = _camp(pack, "schoolhouse")
    done = _end(pack, camp, "won")
    assert done.next_chapter == "ferry-landing"
    assert _kinds(camp) == [("item", "storm-lantern")] + [("upgrade", lid) for lid in LEGENDS]
    assert camp.interlude is not None and interlude.state_of(camp.interlude) == interlude.ASKING
    assert camp.interlude["questions"][0]["options"] == LEGENDS  # who takes it: every Legend, in the pack's order
    # each upgrade question offers what is open to that Legend, in file order (reading 2: 'any' ones too)
    ups = {q["legend"]: q["options"] for q in camp.interlude["questions"][1:]}
    assert ups["matthias-geroux"] == ["steady-hand", "brave-heart", "hard-hide"]
    assert ups["emily-van-winkle"] == ["brave-heart", "hard-hide", "keen-eye"]
    assert ups["jeremiah-pincke"] == ["brave-heart", "hard-hide", "iron-fist"]


def test_relics_and_outfits_are_taken_then_worn_and_every_answer_is_recorded(pack: Any) -> None:
    camp = _camp(pack, "ferry-landing")
    _end(pack, camp, "won", {"ferry": 1})
    assert _kinds(camp) == [("relic", "bone-charm"), ("outfit", "oilskin-coat")]
    interlude.answer(pack, camp, "jeremiah-pincke")  # he wears the Horseshoe Amulet already
    assert _kinds(camp)[-1] == ("outfit", "oilskin-coat")  # who wears what waits for who takes what
    interlude.answer(pack, camp, "emily-van-winkle")
    # Jeremiah now carries two relics: which to wear (the one worn first); Emily wears the
    # coat at once (she wore nothing), so she is not asked
    assert _kinds(camp)[-1] == ("wear", "jeremiah-pincke")
    rec = camp.interlude
    assert rec is not None and rec["questions"][-1]["options"] == ["horseshoe-amulet", "bone-charm"]
    interlude.answer(pack, camp, "bone-charm")
    assert interlude.state_of(rec) == interlude.DONE
    assert camp.legends is not None
    assert camp.legends["jeremiah-pincke"]["relic"] == "bone-charm"
    assert "horseshoe-amulet" in camp.legends["jeremiah-pincke"]["inventory"]  # carried, with no effect (reading 8)
    assert camp.legends["emily-van-winkle"]["outfits"] == ["oilskin-coat"]
    assert camp.growth["emily-van-winkle"]["outfit"] == "oilskin-coat"
    entry = interlude.close(camp)
    assert entry is not None and [(c["kind"], c["answer"]) for c in entry["choices"]] == [
        ("relic", "jeremiah-pincke"), ("outfit", "emily-van-winkle"), ("wear", "bone-charm")]
    assert camp.log[-1] == entry and "base" not in entry and camp.interlude is None


def test_a_life_path_is_asked_after_its_chapter_is_won_not_lost(pack: Any) -> None:
    camp = _camp(pack, "churchyard")
    _end(pack, camp, "won")
    assert _kinds(camp)[-1] == ("path", "emily-van-winkle")
    assert camp.interlude is not None and camp.interlude["questions"][-1]["options"] == ["hunter", "healer"]
    lost = _camp(pack, "churchyard", "d")
    _end(pack, lost, "lost")
    assert lost.interlude is None, _kinds(lost)  # reading 3: nothing asked after a loss ...
    assert lost.log[-1]["choices"] == [] and lost.game is not None  # ... (and 4: played again at once)


def test_auto_takes_the_first_option_of_each(pack: Any) -> None:
    camp = _camp(pack, "schoolhouse")
    _end(pack, camp, "won")
    rec = camp.interlude
    assert rec is not None
    while interlude.state_of(rec) == interlude.ASKING:
        interlude.auto_answer(pack, camp)
    assert rec["answers"] == ["jeremiah-pincke", "brave-heart", "steady-hand", "brave-heart", "brave-heart"]
    assert camp.legends is not None and "storm-lantern" in camp.legends["jeremiah-pincke"]["inventory"]


def test_an_upgrade_already_taken_is_not_offered_again(pack: Any) -> None:
    camp = _camp(pack, "schoolhouse")
    camp.growth = {"emily-van-winkle": {**saves.empty_growth(), "upgrades": ["keen-eye"]}}
    _end(pack, camp, "won")
    rec = camp.interlude
    assert rec is not None
    emily = next(q for q in rec["questions"] if q.get("legend") == "emily-van-winkle")
    assert emily["options"] == ["brave-heart", "hard-hide"]


# ----------------------------------------------------------------------------- undo
def test_undo_then_another_answer_gives_another_sheet(pack: Any) -> None:
    camp = _camp(pack, "churchyard")
    _end(pack, camp, "won")
    for _ in range(4):
        interlude.auto_answer(pack, camp)
    interlude.answer(pack, camp, "healer")
    healer = interlude.grown(pack, "emily-van-winkle", camp.growth)
    assert healer.legend.health == pack.legends["emily-van-winkle"].health + 1
    assert "poultice" in healer.legend.skills and "scatter-shot" not in healer.legend.skills
    back = interlude.undo(pack, camp)
    assert back is not None and back["kind"] == "path" and camp.growth["emily-van-winkle"]["path"] is None
    interlude.answer(pack, camp, "hunter")
    hunter = interlude.grown(pack, "emily-van-winkle", camp.growth)
    assert hunter.legend.health == pack.legends["emily-van-winkle"].health
    assert "piercing-shot" in hunter.legend.skills and "poultice" not in hunter.legend.skills


def test_undo_and_redo_walk_the_answers(pack: Any) -> None:
    camp = _camp(pack, "schoolhouse")
    _end(pack, camp, "won")
    interlude.answer(pack, camp, "emily-van-winkle")
    interlude.answer(pack, camp, "iron-fist")
    assert interlude.undo(pack, camp) is not None and interlude.undo(pack, camp) is not None
    assert interlude.undo(pack, camp) is None  # nothing answered
    assert camp.legends is not None and "storm-lantern" not in camp.legends["emily-van-winkle"]["inventory"]
    interlude.redo(pack, camp)
    interlude.redo(pack, camp)
    assert camp.interlude is not None and camp.interlude["answers"] == ["emily-van-winkle", "iron-fist"]


def test_undo_is_refused_once_the_next_game_started(pack: Any, capsys: pytest.CaptureFixture[str]) -> None:
    camp = _camp(pack, "schoolhouse", "undo-late")
    _end(pack, camp, "won")
    while camp.interlude is not None and interlude.state_of(camp.interlude) == interlude.ASKING:
        interlude.auto_answer(pack, camp)
    saves.save(camp)
    run = CliRunner().invoke(cli, ["campaign", "next", "undo-late", "--undo", "--content", CAMPAIGN, "--json"])
    assert run.exit_code == 0, run.output
    assert json.loads(run.stdout)["questions"][-1]["answer"] is None  # undone while it was open
    camp = saves.load("undo-late")
    campaigns.start_game(pack, camp, "ferry-landing", 3)  # (the interlude closes when the next game starts)
    saves.save(camp)
    code, _out, err = run_in_process(capsys, "campaign", "next", "undo-late", "--undo", "--content", CAMPAIGN)
    assert code == 1 and one_sentence(err)
    assert ("the interlude after The Schoolhouse by the Mill Pond closed when The Ferry Landing started: an "
            "interlude can be undone only until the next chapter starts") in err
    assert saves.load("undo-late").log[-1]["choices"][-1]["answer"] == "brave-heart"  # the auto answer re-given


# ----------------------------------------------------------------------------- branches, rewards
@pytest.mark.parametrize(("flags", "goes"), [({"ferry": 1}, "churchyard"), ({}, "mill-race"), ({"ferry": 0}, "mill-race")])
def test_a_branch_is_taken_with_its_flag_and_the_else_without(pack: Any, flags: dict[str, int], goes: str) -> None:
    camp = _camp(pack, "ferry-landing")
    done = _end(pack, camp, "won", flags)
    assert done.next_chapter == goes
    assert camp.interlude is not None and camp.interlude["next"] == goes
    assert camp.interlude["flags_set"] == flags  # what the chapter carried, recorded


def test_a_lost_chapter_gives_only_its_lost_rewards_and_goes_where_lost_says(pack: Any) -> None:
    camp = _camp(pack, "ferry-landing")
    done = _end(pack, camp, "lost", {"ferry": 1})
    assert done.next_chapter == "ferry-landing"  # no 'lost': played again (reading 4)
    assert camp.interlude is not None and _kinds(camp) == [("item", "linen-bandages")]  # the consolation (reading 5)
    assert camp.interlude["flags_set"] == {} and "ferry" not in camp.flags  # a lost chapter carries no flag
    assert camp.game is None  # the retry waits for the answer
    interlude.answer(pack, camp, "matthias-geroux")
    assert camp.legends is not None and camp.legends["matthias-geroux"]["inventory"] == ["linen-bandages"]
    campaigns.start_game(pack, camp, "ferry-landing", None)
    assert camp.game is not None and camp.interlude is None and camp.log[-1]["outcome"] == "lost"


def test_rewards_given_chapter_items_dropped_locked_skill_unlocked(pack: Any) -> None:
    camp = _camp(pack, "schoolhouse")
    camp.growth = {"emily-van-winkle": {**saves.empty_growth(), "path": "hunter"}}
    locked = interlude.grown(pack, "emily-van-winkle", camp.growth)
    assert "piercing-shot" in locked.locked and "piercing-shot" not in locked.legend.skills  # reading 11
    _end(pack, camp, "won", holding={"jeremiah-pincke": ("flask-of-holy-water",)})
    assert camp.interlude is not None and camp.interlude["dropped"] == [["jeremiah-pincke", "flask-of-holy-water"]]
    assert camp.legends is not None and "flask-of-holy-water" not in camp.legends["jeremiah-pincke"]["inventory"]
    interlude.answer(pack, camp, "elijah-kappel")
    assert camp.legends["elijah-kappel"]["inventory"] == ["storm-lantern"]
    # the churchyard's reward frees the locked skill
    camp2 = _camp(pack, "churchyard")
    camp2.growth = {"emily-van-winkle": {**saves.empty_growth(), "path": "hunter"}}
    _end(pack, camp2, "won")
    free = interlude.grown(pack, "emily-van-winkle", camp2.growth)
    assert "piercing-shot" in free.legend.skills and free.locked == ()
    assert camp2.growth["emily-van-winkle"]["unlocked"] == ["piercing-shot"]


@pytest.mark.parametrize("result", ["won", "lost"])
def test_a_skill_the_chapters_story_unlocked_stays_free_after_a_win_only(pack: Any, result: str) -> None:
    """``unlock_skill`` in a won chapter frees the skill for the campaign, for every Legend,
    and undoing an interlude answer does not take it back (it is the chapter's, not an
    answer's); a lost chapter is reset and carries nothing."""
    camp = _camp(pack, "schoolhouse")
    assert camp.game is not None
    state = engine.new_game(pack, camp.game.chapter, camp.legends)
    state = replace(state, result=Result.WON if result == "won" else Result.LOST, round=6,
                    script=ScriptState(unlocked=("piercing-shot",)))
    campaigns.finish_game(pack, camp, state, result, "")
    freed = [lid for lid in LEGENDS if "piercing-shot" in camp.growth.get(lid, saves.empty_growth())["unlocked"]]
    assert freed == (list(LEGENDS) if result == "won" else [])
    if result == "won" and camp.interlude is not None and interlude.state_of(camp.interlude) == interlude.ASKING:
        interlude.auto_answer(pack, camp)
        interlude.undo(pack, camp)
        assert all("piercing-shot" in camp.growth[lid]["unlocked"] for lid in LEGENDS)


def test_the_last_chapter_won_ends_the_campaign(pack: Any) -> None:
    camp = _camp(pack, "churchyard")
    done = _end(pack, camp, "won")
    assert done.next_chapter is None
    while camp.interlude is not None and interlude.state_of(camp.interlude) == interlude.ASKING:
        interlude.auto_answer(pack, camp)
    assert campaigns.next_chapter(pack, camp) is None


def test_apply_is_pure(pack: Any) -> None:
    camp = _camp(pack, "schoolhouse")
    _end(pack, camp, "won")
    rec = camp.interlude
    assert rec is not None
    before = json.dumps(rec["base"], sort_keys=True)
    interlude.apply(pack, rec["base"], rec["rewards"], rec["questions"], ["emily-van-winkle", "iron-fist"])
    assert json.dumps(rec["base"], sort_keys=True) == before


# ----------------------------------------------------------------------------- the commands
def test_campaign_new_follows_the_one_campaign_or_from_or_refuses(pack: Any, capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["campaign", "new", "a1", "--content", CAMPAIGN])
    assert r.exit_code == 0 and "following The Hollow ('the-hollow')" in " ".join(r.output.split())
    assert saves.load("a1").follows == "the-hollow"
    code, _out, err = run_in_process(capsys, "campaign", "new", "a2", "--from", "nope", "--content", CAMPAIGN)
    assert code == 1 and one_sentence(err) and not saves.campaign_path("a2").exists()
    assert "--from 'nope' names no campaign of the loaded content; its campaigns are: the-hollow (The Hollow)" in err
    r = CliRunner().invoke(cli, ["campaign", "new", "a3"])  # the built-in content defines one: The Long Autumn
    assert r.exit_code == 0 and saves.load("a3").follows == "the-long-autumn"
    code, _out, err = run_in_process(capsys, "campaign", "new", "a4", *_two(tmp_path))
    assert code == 1 and one_sentence(err) and ("the loaded content defines 2 campaigns, none with the id 'a4'; choose "
                                                "one with --from ID: the-vigil (The Vigil), the-hollow (The Hollow)") in err
    r = CliRunner().invoke(cli, ["campaign", "new", "the-vigil", *_two(tmp_path)])
    assert r.exit_code == 0 and saves.load("the-vigil").follows == "the-vigil"
    r = CliRunner().invoke(cli, ["campaign", "new", "a5", "--json"], env={"HOLLOW_CONTENT": VIGIL})
    assert r.exit_code == 0 and json.loads(r.output)["follows"] == "the-vigil"


def test_campaign_next_json_alone_answers_nothing_then_input_answers(tmp_path: Path, pack: Any) -> None:
    camp = _camp(pack, "churchyard", "nx")
    _end(pack, camp, "won")
    saves.save(camp)
    r = CliRunner().invoke(cli, ["campaign", "next", "nx", "--json", "--content", CAMPAIGN])
    doc = json.loads(r.stdout)
    assert doc["state"] == "asking" and [q["answer"] for q in doc["questions"]] == [None] * 5
    path = doc["questions"][-1]
    assert [(o["id"], o["name"], o["words"]) for o in path["options"]] == [
        ("hunter", "The Hunter", "gains Piercing Shot"),
        ("healer", "The Healer", "loses Scatter Shot; gains Poultice; +1 health")]  # pack.changes.changes_words
    answers = tmp_path / "answers.txt"
    answers.write_text("# the upgrades, then the path\n3\nbrave\nhard hide\nkeen eye\nhealer\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["campaign", "next", "nx", "--input", str(answers), "--json", "--content", CAMPAIGN])
    doc = json.loads(r.stdout)
    assert doc["state"] == "done" and doc["next"] == "end"
    assert [q["answer"] for q in doc["questions"]] == ["iron-fist", "brave-heart", "hard-hide", "keen-eye", "healer"]
    assert saves.load("nx").growth["emily-van-winkle"]["path"] == "healer"


def test_campaign_next_says_a_bad_answer_and_keeps_asking(pack: Any) -> None:
    camp = _camp(pack, "schoolhouse", "bad")
    _end(pack, camp, "won")
    saves.save(camp)
    r = CliRunner().invoke(cli, ["campaign", "next", "bad", "--content", CAMPAIGN], input="9\nnobody\nundo\n")
    out = " ".join(r.output.split())
    assert r.exit_code == 0
    assert "'9' is not one of the options: type a number from 1 to 4, or a name" in out
    assert "'nobody' is not one of the options" in out
    assert "Nothing is answered yet: there is nothing to undo." in out
    assert "the interlude is saved with 5 questions still owed" in out


def test_a_campaign_without_a_pack_campaign_goes_by_number_and_gets_the_log() -> None:
    pack = get_pack(())
    camp = saves.new_campaign("plain")
    campaigns.start_game(pack, camp, "schoolhouse", 1)
    state = replace(engine.new_game(pack, "schoolhouse"), result=Result.WON, round=7)
    done = campaigns.finish_game(pack, camp, state, "won", "")
    assert done.next_chapter == "covered-bridge" and camp.interlude is None  # no question: closed at once
    assert camp.log[-1]["chapter"] == "schoolhouse" and camp.log[-1]["rounds"] == 7 and camp.log[-1]["next"] == "covered-bridge"
    campaigns.start_game(pack, camp, "covered-bridge", 1)
    state = replace(engine.new_game(pack, "covered-bridge"), result=Result.LOST, round=3)
    done = campaigns.finish_game(pack, camp, state, "lost", "")
    assert camp.game is not None and camp.game.chapter == "covered-bridge"  # reset at once, as before
    assert [e["outcome"] for e in camp.log] == ["won", "lost"]


def test_a_campaign_that_follows_a_campaign_the_content_lacks_is_one_sentence(
        pack: Any, capsys: pytest.CaptureFixture[str]) -> None:
    camp = saves.new_campaign("lost-pack", follows="the-hollow")
    saves.save(camp)
    before = saves.campaign_path("lost-pack").read_bytes()
    code, _out, err = run_in_process(capsys, "play", "--campaign", "lost-pack")
    assert code == 1 and one_sentence(err)
    assert ("campaign 'lost-pack' follows the pack campaign 'the-hollow', which the loaded content does not define "
            "(it defines: the-long-autumn); load its pack with --content DIR") in err
    assert saves.campaign_path("lost-pack").read_bytes() == before


def test_choose_campaign_reads_the_rules_of_product_md(pack: Any) -> None:
    assert campaigns.choose_campaign(pack, "x", None) == "the-hollow"
    with pytest.raises(UsageError):
        campaigns.choose_campaign(pack, "x", "the-vigil")


# ----------------------------------------------------------------------------- play and assist
ROUND = "activate jeremiah; end\nactivate matthias; end\nactivate elijah; end\nactivate emily; end\n"


@pytest.mark.parametrize("command", ["play", "assist"])
def test_play_and_assist_ask_the_interlude_from_the_same_input(tmp_path: Path, command: str) -> None:
    r = CliRunner().invoke(cli, ["campaign", "new", "v", "--content", VIGIL])
    assert r.exit_code == 0, r.output
    moves = tmp_path / "moves.txt"
    # the round, then the interlude: the lantern to Emily, the upgrades, Elijah's and Emily's paths
    moves.write_text(ROUND + "\n" * 4 + "emily\n2\n1\nthick\n1\nsoldier\nundo\npreacher\nwarden\n", encoding="utf-8")
    r = CliRunner().invoke(cli, [command, "--campaign", "v", "--content", VIGIL, "--seed", "1", "--input", str(moves),
                                 "--json"], env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["result"] == "won" and doc["next_chapter"] == "dawn-road"  # the 'bell' flag's branch
    assert doc["interlude"]["state"] == "done"
    assert [q["answer"] for q in doc["interlude"]["questions"]] == [
        "emily-van-winkle", "thick-coat", "quick-step", "thick-coat", "quick-step", "preacher", "warden"]
    camp = saves.load("v")
    assert camp.growth["elijah-kappel"]["path"] == "preacher"
    assert "vigil-psalm" in camp.growth["elijah-kappel"]["unlocked"]  # the reward frees the locked skill
    assert "vigil-psalm" in interlude.grown(get_pack((VIGIL,)), "elijah-kappel", camp.growth).legend.skills
    # the next 'hollow play' starts the branch's chapter and closes the interlude into the log
    r = CliRunner().invoke(cli, [command, "--campaign", "v", "--content", VIGIL, "--seed", "2"], input="quit\n",
                           env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    camp = saves.load("v")
    assert camp.game is not None and camp.game.chapter == "dawn-road" and camp.interlude is None
    assert camp.game.growth == camp.growth  # the growth the game started with
    assert [(e["chapter"], e["outcome"], e["next"]) for e in camp.log] == [("night-vigil", "won", "dawn-road")]
    assert camp.log[0]["flags_set"] == {"bell": 1} and camp.log[0]["rounds"] == 1


def test_play_left_in_the_interlude_asks_the_rest_before_the_next_chapter(tmp_path: Path) -> None:
    CliRunner().invoke(cli, ["campaign", "new", "w", "--content", VIGIL])
    moves = tmp_path / "moves.txt"
    moves.write_text(ROUND + "emily\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["play", "--campaign", "w", "--content", VIGIL, "--seed", "1", "--input", str(moves)],
                           env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert "End of input: the interlude is saved with 6 questions still owed." in " ".join(r.output.split())
    r = CliRunner().invoke(cli, ["play", "--campaign", "w", "--content", VIGIL, "--auto", "--max-rounds", "1"],
                           env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    camp = saves.load("w")
    assert camp.log[0]["choices"][0]["answer"] == "emily-van-winkle"  # kept from the first session
    assert [c["answer"] for c in camp.log[0]["choices"][1:]] == ["quick-step"] * 4 + ["preacher", "tracker"]  # --auto


def test_hollow_play_starting_a_campaign_follows_the_content_s_campaign_or_says_how(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["play", "--campaign", "fresh", "--new", "--content", VIGIL], input="quit\n")
    assert r.exit_code == 0, r.output
    camp = saves.load("fresh")
    assert camp.follows == "the-vigil" and camp.game is not None and camp.game.chapter == "night-vigil"  # its start
    code, _out, err = run_in_process(capsys, "play", "--campaign", "two", "--new", *_two(tmp_path))
    assert code == 1 and one_sentence(err) and not saves.campaign_path("two").exists()
    assert ("the loaded content defines 2 campaigns, none with the id 'two'; start the campaign with 'hollow campaign "
            "new two --from ID', ID one of: the-vigil, the-hollow") in err


def test_play_after_the_end_of_the_campaign_says_so(pack: Any, capsys: pytest.CaptureFixture[str]) -> None:
    camp = _camp(pack, "churchyard", "ended")
    _end(pack, camp, "won")
    while camp.interlude is not None and interlude.state_of(camp.interlude) == interlude.ASKING:
        interlude.auto_answer(pack, camp)
    saves.save(camp)
    code, _out, err = run_in_process(capsys, "play", "--campaign", "ended", "--content", CAMPAIGN)
    assert code == 1 and one_sentence(err)
    assert "campaign 'ended' has come to the end of The Hollow; name a chapter to play it again" in err
