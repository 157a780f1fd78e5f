"""Every content word has all its sides: each member of a pack.vocab enum has its record
(an EffectSpec, an ObjectiveSpec), the validator accepts it, the loaded pack holds it as
the member, and docs/content-format.md names it. Every YAML key of every kind is
documented there too (the model declares each field once, with its check; a field added
without a line in the docs fails here)."""

from __future__ import annotations

import re
from dataclasses import fields
from enum import StrEnum
from pathlib import Path

import pytest

from hollowcli.errors import ContentError
from hollowcli.pack import fields as f
from hollowcli.pack import model, vocab
from hollowcli.pack.effects import EFFECTS
from hollowcli.pack.loader import load_pack
from hollowcli.pack.objectives import OBJECTIVES

DOC = (Path(__file__).resolve().parents[1] / "docs" / "content-format.md").read_text(encoding="utf-8")

#: The kinds' model classes, by their section of the docs.
KIND_CLASSES = {"legends": model.Legend, "allies": model.Ally, "skills": model.Skill, "items": model.Item,
                "foes": model.Foe, "tokens": model.TokenKind, "rules": model.Rules, "chapters": model.Chapter,
                "campaigns": model.CampaignDef, "upgrades": model.Upgrade, "paths": model.LifePath}


def section(kind: str) -> str:
    """The text of the docs' ``### kind`` section."""
    start = DOC.index(f"\n### {kind}\n")
    end = DOC.find("\n## ", start + 1)
    nxt = DOC.find("\n### ", start + 1)
    return DOC[start:min(e for e in (end, nxt) if e != -1)]


def records(cls: type, seen: set[type]) -> None:
    """The model records a record nests, through its fields' checks."""
    for s in f.specs(cls):
        check = s.check
        while isinstance(check, (f.ListOf, f.Opt)):
            check = check.item if isinstance(check, f.ListOf) else check.inner
        inner = check.cls if isinstance(check, f.Nested) else check.record if isinstance(check, f.Custom) else None
        if inner is not None and inner not in seen:
            seen.add(inner)
            records(inner, seen)


def chapter_yaml(tmp_path: Path, **extra: str) -> Path:
    """A pack of one small chapter; ``extra`` replaces or adds its fields (YAML text)."""
    fields_ = {"name": "Test", "number": "99", "map": '["#####", "#1AS#", "#B.2#", "#####"]',
               "features": "{S: start, A: scenery, B: scenery}", "track": "[[move]]",
               "objective": "{kind: survive, rounds: 3}", **extra}
    body = "".join(f"    {k}: {v}\n" for k, v in fields_.items())
    (tmp_path / "c.yaml").write_text(f"chapters:\n  t:\n{body}", encoding="utf-8")
    return tmp_path


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_pack([folder], use_cache=False)
    return [p.message for p in info.value.problems]


# ------------------------------------------------------------------ the docs
@pytest.mark.parametrize("kind", sorted(KIND_CLASSES))
def test_every_yaml_key_of_every_kind_is_documented(kind: str) -> None:
    text = section(kind)
    keys = [s.key for s in f.specs(KIND_CLASSES[kind])]
    assert keys, kind
    missing = [k for k in keys if f"| `{k}` |" not in text]
    assert not missing, f"docs/content-format.md, ### {kind}: no table row for {missing}"


def test_every_key_of_every_nested_record_is_documented() -> None:
    nested: set[type] = set()
    for cls in KIND_CLASSES.values():
        records(cls, nested)
    assert {model.AttackSpec, model.Restore, model.TrackSpot, model.SpawnGroup, model.Setup, model.FoePlacement,
            model.Objective, model.Card} <= nested
    for cls in nested:
        for s in f.specs(cls):
            assert f"`{s.key}`" in DOC or re.search(rf"[{{,]\s*{s.key}:", DOC), \
                f"docs/content-format.md never names {cls.__name__}'s YAML key {s.key!r}"


def test_a_die_s_faces_are_documented() -> None:
    """Dice are slotted classes of hollowcli.dice (no metadata): their one key by hand."""
    assert "| `faces` |" in section("dice") and "{label: TEXT, value: N}" in section("dice")


# ------------------------------------------------------------------ card effects
def test_every_effect_has_its_spec_in_order_and_in_the_docs() -> None:
    assert list(EFFECTS) == list(vocab.Effect)  # declaration order is the order effects apply
    for member, spec in EFFECTS.items():
        assert spec.effect is member and isinstance(spec.check, f.Check)
        assert spec.summary.startswith(f"{member.value}:"), member
        assert f"| `{spec.summary}` |" in DOC, f"docs/content-format.md lacks the card effect {member.value!r}"
        assert callable(spec.words)


#: A YAML value per effect, and what the loaded card holds for it.
EFFECT_SAMPLES = {
    "spawn": ("[{foe: gobkin, count: 2}]", (model.SpawnGroup("gobkin", 2),)),
    "damage": ("2", 2), "fear": ("1", 1), "heal": ("3", 3), "calm": ("1", 1), "lock": ("2", 2),
    "unlock": ("1", 1), "advance": ("1", 1), "tokens": ("2", 2),
    "ally": ("{ally: greta-voss, at: C2}", {"ally": "greta-voss", "at": "C2"}),
    # event-only effects: a step of an event's 'do'
    "story": ("'Hooves on the bridge.'", "Hooves on the bridge."),
    "win": ("'The rider is gone.'", "The rider is gone."),
    "lose": ("'Night falls.'", "Night falls."),
    "unlock_skill": ("steady-aim", "steady-aim"),
    "set": ("{key-found: 1, campaign: true}", {"values": {"key-found": 1}, "campaign": True}),
    "add": ("{stones: -1}", {"values": {"stones": -1}, "campaign": False}),
    "choose": ("{prompt: Which way?, options: [{label: Left, do: [{calm: 1}]}, {label: Right, auto: true, do: [{fear: 1}]}]}",
               model.Choose("Which way?", (model.Option("Left", (model.Step(vocab.Effect.CALM, 1),)),
                                           model.Option("Right", (model.Step(vocab.Effect.FEAR, 1),), auto=True)))),
}


def _effect_yaml(tmp_path: Path, key: vocab.Effect, yaml_value: str) -> Path:
    """A chapter that says the effect: on a card, or in an event's 'do' for an event-only one."""
    if EFFECTS[key].on_cards:
        return chapter_yaml(tmp_path, cards=f"[{{id: c, title: C, effect: {{{key}: {yaml_value}}}}}]")
    return chapter_yaml(tmp_path, events=f"[{{id: e, when: {{round_end: every}}, do: [{{{key}: {yaml_value}}}]}}]")


@pytest.mark.parametrize("key", [e for e in vocab.Effect if not EFFECTS[e].on_cards])
def test_an_event_only_effect_is_refused_on_a_card(tmp_path: Path, key: vocab.Effect) -> None:
    card = f"[{{id: c, title: C, effect: {{{key}: {{token: x, at: C2}}}}}}]"
    assert any(f"{key.value!r} is an effect of chapter events, not of cards" in m
               for m in problems(chapter_yaml(tmp_path, cards=card)))


# (the token effects' samples need a token kind: tests/test_tokens_*.py builds them)
@pytest.mark.parametrize("key", [e for e in vocab.Effect if e in EFFECT_SAMPLES])
def test_each_effect_is_checked_and_built_as_its_spec_says(tmp_path: Path, key: vocab.Effect) -> None:
    yaml_value, built = EFFECT_SAMPLES[key]
    pack = load_pack([_effect_yaml(tmp_path, key, yaml_value)], use_cache=False)
    chapter = pack.chapters["t"]
    got = chapter.cards[0].effect[key] if EFFECTS[key].on_cards else chapter.events[0].do[0].value
    assert got == built
    words = EFFECTS[key].words(pack, got)
    assert words and "<" not in words  # print markup: escaped text, {icons}, **bold**
    # a value of the wrong shape is refused with its own words, at the effect's key
    (tmp_path / "c.yaml").unlink()
    assert problems(_effect_yaml(tmp_path, key, "[[x]]"))


def test_the_spawn_effect_words_escape_foe_names(tmp_path: Path) -> None:
    (tmp_path / "f.yaml").write_text(
        "foes:\n  odd: {name: 'Bread & <Butter>', class: gobkin, health: 1, defense: 0, move: 1, attack: {dice: 1}, supply: 1}\n",
        encoding="utf-8")
    card = "[{id: c, title: C, effect: {spawn: [{foe: odd}]}}]"
    pack = load_pack([chapter_yaml(tmp_path, cards=card)], use_cache=False)
    words = EFFECTS[vocab.Effect.SPAWN].words(pack, pack.chapters["t"].cards[0].effect["spawn"])
    assert words == "{spawn} **Spawn** 1\u00d7 Bread &amp; &lt;Butter&gt; (a D6 for each group)"


# ------------------------------------------------------------------ objectives
def test_every_objective_kind_has_its_spec_and_its_docs() -> None:
    assert list(OBJECTIVES) == list(vocab.ObjectiveKind)
    names = [fl.name for fl in fields(model.Objective)]
    for member, spec in OBJECTIVES.items():
        assert spec.kind is member
        assert set(spec.requires) <= set(spec.takes) <= set(names) - {"kind"}, member
        assert f"| `{spec.summary}` |" in DOC, f"docs/content-format.md lacks the objective {member.value!r}"
        assert all(f"{name}:" in spec.summary for name in spec.takes), member


@pytest.mark.parametrize("kind", list(vocab.ObjectiveKind))
def test_an_objective_reports_what_its_kind_requires_and_refuses_what_it_does_not_take(
        tmp_path: Path, kind: vocab.ObjectiveKind) -> None:
    spec = OBJECTIVES[kind]
    a = "an" if kind[0] in "aeiou" else "a"
    got = problems(chapter_yaml(tmp_path, objective=f"{{kind: {kind}}}"))
    assert got == [f"{a} {kind} objective has no {', '.join(repr(r) for r in spec.requires)}"]
    others = [fl.name for fl in fields(model.Objective) if fl.name not in spec.takes and fl.name != "kind"]
    extra = ", ".join(f"{name}: 1" for name in others)
    got = problems(chapter_yaml(tmp_path, objective=f"{{kind: {kind}, {extra}}}"))
    assert [m for m in got if "unknown field" in m] == [f"{a} {kind} objective has an unknown field {o!r}" for o in others]


# ------------------------------------------------------------------ the other closed sets
#: Each enum-typed model field: (record, field, a YAML place to write the word).
TYPED = [
    (vocab.FeatureKind, "features", lambda w: {"features": f"{{S: start, A: {w}, B: scenery}}"}),
    (vocab.TrackEnd, "track_end", lambda w: {"track_end": w}),
]


@pytest.mark.parametrize(("enum", "name", "yaml"), TYPED, ids=[t[1] for t in TYPED])
def test_each_word_of_a_chapter_enum_is_accepted_held_as_the_member_and_documented(
        tmp_path: Path, enum: type[StrEnum], name: str, yaml: object) -> None:
    for member in enum:
        folder = tmp_path / member.value
        folder.mkdir()
        extra = yaml(member.value)  # type: ignore[operator]
        if member is vocab.FeatureKind.SEARCH:
            extra["objective"] = "{kind: search, count: 1}"
        chapter = load_pack([chapter_yaml(folder, **extra)], use_cache=False).chapters["t"]
        value = getattr(chapter, name)
        held = value["A"] if name == "features" else value
        assert held is member
        assert f"`{member.value}`" in section("chapters"), f"docs do not name {member.value!r}"


def test_item_kinds_and_track_actions_are_documented_and_held(tmp_path: Path) -> None:
    for member in vocab.ItemKind:
        assert f"`{member.value}`" in section("items")
    pack = load_pack([], use_cache=False)
    assert {type(i.kind) for i in pack.items.values()} == {vocab.ItemKind}
    assert {type(c.objective.kind) for c in pack.chapters.values()} == {vocab.ObjectiveKind}
    for member in vocab.TrackAction:  # card is written `card: draw` beside the actions
        assert re.search(rf"`{member.value}[`:]", section("chapters")), member


def test_rules_settings_with_a_closed_set_are_typed_by_their_enum_and_documented() -> None:
    typed = {s.name: s.check.words for s in f.specs(model.Rules) if isinstance(s.check, f.Choice)}
    for fl in fields(model.Rules):
        if fl.name in typed:
            enum = typed[fl.name]
            assert isinstance(enum, type) and issubclass(enum, StrEnum)
            assert fl.type == enum.__name__, f"Rules.{fl.name} is typed {fl.type}, not {enum.__name__}"
            row = next(line for line in section("rules").splitlines() if line.startswith(f"| `{fl.name}` |"))
            assert all(f"`{m.value}`" in row for m in enum), f"the docs row of {fl.name} lacks a choice"


def test_model_objects_built_from_words_hold_members() -> None:
    """Tests and old data give words; the compiled engine checks declared types on reads."""
    rules = model.Rules(fear_tokens="pool", los_corners="strict")  # type: ignore[arg-type]
    assert rules.fear_tokens is vocab.FearTokens.POOL and rules.los_corners is vocab.LosCorners.STRICT
    assert model.Objective("survive", rounds=2).kind is vocab.ObjectiveKind.SURVIVE  # type: ignore[arg-type]
    assert model.Item("x", "X", kind="relic").kind is vocab.ItemKind.RELIC  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        model.Rules(search_limit="twice")  # type: ignore[arg-type]
    assert model.Rules(fear_tokens="pool") == model.Rules(fear_tokens=vocab.FearTokens.POOL)  # type: ignore[arg-type]
    assert hash(model.Item("x", "X")) == hash(model.Item("x", "X", kind="item"))  # type: ignore[arg-type]
