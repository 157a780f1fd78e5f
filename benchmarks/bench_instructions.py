"""Instructions per ``--auto`` step, counted by valgrind's callgrind: a measure of engine
speed that does not move with the machine's load (the development machine is shared, and
timings there move by more than the differences issue 18 asks about).

For each chapter, each side plays one warm-up game and then ``--games`` seeded games in one
process; a second process plays the warm-up alone. The difference of the two processes'
instruction counts, divided by the steps of the measured games, is the side's cost of one
step (start-up, imports and the pack's loading cancel out). Two sides make a ratio: another
interpreter (a regular install of another checkout: ``--baseline-python``), or the same
one with another content folder (``--baseline-content``), e.g. a scripted chapter against
its unscripted copy:

    python benchmarks/bench_instructions.py --content builtin \\
        --baseline-content benchmarks/packs/unscripted schoolhouse covered-bridge

    python benchmarks/bench_instructions.py --content benchmarks/packs/unscripted \\
        --baseline-python /tmp/old/bin/python --baseline-bench /tmp/old-src/benchmarks

Each interpreter must import the ``hollowcli`` to measure (a regular install is compiled
with mypyc, as users get it). Run it once before measuring, so that byte-code caches and
the pack cache are written outside the count (``--warm`` does that). About 20 s per process
under valgrind. ``PYTHONHASHSEED=0`` makes the counts repeat exactly.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: The program each side runs: a warm-up game, then ``n`` seeded games (bench_play's games).
PLAYER = """
import dataclasses, sys
sys.path.insert(0, {bench!r})
from bench_play import play_to_end
from hollowcli.commands.common import get_pack
content, chapter, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
pack = dataclasses.replace(get_pack(() if content == "builtin" else (content,)))
play_to_end(pack, chapter, 0)
print(sum(play_to_end(pack, chapter, seed)[0] for seed in range(1, n + 1)))
"""


def count(python: str, bench: str, content: str, chapter: str, games: int) -> tuple[int, int]:
    """(steps played, instructions) of one process under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-c",
             PLAYER.format(bench=bench), content, chapter, str(games)],
            capture_output=True, text=True, env=env, cwd=tmp, check=False)
        if run.returncode != 0:
            raise SystemExit(f"{python} failed on {chapter}: {run.stderr.strip().splitlines()[-1:]}")
        totals = next(line for line in out.read_text().splitlines() if line.startswith(("summary:", "totals:")))
        return int(run.stdout.split()[-1]), int(totals.split()[1])


def per_step(python: str, bench: str, content: str, chapter: str, games: int) -> tuple[int, float]:
    """(steps, instructions per step) of ``games`` games, start-up subtracted."""
    _, idle = count(python, bench, content, chapter, 0)
    steps, busy = count(python, bench, content, chapter, games)
    return steps, (busy - idle) / steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("chapters", nargs="+")
    ap.add_argument("--python", default=sys.executable, help="the interpreter measured (default: this one)")
    ap.add_argument("--content", default="builtin", help="'builtin' or a pack folder layered over it")
    ap.add_argument("--baseline-python", default=None, help="the baseline's interpreter (default: --python)")
    ap.add_argument("--baseline-content", default=None, help="the baseline's content (default: --content)")
    ap.add_argument("--baseline-bench", default=str(HERE),
                    help="the baseline checkout's benchmarks folder (its bench_play.play_to_end)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--warm", action="store_true", help="run each side once first (byte-code and pack caches)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    base_py = args.baseline_python or args.python
    base_content = args.baseline_content or args.content
    rows = []
    for chapter in args.chapters:
        if args.warm:
            count(args.python, str(HERE), args.content, chapter, 0)
            count(base_py, args.baseline_bench, base_content, chapter, 0)
        steps, cost = per_step(args.python, str(HERE), args.content, chapter, args.games)
        bsteps, bcost = per_step(base_py, args.baseline_bench, base_content, chapter, args.games)
        rows.append({"chapter": chapter, "steps": steps, "per_step": round(cost),
                     "baseline_steps": bsteps, "baseline_per_step": round(bcost), "ratio": round(cost / bcost, 3)})
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            same = "the same games" if r["steps"] == r["baseline_steps"] else f"{r['baseline_steps']} steps in the baseline"
            print(f"{r['chapter']:<16} {r['per_step']:>8,} instructions/step against {r['baseline_per_step']:>8,} "
                  f"({r['steps']} steps, {same}): ratio {r['ratio']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
