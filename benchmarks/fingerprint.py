"""The fingerprint of 240 whole games: one SHA-256 over every step's action, every event
(kind, actors, places, dice, numbers, reason and detail) and every final state.

    python benchmarks/fingerprint.py          # with the interpreter of the build to check
    python benchmarks/fingerprint.py --content benchmarks/packs/unscripted

The games: each chapter of the pack (sorted by id), seeds 0..29, with the ``auto`` and the
``random`` policy (the 4 built-in chapters: 240 games). ``--content DIR`` layers a pack
folder over the built-in content first (``benchmarks/packs/unscripted`` holds the four
chapters as they were before chapter scripting, so their games can be compared after the
built-in chapters change). Game (chapter, seed) is the game ``hollow
simulate`` plays as game ``seed`` of a run seeded 0 (the same step and policy generators),
played to its end (the rules' round limit ends every game).

A change that means to change no rule (a refactoring, a speed-up) must leave the hash as
it was, in both builds: the editable install (the Python source) and a regular install
(``pip install .``: the engine compiled with mypyc; run this script with that install's
interpreter from outside the checkout). A change that does change what games do says so,
and why, where it changes the hash. The hash of ``main`` is in benchmarks/README.md.

The final state is hashed without its ``version`` (the number of the saved form): a new
field that an unscripted game never sets must not move the hash by bumping it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# The installed package when there is one (a regular install runs the compiled engine),
# else the checkout's source.
sys.path.append(str(REPO))

from hollowcli import engine  # noqa: E402
from hollowcli.engine.policy import POLICIES  # noqa: E402
from hollowcli.engine.rolls import policy_rng, step_rng  # noqa: E402
from hollowcli.pack.loader import load_pack  # noqa: E402

SEEDS = 30
POLICY_NAMES = ("auto", "random")


def _dump(doc: Any) -> bytes:
    return json.dumps(doc, sort_keys=True, ensure_ascii=False, default=str).encode("utf-8")


def play(pack: Any, chapter: str, seed: int, policy: str, h: Any) -> str:
    """One whole game, fed into the hash ``h``; returns its result."""
    choose = POLICIES[policy]
    state = engine.new_game(pack, chapter)
    step = 0
    while state.result is None:
        action = choose(state, policy_rng(seed, step))
        h.update(_dump(action.to_dict()))
        state, events = engine.apply(state, action, step_rng(seed, step))
        for ev in events:
            h.update(_dump(ev.to_dict()))
        step += 1
    final = state.to_dict()
    final.pop("version")
    h.update(_dump(final))
    return str(state.result)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--content", action="append", default=[], metavar="DIR",
                    help="a pack folder layered over the built-in content (repeatable)")
    args = ap.parse_args(argv)
    pack = load_pack(args.content)
    h = hashlib.sha256()
    wins: dict[str, int] = {}
    games = 0
    for chapter in sorted(pack.chapters):
        for policy in POLICY_NAMES:
            for seed in range(SEEDS):
                if play(pack, chapter, seed, policy, h) == "won":
                    wins[f"{chapter}/{policy}"] = wins.get(f"{chapter}/{policy}", 0) + 1
                games += 1
    print(f"engine: {'compiled' if engine.compiled() else 'Python source'}; {games} games")
    print("wins: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
    print(f"fingerprint: {h.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
