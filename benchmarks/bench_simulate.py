"""``hollow simulate`` speed: games per second per core, and what a second process buys.

1. Games/s/core: whole ``--auto`` games of every built-in chapter in turn, in this one
   process (``run(job, jobs=1)``: the exact code a ``--jobs 1`` run uses), counted per
   CPU second so that other work on the machine does not lower it. Target 200.
2. The ``--jobs 2`` speed-up: the same 2,000 games (default) with ``--jobs 1`` and then
   ``--jobs 2``, wall clock, including starting the worker processes and loading the
   pack in each. Target at least 1.7x on two idle cores. The two runs must give the same
   figures (they are compared).

    python benchmarks/bench_simulate.py                  # 2,000 games
    python benchmarks/bench_simulate.py --games 600 --json

The load average before the run is printed: on a machine other people are using, the
speed-up says more about them than about us (both cores must be idle for 2x).
Exit status 0 when both targets are met, else 1.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# The installed package when there is one (a regular install runs the compiled engine),
# else the checkout's source.
sys.path.append(str(REPO))

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.names import chapters_in_order
from hollowcli.simulate.report import document
from hollowcli.simulate.run import Job, run

PER_CORE_TARGET = 200.0
SPEEDUP_TARGET = 1.7


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(job: Job, jobs: int, pack: Any) -> tuple[float, float, dict[str, Any]]:
    """Wall clock and CPU seconds (workers included) of one run, and its figures."""
    start, cpu = time.perf_counter(), _cpu()
    out = run(job, jobs, pack if jobs == 1 else None)
    return time.perf_counter() - start, _cpu() - cpu, document(out, pack)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="games in the speed-up runs (split over the chapters)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    pack = get_pack(())
    chapters = tuple(ch.id for ch in chapters_in_order(pack.chapters))
    per_chapter = max(1, args.games // len(chapters))
    job = Job(dirs=(), chapters=chapters, games=per_chapter, seed=1)
    games = per_chapter * len(chapters)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    warm = Job(dirs=(), chapters=chapters, games=3, seed=10**6)
    run(warm, 1, pack)  # byte code, caches
    t1, c1, doc1 = timed(job, 1, pack)
    t2, c2, doc2 = timed(job, 2, pack)
    per_core = games / c1  # per CPU second: what one core does, however busy the machine
    per_wall = games / t1
    speedup = t1 / t2
    # On a busy machine the wall clock says little; the CPU the two runs used says how
    # much work a second process adds (starting it, loading the pack, the pipes).
    cpu_ratio = c2 / c1 if c1 else float("nan")
    same = doc1 == doc2
    ok_core = per_core >= PER_CORE_TARGET
    ok_speed = speedup >= SPEEDUP_TARGET
    fig = {
        "games": games,
        "chapters": list(chapters),
        "engine": "compiled (mypyc)" if engine.compiled() else "Python source",
        "load_average_before": round(load, 2),
        "cores": os.cpu_count(),
        "jobs1_seconds": round(t1, 2),
        "jobs2_seconds": round(t2, 2),
        "games_per_second_per_core": round(per_core, 1),
        "games_per_wall_second_jobs1": round(per_wall, 1),
        "jobs2_speedup": round(speedup, 2),
        "jobs1_cpu_seconds": round(c1, 2),
        "jobs2_cpu_seconds": round(c2, 2),
        "cpu_ratio": round(cpu_ratio, 3),
        "speedup_on_idle_cores_estimate": round(2 / cpu_ratio, 2),
        "same_figures": same,
        "per_core_target": PER_CORE_TARGET,
        "speedup_target": SPEEDUP_TARGET,
        "per_core_pass": ok_core,
        "speedup_pass": ok_speed,
    }
    if args.json:
        print(json.dumps(fig, indent=2))
    else:
        print(f"engine: {fig['engine']}")
        print(f"{games} games ({per_chapter} of each of {', '.join(chapters)}); load average before: {load:.2f} "
              f"on {os.cpu_count()} cores")
        print(f"  --jobs 1: {t1:6.2f} s  {per_core:7.1f} games per CPU second (per core; {per_wall:.1f} per wall "
              f"second)   target {PER_CORE_TARGET:.0f}: {'PASS' if ok_core else 'FAIL'}")
        print(f"  --jobs 2: {t2:6.2f} s  speed-up {speedup:4.2f}x           target {SPEEDUP_TARGET}x: "
              f"{'PASS' if ok_speed else 'FAIL'}"
              + ("" if load < 0.5 else "  (the cores were not idle: the speed-up is a lower bound)"))
        print(f"  CPU: --jobs 1 {c1:.2f} s, --jobs 2 {c2:.2f} s (workers included): x{cpu_ratio:.3f} work, "
              f"so about {2 / cpu_ratio:.2f}x on two idle cores")
        print(f"  same figures for --jobs 1 and 2: {'yes' if same else 'NO'}")
    return 0 if ok_core and ok_speed and same else 1


if __name__ == "__main__":
    sys.exit(main())
