"""The command surface of docs/product.md, checked as a contract.

Every command and option the product brief names exists and behaves as it says: the
JSON keys of each reporting command, ``--seed`` and ``--rolled`` on every rolling
command, ``--json`` giving exactly one JSON document on stdout, ``--content`` (and
``HOLLOW_CONTENT``) on every command that reads content, the files ``hollow print``
writes, and the exit statuses (1 for bad values, 2 for usage errors).

Commands run in-process through :func:`hollowcli.cli.main` inside a ``CliRunner``
isolation, so the error handling a user meets (one sentence, exit status) is exercised too.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from hollowcli.cli import COMMANDS, cli, main


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


def hollow(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> Run:
    """Run ``hollow ARGS`` in-process as the console script does; never raises."""
    runner = CliRunner()
    with runner.isolation(input=stdin, env=env) as (out, err, _both):
        try:
            main(list(args))
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        stdout = out.getvalue().decode("utf-8")
        stderr = err.getvalue().decode("utf-8")
    return Run(code, stdout, stderr)


def ok(*args: str, env: dict[str, str] | None = None) -> Run:
    res = hollow(*args, env=env)
    assert res.code == 0, f"hollow {' '.join(args)}: exit {res.code}: {res.stderr}"
    assert "Traceback" not in res.stderr
    return res


def doc(*args: str, env: dict[str, str] | None = None) -> dict:
    """The one JSON document ``hollow ARGS --json`` prints (json.loads fails on any extra text)."""
    res = ok(*args, "--json", env=env)
    parsed = json.loads(res.stdout)
    assert isinstance(parsed, dict)
    return parsed


def bad(*args: str, code: int = 1, env: dict[str, str] | None = None) -> Run:
    """A refused command: the given exit status, one short message on stderr, no traceback."""
    res = hollow(*args, env=env)
    assert res.code == code, f"hollow {' '.join(args)}: exit {res.code}, wanted {code}: {res.stderr}"
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr
    assert res.stderr.strip()
    if code == 1:
        lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("hollow: "), res.stderr
    return res


# --- content packs used to prove --content / HOLLOW_CONTENT reach each command -------------

THREES = """\
dice:
  attack:
    faces: [{label: three, value: 3}]
foes:
  wisp:
    name: Wisp
    class: gobkin
    health: 1
    defense: 0
    move: 1
    attack: {dice: 1, direct: 0, range: 0}
    target: closest
    supply: 3
"""

FIVES = """\
dice:
  d6:
    faces: [5]
"""


@pytest.fixture
def threes(tmp_path: Path) -> Path:
    """A pack whose attack die always scores 3 and that adds a foe 'wisp'."""
    folder = tmp_path / "threes"
    folder.mkdir()
    (folder / "dice.yaml").write_text(THREES, encoding="utf-8")
    (folder / "rules.md").write_text("# Only house rules\n\nWe play it our way.\n", encoding="utf-8")
    return folder


@pytest.fixture
def fives(tmp_path: Path) -> Path:
    """A pack whose D6 always shows 5."""
    folder = tmp_path / "fives"
    folder.mkdir()
    (folder / "dice.yaml").write_text(FIVES, encoding="utf-8")
    return folder


# --- the command table ---------------------------------------------------------------------

def test_every_contract_command_exists() -> None:
    assert set(COMMANDS) == {
        "roll", "attack", "odds", "spawn", "leave", "rules", "content", "play", "assist", "campaign", "print",
        "simulate", "config", "hint",
    }
    subcommands = {
        "content": {"validate", "list", "show", "init"},
        "campaign": {"new", "status", "list"},
        "print": {"reference", "spawn", "deck", "cards", "kit"},
    }
    for group, names in subcommands.items():
        for name in names:
            res = ok(group, name, "--help")
            assert f"hollow {group} {name}" in res.stdout


ALL_COMMANDS = [
    ("roll",), ("attack",), ("odds",), ("spawn",), ("leave",), ("rules",), ("play",), ("assist",), ("simulate",), ("hint",),
    ("content", "validate"), ("content", "list"), ("content", "show"), ("content", "init"),
    ("campaign", "new"), ("campaign", "status"), ("campaign", "list"),
    ("print", "reference"), ("print", "spawn"), ("print", "deck"), ("print", "cards"), ("print", "kit"),
    ("print", "campaign"),
]


@pytest.mark.parametrize("command", ALL_COMMANDS, ids=" ".join)
def test_every_command_help_has_an_example(command: tuple[str, ...]) -> None:
    text = ok(*command, "--help").stdout
    assert "Example" in text
    assert f"hollow {' '.join(command)}" in text.split("Example", 1)[1]


# --- roll ----------------------------------------------------------------------------------

def test_roll_json_keys_and_arithmetic() -> None:
    d = doc("roll", "3", "+1", "--seed", "5")
    assert set(d) >= {"dice", "modifier", "total"}
    assert len(d["dice"]) == 3
    for die in d["dice"]:
        assert set(die) >= {"die", "face", "value"}
        assert die["die"] == "attack"
    assert d["modifier"] == 1
    assert d["total"] == sum(x["value"] for x in d["dice"]) + 1


@pytest.mark.parametrize(
    ("exprs", "count", "die"),
    [((), 1, "attack"), (("3",), 3, "attack"), (("3a",), 3, "attack"), (("d6",), 1, "d6"), (("2d6",), 2, "d6")],
)
def test_roll_expressions(exprs: tuple[str, ...], count: int, die: str) -> None:
    d = doc("roll", *exprs, "--seed", "1")
    assert [x["die"] for x in d["dice"]] == [die] * count
    assert d["modifier"] == 0


def test_roll_minus_modifier_is_not_an_option() -> None:
    d = doc("roll", "2d6", "-1", "--rolled", "3,4")
    assert (d["modifier"], d["total"]) == (-1, 6)


def test_roll_text_shows_each_face_and_the_total() -> None:
    assert ok("roll", "2d6", "--rolled", "3,4").stdout.splitlines() == ["2 d6: 3, 4 = 7", "Total: 7"]
    # a label with its value, the modifier on a line of its own, the total with it
    assert ok("roll", "3", "+1", "--rolled", "2,blank,1").stdout.splitlines() == [
        "3 attack dice: 2, blank (0), 1 = 3", "Modifier: +1", "Total: 4"]


# --- --seed and --rolled on every rolling command ------------------------------------------

ROLLING = [
    ("roll", "3"),
    ("attack", "--dice", "3", "--direct", "1", "--defense", "1"),
    ("spawn", "2gobkin", "pumpling", "gobkin"),
    ("leave", "--foes", "3"),
]


@pytest.mark.parametrize("args", ROLLING, ids=lambda a: a[0])
def test_seed_is_reproducible(args: tuple[str, ...]) -> None:
    runs = [ok(*args, "--seed", "11", "--json").stdout for _ in range(2)]
    assert runs[0] == runs[1]
    outcomes = {ok(*args, "--seed", str(s), "--json").stdout for s in range(12)}
    assert len(outcomes) > 1, "the seed changes nothing: the dice are not random"


@pytest.mark.parametrize("args", [a for a in ROLLING if a[0] != "spawn"], ids=lambda a: a[0])
def test_rolled_zero_and_blank_are_the_same_face(args: tuple[str, ...]) -> None:
    by_value = doc(*args, "--rolled", "0,1,2")
    by_label = doc(*args, "--rolled", "blank,1,2")
    assert by_value == by_label
    assert [x["face"] for x in by_value["dice"]] == ["blank", "1", "2"]
    assert [x["value"] for x in by_value["dice"]] == [0, 1, 2]


def test_spawn_rolled_reads_the_d6() -> None:
    d = doc("spawn", "gobkin", "pumpling", "--rolled", "4,6")
    assert [s["roll"] for s in d["spawns"]] == [4, 6]
    assert [s["point"] for s in d["spawns"]] == [4, 6]


@pytest.mark.parametrize("args", ROLLING, ids=lambda a: a[0])
def test_rolled_wrong_values_are_refused(args: tuple[str, ...]) -> None:
    bad(*args, "--rolled", "9,9,9")  # not a face of the die
    bad(*args, "--rolled", "1")  # wrong number of values


# --- attack --------------------------------------------------------------------------------

def test_attack_json_keys_and_damage_formula() -> None:
    d = doc("attack", "--dice", "3", "--direct", "2", "--defense", "1", "--rolled", "blank,1,2")
    assert set(d) >= {"dice", "dice_total", "direct", "defense", "damage", "fear"}
    assert d["dice_total"] == 3
    assert (d["direct"], d["defense"]) == (2, 1)
    assert d["damage"] == 2 + 3 - 1
    assert d["fear"] == 1


def test_attack_damage_never_below_zero_and_no_fear_without_damage() -> None:
    d = doc("attack", "--dice", "1", "--defense", "5", "--rolled", "2")
    assert (d["damage"], d["fear"]) == (0, 0)


def test_attack_by_name_takes_numbers_from_content() -> None:
    from hollowcli.pack.loader import load_pack

    pack = load_pack([])
    legend = pack.legends["emily-van-winkle"]
    foe = pack.foes["gobkin"]
    d = doc("attack", "--by", "emily-van-winkle", "--target", "gobkin", "--seed", "3")
    assert len(d["dice"]) == legend.basic_attack.dice
    assert d["defense"] == foe.defense
    assert d["damage"] == max(0, d["direct"] + d["dice_total"] - d["defense"])


def test_item_attacks_omit_personal_bonus() -> None:
    from hollowcli.pack.loader import load_pack

    pack = load_pack([])
    weapons = [iid for iid, item in pack.items.items() if item.attack is not None]
    bonused = [lid for lid, legend in pack.legends.items() if legend.bonus_direct]
    assert weapons and bonused, "the built-in pack should let this rule be seen"
    lid, iid = bonused[0], weapons[0]
    legend, item = pack.legends[lid], pack.items[iid]
    with_item = doc("attack", "--by", lid, "--with", iid, "--target", "gobkin", "--seed", "1")
    assert with_item["direct"] == item.attack.direct  # type: ignore[union-attr]
    basic = doc("attack", "--by", lid, "--target", "gobkin", "--seed", "1")
    assert basic["direct"] == legend.basic_attack.direct + legend.bonus_direct


# --- odds ----------------------------------------------------------------------------------

def test_odds_json_keys_and_exact_values() -> None:
    d = doc("odds", "--dice", "2", "--direct", "1", "--defense", "1", "--health", "2")
    assert set(d) >= {"distribution", "exact", "at_least", "mean", "defeat"}
    exact = {int(k): Fraction(v) for k, v in d["exact"].items()}
    assert sum(exact.values()) == 1
    for k, p in d["distribution"].items():
        assert p == pytest.approx(float(exact[int(k)]))
    for k, p in d["at_least"].items():
        assert p == pytest.approx(float(sum(v for dmg, v in exact.items() if dmg >= int(k))))
    assert d["mean"] == pytest.approx(float(sum(k * v for k, v in exact.items())))
    assert d["defeat"] == pytest.approx(float(sum(v for dmg, v in exact.items() if dmg >= 2)))


def test_odds_without_health_has_no_defeat_and_draws_a_chart() -> None:
    assert "defeat" not in doc("odds", "--dice", "2")
    out = ok("odds", "--dice", "2").stdout
    assert "mean" in out.lower() and ("█" in out or "#" in out)


def test_odds_by_name_form() -> None:
    by_name = doc("odds", "--by", "emily-van-winkle", "--target", "gobkin")
    assert "defeat" in by_name  # --target FOE gives the health
    assert sum(Fraction(v) for v in by_name["exact"].values()) == 1


# --- spawn ---------------------------------------------------------------------------------

def test_spawn_json_keys_and_fallback() -> None:
    d = doc("spawn", "2gobkin", "pumpling", "--locked", "1,3", "--rolled", "3,5")
    assert [set(s) >= {"group", "roll", "point", "redirected"} for s in d["spawns"]] == [True, True]
    first, second = d["spawns"]
    assert (first["roll"], first["point"], first["redirected"]) == (3, 2, True)
    assert (second["roll"], second["point"], second["redirected"]) == (5, 5, False)


def test_spawn_points_option_and_absent_point() -> None:
    d = doc("spawn", "gobkin", "--points", "4", "--rolled", "6")
    assert (d["spawns"][0]["point"], d["spawns"][0]["redirected"]) == (1, True)


def test_spawn_chapter_option_uses_its_barricades() -> None:
    from hollowcli.pack.loader import load_pack

    chapter = load_pack([]).chapters["schoolhouse"]
    assert chapter.barricades, "the sample chapter should have a barricade to test"
    locked = sorted(chapter.barricades)[0]
    d = doc("spawn", "gobkin", "--chapter", "schoolhouse", "--rolled", str(locked))
    assert d["spawns"][0]["point"] != locked and d["spawns"][0]["redirected"] is True


def test_spawn_all_locked_says_so_and_spawns_nothing() -> None:
    d = doc("spawn", "gobkin", "--locked", "1,2,3,4,5,6", "--rolled", "2")
    assert d["spawns"][0]["point"] is None
    out = ok("spawn", "gobkin", "--locked", "1,2,3,4,5,6", "--rolled", "2").stdout
    assert "locked" in out.lower() and "nothing" in out.lower()


# --- leave ---------------------------------------------------------------------------------

def test_leave_json_keys_one_damage_per_non_blank_face() -> None:
    d = doc("leave", "--foes", "3", "--rolled", "blank,2,1")
    assert set(d) >= {"dice", "damage", "fear"}
    assert len(d["dice"]) == 3
    assert (d["damage"], d["fear"]) == (2, 1)
    none = doc("leave", "--foes", "2", "--rolled", "0,blank")
    assert (none["damage"], none["fear"]) == (0, 0)


# --- rules ---------------------------------------------------------------------------------

def test_rules_shows_summary_and_readings() -> None:
    full = ok("rules").stdout
    assert "spawn" in full.lower() and "fear" in full.lower()
    topic = ok("rules", "spawning").stdout
    assert 0 < len(topic) < len(full)
    assert "lowest" in topic.lower()


# --- --json: exactly one JSON document on stdout -------------------------------------------

REPORTING = [
    ("roll", "2"),
    ("attack", "--dice", "2"),
    ("odds", "--dice", "2", "--health", "1"),
    ("spawn", "gobkin"),
    ("leave", "--foes", "1"),
    ("leave", "--foes", "2", "--odds"),
    ("rules",),
    ("rules", "fear"),
    ("content", "validate"),
    ("content", "list"),
    ("content", "list", "foes"),
    ("content", "show", "foes", "gobkin"),
    ("campaign", "list"),
]


@pytest.mark.parametrize("args", REPORTING, ids=" ".join)
def test_json_is_one_document_on_stdout(args: tuple[str, ...]) -> None:
    res = ok(*args, "--json")
    json.loads(res.stdout)  # raises on a second document or any other text
    assert res.stdout.strip().startswith("{")


def test_json_of_print_and_play_and_campaign_status(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    printed = doc("print", "cards", "foes", "--out", str(tmp_path / "o"))
    assert printed["files"][0]["path"].endswith("cards-foes.pdf")
    ok("campaign", "new", "contract")
    played = doc("play", "schoolhouse", "--campaign", "contract", "--auto", "--seed", "2", "--max-rounds", "2")
    assert played
    status = doc("campaign", "status", "contract")
    assert status["game"] or status["chapters"]
    created = doc("campaign", "new", "other")
    assert created["name"] == "other" and Path(created["file"]).is_file()
    scaffold = doc("content", "init", str(tmp_path / "my-box"))
    assert scaffold["files"] and all(Path(f).is_file() for f in scaffold["files"])


# --- --content and HOLLOW_CONTENT ----------------------------------------------------------

CONTENT_READING = [
    ("roll",), ("attack", "--dice", "1"), ("odds", "--dice", "1"), ("spawn", "gobkin"),
    ("leave", "--foes", "1"), ("rules",), ("content", "validate"), ("content", "list"),
    ("content", "show", "foes", "gobkin"), ("play", "--auto", "--max-rounds", "1"),
    ("campaign", "status"), ("print", "reference"), ("print", "spawn"), ("print", "deck"),
    ("print", "cards"), ("print", "kit"),
]


@pytest.mark.parametrize("args", CONTENT_READING, ids=" ".join)
def test_content_option_and_env_reach_every_content_reading_command(
    args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    if args[0] == "campaign":
        ok("campaign", "new", "default")
    missing = str(tmp_path / "no-such-pack")
    res = bad(*args, "--content", missing)
    assert "no-such-pack" in res.stderr
    res = bad(*args, env={"HOLLOW_CONTENT": missing})
    assert "no-such-pack" in res.stderr


def test_content_layers_change_the_numbers(threes: Path, fives: Path) -> None:
    assert doc("roll", "2", "--content", str(threes))["total"] == 6
    assert doc("attack", "--dice", "2", "--content", str(threes))["damage"] == 6
    assert doc("odds", "--dice", "1", "--content", str(threes))["exact"] in ({"3": "1"}, {"3": "1/1"})
    assert doc("leave", "--foes", "2", "--content", str(threes))["damage"] == 2
    assert doc("spawn", "wisp", "--content", str(threes), "--content", str(fives))["spawns"][0]["roll"] == 5
    assert "Only house rules" in ok("rules", "--content", str(threes)).stdout
    assert doc("content", "show", "foes", "wisp", "--content", str(threes))
    bad("content", "show", "foes", "wisp")  # not in the built-in pack


def test_hollow_content_is_path_separated(threes: Path, fives: Path) -> None:
    env = {"HOLLOW_CONTENT": os.pathsep.join([str(threes), str(fives)])}
    assert doc("roll", "2", env=env)["total"] == 6
    spawned = doc("spawn", "wisp", env=env)["spawns"][0]
    assert (spawned["group"].endswith("wisp"), spawned["roll"]) == (True, 5)


def test_print_cards_reads_a_layered_pack(threes: Path, tmp_path: Path) -> None:
    plain = doc("print", "cards", "foes", "--out", str(tmp_path / "a"))
    layered = doc("print", "cards", "foes", "--out", str(tmp_path / "b"), "--content", str(threes))
    assert layered["files"][0]["cards"] == plain["files"][0]["cards"] + 1


# --- print ---------------------------------------------------------------------------------

def test_print_kit_writes_every_file_into_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """By default every card is in one cards.pdf (kinds sharing sheets); --no-mix writes the files
    the single commands write: reference.pdf, deck-<chapter>.pdf, cards-<kind>.pdf."""
    from hollowcli.pack.loader import load_pack

    monkeypatch.chdir(tmp_path)
    chapters = set(load_pack([]).chapters)
    common = {"spawn-tables.pdf", "index.pdf", "duplex-test.pdf"} | {f"setup-{c}.pdf" for c in chapters}
    mixed = common | {"cards.pdf", "turn-order.pdf"}
    unmixed = common | {"reference.pdf"} | {f"deck-{c}.pdf" for c in chapters}
    unmixed |= {f"cards-{k}.pdf" for k in ("legends", "allies", "foes", "items")}
    for args, expected in ((("print", "kit"), mixed), (("print", "kit", "--no-mix", "--out", "unmixed"), unmixed)):
        ok(*args)
        folder = tmp_path / ("unmixed" if "--no-mix" in args else "output")
        written = {p.name for p in folder.iterdir() if p.suffix == ".pdf"}
        assert written == expected
        for name in expected:
            assert (folder / name).read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("args", "files"),
    [
        (("reference",), {"reference.pdf"}),
        (("spawn", "schoolhouse"), {"spawn-schoolhouse.pdf"}),
        (("spawn",), {"spawn-tables.pdf"}),
        (("deck", "schoolhouse"), {"deck-schoolhouse.pdf"}),
        (("cards", "legends"), {"cards-legends.pdf"}),
        (("cards", "items"), {"cards-items.pdf"}),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else "",
)
def test_print_subcommands_write_their_file_into_out(
    args: tuple[str, ...], files: set[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "elsewhere"
    ok("print", *args, "--out", str(out))
    assert {p.name for p in out.iterdir() if p.suffix == ".pdf"} == files
    assert not (tmp_path / "output").exists()


# --- exit statuses -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "args",
    [
        ("roll", "x3"),
        ("roll", "1000"),
        ("attack", "--dice", "-1"),
        ("odds", "--dice", "1000"),
        ("spawn", "zobkin"),
        ("spawn", "gobkin", "--locked", "x"),
        ("leave", "--foes", "-2"),
        ("rules", "no-such-topic"),
        ("content", "show", "foes", "gobkn"),
        ("campaign", "status", "no-such-campaign"),
        ("print", "campaign", "no-such-campaign"),
        ("print", "deck", "no-such-chapter"),
        ("play", "no-such-chapter", "--auto"),
        ("assist", "no-such-chapter"),
    ],
    ids=" ".join,
)
def test_bad_values_exit_1_with_one_sentence(args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    bad(*args, code=1)


@pytest.mark.parametrize(
    "args",
    [
        ("roll", "--seed", "abc"),
        ("attack", "--dice", "three"),
        ("leave",),
        ("spawn",),
        ("print", "cards", "monsters"),
        ("no-such-command",),
        ("odds", "--no-such-option"),
        ("roll", "3", "--jsn"),
        ("roll", "-x"),
        ("attack",),
        ("odds",),
        ("content", "show", "foes"),
    ],
    ids=" ".join,
)
def test_usage_errors_exit_2(args: tuple[str, ...]) -> None:
    bad(*args, code=2)


def test_content_validate_reports_problems_with_file_and_line_and_exits_1(tmp_path: Path) -> None:
    pack = tmp_path / "broken"
    pack.mkdir()
    (pack / "foes.yaml").write_text("foes:\n  imp:\n    name: Imp\n    helth: 2\n", encoding="utf-8")
    res = hollow("content", "validate", str(pack))
    assert res.code == 1
    assert "foes.yaml" in res.stdout + res.stderr
    assert ":4" in res.stdout + res.stderr or "line 4" in res.stdout + res.stderr


def test_cli_object_is_the_console_script_group() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("hollow ")


# --- docs: every rules setting is documented --------------------------------------------------

def test_every_rules_setting_is_documented() -> None:
    import dataclasses

    from hollowcli.pack.model import Rules

    root = Path(__file__).resolve().parents[1]
    docs = (root / "docs" / "content-format.md").read_text(encoding="utf-8")
    docs += (root / "docs" / "rules-interpretations.md").read_text(encoding="utf-8")
    missing = [f.name for f in dataclasses.fields(Rules) if f"`{f.name}" not in docs]
    assert not missing, f"Rules settings not in docs/content-format.md or rules-interpretations.md: {missing}"


def test_json_errors_leave_stdout_empty() -> None:
    for args in (("roll", "x3"), ("spawn", "zobkin"), ("content", "show", "foes", "gobkn")):
        res = hollow(*args, "--json")
        assert res.code == 1 and res.stdout == "" and res.stderr.startswith("hollow: ")


def test_print_json_keeps_warnings_off_stdout(tmp_path: Path) -> None:
    pack = tmp_path / "long"
    pack.mkdir()
    words = " ".join(["Overlong words that go on and on"] * 200)
    (pack / "items.yaml").write_text(
        f'items:\n  long-thing:\n    name: Long Thing\n    text: "{words}"\n', encoding="utf-8"
    )
    res = ok("print", "cards", "items", "--out", str(tmp_path / "o"), "--content", str(pack), "--json")
    report = json.loads(res.stdout)
    assert any("long-thing" in w for w in report["warnings"])
    assert "long-thing" in res.stderr


def test_assist_takes_the_contract_options() -> None:
    text = ok("assist", "--help").stdout
    for option in ("--campaign", "--input", "--log", "--json", "--seed", "--content"):
        assert option in text
    assert "CHAPTER" in text


def test_play_takes_rolled_like_every_rolling_command() -> None:
    from hollowcli.play import saves

    assert "--rolled" in ok("play", "--help").stdout
    games = {}
    for name, values in (("by-value", "0,1,2"), ("by-label", "blank,1,2")):
        d = doc("play", "1", "--seed", "4", "--auto", "--max-rounds", "1", "--campaign", name, "--new", "--rolled", values)
        assert d["rolled"] == {"given": 3, "used": 3, "unused": []}
        game = saves.load(name).game
        assert game is not None
        games[name] = (game.actions, game.rolled)
    assert games["by-value"] == games["by-label"]  # 0 and blank are the same face
    assert [f for faces in games["by-value"][1].values() for f in faces] == ["blank", "1", "2"]
    bad("play", "1", "--rolled", "9")  # a face of no die
    bad("play", "1", "--rolled", "1,,2")  # an empty value
