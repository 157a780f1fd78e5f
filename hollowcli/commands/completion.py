"""Shell completion of ids (``shell_complete`` callbacks): chapters, campaigns, Legends,
foes, skills, items, kinds and rules topics.

Completion runs ``hollow`` once per Tab, so it must start fast: ids come from the pack
cache (no yaml, no model) when it is fresh, and campaign names from the file names in the
data folder. Nothing here may raise: a broken pack or config completes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import click

Completer = Callable[[click.Context, click.Parameter, str], list[str]]


def request_problem(environ: Mapping[str, str]) -> str | None:
    """What is wrong with a completion request (``_HOLLOW_COMPLETE=bash_complete``) whose
    variables no completion script would send, in one sentence; None when there is no
    request or nothing is wrong. Click would fail on them with a KeyError or ValueError."""
    shell = environ.get("_HOLLOW_COMPLETE", "")
    if shell not in ("bash_complete", "zsh_complete", "fish_complete", "powershell_complete"):
        return None  # no request, or one for a shell click does not know (it answers nothing)
    words, cword = environ.get("COMP_WORDS"), environ.get("COMP_CWORD")
    numbered = shell != "fish_complete"  # fish sends the word being completed, the others its position
    if words is not None and cword is not None and (not numbered or cword.strip().isdecimal()):
        return None
    need = "COMP_WORDS and COMP_CWORD" + (" (a number)" if numbered else "")
    return (f"_HOLLOW_COMPLETE={shell} asks for shell completion, which needs {need} from the shell's completion "
            f"script; load that script with eval \"$(_HOLLOW_COMPLETE={shell.split('_')[0]}_source hollow)\" "
            "instead of setting them by hand")


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
