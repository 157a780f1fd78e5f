"""Token kinds at pack level: the checks the model's metadata cannot state, and a kind in words.

A token kind (``tokens: {ward: {name: Magic ward, blocks: foes}}``) is a bag of optional
properties; most are checked from :class:`~hollowcli.pack.model.TokenKind`'s metadata.
Here: the properties that need or exclude each other (:func:`kind_tokens`), a
placement's shape (a square or a skill, :func:`token_placement`; checked against its kind
once every pack is layered, since the kind may come from another pack), a ``finds`` list,
the squares ``open``/``close`` name (a ``#`` may be opened), and two tokens of one kind
on one square of a setup (at most one, like traps).

:data:`PROPERTY_WORDS` says what each property of a kind does, in plain words, for
``hollow content show``, the setup sheet and the keeper's guide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from hollowcli.errors import Problem
from hollowcli.locations import parse_loc
from hollowcli.names import plural
from hollowcli.pack.convert import BAD, Checker, CustomCheck, Entry, Path_, col_name, describe
from hollowcli.pack.model import Pack, TokenKind, TokenPlacement
from hollowcli.pack.vocab import TokenBlocks, TokenSide

#: The properties of a kind that act on its square (a skill lock may have none of them).
SQUARE_PROPERTIES: Final = ("blocks", "sight", "lure", "bonus", "health", "search", "trap")


def _given(canon: Mapping[str, Any], prop: str) -> bool:
    value = canon.get(prop)
    return value not in (None, False, ())


# ----------------------------------------------------------------------------- a kind
def kind_tokens(ck: Checker, entry: dict[str, Any], path: Path_) -> Any:
    """A token kind: its fields, then the properties that need or exclude each other."""
    out = ck.record(TokenKind, entry, path, "the token")
    if out is BAD:
        return BAD
    ident = path[1]
    ok = True
    if out["finds"] and not out["search"]:
        ok = False
        ck.add(path + ("finds",), f"the token {ident!r} lists what is found but is not a search token",
               "add 'search: true', or take 'finds' off")
    if out["defense"] and out["health"] is None:
        ok = False
        ck.add(path + ("defense",), f"the token {ident!r} has a defense but no health",
               "give it 'health: N' (heroes may then attack it), or take 'defense' off")
    if out["locks_skill"]:
        props = [p for p in SQUARE_PROPERTIES if _given(out, p)]
        if props:
            ok = False
            ck.add(path + ("locks_skill",), f"the token {ident!r} is a skill lock, so it cannot also have "
                   + ", ".join(props) + " (a skill lock sits on a Legend's skill, not on the map)",
                   "make two token kinds: one for the skill, one for the square")
    return out if ok else BAD


def finds(ck: Checker, v: Any, path: Path_) -> Any:
    """``finds: ITEM`` or ``finds: [ITEM, ...]``: the items a search token holds, in order."""
    if v is None:
        return []
    items = v if isinstance(v, list) else [v]
    got = ck.c_list(ck.c_ref("items", "the token's finds"))(items, path)
    return BAD if got is BAD else got


# ----------------------------------------------------------------------------- placements
def token_placement(ck: Checker, v: Any, path: Path_) -> Any:
    """A token placed by the setup or a ``place`` effect: on a square (``at``) or, for a
    skill lock, on a skill (``skill``)."""
    out = _placement(ck, v, path)
    if out is BAD:
        return BAD
    if out["at"] is None and out["skill"] is None:
        ck.add(path, f"the token placement of {out['token']!r} says neither where ('at: LOCATION') nor on which "
               "skill ('skill: SKILL')", "add 'at:' with a location like D4 (or 'skill:' for a skill lock)")
        return BAD
    return out


def token_removal(ck: Checker, v: Any, path: Path_) -> Any:
    """A ``remove`` effect: one token (``at``/``skill``), or every one of its kind (neither)."""
    return _placement(ck, v, path)


def _placement(ck: Checker, v: Any, path: Path_) -> Any:
    out = ck.c_nested(TokenPlacement)(v, path)
    if out is BAD:
        return BAD
    if out["at"] is not None and out["skill"] is not None:
        ck.add(path, f"the token placement of {out['token']!r} gives both 'at' and 'skill'",
               "a token sits on a square ('at') or, as a skill lock, on a skill ('skill'): keep one")
        return BAD
    kind, file, line = out["token"], ck.file, ck.line(path)
    on_square, on_skill, own_finds = out["at"] is not None, out["skill"] is not None, bool(out["finds"])

    def fits(merged: Mapping[str, Mapping[str, Entry]], rules: Mapping[str, Any]) -> list[Problem]:
        entry = merged.get("tokens", {}).get(kind)
        if entry is None:
            return []  # the reference's own problem says so
        canon = entry.canon
        if canon["locks_skill"] and on_square:
            return [Problem(file, line, f"the token {kind!r} is a skill lock, so it is placed on a skill, not at a square",
                            "write 'skill: SKILL' instead of 'at:'")]
        if not canon["locks_skill"] and on_skill:
            return [Problem(file, line, f"the token {kind!r} sits on the map, not on a skill (it is no skill lock)",
                            "write 'at: LOCATION' instead of 'skill:', or give the kind 'locks_skill: true'")]
        if own_finds and not canon["search"]:
            return [Problem(file, line, f"this placement lists what is found, but the token {kind!r} is not a search token",
                            "take 'finds' off, or give the kind 'search: true'")]
        return []

    ck.later(fits)
    return out


def square_of(grid: Any, at: int | str) -> str:
    """The location a placement's ``at`` names on a checked map (a spawn point's square)."""
    if isinstance(at, int) and grid not in (None, BAD):
        for r, row in enumerate(grid):
            c = row.find(str(at))
            if c >= 0:
                return f"{col_name(c)}{r + 1}"
    return str(at)


def doubled(ck: Checker, out: Mapping[str, Any], path: Path_) -> bool:
    """No two tokens of one kind on one square of the setup (one of each, like traps)."""
    seen: dict[tuple[str, str], int] = {}
    ok = True
    for i, tp in enumerate(out["setup"]["tokens"]):
        if tp["at"] is None:
            where = "skill " + str(tp["skill"])
        else:
            where = square_of(ck.grid, tp["at"])
        key = (tp["token"], where)
        if key in seen:
            ok = False
            ck.add(path + ("setup", "tokens", i), f"the setup places two {tp['token']!r} tokens on {where} "
                   f"(the first is token placement {seen[key] + 1})", "a square holds at most one token of each kind")
        seen.setdefault(key, i)
    return ok


def map_square(ck: Checker, v: Any, path: Path_) -> Any:
    """A square of the map for ``open``/``close``: a location, or a ``#`` inside the map."""
    got = parse_loc(v) if isinstance(v, str) else None
    if got is None:
        ck.add(path, f"a square must be a location like C4 (column letter, row number), not {describe(v)}")
        return BAD
    col, row = got
    name = f"{col_name(col)}{row + 1}"
    grid = ck.grid
    if grid in (None, BAD):
        return name
    if row >= len(grid) or col >= len(grid[0]):
        ck.add(path, f"the square {name} is outside the map",
               f"the map has columns A..{col_name(len(grid[0]) - 1)} and rows 1..{len(grid)}")
        return BAD
    return name


#: The checks of this module a model field or an effect names with ``Custom(name)``.
CUSTOMS: dict[str, CustomCheck] = {
    "finds": finds,
    "token_placement": token_placement,
    "token_removal": token_removal,
    "map_square": map_square,
}


# ----------------------------------------------------------------------------- words
def _side(kind: TokenKind) -> str:
    return "heroes'" if kind.side == TokenSide.HEROES else "foes'"


def _blocks(pack: Pack, kind: TokenKind) -> str:
    who = {TokenBlocks.FOES: "foes", TokenBlocks.HEROES: "heroes", TokenBlocks.ALL: "nobody"}
    if kind.blocks is None:
        return ""
    if kind.blocks == TokenBlocks.ALL:
        return "nobody may enter its square"
    return f"{who[kind.blocks]} may not enter its square"


def _bonus(pack: Pack, kind: TokenKind) -> str:
    atk = kind.bonus.attack if kind.bonus is not None else None
    if atk is None or not (atk.dice or atk.direct):
        return ""
    parts = ([plural(atk.dice, "die", "dice")] if atk.dice else []) + ([f"{atk.direct} direct damage"] if atk.direct else [])
    return f"+{' and +'.join(parts)} to the {_side(kind)} attacks made from its square"


def _health(pack: Pack, kind: TokenKind) -> str:
    if kind.health is None:
        return ""
    return f"heroes may attack it ({kind.health} health, defense {kind.defense}); at 0 it is destroyed"


def _search(pack: Pack, kind: TokenKind) -> str:
    if not kind.search:
        return ""
    names = [pack.items[i].name if i in pack.items else i for i in kind.finds]
    held = f"; finds {', then '.join(names)}" if names else ""
    return f"its square may be searched (then the token goes){held}"


def _trap(pack: Pack, kind: TokenKind) -> str:
    if kind.trap is None:
        return ""
    enemy = "foe" if kind.side == TokenSide.HEROES else "hero"
    return f"a trap: {kind.trap.damage} damage to the first {enemy} to enter"


#: Each property of a kind in words ('' when the kind lacks it), in the order they are told.
PROPERTY_WORDS: Final[dict[str, Callable[[Pack, TokenKind], str]]] = {
    "blocks": _blocks,
    "sight": lambda pack, kind: "blocks sight through its square" if kind.sight else "",
    "lure": lambda pack, kind: "draws the foes that go for the closest hero" if kind.lure else "",
    "bonus": _bonus,
    "health": _health,
    "search": _search,
    "trap": _trap,
    "locks_skill": lambda pack, kind: "placed on a Legend's skill, which cannot be used" if kind.locks_skill else "",
}


def kind_words(pack: Pack, kind: TokenKind) -> str:
    """A token kind in one sentence: ``Magic ward: foes may not enter its square``."""
    said = [w for w in (words(pack, kind) for words in PROPERTY_WORDS.values()) if w]
    return f"{kind.name}: " + ("; ".join(said) if said else "a marker (no rules of its own)")
