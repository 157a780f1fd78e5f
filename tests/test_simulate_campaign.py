"""``hollow simulate --campaign ID``: whole campaigns played as ``hollow play --auto`` plays
them (grown Legends, ``--auto`` interludes, the campaign's ``Next`` with its flags), the
figures per chapter, the same figures for every ``--jobs``, the JSON, the report page and
the refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import one_sentence, run_in_process
from click.testing import CliRunner
from pypdf import PdfReader

from hollowcli.cli import cli
from hollowcli.commands.common import get_pack
from hollowcli.intervals import wilson
from hollowcli.simulate import campaign as simcamp

HERE = Path(__file__).resolve().parent
SIMCAMP = str(HERE / "packs" / "simcamp")  # doomed, by-the-bell, no-bell
CAMPAIGN = str(HERE / "packs" / "campaign")  # the-hollow: rewards, upgrades, outfits, a branch


@pytest.fixture(scope="module")
def pack() -> Any:
    return get_pack((SIMCAMP,))


def simulate_json(*args: str) -> dict[str, Any]:
    res = CliRunner().invoke(cli, ["simulate", *args, "--json"])
    assert res.exit_code == 0, res.stderr
    return json.loads(res.stdout)


def chapters(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in doc["campaign"]["chapters"]}


def test_a_chapter_always_lost_is_reached_by_every_run_and_none_finishes() -> None:
    doc = simulate_json("--campaign", "doomed", "--content", SIMCAMP, "--runs", "8", "--jobs", "1")
    camp, ch = doc["campaign"], chapters(doc)
    assert camp["runs"] == 8 and camp["max_chapters"] == 6  # 3 x its 2 chapters
    assert camp["finished"]["count"] == 0 and camp["finished"]["share"] == 0.0
    assert ch["sim-vigil"]["reached"]["count"] == 8 and ch["sim-vigil"]["won"]["count"] == 8
    assert ch["sim-vigil"]["attempts"] == {"mean": 1.0, "ci95": [1.0, 1.0], "max": 1}
    assert ch["sim-doom"]["reached"]["share"] == 1.0 and ch["sim-doom"]["won"]["count"] == 0
    assert ch["sim-doom"]["attempts"]["mean"] == 5.0  # played until the cap: 6 games, 1 of them the vigil
    assert camp["games"] == 8 * 6
    capped = simulate_json("--campaign", "doomed", "--content", SIMCAMP, "--runs", "3", "--max-chapters", "3")
    assert chapters(capped)["sim-doom"]["attempts"]["max"] == 2 and capped["campaign"]["finished"]["count"] == 0


@pytest.mark.parametrize(("cid", "goes", "never"), [("by-the-bell", "sim-dawn", "sim-doom"),
                                                      ("no-bell", "sim-doom", "sim-dawn")])
def test_the_branch_follows_the_flag_the_first_chapter_carries(cid: str, goes: str, never: str) -> None:
    """The vigil sets 'bell' for the campaign, the quiet night does not: the same
    ``{if_flag: {bell: sim-dawn}, else: sim-doom}`` leads each to another chapter."""
    doc = simulate_json("--campaign", cid, "--content", SIMCAMP, "--runs", "5")
    ch = chapters(doc)
    assert ch[goes]["reached"]["count"] == 5
    assert ch[never]["reached"]["count"] == 0 and ch[never]["attempts"]["mean"] is None
    assert doc["campaign"]["finished"]["count"] == (5 if goes == "sim-dawn" else 0)


def test_later_games_are_played_with_the_legends_the_campaign_grew(pack: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The vigil's reward is an upgrade each; --auto takes the first (Stout Heart, health +2):
    the road is set up with every Legend 2 health stronger than the vigil was."""
    seen: list[tuple[str, tuple[int, ...]]] = []
    real = simcamp.play_from

    def spy(state: Any, *args: Any, **kw: Any) -> Any:
        seen.append((state.chapter, tuple(lg.health for lg in state.legends)))
        return real(state, *args, **kw)

    monkeypatch.setattr(simcamp, "play_from", spy)
    run = simcamp.play_run(pack, "doomed", 3, max_chapters=3)
    assert [c for c, _ in run.games] == ["sim-vigil", "sim-doom", "sim-doom"]
    base = tuple(pack.legends[lid].health for lid in pack.legends)
    assert seen[0] == ("sim-vigil", base)
    assert seen[1] == ("sim-doom", tuple(h + 2 for h in base))


@pytest.mark.parametrize(("cid", "finished"), [("dread", 4), ("dread-ungrown", 0)])
def test_the_grown_legends_rules_numbers_decide_a_later_chapter(cid: str, finished: int) -> None:
    """The hour of dread gives every Legend 50 fear: lost at the rules' fear limit of 10,
    survived by Legends who took Iron Nerve (+1000) in the vigil's interlude (--auto takes
    the first two upgrades: Stout Heart, Iron Nerve). The fear limit is read from the grown
    pack while the game is played, not from the state it was set up in."""
    doc = simulate_json("--campaign", cid, "--content", SIMCAMP, "--runs", "4")
    assert doc["campaign"]["finished"]["count"] == finished
    assert chapters(doc)["sim-dread"]["won"]["count"] == finished


def test_a_run_is_the_games_hollow_play_auto_plays_in_a_new_campaign(capsys: pytest.CaptureFixture[str]) -> None:
    """Run i seeded S: 'hollow campaign new --from ID', then 'hollow play --auto --seed S+i'
    and on through the campaign (after a win the next game's seed is ``next_seed``; a
    lost chapter's retry is seeded by hollow play itself) gives the same chapters and
    outcomes, game by game."""
    pack = get_pack((CAMPAIGN,))
    seed = 2  # a run with a lost churchyard and its retry
    run = simcamp.play_run(pack, "the-hollow", seed, max_chapters=12)
    assert any(not won for _, won in run.games) and run.finished
    code, _, err = run_in_process(capsys, "campaign", "new", "watched", "--from", "the-hollow", "--content", CAMPAIGN)
    assert code == 0, err
    played: list[tuple[str, bool]] = []
    game_seed: int | None = seed
    while len(played) < len(run.games):
        args = ["play", "--campaign", "watched", "--auto", "--content", CAMPAIGN, "--json"]
        code, out, err = run_in_process(capsys, *args, *(["--seed", str(game_seed)] if game_seed is not None else []))
        assert code == 0, err
        doc = json.loads(out)
        played.append((doc["chapter"], doc["result"] == "won"))
        game_seed = simcamp.next_seed(doc["seed"]) if doc["result"] == "won" else None
    assert played == list(run.games)
    assert doc["next_chapter"] is None  # the campaign is over where the run finished


def test_the_figures_are_the_same_for_any_jobs() -> None:
    one = simulate_json("--campaign", "the-hollow", "--content", CAMPAIGN, "--runs", "12", "--seed", "4", "--jobs", "1")
    two = simulate_json("--campaign", "the-hollow", "--content", CAMPAIGN, "--runs", "12", "--seed", "4", "--jobs", "2")
    assert one == two
    other = simulate_json("--campaign", "the-hollow", "--content", CAMPAIGN, "--runs", "12", "--seed", "100", "--jobs", "2")
    assert other["campaign"] != one["campaign"]  # (other runs: other figures, so the equality above says something)


def test_the_json_fields_and_their_wilson_intervals() -> None:
    doc = simulate_json("--campaign", "the-hollow", "--content", CAMPAIGN, "--runs", "10", "--seed", "1")
    assert doc["seed"] == 1 and doc["complete"] is True and doc["policy"] == "auto"
    camp = doc["campaign"]
    assert {"id", "name", "runs", "max_chapters", "games", "finished", "chapters"} <= set(camp)
    assert camp["id"] == "the-hollow" and camp["runs"] == 10 and camp["max_chapters"] == 12
    assert [c["id"] for c in camp["chapters"]] == ["schoolhouse", "ferry-landing", "mill-race", "churchyard"]
    for share in [camp["finished"]] + [c[k] for c in camp["chapters"] for k in ("reached", "won")]:
        assert set(share) == {"count", "share", "ci95"}
        assert share["share"] == pytest.approx(share["count"] / 10)
        assert share["ci95"] == pytest.approx(list(wilson(share["count"], 10)), abs=1e-6)
    total = sum(c["attempts"]["mean"] * c["reached"]["count"] for c in camp["chapters"] if c["attempts"]["mean"])
    assert total == pytest.approx(camp["games"])  # every game counted once, in its chapter


def test_the_text_report_names_every_chapter_and_fits_the_terminal() -> None:
    res = CliRunner().invoke(cli, ["simulate", "--campaign", "doomed", "--content", SIMCAMP, "--runs", "4"])
    assert res.exit_code == 0, res.stderr
    out = res.stdout
    assert "Finished the campaign: 0 of 4: 0.0%" in out
    assert "Chapter 92: The Road Without End (sim-doom)" in out and "Reached by 4 of 4: 100.0%" in out
    assert "Games of it per run that reached it: 5.00 (at most 5)" in out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "Played 4 campaigns, 24 games" in res.stderr


def test_the_report_gains_the_campaign_page(tmp_path: Path) -> None:
    pdf = tmp_path / "camp.pdf"
    res = CliRunner().invoke(cli, ["simulate", "--campaign", "by-the-bell", "--content", SIMCAMP, "--runs", "4",
                                   "--report", str(pdf)])
    assert res.exit_code == 0, res.stderr
    text = "".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert "Whole campaigns: By the Bell" in text
    for name in ("The Short Vigil", "The Dawn Walk", "The Road Without End", "Finished the campaign"):
        assert name in text
    lo, _ = wilson(4, 4)
    assert f"100.0% ({100 * lo:.0f}-100)" in text  # 4 of 4 and its Wilson interval (51-100%) in the table


@pytest.mark.parametrize(("args", "words"), [
    (["--campaign", "doomd", "--content", SIMCAMP], ["did you mean 'doomed'?", "by-the-bell (By the Bell)"]),
    (["--campaign", "doomed"], ["no such campaign", "the-long-autumn (The Long Autumn)"]),  # the built-in one
    (["3", "--campaign", "doomed", "--content", SIMCAMP], ["leave out the chapters named (3)"]),
    (["--campaign", "doomed", "--games", "5", "--content", SIMCAMP], ["--runs N"]),
    (["--campaign", "doomed", "--against", CAMPAIGN, "--content", SIMCAMP], ["--against cannot be combined"]),
    (["--runs", "5"], ["--runs needs --campaign ID"]),
    (["--max-chapters", "5"], ["--max-chapters needs --campaign ID"]),
])
def test_bad_campaign_options_are_refused_in_one_sentence(capsys: pytest.CaptureFixture[str], args: list[str],
                                                          words: list[str]) -> None:
    code, out, err = run_in_process(capsys, "simulate", *args)
    assert code != 0 and out == ""
    assert one_sentence(err), err
    for word in words:
        assert word in err
