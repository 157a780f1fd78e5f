"""Finding things by the names users type: one place for every command.

Ids, names, plurals, unique prefixes and "did you mean" hints for Legends, foes, chapters,
kinds, rules topics, campaigns, dice and commands all come from here, so a typo gets the
same kind of answer wherever it is made. Light on purpose (``difflib`` is imported only
when a name does not match): ``hollow roll`` imports this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from hollowcli.errors import UsageError

T = TypeVar("T")


class _Numbered(Protocol):
    """What chapter look-ups need of a chapter: its id, its storybook number and its name."""

    @property
    def id(self) -> str: ...
    @property
    def number(self) -> int: ...
    @property
    def name(self) -> str: ...


C = TypeVar("C", bound=_Numbered)

_SEP = re.compile(r"[\s_]+")


def plural(n: int, word: str, many: str | None = None) -> str:
    """A count with its noun, as users read it: ``1 round``, ``2 rounds``, ``0 rounds``;
    ``many`` for an irregular plural (``plural(1, "die", "dice")``). The one helper for every
    number written before a noun, so no output says "1 rounds" or "step(s)"."""
    return f"{n} {word if n == 1 else (many if many is not None else word + 's')}"


def and_list(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: names in a sentence."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def norm(text: str) -> str:
    """A typed name as an id would spell it: lower case, spaces and underscores as '-'."""
    return _SEP.sub("-", text.strip().lower())


def closest(word: Any, choices: Iterable[Any], cutoff: float = 0.6) -> str | None:
    """The choice that looks most like ``word``, or None when none is close."""
    import difflib

    got = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=cutoff)
    return got[0] if got else None


def did_you_mean(word: Any, choices: Iterable[Any], cutoff: float = 0.6) -> str:
    """``"did you mean 'x'?"`` for the closest choice, or ``""``."""
    near = closest(word, choices, cutoff)
    return f"did you mean {near!r}?" if near is not None else ""


def suggest(word: Any, choices: Iterable[Any], noun: str = "") -> str:
    """A hint naming the closest choice, or listing them when none is close."""
    choices = list(choices)
    hint = did_you_mean(word, choices)
    if hint:
        return hint
    if not choices:
        return f"there are no {noun}s to refer to" if noun else ""
    listed = ", ".join(str(c) for c in choices[:12]) + (", ..." if len(choices) > 12 else "")
    return f"known {noun + 's' if noun else 'ones'}: {listed}"


def listing(entries: Iterable[str], limit: int = 12) -> str:
    """Sorted ids, the first ``limit`` of them, for an error message."""
    ids = sorted(entries)
    if not ids:
        return "none in this content"
    shown = ", ".join(ids[:limit])
    return shown + (f" and {len(ids) - limit} more" if len(ids) > limit else "")


def find_id(
    what: str, query: str, entries: Mapping[str, T], name: Callable[[T], str] = lambda e: ""
) -> str:
    """The id of the entry ``query`` names: its id, its name, a plural, or a unique prefix.

    Anything else raises :class:`UsageError` with the closest id suggested.
    """
    q = norm(query)
    if not q:
        raise UsageError(f"an empty {what} name was given; the ids are {listing(entries)}")
    if q in entries:
        return q
    candidates = [q]
    if q.endswith("es"):
        candidates.append(q[:-2])
    if q.endswith("s"):
        candidates.append(q[:-1])
    for c in candidates[1:]:
        if c in entries:
            return c
    by_name = [k for k, e in entries.items() if norm(name(e)) in candidates]
    if len(by_name) == 1:
        return by_name[0]

    def words(k: str, e: T) -> list[str]:
        return [k, norm(name(e)), *k.split("-"), *norm(name(e)).split("-")]

    prefix = [
        k
        for k, e in entries.items()
        if any(w.startswith(c) for w in words(k, e) for c in candidates)
    ]
    if len(prefix) == 1:
        return prefix[0]
    if len(prefix) > 1:
        raise UsageError(
            f"{what} {query!r} could be {', '.join(sorted(prefix))}; give more of the name"
        )
    raise UsageError(f"there is no {what} {query!r}; {nearest_hint(q, entries, name)}"
                     f"the ids are {listing(entries)}")


def nearest_hint(q: str, entries: Mapping[str, T], name: Callable[[T], str] = lambda e: "") -> str:
    """``"did you mean 'id'? "`` for the id or name closest to ``q`` (or a word of one), or ``""``."""
    near = nearest(q, entries, name)
    return f"did you mean {near!r}? " if near is not None else ""


def nearest(q: str, entries: Mapping[str, T], name: Callable[[T], str] = lambda e: "") -> str | None:
    """The key of the entry whose key or name (or a word of one) is closest to ``q``, or None."""
    pool = {k: k for k in entries}
    pool.update({norm(name(e)): k for k, e in entries.items() if name(e)})
    near = closest(q, pool, 0.5)
    if near is None:  # a typo in one word of a longer name: 'emly' for emily-van-winkle
        words_pool: dict[str, set[str]] = {}
        for k, e in entries.items():
            for w in [k, norm(name(e)), *k.split("-"), *norm(name(e)).split("-")]:
                words_pool.setdefault(w, set()).add(k)
        import difflib

        hits = [w for w in difflib.get_close_matches(q, list(words_pool), n=3, cutoff=0.75)
                if len(words_pool[w]) == 1]
        if hits:
            pool[hits[0]] = next(iter(words_pool[hits[0]]))
            near = hits[0]
    return pool[near] if near is not None else None


def chapters_in_order(chapters: Mapping[str, C]) -> list[C]:
    """Chapters in storybook order: by number, then id."""
    return sorted(chapters.values(), key=lambda ch: (ch.number, ch.id))


def find_chapter(chapters: Mapping[str, C], text: str) -> C:
    """The chapter ``text`` names: its storybook number (``1``), id, name or a unique prefix.

    Every command that takes a chapter comes here, so ``hollow print deck 1`` means what
    ``hollow play 1`` does. Anything else raises :class:`UsageError` with the closest
    chapter and the list of chapters by number.
    """
    key = text.strip()
    if key.isascii() and key.isdigit() and len(key) <= 9:  # not '²' (a digit int() refuses), not 4,301 digits
        for ch in chapters_in_order(chapters):
            if int(key) == ch.number:
                return ch
    try:
        return chapters[find_id("chapter", key, chapters, lambda c: c.name)]
    except UsageError as e:
        if "give more of the name" in str(e):
            raise
        hint = nearest_hint(norm(key), chapters, lambda c: c.name)
    listed = ", ".join(f"{ch.number} ({ch.id})" for ch in chapters_in_order(chapters)) or "none in this content"
    raise UsageError(f"there is no chapter {text!r}; {hint}the chapters are {listed}")
