"""A chapter's tokens in the rules: what stands where, and what it changes.

Queries (:func:`at`, :func:`blocker`, :func:`lures`, :func:`bonus_at`,
:func:`search_token_at`, :func:`locked_skills`, :func:`board`) and pure transforms
(:func:`with_token`, :func:`without_token`, :func:`with_map_change`, :func:`setup`). No
events are made here: the callers (the effects, the Legend phase, ``core.enter``) make
them, since :func:`~hollowcli.engine.core.event` lives above.

Tokens live in ``GameState.script`` (:class:`~hollowcli.engine.state.ScriptState`); an
unscripted game (``script is None``) has none, and every query answers at once.
``state.board`` is the heroes' board (the squares heroes may not enter taken out of their
walks); :func:`board` gives the foes' (the same object unless a token blocks one side
only). A transform that moves, adds or removes a token that blocks or hides sight, or
opens or closes a square, puts the new heroes' board on the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from hollowcli.engine.geometry import Board, game_board, terrain_of
from hollowcli.engine.speed import memo, per_state, replace
from hollowcli.engine.state import GameState, ScriptState, TokenState, Trap
from hollowcli.engine.vocab import Side
from hollowcli.names import plural
from hollowcli.pack.model import Pack, TokenKind
from hollowcli.pack.vocab import TokenBlocks, TokenSide

_FOES: Final = Side.FOES
_BLOCKS_ALL: Final = TokenBlocks.ALL
_SERVES_HEROES: Final = TokenSide.HEROES

_T = TypeVar("_T")

#: The words of each engine side on a token (``blocks``, ``for``) and a terrain.
SIDE_WORD: Final[dict[Side, str]] = {Side.LEGENDS: "heroes", Side.FOES: "foes"}


# ------------------------------------------------------------------ queries
def kind(state: GameState, t: TokenState) -> TokenKind:
    """The pack's kind of a token."""
    return state.pack.tokens[t.kind]


def name(state: GameState, t: TokenState) -> str:
    """``Magic ward`` (the kind's name)."""
    k = state.pack.tokens.get(t.kind)
    return k.name if k is not None else t.kind


def on_board(state: GameState) -> tuple[TokenState, ...]:
    """Every token on the map or on a skill (none in an unscripted game)."""
    script = state.script
    return () if script is None else script.tokens


def at(state: GameState, loc: str) -> tuple[TokenState, ...]:
    """The tokens on a square (from a table by square that the script state keeps:
    :func:`~hollowcli.engine.speed.per_state`)."""
    script = state.script
    if script is None:
        return ()
    by_square: dict[str, tuple[TokenState, ...]] = per_state(script, "tokens by square", _by_square)
    return by_square.get(loc, ())


def _by_square(script: ScriptState) -> dict[str, tuple[TokenState, ...]]:
    table: dict[str, tuple[TokenState, ...]] = {}
    for t in script.tokens:
        table[t.loc] = table.get(t.loc, ()) + (t,)
    return table


def find(state: GameState, kind_id: str, loc: str = "", skill: str = "") -> TokenState | None:
    """The token of a kind on a square (or on a skill), if there is one."""
    for t in on_board(state):
        if t.kind == kind_id and t.loc == loc and t.skill == skill:
            return t
    return None


def blocks_side(k: TokenKind, side: Side) -> bool:
    """Whether a kind stops figures of ``side`` entering its square."""
    return k.blocks is not None and (k.blocks == _BLOCKS_ALL or k.blocks == SIDE_WORD[side])


def blocker(state: GameState, loc: str, side: Side) -> str:
    """The name of a token that stops ``side`` entering ``loc`` ('' when none does)."""
    for t in at(state, loc):
        k = state.pack.tokens.get(t.kind)
        if k is not None and blocks_side(k, side):
            return k.name
    return ""


def entry_refusal(state: GameState, loc: str, side: Side) -> str:
    """``D4 holds a Hay bale: nobody may enter it`` when a token keeps ``side`` out of
    ``loc`` ('' when none does)."""
    for t in at(state, loc):
        k = state.pack.tokens.get(t.kind)
        if k is not None and blocks_side(k, side):
            who = "nobody may" if k.blocks == _BLOCKS_ALL else f"{SIDE_WORD[side]} may not"
            return f"{loc} holds a {k.name}: {who} enter it"
    return ""


def traps_at(state: GameState, loc: str, side: Side) -> list[Trap]:
    """The token traps on ``loc`` that spring on a figure of ``side`` (the enemies of the side
    the token serves), as traps: ``type`` is the kind's name, ``setter`` its id."""
    out = []
    for t in at(state, loc):
        k = state.pack.tokens[t.kind]
        serves = Side.LEGENDS if k.side == _SERVES_HEROES else _FOES
        if k.trap is not None and serves != side:
            out.append(Trap(loc=loc, type=k.name, side=serves, setter=t.kind, damage=k.trap.damage))
    return out


def warded_points(state: GameState) -> dict[int, str]:
    """Spawn points under a token that keeps foes out: point -> the token's name. They are
    locked for the spawn roll (a foe may not appear where it may not walk)."""
    if state.script is None:
        return {}
    out: dict[int, str] = {}
    for point, loc in state.board.spawn_points.items():
        name_ = blocker(state, loc, _FOES)
        if name_:
            out[point] = name_
    return out


def lures(state: GameState) -> tuple[tuple[str, str], ...]:
    """(square, token name) of every lure on the map, in reading order: what draws the
    foes that go for the closest hero."""
    if state.script is None:
        return ()
    return _per_script(state, "lures", _lures_now)


def _lures_now(state: GameState) -> tuple[tuple[str, str], ...]:
    order = state.board.order
    found = [(t.loc, name(state, t)) for t in on_board(state) if t.loc and state.pack.tokens[t.kind].lure]
    return tuple(sorted(found, key=lambda x: order.get(x[0], len(order))))


def trap_for_foes(state: GameState) -> bool:
    """Whether a token trap on the map springs on foes (one that serves the heroes: see
    :func:`traps_at`)."""
    if state.script is None:
        return False
    return _per_script(state, "trap for foes", _trap_for_foes_now)


def _trap_for_foes_now(state: GameState) -> bool:
    kinds = state.pack.tokens
    return any(kinds[t.kind].trap is not None and kinds[t.kind].side == _SERVES_HEROES for t in on_board(state) if t.loc)


def _per_script(state: GameState, key: str, work: Callable[[GameState], _T]) -> _T:
    """``work(state)`` for an answer that depends only on the script's tokens, the pack and
    the heroes' board, worked out once per script and board (kept in the script's
    :func:`~hollowcli.engine.speed.memo`): every state of a round shares its script until
    a token changes, while a state of its own is made at every step of a foe's walk."""
    m: dict[Any, Any] = memo(state.script)
    hit = m.get(key)
    if hit is None or hit[0] is not state.board:
        hit = m[key] = (state.board, work(state))
    return hit[1]  # type: ignore[no-any-return]


def bonus_at(state: GameState, loc: str, side: Side) -> tuple[int, int, str]:
    """The attack bonus the tokens on ``loc`` give ``side``'s attacks from there: (dice,
    direct, the words: ``+1 die from the Ley line on D5``)."""
    if state.script is None:
        return 0, 0, ""
    dice = direct = 0
    said = []
    for t in at(state, loc):
        k = state.pack.tokens[t.kind]
        atk = k.bonus.attack if k.bonus is not None else None
        if atk is None or (k.side == _SERVES_HEROES) != (side != _FOES):
            continue
        dice += atk.dice
        direct += atk.direct
        parts = ([plural(atk.dice, "die", "dice")] if atk.dice else []) + ([f"{atk.direct} direct"] if atk.direct else [])
        if parts:
            said.append(f"+{' +'.join(parts)} from the {k.name} on {loc}")
    return dice, direct, "; ".join(said)


def targets(state: GameState) -> tuple[tuple[str, str], ...]:
    """(kind, square) of every token heroes may attack (it has health), in board order
    (kept with the script: asked at every attack listing)."""
    if state.script is None:
        return ()
    return _per_script(state, "targets", _targets_now)


def _targets_now(state: GameState) -> tuple[tuple[str, str], ...]:
    kinds = state.pack.tokens
    return tuple((t.kind, t.loc) for t in on_board(state) if t.loc and kinds[t.kind].health is not None)


def search_token_at(state: GameState, loc: str) -> TokenState | None:
    """The search token on a square, if there is one (it goes once searched)."""
    for t in at(state, loc):
        if state.pack.tokens[t.kind].search:
            return t
    return None


def next_find(state: GameState, t: TokenState) -> tuple[str | None, ScriptState]:
    """What searching the token finds: its placement's own ``finds`` first, then the next
    of its kind's list, drawn in order across the kind's tokens (the script state with
    that draw counted). None when nothing is left to find."""
    script = state.script
    assert script is not None
    if t.finds:
        return t.finds[0], script
    listed = state.pack.tokens[t.kind].finds
    drawn = dict(script.drawn)
    n = drawn.get(t.kind, 0)
    if n >= len(listed):
        return None, script
    drawn[t.kind] = n + 1
    return listed[n], replace(script, drawn=tuple(drawn.items()))


def skill_name(state: GameState, skill: str) -> str:
    """A skill's name for a ruling (its id when the pack has no such skill)."""
    found = state.pack.skills.get(skill)
    return found.name if found is not None else skill


def locked_skills(state: GameState) -> dict[str, str]:
    """Skill id -> the name of the skill lock on it."""
    return {t.skill: name(state, t) for t in on_board(state) if t.skill}


def board(state: GameState, side: Side) -> Board:
    """The board ``side`` walks on: the heroes' is ``state.board``; the foes' differs only
    when a token stops one side and not the other."""
    if side != _FOES or state.script is None:
        return state.board
    return _per_script(state, "foes board", _foes_board)


def _foes_board(state: GameState) -> Board:
    pack = state.pack
    if not any(pack.tokens[t.kind].blocks is not None and pack.tokens[t.kind].blocks != _BLOCKS_ALL
               for t in on_board(state) if t.loc):
        return state.board
    return game_board(pack, state.chapter, terrain_of(pack, state.chapter, state.script, "foes"))


# ------------------------------------------------------------------ transforms
def rebuilt(state: GameState, script: ScriptState) -> GameState:
    """The state with this script, on the heroes' board of its terrain."""
    pack = state.pack
    new_board = game_board(pack, state.chapter, terrain_of(pack, state.chapter, script, "heroes"))
    return replace(state, script=script, board=new_board)


def with_token(state: GameState, t: TokenState) -> GameState:
    """The state with one more token (the caller has checked the square holds none of its kind)."""
    script = state.script or ScriptState()
    return rebuilt(state, replace(script, tokens=script.tokens + (t,)))


def without_token(state: GameState, t: TokenState) -> GameState:
    """The state without this token."""
    script = state.script
    assert script is not None
    return rebuilt(state, replace(script, tokens=tuple(x for x in script.tokens if x is not t and x != t)))


def with_changed_token(state: GameState, old: TokenState, new: TokenState) -> GameState:
    """The state with a token changed in place (a tombstone's health)."""
    script = state.script
    assert script is not None
    return replace(state, script=replace(script, tokens=tuple(new if x == old else x for x in script.tokens)))


def with_map_change(state: GameState, opened: tuple[str, ...] = (), closed: tuple[str, ...] = ()) -> GameState:
    """The state with squares opened (a ``#`` becomes ground) and closed (ground becomes
    ``#``): the later change to a square wins."""
    script = state.script or ScriptState()
    drawn = game_board(state.pack, state.chapter)  # the map as drawn: what a change is measured against
    now_open = [x for x in script.opened if x not in closed] + [
        x for x in opened if x not in script.opened and not drawn.is_location(x)]
    now_closed = [x for x in script.closed if x not in opened] + [
        x for x in closed if x not in script.closed and drawn.is_location(x)]
    return rebuilt(state, replace(script, opened=tuple(now_open), closed=tuple(now_closed)))


def new_token(pack: Pack, kind_id: str, loc: str = "", skill: str = "", finds: tuple[str, ...] = ()) -> TokenState:
    """A fresh token of a kind (a destructible one at full health)."""
    return TokenState(kind=kind_id, loc=loc, skill=skill, health=pack.tokens[kind_id].health or 0, finds=tuple(finds))


def setup(pack: Pack, chapter_id: str, spawn_points: dict[int, str]) -> tuple[TokenState, ...]:
    """The tokens a chapter's setup places (a spawn point's number is its square; a second
    token of a kind on one square is left off, as the validator reports it)."""
    out: list[TokenState] = []
    for tp in pack.chapters[chapter_id].setup.tokens:
        if tp.token not in pack.tokens:
            continue
        loc = ""
        if tp.at is not None:
            loc = spawn_points.get(tp.at, "") if isinstance(tp.at, int) else str(tp.at)
            if not loc:
                continue
        t = new_token(pack, tp.token, loc, tp.skill or "", tp.finds)
        if any(x.kind == t.kind and x.loc == t.loc and x.skill == t.skill for x in out):
            continue
        out.append(t)
    return tuple(out)
