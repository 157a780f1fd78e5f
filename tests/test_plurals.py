"""A number written before a noun agrees with it ("1 round", "2 rounds"), everywhere a user
reads one, through the one helper ``names.plural``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_engine_packs import game, make_pack

from hollowcli.cli import cli
from hollowcli.pack.model import Objective

ROOT = Path(__file__).resolve().parents[1]
NOUNS = ("rounds|dice|steps|tokens|times|games|cards|foes|spots|searches|figures|pages|problems|files|packs|"
         "chapters|faces|words|characters|columns|rows|processes|entries|fear tokens|spent tokens|extra spots")
#: "1 rounds", "1 dice": a one with a plural noun after it.
ONE_PLURAL = re.compile(rf"(?<![\d.,])1 ({NOUNS})\b")


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_plural() -> None:
    from hollowcli.names import plural

    assert [plural(n, "round") for n in (0, 1, 2)] == ["0 rounds", "1 round", "2 rounds"]
    assert plural(1, "die", "dice") == "1 die" and plural(3, "die", "dice") == "3 dice"
    assert plural(2, "search", "searches") == "2 searches"


@pytest.mark.parametrize(("args", "says"), [
    (("attack", "--dice", "1", "--rolled", "1"), "Rolled 1 attack die: 1 (total 1)"),
    (("attack", "--dice", "2", "--rolled", "1,2"), "Rolled 2 attack dice"),
    (("simulate", "1", "--games", "1", "--max-rounds", "1", "--jobs", "1"), "1 game per chapter, seed 0, policy auto, at most 1 round"),
    (("leave", "--foes", "1", "--odds"), "leaving past 1 foe ("),
    (("odds", "--dice", "1"), "Damage of 1 attack die + 0 direct"),
], ids=lambda v: " ".join(v[:3]) if isinstance(v, tuple) else "")
def test_commands_count_one_thing_in_the_singular(args: tuple[str, ...], says: str) -> None:
    out = run(*args)
    assert says in out
    assert not ONE_PLURAL.search(out), ONE_PLURAL.search(out)


def test_the_damage_arithmetic_does_not_read_as_a_count_of_dice() -> None:
    """'1 direct + 1 dice - 1 defense' read as "one dice": the dice term is what was rolled."""
    out = run("attack", "--dice", "3", "--direct", "1", "--defense", "1", "--rolled", "1,blank,blank")
    assert "Damage: 1 direct + 1 rolled - 1 defense = 1" in out


def test_a_one_round_objective_says_one_round() -> None:
    from hollowcli.engine.game import progress
    from hollowcli.play.view import objective_text

    state = game(make_pack(objective=Objective("survive", rounds=1)))
    assert progress(state) == "survive 1 round (round 1)"
    assert objective_text(state) == "Objective: survive 1 round (this is round 1)"
    state = game(make_pack(objective=Objective("search", count=1)))
    assert progress(state).startswith("search 1 time (")


def test_whole_games_say_no_one_with_a_plural() -> None:
    """Thousands of lines of real output: the golden transcripts of whole games."""
    for path in sorted((ROOT / "tests" / "golden").glob("*.txt")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        hit = ONE_PLURAL.search(text)
        assert hit is None, f"{path.name}: ...{text[max(0, hit.start() - 60):hit.end() + 20]}..."
        assert not re.search(r"\w\(s\)", text), path.name


def test_no_output_builds_a_plural_by_hand() -> None:
    """'step(s)' and "{n} step{'s' if n != 1 else ''}" are the helper's job."""
    by_hand = re.compile(r"""\w\(s\)|\w\{['"]e?s['"] if """)
    found = []
    for path in sorted((ROOT / "hollowcli").rglob("*.py")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ("f\"" in line or "f'" in line) and by_hand.search(line):
                found.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()}")
    assert not found, "\n".join(found)
