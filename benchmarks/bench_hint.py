"""``hint`` speed: one answer per sample chapter, and a rollout's cost per step against a game's.

1. **Wall time of a hint.** For each built-in chapter, the first Legend-phase decision
   with a real choice of moves and attacks: the ``--auto`` policy activates its first
   Legend, and that activation's first decision is weighed, 5 candidates, at least
   ``--rollouts`` (default 200) rollouts for each that survives the pruning, over
   ``--jobs`` processes (default 2) of ``hollow simulate``'s pool, pool start included.
   Target: at most 3 s each on two idle cores with the compiled engine.
2. **Rollouts against games, per step.** A rollout is the rest of a game from a state; it
   must not pay for set-up it does not need. In this one process, CPU seconds per step
   played by the rollouts (the same hints, ``in_process``; the steps a rollout takes from
   another choice's same game are not played, and not counted) against CPU seconds per step of whole
   ``hollow simulate`` games (``run(job, jobs=1)``) of the same chapters. Target: a
   rollout step costs at most 1.3x a game step.

    python benchmarks/bench_hint.py                   # every chapter, 200 rollouts, 2 processes
    python benchmarks/bench_hint.py --rollouts 100 --json

The load average before the run is printed: on a shared machine the wall times say more
about the others than about us (the per-step ratio is in CPU seconds, so it holds).
Exit status 0 when both targets are met, else 1.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.append(str(REPO))

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.hint.candidates import top_candidates
from hollowcli.hint.estimate import estimate, in_process
from hollowcli.names import chapters_in_order
from hollowcli.simulate.run import Job, PiecePool, run

WALL_TARGET = 3.0
STEP_RATIO_TARGET = 1.3
CANDIDATES = 5


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def decision(pack: Any, chapter: str) -> Any:
    """The first decision inside the first activation the policy starts (seed 1)."""
    state = engine.new_game(pack, chapter)
    state, _ = engine.apply(state, engine.auto_action(state, random.Random(0)), random.Random(1))
    return state


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rollouts", type=int, default=200, help="rollouts for each candidate that survives")
    ap.add_argument("--jobs", type=int, default=2, help="processes for the wall-time hints")
    ap.add_argument("--games", type=int, default=60, help="simulate games per chapter for the per-step baseline")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    pack = get_pack(())
    chapters = [ch.id for ch in chapters_in_order(pack.chapters)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    run(Job(dirs=(), chapters=tuple(chapters), games=2, seed=10**6), 1, pack)  # byte code, caches
    rows = []
    for ch in chapters:
        state = decision(pack, ch)
        cands = top_candidates(state, CANDIDATES)
        start = time.perf_counter()
        ans = estimate(state, cands, args.rollouts, seed=0, runner=PiecePool(args.jobs))
        wall = time.perf_counter() - start
        rows.append({"chapter": ch, "candidates": len(cands), "wall_s": round(wall, 3),
                     "rollouts": sum(f.n for f in ans.ranked),
                     "survivors": sum(1 for f in ans.ranked if not f.pruned_at),
                     "survivor_rollouts": min(f.n for f in ans.ranked if not f.pruned_at),
                     "best": ans.best.candidate.command})
    # per step, in this process: the same hints' rollouts, and whole simulate games
    cpu0, steps_r, n_r, whole_r = _cpu(), 0, 0, 0
    for ch in chapters:
        state = decision(pack, ch)
        ans = estimate(state, top_candidates(state, CANDIDATES), args.rollouts, seed=0, runner=in_process)
        for f in ans.ranked:
            steps_r += sum(r.played for r in f.rollouts.values())  # (a rollout that joined another's game plays fewer)
            whole_r += sum(r.steps for r in f.rollouts.values())
            n_r += f.n
    cpu_r = _cpu() - cpu0
    cpu0 = _cpu()
    out = run(Job(dirs=(), chapters=tuple(chapters), games=args.games, seed=1), 1, pack)
    cpu_g = _cpu() - cpu0
    steps_g = sum(g.steps for res in out.results.values() for g in res)
    n_g = sum(len(res) for res in out.results.values())
    rollout_step = cpu_r / steps_r
    game_step = cpu_g / steps_g
    doc = {"compiled": engine.compiled(), "load_average": round(load, 2), "jobs": args.jobs,
           "rollouts_floor": args.rollouts, "hints": rows,
           "rollouts_per_cpu_s": round(n_r / cpu_r, 1), "rollout_steps_per_cpu_s": round(steps_r / cpu_r, 1),
           "rollout_steps_shared": round(1 - steps_r / whole_r, 3),
           "games_per_cpu_s": round(n_g / cpu_g, 1), "game_steps_per_cpu_s": round(steps_g / cpu_g, 1),
           "step_cost_ratio": round(rollout_step / game_step, 3)}
    wall_ok = all(r["wall_s"] <= WALL_TARGET for r in rows)
    ratio_ok = doc["step_cost_ratio"] <= STEP_RATIO_TARGET
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        print(f"engine {'compiled' if doc['compiled'] else 'in plain Python'}; load average {load:.2f} before the run; "
              f"{args.jobs} processes; at least {args.rollouts} rollouts per surviving candidate")
        for r in rows:
            print(f"  {r['chapter']:<14} {r['wall_s']:6.2f} s  {r['candidates']} candidates, {r['rollouts']} rollouts, "
                  f"{r['survivors']} survived ({r['survivor_rollouts']} each); best: {r['best']}")
        print(f"rollouts: {doc['rollouts_per_cpu_s']}/CPU s ({doc['rollout_steps_per_cpu_s']} steps played/CPU s; "
              f"{100 * doc['rollout_steps_shared']:.0f}% of the rollouts' steps taken from another choice's same game); "
              f"simulate: {doc['games_per_cpu_s']} games/CPU s ({doc['game_steps_per_cpu_s']} steps/CPU s)")
        print(f"a rollout step costs {doc['step_cost_ratio']:.2f}x a game step (target <= {STEP_RATIO_TARGET}): "
              f"{'met' if ratio_ok else 'NOT met'}; wall <= {WALL_TARGET} s: {'met' if wall_ok else 'NOT met'}")
    return 0 if wall_ok and ratio_ok else 1


if __name__ == "__main__":
    sys.exit(main())
