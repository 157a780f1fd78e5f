"""``hollow simulate`` and chapter scripts (issue 18): a game an event's ``lose`` ended is
counted under its own cause, ``story``; and the cause of a loss is read from the objective
in force (an event may replace the chapter's: ``loss_cause``)."""

from __future__ import annotations

from typing import Any

import pytest
from test_engine_packs import game, make_pack

from hollowcli.engine import ScriptState
from hollowcli.engine.speed import replace
from hollowcli.engine.vocab import Result
from hollowcli.simulate import report
from hollowcli.simulate.run import CAUSES, _cause

STORY_LOSS = ScriptState(verdict=("lost", "The frost climbs the stones."))


def _lost(script: Any) -> Any:
    return replace(game(make_pack()), script=script, result=Result.LOST)


def test_a_game_an_event_lost_is_lost_to_the_story() -> None:
    assert "story" in CAUSES
    assert _cause(_lost(STORY_LOSS), (), ()) == "story"


def test_the_summarys_own_losses_come_before_the_story() -> None:
    """The engine checks health and fear first (reading 11); so does the count."""
    assert _cause(_lost(STORY_LOSS), ("ann",), ()) == "health"
    assert _cause(_lost(STORY_LOSS), (), ("ann",)) == "fear"


@pytest.mark.parametrize("script", [None, ScriptState(), ScriptState(verdict=("won", "The bell rings."))])
def test_without_a_lose_verdict_the_cause_is_the_objectives(script: Any) -> None:
    assert _cause(_lost(script), (), ()) == "rounds"


def test_the_cause_comes_from_the_objective_in_force(monkeypatch: pytest.MonkeyPatch) -> None:
    """An event may put another objective in place of the chapter's; the engine's
    ``loss_cause`` reads the one in force, and the count takes its answer."""
    from hollowcli.simulate import run

    monkeypatch.setattr(run, "loss_cause", lambda state: "ally")
    assert _cause(_lost(None), (), ()) == "ally"
    assert _cause(_lost(STORY_LOSS), (), ()) == "story"  # a 'lose' verdict is counted before the objective


def test_the_story_is_shown_only_when_it_lost_a_game() -> None:
    chapter = {"losses": {c: 0 for c in CAUSES}}
    doc = {"chapters": [chapter]}
    assert "story" not in report.causes(doc)
    chapter["losses"]["story"] = 3
    assert report.causes(doc)[-1] == "story" and report.CAUSE_WORDS["story"] == "the story"
