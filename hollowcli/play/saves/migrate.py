"""Older save layouts, upgraded one version at a time: :data:`MIGRATIONS` maps a layout
version to the function that turns such a document into the next version's. The layout
this hollow writes is the one after the last migration (:data:`SCHEMA_VERSION`); a newer
one is refused politely (:class:`NewerSchema`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any


def _v0_to_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Pre-release layout (no ``schema_version``): flat ``inventory``/``won``/``lost`` keys
    and ``game.moves`` with the whole list always in effect."""
    won: dict[str, int] = doc.get("won", {}) or {}
    lost: dict[str, int] = doc.get("lost", {}) or {}
    results = {
        ch: {"won": int(won.get(ch, 0)), "lost": int(lost.get(ch, 0))} for ch in sorted(set(won) | set(lost))
    }
    game = doc.get("game")
    if isinstance(game, dict):
        moves = list(game.get("moves", []))
        game = {
            "chapter": game.get("chapter"),
            "seed": game.get("seed"),
            "initial": game.get("initial"),
            "actions": moves,
            "cursor": len(moves),
        }
    return {
        "schema_version": 1,
        "name": doc.get("name"),
        "created": doc.get("created", ""),
        "legends": doc.get("inventory"),
        "progress": {"completed": list(doc.get("completed", [])), "results": results},
        "game": game,
    }


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no physical dice: every step of the game in progress rolled from the
    seed, which is ``game.rolled`` empty."""
    game = doc.get("game")
    if isinstance(game, dict):
        game = {**game, "rolled": {}}
    return {**doc, "schema_version": 2, "game": game}


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 stored each step as the command typed (``"move E2"``). Reading a command
    needs the engine and the board of that step, so each becomes ``{"command": text}``,
    which the session reads once and replaces by the typed action."""
    game = doc.get("game")
    if isinstance(game, dict):
        game = {**game, "actions": [{"command": a} if isinstance(a, str) else a for a in game.get("actions", [])]}
        pending = game.get("pending")
        if isinstance(pending, dict) and isinstance(pending.get("command"), str):
            game["pending"] = {"action": {"command": pending["command"]}, "rolled": pending.get("rolled", [])}
    return {**doc, "schema_version": 3, "game": game}


def _v3_to_v4(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 did not say how the campaign's dice are rolled: it was whatever the command
    line said each time, so a game left at a dice question (``game.pending``: only a
    game that asked has one) was rolled for the player by a plain resume. Such a game is
    one that asks; any other rolls from the seed.

    Version 3 named foes by one number per game (``Gobkin #4``); version 4 by a standee
    number within the kind (``Gobkin 2``, ``g2``). Typed actions and corrections keep the
    foe's identity (``target: 4``, ``foe:4``) and read as before. What was kept as text
    is marked or rewritten so it still means the same foe: a command from layouts 1-2
    (``{"command": "attack 4"}``) gets ``old_numbers``, and a correction made at a pause
    of the adversary phase (``@1 put #2 B5`` in ``rolled``) names the foe's identity
    (``@1 put foe:2 B5``)."""
    game = doc.get("game")
    asking = isinstance(game, dict) and bool(game.get("pending"))
    if isinstance(game, dict):
        game = dict(game)
        if isinstance(game.get("actions"), list):
            game["actions"] = [_old_numbers(a) for a in game["actions"]]
        if isinstance(game.get("rolled"), dict):
            game["rolled"] = {k: _old_notes(v) for k, v in game["rolled"].items()}
        pending = game.get("pending")
        if isinstance(pending, dict):
            game["pending"] = {**pending, "action": _old_numbers(pending.get("action")), "rolled": _old_notes(pending.get("rolled"))}
    return {**doc, "schema_version": 4, "game": game, "dice": {"mode": "ask" if asking else "seeded"}}


def _v4_to_v5(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 4 had no chapter scripts, so no campaign flags: ``flags`` is empty. Its game
    in progress (a state of version 3 or before, without a script) plays on unscripted."""
    return {**doc, "schema_version": 5, "flags": {}}


def _v5_to_v6(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 5 had no pack campaigns (issue 19): the campaign follows none (the next
    chapter by number, as before), nothing has grown, the chapter log starts empty (the old
    ``progress.results`` stay as they are), no interlude is open, and the game in
    progress started with no growth."""
    game = doc.get("game")
    if isinstance(game, dict):
        game = {**game, "growth": {}}
    return {**doc, "schema_version": 6, "follows": None, "growth": {}, "log": [], "interlude": None, "game": game}


def _old_numbers(entry: Any) -> Any:
    """A step kept as text (``{"command": ...}``), marked as naming foes by their old numbers."""
    if isinstance(entry, dict) and "kind" not in entry and isinstance(entry.get("command"), str):
        return {**entry, "old_numbers": True}
    return entry


#: A correction noted at a pause, as layout 3 wrote it: its foe was ``2``, ``#2`` or ``G2``.
_OLD_NOTE = re.compile(r"(@[0-9]+ (?:put|remove|set) )(?:[A-Za-z-]*#?)([0-9]{1,6})(?=\s|$)(.*)", re.DOTALL)


def _old_notes(items: Any) -> Any:
    """A step's answers with each correction noted at a pause naming its foe by identity."""
    if not isinstance(items, list):
        return items
    return [_OLD_NOTE.sub(r"\1foe:\2\3", x) if isinstance(x, str) else x for x in items]


#: ``MIGRATIONS[v]`` turns a version-``v`` document into a version ``v + 1`` one.

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    0: _v0_to_v1, 1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5, 5: _v5_to_v6,
}


#: The layout this version of hollow writes (2: ``game.rolled``, the player's dice per step;
#: 3: ``game.actions`` as typed actions, ``Action.to_dict()``, not the typed command text;
#: 4: ``dice``, how the campaign's dice are rolled; 5: ``flags``, the campaign's flags and
#: counters from chapter scripts; 6: ``follows``, ``growth``, ``log``, ``interlude`` and
#: ``game.growth``, the pack campaign and what it did): the one after the last migration.
SCHEMA_VERSION = max(MIGRATIONS) + 1


def schema_of(doc: dict[str, Any]) -> int:
    """The layout version of a document (files without the key are version 0)."""
    version = doc.get("schema_version", 0)
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ValueError("'schema_version' is not a whole number")
    return version


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """Apply the migrations in order until ``doc`` has the current layout.

    A newer document raises :class:`NewerSchema`; a missing step raises ValueError.
    """
    version = schema_of(doc)
    if version > SCHEMA_VERSION:
        raise NewerSchema(version)
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise ValueError(f"no migration from layout version {version}")
        doc = step(doc)
        new_version = schema_of(doc)
        if new_version != version + 1:  # a migration must move exactly one version
            raise ValueError(f"the migration from layout version {version} went to {new_version}")
        version = new_version
    return doc


class NewerSchema(Exception):
    """The file was written by a newer hollow."""

    def __init__(self, version: int):
        super().__init__(version)
        self.version = version
