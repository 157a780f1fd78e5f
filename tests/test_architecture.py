"""The house's rules (docs/architecture.md): no import cycle, no import against the
floors, every module placed, no god class, few long functions, no module over 800 lines,
and the game's kinds spelled only where they are declared. Measured by tests/house.py
from the source, so a change that breaks a rule fails here, naming the line."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import house  # noqa: E402


def _say(what: str, items: list[str], how: str) -> str:
    return f"{what}:\n  " + "\n  ".join(items) + f"\n{how}"


def test_no_import_cycles() -> None:
    loops = house.cycles(house.imports())
    assert not loops, _say("modules that import each other in a loop", [" <-> ".join(g) for g in loops],
                           "move the shared piece down a floor, or name the type with a Protocol")


def test_no_import_against_the_floors() -> None:
    bad = house.against_floors(house.imports())
    assert not bad, _say("imports against the floors", bad,
                         "a module imports only its own room and lower floors (docs/architecture.md)")


def test_every_module_is_on_a_floor() -> None:
    lost = house.unplaced(list(house.modules()))
    assert not lost, _say("modules on no floor", lost, "place each in house.FLOORS and docs/architecture.md")


def test_no_class_over_400_lines() -> None:
    classes, _ = house.big_definitions()
    assert not classes, _say("classes over 400 lines", classes, "split the class by what it is responsible for")


def test_few_functions_over_60_lines() -> None:
    _, functions = house.big_definitions()
    assert len(functions) <= house.MAX_LONG_FUNCTIONS, _say(
        f"{len(functions)} functions over 60 lines (at most {house.MAX_LONG_FUNCTIONS})", functions,
        "cut the new one where it reads better")


def test_no_module_over_800_lines() -> None:
    big = house.big_modules()
    assert not big, _say("modules over 800 lines", big, "split the module by responsibility")


def test_kinds_are_spelled_only_in_the_vocabularies() -> None:
    found = house.kind_literals()
    assert not found, _say("event or action kinds written as text", found,
                           "use the EventKind or Act member (hollowcli.engine.vocab)")


# ---------------------------------------------------------- the measures themselves fail
def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "hollowcli" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    (tmp_path / "hollowcli" / "__init__.py").touch()
    return tmp_path


def test_a_lazy_or_typing_only_loop_is_a_cycle(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "a.py": "from hollowcli import b\n",
        "b.py": "def f():\n    from hollowcli.c import x\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from hollowcli.a import y\n",
        "d.py": "import hollowcli.a\n",
    })
    edges = house.imports(root)
    assert house.cycles(edges) == [["hollowcli.a", "hollowcli.b", "hollowcli.c"]]
    assert {(e.source, e.lazy, e.typing) for e in edges if e.target != "hollowcli"} >= {
        ("hollowcli.b", True, False), ("hollowcli.c", False, True)}


def test_an_import_up_a_floor_or_across_a_floor_is_refused(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "low.py": "from hollowcli.high import x\n",
        "high.py": "from . import low\n",
        "side.py": "from hollowcli import high\n",
    })
    floors = [("hollowcli.low",), ("hollowcli.high", "hollowcli.side")]
    bad = house.against_floors(house.imports(root), floors)
    assert len(bad) == 2
    assert bad[0].startswith("hollowcli.low:1 -> hollowcli.high: floor 0")
    assert "share floor 1" in bad[1]
    assert house.unplaced(["hollowcli.low", "hollowcli.new"], floors) == ["hollowcli.new"]


def test_long_definitions_and_spelled_kinds_are_found(tmp_path: Path) -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(60))
    root = _package(tmp_path, {
        "vocab.py": "from enum import StrEnum\nclass EventKind(StrEnum):\n    TRAP = 'trap'\n"
                    "class Act(StrEnum):\n    MOVE = 'move'\n    END = 'end'\n",
        "rules.py": f"def long():\n{body}\ndef short():\n    event(state, 'trap')\n"
                    "    if a.kind == 'move':\n        pass\n    TABLE = {'move': 1, 'end': 2}\n",
    })
    _, functions = house.big_definitions(root)
    assert functions == ["hollowcli.rules.long 61"]
    found = house.kind_literals(root)
    assert found == ["hollowcli.rules:64 'trap'", "hollowcli.rules:65 'move'",
                     "hollowcli.rules:67 'end'", "hollowcli.rules:67 'move'"]


@pytest.mark.parametrize("module", ["hollowcli.engine.game", "hollowcli.render.sheet", "hollowcli.play.loop"])
def test_the_floors_place_the_modules_people_edit(module: str) -> None:
    assert house.floor_of(module)[0] >= 0
