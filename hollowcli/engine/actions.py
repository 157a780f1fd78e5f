"""The players' choices: the :class:`Action`, and one :class:`ActionKind` record per kind.

Each kind of choice (an :class:`~hollowcli.engine.vocab.Act`) has one record in
:data:`KINDS`: which fields of an :class:`Action` it uses (what a save stores,
:meth:`Action.to_dict`), whether it uses the activation's one action, whether it is still
offered once that action is used, who may take it (Legends only, or allies too), its place
in an activation's menu, and how it is printed to the command language (``move C4``),
described in a menu line (``Move Emily to C4 (2 steps)``) and which other spellings parse
to it (``go C4``). What a kind *does* (which choices of it are legal, and its handler) is
its rule in :data:`hollowcli.engine.legend_phase.RULES`. :func:`parse` reads typed text
back into the legal action it names; nothing else in the engine formats or reads a command.

Labels and commands are made on demand from the state the action was offered in, so
enumerating the legal actions (the engine's hot path) formats no text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from mypy_extensions import mypyc_attr

from hollowcli.engine import tokens
from hollowcli.engine.core import feature_name
from hollowcli.engine.loadout import attack_numbers, source_of
from hollowcli.engine.speed import maker, same
from hollowcli.engine.standees import tag, words
from hollowcli.engine.state import GameState
from hollowcli.engine.vocab import Act, Who
from hollowcli.names import plural


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class Action:
    """One legal choice for the player; its kind's entry in
    :data:`hollowcli.engine.actions.KINDS` says which fields it uses and how it reads.

    ``label`` (the human text of a numbered menu line) and ``command`` (the typed
    shortcut) are made on demand from the state the action was ``offered`` in; neither
    takes part in equality (nor does a move's ``path``, which the engine chooses), so an
    action rebuilt from its fields (:meth:`from_dict`) compares equal to the legal one.
    """

    kind: Act
    legend: str
    to: str | None = None  # move: destination
    path: tuple[str, ...] = field(default=(), compare=False)  # move: the walk the engine chose, start included
    walk: tuple[str, ...] | None = None  # move: the walk the players named (start included); None: the cheapest
    target: int | None = None  # attack: the foe's identity (FoeState.number, not its standee)
    at: str | None = None  # attack: target location (area attacks)
    source: str | None = None  # attack/use: basic | skill | item
    source_id: str | None = None  # attack/use: the skill or item id
    item: str | None = None  # swap/give: the item or relic id
    recipient: str | None = None  # give / use (restore): the other Legend
    what: str | None = None  # restore: health | fear
    token: str | None = None  # attack: a token's kind (a tombstone), on the square ``at``
    offered: GameState | None = field(default=None, compare=False, repr=False)  # the state it is a choice of

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]

    def __post_init__(self) -> None:  # (built by hand: the fast constructor new_action takes a member)
        kind = self.__dict__["kind"]
        if not isinstance(kind, Act):
            object.__setattr__(self, "kind", Act(kind))

    def _text(self, which: str) -> str:
        st = self.offered
        if st is None:  # built by hand: the kind and its fields
            return _typed_form(self)
        return getattr(KINDS[self.kind], which)(st, self)  # type: ignore[no-any-return]

    @property
    def command(self) -> str:
        """The typed shortcut (``move C4``)."""
        return self._text("command")

    @property
    def label(self) -> str:
        """The menu line (``Move Emily to C4 (2 steps)``)."""
        return self._text("label")

    def to_dict(self) -> dict[str, Any]:
        """The typed form a save stores: the kind, the Legend and the fields its kind uses
        (never the command text, so renaming a shortcut cannot break a save)."""
        out: dict[str, Any] = {"kind": self.kind, "legend": self.legend}
        spec = KINDS.get(self.kind)
        for name in spec.fields if spec is not None else ():
            value = getattr(self, name)
            if value is not None:
                out[name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """An action from :meth:`to_dict`; ValueError when it is not one."""
        kind = data.get("kind")
        spec = KINDS.get(kind) if isinstance(kind, str) else None  # type: ignore[call-overload]
        if spec is None:
            raise ValueError(f"{kind!r} is not a kind of action")
        legend = data.get("legend")
        if not isinstance(legend, str):
            raise ValueError(f"the {kind} action names no Legend")
        kw: dict[str, Any] = {}
        for name in spec.fields:
            value = data.get(name)
            if name == "walk":  # a list of locations
                if value is not None and not (isinstance(value, (list, tuple)) and all(isinstance(x, str) for x in value)):
                    raise ValueError(f"the {kind} action's walk is not a list of locations")
                kw[name] = tuple(value) if value is not None else None
                continue
            want = int if name == "target" else str
            if value is not None and (not isinstance(value, want) or isinstance(value, bool)):
                raise ValueError(f"the {kind} action's {name} is not a {want.__name__}")
            kw[name] = value
        return cls(spec.kind, legend, **kw)


def _typed_form(a: Action) -> str:
    """An action built by hand (offered in no state): its kind and its fields' values."""
    return " ".join([a.kind] + [str(v) for v in a.to_dict().values()][2:])


#: The fast constructor (keywords only; ``kind`` a member) for the choices the engine
#: lists by the thousand.
new_action: Final = maker(Action)


@dataclass(frozen=True)
class ActionKind:
    """One kind of choice: its fields, whether it uses the one action, who may take it, its
    place in the menu, and its words."""

    kind: Act
    fields: tuple[str, ...]  # the Action fields this kind uses (besides kind and legend)
    uses_action: bool  # takes the activation's one action
    after_acting: bool  # still offered once the activation's one action is used
    after_falling: bool  # still offered when the acting hero has fallen (or left the board)
    who: Who  # who may take it in an activation: Legends only, or any hero (allies too)
    menu: int | None  # its place in an activation's menu (None: never offered in an activation)
    command: Callable[[GameState, Action], str]
    label: Callable[[GameState, Action], str]
    aliases: Callable[[GameState, Action], list[str]]
    summary: str  # the command's form, for help texts


# ------------------------------------------------------------------------ words
def short(state: GameState, legend_id: str) -> str:
    """A Legend's short name in prompts and reasons (``Emily``)."""
    return state.legend_name(legend_id)


def typed_name(state: GameState, legend_id: str) -> str:
    """The word a player types for a Legend: its short name in lower case."""
    return short(state, legend_id).lower()


def _tokens_tail(cost: int) -> str:
    return f", {plural(cost, 'token')}" if cost else ""


def _source(state: GameState, a: Action) -> Any:
    """The skill or item an attack or use is made with (None: the basic attack)."""
    return source_of(state, a.source, a.source_id)


def _thing_names(state: GameState, kind: str | None, sid: str | None) -> list[str]:
    if sid is None:
        return []
    obj = state.pack.skills.get(sid) if kind == "skill" else state.pack.items.get(sid)
    return [sid] + ([obj.name] if obj else [])


def _legend_forms(state: GameState, lid: str) -> list[str]:
    """The ways to name a hero (Legend or ally): id, full name, short name."""
    return [lid, state.hero_def(lid).name, short(state, lid)]


# ------------------------------------------------------------------ per kind
def _activate_label(state: GameState, a: Action) -> str:
    if state.is_ally(a.legend):
        al = state.ally(a.legend)
        adef = state.pack.allies[al.id]
        can = "move and attack" if adef.basic_attack else "move"
        return f"Activate {short(state, al.id)} (ally: {can}) at {al.loc} (health {al.health}/{adef.health})"
    lg = state.legend(a.legend)
    ldef = state.legend_def(lg.id)
    return (f"Activate {short(state, lg.id)} at {lg.loc} (health {lg.health}/{ldef.health}, "
            f"fear {lg.fear}, tokens {lg.ready}/{ldef.tokens})")


def _swap_label(state: GameState, a: Action) -> str:
    lg = state.legend(a.legend)
    it = state.pack.items[a.item or ""]
    what = f"swap {state.pack.items[lg.relic].name} for {it.name}" if lg.relic else f"equip {it.name}"
    return f"{short(state, lg.id)}: {what} (relic)"


def _move_command(state: GameState, a: Action) -> str:
    """``move C4``; a walk the players named: ``move G4 G5 H5`` (every place after the start)."""
    return "move " + (" ".join(a.walk[1:]) if a.walk else str(a.to))


def _move_label(state: GameState, a: Action) -> str:
    n = len(a.path) - 1
    cost = sum(len(state.foes_at(loc)) for loc in a.path[:-1])
    where = "→".join(a.walk) if a.walk else f"to {a.to}"  # the walk the players named, else the destination
    label = f"Move {short(state, a.legend)} {where} ({plural(n, 'step')}"
    if cost:
        label += f"; leave roll of {plural(cost, 'die', 'dice')}"
    return label + ")"


def _target_word(state: GameState, a: Action) -> str:
    """What an attack is typed at: a token and its square (``tombstone C3``), a location
    (area attacks) or the foe's tag (``g2``)."""
    if a.token is not None:
        return f"{a.token} {a.at}"
    if a.at is not None:
        return a.at
    return tag(state, state.foe(a.target or 0))


def _basic(a: Action) -> bool:
    """Whether an attack is the hero's basic attack (no skill or item)."""
    return a.source is None or a.source == "basic"


def _attack_command(state: GameState, a: Action) -> str:
    return f"attack {_target_word(state, a)}" + ("" if _basic(a) else f" with {a.source_id}")


def attack_how(state: GameState, a: Action) -> str:
    """How an attack is made, the end of its menu line: `` with Steady Aim (3 dice, +2
    direct, 1 token)``, or `` (2 dice, +1 direct)`` for the basic attack."""
    lg = state.hero(a.legend)
    src = _source(state, a)
    nums = attack_numbers(state, lg, a.source or "basic", a.source_id)
    cost = src.cost if src is not None else 0
    with_txt = "" if src is None else f" with {src.name}"
    return f"{with_txt} ({plural(nums.dice, 'die', 'dice')}, +{nums.direct} direct{_tokens_tail(cost)})"


def _attack_label(state: GameState, a: Action) -> str:
    how = attack_how(state, a)
    if a.token is not None:
        tok = next((t for t in state.script.tokens if t.kind == a.token and t.loc == a.at), None) if state.script else None
        left = f", {tok.health} health" if tok is not None else ""
        return f"Attack the {state.pack.tokens[a.token].name} on {a.at}{how[:-1] if how.endswith(')') else how}{left})"
    if a.at is not None:
        n = len(state.foes_at(a.at))
        who = "the one foe" if n == 1 else f"all {n} foes"
        return f"Attack {who} at {a.at}{how}"
    f = state.foe(a.target or 0)
    return f"Attack {state.foe_name(f)} at {f.loc}{how}"


def _attack_aliases(state: GameState, a: Action) -> list[str]:
    if a.token is not None:  # a token: its id or name, and its square
        targets = [f"{a.token} {a.at}", f"{state.pack.tokens[a.token].name} {a.at}", f"{state.pack.tokens[a.token].name} at {a.at}"]
    elif a.at is not None:  # an area attack: the location, also 'attack at C4'
        targets = [a.at, f"at {a.at}"]
    else:  # a foe: every way to name it (g2, gobkin 2, and 2 when no other foe is 2)
        targets = words(state, state.foe(a.target or 0))
    if _basic(a):
        return [form for tgt in targets
                for form in (f"attack {tgt}", f"attack {tgt} with basic", f"attack {tgt} with basic attack", f"a {tgt}")]
    names = _thing_names(state, a.source, a.source_id)
    return [form for tgt in targets for n in names for form in (f"attack {tgt} with {n}", f"use {n} on {tgt}")]


def _use_command(state: GameState, a: Action) -> str:
    on = a.recipient is not None and a.recipient != a.legend
    return f"use {a.source_id}" + (f" on {typed_name(state, a.recipient or '')}" if on else "")


def use_what(state: GameState, a: Action) -> tuple[str, str]:
    """A restoring use's item or skill and what it does: (``Benediction``, ``+2 health,
    -2 fear, 1 token``)."""
    obj = _source(state, a)
    what = ", ".join(x for x in (f"+{obj.restore.health} health" if obj.restore.health else "",
                                  f"-{obj.restore.fear} fear" if obj.restore.fear else "") if x)
    return obj.name, what + _tokens_tail(obj.cost)


def _use_label(state: GameState, a: Action) -> str:
    lg = state.legend(a.legend)
    obj = _source(state, a)
    if a.recipient is None:  # a trap
        return (f"{short(state, lg.id)}: set a {obj.trap} trap at {lg.loc} with {obj.name} "
                f"({obj.trap_damage} damage{_tokens_tail(obj.cost)})")
    name, what = use_what(state, a)
    who = "" if a.recipient == lg.id else f" on {short(state, a.recipient)}"
    return f"{short(state, lg.id)}: use {name}{who} ({what})"


def _use_aliases(state: GameState, a: Action) -> list[str]:
    out: list[str] = []
    for n in _thing_names(state, a.source, a.source_id):
        if a.recipient and a.recipient != a.legend:
            out += [f"use {n} on {r}" for r in _legend_forms(state, a.recipient)]
        else:
            out += [f"use {n}", f"use {n} on {short(state, a.legend)}", f"use {n} on {a.legend}"]
    return out


def _restore_label(state: GameState, a: Action) -> str:
    rules = state.pack.rules
    lg = state.legend(a.legend)
    back = min(rules.restore_returns_tokens, lg.spent)
    tok = f"; {plural(back, 'spent token')} back first" if back else ""
    if a.what == "health":
        gain = min(rules.restore_health, state.legend_def(lg.id).health - lg.health)
        return f"{short(state, lg.id)}: restore {gain} health{tok}"
    gain = min(rules.restore_fear, lg.fear)
    return f"{short(state, lg.id)}: remove {gain} fear{tok}"


def _search_label(state: GameState, a: Action) -> str:
    lg = state.legend(a.legend)
    spot = tokens.search_token_at(state, lg.loc) if state.script is not None else None
    what = f"the {tokens.name(state, spot)}" if spot is not None else feature_name(state, lg.loc)
    return f"{short(state, lg.id)}: search {what} at {lg.loc}"


def _give_label(state: GameState, a: Action) -> str:
    it = state.pack.items.get(a.item or "")
    name = it.name if it else a.item
    return f"{short(state, a.legend)}: give {name} to {short(state, a.recipient or '')}"


def _refresh_label(state: GameState, a: Action) -> str:
    lg = state.legend(a.legend)
    fear = f" and {lg.fear_spent} fear" if lg.fear_spent else ""
    return f"{short(state, lg.id)}: refresh (all {plural(lg.ready + lg.spent, 'token')}{fear} back to preparation)"


def _end_label(state: GameState, a: Action) -> str:
    if state.turn is None:  # only allies are left to move: the Legend phase may end without them
        names = [short(state, al.id) for al in state.allies if not al.activated]
        return f"End the Legend phase ({' and '.join(names)} {'stays' if len(names) == 1 else 'stay'} put)"
    return f"End {short(state, a.legend)}'s activation"


def _none(state: GameState, a: Action) -> list[str]:
    return []


def _activate_aliases(state: GameState, a: Action) -> list[str]:
    return [f"activate {n}" for n in _legend_forms(state, a.legend)] + _legend_forms(state, a.legend)


def _give_aliases(state: GameState, a: Action) -> list[str]:
    return [f"give {n} to {r}" for n in _thing_names(state, "item", a.item) for r in _legend_forms(state, a.recipient or "")]


#: Every kind of choice, one record each, in the order help texts name them (``Act``'s).
#: Fields: kind, fields, uses_action, after_acting, after_falling, who, menu, command,
#: label, aliases, summary.
KINDS: Final[dict[Act, ActionKind]] = {k.kind: k for k in (
    ActionKind(Act.ACTIVATE, (), False, False, False, Who.HERO, None,
               lambda s, a: f"activate {typed_name(s, a.legend)}", _activate_label, _activate_aliases, "activate NAME"),
    ActionKind(Act.MOVE, ("to", "walk"), False, True, False, Who.HERO, 1, _move_command, _move_label,
               lambda s, a: [] if a.walk else [f"m {a.to}", f"go {a.to}", f"move to {a.to}"], "move C4 (or a walk: move G4 G5 H5)"),
    ActionKind(Act.ATTACK, ("target", "at", "source", "source_id", "token"), True, False, False, Who.HERO, 2,
               _attack_command, _attack_label, _attack_aliases, "attack FOE|C4 [with SKILL/ITEM]"),
    ActionKind(Act.USE, ("source", "source_id", "recipient"), True, False, False, Who.LEGEND, 3,
               _use_command, _use_label, _use_aliases, "use SKILL/ITEM [on NAME]"),
    ActionKind(Act.RESTORE, ("what",), True, False, False, Who.LEGEND, 6, lambda s, a: f"restore {a.what}", _restore_label,
               lambda s, a: [f"r {a.what}"], "restore health|fear"),
    ActionKind(Act.SEARCH, (), True, False, False, Who.LEGEND, 4, lambda s, a: "search", _search_label, _none, "search"),
    ActionKind(Act.GIVE, ("item", "recipient"), True, False, False, Who.LEGEND, 5,
               lambda s, a: f"give {a.item} to {typed_name(s, a.recipient or '')}", _give_label, _give_aliases, "give ITEM to NAME"),
    ActionKind(Act.SWAP, ("item",), False, True, False, Who.LEGEND, 0, lambda s, a: f"swap {a.item}", _swap_label,
               lambda s, a: [f"{v} {n}" for v in ("swap", "equip") for n in _thing_names(s, "item", a.item)], "swap RELIC"),
    ActionKind(Act.REFRESH, (), False, False, False, Who.LEGEND, 7, lambda s, a: "refresh", _refresh_label, _none, "refresh"),
    ActionKind(Act.END, (), False, True, True, Who.HERO, 8, lambda s, a: "end", _end_label,
               lambda s, a: ["done", "pass", "e"], "end"),
    ActionKind(Act.BEGIN, (), False, False, False, Who.LEGEND, None, lambda s, a: "begin",
               lambda s, a: "Begin the chapter: round 1's events take place", lambda s, a: ["start"], "begin"),
)}

#: The kinds that use the activation's one action.
ACTION_KINDS: Final = frozenset(k.kind for k in KINDS.values() if k.uses_action)

#: The command verbs, in the order help texts name them.
VERBS: Final = tuple(KINDS)

#: The kinds of an activation's menu, in menu order ('end' last).
MENU: Final[tuple[Act, ...]] = tuple(sorted((k.kind for k in KINDS.values() if k.menu is not None),
                                            key=lambda kind: KINDS[kind].menu or 0))


# --------------------------------------------------------------------- reading
_SPACES: Final = re.compile(r"\s+")
_ACTIVATE: Final = Act.ACTIVATE
_ATTACK: Final = Act.ATTACK
_USE: Final = Act.USE


def _one_attack(state: GameState, want: str, legal: list[Action]) -> Action | None:
    """The one legal action ``want`` names among attacks and uses, None when it names none
    or more than one (``attack g2`` where Gobkin 2 and an area attack at G2 are both legal:
    :func:`hollowcli.engine.hints.command_hint` says which to type)."""
    hits: list[Action] = []
    for a in legal:
        if a.kind is not _ATTACK and a.kind is not _USE:
            continue
        if norm(a.command) == want or want in {norm(alt) for alt in KINDS[a.kind].aliases(state, a)}:
            if not any(h == a for h in hits):
                hits.append(a)
    return hits[0] if len(hits) == 1 else None


def norm(text: str) -> str:
    """Typed text as compared: case and spacing ignored, ``#`` optional."""
    return _SPACES.sub(" ", text.strip().lower().replace("#", ""))


def parse(state: GameState, text: str, legal: list[Action]) -> Action | None:
    """The action of ``legal`` that ``text`` names, or None.

    Accepts each action's command (case and spacing ignored, ``#`` optional, so
    ``attack #g2`` works; a foe is typed as :mod:`hollowcli.engine.standees` says), the other spellings of its kind (a Legend's full id or name, an
    item or skill by its name, ``go C4``), and ``activate em`` for the one Legend whose
    name starts so.
    """
    want = norm(text)
    if not want:
        return None
    if want.startswith(("attack ", "a ", "use ")):
        return _one_attack(state, want, legal)
    for a in legal:
        if norm(a.command) == want:
            return a
    for a in legal:
        if want in {norm(alt) for alt in KINDS[a.kind].aliases(state, a)}:
            return a
    verb, _, who = want.partition(" ")
    if verb != _ACTIVATE or len(who) < 2:
        return None
    hits = [a for a in legal if a.kind is _ACTIVATE
            and any(norm(n).startswith(who) for n in _legend_forms(state, a.legend))]
    return hits[0] if len(hits) == 1 else None
