"""Events: one enum of kinds that the engine emits and the view and the log read."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.engine.core import event
from hollowcli.engine.vocab import EventKind
from hollowcli.play import view


@pytest.fixture(scope="module")
def pack() -> Any:
    return get_pack(())


def _whole_game(pack: Any, chapter: str, seed: int) -> list[Any]:
    state = engine.new_game(pack, chapter)
    events: list[Any] = []
    for i in range(500):
        if engine.outcome(state):
            break
        state, new = engine.apply(state, engine.auto_action(state, random.Random(i)), random.Random(f"{seed}:{i}"))
        events += new
    return events


def test_every_event_is_of_a_kind_the_enum_names_and_the_log_writes_its_value(pack: Any) -> None:
    events = [e for ch in sorted(pack.chapters) for e in _whole_game(pack, ch, 3)]
    assert all(isinstance(e.kind, EventKind) for e in events)
    kinds = {e.kind for e in events}
    assert {EventKind.ACTIVATE, EventKind.MOVE, EventKind.ATTACK, EventKind.FOE_MOVE, EventKind.SPAWN,
            EventKind.ROUND, EventKind.GAME_OVER} <= kinds
    doc = json.loads(json.dumps(events[-1].to_dict()))
    assert doc["kind"] == "game-over" and doc["numbers"]["result"] in ("won", "lost")


def test_every_event_the_engine_makes_names_its_kind_by_its_member() -> None:
    """No event kind is spelled as text where an event is made (``event(state, "trap")``
    would pass the source and be refused by the compiled engine): each call names an
    ``EventKind`` member, or passes on a kind it was given."""
    import ast
    from pathlib import Path

    engine_dir = Path(engine.__file__).parent
    found = []
    for path in sorted(engine_dir.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            kinds = [node.args[1]] if name == "event" and len(node.args) > 1 else []
            kinds += [kw.value for kw in node.keywords if kw.arg == "kind" and name in ("hurt_legend", "_hurt_ally")]
            for k in kinds:
                member = isinstance(k, ast.Attribute) and getattr(k.value, "id", "") == "EventKind"
                if not (member or isinstance(k, ast.Name)):
                    found.append(f"{path.name}:{node.lineno}")
    assert not found, found


@pytest.mark.parametrize(("result", "role"), [("won", "good"), ("lost", "bad")])
def test_the_view_colours_the_end_of_the_game_by_its_result(pack: Any, result: str, role: str) -> None:
    state = engine.new_game(pack, "schoolhouse")
    over = event(state, EventKind.GAME_OVER, numbers={"result": result}, reason=f"chapter {result}: because")
    painted: list[tuple[str, str]] = []

    def paint(text: str, r: str) -> str:
        painted.append((text, r))
        return text

    view.render_events([over], paint=paint)
    assert ("  * chapter " + result + ": because", role) in painted
    plain = event(state, EventKind.ACTIVATE, reason="Emily activates")
    painted.clear()
    view.render_events([plain], paint=paint, last=(1, "legends"))
    assert all(r != role for _t, r in painted)
