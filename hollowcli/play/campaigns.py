"""Campaign progress: which chapter comes next, starting a game, recording its end.

A won chapter is recorded, the Legends' kept items and relics are carried over
(``engine.campaign_carryover``: chapter items are dropped) and the next chapter by
number comes up. A lost chapter is reset at once: a fresh game of the same chapter
with the carried-over Legends (its chapter items went back with it), ready for the next
``hollow play``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hollowcli import engine, names
from hollowcli.errors import HollowError
from hollowcli.play.saves import Campaign, GameRecord, play_hint


def next_chapter(pack: Any, camp: Campaign) -> Any | None:
    """The first chapter by number that the campaign has not completed (None: all done)."""
    for ch in names.chapters_in_order(pack.chapters):
        if ch.id not in camp.completed:
            return ch
    return None


def fresh_seed() -> int:
    """A seed for a game the player did not seed (stored, so the game stays replayable)."""
    return random.SystemRandom().randrange(1, 10**9)


def start_game(pack: Any, camp: Campaign, chapter_id: str, seed: int | None) -> GameRecord:
    """Set up ``chapter_id`` with the campaign's Legends and make it the game in progress."""
    state = engine.new_game(pack, chapter_id, camp.legends, flags=camp.flags)
    camp.game = GameRecord(chapter_id, fresh_seed() if seed is None else seed, state.to_dict(),
                           growth={lid: dict(g) for lid, g in camp.growth.items()})
    return camp.game


@dataclass(frozen=True)
class Finish:
    """What the end of a game did to the campaign, for the player to read."""

    chapter: str
    result: str  # won | lost
    reason: str
    next_chapter: str | None  # id of what `hollow play` plays next (None: campaign complete)
    message: str


def choose_dice(camp: Campaign, ask: bool, rolled: list[str] | None, seeded: bool) -> tuple[bool, list[str] | None, str]:
    """How a ``hollow play`` session rolls, and what the campaign remembers of it.

    ``--rolled ask``, ``--rolled V,V,...`` and ``--rolled seeded`` (``ask``, ``rolled``,
    ``seeded``) choose, and the campaign keeps the choice; without any, the session rolls
    as the campaign last did (a game left at a dice question is asked again). Returns
    ``(ask, values, note)``: whether to ask, the ``--rolled`` values to use (None: none),
    and a sentence to show when the campaign's memory decided ('' otherwise).
    """
    if ask:
        camp.dice, camp.dice_values = "ask", []
        return True, None, ""
    if seeded:
        camp.dice, camp.dice_values = "seeded", []
        return False, None, ""
    if rolled is not None:
        camp.dice, camp.dice_values = "rolled", list(rolled)
        return False, list(rolled), ""
    if camp.dice == "ask":
        return True, None, ("This campaign asks for your dice at each roll, as when it was left "
                            "('hollow play --rolled seeded' lets hollow roll them).")
    if camp.dice == "rolled" and camp.dice_values:
        left = camp.dice_values
        shown = ", ".join(left[:8]) + (", ..." if len(left) > 8 else "")
        return False, list(left), (f"This campaign still has {_n(len(left), '--rolled value')} to use ({shown}); "
                                   "'hollow play --rolled seeded' drops them.")
    camp.dice, camp.dice_values = "seeded", []
    return False, None, ""


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def finish_game(pack: Any, camp: Campaign, state: Any, result: str, reason: str, command: str = "hollow play") -> Finish:
    """Record a won or lost game and set the campaign up for what comes next (``command``:
    the command the message names to go on, ``hollow play`` or ``hollow assist``)."""
    chapter_id = camp.game.chapter if camp.game else ""
    name = pack.chapters[chapter_id].name if chapter_id in pack.chapters else chapter_id
    camp.legends = engine.campaign_carryover(state)
    counts = camp.result(chapter_id)
    if result == "won":
        counts.won += 1
        camp.flags.update(engine.campaign_flags(state))  # (a lost chapter carries none: it is reset)
        if chapter_id not in camp.completed:
            camp.completed.append(chapter_id)
        camp.game = None
        nxt = next_chapter(pack, camp)
        lost = _chapter_items_held(pack, state)
        gone = f"chapter items are gone ({', '.join(lost)})" if lost else "no chapter items were held"
        if nxt is None:
            message = f"{name} is won, and with it the whole campaign. Your Legends keep their items and relics; {gone}."
        else:
            message = (
                f"{name} is won. Items and relics are kept, {gone}. "
                f"Next: chapter {nxt.number}, {nxt.name} ('{play_hint(camp.name, command)}' starts it)."
            )
        return Finish(chapter_id, result, reason, nxt.id if nxt else None, message)
    counts.lost += 1
    # the retry's seed follows from the lost game's, so a seeded campaign stays reproducible
    lost_seed = camp.game.seed if camp.game else 0
    start_game(pack, camp, chapter_id, random.Random(f"{lost_seed}:retry").randrange(1, 10**9))
    lost = _chapter_items_held(pack, state)
    kept = (f"chapter items go back with the chapter ({', '.join(lost)}); other items and relics are kept" if lost
            else "items and relics are kept (chapter items would go back with the chapter)")
    message = (
        f"{name} is lost. The chapter and the Legends are reset and its cards reshuffled; "
        f"{kept}. '{play_hint(camp.name, command)}' tries again."
    )
    return Finish(chapter_id, result, reason, chapter_id, message)


def _chapter_items_held(pack: Any, state: Any) -> list[str]:
    """``Emily's Flask of Holy Water`` for each chapter item a Legend holds at the end."""
    out = []
    for lg in state.legends:
        for iid in list(lg.inventory) + ([lg.relic] if lg.relic else []):
            item = pack.items.get(iid)
            if item is not None and item.chapter_item:
                out.append(f"{state.legend_name(lg.id)}'s {item.name}")
    return out


def status(pack: Any | None, camp: Campaign) -> dict[str, Any]:
    """A JSON-able summary of a campaign (``pack`` adds chapter names and what comes next)."""
    doc: dict[str, Any] = {
        "name": camp.name,
        "created": camp.created,
        "completed": list(camp.completed),
        "results": {k: {"won": v.won, "lost": v.lost} for k, v in sorted(camp.results.items())},
        "legends": camp.legends,
        "dice": {"mode": camp.dice, "values": list(camp.dice_values)},
        "flags": dict(sorted(camp.flags.items())),
        "game": None,
        "next_chapter": None,
        "chapters": [],
    }
    if camp.game is not None:
        g = camp.game
        doc["game"] = {"chapter": g.chapter, "seed": g.seed, "steps": g.cursor, "undone": len(g.actions) - g.cursor}
    if pack is not None:
        nxt = next_chapter(pack, camp)
        doc["next_chapter"] = camp.game.chapter if camp.game else (nxt.id if nxt else None)
        doc["chapters"] = [
            {
                "id": ch.id,
                "number": ch.number,
                "name": ch.name,
                "completed": ch.id in camp.completed,
                "won": camp.results[ch.id].won if ch.id in camp.results else 0,
                "lost": camp.results[ch.id].lost if ch.id in camp.results else 0,
                "in_progress": camp.game is not None and camp.game.chapter == ch.id,
            }
            for ch in names.chapters_in_order(pack.chapters)
        ]
        if camp.game is not None:
            doc["game"]["round"] = _round_of(pack, camp.game)
    return doc


def _round_of(pack: Any, record: GameRecord) -> int | None:
    """The round the game in progress has reached (None when it cannot be replayed)."""
    from hollowcli.play.session import Session

    try:
        return int(Session(pack, GameRecord(**record.to_dict())).state.round)
    except (HollowError, AttributeError, TypeError, ValueError):
        return None
