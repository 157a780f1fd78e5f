"""The checks of a chapter that the model's metadata cannot state: its map (checked first,
since every location of the chapter is checked against it), features, walls, spawn
points, track spots, setup, objective, cards and their effects, and the checks across
the fields of one chapter (a spawn spot needs a spawn list, a protected ally must be
placed, ...), some of which wait until every pack is layered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hollowcli.errors import Problem
from hollowcli.locations import parse_loc
from hollowcli.names import closest, plural, suggest
from hollowcli.pack.convert import BAD, Checker, CustomCheck, Entry, Path_, col_name, describe
from hollowcli.pack.effects import EFFECTS
from hollowcli.pack.fields import MAX_CARDS, MAX_MAP_SIDE, REQUIRED, Choice, Opt, Ref, Text, field_spec, specs
from hollowcli.pack.model import Chapter, Objective, TrackSpot
from hollowcli.pack.objectives import OBJECTIVES
from hollowcli.pack.tokens import doubled
from hollowcli.pack.vocab import FeatureKind, ObjectiveKind, TrackAction

#: Map symbols other than feature letters.
MAP_SYMBOLS = "#.123456789"
#: Actions a track spot may list (``card: draw`` is written beside them).
SPOT_ACTIONS = tuple(a.value for a in TrackAction if a is not TrackAction.CARD)
FEATURE_KINDS = tuple(k.value for k in FeatureKind)
OBJECTIVE_KINDS = tuple(k.value for k in ObjectiveKind)


# ----------------------------------------------------------------------------- the chapter
def kind_chapters(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    ck.grid = grid(ck, entry.get("map"), path + ("map",)) if "map" in entry else None
    out = ck.record(Chapter, entry, path, "the chapter")
    if out is BAD:
        return BAD
    feats = out.pop("features")
    out["features"] = {k: v[0] for k, v in feats.items()}
    out["feature_names"] = {k: v[1] for k, v in feats.items() if v[1]}
    out["feature_items"] = {k: v[2] for k, v in feats.items() if v[2]}
    ok = all([_letters_named(ck, out, path), _track_needs(ck, out, path), _deck(ck, out, path),
              _objective_fits(ck, out, path)])
    doubled(ck, out, path)  # (reported; the chapter's other checks still run)
    _check_later(ck, out, path)
    return out if ok else BAD


def _letters_named(ck: Checker, out: dict[str, Any], path: Path_) -> bool:
    """Every letter on the map is a feature."""
    ok = True
    for ch in sorted({ch for row in ck.grid or () for ch in row if ch.isalpha()}):
        if ch not in out["features"]:
            ok = False
            ck.add(path + ("map",), f"the map uses the letter {ch!r} but 'features' does not say what it is",
                   f"add '{ch}: scenery' (or start/search) under features, or use '.' for an open location")
    return ok


def _track_needs(ck: Checker, out: dict[str, Any], path: Path_) -> bool:
    """A spawn spot needs a spawn list, a card spot needs cards."""
    ok = True
    spots = out["track"]
    if any("spawn" in s["actions"] for s in spots) and not out["spawn_list"]:
        ok = False
        ck.add(path + ("track",), "the track has a spawn spot but the chapter has no spawn_list",
               "add a spawn_list, or take 'spawn' off the track")
    if any(s["card"] for s in spots) and not out["cards"]:
        ok = False
        ck.add(path + ("track",), "the track draws a chapter card but the chapter has no cards",
               "add cards, or take 'card: draw' off the track")
    return ok


def _deck(ck: Checker, out: dict[str, Any], path: Path_) -> bool:
    """The deck is not too large, and no two cards share an id."""
    ok = True
    total = sum(card["copies"] for card in out["cards"])
    if total > MAX_CARDS:
        ok = False
        ck.add(path + ("cards",), f"the chapter's deck has {total} cards (every copy counted); a deck may have "
               f"at most {MAX_CARDS}", "use fewer cards or fewer copies")
    ids: dict[str, int] = {}
    for i, card in enumerate(out["cards"]):
        if card["id"] in ids:
            ok = False
            ck.add(path + ("cards", i), f"two cards have the id {card['id']!r}", "give each card its own id")
        ids[card["id"]] = i
    return ok


def _objective_fits(ck: Checker, out: dict[str, Any], path: Path_) -> bool:
    """A protected ally is placed; a search objective has something to search."""
    ok = True
    for obj, where in leaves(out["objective"], path + ("objective",)):
        if obj["kind"] == ObjectiveKind.PROTECT and obj["ally"] not in out["setup"]["allies"]:
            ok = False
            ck.add(where, f"the objective protects the ally {obj['ally']!r}, but the setup does not place it",
                   f"add it under setup, e.g. 'allies: {{{obj['ally']}: C4}}'")
        if obj["kind"] == ObjectiveKind.SEARCH and FeatureKind.SEARCH not in out["features"].values():
            ok = False
            ck.add(where, "a search objective needs a map feature of kind 'search'",
                   "add a letter on the map with '<letter>: search' under features")
    return ok


def leaves(obj: Mapping[str, Any], path: Path_ = ()) -> list[tuple[Mapping[str, Any], Path_]]:
    """A canonical objective's simple parts with their paths: itself, or every part of an
    ``all``, all the way down."""
    if obj["kind"] != ObjectiveKind.ALL:
        return [(obj, path)]
    return [leaf for i, part in enumerate(obj["of"]) for leaf in leaves(part, path + ("of", i))]


def _check_later(ck: Checker, out: dict[str, Any], path: Path_) -> None:
    """The checks that need every pack layered: Legends with no start, searches the map
    cannot give with ``search_limit: once``, setup foes beyond their supply."""
    obj, file = out["objective"], ck.file
    if FeatureKind.START not in out["features"].values():
        placed, line = set(out["setup"]["legends"]), ck.line(path)

        def start_check(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
            missing = sorted(set(merged.get("legends", {})) - placed)
            if not missing:
                return []
            return [Problem(file, line, f"the chapter has no 'start' feature and setup does not place {', '.join(missing)}",
                            "put an 'S' on the map with 'S: start' under features, or place every Legend in setup")]

        ck.later(start_check)
    searches = [leaf for leaf, _ in leaves(obj) if leaf["kind"] == ObjectiveKind.SEARCH]
    if searches:
        places = sum(1 for kind in out["features"].values() if kind == FeatureKind.SEARCH)
        need, oline = max(leaf["count"] for leaf in searches), ck.line(path + ("objective",))

        def search_check(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
            kinds = merged.get("tokens", {})  # search tokens placed at setup count too (searched once each)
            tokens = sum(1 for tp in out["setup"]["tokens"]
                         if tp["token"] in kinds and kinds[tp["token"]].canon.get("search"))
            if rules.get("search_limit") != "once" or need <= places + tokens:
                return []
            spots = plural(places, "search feature") + (f" and {plural(tokens, 'search token')}" if tokens else "")
            return [Problem(file, oline, f"the objective needs {plural(need, 'search', 'searches')} but the map has "
                            f"{spots}, each searched once (rules.search_limit: once)",
                            "lower the count, add search features, or change search_limit")]

        ck.later(search_check)
    wanted: dict[str, int] = {}
    for fp in out["setup"]["foes"]:
        wanted[fp["foe"]] = wanted.get(fp["foe"], 0) + fp["count"]
    sline = ck.line(path + ("setup",))

    def supply_check(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
        found = []
        for foe, n in wanted.items():
            entry = merged.get("foes", {}).get(foe)
            if entry is not None and n > entry.canon["supply"]:
                found.append(Problem(file, sline, f"setup places {n} {foe} but the box has only {entry.canon['supply']} "
                                     "(its supply)", f"place fewer, or raise the supply of {foe}"))
        return found

    ck.later(supply_check)


# ----------------------------------------------------------------------------- the map
def grid(ck: Checker, v: Any, path: Path_) -> Any:
    """The map's rows (a ``|`` block or a list of strings), or BAD after its problems."""
    rows, row_lines = _rows(ck, v, path)
    if rows is None:
        return BAD
    if not rows or not any(rows):
        ck.add(path, "the map is empty", "draw one character per location under 'map: |'")
        return BAD
    ok = True
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            ok = False
            ck.add(path, f"map row {i + 1} has {plural(len(row), 'character')} but row 1 has {width}",
                   "every row must be as wide as the first; use '#' where there is no location", line=row_lines[i])
    if width > MAX_MAP_SIDE or len(rows) > MAX_MAP_SIDE:
        ck.add(path, f"the map is {plural(width, 'column')} wide and {plural(len(rows), 'row')} high; a map may be at most "
               f"{MAX_MAP_SIDE} by {MAX_MAP_SIDE}", "make the map smaller")
        return BAD
    ok = _symbols(ck, rows, row_lines, path) and ok
    return rows if ok else BAD


def _rows(ck: Checker, v: Any, path: Path_) -> tuple[list[str] | None, list[int | None]]:
    key_line = ck.line(path)
    if isinstance(v, str):
        lead = len(v) - len(v.lstrip("\n"))
        rows = [r.rstrip() for r in v.strip("\n").split("\n")]
        row_lines = [(key_line + 1 + lead + i) if key_line and "\n" in v else key_line for i in range(len(rows))]
        while rows and not rows[-1]:
            rows.pop()
        return rows, row_lines
    if isinstance(v, list) and all(isinstance(r, str) for r in v):
        return list(v), [ck.line(path + (i,)) for i in range(len(v))]
    ck.add(path, f"the map must be rows of text, not {describe(v)}", "write 'map: |' and then one indented line per row")
    return None, []


def _symbols(ck: Checker, rows: list[str], row_lines: list[int | None], path: Path_) -> bool:
    """Every character is a map symbol, each spawn point is there once, and one at least."""
    ok = True
    spawn_seen: dict[str, str] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            where = f"{col_name(c)}{r + 1}"
            if ch in MAP_SYMBOLS or (ch.isascii() and ch.isalpha()):
                if ch.isdigit():
                    if ch in spawn_seen:
                        ok = False
                        ck.add(path, f"spawn point {ch} is on the map twice ({spawn_seen[ch]} and {where})",
                               "each spawn point number marks one location", line=row_lines[r])
                    spawn_seen[ch] = where
                continue
            ok = False
            ck.add(path, f"the map character {ch!r} at {where} is not a map symbol",
                   "use '#' for no location, '.' for open, 1-9 for spawn points, letters for features", line=row_lines[r])
    if ok and not spawn_seen:
        ok = False
        ck.add(path, "the map has no spawn points", "put the digits 1..6 where foes enter the map")
    return ok


def map_rows(ck: Checker, v: Any, path: Path_) -> Any:
    """The chapter's ``map`` field: its rows, checked before the other fields (:func:`grid`)."""
    return ck.grid


def loc(ck: Checker, v: Any, path: Path_, what: str) -> Any:
    """A location name like C4 that is on the map and not '#', upper-cased."""
    grid = ck.grid
    got = parse_loc(v) if isinstance(v, str) else None
    if got is None:
        ck.add(path, f"{what} must be a location like C4 (column letter, row number), not {describe(v)}")
        return BAD
    col, row = got
    name = f"{col_name(col)}{row + 1}"
    if grid in (None, BAD):
        return name  # the map's own problem is reported already
    if row < 0 or row >= len(grid) or col >= len(grid[0]):
        ck.add(path, f"{what} {name} is outside the map",
               f"the map has columns A..{col_name(len(grid[0]) - 1)} and rows 1..{len(grid)}")
        return BAD
    if grid[row][col] == "#":
        ck.add(path, f"{what} {name} is a '#' on the map (no location there)", "choose a location that is not '#'")
        return BAD
    return name


def point(ck: Checker, v: Any, path: Path_) -> Any:
    """A spawn point's number, on the map."""
    if isinstance(v, bool) or not isinstance(v, int):
        ck.add(path, f"a spawn point must be a number like 3, not {describe(v)}")
        return BAD
    grid = ck.grid
    if grid not in (None, BAD) and not any(str(v) in row for row in grid):
        pts = sorted({ch for row in grid for ch in row if ch.isdigit()})
        ck.add(path, f"spawn point {v} is not on the map", f"the map's spawn points are {', '.join(pts)}")
        return BAD
    return v


def at(ck: Checker, v: Any, path: Path_) -> Any:
    """``at:``: a spawn point number or a location."""
    if isinstance(v, int) and not isinstance(v, bool):
        return point(ck, v, path)
    return loc(ck, v, path, "'at'")


def wall(ck: Checker, v: Any, path: Path_) -> Any:
    if not (isinstance(v, list) and len(v) == 2):
        ck.add(path, f"a wall must be a pair of locations like [B3, B4], not {describe(v)}")
        return BAD
    a = loc(ck, v[0], path + (0,), "a wall's location")
    b = loc(ck, v[1], path + (1,), "a wall's location")
    if a is BAD or b is BAD:
        return BAD
    (ca, ra), (cb, rb) = parse_loc(a), parse_loc(b)  # type: ignore[misc]
    if abs(ca - cb) + abs(ra - rb) != 1:
        ck.add(path, f"the wall between {a} and {b} does not separate neighbouring locations",
               "a wall stands between two orthogonally adjacent locations, like B3 and B4")
        return BAD
    return [a, b]


# ----------------------------------------------------------------------------- features
def features(ck: Checker, v: Any, path: Path_) -> Any:
    """``LETTER: KIND`` or ``LETTER: {kind:, name:, item:}``: letter -> (kind, name, item)."""
    if v is None:
        return {}
    if ck.c_mapping(v, path) is BAD:
        return BAD
    out: dict[str, tuple[str, str, str | None]] = {}
    ok = True
    for letter, value in v.items():
        got = _feature(ck, letter, value, path + (letter,))
        if got is BAD:
            ok = False
        else:
            out[letter] = got
    return out if ok else BAD


def _feature(ck: Checker, letter: Any, value: Any, fpath: Path_) -> Any:
    if not (isinstance(letter, str) and len(letter) == 1 and letter.isascii() and letter.isalpha()):
        ck.add(fpath, f"a feature must be one letter of the map, not {letter!r}", "use a single letter like S")
        return BAD
    if isinstance(value, str):
        kind, name, found = value, "", None
    elif isinstance(value, dict):
        spec = {"kind": (ck.conv(Choice(FeatureKind)), REQUIRED), "name": (ck.conv(Text()), ""),
                "item": (ck.conv(Opt(Ref("items", f"feature {letter}"))), None)}
        got = ck.take(value, fpath, spec, "the feature", extra=())
        if got is BAD:
            return BAD
        kind, name, found = got["kind"], got["name"], got["item"]
        if found is not None and kind != FeatureKind.SEARCH:
            ck.add(fpath + ("item",), f"feature {letter} holds an item but is not a search feature",
                   "only 'kind: search' features hold an item to find")
            return BAD
    else:
        ck.add(fpath, f"feature {letter} must be a kind ({', '.join(FEATURE_KINDS)}) or {{kind: ..., name: ...}}")
        return BAD
    if kind not in FEATURE_KINDS:
        near = closest(kind, FEATURE_KINDS)
        ck.add(fpath, f"feature {letter} has the unknown kind {kind!r}",
               f"use one of {', '.join(FEATURE_KINDS)}" + (f"; did you mean {near!r}?" if near else ""))
        return BAD
    grid = ck.grid
    if grid not in (None, BAD) and not any(letter in row for row in grid):
        ck.add(fpath, f"feature {letter} is not on the map", f"put the letter {letter} on the map, or remove it here")
        return BAD
    return (kind, name, found)


# ----------------------------------------------------------------------------- the track
def spot(ck: Checker, v: Any, path: Path_) -> Any:
    """A track spot: a list of actions (or one action), or ``{actions: [...], card: draw}``."""
    if isinstance(v, str):
        v = [v]
    if isinstance(v, list):
        acts = ck.c_list(lambda x, p: action(ck, x, p))(v, path)
        return BAD if acts is BAD else {"actions": acts, "card": None}
    if isinstance(v, dict):
        return ck.record(TrackSpot, v, path, TrackSpot.WHAT, extra=())
    ck.add(path, f"a track spot must be a list of actions or {{actions: [...], card: draw}}, not {describe(v)}")
    return BAD


def action(ck: Checker, v: Any, path: Path_) -> Any:
    if v == "card":
        ck.add(path, "'card' is not an action of the track",
               "to draw a chapter card on this spot write {actions: [...], card: draw}")
        return BAD
    if not isinstance(v, str) or v not in SPOT_ACTIONS:
        near = closest(v, SPOT_ACTIONS)
        ck.add(path, f"{describe(v)} is not a track action", f"use {', '.join(SPOT_ACTIONS)}"
               + (f"; did you mean {near!r}?" if near else ""))
        return BAD
    return v


def card_draw(ck: Checker, v: Any, path: Path_) -> Any:
    if v is None:
        return None
    if v != "draw":
        ck.add(path, f"'card' on a track spot can only be 'draw', not {describe(v)}")
        return BAD
    return v


# ----------------------------------------------------------------------------- setup
def _placements(ck: Checker, v: Any, path: Path_, kind: str,
                place: Callable[[Any, Path_, str], Any]) -> Any:
    """``{id: WHERE}`` of the setup: each id a ``kind`` entry, each place checked by ``place``."""
    if v is None:
        return {}
    if ck.c_mapping(v, path) is BAD:
        return BAD
    out = {}
    for key, where in v.items():
        ident = ck.c_ref(kind, "the setup")(key, path + (key,))
        spot = place(where, path + (key,), key)
        if ident is BAD or spot is BAD:
            return BAD
        out[ident] = spot
    return out


def setup_legends(ck: Checker, v: Any, path: Path_) -> Any:
    """``legends: {legend-id: LOCATION}``: where the setup starts Legends."""
    return _placements(ck, v, path, "legends", lambda where, p, lid: loc(ck, where, p, f"the start of {lid}"))


def setup_allies(ck: Checker, v: Any, path: Path_) -> Any:
    """``allies: {ally-id: LOCATION-or-SPAWN-POINT}``: the allies the chapter places."""
    return _placements(ck, v, path, "allies", lambda where, p, aid: at(ck, where, p))


# ----------------------------------------------------------------------------- objective
def objective(ck: Checker, v: Any, path: Path_) -> Any:
    """The objective: its kind, then the fields its :class:`ObjectiveSpec` takes and requires."""
    if ck.c_mapping(v, path) is BAD:
        return BAD
    kind = v.get("kind")
    if kind not in OBJECTIVE_KINDS:
        if "kind" not in v:
            ck.add(path, "the objective has no 'kind'", f"add 'kind:' with one of {', '.join(OBJECTIVE_KINDS)}")
        else:
            ck.add(path + ("kind",), f"the objective kind must be one of {', '.join(OBJECTIVE_KINDS)}, not {describe(kind)}",
                   suggest(kind, OBJECTIVE_KINDS, "kind") if isinstance(kind, str) else "")
        return BAD
    rule = OBJECTIVES[ObjectiveKind(kind)]
    spec: dict[str, Any] = {"kind": (lambda x, p: x, REQUIRED)}
    for name in rule.takes:
        fs = field_spec(Objective, name)
        spec[name] = (ck.conv(fs.check), REQUIRED if name in rule.requires else fs.default)
    got = ck.take(v, path, spec, f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} objective", extra=())
    if got is BAD:
        return BAD
    return {fs.name: got[fs.name] if fs.name in got else fs.missing() for fs in specs(Objective)}


# ----------------------------------------------------------------------------- cards
def effect(ck: Checker, v: Any, path: Path_) -> Any:
    """A card's effect: any of the card effects, each checked as its EffectSpec says."""
    if v is None:
        return {}
    if ck.c_mapping(v, path) is BAD:
        return BAD
    only = [k for k in v if k in EFFECTS and not EFFECTS[k].on_cards]
    for key in only:
        ck.add(path + (key,), f"{key!r} is an effect of chapter events, not of cards",
               f"move it to an event of the chapter's 'events', e.g. {{id: my-event, when: {{card_drawn: CARD}}, "
               f"do: [{{{EFFECTS[key].summary}}}]}}")
    if only:
        return BAD
    spec = {key.value: (ck.conv(eff.check), None) for key, eff in EFFECTS.items() if eff.on_cards}
    got = ck.take(v, path, spec, "the card effect", extra=())
    if got is BAD:
        return BAD
    return {k: got[k] for k in spec if got[k] is not None}


def ally_placement(ck: Checker, v: Any, path: Path_) -> Any:
    """A card's ``ally`` effect: ``{ally: ID, at: LOCATION-or-SPAWN-POINT}``."""
    if not isinstance(v, dict):
        ck.add(path, f"an ally effect must be {{ally: ID, at: POINT-or-LOCATION}}, not {describe(v)}")
        return BAD
    spec = {"ally": (ck.c_ref("allies", "the card's ally effect"), REQUIRED), "at": (lambda x, p: at(ck, x, p), REQUIRED)}
    return ck.take(v, path, spec, "the ally effect", extra=())


#: The checks of this module a model field or an effect names with ``Custom(name)``.
CUSTOMS: dict[str, CustomCheck] = {
    "map": map_rows,
    "features": features,
    "wall": wall,
    "point": point,
    "at": at,
    "spot": spot,
    "action": action,
    "card_draw": card_draw,
    "setup_legends": setup_legends,
    "setup_allies": setup_allies,
    "objective": objective,
    "effect": effect,
    "ally_placement": ally_placement,
}
