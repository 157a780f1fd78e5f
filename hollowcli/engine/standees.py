"""How foes are named and typed: each miniature's standee number, within its kind.

A group stickers its miniatures by kind (Gobkin 1-10, Pumpling 1-10), so every foe on the
board is named by its kind and that number: ``Gobkin 2``, typed ``g2`` or ``gobkin 2``
(the map shows ``G2``). A kind with one miniature (the Headless Horseman: ``supply: 1``)
needs no number: it is named by its name alone and shown by its letter.

Two numbers per foe, kept apart on purpose:

- ``FoeState.standee``: the number on the miniature, the lowest one of its kind not on the
  board when it is placed (a defeated Gobkin 2's miniature can come back as Gobkin 2);
  everything the players read or type uses it;
- ``FoeState.number``: the foe's identity in the game, never reused (the order the foes
  came onto the board: the activation order within a class follows it). Saves name foes
  by it (an attack's ``target``, a correction's ``foe:N``), so naming can change without
  breaking a save.

What a bare number means (``attack 2``, ``put 2 H2``, ``#2``): the foe whose standee
number it is, when exactly one foe on the board has it; when foes of several kinds have
it, the players are asked to say which (``g2`` or ``p2``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from hollowcli.engine.state import FoeState, GameState, numbered
from hollowcli.errors import RulesError

if TYPE_CHECKING:  # pragma: no cover
    from hollowcli.pack.model import Pack


def free_standee(state: GameState, foe_id: str, taken: tuple[int, ...] = ()) -> int:
    """The lowest standee number of kind ``foe_id`` that no foe on the board wears (nor
    ``taken``: numbers given to foes being placed with it)."""
    used = {f.standee for f in state.foes if f.foe == foe_id} | set(taken)
    n = 1
    while n in used:
        n += 1
    return n


def letters(state: GameState) -> dict[str, str]:
    """One capital letter per foe kind: its class's (``boss`` -> B, ``gobkin`` -> G ...);
    a second kind of the same class takes a letter of its own name. Once per game."""
    hit = state.lookups.get("foe letters")
    if hit is None:
        hit = state.lookups["foe letters"] = _letters(state.pack)
    return hit  # type: ignore[no-any-return]


def _letters(pack: Pack) -> dict[str, str]:
    by_class: dict[str, str] = {}
    classes = list(pack.rules.activation_order) + sorted({f.cls for f in pack.foes.values()})
    for cls in dict.fromkeys(classes):
        letter = cls[:1].upper() or "?"
        if letter in by_class.values():
            letter = next((ch.upper() for ch in cls[1:] if ch.isalpha() and ch.upper() not in by_class.values()), "?")
        by_class[cls] = letter
    out: dict[str, str] = {}
    for fid, fdef in pack.foes.items():
        letter = by_class.get(fdef.cls, "?")
        if letter in out.values():  # another kind of this class has it
            spare = [ch.upper() for ch in fdef.name + fid if ch.isalpha()]
            letter = next((ch for ch in spare if ch not in out.values() and ch not in by_class.values()), letter)
        out[fid] = letter
    return out


def symbol(state: GameState, f: FoeState) -> str:
    """``G2``: the foe on the map (its kind's letter and standee number; ``B`` alone for a
    kind with one miniature)."""
    letter = letters(state).get(f.foe, "?")
    return f"{letter}{f.standee}" if numbered(state.pack, f.foe) else letter


def tag(state: GameState, f: FoeState) -> str:
    """``g2``: the shortest way to type the foe (its map symbol in lower case); for a kind
    with one miniature, the last word of its name (``horseman``), or its id when another
    kind's name ends the same."""
    if numbered(state.pack, f.foe):
        return symbol(state, f).lower()
    return _one_word(state.pack, f.foe)


def _one_word(pack: Pack, foe_id: str) -> str:
    words = pack.foes[foe_id].name.split()
    last = words[-1].lower() if words else ""
    others = {(o.name.split() or [""])[-1].lower() for k, o in pack.foes.items() if k != foe_id}
    return last if last and last.isalpha() and last not in others else foe_id


def group_name(state: GameState, foe_id: str, standees: list[int]) -> str:
    """Several foes of one kind: ``Gobkin 5``, ``Gobkins 5 and 6``, ``Gobkins 2, 3 and 7``
    (``Headless Horseman`` for a kind with one miniature)."""
    fdef = state.pack.foes.get(foe_id)
    kind = fdef.name if fdef is not None else foe_id
    if not standees:
        return kind
    if not numbered(state.pack, foe_id):
        return kind
    if len(standees) == 1:
        return f"{kind} {standees[0]}"
    many = kind if kind.endswith("s") else kind + "s"
    return f"{many} {', '.join(str(n) for n in standees[:-1])} and {standees[-1]}"


_SPACES: Final = re.compile(r"[\s_-]+")


def _norm(text: str) -> str:
    """Typed text as compared: case, ``#``, spaces, ``-`` and ``_`` ignored."""
    return _SPACES.sub("", text.strip().lower().replace("#", ""))


def words(state: GameState, f: FoeState) -> list[str]:
    """Every way to type the foe: ``g2``, ``gobkin 2``, and the bare standee number when no
    other foe on the board has it; for a kind with one miniature (``horseman``) its letter
    on the map, its id and its name."""
    if not numbered(state.pack, f.foe):
        return [tag(state, f), symbol(state, f).lower(), f.foe, state.pack.foes[f.foe].name]
    out = [tag(state, f), state.foe_name(f), f"{f.foe} {f.standee}", f"{f.foe}{f.standee}"]
    if sum(1 for g in state.foes if g.standee == f.standee and numbered(state.pack, g.foe)) == 1:
        out.append(str(f.standee))
    return out


def find(state: GameState, text: str) -> FoeState | None:
    """The foe on the board that typed ``text`` names (None: it names none). A bare number
    that several foes wear raises RulesError saying which to type. ``foe:N`` names the foe
    of identity N (the form saves use: a correction migrated from an older layout)."""
    raw = text.strip()
    if raw.startswith("foe:") and raw[4:].isascii() and raw[4:].isdigit():
        n = int(raw[4:])
        return next((f for f in state.foes if f.number == n), None)
    want = _norm(raw)
    if not want:
        return None
    if want.isascii() and want.isdigit():
        n = int(want) if len(want) <= 6 else -1
        hits = [f for f in _listed(state) if f.standee == n and numbered(state.pack, f.foe)]
        if len(hits) > 1:
            tags = [tag(state, f) for f in hits]
            which = ", ".join(tags[:-1]) + " or " + tags[-1]
            names = ", ".join(state.foe_name(f) for f in hits[:-1]) + " and " + state.foe_name(hits[-1])
            raise RulesError(f"{names} {'are both' if len(hits) == 2 else 'are all'} on the board: say which, {which}")
        return hits[0] if hits else None
    for f in state.foes:
        if want in {_norm(w) for w in words(state, f)}:
            return f
    return None


def _listed(state: GameState) -> list[FoeState]:
    """The foes on the board kind by kind (in the pack's order), by standee number."""
    order = {fid: i for i, fid in enumerate(state.pack.foes)}
    return sorted(state.foes, key=lambda f: (order.get(f.foe, len(order)), f.standee))


def on_board(state: GameState) -> str:
    """``g1, g2, s1, p1``: the foes on the board as typed (for a message naming them)."""
    return ", ".join(tag(state, f) for f in _listed(state)) or "none"


def legacy_text(state: GameState, text: str) -> str:
    """A command saved as text by a hollow before standee numbers (save layouts 1-3), where
    ``attack 4`` meant the foe of identity 4: the same command as typed today (``attack s1``)."""
    m = re.match(r"(\s*(?:attack|a)\s+)#?([0-9]{1,6})\b(.*)$", text, re.IGNORECASE | re.DOTALL)
    if m is None:
        return text
    n = int(m.group(2))
    f = next((x for x in state.foes if x.number == n), None)
    return text if f is None else f"{m.group(1)}{tag(state, f)}{m.group(3)}"
