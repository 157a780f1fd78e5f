"""Chapter events at pack level: built as records (a choose's options included), said in
words, and warnings that never stop a pack (the messages themselves are in the corpus,
tests/golden/validate/events*)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_in_process
from script_packs import scripted

from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import Choose, Cond, Option, ScriptEvent, Step, When
from hollowcli.pack.script import CONDITIONS, TRIGGERS, event_words
from hollowcli.pack.vocab import Compare, Condition, Effect, Trigger

CORPUS = Path(__file__).parent / "golden" / "validate"


def test_events_are_built_as_records_down_to_a_choose_s_steps(tmp_path: Path) -> None:
    pack = scripted(tmp_path, """
        - id: fork
          when: {enters: G}
          if: [{counter: {stones: {at_least: 3}}}, {hero_at: F4}]
          do: [{choose: {prompt: Which way?, options: [{label: Left, do: [{set: {went: 1, campaign: true}}]},
                                                       {label: Right, auto: true, do: [{add: {went: -1}}]}]}}]
          once: false
          text: Read paragraph 12.
        """)
    ev = pack.chapters["t"].events[0]
    assert isinstance(ev, ScriptEvent) and ev.when == When(Trigger.ENTERS, "G") and ev.when.kind is Trigger.ENTERS
    assert ev.conditions == (Cond(Condition.COUNTER, "stones", Compare.AT_LEAST, 3), Cond(Condition.HERO_AT, None, None, "F4"))
    choose = ev.do[0]
    assert choose.effect is Effect.CHOOSE and isinstance(choose.value, Choose)
    left, right = choose.value.options
    assert isinstance(left, Option) and right.auto and not left.auto
    assert left.do == (Step(Effect.SET, {"values": {"went": 1}, "campaign": True}),)
    assert right.do[0].value["values"]["went"] == -1
    assert not ev.once and ev.text == "Read paragraph 12."
    lines = (tmp_path / "pack" / "t.yaml").read_text().splitlines()
    file, _, line = ev.where.rpartition(":")
    assert file.endswith("t.yaml") and lines[int(line) - 1].strip() == "- id: fork"
    # the pack cache builds the same objects (a warm start)
    again = load_pack([tmp_path / "pack"])
    assert load_pack([tmp_path / "pack"]).chapters["t"].events == again.chapters["t"].events == pack.chapters["t"].events


def test_an_event_in_words() -> None:
    pack = load_pack([Path(__file__).parent / "packs" / "events"], use_cache=False)
    chapter = pack.chapters["quiet-field"]
    words = {ev.id: event_words(pack, chapter, ev) for ev in chapter.events}
    assert words["salt-circle"].startswith("when a hero enters feature G (The potter's grave), if the flag 'grave-open' is set: "
                                           "The players choose: ")
    assert "2. Across the north gate (the automatic choice): " in words["salt-circle"]
    assert words["stone-count"] == "when Gobkin is defeated: Add stones +1. Every time."
    assert words["dread"].startswith("when a Legend's fear reaches 6, if the flag 'stones-broken' is not set and the round is at least 2")
    assert set(TRIGGERS) == set(Trigger) and set(CONDITIONS) == set(Condition)
    used = {ev.when.kind for ev in chapter.events} | {c.kind for ev in chapter.events for c in ev.conditions}
    assert used >= (set(Trigger) - {Trigger.TOKEN_DESTROYED}) | set(Condition), "the test chapter uses every trigger but tokens'"


def test_warnings_never_stop_a_pack_and_validate_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    folder = CORPUS / "events-warnings"
    warnings: list = []
    pack = load_pack([folder], use_cache=False, warnings=warnings)
    assert "lint" in pack.chapters and len(warnings) == 5 and all(w.warning for w in warnings)
    assert load_pack([folder], use_cache=False).chapters["lint"].events  # (no list: the loader just loads)
    code, out, _ = run_in_process(capsys, "content", "validate", str(folder), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] is True and data["problems"] == []
    assert [w["line"] for w in data["warnings"]] == [11, 12, 13, 15, 26]
    assert "key-fuond" in data["warnings"][2]["message"]
    assert "'steady-aim', which is not locked" in data["warnings"][4]["message"]


def test_errors_and_warnings_together_exit_1_and_json_keeps_them_apart(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "c.yaml").write_text(
        (CORPUS / "events-warnings" / "lint.yaml").read_text() + "      - {id: broken, when: {round_start: x}, do: [{story: x}]}\n")
    code, out, _ = run_in_process(capsys, "content", "validate", str(tmp_path), "--json")
    assert code == 1
    data = json.loads(out)
    assert len(data["problems"]) == 1 and "'round_start' must be a round number" in data["problems"][0]["message"]
    # the sound chapter's four, and 'bell-rung': the chapter that carried it failed
    assert len(data["warnings"]) == 5 and "bell-rung" in data["warnings"][3]["message"]
