"""The pack loader: every class of content problem is reported with its file and line,
packs layer over the built-in one, short forms expand, and the cache is invisible."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hollowcli import resources
from hollowcli.errors import ContentError, HollowError, Problem
from hollowcli.pack import cache
from hollowcli.pack.loader import load_pack
from hollowcli.pack.model import FOE_CLASSES, KINDS, Pack, SpawnGroup

# A small self-contained pack: every reference points inside it.
BASE = {
    "dice.yaml": """\
        dice:
          tdie:
            faces:
              - {label: blank, value: 0}
              - {label: hit, value: 1}
          tnum:
            faces: [1, 2, 3]
        """,
    "people.yaml": """\
        legends:
          tester:
            name: Tess Ter
            health: 6
            defense: 1
            move: 2
            attack_priority: 1
            tokens: 3
            basic_attack: {dice: 2, direct: 0, range: 1}
            bonus: {direct: 1}
            skills: [poke]
            relic: charm
            inventory: [rope]
        skills:
          poke:
            name: Poke
            cost: 1
            attack: {dice: 1, direct: 1, range: 0}
        items:
          charm: {name: Charm, kind: relic, defense: 1}
          rope: {name: Rope, kind: item}
        foes:
          grub:
            name: Grub
            class: gobkin
            health: 2
            defense: 0
            move: 2
            attack: {dice: 1, direct: 0, range: 0}
        """,
    "chapters/test.yaml": """\
        chapters:
          trial:
            name: The Trial
            number: 9
            map: |
              #####
              #1.2#
              #.S.#
              #C..#
              #####
            features:
              S: start
              C: {kind: search, name: Crate}
            walls: [[B2, C2]]
            barricades: [2]
            track:
              - [move, attack]
              - {actions: [spawn], card: draw}
            spawn_list:
              - [{foe: grub, count: 2}]
            setup:
              legends: {tester: D3}
              foes: [{foe: grub, at: 1}]
            objective: {kind: defeat, count: 2, foe: grub}
            cards:
              - id: gust
                title: A Gust
                text: The candles flicker.
                copies: 2
                effect: {fear: 1, spawn: [{foe: grub, count: 1}], lock: 1}
        """,
}


def write_pack(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def base_pack(root: Path, **changes: tuple[str, str]) -> Path:
    """The BASE pack, with ``file=(old, new)`` text replacements applied."""
    files = {k: textwrap.dedent(v) for k, v in BASE.items()}
    for key, (old, new) in changes.items():
        rel = {"dice": "dice.yaml", "people": "people.yaml", "chapter": "chapters/test.yaml"}[key]
        assert old in files[rel], old
        files[rel] = files[rel].replace(old, new, 1)
    return write_pack(root, files)


def line_of(path: Path, needle: str, nth: int = 1) -> int:
    """1-based line of the nth line of ``path`` containing ``needle``."""
    hits = [i + 1 for i, line in enumerate(path.read_text().splitlines()) if needle in line]
    return hits[nth - 1]


def problems_of(*dirs: Path) -> list[Problem]:
    with pytest.raises(ContentError) as info:
        load_pack(list(dirs), use_cache=False)
    return list(info.value.problems)


def find(problems: list[Problem], fragment: str) -> Problem:
    got = [p for p in problems if fragment in p.message]
    assert got, f"no problem mentions {fragment!r}: " + "\n".join(map(str, problems))
    return got[0]


def expect(root: Path, rel: str, needle: str, fragment: str, nth: int = 1, hint: str | None = None) -> Problem:
    """Loading ``root`` reports ``fragment`` at the line of ``needle`` in ``rel``."""
    p = find(problems_of(root), fragment)
    assert p.file.endswith(rel), p
    assert p.line == line_of(root / rel, needle, nth), p
    if hint is not None:
        assert hint in p.hint, p
    return p


# -- the built-in pack ---------------------------------------------------------------

def test_builtin_pack_validates_and_has_every_kind() -> None:
    pack = load_pack([], use_cache=False)
    for kind in ("dice", "legends", "skills", "items", "foes", "chapters"):
        assert len(pack.kind(kind)) > 0, kind
    assert pack.rules.spawn_die in pack.dice and pack.rules.attack_die in pack.dice
    assert sorted(pack.rules.activation_order) == sorted(FOE_CLASSES)
    assert pack.sources == (str(resources.content_dir()),)
    # every shipped number is a sample value, and says so
    assert all(pack.sample[f"{k}/{i}"] for k in KINDS if k != "rules" for i in pack.kind(k))


def test_base_pack_is_valid_and_short_forms_expand(tmp_path: Path) -> None:
    pack = load_pack([base_pack(tmp_path)], use_cache=False)
    assert [(f.label, f.value) for f in pack.dice["tnum"].faces] == [("1", 1), ("2", 2), ("3", 3)]
    tess = pack.legends["tester"]
    assert tess.bonus_direct == 1 and tess.skills == ("poke",) and tess.relic == "charm"
    assert pack.foes["grub"].cls == "gobkin" and pack.foes["grub"].supply == 10
    ch = pack.chapters["trial"]
    assert ch.map == ("#####", "#1.2#", "#.S.#", "#C..#", "#####")
    assert dict(ch.features) == {"S": "start", "C": "search"}
    assert dict(ch.feature_names) == {"C": "Crate"}
    assert ch.track[0].actions == ("move", "attack") and ch.track[0].card is None
    assert ch.track[1].actions == ("spawn",) and ch.track[1].card == "draw"
    assert ch.track_end == "loop"
    assert ch.spawn_list == ((SpawnGroup("grub", 2),),)
    assert dict(ch.setup.legends) == {"tester": "D3"}
    assert ch.objective.kind == "defeat" and ch.objective.foe == "grub" and ch.objective.count == 2
    card = ch.cards[0]
    assert card.effect["spawn"] == (SpawnGroup("grub", 1),) and card.effect["fear"] == 1
    assert ch.spawn_points == (1, 2)


# -- every class of problem, with file and line ---------------------------------------

def test_unknown_key_suggests_the_closest(tmp_path: Path) -> None:
    base_pack(tmp_path, people=("    health: 6", "    helth: 6"))
    p = expect(tmp_path, "people.yaml", "helth: 6", "unknown field 'helth'")
    assert "'health'" in p.hint
    find(problems_of(tmp_path), "has no 'health'")


def test_wrong_type(tmp_path: Path) -> None:
    base_pack(tmp_path, people=("    defense: 1\n    move", "    defense: lots\n    move"))
    expect(tmp_path, "people.yaml", "defense: lots", "'defense' must be a whole number")


def test_quoted_number_hint(tmp_path: Path) -> None:
    base_pack(tmp_path, people=("    tokens: 3", '    tokens: "3"'))
    expect(tmp_path, "people.yaml", 'tokens: "3"', "'tokens' must be a whole number", hint="remove the quotes")


def test_missing_field_points_at_the_entry(tmp_path: Path) -> None:
    base_pack(tmp_path, people=("    move: 2\n    attack: {dice: 1", "    attack: {dice: 1"))
    expect(tmp_path, "people.yaml", "  grub:", "the foe has no 'move'")


def test_bad_id(tmp_path: Path) -> None:
    base_pack(tmp_path, people=("  grub:", "  Grub_1:"))
    p = expect(tmp_path, "people.yaml", "Grub_1:", "may only use a-z, 0-9 and -")
    assert "'grub-1'" in p.hint


def test_duplicate_key_in_one_mapping(tmp_path: Path) -> None:
    base_pack(tmp_path, people=("  rope: {name: Rope, kind: item}", "  rope: {name: Rope, kind: item}\n  rope: {name: Rope 2}"))
    p = expect(tmp_path, "people.yaml", "rope: {name: Rope 2}", "'rope' appears twice")
    assert f"first on line {line_of(tmp_path / 'people.yaml', 'rope: {name: Rope, kind')}" in p.message


def test_duplicate_id_across_files_of_one_pack(tmp_path: Path) -> None:
    base_pack(tmp_path)
    write_pack(tmp_path, {"zz-more.yaml": "foes:\n  grub: {name: G, class: gobkin, health: 1, defense: 0, move: 1, attack: {dice: 1}}\n"})
    p = expect(tmp_path, "zz-more.yaml", "grub:", "foe 'grub' is defined twice in this pack")
    assert "people.yaml" in p.message


@pytest.mark.parametrize("kind,old,new,needle,fragment", [
    ("people", "skills: [poke]", "skills: [poky]", "skills: [poky]", "the skill list names the unknown skill 'poky'"),
    ("people", "relic: charm", "relic: charn", "relic: charn", "the relic names the unknown item 'charn'"),
    ("people", "relic: charm", "relic: rope", "relic: rope", "which is an item, not a relic"),
    ("people", "inventory: [rope]", "inventory: [rops]", "inventory: [rops]", "the inventory names the unknown item 'rops'"),
    ("chapter", "- [{foe: grub, count: 2}]", "- [{foe: grab, count: 2}]", "foe: grab", "the spawn list names the unknown foe 'grab'"),
    ("chapter", "foes: [{foe: grub, at: 1}]", "foes: [{foe: grob, at: 1}]", "foe: grob", "the setup names the unknown foe 'grob'"),
    ("chapter", "legends: {tester: D3}", "legends: {tesla: D3}", "tesla", "the setup names the unknown legend 'tesla'"),
    ("chapter", "spawn: [{foe: grub, count: 1}]", "spawn: [{foe: grue, count: 1}]", "grue", "spawn effect names the unknown foe 'grue'"),
    ("chapter", "count: 2, foe: grub}", "count: 2, foe: gruu}", "foe: gruu", "the objective names the unknown foe 'gruu'"),
])
def test_unknown_references(tmp_path: Path, kind: str, old: str, new: str, needle: str, fragment: str) -> None:
    base_pack(tmp_path, **{kind: (old, new)})
    rel = "people.yaml" if kind == "people" else "chapters/test.yaml"
    expect(tmp_path, rel, needle, fragment)


def test_reference_suggests_closest(tmp_path: Path) -> None:
    base_pack(tmp_path, chapter=("- [{foe: grub, count: 2}]", "- [{foe: grab, count: 2}]"))
    assert "did you mean 'grub'?" in find(problems_of(tmp_path), "unknown foe 'grab'").hint


def test_rules_dice_references(tmp_path: Path) -> None:
    write_pack(tmp_path, {"rules.yaml": "rules:\n  fear_limit: 8\n  spawn_die: d7\n"})
    expect(tmp_path, "rules.yaml", "spawn_die: d7", "the rules setting spawn_die names the unknown die 'd7'")


@pytest.mark.parametrize("old,new,needle,fragment", [
    ("- [move, attack]", "- [move, dance]", "dance", "'dance' is not a track action"),
    ("- [move, attack]", "- [move, card]", "[move, card]", "'card' is not an action of the track"),
    ("{actions: [spawn], card: draw}", "{actions: [spawn], card: keep}", "card: keep", "can only be 'draw'"),
    ("      #.S.#\n", "      #.S.##\n", "#.S.##", "map row 3 has 6 characters but row 1 has 5"),
    ("      #1.2#\n", "      #...#\n", "map: |", "the map has no spawn points"),
    ("      #C..#\n", "      #C.?#\n", "#C.?#", "'?' at D4 is not a map symbol"),
    ("legends: {tester: D3}", "legends: {tester: H3}", "tester: H3", "the start of tester H3 is outside the map"),
    ("legends: {tester: D3}", "legends: {tester: A3}", "tester: A3", "A3 is a '#' on the map"),
    ("foes: [{foe: grub, at: 1}]", "foes: [{foe: grub, at: 5}]", "at: 5", "spawn point 5 is not on the map"),
    ("walls: [[B2, C2]]", "walls: [[B2, D2]]", "walls:", "does not separate neighbouring locations"),
    ("barricades: [2]", "barricades: [3]", "barricades: [3]", "spawn point 3 is not on the map"),
    ("      S: start\n", "      S: start\n      Q: scenery\n", "Q: scenery", "feature Q is not on the map"),
    ("      S: start\n", "      S: begin\n", "S: begin", "feature S has the unknown kind 'begin'"),
    ("      #C..#\n", "      #CZ.#\n", "map: |", "the map uses the letter 'Z'"),
    ("effect: {fear: 1,", "effect: {boom: 2, fear: 1,", "boom: 2", "the card effect has an unknown field 'boom'"),
    ("lock: 1}", "lock: 4}", "lock: 4", "spawn point 4 is not on the map"),
    ("objective: {kind: defeat,", "objective: {kind: defend,", "kind: defend", "objective kind must be one of"),
    ("objective: {kind: defeat, count: 2, foe: grub}", "objective: {kind: survive}", "kind: survive", "a survive objective has no 'rounds'"),
    ("objective: {kind: defeat, count: 2, foe: grub}", "objective: {kind: survive, rounds: 3, count: 2}", "kind: survive",
     "a survive objective has an unknown field 'count'"),
    ("      C: {kind: search, name: Crate}\n", "      C: scenery\n", "objective:", "a search objective needs"),
    ("track:\n", "track_end: forever\n    track:\n", "track_end: forever", "'track_end' must be one of loop, stay"),
    ("lock: 1}\n", "lock: 1}\n      - {id: gust, title: Twice}\n", "title: Twice", "two cards have the id 'gust'"),
])
def test_chapter_problems(tmp_path: Path, old: str, new: str, needle: str, fragment: str) -> None:
    if fragment == "a search objective needs":
        base_pack(tmp_path, chapter=(old, new))
        text = (tmp_path / "chapters/test.yaml").read_text().replace("{kind: defeat, count: 2, foe: grub}", "{kind: search, count: 1}")
        (tmp_path / "chapters/test.yaml").write_text(text)
    else:
        base_pack(tmp_path, chapter=(old, new))
    expect(tmp_path, "chapters/test.yaml", needle, fragment)


def test_track_spawn_needs_spawn_list_and_draw_needs_cards(tmp_path: Path) -> None:
    base_pack(tmp_path, chapter=("    spawn_list:\n      - [{foe: grub, count: 2}]\n", ""))
    expect(tmp_path, "chapters/test.yaml", "track:", "has a spawn spot but the chapter has no spawn_list")


def test_chapter_without_start_must_place_every_legend(tmp_path: Path) -> None:
    base_pack(tmp_path, chapter=("#.S.#", "#...#"))
    text = (tmp_path / "chapters/test.yaml").read_text().replace("      S: start\n", "")
    (tmp_path / "chapters/test.yaml").write_text(text)
    p = expect(tmp_path, "chapters/test.yaml", "  trial:", "no 'start' feature and setup does not place")
    assert "jeremiah-pincke" in p.message and "tester" not in p.message


def test_dice_problems(tmp_path: Path) -> None:
    write_pack(tmp_path, {"dice.yaml": """\
        dice:
          empty: {faces: []}
          none: {}
          odd:
            faces: [{label: x, value: 1}, {label: X, value: 2}]
          worse:
            faces: [1, {label: two}]
        """})
    probs = problems_of(tmp_path)
    f = tmp_path / "dice.yaml"
    assert find(probs, "'faces' is empty").line == line_of(f, "empty:")
    assert find(probs, "the die has no 'faces'").line == line_of(f, "none:")
    assert find(probs, "two faces are labelled 'X' with different values").line == line_of(f, "label: x")
    assert find(probs, "the face has no 'value'").line == line_of(f, "label: two")


def test_foe_class_and_activation_order(tmp_path: Path) -> None:
    base_pack(tmp_path, people=("class: gobkin", "class: goblin"))
    write_pack(tmp_path, {"rules.yaml": "rules:\n  activation_order: [boss, gobkin, pumpling]\n"})
    probs = problems_of(tmp_path)
    p = find(probs, "'class' must be one of boss, gobkin, schrickroot, pumpling")
    assert p.line == line_of(tmp_path / "people.yaml", "class: goblin") and "gobkin" in p.hint
    p = find(probs, "activation_order must list every foe class exactly once")
    assert p.file.endswith("rules.yaml") and p.line == 2


def test_rules_keys_checked_generically(tmp_path: Path) -> None:
    write_pack(tmp_path, {"rules.yaml": """\
        rules:
          fear_limt: 9
          restore_health: two
          split_move: 1
          settings: {anything: [1, {goes: here}], another: true}
        """})
    probs = problems_of(tmp_path)
    p = find(probs, "'fear_limt' is not a rules setting")
    assert p.line == 2 and "'fear_limit'" in p.hint
    assert find(probs, "'restore_health' must be a whole number").line == 3
    assert find(probs, "'split_move' must be true or false").line == 4
    assert not [p for p in probs if "settings" in p.message]


def test_rules_settings_are_free_form_and_merge(tmp_path: Path) -> None:
    a = write_pack(tmp_path / "a", {"r.yaml": "rules:\n  fear_limit: 7\n  settings: {x: 1, y: [1, 2]}\n"})
    b = write_pack(tmp_path / "b", {"r.yaml": "rules:\n  restore_fear: 3\n  settings: {y: {z: 2}}\n"})
    pack = load_pack([a, b], use_cache=False)
    assert pack.rules.fear_limit == 7 and pack.rules.restore_fear == 3
    assert pack.rules.settings["x"] == 1 and pack.rules.settings["y"]["z"] == 2
    assert pack.rules.spawn_die == load_pack([], use_cache=False).rules.spawn_die  # untouched keys keep the built-in value


def test_broken_yaml_reports_file_and_line(tmp_path: Path) -> None:
    write_pack(tmp_path, {"ok.yaml": "foes: {}\n", "bad.yaml": "foes:\n  grub:\n    name: [Grub\n    class: gobkin\n"})
    p = find(problems_of(tmp_path), "this is not valid YAML")
    assert p.file.endswith("bad.yaml") and p.line in (3, 4, 5)


def test_python_tags_are_content_errors_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    write_pack(tmp_path / "p", {"evil.yaml": f"""\
        foes:
          grub: !!python/object/apply:os.system ["touch {marker}"]
          other: !!python/object:collections.OrderedDict {{}}
        dice:
          d: {{faces: !custom [1]}}
        """})
    probs = problems_of(tmp_path / "p")
    tags = [p for p in probs if "is not allowed" in p.message]
    assert [p.line for p in tags] == [2, 3, 5]
    assert "!!python/object/apply:os.system" in tags[0].message
    assert len(probs) == 3  # no follow-on noise about the refused values
    assert not marker.exists()


def test_top_level_problems(tmp_path: Path) -> None:
    write_pack(tmp_path, {"a.yaml": "- just\n- a list\n", "b.yaml": "foe:\n  x: {}\nsample: maybe\n", "empty.yaml": ""})
    probs = problems_of(tmp_path)
    assert find(probs, "a pack file must be a mapping of kinds").file.endswith("a.yaml")
    p = find(probs, "'foe' is not a kind of content")
    assert p.line == 1 and "'foes'" in p.hint
    assert find(probs, "'sample' must be true or false").line == 3


def test_every_problem_of_every_file_is_collected(tmp_path: Path) -> None:
    write_pack(tmp_path, {
        "a.yaml": "foes:\n  x: {name: X}\n",
        "b/c.yml": "skills:\n  y: {name: Y, cost: -1}\n",
        "d.yaml": "dice: [\n",
    })
    probs = problems_of(tmp_path)
    files = {Path(p.file).name for p in probs}
    assert files == {"a.yaml", "c.yml", "d.yaml"}
    with pytest.raises(ContentError) as info:
        load_pack([tmp_path], use_cache=False)
    assert "more problem" in str(info.value)  # the one-sentence form points at validate


def test_recursive_alias_and_alias_bomb(tmp_path: Path) -> None:
    write_pack(tmp_path / "r", {"r.yaml": "rules:\n  settings: &a {x: *a}\n"})
    assert find(problems_of(tmp_path / "r"), "contains itself").line == 2
    bomb = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    bomb += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 7)]
    write_pack(tmp_path / "b", {"b.yaml": "rules:\n  settings:\n" + "".join(f"    {line}\n" for line in bomb)})
    assert find(problems_of(tmp_path / "b"), "expands to more than")


def test_merge_keys_work(tmp_path: Path) -> None:
    base_pack(tmp_path)
    write_pack(tmp_path, {"more-foes.yaml": """\
        foes:
          grub2: &g
            name: Grub Two
            class: pumpling
            health: 3
            defense: 1
            move: 1
            attack: {dice: 1}
          grub3:
            <<: *g
            name: Grub Three
        """})
    pack = load_pack([tmp_path], use_cache=False)
    assert pack.foes["grub3"].name == "Grub Three" and pack.foes["grub3"].health == 3


def test_missing_folder_is_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(HollowError) as info:
        load_pack([tmp_path / "nope"])
    assert str(info.value).startswith(f"content folder {tmp_path / 'nope'} does not exist; ")
    (tmp_path / "file.yaml").write_text("foes: {}\n")
    with pytest.raises(HollowError, match="is a file, not a folder"):
        load_pack([tmp_path / "file.yaml"])


# -- layering --------------------------------------------------------------------------

def test_later_pack_replaces_entries_and_refers_to_earlier_ones(tmp_path: Path) -> None:
    builtin = load_pack([], use_cache=False)
    some_foe = next(iter(builtin.foes))
    a = write_pack(tmp_path / "a", {"f.yaml": f"""\
        foes:
          {some_foe}: {{name: Replaced, class: boss, health: 9, defense: 0, move: 1, attack: {{dice: 1}}}}
        """})
    b = write_pack(tmp_path / "b", {"f.yaml": f"""\
        sample: true
        foes:
          {some_foe}: {{name: Replaced Again, class: boss, health: 8, defense: 0, move: 1, attack: {{dice: 1}}, sample: false}}
          newcomer: {{name: New, class: gobkin, health: 1, defense: 0, move: 1, attack: {{dice: 1}}}}
        """})
    pack = load_pack([a, b], use_cache=False)
    assert pack.foes[some_foe].name == "Replaced Again"
    assert pack.origins[f"foes/{some_foe}"] == str(b)
    assert pack.sample[f"foes/{some_foe}"] is False  # the entry's own flag beats its file's
    assert pack.sample["foes/newcomer"] is True
    assert list(pack.foes)[: len(builtin.foes)] == list(builtin.foes)  # replaced in place
    assert pack.sources == (str(resources.content_dir()), str(a), str(b))
    # a user pack may refer to built-in entries
    legend = next(iter(builtin.legends))
    c = write_pack(tmp_path / "c", {"ch.yaml": BASE["chapters/test.yaml"].replace("tester", legend).replace("grub", some_foe)})
    assert load_pack([c], use_cache=False).chapters["trial"].setup.legends[legend] == "D3"


def test_templates_folder_skipped_and_recorded(tmp_path: Path) -> None:
    a = write_pack(tmp_path / "a", {"templates/card.yaml": "not: [valid", "templates/x.html.j2": "{{ x }}",
                                    ".hidden/x.yaml": "nope: [", "notes.txt": "hi"})
    b = write_pack(tmp_path / "b", {"templates/y.j2": "", "deep/er/d.yml": "dice:\n  d3: {faces: [1, 2, 3]}\n"})
    pack = load_pack([a, b], use_cache=False)
    assert pack.template_dirs == (str(b / "templates"), str(a / "templates"))
    assert "d3" in pack.dice


# -- the cache ---------------------------------------------------------------------------

def test_cached_pack_equals_fresh_pack(tmp_path: Path) -> None:
    root = base_pack(tmp_path / "p")
    fresh = load_pack([root], use_cache=False)
    first = load_pack([root])  # writes the cache
    assert list(cache.cache_dir().glob("pack-*.json"))
    second = load_pack([root])  # reads it
    for pack in (first, second):
        assert pack == fresh
        assert pack.chapters["trial"] == fresh.chapters["trial"] and pack.origins == fresh.origins


def test_cache_notices_edits_and_survives_corruption(tmp_path: Path) -> None:
    root = base_pack(tmp_path / "p")
    assert load_pack([root]).foes["grub"].health == 2
    f = root / "people.yaml"
    f.write_text(f.read_text().replace("health: 2", "health: 5"))
    assert load_pack([root]).foes["grub"].health == 5
    f.write_text(f.read_text().replace("health: 5", "health: oops"))
    with pytest.raises(ContentError):
        load_pack([root])  # a broken edit is never hidden by the cache
    f.write_text(f.read_text().replace("health: oops", "health: 4"))
    for cf in cache.cache_dir().glob("pack-*.json"):
        cf.write_text("{not json")
    assert load_pack([root]).foes["grub"].health == 4
    for cf in cache.cache_dir().glob("pack-*.json"):
        doc = json.loads(cf.read_text())
        doc["data"]["foes"] = {"grub": {"id": "grub"}}  # valid JSON, wrong shape
        cf.write_text(json.dumps(doc))
    assert load_pack([root]).foes["grub"].health == 4


def test_no_cache_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOLLOW_NO_CACHE", "1")
    load_pack([])
    assert not cache.cache_dir().exists() or not list(cache.cache_dir().glob("pack-*.json"))


def test_cache_dir_matches_platformdirs() -> None:
    import platformdirs

    assert cache.cache_dir() == Path(platformdirs.user_cache_dir("hollow"))


def test_warm_start_never_imports_yaml(tmp_path: Path) -> None:
    code = ("import sys; from hollowcli.pack.loader import load_pack; p = load_pack([]); "
            "print(len(p.dice), 'yaml' in sys.modules)")
    env = dict(os.environ)
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert first.stdout.split()[1] == "True"  # cold: parsed the YAML
    assert second.stdout.split()[1] == "False"  # warm: the JSON cache only
    env["HOLLOW_NO_CACHE"] = "1"
    third = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert third.stdout.split()[1] == "True"


def test_pack_model_is_read_only(tmp_path: Path) -> None:
    pack: Pack = load_pack([base_pack(tmp_path)], use_cache=False)
    with pytest.raises(TypeError):
        pack.foes["x"] = pack.foes["grub"]  # type: ignore[index]
    with pytest.raises(TypeError):
        pack.chapters["trial"].cards[0].effect["fear"] = 3  # type: ignore[index]


def test_text_rules_settings_with_choices(tmp_path: Path) -> None:
    """Each setting typed by a pack.vocab enum accepts exactly its words (a near miss gets a
    suggestion) and holds the enum's member once loaded (the compiled engine checks it)."""
    from hollowcli.pack.fields import Choice, specs
    from hollowcli.pack.model import Rules

    typed = {s.name: s.check.words for s in specs(Rules) if isinstance(s.check, Choice)}
    assert set(typed) == {"los_corners", "range_measure", "search_limit", "spawn_list_end", "fear_tokens",
                          "supply_exhausted", "foe_targets"}
    for key, enum in typed.items():
        assert isinstance(enum, type)
        words = [m.value for m in enum]
        write_pack(tmp_path / key / "bad", {"r.yaml": f"rules:\n  {key}: {words[0]}x\n"})
        p = find(problems_of(tmp_path / key / "bad"), f"{key!r} must be one of {', '.join(words)}")
        assert p.line == 2 and f"did you mean {words[0]!r}?" in p.hint
        write_pack(tmp_path / key / "good", {"r.yaml": f"rules:\n  {key}: {words[-1]}\n"})
        got = getattr(load_pack([tmp_path / key / "good"], use_cache=False).rules, key)
        assert got is enum(words[-1])
        assert isinstance(getattr(Rules(), key), enum)


def test_wide_maps_name_columns_past_z(tmp_path: Path) -> None:
    row = "#1" + "." * 25 + "#"  # 28 columns: A..Z, AA, AB
    base_pack(tmp_path, chapter=("      #####\n      #1.2#\n      #.S.#\n      #C..#\n      #####\n",
                                 f"      {'#' * 28}\n      {row}\n      #S{'.' * 23}2C#\n      {'#' * 28}\n"))
    text = (tmp_path / "chapters/test.yaml").read_text().replace("legends: {tester: D3}", "legends: {tester: AA2}")
    (tmp_path / "chapters/test.yaml").write_text(text.replace("walls: [[B2, C2]]", "walls: [[AA2, AA3]]"))
    ch = load_pack([tmp_path], use_cache=False).chapters["trial"]
    assert ch.setup.legends["tester"] == "AA2" and ch.walls == (("AA2", "AA3"),)
    (tmp_path / "chapters/test.yaml").write_text(text.replace("legends: {tester: AA2}", "legends: {tester: AC2}"))
    expect(tmp_path, "chapters/test.yaml", "tester: AC2", "AC2 is outside the map", hint="columns A..AB")


def test_problems_are_listed_file_by_file_then_by_line(tmp_path: Path) -> None:
    base_pack(tmp_path, chapter=("- [{foe: grub, count: 2}]", "- [{foe: nobody, count: 2}]"),
              people=("    health: 6", "    health: six"))
    write_pack(tmp_path, {"a.yaml": "foes:\n  x: {name: X}\n"})
    probs = problems_of(tmp_path)
    names = [Path(p.file).name for p in probs]
    assert names == sorted(names, key=["a.yaml", "test.yaml", "people.yaml"].index)
    assert [p.line for p in probs if p.file.endswith("test.yaml")] == sorted(p.line for p in probs if p.file.endswith("test.yaml"))


def test_old_cache_files_are_pruned_on_write(tmp_path: Path) -> None:
    import time

    folder = cache.cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    old, fresh, other = folder / "pack-old.json", folder / "pack-fresh.json", folder / "notes.txt"
    for f in (old, fresh, other):
        f.write_text("{}")
    past = time.time() - cache.MAX_AGE_S - 60
    os.utime(old, (past, past))
    os.utime(other, (past, past))
    load_pack([base_pack(tmp_path)])  # writes a cache file, pruning stale ones
    assert not old.exists() and fresh.exists() and other.exists()


def test_cache_tells_apart_the_same_relative_folder_seen_from_two_places(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    for where, health in (("one", 2), ("two", 7)):
        base_pack(tmp_path / where / "box", people=("health: 2", f"health: {health}"))
    for f in tmp_path.rglob("*.yaml"):  # same names, sizes and times in both places
        os.utime(f, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    monkeypatch.chdir(tmp_path / "one")
    assert load_pack([Path("box")]).foes["grub"].health == 2
    monkeypatch.chdir(tmp_path / "two")
    assert load_pack([Path("box")]).foes["grub"].health == 7


def test_search_objective_possible_under_search_limit(tmp_path: Path) -> None:
    base_pack(tmp_path, chapter=("{kind: defeat, count: 2, foe: grub}", "{kind: search, count: 2}"))
    assert load_pack([tmp_path], use_cache=False).chapters["trial"].objective.count == 2
    write_pack(tmp_path, {"rules.yaml": "rules:\n  search_limit: once\n"})
    expect(tmp_path, "chapters/test.yaml", "objective:", "needs 2 searches but the map has 1 search feature,")


def test_search_tokens_placed_at_setup_count_under_search_limit_once(tmp_path: Path) -> None:
    """A search token is searched once, like a feature: with one Crate and one token, two
    searches are possible and three are not (the message names both kinds of spot)."""
    base_pack(tmp_path, chapter=("{kind: defeat, count: 2, foe: grub}", "{kind: search, count: 2}"))
    write_pack(tmp_path, {"rules.yaml": "rules:\n  search_limit: once\n",
                          "tokens.yaml": "tokens:\n  mound: {name: Mound, search: true}\n  ward: {name: Ward}\n"})
    text = (tmp_path / "chapters/test.yaml").read_text()
    placed = "foes: [{foe: grub, at: 1}]\n      tokens: [{token: mound, at: C3}, {token: ward, at: C2}]"
    (tmp_path / "chapters/test.yaml").write_text(text.replace("foes: [{foe: grub, at: 1}]", placed))
    # (the built-in Covered Bridge's six searches of four features are a problem under 'once' too)
    assert [Path(p.file).name for p in problems_of(tmp_path)] == ["covered-bridge.yaml"]
    (tmp_path / "chapters/test.yaml").write_text(text.replace("foes: [{foe: grub, at: 1}]", placed)
                                                 .replace("{kind: search, count: 2}", "{kind: search, count: 3}"))
    expect(tmp_path, "chapters/test.yaml", "objective:",
           "needs 3 searches but the map has 1 search feature and 1 search token, each searched once")
    # the built-in Cider Press (the press and the cellar hatch) is possible under 'once'
    only_rules = write_pack(tmp_path / "rules-only", {"rules.yaml": "rules:\n  search_limit: once\n"})
    assert [Path(p.file).name for p in problems_of(only_rules) if "searched once" in p.message] == ["covered-bridge.yaml"]


def test_setup_cannot_place_more_foes_than_the_supply(tmp_path: Path) -> None:
    base_pack(tmp_path, chapter=("foes: [{foe: grub, at: 1}]", "foes: [{foe: grub, at: 1, count: 6}, {foe: grub, at: B4, count: 5}]"))
    expect(tmp_path, "chapters/test.yaml", "setup:", "setup places 11 grub but the box has only 10")


# -- replaces: a pack's entries of a kind replace every earlier one --------------------

SMALL_CHAPTER = """\
    chapters:
      {cid}:
        name: {name}
        number: {number}
        map: |
          ####
          #1S#
          ####
        features: {{S: start}}
        track: [[spawn]]
        spawn_list: [[{{foe: grub, count: 1}}]]
        objective: {{kind: survive, rounds: 2}}
    """


def chapter_file(cid: str, number: int, name: str = "A Chapter") -> str:
    return SMALL_CHAPTER.format(cid=cid, number=number, name=name)


def test_replaces_drops_the_earlier_packs_entries_of_that_kind(tmp_path: Path) -> None:
    builtin = load_pack([], use_cache=False)
    root = base_pack(tmp_path / "box")
    # declared in a file read after the chapters: a pack-level setting, wherever it is written
    write_pack(root, {"zz-replaces.yaml": "replaces: [chapters]\n"})
    pack = load_pack([root], use_cache=False)
    assert list(pack.chapters) == ["trial"]
    assert not any(key.startswith("chapters/") and origin == "built-in" for key, origin in pack.origins.items())
    assert [k for k in pack.sample if k.startswith("chapters/")] == ["chapters/trial"]
    # the other kinds still layer by id
    assert set(builtin.foes) < set(pack.foes) and set(builtin.skills) < set(pack.skills)
    assert pack.rules == builtin.rules
    # without the declaration the built-in chapters stay
    (root / "zz-replaces.yaml").unlink()
    assert set(load_pack([root], use_cache=False).chapters) == set(builtin.chapters) | {"trial"}


def test_replaces_applies_to_the_packs_before_it_only(tmp_path: Path) -> None:
    a = base_pack(tmp_path / "a")
    write_pack(a, {"r.yaml": "replaces: [chapters]\n"})
    b = write_pack(tmp_path / "b", {"c.yaml": chapter_file("second", 2)})
    pack = load_pack([a, b], use_cache=False)
    assert [c.id for c in sorted(pack.chapters.values(), key=lambda c: c.number)] == ["second", "trial"]
    assert pack.origins["chapters/second"] == str(b) and pack.origins["chapters/trial"] == str(a)
    c = write_pack(tmp_path / "c", {"c.yaml": "replaces: [chapters]\n" + textwrap.dedent(chapter_file("only", 1))})
    assert list(load_pack([a, b, c], use_cache=False).chapters) == ["only"]


def test_replaces_several_kinds_and_a_dropped_id_is_an_unknown_reference(tmp_path: Path) -> None:
    builtin = load_pack([], use_cache=False)
    dropped_skill = builtin.legends["emily-van-winkle"].skills[0]
    # the built-in chapters place built-in Legends, so a pack replacing Legends replaces chapters too
    root = base_pack(tmp_path, people=("skills: [poke]", f"skills: [poke, {dropped_skill}]"))
    write_pack(root, {"replaces.yaml": "replaces:\n  - legends\n  - skills\n  - chapters\n"})
    problems = problems_of(root)
    assert len(problems) == 1, problems
    p = problems[0]
    assert p.message == f"the skill list names the unknown skill {dropped_skill!r}"
    assert p.file.endswith("people.yaml") and p.line == line_of(root / "people.yaml", "skills: [poke")
    assert f"replaces.yaml:{line_of(root / 'replaces.yaml', '- skills')}" in p.hint
    assert "replace this entry" not in p.hint  # the Legend is the pack's own
    people = root / "people.yaml"
    people.write_text(people.read_text().replace(f", {dropped_skill}]", "]"))
    pack = load_pack([root], use_cache=False)
    assert list(pack.legends) == ["tester"] and list(pack.skills) == ["poke"] and list(pack.chapters) == ["trial"]
    assert set(pack.items) == set(builtin.items) | {"charm", "rope"}
    assert set(pack.foes) == set(builtin.foes) | {"grub"}


def test_replacing_skills_alone_reports_the_builtin_legends_that_name_them(tmp_path: Path) -> None:
    root = write_pack(tmp_path, {"s.yaml": "replaces: [skills]\nskills:\n  jab: {name: Jab, cost: 1}\n"})
    problems = problems_of(root)
    builtin = load_pack([], use_cache=False)
    named = {s for lg in builtin.legends.values() for s in lg.skills}
    legends = [p for p in problems if p.file.endswith("legends.yaml")]
    assert {p.message.rsplit(" ", 1)[1].strip("'") for p in legends} == named and all(p.line for p in legends)
    # the Churchyard's vestry unlocks Vesper Psalm, and the Potter's Field puts a skill lock on
    # Long Shot (and takes it off): those places are named too (the built-in campaign and its
    # upgrades and paths, built on the skills, are dropped with them: no problem of theirs)
    locks = [p for p in problems if p not in legends]
    assert [(Path(p.file).name, p.message) for p in locks] == [
        ("churchyard.yaml", "the unlock_skill effect names the unknown skill 'vesper-psalm'")] + [
        ("potters-field.yaml", "the skill lock names the unknown skill 'long-shot'")] * 2 and all(p.line for p in locks)
    assert all("replace this entry in that pack too" in p.hint and "s.yaml:1" in p.hint for p in problems)


@pytest.mark.parametrize("text,needle,fragment,hint", [
    ("replaces: chapters\n", "replaces", "'replaces' must be a list of kinds, not the text 'chapters'",
     "'replaces: [chapters]'"),
    ("replaces:\n  - chapter\n", "- chapter", "'replaces' lists the text 'chapter', which is not a kind of content",
     "did you mean 'chapters'?"),
    ("replaces:\n  - 7\n", "- 7", "'replaces' lists the number 7, which is not a kind of content",
     "dice, legends, allies, skills, items, foes, tokens, upgrades, paths, campaigns, chapters"),
    ("replaces:\n  - rules\n", "- rules", "'replaces' cannot list rules", "only the settings"),
    ("replaces:\n  - chapters\n  - chapters\n", "- chapters", "'replaces' lists chapters twice (first on line 2)",
     "list each kind once"),
    ("replaces: [foes]\n", "replaces", "'replaces' lists foes, but this pack defines no foes of its own",
     "take foes out of the list"),
    ("replace: [chapters]\n", "replace:", "'replace' is not a kind of content", "did you mean 'replaces'?"),
])
def test_replaces_problems_have_file_and_line(tmp_path: Path, text: str, needle: str, fragment: str, hint: str) -> None:
    write_pack(tmp_path, {"r.yaml": text})
    expect(tmp_path, "r.yaml", needle, fragment, nth=2 if "twice" in fragment else 1, hint=hint)


def test_replacing_dice_drops_the_dice_the_builtin_rules_name(tmp_path: Path) -> None:
    root = write_pack(tmp_path, {"r.yaml": "replaces: [dice]\nrules: {spawn_die: d8}\ndice:\n  d8: {faces: [1, 2]}\n"})
    problems = problems_of(root)
    assert len(problems) == 1, problems
    p = problems[0]
    assert p.file.endswith("rules.yaml") and p.line == line_of(resources.content_dir() / "rules.yaml", "attack_die:")
    assert p.message == "the rules setting attack_die names the unknown die 'attack'"
    assert "set this rule in that pack too" in p.hint and "r.yaml:1" in p.hint
    write_pack(root, {"r.yaml": "replaces: [dice]\nrules: {spawn_die: d8, attack_die: d8}\ndice:\n  d8: {faces: [1, 2]}\n"})
    assert list(load_pack([root], use_cache=False).dice) == ["d8"]


def test_an_empty_replaces_changes_nothing(tmp_path: Path) -> None:
    root = base_pack(tmp_path)
    write_pack(root, {"r.yaml": "replaces: []\n", "s.yaml": "replaces:\n"})
    assert set(load_pack([], use_cache=False).chapters) < set(load_pack([root], use_cache=False).chapters)


def test_toggling_replaces_invalidates_the_cache(tmp_path: Path) -> None:
    from hollowcli.pack.loader import cached_data

    root = base_pack(tmp_path / "box")
    decl = root / "chapters" / "test.yaml"
    decl.write_text("replaces: [chapters]\n" + decl.read_text())
    assert list(load_pack([root]).chapters) == ["trial"]  # validates and writes the cache
    warm = cached_data([root])
    assert warm is not None and list(warm["chapters"]) == ["trial"]
    assert list(load_pack([root]).chapters) == ["trial"]  # from the cache
    decl.write_text(decl.read_text().replace("replaces: [chapters]\n", ""))
    assert cached_data([root]) is None  # the edit changed the signature
    assert set(load_pack([root]).chapters) == set(load_pack([], use_cache=False).chapters) | {"trial"}
    decl.write_text("replaces: [chapters]\n" + decl.read_text())
    assert cached_data([root]) is None
    assert list(load_pack([root]).chapters) == ["trial"]


# -- chapter numbers are unique in the layered pack -------------------------------------

def test_a_chapter_sharing_a_builtin_number_is_reported_in_the_users_file(tmp_path: Path) -> None:
    builtin = load_pack([], use_cache=False)
    first = min(builtin.chapters.values(), key=lambda c: c.number)
    root = write_pack(tmp_path, {"c.yaml": chapter_file("mine", first.number)})
    root = base_pack(root)
    problems = [p for p in problems_of(root) if "has the number" in p.message]
    assert len(problems) == 1
    p = problems[0]
    assert p.file.endswith("c.yaml") and p.line == line_of(root / "c.yaml", "number:")
    builtin_file = resources.content_dir() / "chapters" / f"{first.id}.yaml"
    assert p.message.startswith(f"the chapter 'mine' has the number {first.number}, like the chapter {first.id!r} (")
    assert p.message.endswith(f"{Path('chapters', first.id + '.yaml')}:{line_of(builtin_file, 'number:')})")
    assert "replaces: [chapters]" in p.hint
    write_pack(root, {"r.yaml": "replaces: [chapters]\n"})
    assert set(load_pack([root], use_cache=False).chapters) == {"mine", "trial"}


def test_two_chapters_of_one_pack_with_one_number(tmp_path: Path) -> None:
    root = base_pack(tmp_path)
    write_pack(root, {"chapters/x.yaml": chapter_file("twin", 9)})
    p = expect(root, "chapters/x.yaml", "number:", "the chapter 'twin' has the number 9, like the chapter 'trial'")
    assert "give one of them another number" in p.hint and "replaces" not in p.hint
    assert f"chapters/test.yaml:{line_of(root / 'chapters' / 'test.yaml', 'number:')}" in p.message


def test_renumbering_a_builtin_chapter_onto_another_blames_the_later_pack(tmp_path: Path) -> None:
    builtin = load_pack([], use_cache=False)
    by_number = sorted(builtin.chapters.values(), key=lambda c: c.number)
    moved, other = by_number[0], by_number[1]
    root = write_pack(tmp_path, {"c.yaml": chapter_file(moved.id, other.number)})
    root = base_pack(root)
    problems = [p for p in problems_of(root) if "has the number" in p.message]
    assert len(problems) == 1 and problems[0].file.endswith("c.yaml")
    assert problems[0].message.startswith(f"the chapter {moved.id!r} has the number {other.number}, like the chapter {other.id!r}")


# -- allies ----------------------------------------------------------------------------
ALLY = """\
allies:
  lamp:
    name: Lamp Boy
    health: 3
    defense: 0
    move: 2
    attack_priority: 0
"""
PLACED = ("      legends: {tester: D3}", "      legends: {tester: D3}\n      allies: {lamp: 2}")


def test_allies_load_and_a_chapter_places_and_protects_one(tmp_path: Path) -> None:
    root = base_pack(tmp_path, chapter=PLACED)
    write_pack(root, {"allies.yaml": ALLY})
    ch = root / "chapters/test.yaml"
    ch.write_text(ch.read_text().replace("objective: {kind: defeat, count: 2, foe: grub}", "objective: {kind: protect, ally: lamp, rounds: 4}"))
    pack = load_pack([root], use_cache=False)
    lamp = pack.allies["lamp"]
    assert (lamp.name, lamp.health, lamp.basic_attack) == ("Lamp Boy", 3, None)
    trial = pack.chapters["trial"]
    assert dict(trial.setup.allies) == {"lamp": 2} and trial.objective.ally == "lamp"


@pytest.mark.parametrize(("old", "new", "needle", "fragment"), [
    ("    health: 3", "    health: lots", "health: lots", "'health' must be a whole number"),
    ("    move: 2", "    move: 2\n    tokens: 3", "tokens: 3", "the ally has an unknown field 'tokens'"),
    ("    attack_priority: 0\n", "", "lamp:", "the ally has no 'attack_priority'"),
])
def test_ally_problems_have_file_and_line(tmp_path: Path, old: str, new: str, needle: str, fragment: str) -> None:
    root = base_pack(tmp_path)
    assert old in ALLY
    write_pack(root, {"allies.yaml": ALLY.replace(old, new, 1)})
    expect(root, "allies.yaml", needle, fragment)


def test_ally_references_and_ids_are_checked(tmp_path: Path) -> None:
    root = base_pack(tmp_path, chapter=(PLACED[0], PLACED[0] + "\n      allies: {lamb: C3}"))
    write_pack(root, {"allies.yaml": ALLY + "  tester: {name: Twin, health: 1, defense: 0, move: 1, attack_priority: 0}\n"})
    p = expect(root, "chapters/test.yaml", "allies: {lamb: C3}", "names the unknown ally 'lamb'")
    assert "'lamp'" in p.hint
    expect(root, "allies.yaml", "tester:", "the ally 'tester' has the id of a Legend")


def test_protect_needs_an_ally_placed_by_the_setup(tmp_path: Path) -> None:
    root = base_pack(tmp_path, chapter=("objective: {kind: defeat, count: 2, foe: grub}", "objective: {kind: protect, ally: lamp, rounds: 4}"))
    write_pack(root, {"allies.yaml": ALLY})
    expect(root, "chapters/test.yaml", "objective:", "the setup does not place it")


def test_the_cache_depends_on_every_module_that_validates_a_pack() -> None:
    """A change to any module the validation imports (the model's metadata, a check, the
    builder) must invalidate the cached data, or an old cache would hide it."""
    code = textwrap.dedent("""
        import sys
        from hollowcli.pack.loader import load_pack
        load_pack([], use_cache=False)
        print(" ".join(m.rsplit(".", 1)[1] + ".py" for m in sys.modules if m.startswith("hollowcli.pack.")))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    imported = set(out.stdout.split())
    assert {"model.py", "fields.py", "convert.py", "check_chapters.py", "effects.py"} <= imported
    assert imported <= set(cache._CODE), f"add to pack/cache.py's _CODE: {sorted(imported - set(cache._CODE))}"
