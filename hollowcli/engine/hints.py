"""Why a typed command is not legal now, in one short sentence (for the prompt's hint).

``parse_command`` answers *what* a command means; :func:`command_hint` answers *why not*
when it means nothing legal: a location that is too far, a foe out of range or out of
sight, a skill the Legend cannot pay for, an action already taken.
"""

from __future__ import annotations

import re

from hollowcli.engine import tokens
from hollowcli.engine.actions import KINDS, VERBS
from hollowcli.engine.game import legal_actions, parse_command
from hollowcli.engine.legend_phase import eligible, move_allowance, search_blocked
from hollowcli.engine.loadout import attack_numbers, skills_locked
from hollowcli.engine.standees import find as find_foe
from hollowcli.engine.standees import on_board as foes_typed
from hollowcli.engine.state import AllyState, GameState, LegendState, TokenState
from hollowcli.engine.vocab import Act, Side, Who
from hollowcli.engine.walks import walk_action
from hollowcli.errors import RulesError
from hollowcli.names import nearest, norm, plural
from hollowcli.pack.model import Item, Skill
from hollowcli.pack.vocab import ItemKind, RangeMeasure

_WORDS = re.compile(r"\s+")


def command_hint(state: GameState, text: str, also: tuple[str, ...] = ("undo", "redo", "map", "log", "save", "help", "quit")) -> str:
    """One sentence saying why ``text`` is not a legal choice now ('' when it is legal);
    ``also`` are the prompt's words besides the action verbs, named when ``text`` is no
    command at all."""
    if state.result is not None:
        return f"The game is over: {state.result} ({state.reason})."
    if parse_command(state, text) is not None:
        return ""
    words = _WORDS.split(text.strip().lower().replace("#", ""))
    verb = words[0] if words and words[0] else ""
    if verb not in VERBS:
        words = list(VERBS) + [w for w in also if w not in VERBS]
        return f"'{text.strip()}' is not a command; the commands are {', '.join(words[:-1])} and {words[-1]}."
    act = Act(verb)
    spec = KINDS[act]
    turn = state.turn
    if act == Act.ACTIVATE:
        return _activate_hint(state, " ".join(words[1:]))
    if turn is None:
        names = ", ".join(state.legend_name(lg.id).lower() for lg in eligible(state))
        return f"First choose who acts: activate {names}." if names else "No Legend can activate now."
    lg = state.hero(turn.legend)
    name = state.legend_name(lg.id)
    if isinstance(lg, AllyState) and spec.who != Who.HERO:
        can = "moves and attacks" if state.pack.allies[lg.id].basic_attack else "only moves"
        return f"{name} is an ally: it {can} (no tokens, skills or items); type 'end' when done."
    if isinstance(lg, LegendState) and act in (Act.ATTACK, Act.USE):
        locked = _locked_skill(state, lg, " ".join(words[1:]))
        if locked:
            return locked
    if act == Act.MOVE:
        raw = text.split()
        if len(raw) > 2:  # a walk: move G4 G5 H5
            try:
                walk_action(state, raw[1:])
            except RulesError as e:
                return f"{str(e)[:1].upper()}{str(e)[1:]}."
        return _move_hint(state, lg, raw[1] if len(raw) > 1 else "")
    if spec.uses_action and turn.acted:
        return f"{name} has already taken the one action of this activation; move or end."
    if act == Act.ATTACK:
        return _attack_hint(state, lg, text.replace("#", " ").split()[1:])
    if act == Act.SEARCH:
        return (search_blocked(state, lg.loc) or "that search is not possible now").capitalize() + "."
    if act == Act.SWAP and turn.busy:
        return f"{name} can swap relics only before moving or acting."
    if act == Act.REFRESH:
        return f"{name} can refresh only when short of tokens for every skill and before acting."
    if isinstance(lg, AllyState):
        return f"That is not one of {name}'s choices; an ally moves and attacks only."
    none_now = _nothing_to_do(state, lg, act)
    if none_now:
        return none_now
    choices = ", ".join(a.command for a in legal_actions(state) if a.kind == act) or "none"
    return f"That is not one of {name}'s choices; '{verb}' choices now: {choices}."


def _token_named(state: GameState, typed: str) -> TokenState | None:
    """The token with health that ``tombstone C3`` (its kind's id or name, then its square) names."""
    words = typed.lower().split()
    if len(words) < 2:
        return None
    loc = state.board.normalise(words[-1])
    kind = " ".join(w for w in words[:-1] if w != "at")
    for t in tokens.on_board(state):
        k = state.pack.tokens[t.kind]
        if t.loc == loc and k.health is not None and kind in (t.kind, k.name.lower()):
            return t
    return None


def _locked_skill(state: GameState, lg: LegendState, typed: str) -> str:
    """Why a skill the player names cannot be used: it starts locked and nothing has freed
    it, or a skill lock sits on it ('' if neither)."""
    for sid in skills_locked(state, lg.id):
        sk = state.pack.skills.get(sid)
        if sk is not None and (sid in typed or sk.name.lower() in typed):
            return (f"{sk.name} is locked: {state.legend_name(lg.id)} cannot use it until a campaign reward or "
                    "the chapter's story unlocks it.")
    if state.script is None:
        return ""
    locked = tokens.locked_skills(state)
    for sid in state.legend_def(lg.id).skills:
        sk = state.pack.skills.get(sid)
        if sid in locked and sk is not None and (sid in typed or sk.name.lower() in typed):
            return f"{sk.name} cannot be used: a {locked[sid]} token sits on it."
    return ""


def _nothing_to_do(state: GameState, lg: LegendState, act: Act) -> str:
    """Why a Legend has no choice at all of kind ``act`` now ('' when it has some)."""
    if any(a.kind == act for a in legal_actions(state)):
        return ""
    name = state.legend_name(lg.id)
    if act == Act.RESTORE:
        if lg.health >= state.legend_def(lg.id).health and lg.fear <= 0:
            return f"{name} has full health and no fear, so there is nothing to restore."
        return f"{name} cannot restore now."
    if act == Act.GIVE:
        if not lg.inventory and not lg.relic:
            return f"{name} has nothing to give."
        return f"No other standing Legend is at {lg.loc} to take it; give works within one location."
    if act == Act.SWAP:
        return f"{name} has no other relic in the inventory to swap in."
    if act == Act.USE:
        pack = state.pack
        owned: list[Skill | Item | None] = [pack.skills.get(s) for s in state.legend_def(lg.id).skills]
        owned += [pack.items.get(i) for i in lg.inventory + ((lg.relic,) if lg.relic else ())]
        usable = [o for o in owned if o is not None and o.attack is None and (o.restore is not None or getattr(o, "trap", None))]
        if not usable:
            return f"{name} has no skill or item that restores or sets a trap (attacks are 'attack N with ...')."
        return (f"{name} has nothing to use now: restoring skills and items need a hurt or frightened "
                f"Legend at {lg.loc} and enough tokens; a trap needs a free spot of its type here.")
    return ""


def _activate_hint(state: GameState, who: str) -> str:
    known = [n for lg in state.legends for n in (lg.id, state.legend_name(lg.id).lower(), state.legend_def(lg.id).name.lower())]
    for al in state.allies:
        if who and who in (al.id, state.legend_name(al.id).lower(), state.pack.allies[al.id].name.lower()):
            if not any(lg.activated for lg in state.legends):
                return f"{state.legend_name(al.id)} is an ally: the players move it after a Legend has activated this round."
            if al.activated:
                return f"{state.legend_name(al.id)} has already moved this Legend phase."
    if who and not any(n.startswith(who) for n in known):
        names = ", ".join(state.legend_name(lg.id).lower() for lg in state.legends)
        # The word a player types for each hero (Legends and allies), found from its full name too.
        typed = {state.legend_name(h).lower(): state.hero_def(h).name
                 for h in [lg.id for lg in state.legends] + [al.id for al in state.allies]}
        near = nearest(norm(who), typed, lambda full: full)
        hint = f" Did you mean 'activate {near}'?" if near is not None else ""
        return f"There is no Legend called '{who}'.{hint} The Legends are {names}."
    if state.turn is not None:
        return f"{state.legend_name(state.turn.legend)} is still acting; type 'end' first."
    for lg in state.legends:
        if who and who in (lg.id, state.legend_name(lg.id).lower(), state.legend_def(lg.id).name.lower()):
            if lg.activated:
                return f"{state.legend_name(lg.id)} has already activated this round."
            if lg.health <= 0:
                return f"{state.legend_name(lg.id)} has fallen and cannot activate."
    names = ", ".join(state.legend_name(lg.id).lower() for lg in eligible(state))
    return f"Activate one of: {names}."


def _move_hint(state: GameState, lg: LegendState | AllyState, where: str) -> str:
    name = state.legend_name(lg.id)
    loc = state.board.normalise(where) if where else None
    if not where:
        near = next((a.to for a in legal_actions(state) if a.kind == Act.MOVE), None)
        example = f"move {near}" if near else "move C4"
        return f"Say where: {example} names a location (column letter + row number)."
    if loc is None:
        return f"'{where}' is not a location of this map; name one like {lg.loc}."
    steps = move_allowance(state)
    if steps <= 0:
        return f"{name} has no movement left this activation."
    if loc == lg.loc:
        return f"{name} is already at {loc}."
    refused = tokens.entry_refusal(state, loc, Side.LEGENDS) if state.script is not None else ""
    if refused:
        return f"{refused[:1].upper()}{refused[1:]}."
    dist = state.board.walk_distance(lg.loc, loc)
    if dist is None:
        return f"No walk leads from {lg.loc} to {loc} (walls and '#' are in the way)."
    detour = " on foot (walls or '#' force a detour)" if dist > state.board.grid_distance(lg.loc, loc) else ""
    return f"{loc} is {plural(dist, 'step')} from {lg.loc}{detour}; {name} can move {steps} more."


def _attack_hint(state: GameState, lg: LegendState | AllyState, rest: list[str]) -> str:
    name = state.legend_name(lg.id)
    if not rest:
        return "Say which foe: attack g2 (Gobkin 2 on the map), or attack C4 for an area attack."
    low = [w.lower() for w in rest]
    cut = low.index("with") if "with" in low else len(low)
    target = " ".join(rest[:cut])
    source_words = low[cut + 1 :]
    if target.lower().startswith("at "):
        target = target[3:]
    source, sid = "basic", None
    if isinstance(lg, AllyState):
        if source_words:
            return f"{name} is an ally and attacks only with its own basic attack: attack {target}."
        if state.pack.allies[lg.id].basic_attack is None:
            return f"{name} is an ally who cannot attack; move, or end."
    if source_words:
        assert isinstance(lg, LegendState)
        source, sid, why = _named_source(state, lg, " ".join(source_words))
        if why:
            return why
    nums = attack_numbers(state, lg, source, sid)
    loc = state.board.normalise(target)
    try:
        foe = find_foe(state, target)
    except RulesError as e:  # a bare number that several foes wear
        return f"{str(e)[:1].upper()}{str(e)[1:]}."
    mark = _token_named(state, target) if state.script is not None and not nums.area else None
    if mark is not None:  # a token heroes may attack (a tombstone): `attack tombstone C3`
        where, what = mark.loc, f"the {tokens.name(state, mark)} on {mark.loc}"
    elif nums.area:  # an area attack names a location
        if loc is None:
            if foe is not None:
                return f"That is an area attack: name the location, attack {foe.loc} with {sid}."
            return f"'{target}' is not a location of this map; an area attack names one, like {lg.loc}."
        if not state.foes_at(loc):
            return f"There are no foes at {loc}."
        where, what = loc, loc
    else:
        if foe is None:
            if loc is not None:
                return f"Only area attacks target a location; name a foe as the map shows it ({foes_typed(state)})."
            if target.isascii() and target.isdigit():
                return f"No foe on the board has the standee number {target} (foes there: {foes_typed(state)})."
            return f"'{target}' is neither a foe on the board ({foes_typed(state)}) nor a location."
        where, what = foe.loc, state.foe_name(foe)
    rng = state.board.grid_distance(lg.loc, where) if state.pack.rules.range_measure == RangeMeasure.GRID else state.board.walk_distance(lg.loc, where)
    if rng is None or rng > nums.range:
        return f"{what[:1].upper()}{what[1:]} is at range {rng if rng is not None else 'unreachable'}; that attack reaches {nums.range}."
    los = state.board.line_of_sight(lg.loc, where)
    if not los.clear:
        return f"{name} has no line of sight to {what}: {los.reason}."
    return "That attack is not possible now."


def _named_source(state: GameState, lg: LegendState, wanted: str) -> tuple[str, str | None, str]:
    """The skill or item ``attack ... with WANTED`` names: (source, id, '') when the Legend
    could attack with it, else why not in a sentence (its last match decides, as typed)."""
    name = state.legend_name(lg.id)
    source = "basic"
    sid: str | None = None
    for s in state.legend_def(lg.id).skills:
        sk = state.pack.skills.get(s)
        if sk and wanted in (s, sk.name.lower()):
            source, sid = "skill", s
            if sk.attack is None:
                return source, sid, f"{sk.name} is not an attack."
            if sk.cost > lg.ready:
                return source, sid, f"{sk.name} costs {plural(sk.cost, 'token')}; {name} has {lg.ready} ready."
    for i in set(lg.inventory) | ({lg.relic} if lg.relic else set()):
        it = state.pack.items.get(i)
        if it and wanted in (i, it.name.lower()):
            source, sid = "item", i
            if it.attack is None:
                return source, sid, f"{it.name} is not an attack."
            if it.kind == ItemKind.RELIC and i != lg.relic:
                return source, sid, f"{it.name} must be equipped (swap) before it can be used."
            if it.cost > lg.ready:
                return source, sid, f"{it.name} costs {plural(it.cost, 'token')}; {name} has {lg.ready} ready."
    if sid is None:
        return source, sid, f"{name} has no skill or item called '{wanted}'."
    return source, sid, ""
