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
    token add|remove KIND LOC
                            a chapter token (``token add tombstone D3``; a skill lock names
                            the skill: ``token remove skill-lock long-shot``) is on the board,
                            or is not
    flag NAME N             the chapter's flag or counter NAME is N (``flag jar-found 1``)

Like every correction, ``token`` and ``flag`` fire no chapter event: a tombstone taken off
is not destroyed, a flag set so sets nothing off (they fix the ledger).

Each correction is a typed :class:`Correction`, printed to and parsed from the command
language here, and applied by :func:`apply_correction` as one engine step with one
event of kind ``correction``. Each kind (a :class:`~hollowcli.engine.vocab.CorrectionKind`)
is one :class:`CorrectionRule` in :data:`CORRECTIONS`: its usage, how many words follow
it, how it is read, checked against the board, made true and typed. A correction that does not fit the board (an unknown
figure, a location that is not on the map, health above the maximum) raises
:class:`~hollowcli.errors.RulesError` with one sentence and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any, Final

from hollowcli.engine import standees, tokens
from hollowcli.engine.core import defeat_foe, event, objective_of, ward
from hollowcli.engine.growth import fear_limit
from hollowcli.engine.speed import replace
from hollowcli.engine.state import Event, FoeState, GameState
from hollowcli.engine.vocab import CorrectionKind, EventKind, SetField, TokenOp
from hollowcli.errors import RulesError
from hollowcli.names import closest, plural
from hollowcli.pack.model import Step
from hollowcli.pack.vocab import Condition, Effect, Trigger

#: The words that begin a correction (fixed by the product brief), in help order.
WORDS: Final = tuple(CorrectionKind)

#: What ``set`` can change.
FIELDS: Final = tuple(SetField)


@dataclass(frozen=True)
class Correction:
    """One correction of the ledger to match the physical board.

    ``figure`` is ``"foe:N"`` for the foe whose identity (``FoeState.number``, not its
    standee number) is N, ``"legend:ID"`` or ``"ally:ID"``; ``foe`` a foe id (add);
    ``loc`` a location name; ``field`` what ``set`` changes; ``value`` the number (for
    ``add``: the standee number asked for, None for the lowest free one; for ``flag``: the
    counter's value). ``name`` is a token kind (``token``) or a flag's name (``flag``), ``op``
    whether the token is added or removed, ``skill`` the skill a skill lock sits on.
    ``offered`` is the board it was made on (it names the foe in :attr:`command`); it takes
    no part in equality.
    """

    kind: CorrectionKind
    figure: str | None = None
    foe: str | None = None
    loc: str | None = None
    field: SetField | None = None
    value: int | None = None
    offered: GameState | None = dc_field(default=None, compare=False, repr=False)
    name: str | None = None
    op: TokenOp | None = None
    skill: str | None = None

    def on(self, state: GameState) -> Correction:
        """The same correction, made on ``state`` (so its command names the foe as there)."""
        return Correction(self.kind, self.figure, self.foe, self.loc, self.field, self.value, state,
                          self.name, self.op, self.skill)

    @property
    def command(self) -> str:
        """The typed form, which parses back to an equal correction on the board it was made on."""
        fig = _figure_word(self.figure, self.offered) if self.figure else ""
        return CORRECTIONS[self.kind].command(self, fig)

    @property
    def label(self) -> str:
        return f"correction: {self.command}"

    def to_dict(self) -> dict[str, object]:
        """The typed form a save keeps (``kind: correction``; ``command`` for the reader)."""
        out: dict[str, object] = {"kind": "correction", "correction": self.kind, "figure": self.figure, "foe": self.foe,
                                  "loc": self.loc, "field": self.field, "value": self.value}
        if self.kind in (CorrectionKind.TOKEN, CorrectionKind.FLAG):  # (the others' saves stay as they were)
            out.update(name=self.name, op=self.op, skill=self.skill)
        out["command"] = self.command
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Correction:
        """Rebuild a saved correction; ValueError when it is not one."""
        kind = data.get("correction")
        if kind not in WORDS:
            raise ValueError(f"{kind!r} is not a correction")

        def opt(key: str, conv: Any) -> Any:
            v = data.get(key)
            return None if v is None else conv(v)

        return cls(CorrectionKind(kind), figure=opt("figure", str), foe=opt("foe", str), loc=opt("loc", str),
                   field=opt("field", SetField), value=opt("value", int), name=opt("name", str), op=opt("op", TokenOp),
                   skill=opt("skill", str))


@dataclass(frozen=True)
class CorrectionRule:
    """One kind of correction: its usage, how many words follow it (least, most: a figure
    may be two words, ``put gobkin 2 H2``), how it is read from those words, checked
    against the board (RulesError), made true (the new state and what changed, in words)
    and typed back (given the figure as typed)."""

    usage: str
    arity: tuple[int, int]
    parse: Callable[[GameState, CorrectionKind, list[str], str], Correction]
    check: Callable[[GameState, Correction], None]
    apply: Callable[[GameState, Correction], tuple[GameState, str]]
    command: Callable[[Correction, str], str]



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
    kind = CorrectionKind(words[0].lower())
    rule = CORRECTIONS[kind]
    return rule.parse(state, kind, words[1:], "type " + rule.usage).on(state)


def _words(kind: CorrectionKind, args: list[str], usage: str) -> None:
    """RulesError when ``args`` are too few or too many words for ``kind``."""
    least, most = CORRECTIONS[kind].arity
    if not least <= len(args) <= most:
        raise RulesError(f"'{kind}' takes {plural(least, 'word')} after it; {usage}")


def _parse_put(state: GameState, kind: CorrectionKind, args: list[str], usage: str) -> Correction:
    _words(kind, args, usage)
    return Correction(kind, figure=_figure(state, " ".join(args[:-1]), usage), loc=_loc(state, args[-1], usage))


def _parse_add(state: GameState, kind: CorrectionKind, args: list[str], usage: str) -> Correction:
    if len(args) == 3 and args[0].isdigit():  # add 2 gobkin C4: not a form of add
        raise RulesError(f"add one foe at a time; {usage}")
    _words(kind, args, usage)
    standee = _int(state, args[1], usage) if len(args) == 3 else None
    return Correction(kind, foe=_foe_kind(state, args[0], usage), loc=_loc(state, args[-1], usage, spawn_ok=True), value=standee)


def _parse_remove(state: GameState, kind: CorrectionKind, args: list[str], usage: str) -> Correction:
    _words(kind, args, usage)
    fig = _figure(state, " ".join(args), usage)
    side, _, key = fig.partition(":")
    if side != "foe":
        who = "a Legend" if side == "legend" else "an ally"
        raise RulesError(f"{who} stays on the board until it falls; to say {state.legend_name(key)} has fallen, "
                         f"type 'set {state.legend_name(key).lower()} health 0'")
    return Correction(kind, figure=fig)


def _parse_set(state: GameState, kind: CorrectionKind, args: list[str], usage: str) -> Correction:
    if len(args) == 2 and args[0].lower() in FIELDS:
        raise RulesError(f"say whose {args[0].lower()}; {usage}")
    _words(kind, args, usage)
    fig = _figure(state, " ".join(args[:-2]), usage)
    field = args[-2].lower()
    if field not in FIELDS:
        raise RulesError(f"'{args[-2]}' is not something 'set' changes; {usage}")
    return Correction(kind, figure=fig, field=SetField(field), value=_int(state, args[-1], usage))


def _parse_number(state: GameState, kind: CorrectionKind, args: list[str], usage: str) -> Correction:
    _words(kind, args, usage)
    return Correction(kind, value=_int(state, args[0], usage))


def _scripted(state: GameState, what: str) -> None:
    if state.script is None:
        raise RulesError(f"chapter {state.chapter_def.number}, {state.chapter_def.name}, has no script, so it has no {what}")


def _token_kind(state: GameState, word: str, usage: str) -> str:
    """The token kind typed (its id, or its name in any case: ``tombstone``, ``magic ward``)."""
    w = word.strip().lower()
    kinds = state.pack.tokens
    for kid, kdef in kinds.items():
        if w in (kid, kdef.name.lower(), kdef.name.lower().replace(" ", "-")):
            return kid
    near = closest(w.replace(" ", "-"), list(kinds))
    hint = f"did you mean '{near}'? " if near else ""
    known = ", ".join(sorted(kinds)) or "none"
    raise RulesError(f"'{word.strip()}' is not a token kind of the loaded content ({hint}the kinds: {known}); {usage}")


def _parse_token(state: GameState, kind: CorrectionKind, args: list[str], usage: str) -> Correction:
    _scripted(state, "tokens")
    _words(kind, args, usage)
    op = args[0].lower()
    if op not in tuple(TokenOp):
        raise RulesError(f"'token' is followed by add or remove, not '{args[0]}'; {usage}")
    kid = _token_kind(state, " ".join(args[1:-1]), usage)
    if state.pack.tokens[kid].locks_skill:
        skill = _skill(state, args[-1], state.pack.tokens[kid].name, usage)
        return Correction(kind, name=kid, op=TokenOp(op), skill=skill)
    return Correction(kind, name=kid, op=TokenOp(op), loc=_loc(state, args[-1], usage))


def _skill(state: GameState, word: str, token: str, usage: str) -> str:
    """A skill a skill lock sits on, typed as its id or name."""
    w = word.strip().lower()
    for sid, sdef in state.pack.skills.items():
        if w in (sid, sdef.name.lower().replace(" ", "-")):
            return sid
    near = closest(w, list(state.pack.skills))
    hint = f" (did you mean '{near}'?)" if near else ""
    raise RulesError(f"a {token} sits on a skill, and '{word}' is not a skill{hint}; {usage}")


def _flag_names(state: GameState) -> list[str]:
    """The flags and counters the chapter knows: those its events set, add to or test, its
    objective's, and those it holds now (carried from the campaign)."""
    names: dict[str, None] = {}

    def steps(do: tuple[Step, ...]) -> None:
        for st in do:
            if st.effect in (Effect.SET, Effect.ADD):
                names.update(dict.fromkeys(st.value["values"]))
            elif st.effect == Effect.CHOOSE:
                for opt in st.value.options:
                    steps(opt.do)

    for ev in state.chapter_def.events:
        if ev.when.kind == Trigger.FLAG:
            names[str(ev.when.value)] = None
        for cond in ev.conditions:
            if cond.kind in (Condition.FLAG, Condition.NOT_FLAG, Condition.COUNTER):
                names[str(cond.name)] = None
        steps(ev.do)
    names.update(dict.fromkeys(leaf.flag for leaf in objective_of(state).leaves() if leaf.flag))
    if state.script is not None:
        names.update(dict.fromkeys(k for k, _ in state.script.counters))
    return list(names)


def _parse_flag(state: GameState, kind: CorrectionKind, args: list[str], usage: str) -> Correction:
    _scripted(state, "flags or counters")
    _words(kind, args, usage)
    name, known = args[0].lower(), _flag_names(state)
    if name not in known:
        near = closest(name, known)
        hint = f"did you mean '{near}'? " if near else ""
        listed = ", ".join(known) or "none"
        raise RulesError(f"'{args[0]}' is not a flag or counter of this chapter ({hint}its flags and counters: {listed}); {usage}")
    return Correction(kind, name=name, value=_int(state, args[1], usage))


def check(state: GameState, c: Correction) -> None:
    """RulesError when ``c`` cannot be true of this board (limits, supply, spawn points)."""
    CORRECTIONS[c.kind].check(state, c)


def _no_check(state: GameState, c: Correction) -> None:
    return None


def _check_add(state: GameState, c: Correction) -> None:
    fdef = state.pack.foes[c.foe or ""]
    if state.on_board(c.foe or "") >= fdef.supply:
        raise RulesError(f"every {fdef.name} miniature ({fdef.supply} in the box) is already on the board")
    if c.value is not None:
        if not 1 <= c.value <= fdef.supply:
            raise RulesError(f"{fdef.name} standees are numbered 1 to {fdef.supply}, not {c.value}")
        there = next((f for f in state.foes if f.foe == c.foe and f.standee == c.value), None)
        if there is not None:
            raise RulesError(f"{state.foe_name(there)} is already on the board, at {there.loc}")


def _check_set(state: GameState, c: Correction) -> None:
    pack = state.pack
    side, _, key = (c.figure or "").partition(":")
    value = c.value or 0
    if side == "foe":
        f = state.foe(int(key))
        if c.field != SetField.HEALTH:
            raise RulesError(f"a foe has only health to set; {state.foe_name(f)} has {f.health}")
        top = state.foe_def(f.foe).health
        if value > top:
            raise RulesError(f"{state.foe_name(f)}'s health cannot be {value}: its maximum is {top}")
        return
    name = state.legend_name(key)
    if side == "ally":
        if c.field != SetField.HEALTH:
            raise RulesError(f"an ally has only health to set (no fear or tokens); {name} has {state.ally(key).health}")
        if value > pack.allies[key].health:
            raise RulesError(f"{name}'s health cannot be {value}: the maximum is {pack.allies[key].health}")
        return
    ldef, lg = pack.legends[key], state.legend(key)
    if c.field == SetField.HEALTH and value > ldef.health:
        raise RulesError(f"{name}'s health cannot be {value}: the maximum is {ldef.health}")
    if c.field == SetField.FEAR and value > fear_limit(pack, key):
        raise RulesError(f"{name}'s fear cannot be {value}: the fear limit is {fear_limit(pack, key)}")
    if c.field == SetField.TOKENS and value > lg.ready + lg.spent:
        raise RulesError(f"{name} has {lg.ready + lg.spent} action tokens in all, so {value} cannot be ready")


def _check_point(state: GameState, c: Correction) -> None:
    pts = sorted(state.board.spawn_points)
    if c.value not in pts:
        raise RulesError(f"the map has no spawn point {c.value} (its spawn points: {', '.join(map(str, pts)) or 'none'})")


def _check_track(state: GameState, c: Correction) -> None:
    n = len(state.chapter_def.track)
    if not 1 <= (c.value or 0) <= max(1, n):
        raise RulesError(f"the storybook track has spots 1 to {n}, not {c.value}")


def _check_next_spawn(state: GameState, c: Correction) -> None:
    n = len(state.chapter_def.spawn_list)
    if not 1 <= (c.value or 0) <= max(1, n):
        raise RulesError(f"the spawn list has entries 1 to {n}, not {c.value}")


def _check_token(state: GameState, c: Correction) -> None:
    _scripted(state, "tokens")
    kdef = state.pack.tokens[c.name or ""]
    there = tokens.find(state, c.name or "", c.loc or "", c.skill or "")
    where = f"on {c.loc}" if c.loc else f"on {state.pack.skills[c.skill or ''].name}" if c.skill in state.pack.skills else ""
    if c.op == TokenOp.ADD and there is not None:
        raise RulesError(f"there is a {kdef.name} {where} already, and a square holds one token of each kind")
    if c.op == TokenOp.REMOVE and there is None:
        others = [t.loc or (state.pack.skills[t.skill].name if t.skill in state.pack.skills else t.skill)
                  for t in tokens.on_board(state) if t.kind == c.name]
        now = f"it has {plural(len(others), kdef.name)} on {', '.join(others)}" if others else "nor anywhere else"
        raise RulesError(f"the ledger has no {kdef.name} {where} ({now}); to say one is there, type "
                         f"'token add {c.name} {c.loc or c.skill}'")


def apply_correction(state: GameState, c: Correction) -> tuple[GameState, list[Event]]:
    """The board with ``c`` made true, and its one ``correction`` event."""
    check(state, c)
    if c.offered is None:  # (built from a save: name the foe as it is on this board)
        c = c.on(state)
    state, text = CORRECTIONS[c.kind].apply(state, c)
    ev = event(state, EventKind.CORRECTION, actor="players", target=c.figure, to=c.loc,
               numbers={"correction": c.kind, "value": c.value, "field": c.field, "command": c.command},
               reason=f"correction ({c.command}): {text}")
    return state, [ev]


def _apply_put(state: GameState, c: Correction) -> tuple[GameState, str]:
    side, _, key = (c.figure or "").partition(":")
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
    return state, f"{name} is at {c.loc} (was {was})"


def _apply_add(state: GameState, c: Correction) -> tuple[GameState, str]:
    fdef = state.pack.foes[c.foe or ""]
    standee = c.value if c.value is not None else standees.free_standee(state, c.foe or "")
    new = FoeState(number=state.next_foe, foe=c.foe or "", loc=c.loc or "", health=fdef.health, standee=standee)
    state = replace(state, foes=state.foes + (new,), next_foe=state.next_foe + 1)
    return state, f"{state.foe_name(new)} is added at {c.loc} (health {new.health})"


def _apply_remove(state: GameState, c: Correction) -> tuple[GameState, str]:
    f = state.foe(int((c.figure or "").partition(":")[2]))
    state = replace(state, foes=tuple(x for x in state.foes if x.number != f.number))
    return state, f"{state.foe_name(f)} is taken off the board at {f.loc} (not counted as defeated)"


def _apply_set(state: GameState, c: Correction) -> tuple[GameState, str]:
    side, _, key = (c.figure or "").partition(":")
    value = c.value or 0
    if side == "foe":
        f = state.foe(int(key))
        name = state.foe_name(f)
        if value <= 0:
            return defeat_foe(state, f), f"{name} is defeated (health {f.health} -> 0) and returns to the supply"
        return state.with_foe(replace(f, health=value)), f"{name}'s health is {value} (was {f.health})"
    name = state.legend_name(key)
    if side == "ally":
        al = state.ally(key)
        if value > 0:
            return state.with_ally(replace(al, health=value)), f"{name}'s health is {value} (was {al.health})"
        # As when foes bring an ally down: it leaves the board, and under a protect
        # objective the chapter is lost at the end of the round.
        state = replace(state, allies=tuple(a for a in state.allies if a.id != key))
        lost = "; the objective was to protect them, so the chapter is lost at the end of the round" if ward(state) == key else ""
        return state, f"{name} has fallen (health {al.health} -> 0) and leaves the board{lost}"
    lg = state.legend(key)
    if c.field == SetField.HEALTH:
        was, new_lg = str(lg.health), replace(lg, health=value)
    elif c.field == SetField.FEAR:
        was, new_lg = str(lg.fear), replace(lg, fear=value)
    else:
        total = lg.ready + lg.spent
        was, new_lg = str(lg.ready), replace(lg, ready=value, spent=total - value)
    what = "ready tokens" if c.field == SetField.TOKENS else c.field
    return state.with_legend(new_lg), f"{name}'s {what}: {value} (was {was})"


def _apply_barricade(state: GameState, c: Correction) -> tuple[GameState, str]:
    p = c.value or 0
    text = f"spawn point {p} is barricaded" + (" (it already was)" if p in state.barricades else "")
    return replace(state, barricades=tuple(sorted(set(state.barricades) | {p}))), text


def _apply_unbarricade(state: GameState, c: Correction) -> tuple[GameState, str]:
    p = c.value or 0
    text = f"spawn point {p} is open" + ("" if p in state.barricades else " (it already was)")
    return replace(state, barricades=tuple(b for b in state.barricades if b != p)), text


def _apply_track(state: GameState, c: Correction) -> tuple[GameState, str]:
    text = f"the storybook token is on spot {c.value} (was {state.track_pos + 1})"
    return replace(state, track_pos=(c.value or 1) - 1), text


def _apply_next_spawn(state: GameState, c: Correction) -> tuple[GameState, str]:
    text = f"the next spawn is list entry {c.value} (was {state.spawn_pos % max(1, len(state.chapter_def.spawn_list)) + 1})"
    return replace(state, spawn_pos=(c.value or 1) - 1), text


def _apply_token(state: GameState, c: Correction) -> tuple[GameState, str]:
    kid = c.name or ""
    kdef = state.pack.tokens[kid]
    skill = state.pack.skills.get(c.skill or "")
    where = c.loc or (skill.name if skill is not None else c.skill or "")
    if c.op == TokenOp.ADD:
        new = tokens.new_token(state.pack, kid, c.loc or "", c.skill or "")
        health = f" (health {new.health})" if kdef.health else ""
        return tokens.with_token(state, new), f"a {kdef.name} token is on {where}{health}"
    old = tokens.find(state, kid, c.loc or "", c.skill or "")
    assert old is not None  # (checked)
    return tokens.without_token(state, old), f"the {kdef.name} token on {where} is taken off (not destroyed: nothing is set off)"


def _apply_flag(state: GameState, c: Correction) -> tuple[GameState, str]:
    script = state.script
    assert script is not None  # (checked when parsed)
    name, value = c.name or "", c.value or 0
    was = script.counter(name)
    counters = tuple((k, value if k == name else n) for k, n in script.counters)
    if all(k != name for k, _ in script.counters):
        counters += ((name, value),)
    state = replace(state, script=replace(script, counters=counters))
    return state, f"{name} is {value} (was {was}; no event is set off)"


def _token_command(c: Correction, fig: str) -> str:
    return f"token {c.op} {c.name} {c.loc or c.skill}"


def _number_command(c: Correction, fig: str) -> str:
    return f"{c.kind} {c.value}"


#: Every kind of correction, in help order (a test checks each ``CorrectionKind`` has one).
CORRECTIONS: Final[dict[CorrectionKind, CorrectionRule]] = {
    CorrectionKind.PUT: CorrectionRule(
        "put FIGURE LOC (a foe like g2 or gobkin 2, or a Legend's or ally's name; LOC like C4)", (2, 3),
        _parse_put, _no_check, _apply_put, lambda c, fig: f"put {fig} {c.loc}"),
    CorrectionKind.ADD: CorrectionRule(
        "add FOE [N] LOC (a foe like gobkin, its standee number if you choose it; LOC like C4 or a spawn point number)", (2, 3),
        _parse_add, _check_add, _apply_add,
        lambda c, fig: f"add {c.foe} {c.loc}" if c.value is None else f"add {c.foe} {c.value} {c.loc}"),
    CorrectionKind.REMOVE: CorrectionRule(
        "remove FIGURE (a foe like g2 or gobkin 2)", (1, 2),
        _parse_remove, _no_check, _apply_remove, lambda c, fig: f"remove {fig}"),
    CorrectionKind.SET: CorrectionRule(
        "set NAME health|fear|tokens N (NAME: a Legend's or ally's name, or a foe like g2)", (3, 4),
        _parse_set, _check_set, _apply_set, lambda c, fig: f"set {fig} {c.field} {c.value}"),
    CorrectionKind.BARRICADE: CorrectionRule(
        "barricade N (a spawn point number)", (1, 1), _parse_number, _check_point, _apply_barricade, _number_command),
    CorrectionKind.UNBARRICADE: CorrectionRule(
        "unbarricade N (a spawn point number)", (1, 1), _parse_number, _check_point, _apply_unbarricade, _number_command),
    CorrectionKind.TRACK: CorrectionRule(
        "track N (the storybook spot the token is on)", (1, 1), _parse_number, _check_track, _apply_track, _number_command),
    CorrectionKind.NEXT_SPAWN: CorrectionRule(
        "next-spawn N (the spawn list entry that comes next)", (1, 1), _parse_number, _check_next_spawn, _apply_next_spawn,
        _number_command),
    CorrectionKind.TOKEN: CorrectionRule(
        "token add|remove KIND LOC (a token kind like tombstone; LOC like C4, or the skill a skill lock sits on)", (3, 5),
        _parse_token, _check_token, _apply_token, _token_command),
    CorrectionKind.FLAG: CorrectionRule(
        "flag NAME N (a flag or counter of the chapter, like jar-found; 1 sets a flag, 0 clears it)", (2, 2),
        _parse_flag, _no_check, _apply_flag, lambda c, fig: f"flag {c.name} {c.value}"),
}

#: The usage line of each correction, by its word (help texts).
USAGE: Final = {kind: rule.usage for kind, rule in CORRECTIONS.items()}
