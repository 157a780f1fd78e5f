"""The card effects: every ``Effect`` has its engine row (``APPLY``: what it does), in the
enum's order; each applies and reads on a card (its check and words are the pack's
``EFFECTS``, tested with the pack's vocabulary)."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from test_engine_packs import ScriptedRng, foe, game, make_pack, place

from hollowcli.engine.adversary import adversary_phase
from hollowcli.engine.effects import APPLY
from hollowcli.pack.effects import EFFECTS
from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import Ally, Card, TrackSpot, frozen_map
from hollowcli.pack.vocab import Effect

#: One sample value per effect, as a chapter file would hold it after validation.
SAMPLES = {
    "spawn": ({"foe": "gob", "count": 1},),
    "damage": 1, "fear": 1, "heal": 1, "calm": 1, "lock": 1, "unlock": 2, "advance": 1, "tokens": 1,
    "ally": frozen_map({"ally": "pip", "at": "C3"}),
}


def test_every_effect_has_its_row_in_the_order_effects_apply() -> None:
    assert list(APPLY) == list(Effect) == list(EFFECTS), "each effect: its row here and its spec in the pack, in one order"
    for key, apply in APPLY.items():
        assert list(inspect.signature(apply).parameters) == ["state", "value", "ctx"], key
    assert set(SAMPLES) == {e for e in Effect if EFFECTS[e].on_cards}, \
        "a new card effect needs a sample here (and in docs/content-format.md); an event's own: tests/test_tokens_*.py"


def test_documentation_names_every_effect() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "content-format.md").read_text(encoding="utf-8")
    for key in Effect:
        assert f"| `{key}:" in doc, f"docs/content-format.md does not describe the card effect {key!r}"


@pytest.mark.parametrize("key", sorted(SAMPLES))
def test_each_effect_applies_and_reads(key: str) -> None:
    pip = Ally("pip", "Pip", health=3, defense=0, move=1, attack_priority=0)
    card = Card("c", "The Card", "", effect=frozen_map({key: SAMPLES[key]}))
    pack = make_pack(foes=[foe("gob")], track=[TrackSpot((), card="draw")], cards=[card], allies=[pip])
    state = place(game(pack), ann="D4", bob="D4")
    events: list = []
    after = adversary_phase(state, ScriptedRng([0]), events)
    assert [e.kind for e in events if e.kind.startswith("card-") or e.kind in ("spawn",)], f"{key} did nothing visible"
    assert after != state or key == "unlock"  # unlock of a point never locked changes nothing
    words = EFFECTS[Effect(key)].words(pack, SAMPLES[key])
    assert words and "{" not in words.replace("{damage}", "").replace("{fear}", "").replace("{health}", "").replace(
        "{token}", "").replace("{barricade}", "").replace("{spawn}", "")


def test_validation_knows_exactly_the_registered_effects(tmp_path: Path) -> None:
    from hollowcli.errors import ContentError

    (tmp_path / "c.yaml").write_text(
        "chapters:\n  t:\n    name: T\n    number: 99\n    map: |\n      ###\n      #1#\n      #S#\n      ###\n"
        "    features: {S: start}\n    track: [[move]]\n    objective: {kind: survive, rounds: 1}\n"
        "    cards:\n      - {id: c, title: C, effect: {boom: 1}}\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_pack([tmp_path], use_cache=False)
    problem = next(p for p in info.value.problems if "boom" in p.message)
    assert all(k in problem.hint for k in Effect if EFFECTS[k].on_cards)
    assert not any(f" {k}" in problem.hint for k in Effect if not EFFECTS[k].on_cards)


def test_hollow_rules_and_the_reference_cards_read_rules_md_the_same_way() -> None:
    from hollowcli import rulestext
    from hollowcli.render.reference import parse_rules_md
    from hollowcli.table.rules import rules_sections

    text = "# Title\nintro\n## alpha ##\none\n### sub\ntwo\n## solo-beta\nthree\n"
    assert rules_sections(text) == rulestext.sections(text) == [
        ("", "# Title\nintro"), ("alpha", "one\n### sub\ntwo"), ("solo-beta", "three")]
    assert parse_rules_md(text) == [("Alpha", "one\n\n**sub**\n\ntwo")]  # the cards: no preamble, no solo topics
