"""The validator's words, exactly: every message template of the pack validator and loader
is reached by a bad pack in ``tests/golden/validate/``, and ``hollow content validate``
must print for it what is recorded beside it (file, line, words and order). The pack
cache data of the built-in and test packs, and the frozen packs built from it, must stay
byte-identical too.

After a deliberate change to what validation says: ``python tests/regen_validate.py``,
and review the diff.
"""

from __future__ import annotations

import json

import pytest
from regen_validate import CACHE, CACHED, CORPUS, built, cache_data, cases, output


def _first_difference(name: str, expected: str, got: str) -> str:
    exp, new = expected.splitlines(), got.splitlines()
    i = next((i for i, (a, b) in enumerate(zip(exp, new)) if a != b), min(len(exp), len(new)))
    return (f"{name}: differs at line {i + 1}:\n  expected: {exp[i] if i < len(exp) else '<end>'}\n"
            f"  got:      {new[i] if i < len(new) else '<end>'}\n"
            "If the change is deliberate: python tests/regen_validate.py (and review the diff).")


@pytest.mark.parametrize("name", cases())
def test_validate_prints_the_recorded_problems(name: str) -> None:
    expected = (CORPUS / f"{name}.out").read_text(encoding="utf-8")
    got = output(name)
    if got != expected:
        pytest.fail(_first_difference(f"{name}.out", expected, got))


@pytest.mark.parametrize("name", sorted(CACHED))
def test_pack_cache_data_is_unchanged(name: str) -> None:
    expected = (CACHE / f"{name}.json").read_text(encoding="utf-8")
    got = cache_data(name)
    if got != expected:
        pytest.fail(_first_difference(f"cache/{name}.json", expected, got))
    pack = built(name)
    if pack != (CACHE / f"{name}.pack.txt").read_text(encoding="utf-8"):
        pytest.fail(_first_difference(f"cache/{name}.pack.txt", (CACHE / f"{name}.pack.txt").read_text(encoding="utf-8"), pack))


def test_a_freshly_validated_pack_is_the_pack_a_warm_start_builds() -> None:
    """The cache stores JSON (lists, not tuples): building from it gives the same pack."""
    from hollowcli.pack import build
    from hollowcli.pack.loader import _listing, validate_packs

    _, listing, _ = _listing(CACHED["long-night-pack"])
    data = validate_packs(listing)
    assert build.pack(data) == build.pack(json.loads(json.dumps(data)))


def test_every_case_fails_validation_and_each_line_names_a_file() -> None:
    """No case is a pack that validates, so each one records problems (or one refusal); a
    ``*-warnings`` case validates with warnings only, each line one, and exits 0."""
    for name in cases():
        text = (CORPUS / f"{name}.out").read_text(encoding="utf-8")
        out, _, rest = text.partition("--- stderr\n")
        if name.endswith("-warnings"):
            assert rest.rstrip().endswith("--- exit 0"), name
            warned = out.splitlines()[:-1]  # then the OK line
            assert warned and all(line.startswith("pack") and ": warning: " in line for line in warned), name
            continue
        assert rest.rstrip().endswith(("--- exit 1", "--- exit 2")), name
        assert all(line.startswith(("pack", "<built-in>/", "elsewhere.yaml")) for line in out.splitlines()), name
