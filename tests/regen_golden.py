"""Golden transcripts of whole seeded ``hollow play --auto`` games.

``tests/test_play_golden.py`` replays each case and compares the transcript with
``tests/golden/<name>.txt`` character for character. When a change to the rules, the
content or the view is *meant* to change the games, regenerate them and review the diff:

    python tests/regen_golden.py          # rewrite every transcript
    python tests/regen_golden.py --check  # only report which ones differ (exit 1 if any)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"

#: name -> the arguments of `hollow play` or `hollow assist` (each a whole game, to the end).
CASES: dict[str, list[str]] = {
    "schoolhouse-seed3": ["play", "1", "--seed", "3", "--auto"],
    "covered-bridge-seed7": ["play", "2", "--seed", "7", "--auto", "--explain"],
    "churchyard-seed2": ["play", "3", "--seed", "2", "--auto"],
    # hollow assist: a whole chapter at the table, every roll answered (typed faces, a
    # wrong face, 'r'), corrections and 'status' along the way
    "assist-schoolhouse-seed3": ["assist", "1", "--seed", "3", "--input", str(GOLDEN / "assist-schoolhouse-seed3.in")],
}


def transcript(args: list[str]) -> str:
    """The output of ``hollow <args>`` in a fresh, empty data folder, without colour."""
    from click.testing import CliRunner

    from hollowcli.cli import cli

    with tempfile.TemporaryDirectory() as home:
        (Path(home) / "none.toml").write_text("")  # an empty config: the built-in defaults
        env = {"HOLLOW_HOME": home, "NO_COLOR": "1", "HOLLOW_CONTENT": None, "HOLLOW_CONFIG": str(Path(home) / "none.toml")}
        result = CliRunner().invoke(cli, args, env=env)
    if result.exit_code != 0:
        raise RuntimeError(f"hollow {' '.join(args)} failed: {result.output}{result.exception!r}")
    return result.output


def main(argv: list[str]) -> int:
    check = "--check" in argv
    differ = []
    for name, args in CASES.items():
        path = GOLDEN / f"{name}.txt"
        text = transcript(args)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            differ.append(name)
            if not check:
                path.write_text(text, encoding="utf-8")
        print(f"{'differs' if old != text else 'same   '}  {path.relative_to(HERE.parent)}  (hollow {' '.join(args)})")
    if check and differ:
        return 1
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    os.environ.pop("HOLLOW_CONTENT", None)
    sys.exit(main(sys.argv[1:]))
