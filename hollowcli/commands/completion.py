"""Shell completion of ids (``shell_complete`` callbacks): chapters, campaigns, Legends,
foes, skills, items, kinds and rules topics.

Completion runs ``hollow`` once per Tab, so it must start fast: ids come from the pack
cache (no yaml, no model) when it is fresh, and campaign names from the file names in the
data folder. Nothing here may raise: a broken pack or config completes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

Completer = Callable[[click.Context, click.Parameter, str], list[str]]


def _data(ctx: click.Context) -> dict[str, Any]:
    """The layered packs' data (cache first; the full load refreshes the cache)."""
    from hollowcli.config import layered_dirs
    from hollowcli.pack.loader import cached_data

    given = ctx.params.get("content_dirs") or ()
    dirs = layered_dirs(given)
    data = cached_data(dirs)
    if data is None:
        from hollowcli.pack.loader import load_pack

        load_pack(dirs)  # validates and writes the cache
        data = cached_data(dirs) or {}
    return data


def _match(words: list[str], incomplete: str) -> list[str]:
    low = incomplete.lower()
    return sorted({w for w in words if w.lower().startswith(low)})


def ids(*kinds: str, numbers: bool = False) -> Completer:
    """Complete the ids of these content kinds (chapters also by number)."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        try:
            data = _data(ctx)
            words: list[str] = []
            for kind in kinds:
                entries = data.get(kind) or {}
                words += list(entries)
                if numbers and kind == "chapters":
                    words += [str(e.get("number")) for e in entries.values() if isinstance(e, dict) and e.get("number")]
            return _match(words, incomplete)
        except Exception:  # noqa: BLE001 - completion never fails loudly
            return []

    return complete


def campaigns(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Complete the names of the saved campaigns."""
    try:
        from hollowcli.play.saves import list_campaigns

        return _match(list_campaigns(), incomplete)
    except Exception:  # noqa: BLE001
        return []


def kinds(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Complete the kinds of content (plural, as listed)."""
    from hollowcli.pack.model import KINDS

    return _match(list(KINDS), incomplete)


def rules_topics(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Complete the topics of the rules text (their first word, as ``hollow rules`` matches)."""
    try:
        from hollowcli.config import layered_dirs
        from hollowcli.pack.files import read_rules_md
        from hollowcli.table.rules import rules_file, rules_sections, topic_key

        given = ctx.params.get("content_dirs") or ()
        text = read_rules_md(rules_file(layered_dirs(given)))  # the one reader: a link out of the pack is refused
        return _match([topic_key(t) for t, _ in rules_sections(text) if t], incomplete)
    except Exception:  # noqa: BLE001
        return []


def entry_ids(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """``content show KIND ID``: the ids of the kind given before."""
    kind = str(ctx.params.get("kind") or "")
    from hollowcli.pack.model import KINDS
    from hollowcli.pack.validate import SINGULAR

    plural = next((k for k in KINDS if kind.lower() in (k, SINGULAR.get(k, k))), None)
    return ids(plural, numbers=True)(ctx, param, incomplete) if plural else []
