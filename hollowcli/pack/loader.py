"""Load content packs: the built-in pack, then each user pack layered over it.

    pack = load_pack([Path("~/games/my-box").expanduser()])

A pack is a folder of ``*.yaml``/``*.yml`` files (subfolders too, except a top-level
``templates/`` folder, which holds the pack's jinja2 templates). Top-level keys are
kinds; a later pack's entry replaces an earlier one with the same id, and ``rules``
settings merge key by key. A pack whose files say ``replaces: [chapters, ...]`` drops
every earlier pack's entries of those kinds before its own are layered in. Every
problem of every file is collected and raised as one
:class:`~hollowcli.errors.ContentError`.

Speed: a validated, layered pack is cached as JSON (see :mod:`hollowcli.pack.cache`),
keyed on the size and modification time of every file, so a warm start reads one small
JSON file and never imports ``yaml``. Nothing heavy is imported at module level here.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from hollowcli import resources
from hollowcli.errors import ContentError, HollowError, Problem
from hollowcli.pack import cache

if TYPE_CHECKING:
    from pathlib import Path

    from hollowcli.pack.model import Pack
    from hollowcli.pack.validate import Entry, Replace

BUILTIN = "built-in"
_EXTS = (".yaml", ".yml")

PackFiles = list[tuple[str, str, int, int]]  # (relative name, path, size, mtime_ns)


def load_pack(dirs: Iterable[Path | str] = (), *, use_cache: bool = True, warnings: list[Problem] | None = None) -> Pack:
    """The built-in pack with each folder of ``dirs`` layered over it, in order.

    Raises :class:`HollowError` for a folder that does not exist and
    :class:`ContentError` (holding every problem, each with file and line) for content
    that does not validate. ``use_cache=False`` always reads and validates the YAML.
    Warnings (a flag tested that nothing sets...) never stop a pack: ``warnings``, when
    given, receives those of a validation (a pack read from the cache is not validated).
    """
    from hollowcli.pack import build  # imports the model: kept off the cached_data() path

    pack_dirs, listing, names = _listing(dirs)
    template_dirs = tuple(
        os.path.join(d, "templates") for d in reversed(pack_dirs) if os.path.isdir(os.path.join(d, "templates"))
    )
    caching = use_cache and cache.enabled()
    signature: list[Any] = []
    if caching:
        signature = _signature(listing)
        data = cache.read(names, signature)
        if data is not None:
            try:
                return build.pack(data, template_dirs)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                pass  # a damaged cache: validate afresh and rewrite it
    data = validate_packs(listing, warnings)
    if caching:
        cache.write(names, signature, data)
    return build.pack(data, template_dirs)


def _listing(dirs: Iterable[Path | str]) -> tuple[list[str], list[tuple[str, PackFiles]], list[str]]:
    pack_dirs = pack_folders(dirs)
    return pack_dirs, [(d, pack_files(d)) for d in pack_dirs], list(pack_dirs)


def _signature(listing: list[tuple[str, PackFiles]]) -> list[Any]:
    # Absolute folders: the same relative --content from another folder is another pack.
    return cache.code_stamp() + [[str(d), os.path.abspath(d), [[rel, size, mtime] for rel, _, size, mtime in files]]
                                 for d, files in listing]


def cached_data(dirs: Iterable[Path | str] = ()) -> dict[str, Any] | None:
    """The canonical (validated, layered) data of these packs if the cache is fresh, else None.

    For the table commands' fast start: imports neither yaml nor the model. A None means
    "call :func:`load_pack`" (which validates, reports problems and refreshes the cache).
    Raises like :func:`load_pack` for a missing folder.
    """
    _, listing, names = _listing(dirs)
    if not cache.enabled():
        return None
    return cache.read(names, _signature(listing))


def pack_folders(dirs: Iterable[Path | str]) -> list[str]:
    """The built-in content folder, then each user folder (checked, duplicates dropped).

    Strings, not Paths: this runs on every start (see resources.py).
    """
    out = [resources.content_path()]
    seen = {os.path.realpath(out[0])}
    for d in dirs:
        p = os.path.normpath(os.path.expanduser(os.fspath(d)))
        if not os.path.exists(p):
            raise HollowError(
                f"content folder {p} does not exist; check --content, HOLLOW_CONTENT and the 'content' "
                "list of the config file, or create it with 'hollow content init " + str(p) + "'"
            )
        if not os.path.isdir(p):
            raise HollowError(f"content folder {p} is a file, not a folder; give the folder that holds the pack's YAML files")
        real = os.path.realpath(p)
        if real not in seen:
            seen.add(real)
            out.append(p)
    return out


def pack_files(folder: str | Path) -> PackFiles:
    """Every YAML file of a pack, sorted, with its size and modification time.

    Subfolders are searched, except hidden ones and the pack's top-level ``templates/``.
    The search is bounded (:data:`~hollowcli.pack.files.MAX_PACK_ENTRIES` files and
    folders looked at, :data:`~hollowcli.pack.files.MAX_PACK_DEPTH` levels,
    :data:`~hollowcli.pack.files.MAX_PACK_BYTES` of YAML): a folder past a bound is no
    pack, and is refused in one sentence before anything is read.
    """
    from hollowcli.pack.files import MAX_PACK_BYTES, MAX_PACK_DEPTH, MAX_PACK_ENTRIES, not_a_pack

    # Plain strings and os.scandir: this runs on every start, cached or not.
    found: PackFiles = []
    top = str(folder)
    if not os.path.isdir(top):
        raise HollowError(f"content folder {folder} does not exist; reinstall hollowcli or check the folder")
    todo = [(top, "", 0)]
    looked = 0
    total = 0
    while todo:
        where, rel_dir, depth = todo.pop()
        try:
            with os.scandir(where) as entries:
                for entry in entries:
                    looked += 1
                    if looked > MAX_PACK_ENTRIES:
                        raise not_a_pack(top, f"it holds more than {MAX_PACK_ENTRIES:,} files and folders "
                                              "(hollow stopped looking there)")
                    name = entry.name
                    if name.startswith("."):
                        continue
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            if not (rel_dir == "" and name == "templates"):
                                if depth >= MAX_PACK_DEPTH:
                                    raise not_a_pack(top, f"its folders nest more than {MAX_PACK_DEPTH} levels deep "
                                                          f"({rel_dir}{name})")
                                todo.append((entry.path, f"{rel_dir}{name}/", depth + 1))
                            continue
                        if not name.endswith(_EXTS):
                            continue
                        st = entry.stat()
                    except OSError:
                        continue
                    total += st.st_size
                    if total > MAX_PACK_BYTES:
                        raise not_a_pack(top, f"its YAML files hold more than {MAX_PACK_BYTES:,} bytes of YAML")
                    found.append((rel_dir + name, entry.path, st.st_size, st.st_mtime_ns))
        except OSError:
            continue
    found.sort(key=lambda f: f[0])
    return found


def display_path(path: str | Path) -> str:
    """A file name for messages: relative to the working folder when inside it."""
    from pathlib import Path

    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def validate_packs(listing: list[tuple[str, PackFiles]], warnings: list[Problem] | None = None) -> dict[str, Any]:
    """Read, validate and layer packs into canonical data; raise every problem at once
    (warnings do not stop a pack: they go to ``warnings`` when given).

    Three steps: each pack's files are read and checked (:func:`_read_pack`), each pack is
    layered over the earlier ones (:func:`_layer`), and the layered pack is checked across
    its entries (:func:`_check_across`). Problems are listed file by file in load order,
    then by line."""
    from pathlib import Path

    from hollowcli.pack.yamlsrc import Budget

    problems: list[Problem] = []
    budget = Budget()  # what all the files together may expand to
    layers = _Layers()
    for index, (folder, files) in enumerate(listing):
        entries, replaces, given = _read_pack(index, folder, files, budget, problems)
        _layer(layers, index, folder, entries, replaces, given, problems)
    problems.extend(_check_across(layers, listing))
    if problems:
        # file by file in load order, then by line (cross-reference problems come last otherwise)
        order: dict[str, int] = {}
        for _, files in listing:
            for f in files:
                order.setdefault(display_path(Path(f[1])), len(order))
        problems.sort(key=lambda p: (order.get(p.file, len(order)), p.line or 0))
        if warnings is not None:
            warnings.extend(p for p in problems if p.warning)
        errors = [p for p in problems if not p.warning]
        if errors:
            raise ContentError(errors)
    return layers.canonical(listing)


class _Layers:
    """The packs layered so far: entries by kind and id, rules settings, where each came from."""

    def __init__(self) -> None:
        from hollowcli.pack.model import KINDS

        self.merged: dict[str, dict[str, Entry]] = {k: {} for k in KINDS if k != "rules"}
        self.rules: dict[str, Entry] = {}
        self.origins: dict[str, str] = {"rules/rules": BUILTIN}
        self.rules_sample = False
        #: (kind, id) of an earlier pack's entry -> the `replaces` that dropped it, and that pack's place
        self.dropped: dict[tuple[str, str], tuple[Replace, int]] = {}

    def canonical(self, listing: list[tuple[str, PackFiles]]) -> dict[str, Any]:
        """The layered pack as canonical data (what :mod:`hollowcli.pack.build` and the cache read)."""
        data: dict[str, Any] = {kind: {i: e.canon for i, e in entries.items()} for kind, entries in self.merged.items()}
        data["rules"] = {k: v for e in self.rules.values() for k, v in e.canon.items()}
        data["sources"] = [str(folder) for folder, _ in listing]
        sample = {f"{kind}/{i}": e.sample for kind, entries in self.merged.items() for i, e in entries.items()}
        sample["rules/rules"] = self.rules_sample
        data["sample"] = sample
        data["origins"] = self.origins
        return data


def _read_pack(index: int, folder: str, files: PackFiles, budget: Any,
               problems: list[Problem]) -> tuple[list[Entry], dict[str, Replace], set[str]]:
    """Every file of one pack checked: its entries (an id defined twice is a problem), the
    kinds its files list under ``replaces`` (each kind's first declaration) and the kinds
    its files give entries of."""
    from pathlib import Path

    from hollowcli.pack.validate import SINGULAR, FileChecker
    from hollowcli.pack.yamlsrc import Parsed, parse

    in_pack: dict[tuple[str, str], Entry] = {}
    pack_entries: list[Entry] = []
    replaces: dict[str, Replace] = {}  # kind -> its first declaration in this pack
    given: set[str] = set()
    for _rel, name, _size, _mtime in files:
        path = Path(name)
        shown = display_path(path)
        text = _read_file(path, shown, index, folder, problems)
        if text is None:
            continue
        parsed = parse(text, shown, budget) if text.strip() else Parsed(None)
        checker = FileChecker(parsed, shown)
        checker.check()
        problems.extend(checker.problems)
        given |= checker.kinds_given
        for decl in checker.replaces:
            replaces.setdefault(decl.kind, decl)
        for entry in checker.entries + checker.rules:
            key = (entry.kind, entry.id)
            first = in_pack.get(key)
            if first is not None:
                problems.append(Problem(
                    entry.file, entry.line,
                    f"the {SINGULAR[entry.kind]} {entry.id!r} is defined twice in this pack (first at {first.file}:{first.line})",
                    "a pack may define an id once; remove one of them or give it another id",
                ))
                continue
            in_pack[key] = entry
            entry.pack = index
            pack_entries.append(entry)
    return pack_entries, replaces, given


def _read_file(path: Path, shown: str, index: int, folder: str, problems: list[Problem]) -> str | None:
    """The text of one pack file, or None after saying why it was not read."""
    from hollowcli.pack.files import MAX_YAML_BYTES, is_inside, read_capped

    if index and not is_inside(path, folder):  # (the built-in pack may be installed as links)
        problems.append(Problem(shown, None, f"this file leads outside its pack folder {folder} (to "
                                f"{os.path.realpath(path)}), so it was not read",
                                "a pack may only use files inside its own folder: copy the file into the "
                                "pack instead of linking it"))
        return None
    if not os.path.isfile(path):  # a FIFO or a device would block or never end
        problems.append(Problem(shown, None, "this is not a regular file", "replace it with a YAML text file"))
        return None
    try:
        raw = read_capped(path, MAX_YAML_BYTES)
        if raw is None:
            problems.append(Problem(shown, None, f"this file is larger than {MAX_YAML_BYTES:,} bytes, the "
                                    "most one pack file may be", "split it into several files"))
            return None
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        problems.append(Problem(shown, None, f"this file is not UTF-8 text ({err.reason})", "save it as UTF-8"))
    except OSError as err:
        problems.append(Problem(shown, None, f"this file cannot be read ({err.strerror})", "check its permissions"))
    return None


#: A pack that replaces one of these kinds also drops the earlier packs' campaigns, upgrades
#: and life paths, which are built on the chapters, Legends, skills and items it dropped
#: (so ``replaces: [chapters]`` over the built-in content leaves no Long Autumn naming
#: chapters that are gone); the pack may define its own.
CAMPAIGN_BASE: Final = frozenset({"chapters", "legends", "skills", "items"})
CAMPAIGN_KINDS: Final = ("campaigns", "upgrades", "paths")


def _layer(layers: _Layers, index: int, folder: str, entries: list[Entry], replaces: dict[str, Replace],
           given: set[str], problems: list[Problem]) -> None:
    """One pack over the earlier ones: the kinds it replaces are dropped first, then its
    entries replace those of the same id, and its rules settings merge key by key."""
    origin = BUILTIN if index == 0 else str(folder)
    for kind, decl in replaces.items():
        if kind not in given:
            problems.append(Problem(decl.file, decl.line,
                                    f"'replaces' lists {kind}, but this pack defines no {kind} of its own",
                                    f"add your {kind}, or take {kind} out of the list (as it is, "
                                    f"the pack would have no {kind} at all)"))
        for ident in layers.merged[kind]:
            layers.dropped[(kind, ident)] = (decl, index)
            layers.origins.pop(f"{kind}/{ident}", None)
        layers.merged[kind] = {}
    if CAMPAIGN_BASE & set(replaces):  # a campaign is built on them: the earlier ones go too
        decl = next(replaces[k] for k in replaces if k in CAMPAIGN_BASE)
        for kind in CAMPAIGN_KINDS:
            if kind in replaces:
                continue
            for ident in layers.merged[kind]:
                layers.dropped[(kind, ident)] = (decl, index)
                layers.origins.pop(f"{kind}/{ident}", None)
            layers.merged[kind] = {}
    for entry in entries:
        if entry.kind == "rules":
            before = layers.rules.get(entry.id)
            if entry.id == "settings" and before is not None:
                entry.canon = {"settings": {**before.canon["settings"], **entry.canon["settings"]}}
            layers.rules[entry.id] = entry
            layers.rules_sample = layers.rules_sample or entry.sample
            layers.origins["rules/rules"] = origin
        else:
            layers.merged[entry.kind][entry.id] = entry
            layers.origins[f"{entry.kind}/{entry.id}"] = origin


def _check_across(layers: _Layers, listing: list[tuple[str, PackFiles]]) -> list[Problem]:
    """The checks of the layered pack: references, each entry's later checks, chapter
    numbers, the foes' supplies, and the dice the default rules name."""
    from dataclasses import MISSING, fields

    from hollowcli.pack.model import Rules
    from hollowcli.pack.validate import duplicate_chapter_numbers, too_many_foes

    problems: list[Problem] = []
    final_rules: dict[str, Any] = {f.name: f.default for f in fields(Rules) if f.default is not MISSING}
    for entry in layers.rules.values():
        final_rules.update(entry.canon)
    survivors = [e for kind in layers.merged.values() for e in kind.values()] + list(layers.rules.values())
    for entry in survivors:
        problems.extend(_references(layers, entry))
        for check in entry.checks:
            problems.extend(check(layers.merged, final_rules))
    problems.extend(duplicate_chapter_numbers(layers.merged["chapters"]))
    problems.extend(too_many_foes(layers.merged["foes"]))
    for setting, default in (("spawn_die", "d6"), ("attack_die", "attack")):
        if setting not in layers.rules and default not in layers.merged["dice"]:
            problems.append(Problem(display_path(listing[0][0]), None,
                                    f"no pack defines the die {default!r}, which rules.{setting} uses by default",
                                    f"add a '{default}' die, or set {setting} under rules"))
    return problems


def _references(layers: _Layers, entry: Entry) -> list[Problem]:
    """A problem for each reference of an entry to no entry of the layered pack (saying
    which ``replaces`` dropped it, if one did), or to an item that is not a relic."""
    from hollowcli.names import suggest
    from hollowcli.pack.validate import SINGULAR

    problems = []
    for ref in entry.refs:
        target = layers.merged[ref.kind].get(ref.id)
        if target is None:
            noun = SINGULAR[ref.kind]
            gone = layers.dropped.get((ref.kind, ref.id))
            if gone is None:
                hint = suggest(ref.id, layers.merged[ref.kind], noun)
            else:
                decl, by = gone
                also = ""  # an earlier pack's entry still names it: the pack that dropped it can override that too
                if entry.pack < by:
                    also = "set this rule in that pack too, " if entry.kind == "rules" else "replace this entry in that pack too, "
                hint = (f"{ref.id!r} was dropped with the earlier {ref.kind} by 'replaces' ({decl.file}:{decl.line}); "
                        f"{also}give that pack a {noun} {ref.id!r}, or take {ref.kind} out of 'replaces'")
            problems.append(Problem(ref.file, ref.line, f"{ref.what} names the unknown {noun} {ref.id!r}", hint))
        elif ref.need_relic and target.canon.get("kind") != "relic":
            problems.append(Problem(ref.file, ref.line, f"{ref.what} names {ref.id!r}, which is an item, not a relic",
                                    f"give {ref.id!r} 'kind: relic', or list it under inventory instead"))
    return problems
