"""The bytes of everything ``hollow print`` and ``hollow simulate --report`` write, as sha256 digests.

A refactor of the print code must not change one byte of a PDF. Run this before the change
and after it, and compare::

    python benchmarks/print_digest.py > before.txt        # on the old code
    python benchmarks/print_digest.py --check before.txt  # on the new code: exit 1 on any difference

It prints one line per file, ``<sha256>  <case>/<file>``, for:

- ``hollow print kit`` on Letter and on A4, mixed (cards.pdf) and ``--no-mix``: every file;
- ``hollow print setup|deck|spawn 1``, ``print cards``, ``print reference`` and
  ``print duplex-test``, and ``hollow print setup 1 --scale play``, on both papers;
  ``print reference --size tarot --preview`` (the PNG too); the other layouts (fold,
  short-edge and no backs, bleed, dark and plain backs, gutters, cut lines, mini and tarot
  cards, a back offset); a pack with a template of its own and a text cut short;
- ``hollow simulate --games 40 --seed 7 --report`` (all chapters) on both papers, alone
  (with ``--preview``) and ``--against`` a small pack (a weaker Headless Horseman)
  written for the purpose;
- ``hollow print campaign autumn`` on both papers: the party sheet of a fixed layout-6
  campaign file (``tests/saves/party-autumn.json``, four grown Legends and a chapter log,
  over ``tests/packs/campaign``). A hollow that has no ``print campaign`` (older than
  issue 19) skips it and says so.

``--repo DIR`` measures another checkout of hollowcli (its folder goes first on the
module path), ``--python EXE`` another interpreter (a regular, compiled install).
The config file is an empty one, so the defaults of the code are what is measured.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (case name, hollow arguments); every case runs on both papers.
PRINT_CASES: list[tuple[str, list[str]]] = [
    ("kit", ["print", "kit"]),
    ("kit-no-mix", ["print", "kit", "--no-mix"]),
    ("setup-1", ["print", "setup", "1"]),
    ("setup-1-play", ["print", "setup", "1", "--scale", "play"]),
    ("deck-1", ["print", "deck", "1"]),
    ("spawn-1", ["print", "spawn", "1"]),
    ("cards", ["print", "cards"]),
    ("reference", ["print", "reference"]),
    ("duplex-test", ["print", "duplex-test"]),
    ("reference-preview", ["print", "reference", "--size", "tarot", "--preview"]),
    # the other layouts: fold and short-edge backs, no backs, bleed, dark backs, gutters, cut
    # lines, card sizes, a back offset
    ("cards-fold-mini", ["print", "cards", "--backs", "fold", "--size", "mini"]),
    ("deck-1-short-bleed-dark", ["print", "deck", "1", "--backs", "short", "--bleed", "3", "--backs-style", "dark"]),
    ("reference-none-gutter", ["print", "reference", "--backs", "none", "--gutter", "2", "--cut-lines"]),
    ("kit-tarot-offset", ["print", "kit", "--size", "tarot", "--back-offset", "1.5,-0.5", "--backs-style", "plain"]),
    # a pack with a template of its own (run in a child process) and a text too long for its card
    ("cards-pack", ["print", "cards", "--content", "{pack}"]),
]
#: The party sheet's case: a fixed campaign file (copied into the measured HOLLOW_HOME) and its content.
CAMPAIGN_FILE = ROOT / "tests" / "saves" / "party-autumn.json"
CAMPAIGN_CASE = ["print", "campaign", "autumn", "--content", str(ROOT / "tests" / "packs" / "campaign")]
PAPERS = ("letter", "a4")
SIMULATE = ["simulate", "--games", "40", "--seed", "7", "--jobs", "2"]

#: The pack of the ``cards-pack`` case: an item whose text is cut short on its card, and a foe
#: template of its own.
LONG_ITEM = ("items:\n  long-tale:\n    name: Long Tale\n    kind: item\n    text: \""
             + " ".join(["The dark leans in and the lantern shrinks."] * 60) + "\"\n")
OWN_FOE_TEMPLATE = "@band foe\n@title {{ foe.name|upper }}\n@body\n**Attack:** {{ foe.attack|attack(short=true) }}\n"

#: The pack layered by the ``--against`` case: only the Headless Horseman changes.
WEAKER_HORSEMAN = (
    "foes:\n  headless-horseman:\n    name: The Headless Horseman\n    class: boss\n    health: 3\n"
    "    defense: 0\n    move: 4\n    attack: {dice: 1, direct: 0, range: 1}\n    target: closest\n"
    "    supply: 1\n    text: A tired old rider.\n"
)


def _env(repo: Path, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOLLOW_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(repo), os.environ.get("PYTHONPATH", "")]))
    config = home / "config.toml"
    config.write_text("", encoding="utf-8")
    env.update(HOLLOW_CONFIG=str(config), HOLLOW_HOME=str(home / "home"), NO_COLOR="1")
    return env


def _hollow(python: str, args: list[str], env: dict[str, str], cwd: Path, optional: bool = False) -> bool:
    """Run hollow; False when ``optional`` and this hollow does not have the command."""
    proc = subprocess.run([python, "-m", "hollowcli", *args], env=env, cwd=cwd, capture_output=True, text=True,
                          check=False)
    if optional and proc.returncode == 2 and "No such command" in proc.stderr:
        print(f"skipped: this hollow has no 'hollow {' '.join(args[:2])}'", file=sys.stderr)
        return False
    if proc.returncode != 0:
        raise SystemExit(f"hollow {' '.join(args)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return True


def _digests(folder: Path, case: str) -> list[str]:
    return [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {case}/{p.name}"
            for p in sorted(folder.iterdir()) if p.is_file()]


def digests(repo: Path, python: str) -> list[str]:
    """Every digest line, in a fixed order."""
    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="print-digest-") as tmp:
        work = Path(tmp)
        env = _env(repo, work)
        pack = work / "own-pack"
        (pack / "templates").mkdir(parents=True)
        (pack / "items.yaml").write_text(LONG_ITEM, encoding="utf-8")
        (pack / "templates" / "foe.card.j2").write_text(OWN_FOE_TEMPLATE, encoding="utf-8")
        where = subprocess.run([python, "-c", "import hollowcli; print(hollowcli.__file__)"], env=env, cwd=work,
                               capture_output=True, text=True, check=True).stdout.strip()
        print(f"measuring {where}", file=sys.stderr)
        for paper in PAPERS:
            for case, args in PRINT_CASES:
                out = work / paper / case
                out.parent.mkdir(exist_ok=True)
                args = [a.replace("{pack}", str(pack)) for a in args]
                _hollow(python, [*args, "--paper", paper, "--out", str(out)], env, work)
                lines += _digests(out, f"{paper}/{case}")
        campaigns = work / "home" / "campaigns"
        campaigns.mkdir(parents=True)
        (campaigns / "autumn.json").write_bytes(CAMPAIGN_FILE.read_bytes())
        for paper in PAPERS:
            out = work / paper / "campaign"
            if _hollow(python, [*CAMPAIGN_CASE, "--paper", paper, "--out", str(out)], env, work, optional=True):
                lines += _digests(out, f"{paper}/campaign")
        weak = work / "weaker-horseman"
        weak.mkdir()
        (weak / "foes.yaml").write_text(WEAKER_HORSEMAN, encoding="utf-8")
        for paper in PAPERS:
            for case, extra in (("simulate", ["--preview"]), ("simulate-against", ["--against", str(weak)])):
                out = work / paper / case
                out.mkdir(parents=True)
                _hollow(python, [*SIMULATE, *extra, "--paper", paper, "--report", str(out / "report.pdf")], env,
                        work)
                lines += _digests(out, f"{paper}/{case}")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    ap.add_argument("--python", default=sys.executable, help="the interpreter to run hollow with")
    ap.add_argument("--check", type=Path, default=None, metavar="FILE",
                    help="compare with digests printed before; exit 1 on any difference")
    args = ap.parse_args()
    lines = digests(args.repo.resolve(), args.python)
    if args.check is None:
        print("\n".join(lines))
        return 0
    before = [ln for ln in args.check.read_text(encoding="utf-8").splitlines() if ln.strip()]
    if before == lines:
        print(f"identical: {len(lines)} files")
        return 0
    old, new = set(before), set(lines)
    for ln in before:
        if ln not in new:
            print(f"- {ln}")
    for ln in lines:
        if ln not in old:
            print(f"+ {ln}")
    print(f"DIFFERENT: {len(old - new)} of {len(before)} files changed or missing")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
