"""Property: any pack folder either loads or raises ContentError -- never another exception.

Three sources of input: arbitrary text, arbitrary YAML documents built from the real
field names, and random mutations (of the data and of the text) of the starter pack
that ``hollow content init`` writes, which is valid to begin with.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hollowcli.errors import ContentError
from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import Pack
from hollowcli.pack.scaffold import FILES

pytestmark = pytest.mark.slow  # fuzzing

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORDS = [
    "dice", "legends", "skills", "items", "foes", "rules", "chapters", "sample", "faces", "label", "value",
    "name", "health", "defense", "move", "attack", "dice", "direct", "range", "area", "class", "gobkin",
    "boss", "map", "features", "walls", "barricades", "track", "spawn", "card", "draw", "spawn_list",
    "setup", "objective", "kind", "survive", "search", "defeat", "rounds", "count", "foe", "at", "cards",
    "effect", "lock", "unlock", "id", "title", "text", "copies", "settings", "activation_order", "S", "C4",
    "bonus", "skills", "relic", "inventory", "start", "<<", "#1.S#", "attack_die", "fear_limit",
]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.sampled_from(WORDS),
    st.text(max_size=8), st.floats(allow_nan=True), st.binary(max_size=4), st.dates(),
)
keys = st.one_of(st.sampled_from(WORDS), st.integers(-2, 9), st.text(max_size=5), st.booleans())
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=25,
)


def load_files(files: dict[str, str]) -> Pack | None:
    """Load the files as a pack over the built-in one; ContentError -> None."""
    with tempfile.TemporaryDirectory() as tmp:
        for rel, text in files.items():
            path = Path(tmp) / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            return load_pack([Path(tmp)], use_cache=False)
        except ContentError as err:
            assert err.problems, "a ContentError always carries its problems"
            for p in err.problems:
                assert p.file and p.message and (p.line is None or p.line >= 1)
            return None


@SETTINGS
@given(st.text(max_size=300))
def test_any_text_loads_or_is_a_content_error(text: str) -> None:
    load_files({"any.yaml": text.encode("utf-8", "replace").decode("utf-8")})


@SETTINGS
@given(st.dictionaries(st.sampled_from(WORDS[:8] + ["foe", "x"]), documents, max_size=4))
def test_any_document_loads_or_is_a_content_error(doc: dict[str, Any]) -> None:
    load_files({"doc.yaml": yaml.safe_dump(doc, allow_unicode=True)})


SCAFFOLD = {rel: yaml.safe_load(text) for rel, text in FILES.items()}


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, prefix + (i,))
    return out


@st.composite
def mutated_scaffold(draw: st.DrawFn) -> dict[str, str]:
    rel = draw(st.sampled_from(sorted(SCAFFOLD)))
    import copy

    data = copy.deepcopy(SCAFFOLD[rel])
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)[1:]))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "rename"]))
        last = path[-1]
        if action == "replace":
            parent[last] = draw(documents)
        elif action == "delete":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(keys)] = parent.pop(last)
        if not isinstance(data, (dict, list)) or not _paths(data)[1:]:
            break
    files = dict(FILES)
    files[rel] = yaml.safe_dump(data, allow_unicode=True)
    return files


@SETTINGS
@given(mutated_scaffold())
def test_mutated_starter_pack_loads_or_is_a_content_error(files: dict[str, str]) -> None:
    load_files(files)


@SETTINGS
@given(st.sampled_from(sorted(FILES)), st.integers(0, 10_000), st.integers(0, 12), st.text(max_size=6))
def test_text_edits_of_starter_pack_load_or_are_content_errors(rel: str, at: int, cut: int, insert: str) -> None:
    files = dict(FILES)
    text = files[rel]
    at %= len(text)
    files[rel] = text[:at] + insert + text[at + cut:]
    load_files(files)


def test_starter_pack_itself_loads() -> None:
    assert load_files(dict(FILES)) is not None
