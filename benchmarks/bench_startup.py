"""Start-up speed of the table commands, as ratios to ``python -c "import click"``.

Each round runs the baseline and every measured command once, as whole processes, in a
rotating order (so drift in machine load hits all of them alike), and times each by wall
clock. The verdict uses the median over rounds of each round's ratio command/baseline;
the minimum times are printed too.

Targets (issue 2): ``hollow roll 3`` <= 1.25x, ``hollow odds --dice 50`` <= 1.3x.

Run from the repository with the project's environment::

    python benchmarks/bench_startup.py            # 40 rounds
    python benchmarks/bench_startup.py --runs 100 --json

Exit status 0 when every target is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

#: (name, hollow arguments, target ratio)
CASES: list[tuple[str, list[str], float]] = [
    ("hollow roll 3", ["roll", "3"], 1.25),
    ("hollow odds --dice 50", ["odds", "--dice", "50"], 1.3),
]


def hollow_command() -> tuple[list[str], dict[str, str]]:
    """How to start ``hollow`` with this interpreter: the console script beside it if the
    project is installed, else ``python -m hollowcli`` with the repository on the path."""
    env = dict(os.environ)
    # Measure the program as installed programs run: with byte-code caches written and used.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    script = Path(sys.executable).parent / ("hollow.exe" if os.name == "nt" else "hollow")
    probe = subprocess.run(
        [sys.executable, "-c", "import hollowcli"], capture_output=True, env=env, check=False
    )
    if probe.returncode == 0 and script.exists():
        return [str(script)], env
    if probe.returncode != 0:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    return [sys.executable, "-m", "hollowcli"], env


def installation(env: dict[str, str]) -> dict[str, object]:
    """Where ``hollowcli`` is imported from, and whether the baseline already has pathlib.

    An editable install's import hook loads pathlib at interpreter start, so there both
    sides of the ratio pay for it; in a wheel install only ``hollow`` does (its content
    and config helpers use pathlib), which adds about 3 ms to every ``hollow`` command.
    """
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, click, hollowcli; print('pathlib' in sys.modules); print(hollowcli.__file__)",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    lines = probe.stdout.split("\n")
    where = lines[1].strip() if len(lines) > 1 else "?"
    return {
        "source": str(Path(where).parent),
        "kind": "source checkout (editable)"
        if where.startswith(str(REPO))
        else "installed package",
        "baseline_has_pathlib": lines[0].strip() == "True",
    }


def run_once(argv: list[str], env: dict[str, str]) -> float:
    """Wall-clock seconds of one whole process; a failing command stops the benchmark."""
    start = time.perf_counter()
    proc = subprocess.run(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False
    )
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace").strip()
        raise SystemExit(f"bench_startup: {' '.join(argv)} failed (exit {proc.returncode}): {err}")
    return elapsed


def measure(runs: int) -> dict[str, object]:
    """Time the baseline and every case ``runs`` times, interleaved; return the figures."""
    hollow, env = hollow_command()
    baseline = [sys.executable, "-c", "import click"]
    jobs: list[tuple[str, list[str]]] = [("baseline", baseline)]
    jobs += [(name, hollow + args) for name, args, _ in CASES]
    for _, argv in jobs:  # warm-up: byte-code and content caches, not timed
        run_once(argv, env)
    times: dict[str, list[float]] = {name: [] for name, _ in jobs}
    for i in range(runs):
        k = i % len(jobs)
        for name, argv in jobs[k:] + jobs[:k]:
            times[name].append(run_once(argv, env))
    base = times["baseline"]
    results = []
    for name, _, target in CASES:
        ratios = [t / b for t, b in zip(times[name], base)]
        ratio = statistics.median(ratios)
        results.append(
            {
                "command": name,
                "target": target,
                "ratio": round(ratio, 3),
                "ratio_of_minimums": round(min(times[name]) / min(base), 3),
                "median_ms": round(statistics.median(times[name]) * 1000, 1),
                "min_ms": round(min(times[name]) * 1000, 1),
                "pass": ratio <= target,
            }
        )
    return {
        "runs": runs,
        "python": sys.executable,
        "hollow": " ".join(hollow),
        "install": installation(env),
        "baseline": {
            "command": "python -c 'import click'",
            "median_ms": round(statistics.median(base) * 1000, 1),
            "min_ms": round(min(base) * 1000, 1),
        },
        "results": results,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40, help="rounds of measurement (default 40)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    report = measure(args.runs)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        b = report["baseline"]
        inst = report["install"]
        print(f"{report['runs']} rounds; hollow = {report['hollow']}")
        print(
            f"hollowcli from {inst['source']} ({inst['kind']}); "  # type: ignore[index]
            f"baseline imports pathlib: {'yes' if inst['baseline_has_pathlib'] else 'no'}"
        )  # type: ignore[index]
        label = "baseline: python -c 'import click'"
        print(f"{label:<38} median {b['median_ms']:6.1f} ms  min {b['min_ms']:6.1f} ms")
        for r in report["results"]:  # type: ignore[union-attr]
            verdict = "PASS" if r["pass"] else "FAIL"
            print(
                f"{r['command']:<38} median {r['median_ms']:6.1f} ms  min {r['min_ms']:6.1f} ms  "
                f"ratio {r['ratio']:.3f} (of minimums {r['ratio_of_minimums']:.3f})  "
                f"target <= {r['target']}  {verdict}"
            )
    return 0 if all(r["pass"] for r in report["results"]) else 1  # type: ignore[union-attr]


if __name__ == "__main__":
    sys.exit(main())
