"""The table commands as a player uses them: roll, attack, odds, spawn, leave, rules.

Numbers are read from the built-in pack (they are sample values and may change), so these
tests check the rules and the command surface, not today's stat lines.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hollowcli import table
from hollowcli.cli import cli, main
from hollowcli.engine.resolve import spawn_point
from hollowcli.errors import HollowError
from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import Rules


@pytest.fixture(scope="module")
def pack():  # type: ignore[no-untyped-def]
    return load_pack([], use_cache=False)


def run(*args: str) -> Any:
    """Invoke ``hollow`` in-process; returns the click result (stdout, exit code)."""
    result = CliRunner().invoke(cli, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0, result.output
    return result


def run_json(*args: str) -> Any:
    return json.loads(run(*args, "--json").stdout)


def hollow(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real ``hollow`` process, for what a user sees on stderr."""
    full = dict(os.environ)
    full.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "hollowcli", *args],
        capture_output=True,
        text=True,
        env=full,
        check=False,
    )


def attack_faces(pack) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    die = pack.dice[pack.rules.attack_die]
    return [(f.label, f.value) for f in die.faces]


# --- hollow roll ---------------------------------------------------------------------------


def test_roll_without_expression_rolls_one_attack_die(pack) -> None:  # type: ignore[no-untyped-def]
    doc = run_json("roll", "--seed", "3")
    assert len(doc["dice"]) == 1 and doc["dice"][0]["die"] == pack.rules.attack_die
    assert (doc["dice"][0]["face"], doc["dice"][0]["value"]) in attack_faces(pack)
    assert doc["modifier"] == 0 and doc["total"] == doc["dice"][0]["value"]


def test_roll_expressions_add_up_with_negative_modifiers() -> None:
    doc = run_json("roll", "3", "2d6", "-1", "--rolled", "blank,1,2,6,5")
    assert [d["die"] for d in doc["dice"]] == ["attack"] * 3 + ["d6"] * 2
    assert doc["modifier"] == -1
    assert doc["total"] == 0 + 1 + 2 + 6 + 5 - 1
    text = run("roll", "3", "-1", "--rolled", "blank,1,2").stdout
    assert text.splitlines() == ["3 attack dice: blank (0), 1, 2 = 3", "Modifier: -1", "Total: 2"]
    mixed = run("roll", "2", "d6", "--rolled", "1,2,4").stdout
    assert mixed.splitlines() == ["2 attack dice: 1, 2 = 3", "1 d6: 4", "Total: 7"]


def test_many_dice_wrap_and_keep_every_face() -> None:
    text = run("roll", "100", "--seed", "5").stdout
    assert all(len(line) <= 88 for line in text.splitlines())
    faces = text.split(": ", 1)[1].split(" = ")[0]
    assert len([f for f in faces.replace("\n", " ").split(",") if f.strip()]) == 100


def test_seeded_rolls_are_reproducible_and_seeds_differ() -> None:
    a = run_json("roll", "20", "--seed", "11")
    assert a == run_json("roll", "20", "--seed", "11")
    assert any(run_json("roll", "20", "--seed", str(s)) != a for s in range(12, 16))


def test_rolled_faces_by_label_or_value_are_the_same_face() -> None:
    assert run_json("roll", "2", "--rolled", "blank,0") == run_json(
        "roll", "2", "--rolled", "0,BLANK"
    )


# --- hollow attack -------------------------------------------------------------------------


def test_attack_with_numbers_shows_the_arithmetic() -> None:
    doc = run_json(
        "attack", "--dice", "3", "--direct", "1", "--defense", "1", "--rolled", "2,blank,1"
    )
    assert doc["dice_total"] == 3 and doc["direct"] == 1 and doc["defense"] == 1
    assert doc["damage"] == 3 and doc["fear"] == 1
    assert [d["face"] for d in doc["dice"]] == ["2", "blank", "1"]
    text = run(
        "attack", "--dice", "3", "--direct", "1", "--defense", "1", "--rolled", "2,blank,1"
    ).stdout
    assert "1 direct + 3 rolled - 1 defense = 3" in text


def test_damage_never_goes_below_zero_and_brings_no_fear() -> None:
    doc = run_json("attack", "--dice", "2", "--defense", "3", "--rolled", "1,blank")
    assert doc["damage"] == 0 and doc["fear"] == 0
    assert "so 0" in run("attack", "--dice", "2", "--defense", "3", "--rolled", "1,blank").stdout


def test_skill_attacks_add_the_personal_bonus_and_item_attacks_do_not(pack) -> None:  # type: ignore[no-untyped-def]
    legend = next(lg for lg in pack.legends.values() if lg.bonus_direct > 0)
    skill = next(pack.skills[s] for s in legend.skills if pack.skills[s].attack is not None)
    item = next(i for i in pack.items.values() if i.attack is not None)
    foe = next(iter(pack.foes.values()))
    doc = run_json(
        "attack", "--by", legend.id, "--with", skill.id, "--target", foe.id, "--seed", "1"
    )
    assert len(doc["dice"]) == skill.attack.dice
    assert doc["direct"] == skill.attack.direct + legend.bonus_direct
    assert doc["defense"] == foe.defense
    doc = run_json(
        "attack", "--by", legend.id, "--with", item.id, "--target", foe.id, "--seed", "1"
    )
    assert doc["direct"] == item.attack.direct
    assert any("do not include the personal bonus" in n for n in doc["notes"])
    basic = run_json("attack", "--by", legend.id, "--seed", "1")
    assert len(basic["dice"]) == legend.basic_attack.dice
    assert basic["direct"] == legend.basic_attack.direct + legend.bonus_direct
    assert basic == run_json("attack", "--by", legend.id, "--with", "basic", "--seed", "1")


def test_names_are_forgiving(pack) -> None:  # type: ignore[no-untyped-def]
    legend = next(iter(pack.legends.values()))
    first_name = legend.name.split()[0]
    assert run_json("attack", "--by", first_name.upper(), "--seed", "2") == run_json(
        "attack", "--by", legend.id, "--seed", "2"
    )


def test_explicit_numbers_override_content(pack) -> None:  # type: ignore[no-untyped-def]
    legend = next(iter(pack.legends.values()))
    foe = next(iter(pack.foes.values()))
    doc = run_json(
        "attack",
        "--by",
        legend.id,
        "--target",
        foe.id,
        "--dice",
        "5",
        "--defense",
        "4",
        "--seed",
        "1",
    )
    assert len(doc["dice"]) == 5 and doc["defense"] == 4
    assert any("--dice 5 given" in n for n in doc["notes"])


def test_a_foe_attacking_a_legend_meets_its_relic_defense(pack) -> None:  # type: ignore[no-untyped-def]
    legend = next(lg for lg in pack.legends.values() if lg.relic and pack.items[lg.relic].defense)
    foe = next(iter(pack.foes.values()))
    doc = run_json("attack", "--by", foe.id, "--target", legend.id, "--seed", "1")
    assert doc["defense"] == legend.defense + pack.items[legend.relic].defense
    assert doc["direct"] == foe.attack.direct and len(doc["dice"]) == foe.attack.dice


# --- hollow odds ---------------------------------------------------------------------------


def test_odds_json_and_chart() -> None:
    doc = run_json("odds", "--dice", "3", "--defense", "1", "--health", "2")
    assert {"distribution", "exact", "at_least", "mean", "defeat"} <= set(doc)
    assert abs(sum(doc["distribution"].values()) - 1) < 1e-12
    assert doc["defeat"] == doc["at_least"]["2"]
    text = run("odds", "--dice", "3", "--defense", "1", "--health", "2").stdout
    assert "█" in text or "#" in text
    assert "Mean damage" in text and "at least 2 damage" in text


def test_odds_by_name_take_the_target_health(pack) -> None:  # type: ignore[no-untyped-def]
    foe = max(pack.foes.values(), key=lambda f: f.health)
    legend = next(iter(pack.legends.values()))
    doc = run_json("odds", "--by", legend.id, "--target", foe.id)
    assert doc["health"] == foe.health and doc["defense"] == foe.defense
    assert run_json("odds", "--by", legend.id, "--target", foe.id, "--health", "1")["health"] == 1


def test_odds_for_fifty_dice() -> None:
    doc = run_json("odds", "--dice", "50")
    assert doc["dice_count"] == 50 and "100" in doc["exact"]
    assert doc["at_least"]["0"] == 1 and doc["at_least_exact"]["0"] == "1/1"  # at least 0: always


# --- hollow spawn --------------------------------------------------------------------------


def oracle(roll: int, points: set[int], locked: set[int]) -> int | None:
    """Independent statement of the rule: the rolled point if it is there and open, else
    walk up from 1 to the first point that is there and open; None if there is none."""
    if roll in points and roll not in locked:
        return roll
    for p in range(1, 10):
        if p in points and p not in locked:
            return p
    return None


@pytest.mark.parametrize("n_points", [1, 2, 3, 4, 5, 6])
def test_spawn_rule_over_every_lock_set_and_roll(n_points: int) -> None:
    points = set(range(1, n_points + 1))
    for size in range(len(points) + 1):
        for locked in itertools.combinations(sorted(points), size):
            for roll in range(1, 7):
                res = spawn_point(roll, sorted(points), locked)
                assert res.point == oracle(roll, points, set(locked)), (roll, points, locked)
                assert res.redirected == (res.point != roll)
                assert str(roll) in res.reason


def test_spawn_command_redirects_from_locked_points() -> None:
    doc = run_json("spawn", "2gobkin", "pumpling", "--locked", "1,3", "--rolled", "3,5")
    first, second = doc["spawns"]
    assert (first["group"], first["foe"], first["count"]) == ("2gobkin", "gobkin", 2)
    assert (first["roll"], first["point"], first["redirected"]) == (3, 2, True)
    assert (second["roll"], second["point"], second["redirected"]) == (5, 5, False)
    assert set(first) >= {"group", "roll", "point", "redirected", "reason"}


def test_a_roll_naming_an_absent_point_goes_to_the_lowest_open_one() -> None:
    doc = run_json(
        "spawn", "gobkin", "schrickroot", "--points", "4", "--locked", "1", "--rolled", "5,6"
    )
    assert [(s["roll"], s["point"], s["redirected"]) for s in doc["spawns"]] == [
        (5, 2, True),
        (6, 2, True),
    ]
    assert "there is no spawn point 5" in doc["spawns"][0]["reason"]


def test_every_point_locked_spawns_nothing_and_says_so() -> None:
    result = run("spawn", "gobkin", "--locked", "1,2,3,4,5,6", "--rolled", "2")
    assert "nothing spawns" in result.stdout
    doc = run_json("spawn", "gobkin", "--locked", "1,2,3,4,5,6", "--rolled", "2")
    assert doc["all_locked"] is True and doc["spawns"][0]["point"] is None


def test_chapter_points_and_barricades(pack) -> None:  # type: ignore[no-untyped-def]
    for ch in pack.chapters.values():
        for roll in range(1, 7):
            doc = run_json("spawn", "gobkin", "--chapter", ch.id, "--rolled", str(roll))
            assert doc["points"] == list(ch.spawn_points) and doc["locked"] == sorted(ch.barricades)
            assert doc["spawns"][0]["point"] == oracle(
                roll, set(ch.spawn_points), set(ch.barricades)
            )
        if ch.barricades:
            b = ch.barricades[0]
            doc = run_json(
                "spawn", "gobkin", "--chapter", ch.id, "--unlocked", str(b), "--rolled", str(b)
            )
            assert doc["spawns"][0]["point"] == b


def test_a_group_larger_than_the_supply_is_pointed_out(pack) -> None:  # type: ignore[no-untyped-def]
    foe = pack.foes["gobkin"]
    text = run("spawn", f"{foe.supply + 1}gobkin", "--rolled", "1").stdout
    assert f"only {foe.supply} Gobkin figures (its supply)" in text


@pytest.mark.parametrize(
    "words", [["2gobkins"], ["2", "gobkin"], ["2", "Gobkins"], ["2xgobkin"], ["2x", "gobkin"], ["2×", "gobkins"]]
)
def test_group_spellings(words: list[str]) -> None:
    doc = run_json("spawn", *words, "--rolled", "1")
    assert (doc["spawns"][0]["foe"], doc["spawns"][0]["count"]) == ("gobkin", 2)


# --- hollow leave --------------------------------------------------------------------------


def test_leave_costs_one_damage_per_non_blank_die_and_one_fear(pack) -> None:  # type: ignore[no-untyped-def]
    per_hit = pack.rules.leave_damage_per_hit
    doc = run_json("leave", "--foes", "3", "--rolled", "blank,1,2")
    assert doc["damage"] == 2 * per_hit and doc["fear"] == pack.rules.fear_per_damage
    assert set(doc) == {"dice", "damage", "fear"}
    doc = run_json("leave", "--foes", "2", "--rolled", "blank,0")
    assert doc["damage"] == 0 and doc["fear"] == 0
    assert "costs nothing" in run("leave", "--foes", "0").stdout


def test_leave_odds(pack) -> None:  # type: ignore[no-untyped-def]
    faces = attack_faces(pack)
    p_hit = sum(1 for _, v in faces if v) / len(faces)
    doc = run_json("leave", "--foes", "2", "--odds")
    assert abs(doc["distribution"]["0"] - (1 - p_hit) ** 2) < 1e-12


# --- hollow rules --------------------------------------------------------------------------


def test_rules_lists_every_topic() -> None:
    text = run("rules").stdout
    for topic in (
        "legend-phase",
        "adversary-phase",
        "end-of-round",
        "spawning",
        "combat",
        "fear",
        "movement",
        "traps",
        "other",
        "readings",
    ):
        assert f"## {topic}" in text


@pytest.mark.parametrize(
    ("query", "topic"),
    [("SPAWN", "spawning"), ("read", "readings"), ("end", "end-of-round"), ("Fear", "fear")],
)
def test_rules_topic_matching_is_forgiving(query: str, topic: str) -> None:
    text = run("rules", query).stdout
    assert text.startswith(f"## {topic}")
    assert text.count("\n## ") == 0


def test_readings_name_the_settings_that_change_them() -> None:
    text = run("rules", "readings").stdout
    for setting in (
        "rules.fear_per_damage",
        "rules.basic_attack_bonus",
        "rules.leave_damage_per_hit",
        "barricades",
    ):
        assert setting in text
    for field in (
        "fear_per_damage",
        "basic_attack_bonus",
        "leave_damage_per_hit",
        "attack_die",
        "spawn_die",
    ):
        assert field in Rules.__dataclass_fields__


def test_rules_on_a_terminal_wrap_to_the_width_given_and_lose_their_marks() -> None:
    """The terminal rendering of the rules' markdown: list items wrapped under their marker
    at the width asked for (at most 99 columns), **bold** through the caller's styling,
    `code` and *emphasis* marks taken off, tables left as written."""
    from hollowcli.table.rules import for_terminal

    text = ("# Title\n\nA **strong** word and `hollow rules` with *care* in one long sentence that runs on.\n\n"
            "- an item that is long enough to wrap onto a second line somewhere\n  and goes on\n\n"
            "| a | b |\n|---|---|")
    shown = for_terminal(text, 40, lambda words: f"[{words}]")
    lines = shown.splitlines()
    assert lines[0] == "[Title]"
    assert max(len(line) for line in lines if not line.startswith("|")) <= 39
    assert "[strong]" in shown and "hollow rules" in shown and "`" not in shown and "*" not in shown
    item = [line for line in lines if line.startswith(("- ", "  "))]
    assert item[0].startswith("- an item") and len(item) > 1 and all(x.startswith("  ") for x in item[1:])
    assert "| a | b |\n|---|---|" in shown
    assert max(len(line) for line in for_terminal("word " * 80, 500).splitlines()) <= 99


def test_a_content_pack_may_bring_its_own_rules_text(tmp_path: Path) -> None:
    (tmp_path / "rules.md").write_text("# House rules\n\n## fear\n\nNo fear in this house.\n")
    assert "No fear in this house." in run("rules", "fear", "--content", str(tmp_path)).stdout


# --- content: the fast path and layering ------------------------------------------------------


def test_dice_from_the_cache_equal_dice_from_the_full_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    first = table.Content().dice()  # cold: validates the pack and writes the cache
    monkeypatch.setattr(
        "hollowcli.pack.loader.load_pack", lambda *a, **k: pytest.fail("the cache was not used")
    )
    cached = table.Content().dice()
    assert cached == first == table.dice_from_pack(load_pack([], use_cache=False))


def test_fast_path_defaults_agree_with_the_rules_model() -> None:
    defaults = Rules()
    plain = table.Dice({})
    for name in ("attack_die", "spawn_die", "leave_damage_per_hit", "fear_per_damage"):
        assert getattr(plain, name) == getattr(defaults, name)


def test_a_user_pack_changes_the_attack_die(tmp_path: Path) -> None:
    (tmp_path / "dice.yaml").write_text(
        "dice:\n  attack:\n    faces:\n      - {label: skull, value: 3}\n"
    )
    doc = run_json("roll", "4", "--content", str(tmp_path), "--seed", "1")
    assert {(d["face"], d["value"]) for d in doc["dice"]} == {("skull", 3)} and doc["total"] == 12
    assert run_json("roll", "4", "--seed", "1")["total"] != 12  # the built-in die again


# --- bad input: one sentence on stderr, exit 1, never a traceback -------------------------------


BAD = [
    ["roll", "3x"],
    ["roll", "200"],
    ["roll", "3", "--rolled", "1,2"],
    ["roll", "2", "--rolled", "1,9"],
    ["roll", "--content", "/no/such/folder"],
    ["attack", "--dice", "-1"],
    ["attack", "--dice", "101"],
    ["attack", "--by", "nobody"],
    ["attack", "--by", "emily", "--with", "nothing-at-all"],
    ["attack", "--by", "jeremiah", "--with", "stand-fast"],
    ["attack", "--with", "long-shot", "--dice", "2"],
    ["attack", "--by", "gobkin", "--target", "pumpling"],
    ["odds", "--dice", "3", "--health", "0"],
    ["odds", "--dice", "1000"],
    ["spawn", "gobbo"],
    ["spawn", "0gobkin"],
    ["spawn", "2"],
    ["spawn", "gobkin", "--locked", "9"],
    ["spawn", "gobkin", "--locked", "one"],
    ["spawn", "gobkin", "--points", "0"],
    ["spawn", "gobkin", "--chapter", "nowhere"],
    ["spawn", "gobkin", "--chapter", "schoolhouse", "--points", "4"],
    ["spawn", "gobkin", "--rolled", "7"],
    ["leave", "--foes", "-1"],
    ["leave", "--foes", "101"],
    ["leave", "--foes", "2", "--rolled", "x,1"],
    ["rules", "no-such-topic"],
    ["rules", "--content", "/no/such/folder"],
]


@pytest.mark.parametrize("args", BAD, ids=[" ".join(a) for a in BAD])
def test_bad_input_is_one_sentence_and_exit_1(args: list[str]) -> None:
    out = hollow(*args)
    assert out.returncode == 1, out.stderr
    assert out.stdout == ""
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hollow: "), out.stderr


def test_errors_suggest_the_closest_name() -> None:
    assert "did you mean 'gobkin'" in hollow("spawn", "gobkni").stderr
    assert "did you mean 'fear'" in hollow("rules", "fer").stderr
    assert "the most is 100" in hollow("roll", "200").stderr


@settings(max_examples=60, deadline=None)
@example(["-d"])
@example(["3", "-1"])
@given(st.lists(st.text(alphabet="0123456789adx+-., ", min_size=0, max_size=6), max_size=3))
def test_random_roll_words_work_or_fail_cleanly(words: list[str]) -> None:
    """Through the real entry point: exit 0 with output, exit 1 with one sentence, or exit 2
    (usage) for a word shaped like an option."""
    result = CliRunner().invoke(cli, ["roll", "--seed", "1", "--", *words])
    if result.exit_code == 0:
        assert "Total:" in result.stdout
    elif result.exit_code == 2:
        # A word shaped like an option ('-d', '--x') is a usage error, as click gives
        # for every other command, with the closest option when there is one.
        assert "No such option" in result.output
        assert any(w.startswith("-") and not w.lstrip("-+").isdigit() for w in words)
    else:
        assert isinstance(result.exception, HollowError), result.exception
        with pytest.raises(SystemExit) as ended:
            main(["roll", "--seed", "1", "--", *words])
        assert ended.value.code == 1


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("dice:\n  attack: {faces: [\n", "not valid YAML"),
        ("dice: !!python/object:os.system {}\n", "not allowed"),
    ],
)
def test_a_broken_content_pack_is_reported_with_file_and_line(
    tmp_path: Path, text: str, says: str
) -> None:
    (tmp_path / "dice.yaml").write_text(text)
    for args in (
        ["roll", "3"],
        ["odds", "--dice", "2"],
        ["spawn", "gobkin"],
        ["leave", "--foes", "1"],
    ):
        out = hollow(*args, "--content", str(tmp_path))
        assert out.returncode == 1 and "Traceback" not in out.stderr
        assert "dice.yaml:" in out.stderr and says in out.stderr


# --- QA fixes: what a new user stumbled over ------------------------------------------------


def test_a_typo_in_one_word_of_a_long_name_suggests_it() -> None:
    with pytest.raises(HollowError) as err:
        run("attack", "--by", "emly", "--with", "long-shot")
    assert "did you mean 'emily-van-winkle'?" in str(err.value)


def test_an_unknown_with_lists_what_that_legend_can_attack_with(pack) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(HollowError) as err:
        run("attack", "--by", "emily", "--with", "volley")
    emily = pack.legends["emily-van-winkle"]
    attacks = [s for s in emily.skills if pack.skills[s].attack]
    assert str(err.value) == (
        f"there is no skill or item 'volley'; {emily.name} can attack with {', '.join(attacks)} or 'basic'"
    )


def test_a_skill_the_legend_does_not_have_is_pointed_out(pack) -> None:  # type: ignore[no-untyped-def]
    other = next(s for s in pack.legends["emily-van-winkle"].skills if pack.skills[s].attack)
    text = run("attack", "--by", "jeremiah", "--with", other, "--rolled", "1,1").stdout
    assert f"{pack.skills[other].name} is not one of Jeremiah Pincke's skills or items" in text
    own = run("attack", "--by", "emily", "--with", other, "--rolled", "1,1").stdout
    assert "is not one of" not in own


def test_spawn_on_a_chapter_names_its_barricades_once(pack) -> None:  # type: ignore[no-untyped-def]
    ch = pack.chapters["schoolhouse"]
    assert list(ch.barricades) == [4]
    lines = run("spawn", "gobkin", "--chapter", "schoolhouse", "--rolled", "2").stdout.splitlines()
    assert lines[0] == f"Spawn points 1-4 on the map of {ch.name}; locked: 4 (by the chapter's setup barricade)."
    assert len(lines) == 2 and "barricades of" not in lines[1]
    more = run("spawn", "gobkin", "--chapter", "schoolhouse", "--locked", "1", "--rolled", "2").stdout
    assert "locked: 1, 4 (4 by the chapter's setup barricade)." in more


def test_leave_and_rolled_counts_are_singular_for_one() -> None:
    assert run("leave", "--foes", "1", "--rolled", "1").stdout.startswith("Leaving past 1 foe: rolled 1.")
    out = hollow("leave", "--foes", "1", "--rolled", "1,2")
    assert out.returncode == 1 and "--rolled gave 2 values but 1 die is rolled" in out.stderr


def test_one_die_shows_its_face_without_a_sum() -> None:
    assert run("roll", "--rolled", "blank").stdout.splitlines() == ["1 attack die: blank (0)", "Total: 0"]
