"""The immutable game state and events of solo play, and their JSON forms.

State holds ids and numbers only; the pack (and the board built from its chapter) ride
along as references that are not serialised: ``GameState.from_dict(pack, data)``
re-attaches them. Every change makes a new state with
:func:`~hollowcli.engine.speed.replace` (a fast :func:`dataclasses.replace` for these
frozen classes). The players' choices (``Action``) are in :mod:`hollowcli.engine.actions`.

The board geometry is built once per game (``new_game`` or ``from_dict``) and travels
with every state made from it; there is no module-level cache. A state also remembers
its own legal actions once asked (:func:`~hollowcli.engine.speed.memo`), never passed
on to the states made from it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from mypy_extensions import mypyc_attr

from hollowcli.engine.geometry import Board, game_board, terrain_of
from hollowcli.engine.speed import maker, per_game, replace, same
from hollowcli.engine.vocab import EventKind, Phase, Result, Side
from hollowcli.errors import SaveError
from hollowcli.pack import build
from hollowcli.pack.model import Ally, Chapter, Foe, Legend, Objective, Pack, frozen_map
from hollowcli.pack.vocab import BoostStat

#: Bumped whenever the dictionary form of a state changes incompatibly.
#: 2: searches and defeated foes kept as counts (flat in long games); 3: each foe's standee
#: number within its kind (an older state numbers its foes kind by kind, in board order);
#: 4: a chapter script's state (``script``: tokens, counters, fired events), written only
#: when the game has one (an older state loads with none and plays unscripted).
STATE_VERSION: Final = 4

def numbered(pack: Pack, foe_id: str) -> bool:
    """Whether the kind's miniatures carry standee numbers (more than one of them in the
    box); see :mod:`hollowcli.engine.standees`."""
    fdef = pack.foes.get(foe_id)
    return fdef is None or fdef.supply > 1


def _member(enum: Any, value: Any) -> Any:
    """``value`` as a member of ``enum`` (a state built by hand may say ``"legends"``)."""
    return value if value is None or isinstance(value, enum) else enum(value)


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class LegendState:
    """One Legend on the board."""

    id: str
    loc: str
    health: int
    fear: int
    ready: int  # action tokens in the preparation space
    spent: int  # action tokens spent on skills and items
    inventory: tuple[str, ...] = ()
    relic: str | None = None  # the equipped relic
    activated: bool = False  # has activated this round
    # rules.fear_tokens: pool: fear tokens that paid for an action (on the action board); the
    # rest of ``fear`` sits in the preparation space. Always 0 with fear_tokens: counter.
    fear_spent: int = 0

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class AllyState:
    """An ally on the board: a hero with health but no tokens, items or fear."""

    id: str
    loc: str
    health: int
    activated: bool = False  # the players moved it (or let it stand) this Legend phase

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class FoeState:
    """One foe miniature on the board.

    ``standee`` is the number on the miniature, within its kind (``Gobkin 2``): what the
    players read and type. ``number`` is the foe's identity in the game, never reused (saves
    and actions name it); see :mod:`hollowcli.engine.standees`.
    """

    number: int
    foe: str
    loc: str
    health: int
    standee: int = 1

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class Trap:
    """A trap token: springs on the first enemy of ``side`` that enters ``loc``."""

    loc: str
    type: str
    side: Side  # the side of the figure who set it
    setter: str
    damage: int

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]

    def __post_init__(self) -> None:
        object.__setattr__(self, "side", _member(Side, self.__dict__["side"]))


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class Turn:
    """Bookkeeping of the Legend activating now."""

    legend: str
    steps: int = 0  # movement steps used
    moves: int = 0  # separate moves made
    acted: bool = False  # the one action is used
    busy: bool = False  # moved or acted (a relic swap is only allowed before)

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class TokenState:
    """A token of a chapter's script on the board.

    ``kind`` is the pack's token kind (its id). A token on a square has ``loc``; a skill
    lock has ``skill`` instead. ``health`` is what is left of a destructible token's
    health; ``finds`` is what this spot holds when searched, before the kind's own list.
    At most one token of a kind sits on a square.
    """

    kind: str
    loc: str = ""
    skill: str = ""
    health: int = 0
    finds: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class ScriptState:
    """What a chapter's script has done so far: its tokens, counters and fired events.

    A game has one only when its chapter is scripted (events, setup tokens) or it carries
    campaign flags; ``GameState.script`` is None otherwise, and the engine's scripted paths
    test that first.

    - ``counters``: (name, value) of each flag or counter set (a flag is a counter > 0;
      an unknown name reads 0). ``carry``: the names set with ``campaign: true``, carried
      into the campaign when the chapter is won.
    - ``fired``: the ids of the ``once`` events that have fired.
    - ``drawn``: (token kind, how many of its ``finds`` have been drawn across its tokens).
    - ``opened`` / ``closed``: squares the script opened (a wall made ground) or closed.
    - ``boosts``: (foe id or class, stat, +N) from ``boost`` effects.
    - ``objective``: the objective an event put in place of the chapter's (None: the
      chapter's own). ``verdict``: ("won"|"lost", why) from a ``win``/``lose`` effect,
      applied at the end of the moment.
    - ``opening``: round 1's start events wait for the players' ``begin``.
    - ``unlocked``: the skills an ``unlock_skill`` effect freed, usable for the rest of the
      chapter; the interlude carries them into the campaign's growth (``unlocked``).
    """

    tokens: tuple[TokenState, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    carry: tuple[str, ...] = ()
    fired: tuple[str, ...] = ()
    drawn: tuple[tuple[str, int], ...] = ()
    opened: tuple[str, ...] = ()
    closed: tuple[str, ...] = ()
    boosts: tuple[tuple[str, str, int], ...] = ()
    objective: Objective | None = None
    verdict: tuple[str, str] | None = None
    opening: bool = False
    unlocked: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]

    def counter(self, name: str) -> int:
        """A flag's or counter's value; 0 for a name never set."""
        for key, n in self.counters:
            if key == name:
                return n
        return 0


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class GameState:
    """A whole game of one chapter at one decision point (or over)."""

    chapter: str
    round: int
    phase: Phase
    legends: tuple[LegendState, ...]
    foes: tuple[FoeState, ...] = ()
    allies: tuple[AllyState, ...] = ()  # allies on the board (a fallen ally is removed)
    traps: tuple[Trap, ...] = ()
    barricades: tuple[int, ...] = ()
    track_pos: int = 0
    spawn_pos: int = 0
    pile: tuple[str, ...] = ()  # chapter cards still to draw, top first
    discard: tuple[str, ...] = ()  # drawn cards; reshuffled into the pile when it empties
    next_foe: int = 1
    search_count: int = 0  # searches made (towards a search objective)
    searched: tuple[tuple[str, int], ...] = ()  # (location, last round it was searched)
    defeated_counts: tuple[tuple[str, int], ...] = ()  # (foe id, how many defeated)
    turn: Turn | None = None
    supply_out: str = ""  # rules.supply_exhausted: lose: why the foes ran out (loses at the end of the round)
    result: Result | None = None
    reason: str = ""
    #: The chapter script's state; None for an unscripted game (one key, so :func:`replace`
    #: copies one more entry, not eight).
    script: ScriptState | None = None
    pack: Pack = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    #: The map graph of the chapter, built once per game and passed on to every later state.
    board: Board = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    #: Answers that depend only on the pack (a Legend's attack numbers, short names), kept
    #: for the whole game: shared by every state made from this one, never saved.
    lookups: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]

    def __post_init__(self) -> None:
        # (read through getattr: compiled, a typed read of a None field, or of a plain
        # string where a member is declared, would be refused)
        object.__setattr__(self, "phase", _member(Phase, self.__dict__["phase"]))
        object.__setattr__(self, "result", _member(Result, self.__dict__.get("result")))
        if getattr(self, "board", None) is None and getattr(self, "pack", None) is not None:
            # the heroes' board of the map as the script has changed it (a saved state read back)
            terrain = terrain_of(self.pack, self.chapter, self.__dict__.get("script"), "heroes")
            object.__setattr__(self, "board", game_board(self.pack, self.chapter, terrain))

    # ------------------------------------------------------------------ lookups
    def defeated_count(self, foe_id: str | None = None) -> int:
        """Foes defeated so far (of one foe id, or of any)."""
        return sum(n for fid, n in self.defeated_counts if foe_id is None or fid == foe_id)

    @property
    def defeated(self) -> tuple[str, ...]:
        """Foe ids, one per foe defeated (grouped by foe); counting it is :meth:`defeated_count`."""
        return tuple(fid for fid, n in self.defeated_counts for _ in range(n))

    def last_searched(self, loc: str) -> int | None:
        """The round in which ``loc`` was last searched, None if never."""
        return next((r for where, r in self.searched if where == loc), None)

    @property
    def chapter_def(self) -> Chapter:
        """The pack's chapter this game plays."""
        return self.pack.chapters[self.chapter]

    def legend(self, legend_id: str) -> LegendState:
        for lg in self.legends:
            if lg.id == legend_id:
                return lg
        raise KeyError(legend_id)

    def legend_def(self, legend_id: str) -> Legend:
        return self.pack.legends[legend_id]

    def is_ally(self, hero_id: str) -> bool:
        """Whether ``hero_id`` names an ally (heroes are Legends and allies)."""
        return hero_id in self.pack.allies

    def ally(self, ally_id: str) -> AllyState:
        for a in self.allies:
            if a.id == ally_id:
                return a
        raise KeyError(ally_id)

    def hero(self, hero_id: str) -> LegendState | AllyState:
        """A Legend or an ally on the board, by id."""
        heroes: tuple[LegendState | AllyState, ...] = self.allies if hero_id in self.pack.allies else self.legends
        for h in heroes:  # (self.ally or self.legend without a second method call)
            if h.id == hero_id:
                return h
        raise KeyError(hero_id)

    def hero_def(self, hero_id: str) -> Legend | Ally:
        return self.pack.allies[hero_id] if hero_id in self.pack.allies else self.pack.legends[hero_id]

    def with_ally(self, new: AllyState) -> GameState:
        return replace(self, allies=tuple(new if a.id == new.id else a for a in self.allies))

    def with_hero(self, new: LegendState | AllyState) -> GameState:
        return self.with_ally(new) if isinstance(new, AllyState) else self.with_legend(new)

    def foe(self, number: int) -> FoeState:
        for f in self.foes:
            if f.number == number:
                return f
        raise KeyError(number)

    def foe_def(self, foe_id: str) -> Foe:
        """A foe kind as it fights now: the pack's, with the script's boosts (``boost``) of
        its id or class added (worked out once per set of boosts, kept in ``lookups``)."""
        script = self.script
        if script is None or not script.boosts:
            return self.pack.foes[foe_id]
        key = ("boosted", foe_id, script.boosts)
        hit = self.lookups.get(key)
        if hit is None:
            hit = self.lookups[key] = boosted(self.pack.foes[foe_id], script.boosts)
        return hit  # type: ignore[no-any-return]

    def foes_at(self, loc: str) -> list[FoeState]:
        return [f for f in self.foes if f.loc == loc]

    def legends_at(self, loc: str) -> list[LegendState]:
        return [lg for lg in self.legends if lg.loc == loc]

    def on_board(self, foe_id: str) -> int:
        """How many miniatures of ``foe_id`` are on the board now."""
        return sum(1 for f in self.foes if f.foe == foe_id)

    def with_legend(self, new: LegendState) -> GameState:
        lid = new.id  # (read once, not once per Legend)
        return replace(self, legends=tuple(new if lg.id == lid else lg for lg in self.legends))

    def with_foe(self, new: FoeState) -> GameState:
        number = new.number  # (read once, not once per foe)
        return replace(self, foes=tuple(new if f.number == number else f for f in self.foes))

    def legend_name(self, legend_id: str) -> str:
        """The short name used in prompts and reasons (first word of the Legend's or ally's name)."""
        names: dict[str, str] = per_game(self, _HERO_NAMES, dict)  # (a string key: no tuple built and hashed per call)
        hit = names.get(legend_id)
        if hit is None:
            words = self.hero_def(legend_id).name.split()
            hit = names[legend_id] = words[0] if words else legend_id
        return hit  # type: ignore[no-any-return]

    def foe_name(self, f: FoeState) -> str:
        """``Gobkin 2`` (the kind and its standee number; the name alone for a kind with one miniature)."""
        kinds: dict[str, tuple[str, bool]] = per_game(self, _FOE_NAMES, dict)  # foe id -> (its name, whether standees are numbered)
        foe_id = f.foe
        kind = kinds.get(foe_id)
        if kind is None:
            kind = kinds[foe_id] = (self.pack.foes[foe_id].name, numbered(self.pack, foe_id))
        name, numbers = kind
        return f"{name} {f.standee}" if numbers else name

    def defense_of(self, lg: LegendState | AllyState) -> int:
        """A Legend's defense with its equipped relic's bonus (an ally's own defense)."""
        if isinstance(lg, AllyState):
            return self.pack.allies[lg.id].defense
        bonus = self.pack.items[lg.relic].defense if lg.relic and lg.relic in self.pack.items else 0
        return self.pack.legends[lg.id].defense + bonus

    # -------------------------------------------------------------- serialising
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dictionary of the whole state (no pack content inside)."""
        out: dict[str, Any] = {"version": STATE_VERSION}
        for f in fields(self):
            if f.name in ("pack", "board", "lookups"):
                continue
            if f.name == "script" and self.script is None:
                continue  # an unscripted game's saved form is the one it had before scripts
            out[f.name] = _plain(getattr(self, f.name))
        if self.script is not None and not self.script.unlocked:
            del out["script"]["unlocked"]  # (a chapter that unlocks nothing keeps the saved form it had before)
        return out

    @classmethod
    def from_dict(cls, pack: Pack, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state saved by :meth:`to_dict`; SaveError when it does not fit ``pack``."""
        try:
            version = int(data.get("version", 0))
            if version > STATE_VERSION:
                raise SaveError(
                    f"the saved game is from a newer hollowcli (state version {version}, this one reads {STATE_VERSION}); upgrade hollowcli to load it"
                )
            chapter = str(data["chapter"])
            if chapter not in pack.chapters:
                raise SaveError(f"the saved game plays chapter {chapter!r}, which the loaded content packs do not have")
            turn = data.get("turn")
            search_count, searched, defeated_counts = _progress_fields(data, version)
            kw: dict[str, Any] = dict(
                chapter=chapter,
                round=int(data["round"]),
                phase=str(data["phase"]),
                legends=tuple(_legend_state(d) for d in data["legends"]),
                foes=_foes(data.get("foes", ())),
                allies=tuple(AllyState(id=str(d["id"]), loc=str(d["loc"]), health=int(d["health"]),
                                       activated=bool(d.get("activated", False))) for d in data.get("allies", ())),
                traps=tuple(Trap(loc=str(d["loc"]), type=str(d["type"]), side=str(d["side"]),  # type: ignore[arg-type]
                                 setter=str(d["setter"]), damage=int(d["damage"])) for d in data.get("traps", ())),
                barricades=tuple(int(b) for b in data.get("barricades", ())),
                track_pos=int(data.get("track_pos", 0)),
                spawn_pos=int(data.get("spawn_pos", 0)),
                pile=tuple(str(c) for c in data.get("pile", ())),
                discard=tuple(str(c) for c in data.get("discard", ())),
                next_foe=int(data.get("next_foe", 1)),
                search_count=search_count,
                searched=searched,
                defeated_counts=defeated_counts,
                turn=None if turn is None else _turn(turn),
                supply_out=str(data.get("supply_out", "")),
                result=None if data.get("result") is None else str(data["result"]),
                reason=str(data.get("reason", "")),
                script=_script(data.get("script")),
                pack=pack,
            )
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"the saved game state is damaged or incomplete ({type(e).__name__}: {e})") from e
        for name, words in (("phase", Phase), ("result", Result)):  # text from the file: members only past here
            if kw[name] is not None and kw[name] not in words.__members__.values():
                raise SaveError(f"the saved game state has an unknown {name} {kw[name]!r}")
        state = cls(**kw)
        _check_fits(state)
        return state


_HERO_NAMES: Final = "hero names"
_FOE_NAMES: Final = "foe names"


def boosted(fdef: Foe, boosts: tuple[tuple[str, str, int], ...]) -> Foe:
    """``fdef`` with the boosts of its id or class added: attack dice, direct damage,
    defense, move (never below 0) and health (never below 1)."""
    add: dict[str, int] = {stat: 0 for stat in BoostStat}
    for who, stat, n in boosts:
        if who == fdef.id or who == fdef.cls:
            add[stat] += n
    if not any(add.values()):
        return fdef
    attack = dataclasses.replace(fdef.attack, dice=max(0, fdef.attack.dice + add[BoostStat.ATTACK]),
                                 direct=max(0, fdef.attack.direct + add[BoostStat.DIRECT]))
    return dataclasses.replace(fdef, attack=attack, defense=max(0, fdef.defense + add[BoostStat.DEFENSE]),
                               move=max(0, fdef.move + add[BoostStat.MOVE]),
                               health=max(1, fdef.health + add[BoostStat.HEALTH]))


def _legend_state(d: Mapping[str, Any]) -> LegendState:
    return LegendState(
        id=str(d["id"]), loc=str(d["loc"]), health=int(d["health"]), fear=int(d["fear"]),
        ready=int(d["ready"]), spent=int(d["spent"]),
        inventory=tuple(str(i) for i in d.get("inventory", ())),
        relic=None if d.get("relic") is None else str(d["relic"]),
        activated=bool(d.get("activated", False)),
        fear_spent=int(d.get("fear_spent", 0)),
    )


def _turn(d: Mapping[str, Any]) -> Turn:
    return Turn(legend=str(d["legend"]), steps=int(d.get("steps", 0)), moves=int(d.get("moves", 0)),
                acted=bool(d.get("acted", False)), busy=bool(d.get("busy", False)))


def campaign_flags(state: GameState) -> dict[str, int]:
    """The flags and counters a chapter carries into its campaign: those its events set
    with ``campaign: true`` (``ScriptState.carry``), with their values now, and only when
    the chapter was won (a lost chapter is reset, the rules summary says, so it carries
    nothing)."""
    script = state.script
    if script is None or state.result != Result.WON:
        return {}
    return {name: script.counter(name) for name in script.carry}


def campaign_unlocked(state: GameState) -> tuple[str, ...]:
    """The skills an ``unlock_skill`` effect freed in the chapter (``ScriptState.unlocked``),
    for the interlude to add to the campaign's ``unlocked``; only when the chapter was won
    (a lost chapter is reset and carries nothing, as its flags)."""
    script = state.script
    if script is None or state.result != Result.WON:
        return ()
    return script.unlocked


def _script(d: Mapping[str, Any] | None) -> ScriptState | None:
    """The script state of a saved game (none in a state from before version 4)."""
    if d is None:
        return None
    objective = d.get("objective")
    verdict = d.get("verdict")
    return ScriptState(
        tokens=tuple(TokenState(kind=str(t["kind"]), loc=str(t.get("loc", "")), skill=str(t.get("skill", "")),
                                health=int(t.get("health", 0)), finds=tuple(str(i) for i in t.get("finds", ())))
                     for t in d.get("tokens", ())),
        counters=tuple((str(k), int(n)) for k, n in d.get("counters", ())),
        carry=tuple(str(k) for k in d.get("carry", ())),
        fired=tuple(str(e) for e in d.get("fired", ())),
        drawn=tuple((str(k), int(n)) for k, n in d.get("drawn", ())),
        opened=tuple(str(loc) for loc in d.get("opened", ())),
        closed=tuple(str(loc) for loc in d.get("closed", ())),
        boosts=tuple((str(who), str(stat), int(n)) for who, stat, n in d.get("boosts", ())),
        objective=None if objective is None else build.record(Objective, objective),
        verdict=None if verdict is None else (str(verdict[0]), str(verdict[1])),
        opening=bool(d.get("opening", False)),
        unlocked=tuple(str(s) for s in d.get("unlocked", ())),
    )


def _foes(rows: Any) -> tuple[FoeState, ...]:
    """The foes of a saved state; one saved without standee numbers (state version 2 and
    before) gets them kind by kind, in board order, as a new game numbers its set-up."""
    out: list[FoeState] = []
    for d in rows:
        fid = str(d["foe"])
        standee = d.get("standee")
        if standee is None:
            standee = 1
            while any(f.foe == fid and f.standee == standee for f in out):
                standee += 1
        out.append(FoeState(number=int(d["number"]), foe=fid, loc=str(d["loc"]), health=int(d["health"]), standee=int(standee)))
    return tuple(out)


def _progress_fields(data: Mapping[str, Any], version: int) -> tuple[int, tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """Search and defeat progress; version 1 kept one entry per search and per defeat."""
    if version <= 1:
        log = [(int(r), str(loc)) for r, loc in data.get("searches", ())]
        last: dict[str, int] = {}
        for r, loc in log:
            last[loc] = max(r, last.get(loc, r))
        counts: dict[str, int] = {}
        for fid in data.get("defeated", ()):
            counts[str(fid)] = counts.get(str(fid), 0) + 1
        return len(log), tuple(last.items()), tuple(counts.items())
    return (
        int(data.get("search_count", 0)),
        tuple((str(loc), int(r)) for loc, r in data.get("searched", ())),
        tuple((str(fid), int(n)) for fid, n in data.get("defeated_counts", ())),
    )


def _check_fits(state: GameState) -> None:
    """SaveError when a loaded state names things the pack or map do not have."""
    pack, board = state.pack, state.board
    track = state.chapter_def.track
    if not 0 <= state.track_pos < max(1, len(track)):
        raise SaveError(f"the saved game puts the storybook token on spot {state.track_pos + 1}, but the track has {len(track)}")
    if state.spawn_pos < 0 or state.round < 1:
        raise SaveError("the saved game state has a negative spawn list position or round")
    for lg in state.legends:
        if not 0 <= lg.fear_spent <= max(0, lg.fear):
            raise SaveError(f"the saved game gives {lg.id} {lg.fear_spent} spent fear tokens but only {lg.fear} fear")
        if lg.id not in pack.legends:
            raise SaveError(f"the saved game has Legend {lg.id!r}, which the loaded content packs do not define")
        if not board.is_location(lg.loc):
            raise SaveError(f"the saved game puts {lg.id} at {lg.loc}, which is not a location of the map")
        for it in lg.inventory + ((lg.relic,) if lg.relic else ()):
            if it not in pack.items:
                raise SaveError(f"the saved game gives {lg.id} item {it!r}, which the loaded content packs do not define")
    if not state.legends:
        raise SaveError("the saved game has no Legends in it")
    if state.turn is not None and state.turn.legend not in {lg.id for lg in state.legends} | {a.id for a in state.allies}:
        raise SaveError(f"the saved game has {state.turn.legend!r} acting, but no such Legend is in the game")
    for a in state.allies:
        if a.id not in pack.allies:
            raise SaveError(f"the saved game has the ally {a.id!r}, which the loaded content packs do not define")
        if not board.is_location(a.loc):
            raise SaveError(f"the saved game puts the ally {a.id} at {a.loc}, which is not a location of the map")
    for f in state.foes:
        if f.foe not in pack.foes:
            raise SaveError(f"the saved game has foe {f.foe!r}, which the loaded content packs do not define")
        if not board.is_location(f.loc):
            raise SaveError(f"the saved game puts {f.foe} {f.standee} at {f.loc}, which is not a location of the map")


def _plain(value: Any) -> Any:
    """Dataclasses, tuples and mappings -> JSON-safe dicts and lists."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)


@mypyc_attr(native_class=False)  # a Python class even when compiled: see engine/speed.py
@dataclass(frozen=True)
class Event:
    """One ruling: who did what to whom, the dice, the arithmetic and the reason in words.

    ``reason`` is one line for the play log; ``detail`` is the full explanation for
    ``--explain`` (paths, the distance to every Legend, line-of-sight checks).
    """

    round: int
    phase: Phase
    kind: EventKind
    actor: str | None = None
    target: str | None = None
    frm: str | None = None
    to: str | None = None
    rolls: tuple[Mapping[str, Any], ...] = ()
    numbers: Mapping[str, Any] = field(default_factory=frozen_map)
    reason: str = ""
    detail: str = ""

    def __eq__(self, other: object) -> bool:
        return same(self, other)  # type: ignore[no-any-return]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (``from``/``to`` keys for the locations)."""
        return {
            "round": self.round,
            "phase": self.phase,
            "kind": str(self.kind),
            "actor": self.actor,
            "target": self.target,
            "from": self.frm,
            "to": self.to,
            "rolls": [dict(r) for r in self.rolls],
            "numbers": _plain(self.numbers),
            "reason": self.reason,
            "detail": self.detail,
        }


#: A fast constructor (keywords only) for the bookkeeping of each activation.
new_turn: Final = maker(Turn)
