"""The shape of the house, measured from the source with ``ast`` (no import runs).

``tests/test_architecture.py`` holds the rules; this module measures. Run it by hand for
the whole picture::

    python tests/house.py            # every figure, and whether the rules hold

What is measured (docs/architecture.md explains why):

- **imports** between hollowcli modules: at module level, inside a function (lazy) and
  under ``if TYPE_CHECKING`` (typing). A lazy import is still a dependency, and a
  typing-only one still ties two modules' designs, so every one counts;
- **cycles**: groups of modules that import each other in a loop;
- **floors**: :data:`FLOORS` lists the rooms (module prefixes) floor by floor, ground
  first. A module may import its own room and any lower floor, never a higher floor and
  never another room of its own floor. A module no floor lists is an error: a new module
  is placed on purpose;
- **sizes**: classes over 400 lines, functions over 60, modules over 800;
- **kind literals**: an event or action kind spelled as text (``event(state, "trap")``,
  ``kind == "move"``) outside the modules that declare the words.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "hollowcli"
CLASS_LIMIT = 400
FUNCTION_LIMIT = 60
MODULE_LIMIT = 800
MAX_LONG_FUNCTIONS = 10

#: The floors, ground first. A room is a module prefix; the longest prefix that matches
#: places a module, and ``=name`` places that one module only (a package's face).
FLOORS: list[tuple[str, ...]] = [
    # ground: errors, files read with caps, names and words every layer shares
    ("=hollowcli", "hollowcli.errors", "hollowcli.resources", "hollowcli.tempfiles", "hollowcli.locations",
     "hollowcli.children"),
    ("hollowcli.names", "hollowcli.rulestext", "hollowcli.pack.files"),
    ("hollowcli.dice", "hollowcli.config", "hollowcli.intervals"),
    ("hollowcli.output",),
    # content: the words first, then the pack (model, checks, loader, cache)
    ("hollowcli.pack.vocab", "hollowcli.pack.words", "hollowcli.pack.fields"),
    ("hollowcli.pack",),
    # the engine, module by module: the words and the tricks, the state, then the rules
    ("hollowcli.engine.vocab", "hollowcli.engine.speed", "hollowcli.engine.resolve", "hollowcli.engine.rolls",
     "hollowcli.engine.geometry"),
    ("hollowcli.engine.growth",),  # a Legend grown by a campaign's changes (issue 19): pure, reads the pack model
    ("hollowcli.engine.state",),
    ("hollowcli.engine.standees",),
    ("hollowcli.engine.tokens",),  # chapter tokens (issue 18): core springs their traps, loadout reads bonuses
    ("hollowcli.engine.core", "hollowcli.engine.view"),
    ("hollowcli.engine.loadout", "hollowcli.engine.spawning"),
    ("hollowcli.engine.effects", "hollowcli.engine.objectives"),
    ("hollowcli.engine.actions", "hollowcli.engine.script"),  # script: a chapter's events (issue 18)
    ("hollowcli.engine.legend_phase", "hollowcli.engine.adversary", "hollowcli.engine.corrections"),
    ("hollowcli.engine.walks",),  # a walk the players name, matched against legend_phase's moves
    ("hollowcli.engine.game",),
    ("hollowcli.engine.policy", "hollowcli.engine.hints"),
    ("=hollowcli.engine",),  # the engine's face (lazy names): a new engine module is placed above it
    # what the engine serves: odds, print, saved games, then play
    ("hollowcli.odds", "hollowcli.render", "hollowcli.play.saves"),
    ("hollowcli.play",),
    # hint: the chance to win from here, by rollouts (the pool is handed in from above)
    ("hollowcli.hint",),
    ("hollowcli.table", "hollowcli.simulate"),
    # the command line
    ("hollowcli.commands", "=hollowcli.cli"),
    ("hollowcli.__main__",),
]

#: The modules that declare the game's words; a kind is spelled as text only there.
VOCABULARIES = ("hollowcli.engine.vocab", "hollowcli.pack.vocab")


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    line: int
    typing: bool
    lazy: bool

    def __str__(self) -> str:
        how = " (typing)" if self.typing else " (lazy)" if self.lazy else ""
        return f"{self.source}:{self.line} -> {self.target}{how}"


# ------------------------------------------------------------------------------ modules
@cache
def modules(root: Path = ROOT) -> dict[str, Path]:
    """Module name -> file, for every ``.py`` file of the package under ``root``."""
    out = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


@cache
def trees(root: Path = ROOT) -> dict[str, ast.Module]:
    return {name: ast.parse(path.read_text(encoding="utf-8"), str(path)) for name, path in modules(root).items()}


def _under_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _import_nodes(node: ast.AST, typing: bool = False, lazy: bool = False
                  ) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool, bool]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, typing, lazy
        elif isinstance(child, ast.If) and _under_type_checking(child):
            for sub in child.body:
                yield from _import_nodes(ast.Module(body=[sub], type_ignores=[]), True, lazy)
            for sub in child.orelse:
                yield from _import_nodes(ast.Module(body=[sub], type_ignores=[]), typing, lazy)
        else:
            inner = lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            yield from _import_nodes(child, typing, inner)


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The module that ``name`` (a module or a name inside one) belongs to."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


@cache
def imports(root: Path = ROOT) -> tuple[Import, ...]:
    """Every import of one package module by another. ``from X import y`` imports the
    module ``X.y`` when there is one, else ``X``."""
    known = modules(root)
    out = []
    for name, tree in trees(root).items():
        package = name.split(".") if known[name].name == "__init__.py" else name.split(".")[:-1]
        for node, typing, lazy in _import_nodes(tree):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    stem = package[: len(package) - (node.level - 1)]
                    base = ".".join(stem + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
            for target in targets:
                if target != PACKAGE and not target.startswith(PACKAGE + "."):
                    continue
                owner = _owner(target, known)
                if owner is not None and owner != name:
                    out.append(Import(name, owner, node.lineno, typing, lazy))
    return tuple(out)


# ------------------------------------------------------------------------------- graph
def cycles(edges: tuple[Import, ...] | list[Import]) -> list[list[str]]:
    """Groups of modules that import each other in a loop (strongly connected), sorted."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.source, set()).add(e.target)
        graph.setdefault(e.target, set())
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        order[v] = low[v] = len(order)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in order:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], order[w])
        if low[v] == order[v]:
            group = stack[stack.index(v):]
            del stack[stack.index(v):]
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in order:
            visit(v)
    return sorted(found)


def floor_of(module: str, floors: list[tuple[str, ...]] = FLOORS) -> tuple[int, str]:
    """(floor, room) of a module: the longest listed prefix; (-1, "") when none lists it."""
    best = (-1, "")
    for n, rooms in enumerate(floors):
        for room in rooms:
            exact, prefix = room.startswith("="), room.lstrip("=")
            if (module == prefix or (not exact and module.startswith(prefix + "."))) and len(prefix) > len(best[1]):
                best = (n, prefix)
    return best


def unplaced(names: list[str], floors: list[tuple[str, ...]] = FLOORS) -> list[str]:
    return sorted(m for m in names if floor_of(m, floors)[0] < 0)


def against_floors(edges: tuple[Import, ...] | list[Import], floors: list[tuple[str, ...]] = FLOORS) -> list[str]:
    """Each import from a lower floor to a higher one, or between two rooms of one floor."""
    bad = []
    for e in edges:
        (fa, ra), (fb, rb) = floor_of(e.source, floors), floor_of(e.target, floors)
        if fa < 0 or fb < 0:
            continue
        if fb > fa:
            bad.append(f"{e}: floor {fa} ({ra}) imports floor {fb} ({rb})")
        elif fb == fa and ra != rb:
            bad.append(f"{e}: {ra} and {rb} share floor {fa} and may not import each other")
    return sorted(set(bad))


# ------------------------------------------------------------------------------- sizes
def _lines(node: ast.AST) -> int:
    """From the ``def``/``class`` line to the last (a click command's decorators are not its body)."""
    return node.end_lineno - node.lineno + 1  # type: ignore[attr-defined, no-any-return]


def big_definitions(root: Path = ROOT) -> tuple[list[str], list[str]]:
    """(classes over CLASS_LIMIT lines, functions over FUNCTION_LIMIT), as ``module.Name lines``."""
    classes: list[tuple[int, str]] = []
    functions: list[tuple[int, str]] = []

    def walk(module: str, node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                is_class = isinstance(child, ast.ClassDef)
                if _lines(child) > (CLASS_LIMIT if is_class else FUNCTION_LIMIT):
                    (classes if is_class else functions).append((_lines(child), f"{module}.{prefix}{child.name}"))
                walk(module, child, f"{prefix}{child.name}.")
            else:
                walk(module, child, prefix)

    for name, tree in trees(root).items():
        walk(name, tree, "")
    return ([f"{q} {n}" for n, q in sorted(classes, key=lambda t: (-t[0], t[1]))],
            [f"{q} {n}" for n, q in sorted(functions, key=lambda t: (-t[0], t[1]))])


def big_modules(root: Path = ROOT) -> list[str]:
    out = []
    for name, path in modules(root).items():
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MODULE_LIMIT:
            out.append(f"{name} {n}")
    return sorted(out)


# ------------------------------------------------------------------------ kind literals
def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _enum_values(tree: ast.Module, enum: str) -> set[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == enum:
            return {v for s in node.body if isinstance(s, ast.Assign) and (v := _text(s.value)) is not None}
    return set()


def words(root: Path = ROOT) -> tuple[set[str], set[str]]:
    """(event kinds, action kinds): the values of the ``EventKind`` and ``Act`` enums."""
    events: set[str] = set()
    actions: set[str] = set()
    for tree in trees(root).values():
        events |= _enum_values(tree, "EventKind")
        actions |= _enum_values(tree, "Act")
    return events, actions


def _names_a_kind(node: ast.expr) -> bool:
    """``kind``, ``x.kind``, ``x["kind"]`` or ``x.kind.value``."""
    if isinstance(node, ast.Attribute):
        return node.attr == "kind" or (node.attr == "value" and _names_a_kind(node.value))
    if isinstance(node, ast.Name):
        return node.id == "kind"
    if isinstance(node, ast.Subscript):
        return _text(node.slice) == "kind"
    return False


def _strings(node: ast.expr) -> list[tuple[int, str]]:
    if (t := _text(node)) is not None:
        return [(node.lineno, t)]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [(e.lineno, t) for e in node.elts if (t := _text(e)) is not None]
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("frozenset", "set", "tuple") and node.args:
        return _strings(node.args[0])
    return []


def kind_literals(root: Path = ROOT) -> list[str]:
    """Event and action kinds spelled as text outside :data:`VOCABULARIES`: the kind of
    ``event(state, "x")``, a ``kind="x"`` keyword, a comparison with a kind, and a table
    (dict keys, or a tuple/list/set of two or more) whose strings are all action kinds."""
    events, actions = words(root)
    every = events | actions
    found: set[str] = set()
    for name, tree in trees(root).items():
        if name in VOCABULARIES:
            continue
        for node in ast.walk(tree):
            hits: list[tuple[int, str]] = []
            if isinstance(node, ast.Call):
                fn = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if fn == "event" and len(node.args) >= 2:
                    hits += _strings(node.args[1])
                for kw in node.keywords:
                    if kw.arg == "kind":
                        hits += [h for h in _strings(kw.value) if h[1] in every]
            elif isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_names_a_kind(s) for s in sides):
                    hits += [h for s in sides for h in _strings(s) if h[1] in every]
            elif isinstance(node, ast.Dict) or isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                heads = ([k for k in node.keys if k is not None] if isinstance(node, ast.Dict) else
                         [e.elts[0] if isinstance(e, ast.Tuple) and e.elts else e for e in node.elts])
                strs = [(h.lineno, t) for h in heads if (t := _text(h)) is not None]
                if len(strs) >= 2 and len(strs) == len(heads) and all(t in actions for _, t in strs):
                    hits += strs
            found |= {f"{name}:{line} {text!r}" for line, text in hits}
    return sorted(found)


def main() -> int:
    edges = imports()
    classes, functions = big_definitions()
    report = {
        "import cycles": [" <-> ".join(g) for g in cycles(edges)],
        "imports against the floors": against_floors(edges),
        "modules on no floor": unplaced(list(modules())),
        f"classes over {CLASS_LIMIT} lines": classes,
        f"functions over {FUNCTION_LIMIT} lines (at most {MAX_LONG_FUNCTIONS})": functions,
        f"modules over {MODULE_LIMIT} lines": big_modules(),
        "kinds spelled as text": kind_literals(),
    }
    for title, items in report.items():
        print(f"{title}: {len(items)}")
        for item in items:
            print(f"  {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
