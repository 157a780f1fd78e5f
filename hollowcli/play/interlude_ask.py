"""Asking the interlude's questions (:mod:`hollowcli.play.interlude`) at a prompt: the same
for ``hollow play`` and ``hollow assist`` when a chapter ends (the answers come from the
game's input: the terminal, a pipe or ``--input``) and for ``hollow campaign next``.

At the prompt: a number, a name (or the start of one), ``undo`` (take back the last
answer), ``redo``, ``status`` (each Legend's growth so far), ``help``, ``quit`` (saved: the
questions are asked again next time). ``--auto`` takes the first option of each. Each
question fits an 80x24 screen: at most :data:`SHOWN` options are listed (the others are
typed by name).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hollowcli.errors import HollowError
from hollowcli.names import plural
from hollowcli.pack.model import END
from hollowcli.play import campaigns, interlude, saves, view
from hollowcli.play.console import Console, LineSource
from hollowcli.play.interlude import ASKING, name_of, option_words, options_now, question_words, state_of
from hollowcli.play.saves import Campaign, play_hint
from hollowcli.play.table import Outcome, Table

#: The most options one screen lists (with the question and the header, under 24 lines).
SHOWN = 14
PROMPT = "interlude> "
_NUMBER = re.compile(r"[0-9]+")

HELP = ("Answer with the option's number or its name (the start of a name is enough). 'undo' takes back "
        "the last answer (until the next chapter starts), 'redo' gives it again, 'status' shows what each "
        "Legend has become, 'quit' leaves (saved: the questions are asked again next time).")


def header(pack: Any, camp: Campaign) -> list[str]:
    """What the chapter's end did before any question: outcome, rewards, items dropped, flags."""
    rec = camp.interlude
    assert rec is not None
    chapter = name_of(pack, "chapters", rec["chapter"])
    lines = [f"Interlude after {chapter} ({rec['outcome']}, {plural(rec['rounds'], 'round')})."]
    said = f"The campaign gives: {interlude.rewards_words(pack, rec['rewards'])}."
    if rec.get("dropped"):
        said += " Chapter items dropped: " + ", ".join(
            f"{name_of(pack, 'legends', lid)}'s {name_of(pack, 'items', iid)}" for lid, iid in rec["dropped"]) + "."
    if rec["flags_set"]:
        said += " Flags carried: " + ", ".join(f"{k} {v}" for k, v in rec["flags_set"].items()) + "."
    return lines + view.wrap(said)


def question_lines(pack: Any, camp: Campaign) -> list[str]:
    """The next question owed, with its numbered options (at most :data:`SHOWN`)."""
    rec = camp.interlude
    assert rec is not None
    i = len(rec["answers"])
    q = rec["questions"][i]
    opts = options_now(pack, rec, i)
    lines = view.wrap(f"Question {i + 1} of {len(rec['questions'])}. {question_words(pack, q)}")
    lp = pack.paths.get(q.get("legend")) if q["kind"] == "path" else None
    if lp is not None and lp.text:  # what the life path is about, in the pack's words (two lines at most)
        lines += view.wrap(lp.text, indent="  ")[:2]
    for n, oid in enumerate(opts[:SHOWN], 1):
        name, words = option_words(pack, q, oid, camp.legends or {})
        lines += view.wrap(f"  {n:>2}. {name}" + (f": {words}" if words else ""), indent="      ")[:2]
    if len(opts) > SHOWN:
        lines.append(f"      ... and {len(opts) - SHOWN} more (type a name)")
    span = f"a number (1-{len(opts)})" if len(opts) > 1 else "1"
    lines.append(f"Type {span} or a name; undo, status, help.")
    return lines


def match(pack: Any, camp: Campaign, text: str) -> str | None:
    """The option ``text`` names: its number, its id, its name or the start of a name (one)."""
    rec = camp.interlude
    assert rec is not None
    i = len(rec["answers"])
    q = rec["questions"][i]
    opts = options_now(pack, rec, i)
    if _NUMBER.fullmatch(text):
        n = int(text)
        return opts[n - 1] if 1 <= n <= len(opts) else None
    want = text.casefold()
    names = {oid: option_words(pack, q, oid, camp.legends or {})[0].casefold() for oid in opts}
    for oid, name in names.items():
        if want in (oid.casefold(), name):
            return oid
    hits = [oid for oid, name in names.items()
            if name.startswith(want) or oid.casefold().startswith(want)
            or any(w.startswith(want) for w in name.split())]
    return hits[0] if len(hits) == 1 else None


def status_lines(pack: Any, camp: Campaign) -> list[str]:
    """Each Legend's growth so far, a line each (the party sheet is 'hollow campaign status')."""
    lines = []
    for lid in pack.legends:
        g = camp.growth.get(lid) or {}
        parts = []
        lp = pack.paths.get(lid)
        if g.get("path") and lp is not None and g["path"] in lp.options:
            parts.append(f"path {lp.options[g['path']].name}")
        if g.get("upgrades"):
            parts.append("upgrades " + ", ".join(name_of(pack, "upgrades", u) for u in g["upgrades"]))
        if g.get("outfit"):
            parts.append(f"wears {name_of(pack, 'items', g['outfit'])}")
        kit = (camp.legends or {}).get(lid) or {}
        if kit.get("relic"):
            parts.append(f"relic {name_of(pack, 'items', kit['relic'])}")
        if kit.get("inventory"):
            parts.append("carries " + ", ".join(name_of(pack, "items", i) for i in kit["inventory"]))
        lines += view.wrap(f"  {name_of(pack, 'legends', lid)}: " + ("; ".join(parts) or "nothing yet"), indent="    ")
    return lines


def ask(pack: Any, camp: Campaign, read: Callable[[str], str | None], console: Console, auto: bool,
        persist: Callable[[Campaign], Any]) -> str | None:
    """Ask every question owed, saving after each answer. Returns None when all are
    answered, else why it stopped (``end-of-input``, ``quit``)."""
    rec = camp.interlude
    if rec is None:
        return None
    console.lines(header(pack, camp))
    while state_of(rec) == ASKING:
        console.lines(question_lines(pack, camp))
        if auto:
            q = interlude.auto_answer(pack, camp)
            persist(camp)
            console.lines(view.wrap("> " + _said(pack, camp, q)))
            continue
        line = read(PROMPT)
        if line is None:
            return "end-of-input"
        text = line.strip()
        word = text.lower()
        if word in ("quit", "exit"):
            return "quit"
        if word in ("help", "?", ""):
            console.lines(view.wrap(HELP))
            continue
        if word == "status":
            console.lines(status_lines(pack, camp))
            continue
        if word == "undo":
            back = interlude.undo(pack, camp)
            if back is None:
                console.lines(view.wrap("Nothing is answered yet: there is nothing to undo."))
            else:
                persist(camp)
                console.lines(view.wrap(f"Undone: {question_words(pack, back)} (asked again)"))
            continue
        if word == "redo":
            again = interlude.redo(pack, camp)
            if again is None:
                console.lines(view.wrap("Nothing to redo."))
            else:
                persist(camp)
                console.lines(view.wrap("> " + _said(pack, camp, again)))
            continue
        choice = match(pack, camp, text)
        if choice is None:
            n = len(options_now(pack, rec, len(rec["answers"])))
            console.lines(view.wrap(f"'{view.short(text)}' is not one of the options: type a number from 1 to {n}, "
                                    "or a name; 'help' says more."))
            continue
        q = interlude.answer(pack, camp, choice)
        persist(camp)
        console.lines(view.wrap("> " + _said(pack, camp, q)))
    return None


def _said(pack: Any, camp: Campaign, q: dict[str, Any]) -> str:
    """What the answer just given to ``q`` (the last one) did."""
    rec = camp.interlude
    assert rec is not None
    return interlude.what_it_did(pack, camp, q, rec["answers"][-1])


def done_message(pack: Any, camp: Campaign, command: str = "hollow play") -> str:
    """The interlude answered: what comes next, and how long undo lasts."""
    rec = camp.interlude if camp.interlude is not None else (camp.log[-1] if camp.log else None)
    if rec is None:
        return ""
    nxt = rec.get("next")
    if nxt in (None, END):
        return "The interlude is done, and the campaign is over: your Legends' story ends here."
    ch = pack.chapters.get(nxt)
    label = f"chapter {ch.number}, {ch.name}" if ch else nxt
    again = " (played again)" if nxt == rec["chapter"] else ""
    undo = (f"; 'hollow campaign next {camp.name} --undo' takes back the last answer until then"
            if camp.interlude is not None and rec.get("answers") else "")
    return f"The interlude is done. Next: {label}{again} ('{play_hint(camp.name, command)}' starts it){undo}."


def left_message(camp: Campaign, why: str, command: str = "hollow play") -> str:
    """The interlude was left with questions owed."""
    rec = camp.interlude
    owed = len(rec["questions"]) - len(rec["answers"]) if rec else 0
    first = "End of input" if why == "end-of-input" else "Saved"
    return (f"{first}: the interlude is saved with {owed} question{'' if owed == 1 else 's'} still owed. "
            f"'hollow campaign next {camp.name}' (or '{play_hint(camp.name, command)}') asks {'it' if owed == 1 else 'them'}.")


def at_chapter_end(table: Table, out: Outcome, demo: str | None = None) -> None:
    """``hollow play``/``hollow assist``: the chapter's end owes questions (rewards,
    upgrades, life paths): ask them now, from the game's own input (``--auto``: the first
    option of each), and say what comes next in ``out`` (``demo``: the message of a
    throwaway campaign)."""
    table.console.lines(view.wrap(out.message))
    table.console.say("")
    camp, command = table.camp, table.mode.command
    why = ask(table.pack, camp, table.read, table.console, table.options.auto, table.persist)
    out.interlude = interlude.doc(table.pack, camp)
    if why is not None:
        out.stopped = why
        out.message = left_message(camp, why, command)
        return
    rec = camp.interlude
    out.next_chapter = rec["next"] if rec is not None and rec["next"] != END else None
    out.message = demo or done_message(table.pack, camp, command)


# ----------------------------------------------------------------------------- hollow campaign next
def _closed(pack: Any, camp: Campaign) -> str:
    """Why there is no interlude to answer or undo, in a sentence."""
    last = camp.log[-1] if camp.log else None
    after = f"the interlude after {name_of(pack, 'chapters', last['chapter'])}" if last else "no interlude"
    if camp.game is not None:
        now = name_of(pack, "chapters", camp.game.chapter)
        if last is None:
            return f"campaign '{camp.name}' has {now} in progress and no interlude yet: it comes when the chapter ends"
        return (f"{after} closed when {now} started: an interlude can be undone only until the next chapter starts "
                f"('{play_hint(camp.name)}' resumes {now})")
    if last is None:
        return f"campaign '{camp.name}' has played no chapter yet: its first interlude comes when a chapter ends"
    return f"{after} is closed: it asked nothing ('{play_hint(camp.name)}' starts the next chapter)"


def run_next(pack: Any, name: str, console: Console, stdin: Any, input_path: Any = None, auto: bool = False,
             undo: bool = False, answer: bool = True) -> tuple[dict[str, Any], str, bool]:
    """``hollow campaign next NAME``: undo (``--undo``), then ask what the interlude owes
    (from ``input_path``, the terminal or the standard input; ``auto``: the first option of
    each; ``answer`` False: nothing, only show). Returns ``(doc, message, refused)``:
    ``refused`` when ``--undo`` had nothing to undo (one sentence in ``message``)."""
    with saves.hold(name):
        camp = saves.load(name)
        interlude.campaign_def(pack, camp)  # (the campaign it follows must be loaded)
        rec = camp.interlude
        if rec is None:
            doc = {**interlude.doc(pack, camp), "next": _next_id(pack, camp)}
            return doc, _closed(pack, camp), undo
        if undo:
            back = interlude.undo(pack, camp)
            if back is None:
                return interlude.doc(pack, camp), (f"nothing is answered yet in the interlude after "
                                                   f"{name_of(pack, 'chapters', rec['chapter'])}: nothing to undo"), True
            saves.save(camp)
            console.lines(view.wrap(f"Undone: {question_words(pack, back)} (asked again)"))
        why: str | None = None
        if state_of(rec) == ASKING and (answer or auto):
            handle = None
            try:
                if auto:
                    source = None
                elif input_path is not None:
                    try:
                        handle = open(input_path, "rb")  # noqa: SIM115 - closed below
                    except OSError as e:
                        raise HollowError(f"cannot read the input file {input_path} ({e.strerror})") from e
                    source = LineSource.from_stream(handle, console, name=f"the input file {input_path}")
                elif stdin.isatty():
                    source = LineSource.from_terminal(console)
                else:
                    source = LineSource.from_stream(getattr(stdin, "buffer", stdin), console, name="the standard input")
                read = source.read if source is not None else (lambda _prompt: None)
                why = ask(pack, camp, read, console, auto, saves.save)
            finally:
                if handle is not None:
                    handle.close()
        saves.save(camp)
        doc = interlude.doc(pack, camp)
        if state_of(rec) != ASKING:
            return doc, done_message(pack, camp), False
        if why is not None:
            return doc, left_message(camp, why), False
        owed = len(rec["questions"]) - len(rec["answers"])
        return doc, (f"The interlude after {name_of(pack, 'chapters', rec['chapter'])} owes {owed} "
                     f"question{'' if owed == 1 else 's'}: 'hollow campaign next {camp.name}' asks them "
                     "(--auto takes the first option of each)."), False


def _next_id(pack: Any, camp: Campaign) -> str | None:
    """The chapter the campaign plays next, for ``--json`` (None: over, or unknown)."""
    if camp.game is not None:
        return camp.game.chapter
    ch = campaigns.next_chapter(pack, camp)
    return ch.id if ch is not None else None
