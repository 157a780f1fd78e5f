"""Campaign progress: which chapter comes next, starting a game, recording its end.

A chapter's end opens the interlude (:mod:`hollowcli.play.interlude`): the Legends' kept
items and relics are carried over (``engine.campaign_carryover``: chapter items are
dropped), the pack campaign the save follows gives its rewards and asks its questions,
and names the next chapter (its ``won``/``lost``, branching on the flags). A save that
follows no pack campaign plays the next chapter by number after a win; after a loss the
chapter is reset at once (a fresh game of it, ready for the next ``hollow play``). Either
way the chapter goes into the campaign's log.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hollowcli import engine, names
from hollowcli.errors import HollowError, UsageError
from hollowcli.pack.model import END
from hollowcli.play import interlude
from hollowcli.play.saves import Campaign, GameRecord, play_hint


def choose_campaign(pack: Any, name: str, wanted: str | None) -> str | None:
    """The pack campaign a new save ``name`` follows: ``wanted`` (``--from``), else the one
    campaign the content defines, else the one whose id is ``name``; None when the content
    defines none. Several and no match, or an unknown ``wanted``: one sentence listing them."""
    known = pack.campaigns
    listing = ", ".join(f"{cid} ({c.name})" for cid, c in known.items()) or "none"
    if wanted is not None:
        if wanted in known:
            return wanted
        raise UsageError(f"--from {wanted!r} names no campaign of the loaded content; its campaigns are: {listing}")
    if len(known) == 1:
        return next(iter(known))
    if name in known:
        return name
    if not known:
        return None
    raise UsageError(f"the loaded content defines {len(known)} campaigns, none with the id {name!r}; "
                     f"choose one with --from ID: {listing}")


def next_chapter(pack: Any, camp: Campaign) -> Any | None:
    """The chapter the campaign plays next (None: it is over). A save that follows a pack
    campaign goes where the last interlude said (its start at first); one that follows
    none plays the first chapter by number it has not completed."""
    if camp.follows is not None:
        nxt = interlude.next_id(pack, camp)
        if nxt is not None and nxt not in pack.chapters:
            raise HollowError(f"campaign '{camp.name}' goes on to the chapter '{nxt}', which the loaded content "
                              "does not define; load its pack with --content DIR")
        return pack.chapters[nxt] if nxt is not None else None
    for ch in names.chapters_in_order(pack.chapters):
        if ch.id not in camp.completed:
            return ch
    return None


def fresh_seed() -> int:
    """A seed for a game the player did not seed (stored, so the game stays replayable)."""
    return random.SystemRandom().randrange(1, 10**9)


def start_game(pack: Any, camp: Campaign, chapter_id: str, seed: int | None) -> GameRecord:
    """Set up ``chapter_id`` with the campaign's Legends and make it the game in progress.
    An open interlude closes (into the log: no undo after this); a retry it named keeps
    the seed it chose (``seed`` None)."""
    if camp.interlude is not None:
        if seed is None and isinstance(camp.interlude.get("seed"), int):
            seed = camp.interlude["seed"]
        interlude.close(camp)
    # the campaign's Legends as they have grown (the same pack when nothing has)
    state = engine.new_game(engine.grown_pack(pack, camp.growth), chapter_id, camp.legends, flags=camp.flags)
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
    """Record a won or lost game and open the interlude (``command``: the command the
    message names to go on, ``hollow play`` or ``hollow assist``). An interlude with no
    question closes at once (a lost chapter is then reset for the retry, as before); one
    with questions stays open for :mod:`hollowcli.play.interlude_ask`."""
    chapter_id = camp.game.chapter if camp.game else ""
    name = pack.chapters[chapter_id].name if chapter_id in pack.chapters else chapter_id
    counts = camp.result(chapter_id)
    if result == "won":
        counts.won += 1
        if chapter_id not in camp.completed:
            camp.completed.append(chapter_id)
    else:
        counts.lost += 1
    # the retry's seed follows from the lost game's, so a seeded campaign stays reproducible
    lost_seed = camp.game.seed if camp.game else 0
    camp.game = None
    if camp.interlude is not None:  # (a game started outside 'hollow play' left one open)
        interlude.close(camp)
    flags_set = engine.campaign_flags(state) if result == "won" else {}  # (a lost chapter carries none: it is reset)
    dropped = [(lg.id, iid) for lg in state.legends for iid in (*lg.inventory, *([lg.relic] if lg.relic else []))
               if iid in pack.items and pack.items[iid].chapter_item]
    rec = interlude.open_interlude(pack, camp, chapter_id, result, state.round, flags_set,
                                   engine.campaign_carryover(state), dropped, engine.campaign_unlocked(state))
    if camp.follows is None:
        nxt_by_number = next_chapter(pack, camp) if result == "won" else pack.chapters.get(chapter_id)
        rec["next"] = nxt_by_number.id if nxt_by_number is not None else END
    if result == "lost":
        rec["seed"] = random.Random(f"{lost_seed}:retry").randrange(1, 10**9)
    owed = interlude.state_of(rec) == interlude.ASKING
    if not owed:
        _go_on(pack, camp)
    return Finish(chapter_id, result, reason, rec["next"] if rec["next"] != END else None,
                  end_message(pack, camp, name, result, _chapter_items_held(pack, state), command, owed))


def _go_on(pack: Any, camp: Campaign) -> None:
    """An interlude that asks nothing closes at once: after a loss the chapter it names (the
    same one, unless the campaign says otherwise) starts at once, as a lost chapter always
    did; after a win the next chapter waits for the next ``hollow play``."""
    rec = camp.interlude
    if rec is None or rec["questions"]:
        return
    if rec["outcome"] == "lost" and rec["next"] in pack.chapters:
        start_game(pack, camp, rec["next"], None)  # (closes the interlude, with the retry's seed)
    else:
        interlude.close(camp)


def end_message(pack: Any, camp: Campaign, name: str, result: str, held: list[str], command: str,
                 owed: bool = False) -> str:
    """What the end of a chapter did, for the player to read (``held``: the chapter items
    the Legends held, in words; ``owed``: the interlude still asks questions)."""
    hint = play_hint(camp.name, command)
    rec = camp.log[-1] if camp.interlude is None and camp.log else camp.interlude
    nxt = rec.get("next") if rec else None
    gone = f"chapter items are gone ({', '.join(held)})" if held else "no chapter items were held"
    kept = (f"chapter items go back with the chapter ({', '.join(held)}); other items and relics are kept" if held
            else "items and relics are kept (chapter items would go back with the chapter)")
    if owed:
        rewards = interlude.rewards_words(pack, rec["rewards"]) if rec else "nothing"
        what = f"Items and relics are kept, {gone}" if result == "won" else f"The Legends are reset; {kept}"
        asks = names.plural(len(rec["questions"]) if rec else 0, "question")
        return f"{name} is {result}. {what}. The campaign gives: {rewards}; the interlude asks {asks} before the next chapter."
    if result == "won":
        given = interlude.rewards_words(pack, rec["rewards"]) if rec and rec["rewards"] else ""
        gift = f" The campaign gives: {given}." if given else ""
        if nxt in (None, END):
            return (f"{name} is won, and with it the whole campaign. Your Legends keep their items and relics; "
                    f"{gone}.{gift}")
        ch = pack.chapters.get(nxt)
        label = f"chapter {ch.number}, {ch.name}" if ch else nxt
        return f"{name} is won. Items and relics are kept, {gone}.{gift} Next: {label} ('{hint}' starts it)."
    if nxt is None or (rec is not None and nxt == rec["chapter"]):
        return (f"{name} is lost. The chapter and the Legends are reset and its cards reshuffled; "
                f"{kept}. '{hint}' tries again.")
    ch = pack.chapters.get(nxt)
    label = f"chapter {ch.number}, {ch.name}" if ch else nxt
    return f"{name} is lost. The Legends are reset; {kept}. The campaign goes on: {label} ('{hint}' starts it)."


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
