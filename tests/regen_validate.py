"""The validator's message corpus, and the pack cache data, recorded from the code.

``tests/golden/validate/`` holds bad packs, each a case:

* ``NAME.yaml``: a pack of that one file;
* ``NAME/``: a pack folder (several files, subfolders);
* ``builtin-NAME/``: a folder that stands in for the built-in pack (for the problems only
  the built-in pack can cause);
* the cases of :data:`MADE`, built by code because git cannot hold them (a link leading
  out of the pack, a FIFO, a file too large, folders nested too deep).

``NAME.out`` is what ``hollow content validate`` prints for the case, exactly: its
standard output, its standard error and its exit status. The temporary folder the case
is copied into is written ``<tmp>`` and the built-in pack's folder ``<built-in>``.
``tests/test_pack_messages.py`` compares every case with its ``.out`` exactly, so a
change to any message's words, file, line or order shows there.

``cache/NAME.json`` is the canonical pack data (what the pack cache stores under
``"data"``) of the built-in pack and of the test packs of :data:`CACHED`, with the
folders written as above (the tests folder as ``<tests>``): it must stay byte-identical
too. ``cache/NAME.pack.txt`` is the frozen pack built from that data, as a warm start
builds it, printed field by field (so a builder that made a list of a tuple shows).

    python tests/regen_validate.py             # rewrite every .out and cache file
    python tests/regen_validate.py --check     # only report which differ (exit 1 if any)
    python tests/regen_validate.py --coverage  # also list message calls no case reaches

Regenerate only for a deliberate change to what validation says, and review the diff.
"""

from __future__ import annotations

import ast
import json
import os
import pprint
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from unittest import mock

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "golden" / "validate"
CACHE = CORPUS / "cache"
ROOT = HERE.parent


def _link_outside(pack: Path, tmp: Path) -> None:
    (tmp / "elsewhere.yaml").write_text("skills:\n  far: {name: Far, cost: 1}\n")
    (pack / "linked.yaml").symlink_to(tmp / "elsewhere.yaml")
    (pack / "inside.yaml").write_text("skills:\n  near: {name: Near, cost: x}\n")
    (pack / "link-inside.yaml").symlink_to(pack / "inside.yaml")


def _fifo(pack: Path, tmp: Path) -> None:
    os.mkfifo(pack / "pipe.yaml")
    (pack / "after.yaml").write_text("skills:\n  after: {name: After, cost: x}\n")


def _too_large(pack: Path, tmp: Path) -> None:
    from hollowcli.pack.files import MAX_YAML_BYTES

    with open(pack / "big.yaml", "w") as fh:
        fh.write("# " + "x" * (MAX_YAML_BYTES - 1) + "\n")
    (pack / "small.yaml").write_text("skills:\n  small: {name: Small, cost: x}\n")


def _too_deep(pack: Path, tmp: Path) -> None:
    from hollowcli.pack.files import MAX_PACK_DEPTH

    deep = pack.joinpath(*[f"level{i}" for i in range(MAX_PACK_DEPTH + 1)])
    deep.mkdir(parents=True)
    (deep / "deep.yaml").write_text("skills: {}\n")


def _no_folder(pack: Path, tmp: Path) -> None:
    pack.rmdir()


def _a_file(pack: Path, tmp: Path) -> None:
    pack.rmdir()
    pack.write_text("skills: {}\n")


#: Cases built by code: name -> what to do to the empty pack folder (and the temporary folder).
MADE: dict[str, Callable[[Path, Path], None]] = {
    "made-link-outside": _link_outside,
    "made-fifo": _fifo,
    "made-too-large": _too_large,
    "made-too-deep": _too_deep,
    "made-no-folder": _no_folder,
    "made-a-file": _a_file,
}

#: Test packs whose canonical data is recorded (name -> folder), beside the built-in pack alone.
CACHED: dict[str, list[Path]] = {
    "built-in": [],
    "long-night-pack": [HERE / "golden" / "long-night-pack"],
    "saves-pack": [HERE / "saves" / "pack"],
    "saves-pack3": [HERE / "saves" / "pack3"],
    "campaign-pack": [HERE / "packs" / "campaign"],
}


def cases() -> list[str]:
    """Every case name, sorted."""
    names = {p.stem for p in CORPUS.glob("*.yaml")} | {p.name for p in CORPUS.iterdir() if p.is_dir() and p.name != "cache"}
    return sorted(names | set(MADE))


def _builtin() -> str:
    from hollowcli import resources

    return resources.content_path()


def _hide(text: str, tmp: Path, builtin: str) -> str:
    for folder, word in ((builtin, "<built-in>"), (os.path.realpath(builtin), "<built-in>"),
                         (str(tmp), "<tmp>"), (os.path.realpath(tmp), "<tmp>")):
        text = text.replace(folder, word)
    return text


def _run(args: list[str], cwd: Path, home: Path) -> tuple[int, str, str]:
    """``hollow ARGS`` in process, as the console script runs it: status, stdout, stderr."""
    from click.testing import CliRunner

    from hollowcli.cli import main

    home.mkdir(exist_ok=True)
    (home / "none.toml").write_text("")
    env = {"HOLLOW_HOME": str(home / "data"), "NO_COLOR": "1", "HOLLOW_CONTENT": None,
           "HOLLOW_CONFIG": str(home / "none.toml"), "XDG_CACHE_HOME": str(home / "cache"), "COLUMNS": "80"}
    before = os.getcwd()
    os.chdir(cwd)
    try:
        with CliRunner().isolation(env=env) as (out, err, _):
            try:
                main(args)
                code = 0
            except SystemExit as stop:
                code = int(stop.code or 0)
            return code, out.getvalue().decode(), err.getvalue().decode()
    finally:
        os.chdir(before)


def output(name: str) -> str:
    """What ``hollow content validate`` prints for one case, as recorded in ``NAME.out``."""
    with tempfile.TemporaryDirectory() as scratch:
        tmp = Path(scratch)
        pack = tmp / "pack"
        source = CORPUS / name
        if (CORPUS / f"{name}.yaml").exists():
            pack.mkdir()
            shutil.copyfile(CORPUS / f"{name}.yaml", pack / f"{name}.yaml")
        elif source.is_dir():
            shutil.copytree(source, pack, symlinks=True)
        else:
            pack.mkdir()
            MADE[name](pack, tmp)
        builtin = _builtin()
        if name.startswith("builtin-"):
            with mock.patch("hollowcli.resources.content_path", return_value=str(pack)):
                code, out, err = _run(["content", "validate"], tmp, tmp / "home")
            builtin = str(pack)
        else:
            code, out, err = _run(["content", "validate", "pack"], tmp, tmp / "home")
        text = f"{out}--- stderr\n{err}--- exit {code}\n"
        return _hide(text, tmp, builtin)


def cache_data(name: str) -> str:
    """The canonical data the pack cache stores for one of :data:`CACHED`, as JSON text."""
    from hollowcli.pack.loader import _listing, validate_packs

    _, listing, _ = _listing(CACHED[name])
    data = validate_packs(listing)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))  # as hollowcli.pack.cache.write
    for folder, word in ((_builtin(), "<built-in>"), (str(HERE), "<tests>")):
        text = text.replace(json.dumps(folder)[1:-1], word)
    return text + "\n"


def built(name: str) -> str:
    """The frozen pack that data builds (as a warm start reads it from the cache), as its repr:
    every field's value and type (tuples, read-only mappings, model classes)."""
    from hollowcli.pack import build

    pack = build.pack(json.loads(cache_data(name)))
    return pprint.pformat(pack, width=120, sort_dicts=False) + "\n"


def _expected() -> dict[Path, Callable[[], str]]:
    made: dict[Path, Callable[[], str]] = {CORPUS / f"{n}.out": (lambda n=n: output(n)) for n in cases()}  # type: ignore[misc]
    made.update({CACHE / f"{n}.json": (lambda n=n: cache_data(n)) for n in CACHED})  # type: ignore[misc]
    made.update({CACHE / f"{n}.pack.txt": (lambda n=n: built(n)) for n in CACHED})  # type: ignore[misc]
    return made


def message_calls() -> list[tuple[str, int, int]]:
    """Every call that reports a problem in the pack modules: (file, first line, last line)
    of the statement holding it (``add(...)``, ``Problem(...)``, ``problem(...)``)."""
    found = []
    for path in sorted((ROOT / "hollowcli" / "pack").glob("*.py")):
        tree = ast.parse(path.read_text())
        for stmt in ast.walk(tree):
            if not isinstance(stmt, ast.stmt) or isinstance(stmt, (ast.FunctionDef, ast.ClassDef, ast.If, ast.For,
                                                                     ast.While, ast.With, ast.Try)):
                continue
            for node in ast.walk(stmt):
                func = node.func if isinstance(node, ast.Call) else None
                name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
                if name in ("add", "Problem", "problem"):
                    found.append((str(path.relative_to(ROOT)), stmt.lineno, stmt.end_lineno or stmt.lineno))
                    break
    return sorted(set(found))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    hit: set[tuple[str, int]] = set()
    if "--coverage" in argv:
        pack_dir = str(ROOT / "hollowcli" / "pack")

        def tracer(frame, event, arg):  # type: ignore[no-untyped-def]
            if event == "line" and frame.f_code.co_filename.startswith(pack_dir):
                hit.add((os.path.relpath(frame.f_code.co_filename, ROOT), frame.f_lineno))
            return tracer

        sys.settrace(tracer)
    differ = []
    CACHE.mkdir(exist_ok=True)
    for path, make in _expected().items():
        text = make()
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            differ.append(path)
            if not check:
                path.write_text(text, encoding="utf-8")
        print(f"{'differs' if old != text else 'same   '}  {path.relative_to(ROOT)}")
    sys.settrace(None)
    if "--coverage" in argv:
        missed = [(f, a, b) for f, a, b in message_calls() if not any((f, n) in hit for n in range(a, b + 1))]
        print(f"{len(missed)} message calls no case reaches:")
        for f, a, _ in missed:
            print(f"  {f}:{a}")
    return 1 if check and differ else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
