"""Whole seeded --auto games compared with their golden transcripts, exactly.

Regenerate (after a deliberate change to rules, content or view) with
``python tests/regen_golden.py`` and review the diff.
"""

from __future__ import annotations

import pytest
from regen_golden import CASES, GOLDEN, transcript


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    got = transcript(CASES[name])
    if got != expected:
        exp_lines, got_lines = expected.splitlines(), got.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(exp_lines, got_lines)) if a != b), min(len(exp_lines), len(got_lines)))
        pytest.fail(
            f"{name}: transcript differs from tests/golden/{name}.txt at line {first + 1}:\n"
            f"  expected: {exp_lines[first] if first < len(exp_lines) else '<end>'}\n"
            f"  got:      {got_lines[first] if first < len(got_lines) else '<end>'}\n"
            "If the change is deliberate: python tests/regen_golden.py (and review the diff)."
        )
    assert "The chapter is " in got  # each case is a whole game, to a win or a loss
