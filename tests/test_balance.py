"""The built-in chapters stay in the balance they were tuned to (docs/simulate.md).

Each chapter plays a few dozen seeded ``--auto`` games (the games ``hollow simulate``
plays, seeds 0 up), and its win rate must sit in its band. The seeds fix every game, so
the result is exact, not flaky; the bands are wide because the counts are small (a band
is about two and a half standard errors either side of the target), yet a broken chapter
falls out: with any chapter's spawn list doubled, its win rate leaves the band (checked
below for the first chapter, and by hand for the others when the bands were set).
"""

from __future__ import annotations

import dataclasses

import pytest

from hollowcli.commands.common import get_pack
from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import Pack
from hollowcli.simulate.report import document
from hollowcli.simulate.run import Job, play_one, run

#: Games of each chapter, seeded 0 up: 6 x 50 = 300 games in all.
GAMES = 50

#: chapter -> (lowest, highest) win rate of the --auto policy over GAMES games. The
#: targets (the issue's about 80/65/50% for chapters 1 to 3; chapters 4 to 6 as tuned and
#: stated in each chapter's header) come from the 1,000-game runs in docs/simulate.md.
BANDS = {
    "schoolhouse": (0.62, 0.96),
    "covered-bridge": (0.46, 0.84),
    "churchyard": (0.32, 0.68),
    "mill-race": (0.36, 0.76),
    "cider-press": (0.58, 0.94),
    "potters-field": (0.34, 0.72),
}


def simulated(pack: Pack, chapters: tuple[str, ...]) -> dict[str, dict]:
    """``hollow simulate``'s figures of each chapter (its JSON document's chapters)."""
    doc = document(run(Job(dirs=(), chapters=chapters, games=GAMES, seed=0), 1, pack), pack)
    return {c["chapter"]: c for c in doc["chapters"]}


def doubled_spawns(chapter: str) -> Pack:
    """A pack of its own (not the one ``get_pack`` gives the other tests) with one chapter's
    spawn list doubled (every group twice as many foes)."""
    pack = load_pack((), use_cache=False)
    ch = pack.chapters[chapter]
    spawn_list = tuple(tuple(dataclasses.replace(g, count=g.count * 2) for g in entry) for entry in ch.spawn_list)
    chapters = dict(pack.chapters)
    chapters[chapter] = dataclasses.replace(ch, spawn_list=spawn_list)
    return dataclasses.replace(pack, chapters=chapters)


@pytest.mark.slow
def test_the_built_in_chapters_stay_in_their_bands() -> None:
    pack = get_pack(())
    assert set(BANDS) == set(pack.chapters), "every built-in chapter has a band"
    figures = simulated(pack, tuple(BANDS))
    rates = {ch: c["win_rate"] for ch, c in figures.items()}
    outside = {ch: rate for ch, rate in rates.items() if not BANDS[ch][0] <= rate <= BANDS[ch][1]}
    assert not outside, f"win rates outside their bands: {outside} (bands: {BANDS})"
    # the chapters get harder in the storybook's first three
    assert rates["schoolhouse"] > rates["covered-bridge"] > rates["churchyard"], rates
    # fear, not only health, decides games: at least 15% of the losses in some chapter
    fear_shares = {ch: c["losses"]["fear"] / max(1, c["games"] - c["wins"]) for ch, c in figures.items()}
    assert max(fear_shares.values()) >= 0.15, fear_shares


@pytest.mark.slow
def test_a_chapter_with_its_spawn_list_doubled_falls_out_of_its_band() -> None:
    """The band is narrow enough to catch a broken chapter, not only a missing one."""
    pack = doubled_spawns("schoolhouse")
    # play_one, not run(): run() keeps the pack it is given for the forked workers of later
    # runs of the same folders, and this one must not outlive the test
    rate = sum(play_one(pack, "schoolhouse", seed).won for seed in range(GAMES)) / GAMES
    assert rate < BANDS["schoolhouse"][0], rate
