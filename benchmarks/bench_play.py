"""Solo-play speed and memory.

1. Whole ``--auto`` chapters per second: every built-in chapter, several seeds, played
   by the engine's policy through :class:`hollowcli.play.session.Session` (the same code
   ``hollow play --auto`` runs), without disk writes, and then with the campaign saved at
   the end of each round as ``hollow play --auto`` does (atomic write + fsync). Speed is
   CPU time of this process (``time.process_time``: the machine is shared, wall time is
   printed beside it), of the fastest of ``--passes`` passes over the same games, each on
   a fresh copy of the pack, so no pass finds what an earlier one worked out (load from
   other work only slows a pass; the median is printed too). Target: at least 200
   chapters/s without saving (issue 7).
2. Memory of a long game stays flat: the test chapter ``long-night`` (200 rounds, in
   ``tests/golden/long-night-pack``) is played to round 50 and to round 200 under
   tracemalloc. The history is a list of short commands plus a bounded set of
   snapshots, so the peak must not grow with the world copied at every step.

    python benchmarks/bench_play.py               # 5 seeds per chapter
    python benchmarks/bench_play.py --seeds 20 --json
    python benchmarks/bench_play.py --content benchmarks/packs/unscripted

``--content DIR`` layers a pack folder over the built-in content and plays its chapters
instead (``benchmarks/packs/unscripted``: the four chapters as they were before chapter
scripting, to compare unscripted speed after the built-in chapters gain events).

Exit status 0 when memory stays flat (peak at 200 rounds < 1.5x the peak at 50) and the
speed target is met, else 1.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# The installed package when there is one (a regular install runs the compiled engine),
# else the checkout's source.
sys.path.append(str(REPO))

from hollowcli import engine
from hollowcli.commands.common import get_pack
from hollowcli.engine.rolls import policy_rng
from hollowcli.play import saves
from hollowcli.play.saves import GameRecord
from hollowcli.play.session import Session

LONG_PACK = REPO / "tests" / "golden" / "long-night-pack"
FLAT_LIMIT = 1.5
#: Whole --auto chapters per CPU second without saving (issue 7).
TARGET = 200.0


def play_to_end(pack: Any, chapter: str, seed: int, max_rounds: int = 100, save: bool = False) -> tuple[int, int]:
    """One whole --auto game; returns (steps, rounds)."""
    camp = saves.new_campaign(f"bench{seed}")
    rec = GameRecord(chapter, seed, engine.new_game(pack, chapter).to_dict())
    camp.game = rec
    saved = [0]

    def each_round(_rec: Any) -> None:  # as hollow play --auto: at a new round and at the end
        if sess.state.round != saved[0] or sess.state.result is not None:
            saved[0] = sess.state.round
            saves.save(camp)

    sess = Session(pack, rec, on_step=each_round if save else None)
    while engine.outcome(sess.state) is None and sess.state.round <= max_rounds:
        rng = policy_rng(seed, sess.step)
        sess.take(engine.auto_action(sess.state, rng))
    if save:
        saves.save(camp)
    return sess.step, sess.state.round


def speed(pack: Any, seeds: int, save: bool, passes: int = 3) -> dict[str, Any]:
    """Every built-in chapter with seeds 1..``seeds``, ``passes`` times over; the rates are
    of the fastest pass (the machine is shared: other work only ever slows a pass down),
    with the median pass beside them.

    Each pass plays on a fresh copy of the pack, so it starts with boards that remember
    nothing (a later pass must not find the positions of an earlier one remembered: it would
    do less work than ``hollow play --auto`` does), after one warm-up game of its own."""
    runs = []
    for _ in range(passes):
        pack = dataclasses.replace(pack)  # new boards, nothing remembered
        play_to_end(pack, sorted(pack.chapters)[0], 0, save=save)  # warm up (imports, first allocations)
        games = steps = rounds = 0
        start, cpu = time.perf_counter(), time.process_time()
        for chapter in sorted(pack.chapters):
            for seed in range(1, seeds + 1):
                s, r = play_to_end(pack, chapter, seed, save=save)
                games += 1
                steps += s
                rounds += r
        runs.append((time.process_time() - cpu, time.perf_counter() - start))
    used, elapsed = min(runs)
    median = statistics.median(u for u, _ in runs)
    return {
        "games": games,
        "steps": steps,
        "rounds": rounds,
        "passes": passes,
        "seconds": round(elapsed, 3),
        "cpu_seconds": round(used, 3),
        "chapters_per_second": round(games / used, 2),
        "median_chapters_per_second": round(games / median, 2),
        "steps_per_second": round(steps / used, 1),
        "wall_chapters_per_second": round(games / elapsed, 2),
    }


def peak_memory(pack: Any, rounds: int) -> dict[str, int]:
    """Peak and final traced memory of one long-night game stopped after ``rounds`` rounds."""
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    rec = GameRecord("long-night", 1, engine.new_game(pack, "long-night").to_dict())
    sess = Session(pack, rec)
    while engine.outcome(sess.state) is None and sess.state.round <= rounds:
        sess.take(engine.auto_action(sess.state, random.Random(sess.step)))
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    world = len(json.dumps(sess.state.to_dict()))
    return {"rounds": min(sess.state.round, rounds), "steps": sess.step, "current": current, "peak": peak,
            "snapshots": len(sess._snapshots), "world_json_bytes": world}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5, help="seeds per chapter (default 5)")
    ap.add_argument("--passes", type=int, default=3, help="passes over the games; the fastest counts (default 3)")
    ap.add_argument("--json", action="store_true", help="print one JSON document")
    ap.add_argument("--content", action="append", default=[], metavar="DIR",
                    help="a pack folder layered over the built-in content (repeatable)")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as home:
        os.environ["HOLLOW_HOME"] = home  # never the real data folder
        pack = get_pack(tuple(args.content))
        fast = speed(pack, args.seeds, save=False, passes=args.passes)
        saved = speed(pack, args.seeds, save=True, passes=args.passes)
    long_pack = get_pack((LONG_PACK,))
    peak_memory(long_pack, 5)  # warm caches (boards, imports) outside the measurement
    m50 = peak_memory(long_pack, 50)
    m200 = peak_memory(long_pack, 200)
    ratio = m200["peak"] / m50["peak"]
    flat = ratio < FLAT_LIMIT
    fast_enough = fast["chapters_per_second"] >= TARGET
    built = "compiled (mypyc)" if engine.compiled() else "Python source"
    doc = {"engine": built, "hollowcli": str(Path(engine.__file__).parent.parent), "content": args.content,
           "auto_no_saves": fast, "auto_saved_every_round": saved,
           "memory": {"at_50": m50, "at_200": m200, "peak_ratio": round(ratio, 3), "flat": flat},
           "target_chapters_per_second": TARGET, "fast_enough": fast_enough}
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        print(f"engine: {built}, from {doc['hollowcli']}" + (f"; content {', '.join(args.content)}" if args.content else ""))
        print(f"--auto, no saves:        {fast['chapters_per_second']} chapters/s, {fast['steps_per_second']} steps/s "
              f"(CPU, fastest of {fast['passes']} passes; median {fast['median_chapters_per_second']}; "
              f"{fast['wall_chapters_per_second']} chapters/s wall; {fast['games']} games, {fast['rounds']} rounds)")
        print(f"--auto, saved per round: {saved['chapters_per_second']} chapters/s, {saved['steps_per_second']} steps/s "
              f"(CPU; {saved['wall_chapters_per_second']} chapters/s wall; {saved['games']} games)")
        print(f"verdict: {fast['chapters_per_second']} chapters/s without saving is "
              f"{'at or above' if fast_enough else 'BELOW'} the target of {TARGET:.0f}")
        print(f"memory, 50 rounds:  peak {m50['peak'] / 1024:.0f} KiB ({m50['steps']} steps, {m50['snapshots']} snapshots)")
        print(f"memory, 200 rounds: peak {m200['peak'] / 1024:.0f} KiB ({m200['steps']} steps, {m200['snapshots']} snapshots)")
        per_step = (m200["peak"] - m50["peak"]) / max(1, m200["steps"] - m50["steps"])
        print(f"peak ratio 200/50 = {ratio:.2f} ({'flat' if flat else 'GROWS'}; limit {FLAT_LIMIT}); "
              f"{per_step:.0f} bytes per extra step, against {m200['world_json_bytes']} bytes for one board as JSON")
    return 0 if flat and fast_enough else 1


if __name__ == "__main__":
    sys.exit(main())
