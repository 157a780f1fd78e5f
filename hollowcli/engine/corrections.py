"""Corrections: "the board is the truth".

At the table the physical board can drift from the ledger (a standee knocked over, a
wound forgotten, a card misread). A correction sets the ledger to what the board shows:

    put FIGURE LOC          a foe (``g2``, ``gobkin 2``, or ``2`` when no other foe is 2), a
                            Legend (``emily``) or an ally on the board (``tobias``) stands at LOC
    add FOE [N] LOC         a new foe miniature (``add gobkin C4``: the lowest standee number of
                            its kind not on the board; ``add gobkin 7 C4``: standee 7; LOC may
                            be a spawn point number)
    remove FIGURE           a foe leaves the board (not counted as defeated)
    set NAME health|fear|tokens N
                            a Legend's health, fear or ready tokens; a foe's or an ally's
                            health (``set g2 health 0`` defeats the foe, and it counts as
                            defeated; ``set tobias health 0``: the ally falls)
    barricade N / unbarricade N
                            lock or unlock spawn point N
    track N                 the storybook token is on spot N
    next-spawn N            the spawn list continues at entry N

Each correction is a typed :class:`Correction`, printed to and parsed from the command
language here, and applied by :func:`apply_correction` as one engine step with one
event of kind ``correction``. A correction that does not fit the board (an unknown
figure, a location that is not on the map, health above the maximum) raises
:class:`~hollowcli.errors.RulesError` with one sentence and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from hollowcli.engine import standees
from hollowcli.engine.core import event
from hollowcli.engine.state import Event, FoeState, GameState, replace
from hollowcli.errors import RulesError
from hollowcli.names import plural

#: The words that begin a correction (fixed by the product brief).
WORDS = ("put", "add", "remove", "set", "barricade", "unbarricade", "track", "next-spawn")

#: What ``set`` can change.
FIELDS = ("health", "fear", "tokens")

USAGE = {
    "put": "put FIGURE LOC (a foe like g2 or gobkin 2, or a Legend's or ally's name; LOC like C4)",
    "add": "add FOE [N] LOC (a foe like gobkin, its standee number if you choose it; LOC like C4 or a spawn point number)",
    "remove": "remove FIGURE (a foe like g2 or gobkin 2)",
    "set": "set NAME health|fear|tokens N (NAME: a Legend's or ally's name, or a foe like g2)",
    "barricade": "barricade N (a spawn point number)",
    "unbarricade": "unbarricade N (a spawn point number)",
    "track": "track N (the storybook spot the token is on)",
    "next-spawn": "next-spawn N (the spawn list entry that comes next)",
}


@dataclass(frozen=True)
class Correction:
    """One correction of the ledger to match the physical board.

    ``figure`` is ``"foe:N"`` for the foe whose identity (``FoeState.number``, not its
    standee number) is N, ``"legend:ID"`` or ``"ally:ID"``; ``foe`` a foe id (add);
    ``loc`` a location name; ``field`` health | fear | tokens; ``value`` the number (for
    ``add``: the standee number asked for, None for the lowest free one). ``offered`` is
    the board it was made on (it names the foe in :attr:`command`); it takes no part in
    equality.
    """

    kind: str  # put | add | remove | set | barricade | unbarricade | track | next-spawn
    figure: str | None = None
    foe: str | None = None
    loc: str | None = None
    field: str | None = None
    value: int | None = None
    offered: GameState | None = dc_field(default=None, compare=False, repr=False)

    def on(self, state: GameState) -> Correction:
        """The same correction, made on ``state`` (so its command names the foe as there)."""
        return Correction(self.kind, self.figure, self.foe, self.loc, self.field, self.value, state)

    @property
    def command(self) -> str:
        """The typed form, which parses back to an equal correction on the board it was made on."""
        fig = _figure_word(self.figure, self.offered) if self.figure else ""
        if self.kind == "put":
            return f"put {fig} {self.loc}"
        if self.kind == "add":
            return f"add {self.foe} {self.loc}" if self.value is None else f"add {self.foe} {self.value} {self.loc}"
        if self.kind == "remove":
            return f"remove {fig}"
        if self.kind == "set":
            return f"set {fig} {self.field} {self.value}"
        return f"{self.kind} {self.value}"

    @property
    def label(self) -> str:
        return f"correction: {self.command}"

    def to_dict(self) -> dict[str, object]:
        """The typed form a save keeps (``kind: correction``; ``command`` for the reader)."""
        return {"kind": "correction", "correction": self.kind, "figure": self.figure, "foe": self.foe,
                "loc": self.loc, "field": self.field, "value": self.value, "command": self.command}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Correction:
        """Rebuild a saved correction; ValueError when it is not one."""
        kind = data.get("correction")
        if kind not in WORDS:
            raise ValueError(f"{kind!r} is not a correction")

        def opt(key: str, conv: Any) -> Any:
            v = data.get(key)
            return None if v is None else conv(v)

        return cls(str(kind), figure=opt("figure", str), foe=opt("foe", str), loc=opt("loc", str),
                   field=opt("field", str), value=opt("value", int))


def _figure_word(figure: str, state: GameState | None) -> str:
    """A figure as typed: a foe's tag (``g2``) on the board it is on, else its identity
    (``foe:7``, which parses back too); a Legend's or ally's id."""
    side, _, key = figure.partition(":")
    if side != "foe":
        return key
    f = next((x for x in state.foes if str(x.number) == key), None) if state is not None else None
    return standees.tag(state, f) if f is not None and state is not None else figure


def is_correction(text: str) -> bool:
    """Whether typed text starts with a correction word."""
    word = text.strip().split(maxsplit=1)[0].lower() if text.strip() else ""
    return word in WORDS


def _int(state: GameState, word: str, usage: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 6:
        raise RulesError(f"'{word}' is not a number; {usage}")
    return int(word)


def _figure(state: GameState, word: str, usage: str, legends: bool = True) -> str:
    """``foe:N``, ``legend:ID`` or ``ally:ID`` for a typed figure (a foe as
    :func:`hollowcli.engine.standees.find` reads it: ``g2``, ``gobkin 2``, ``2``); RulesError
    naming the figures there are."""
    f = standees.find(state, word)  # (a bare number several foes wear: RulesError saying which)
    if f is not None:
        return f"foe:{f.number}"
    if legends:
        lid = legend_by_name(state, word)
        if lid is not None:
            return f"legend:{lid}"
        aid = _hero_by_name(state, word, [a.id for a in state.allies])
        if aid is not None:
            return f"ally:{aid}"
    there = standees.on_board(state)
    if re.fullmatch(r"#?[0-9]+", word.strip()) or re.fullmatch(r"[a-z]+[\s#-]*[0-9]+", word.strip().lower()):
        raise RulesError(f"there is no foe '{word.strip()}' on the board (foes there: {there}); {usage}")
    who = ", ".join(state.legend_name(h) for h in [lg.id for lg in state.legends] + [a.id for a in state.allies])
    raise RulesError(f"'{word}' is neither a foe on the board ({there}) nor a Legend or ally on it ({who}); {usage}")


def legend_by_name(state: GameState, word: str) -> str | None:
    """The Legend a typed name means: its id, full name, short name, or a unique prefix."""
    return _hero_by_name(state, word, [lg.id for lg in state.legends])


def _hero_by_name(state: GameState, word: str, ids: list[str]) -> str | None:
    """Which of the heroes ``ids`` a typed name means: id, full name, short name, or a unique prefix."""
    w = word.strip().lower().replace("_", "-")
    if not w:
        return None
    hits = []
    for hid in ids:
        full = state.hero_def(hid).name.lower()
        names = {hid.lower(), state.legend_name(hid).lower(), full, full.replace(" ", "-")}
        if w in names:
            return hid
        if any(n.startswith(w) for n in names) and len(w) >= 2:
            hits.append(hid)
    return hits[0] if len(hits) == 1 else None


def _loc(state: GameState, word: str, usage: str, spawn_ok: bool = False) -> str:
    board = state.board
    if spawn_ok and word.isascii() and word.isdigit():
        loc = board.spawn_points.get(int(word))
        if loc is None:
            pts = ", ".join(str(p) for p in sorted(board.spawn_points)) or "none"
            raise RulesError(f"the map has no spawn point {word} (its spawn points: {pts})")
        return loc
    loc = board.normalise(word)
    if loc is None:
        raise RulesError(f"{word.upper()} is not a location on this map; {usage}")
    return loc


def _foe_kind(state: GameState, word: str, usage: str) -> str:
    w = word.strip().lower()
    for fid, fdef in state.pack.foes.items():
        names = {fid.lower(), fdef.name.lower(), fdef.name.lower().replace(" ", "-")}
        if w in names or (w.endswith("s") and w[:-1] in names):
            return fid
    known = ", ".join(sorted(state.pack.foes))
    raise RulesError(f"'{word}' is not a foe of the loaded content ({known}); {usage}")


def parse_correction(state: GameState, text: str) -> Correction:
    """The correction typed ``text`` means; RulesError (one sentence) when it does not fit."""
    words = text.strip().split()
    if not words or words[0].lower() not in WORDS:
        raise RulesError(f"'{text.strip()}' is not a correction; corrections start with {', '.join(WORDS)}")
    kind = words[0].lower()
    args = words[1:]
    usage = "type " + USAGE[kind]
    if kind == "add" and len(args) == 3 and args[0].isdigit():  # add 2 gobkin C4 -> not supported form
        raise RulesError(f"add one foe at a time; {usage}")
    # the figure may be two words (put gobkin 2 H2); the words around it are fixed
    least, most = {"put": (2, 3), "add": (2, 3), "remove": (1, 2), "set": (3, 4)}.get(kind, (1, 1))
    if kind == "set" and len(args) == 2 and args[0].lower() in FIELDS:
        raise RulesError(f"say whose {args[0].lower()}; {usage}")
    if not least <= len(args) <= most:
        raise RulesError(f"'{kind}' takes {plural(least, 'word')} after it; {usage}")
    made: Correction
    if kind == "put":
        made = Correction("put", figure=_figure(state, " ".join(args[:-1]), usage), loc=_loc(state, args[-1], usage))
    elif kind == "add":
        standee = _int(state, args[1], usage) if len(args) == 3 else None
        made = Correction("add", foe=_foe_kind(state, args[0], usage), loc=_loc(state, args[-1], usage, spawn_ok=True),
                          value=standee)
    elif kind == "remove":
        fig = _figure(state, " ".join(args), usage)
        side, _, key = fig.partition(":")
        if side != "foe":
            who = "a Legend" if side == "legend" else "an ally"
            raise RulesError(f"{who} stays on the board until it falls; to say {state.legend_name(key)} has fallen, "
                             f"type 'set {state.legend_name(key).lower()} health 0'")
        made = Correction("remove", figure=fig)
    elif kind == "set":
        fig = _figure(state, " ".join(args[:-2]), usage)
        field = args[-2].lower()
        if field not in FIELDS:
            raise RulesError(f"'{args[-2]}' is not something 'set' changes; {usage}")
        made = Correction("set", figure=fig, field=field, value=_int(state, args[-1], usage))
    else:
        made = Correction(kind, value=_int(state, args[0], usage))
    return made.on(state)


def check(state: GameState, c: Correction) -> None:
    """RulesError when ``c`` cannot be true of this board (limits, supply, spawn points)."""
    pack = state.pack
    if c.kind == "add":
        fdef = pack.foes[c.foe or ""]
        if state.on_board(c.foe or "") >= fdef.supply:
            raise RulesError(f"every {fdef.name} miniature ({fdef.supply} in the box) is already on the board")
        if c.value is not None:
            if not 1 <= c.value <= fdef.supply:
                raise RulesError(f"{fdef.name} standees are numbered 1 to {fdef.supply}, not {c.value}")
            there = next((f for f in state.foes if f.foe == c.foe and f.standee == c.value), None)
            if there is not None:
                raise RulesError(f"{state.foe_name(there)} is already on the board, at {there.loc}")
    elif c.kind == "set":
        side, _, key = (c.figure or "").partition(":")
        value = c.value or 0
        if side == "foe":
            f = state.foe(int(key))
            if c.field != "health":
                raise RulesError(f"a foe has only health to set; {state.foe_name(f)} has {f.health}")
            top = state.foe_def(f.foe).health
            if value > top:
                raise RulesError(f"{state.foe_name(f)}'s health cannot be {value}: its maximum is {top}")
        elif side == "ally":
            name = state.legend_name(key)
            if c.field != "health":
                raise RulesError(f"an ally has only health to set (no fear or tokens); {name} has {state.ally(key).health}")
            top = pack.allies[key].health
            if value > top:
                raise RulesError(f"{name}'s health cannot be {value}: the maximum is {top}")
        else:
            ldef = pack.legends[key]
            name = state.legend_name(key)
            lg = state.legend(key)
            if c.field == "health" and value > ldef.health:
                raise RulesError(f"{name}'s health cannot be {value}: the maximum is {ldef.health}")
            if c.field == "fear" and value > pack.rules.fear_limit:
                raise RulesError(f"{name}'s fear cannot be {value}: the fear limit is {pack.rules.fear_limit}")
            if c.field == "tokens" and value > lg.ready + lg.spent:
                raise RulesError(f"{name} has {lg.ready + lg.spent} action tokens in all, so {value} cannot be ready")
    elif c.kind in ("barricade", "unbarricade"):
        pts = sorted(state.board.spawn_points)
        if c.value not in pts:
            raise RulesError(f"the map has no spawn point {c.value} (its spawn points: {', '.join(map(str, pts)) or 'none'})")
    elif c.kind == "track":
        n = len(state.chapter_def.track)
        if not 1 <= (c.value or 0) <= max(1, n):
            raise RulesError(f"the storybook track has spots 1 to {n}, not {c.value}")
    elif c.kind == "next-spawn":
        n = len(state.chapter_def.spawn_list)
        if not 1 <= (c.value or 0) <= max(1, n):
            raise RulesError(f"the spawn list has entries 1 to {n}, not {c.value}")


def apply_correction(state: GameState, c: Correction) -> tuple[GameState, list[Event]]:
    """The board with ``c`` made true, and its one ``correction`` event."""
    check(state, c)
    if c.offered is None:  # (built from a save: name the foe as it is on this board)
        c = c.on(state)
    side, _, key = (c.figure or "").partition(":")
    was = ""
    if c.kind == "put":
        if side == "foe":
            f = state.foe(int(key))
            was, name = f.loc, state.foe_name(f)
            state = state.with_foe(replace(f, loc=c.loc or f.loc))
        elif side == "ally":
            al = state.ally(key)
            was, name = al.loc, state.legend_name(key)
            state = state.with_ally(replace(al, loc=c.loc or al.loc))
        else:
            lg = state.legend(key)
            was, name = lg.loc, state.legend_name(key)
            state = state.with_legend(replace(lg, loc=c.loc or lg.loc))
        text = f"{name} is at {c.loc} (was {was})"
    elif c.kind == "add":
        fdef = state.pack.foes[c.foe or ""]
        standee = c.value if c.value is not None else standees.free_standee(state, c.foe or "")
        new = FoeState(number=state.next_foe, foe=c.foe or "", loc=c.loc or "", health=fdef.health, standee=standee)
        state = replace(state, foes=state.foes + (new,), next_foe=state.next_foe + 1)
        text = f"{state.foe_name(new)} is added at {c.loc} (health {new.health})"
    elif c.kind == "remove":
        f = state.foe(int(key))
        state = replace(state, foes=tuple(x for x in state.foes if x.number != f.number))
        text = f"{state.foe_name(f)} is taken off the board at {f.loc} (not counted as defeated)"
    elif c.kind == "set":
        value = c.value or 0
        if side == "foe":
            f = state.foe(int(key))
            name = state.foe_name(f)
            if value <= 0:
                counts = dict(state.defeated_counts)
                counts[f.foe] = counts.get(f.foe, 0) + 1
                state = replace(state, foes=tuple(x for x in state.foes if x.number != f.number),
                                defeated_counts=tuple(counts.items()))
                text = f"{name} is defeated (health {f.health} -> 0) and returns to the supply"
            else:
                state = state.with_foe(replace(f, health=value))
                text = f"{name}'s health is {value} (was {f.health})"
        elif side == "ally":
            al = state.ally(key)
            name = state.legend_name(key)
            if value <= 0:
                # As when foes bring an ally down: it leaves the board, and under a protect
                # objective the chapter is lost at the end of the round.
                state = replace(state, allies=tuple(a for a in state.allies if a.id != key))
                obj = state.chapter_def.objective
                lost = obj.kind == "protect" and obj.ally == key
                text = (f"{name} has fallen (health {al.health} -> 0) and leaves the board"
                        + ("; the objective was to protect them, so the chapter is lost at the end of the round"
                           if lost else ""))
            else:
                state = state.with_ally(replace(al, health=value))
                text = f"{name}'s health is {value} (was {al.health})"
        else:
            lg = state.legend(key)
            name = state.legend_name(key)
            if c.field == "health":
                was, new_lg = str(lg.health), replace(lg, health=value)
            elif c.field == "fear":
                was, new_lg = str(lg.fear), replace(lg, fear=value)
            else:
                total = lg.ready + lg.spent
                was, new_lg = str(lg.ready), replace(lg, ready=value, spent=total - value)
            state = state.with_legend(new_lg)
            what = "ready tokens" if c.field == "tokens" else c.field
            text = f"{name}'s {what}: {value} (was {was})"
    elif c.kind == "barricade":
        p = c.value or 0
        text = f"spawn point {p} is barricaded" + (" (it already was)" if p in state.barricades else "")
        state = replace(state, barricades=tuple(sorted(set(state.barricades) | {p})))
    elif c.kind == "unbarricade":
        p = c.value or 0
        text = f"spawn point {p} is open" + ("" if p in state.barricades else " (it already was)")
        state = replace(state, barricades=tuple(b for b in state.barricades if b != p))
    elif c.kind == "track":
        text = f"the storybook token is on spot {c.value} (was {state.track_pos + 1})"
        state = replace(state, track_pos=(c.value or 1) - 1)
    else:  # next-spawn
        text = f"the next spawn is list entry {c.value} (was {state.spawn_pos % max(1, len(state.chapter_def.spawn_list)) + 1})"
        state = replace(state, spawn_pos=(c.value or 1) - 1)
    ev = event(state, "correction", actor="players", target=c.figure, to=c.loc,
               numbers={"correction": c.kind, "value": c.value, "field": c.field, "command": c.command},
               reason=f"correction ({c.command}): {text}")
    return state, [ev]
