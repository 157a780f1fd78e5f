"""``hollow content validate/list/show/init``: check, browse and scaffold content packs.

Each command parses its options, calls the pack library (:mod:`hollowcli.pack`) and
prints; the checking itself lives in the loader.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click

from hollowcli.commands import completion
from hollowcli.commands.common import Group, content_option, echo, emit_json, json_option, style
from hollowcli.errors import ContentError, HollowError, MissingValue, Problem, UsageError
from hollowcli.names import plural


def _dirs(content_dirs: tuple[Path, ...]) -> list[str]:
    """The config file's packs, then ``--content``/``HOLLOW_CONTENT`` (built-in implied)."""
    from hollowcli.config import layered_dirs

    return layered_dirs(content_dirs)


def _load(content_dirs: tuple[Path, ...], use_cache: bool = True) -> Any:
    from hollowcli.pack.loader import load_pack

    return load_pack(_dirs(content_dirs), use_cache=use_cache)


def _kind(name: str) -> str:
    """A kind name as typed (singular or plural, any case) -> the YAML kind."""
    from hollowcli.names import suggest
    from hollowcli.pack.model import KINDS
    from hollowcli.pack.validate import SINGULAR

    low = name.strip().lower()
    for kind in KINDS:
        if low in (kind, SINGULAR[kind], "rule" if kind == "rules" else kind):
            return kind
    hint = suggest(low, KINDS, "kind")
    if hint.startswith("did you mean"):
        hint += f" the kinds are {', '.join(KINDS)}"
    raise UsageError(f"there is no kind of content called {name!r}; {hint}")


@click.group(cls=Group)
def content() -> None:
    """Validate, list, show and scaffold content packs.

    A content pack is a folder of YAML files (dice, legends, allies, skills, items, foes, rules,
    chapters). Packs given with --content (or HOLLOW_CONTENT, or the config file) are
    layered over the built-in pack: a later pack's entry replaces an earlier one with
    the same id, and a pack that says 'replaces: [chapters]' (or other kinds) drops
    every earlier entry of those kinds, the built-in sample chapters included. The
    format is described in docs/content-format.md.

    \b
    Examples:
      hollow content init my-box            a commented pack to fill in
      hollow content validate my-box        every problem, with file and line
      hollow content list foes --content my-box
      hollow content show chapter schoolhouse
    """


@content.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path), metavar="[DIR]")
@json_option
@content_option
def validate(folder: Path | None, as_json: bool, content_dirs: tuple[Path, ...]) -> None:
    """Check content packs and print every problem, one per line (exit 1 if any).

    With DIR, checks that pack layered over the built-in one; without, checks the packs
    from --content, HOLLOW_CONTENT and the config file. Each problem reads
    FILE:LINE: what is wrong (how to fix it).

    \b
    Examples:
      hollow content validate my-box
      hollow content validate --content my-box --content house-rules
      hollow content validate my-box --json
    """
    from hollowcli.pack.loader import load_pack
    from hollowcli.pack.model import KINDS

    dirs = [folder] if folder is not None else _dirs(content_dirs)
    warnings: list[Problem] = []
    try:
        pack = load_pack(dirs, use_cache=False, warnings=warnings)
    except ContentError as err:
        if as_json:
            emit_json({"ok": False, "problems": _as_json(err.problems), "warnings": _as_json(warnings)})
        else:
            every = err.problems + tuple(warnings)
            for p in sorted(every, key=lambda p: _order(every, p)):
                echo(str(p))
        n = len(err.problems)
        raise HollowError(f"{plural(n, 'problem')} found in the content; fix {'them' if n != 1 else 'it'} and run "
                          "'hollow content validate' again") from None
    counts = {kind: len(pack.kind(kind)) for kind in KINDS if kind != "rules"}
    samples = sum(1 for v in pack.sample.values() if v)
    if as_json:
        emit_json({"ok": True, "problems": [], "warnings": _as_json(warnings), "packs": list(pack.sources),
                   "counts": counts, "sample_entries": samples})
        return
    for p in warnings:
        echo(str(p))
    what = ", ".join(plural(n, _singular(k), k) for k, n in counts.items())
    packs = len(pack.sources)
    names = ", ".join(["built-in"] + list(pack.sources[1:]))
    note = f"; {plural(samples, 'entry holds', 'entries hold')} sample values" if samples else ""
    echo(f"{style('OK', fg='green')}: {what} from {plural(packs, 'pack')} ({names}){note}.")


def _as_json(problems: Iterable[Problem]) -> list[dict[str, Any]]:
    return [{"file": p.file, "line": p.line, "message": p.message, "hint": p.hint} for p in problems]


def _order(problems: tuple[Problem, ...], p: Problem) -> tuple[int, int]:
    """Errors and warnings together: file by file as the loader listed them, then by line."""
    files = list(dict.fromkeys(q.file for q in problems))
    return files.index(p.file), p.line or 0


def _singular(kind: str) -> str:
    from hollowcli.pack.validate import SINGULAR

    return SINGULAR[kind]


@content.command(name="list")
@click.argument("kind", required=False, shell_complete=completion.kinds)
@json_option
@content_option
def list_(kind: str | None, as_json: bool, content_dirs: tuple[Path, ...]) -> None:
    """List entries: id, name and the pack each came from.

    KIND is one of dice, legends, allies, skills, items, foes, tokens, rules, chapters
    (default: all).
    Entries whose numbers are not from a real box say "sample values".

    \b
    Examples:
      hollow content list
      hollow content list foes
      hollow content list chapters --json --content my-box
    """
    from hollowcli.pack.export import entries
    from hollowcli.pack.model import KINDS

    kinds = [_kind(kind)] if kind else list(KINDS)
    pack = _load(content_dirs)
    table = {k: entries(pack, k) for k in kinds}
    if as_json:
        emit_json(table)
        return
    first = True
    for k, rows in table.items():
        if not first:
            echo()
        first = False
        echo(style(f"{k} ({len(rows)})", bold=True))
        if not rows:
            echo("  (none)")
        w_id = max((len(r["id"]) for r in rows), default=0)
        w_name = max((len(r["name"]) for r in rows), default=0)
        if k == "chapters":  # listed in storybook order, numbered
            for r in rows:
                r["name"] = f"{r['number']:>2}. {r['name']}"
            w_name = max((len(r["name"]) for r in rows), default=0)
        for r in rows:
            tail = f"{r['pack']}" + (", sample values" if r["sample"] else "")
            echo(f"  {r['id']:<{w_id}}  {r['name']:<{w_name}}  {style(tail, dim=True)}")


@content.command()
@click.argument("kind", shell_complete=completion.kinds)
@click.argument("ident", metavar="ID", required=False, shell_complete=completion.entry_ids)
@json_option
@content_option
def show(kind: str, ident: str | None, as_json: bool, content_dirs: tuple[Path, ...]) -> None:
    """Show every field of one entry.

    KIND is one of dice, legends, allies, skills, items, foes, tokens, rules, chapters
    (singular works too); ID is the entry's id (not needed for rules), or a chapter's number.

    \b
    Examples:
      hollow content show foe gobkin
      hollow content show chapters schoolhouse --json
      hollow content show chapter 1
      hollow content show rules
    """
    from hollowcli.names import find_chapter, find_id
    from hollowcli.pack.export import jsonable, to_text
    from hollowcli.pack.validate import SINGULAR

    k = _kind(kind)
    pack = _load(content_dirs)
    entries = pack.kind(k)
    if k == "rules":
        ident = "rules"
    if ident is None:
        raise MissingValue(f"say which {SINGULAR[k]} to show, e.g. 'hollow content show {k} {next(iter(entries), 'ID')}' "
                         f"('hollow content list {k}' lists them)")
    # Forgiving, like the table commands: an id, a name, a plural or a unique prefix (a
    # chapter also by its number, as everywhere).
    if k == "chapters":
        ident = find_chapter(pack.chapters, ident).id
    else:
        ident = find_id(SINGULAR[k], ident, entries, lambda e: str(getattr(e, "name", "")))
    key = f"{k}/{ident}"
    data = jsonable(entries[ident])
    sample = bool(pack.sample.get(key, False))
    origin = pack.origins.get(key, "built-in")
    words = {h: lines for h, lines in _chapter_words(pack, entries[ident]).items() if lines} if k == "chapters" else {}
    if as_json:
        emit_json({"kind": k, "id": ident, "pack": origin, "sample": sample, "entry": data}
                  | ({"in_words": words} if words else {}))
        return
    title = "rules" if k == "rules" else f"{SINGULAR[k]} {ident}"
    echo(style(title, bold=True) + f"  (from {origin}" + (", sample values)" if sample else ")"))
    rows = data.pop("map", None) if isinstance(data, dict) else None
    if k == "dice":  # one line, as --rolled and 'hollow roll' name the faces
        faces = data.pop("faces")
        data["faces"] = ", ".join(
            f["label"] if f["label"] == str(f["value"]) else f"{f['label']} ({f['value']})" for f in faces
        )
    for line in to_text(data):
        echo(line)
    if rows:
        echo("map:")
        for row in rows:
            echo("  " + row)
    if words:
        import textwrap
    for heading, lines in words.items():
        echo(style(f"{heading} (in words):", bold=True))
        for line in lines:
            for part in textwrap.wrap(line, width=78, initial_indent="  ", subsequent_indent="    ",
                                      break_on_hyphens=False):
                echo(part)


def _chapter_words(pack: Any, chapter: Any) -> dict[str, list[str]]:
    """A chapter's script in plain words: the tokens placed at setup, each with what its
    kind does, and its events in file order (trigger, conditions, effects, once or not, and
    the text it reads out)."""
    from hollowcli.pack.effects import EFFECTS
    from hollowcli.pack.script import event_words
    from hollowcli.pack.tokens import kind_words
    from hollowcli.pack.vocab import Effect
    from hollowcli.pack.words import plain

    tokens = []
    for tp in chapter.setup.tokens:
        kind = pack.tokens.get(tp.token)
        where = plain(EFFECTS[Effect.PLACE].words(pack, tp)).removeprefix("Place a ")
        own = ", ".join(pack.items[i].name if i in pack.items else i for i in tp.finds)
        does = kind_words(pack, kind).removeprefix(f"{kind.name}: ") if kind is not None else ""
        tokens.append(where + (f", holding {own}" if own else "") + (f": {does}" if does else ""))
    events = [f"{ev.id}: {plain(event_words(pack, chapter, ev))}" + (f" Text: {plain(ev.text)}" if ev.text else "")
              for ev in chapter.events]
    return {"tokens": tokens, "events": events}


@content.command()
@click.argument("folder", type=click.Path(path_type=Path), metavar="DIR")
@json_option
def init(folder: Path, as_json: bool) -> None:
    """Write a commented pack into DIR to transcribe your own box.

    Every kind gets one example entry and comments explaining each field; it validates
    as written. Existing files are never overwritten. Then edit the files and check
    them with 'hollow content validate DIR'.

    \b
    Examples:
      hollow content init my-box
      hollow content validate my-box
      hollow roll 3 --content my-box
    """
    from hollowcli.pack.scaffold import write_scaffold

    written = write_scaffold(folder)
    if as_json:
        emit_json({"folder": str(folder), "files": [str(path) for path in written]})
        return
    echo(f"Wrote {plural(len(written), 'file')} into {folder}:")
    for path in written:
        echo(f"  {path}")
    echo(f"Next: edit them, then run 'hollow content validate {folder}'.")
