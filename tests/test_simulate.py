"""``hollow simulate``: real games, right statistics, the same figures for every --jobs,
the report PDF, and the options' errors."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import Output, horseman_pack, read_to_end
from click.testing import CliRunner
from pypdf import PdfReader

from hollowcli.cli import cli
from hollowcli.commands.common import get_pack
from hollowcli.simulate.report import document, report_pdf, text_summary
from hollowcli.simulate.run import GameResult, Job, play_one, run
from hollowcli.simulate.stats import Pairs, compare, mcnemar_midp, newcombe_paired, pair_up, summarise, wilson

BASE14 = ("Helvetica", "Times-Roman", "Courier", "Symbol", "ZapfDingbats")


def hollow(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.stdout, res.stderr


# ------------------------------------------------------------------ statistics
def test_wilson_interval_worked_by_hand() -> None:
    # 8/10: centre (8 + z²/2)/(10 + z²) = 0.71675, half-width z/(10 + z²)·sqrt(1.6 + z²/4) = 0.22658
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=5e-5)
    assert hi == pytest.approx(0.9433, abs=5e-5)
    # Newcombe (1998) table I: 81/263 -> 0.2553 to 0.3662; the edges stay inside [0, 1]
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=5e-5)
    # not the textbook Wald interval p ± z·sqrt(p(1-p)/n), which is 0.5521 to 1.0479 here
    assert hi < 1


def test_mcnemar_mid_p_worked_by_hand() -> None:
    """McNemar's mid-p test on the games that ended differently: with no change, each is
    won only with the change or only without it with chance 1/2."""
    # 1 and 7 of 8: P(X <= 1) = (1 + 8)/256, exact p = 18/256; mid-p = 18/256 - P(X = 1) = 10/256
    assert mcnemar_midp(1, 7) == pytest.approx(10 / 256, abs=1e-15)
    assert mcnemar_midp(7, 1) == mcnemar_midp(1, 7)
    # 6 and 16 of 22: sum of C(22, i) for i <= 6 is 110056, C(22, 6) = 74613, 2**22 = 4194304
    assert mcnemar_midp(6, 16) == pytest.approx((2 * 110056 - 74613) / 4194304, abs=1e-15)  # 0.03469
    # an even split: 1 - P(X = 3)/2 = 1 - 10/64
    assert mcnemar_midp(3, 3) == pytest.approx(54 / 64, abs=1e-15)
    assert mcnemar_midp(0, 0) == 1.0
    assert mcnemar_midp(0, 8) == pytest.approx(1 / 256, abs=1e-15)


def test_mcnemar_mid_p_matches_brute_force() -> None:
    """Every way m discordant games can fall (2**m of them, equally likely without a
    change): the share of splits more uneven than the one seen, plus half the share as
    uneven as it."""
    import itertools
    from fractions import Fraction

    for m in range(1, 13):
        splits = [sum(w) for w in itertools.product((0, 1), repeat=m)]
        for b in range(m + 1):
            seen = abs(2 * b - m)
            more = sum(1 for x in splits if abs(2 * x - m) > seen)
            alike = sum(1 for x in splits if abs(2 * x - m) == seen)
            want = Fraction(2 * more + alike, 2 * len(splits))
            assert mcnemar_midp(b, m - b) == pytest.approx(float(want), abs=1e-12), (b, m - b)


def test_mcnemar_mid_p_for_a_million_games_is_quick_and_near_the_normal_value() -> None:
    import time

    start = time.perf_counter()
    # 499,000 against 501,000: z = 2000 / sqrt(1,000,000) = 2, two-sided normal p = 0.0455
    p = mcnemar_midp(499_000, 501_000)
    assert time.perf_counter() - start < 1.0
    assert p == pytest.approx(0.0455, abs=1e-3)
    assert mcnemar_midp(500_000, 500_000) == pytest.approx(1 - 0.5 * 0.000797884, abs=1e-8)
    assert mcnemar_midp(0, 1_000_000) == 0.0


def test_paired_newcombe_interval_worked_by_hand() -> None:
    """Newcombe (1998), method 10 for paired runs, worked step by step.

    Both won 1, won only with the change 1, only without 7, neither 12 (21 games):
    with 2/21 = 0.09524 (Wilson 0.02652 to 0.28914), without 8/21 = 0.38095 (Wilson
    0.20751 to 0.59121); 1*12 - 7*1 = 5 is below 21/2, so the correlation counts as 0:
    -0.28571 - sqrt(0.06872^2 + 0.21026^2) = -0.50692, -0.28571 + sqrt(0.17344^2 +
    0.19390^2) = -0.02556.
    Both won 59, only with 6, only without 16, neither 80 (161 games): 59*80 - 6*16 =
    4624 > 80.5, so phi = (4624 - 80.5)/sqrt(65*96*75*86) = 0.71617, which narrows the
    interval to -0.11862 to -0.00463."""
    d, lo, hi = newcombe_paired(Pairs(both=1, base_only=7, other_only=1, neither=12))
    assert d == pytest.approx(-6 / 21)
    assert (lo, hi) == pytest.approx((-0.50692, -0.02556), abs=5e-6)
    d, lo, hi = newcombe_paired(Pairs(both=59, base_only=16, other_only=6, neither=80))
    assert d == pytest.approx(-10 / 161)
    assert (lo, hi) == pytest.approx((-0.11862, -0.00463), abs=5e-6)


def game(i: int, won: bool, rounds: int, cause: str | None = None, fell: tuple[str, ...] = (),
         damage: tuple[int, int] = (0, 0), fear: tuple[int, int] = (0, 0), defeated: int = 0) -> GameResult:
    return GameResult(index=i, won=won, cause=cause, rounds=rounds, steps=10 * rounds, fell=fell,
                      damage=damage, fear=fear, defeated=defeated)


def test_summary_counts_causes_legends_rounds_and_survival() -> None:
    games = [
        game(0, True, 8, damage=(2, 0), fear=(1, 0), defeated=5),
        game(1, False, 3, "health", ("b",), damage=(1, 9), fear=(1, 4), defeated=1),
        game(2, False, 5, "fear", ("a",), damage=(0, 2), fear=(10, 2), defeated=2),
        game(3, False, 8, "rounds", damage=(1, 1), fear=(0, 0), defeated=4),
    ]
    s = summarise("ch", ["a", "b"], games)
    assert (s["games"], s["wins"], s["win_rate"]) == (4, 1, 0.25)
    assert s["ci95"] == pytest.approx(list(wilson(1, 4)), abs=1e-6)
    assert s["losses"] == {"health": 1, "fear": 1, "rounds": 1, "supply": 0, "ally": 0, "story": 0}
    assert {lid: (v["damage"], v["fear"], v["fell"]) for lid, v in s["legends"].items()} == \
        {"a": (1.0, 3.0, 1), "b": (3.0, 1.5, 1)}
    # mean ± 1.96 standard errors: a's damage 2, 1, 0, 1 has sd sqrt(2/3), so 1 ± 0.80015;
    # b's 0, 9, 2, 1 has sd sqrt(50/3), so 3 ± 4.0008, kept inside what was seen (0 to 9)
    assert s["legends"]["a"]["damage_ci95"] == pytest.approx([0.19985, 1.80015], abs=1e-5)
    assert s["legends"]["b"]["damage_ci95"] == pytest.approx([0.0, 7.0008], abs=1e-4)
    assert s["rounds"] == {"mean": 6.0, "histogram": {"3": 1, "5": 1, "8": 2}}
    # still going after round r: every game ending later than r
    assert s["survival"] == [1.0, 1.0, 0.75, 0.75, 0.5, 0.5, 0.5, 0.0]
    # not lost yet after round r: still going or won by then; it ends at the win rate
    assert s["not_lost"] == [1.0, 1.0, 0.75, 0.75, 0.5, 0.5, 0.5, 0.25]
    assert s["foes_defeated"] == 3.0


def test_the_change_is_judged_on_paired_games() -> None:
    """Game i has the same seed in both runs, so the runs are compared game by game.
    48 of 80 won without the change, 56 with it, and the 8 more are games lost before: a
    clear change (mid-p 1/256), which the unpaired interval of before (-4.7 to +24.1
    points) could not see. The same two rates from games that swap (16 won only with the
    change, 8 only without) are not significant."""
    base = [game(i, i < 48, 8) for i in range(80)]
    better = [game(i, i < 56, 8) for i in range(80)]
    pairs = pair_up(base, better)
    assert pairs == Pairs(both=48, base_only=0, other_only=8, neither=24)
    c = compare(summarise("ch", ["a", "b"], better), pairs)
    assert c["delta"] == pytest.approx(0.1)
    assert c["p_value"] == pytest.approx(1 / 256, abs=1e-6)
    assert (c["won_only_with"], c["won_only_without"], c["test"]) == (8, 0, "McNemar mid-p")
    assert c["significant"] is True
    assert c["delta_ci95"][0] > 0  # the paired interval agrees
    swapped = [game(i, 8 <= i < 64, 8) for i in range(80)]
    c = compare(summarise("ch", ["a", "b"], swapped), pair_up(base, swapped))
    assert c["delta"] == pytest.approx(0.1)
    assert (c["won_only_with"], c["won_only_without"]) == (16, 8)
    assert c["p_value"] == pytest.approx(mcnemar_midp(8, 16), abs=1e-6) and c["p_value"] > 0.05
    assert c["significant"] is False and c["delta_ci95"][0] < 0
    same = compare(summarise("ch", ["a", "b"], base), pair_up(base, base))
    assert same["delta"] == 0 and same["significant"] is False and same["p_value"] == 1.0
    # games only one run finished (an interrupted run) are left out of the pairs
    assert pair_up(base, better[:10]).games == 10


# ------------------------------------------------------------------ real games
def play_json(chapter: str, seed: int, home: Path) -> dict:
    """`hollow play CHAPTER --auto --seed SEED --json` in a fresh campaign (the real play path)."""
    res = CliRunner().invoke(
        cli, ["play", chapter, "--auto", "--seed", str(seed), "--json", "--campaign", f"c{seed}", "--new"],
        env={"HOLLOW_HOME": str(home)})
    assert res.exit_code == 0, res.stderr
    return json.loads(res.stdout)


@pytest.mark.parametrize("chapter", ["1", "2", "3"])
def test_game_i_is_the_game_hollow_play_auto_plays(chapter: str, tmp_path: Path) -> None:
    pack = get_pack(())
    cid = {"1": "schoolhouse", "2": "covered-bridge", "3": "churchyard"}[chapter]
    seed = 40
    out = run(Job(dirs=(), chapters=(cid,), games=6, seed=seed), jobs=1, pack=pack)
    results = out.results[cid]
    assert [g.index for g in results] == list(range(6))
    outcomes = set()
    for i in (0, 2, 5):
        played = play_json(chapter, seed + i, tmp_path)
        g = results[i]
        assert played["result"] == ("won" if g.won else "lost"), (i, played["reason"])
        assert played["round"] == g.rounds
        assert played["steps"] == g.steps
        if not g.won:
            assert {"health": "incapacitated", "fear": "fear (limit", "rounds": "round"}[g.cause] in played["reason"]
        outcomes.add((played["result"], played["round"], played["steps"]))
    assert len(outcomes) > 1  # the seeds really give different games


def test_a_one_game_run_on_the_command_line_is_that_game(tmp_path: Path) -> None:
    code, out, _ = hollow("simulate", "churchyard", "--games", "1", "--seed", "41", "--json", "--jobs", "1")
    assert code == 0
    ch = json.loads(out)["chapters"][0]
    played = play_json("3", 41, tmp_path)
    assert ch["wins"] == (played["result"] == "won")
    assert ch["rounds"]["histogram"] == {str(played["round"]): 1}


def test_damage_and_fear_are_at_least_what_each_step_shows() -> None:
    """Replaying the game step by step, a Legend's health can only drop by damage and its
    fear only rise by fear gained: the per-step drops and rises are lower bounds."""
    from hollowcli import engine
    from hollowcli.engine.rolls import policy_rng, step_rng

    pack = get_pack(())
    for seed in range(3):
        g = play_one(pack, "covered-bridge", seed)
        state = engine.new_game(pack, "covered-bridge")
        drops = [0] * len(state.legends)
        rises = [0] * len(state.legends)
        step = 0
        while state.result is None:
            before = state.legends
            state, _ = engine.apply(state, engine.auto_action(state, policy_rng(seed, step)), step_rng(seed, step))
            step += 1
            for k, (a, b) in enumerate(zip(before, state.legends, strict=True)):
                drops[k] += max(0, a.health - b.health)
                rises[k] += max(0, b.fear - a.fear)
        assert step == g.steps
        assert all(d >= low for d, low in zip(g.damage, drops, strict=True)), (g.damage, drops)
        assert all(f >= low for f, low in zip(g.fear, rises, strict=True)), (g.fear, rises)
        assert sum(drops) > 0 and sum(rises) > 0


def test_the_figures_are_the_same_for_every_jobs() -> None:
    job = Job(dirs=(), chapters=("schoolhouse", "churchyard"), games=20, seed=3)
    pack = get_pack(())
    one = document(run(job, 1, pack), pack)
    two = document(run(job, 2, pack), pack)
    three = document(run(job, 3, pack), pack)
    assert one == two == three
    assert one["chapters"][0]["games"] == 20


def test_policy_random_is_seeded_and_plays_differently() -> None:
    pack = get_pack(())
    a = [play_one(pack, "schoolhouse", s, policy="random") for s in range(4)]
    b = [play_one(pack, "schoolhouse", s, policy="random") for s in range(4)]
    auto = [play_one(pack, "schoolhouse", s) for s in range(4)]
    assert a == b
    assert [g.steps for g in a] != [g.steps for g in auto]


def test_interrupting_keeps_the_games_finished() -> None:
    pack = get_pack(())
    seen = []

    def progress(n: int) -> None:
        seen.append(n)
        if len(seen) == 2:
            raise KeyboardInterrupt

    out = run(Job(dirs=(), chapters=("schoolhouse",), games=40, seed=0), 1, pack, progress=progress)
    assert not out.complete
    assert 0 < out.finished < 40
    assert [g.index for g in out.results["schoolhouse"]] == list(range(out.finished))


#: The progress bar's count once the first piece of games is in (``Simulating [...]  50/400000``).
_COUNTED = re.compile(r"\b[1-9][0-9]*/[0-9]+")


def _simulate(home: Path, progress: bool) -> tuple[subprocess.Popen[bytes], Output, Output]:
    """``hollow simulate`` over two workers, long enough never to end by itself, in a
    session of its own (so a signal to its group reaches every process of it, as Ctrl-C
    does); its output (stdout) and its messages (stderr), read as they come. With
    ``progress`` its stderr is a terminal (a pty), so it shows its progress bar."""
    import pty

    env = {**os.environ, "HOLLOW_HOME": str(home)}
    err_parent, err_child = pty.openpty() if progress else os.pipe()
    out_parent, out_child = os.pipe()
    proc = subprocess.Popen([sys.executable, "-m", "hollowcli", "simulate", "--games", "100000", "--jobs", "2"],
                            stdin=subprocess.DEVNULL, stdout=out_child, stderr=err_child, env=env, start_new_session=True)
    os.close(out_child)
    os.close(err_child)
    return proc, Output(out_parent), Output(err_parent)


def _interrupted(proc: subprocess.Popen[bytes], out: Output, err: Output) -> tuple[str, str]:
    """Ctrl-C (SIGINT to the whole group, as a terminal sends it), then everything it says
    until it ends; a hung run is killed (with its workers) so it does not outlive the test."""
    os.killpg(proc.pid, signal.SIGINT)
    try:
        stdout, stderr = read_to_end(out, err, timeout=60)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(out.fd)
        os.close(err.fd)
    return stdout, stderr


@pytest.mark.slow
def test_ctrl_c_stops_the_workers_and_reports_the_games_finished(tmp_path: Path) -> None:
    proc, out, err = _simulate(tmp_path, progress=True)
    err.expect(_COUNTED)  # the first games are in: there is something to report
    stdout, stderr = _interrupted(proc, out, err)
    assert proc.returncode == 130
    assert "Traceback" not in stderr
    from hollowcli.pack.loader import load_pack

    total = 100000 * len(load_pack([]).chapters)  # every built-in chapter
    assert "interrupted after" in stderr and f"of {total} games" in stderr
    assert "Won " in stdout  # the summary of the games finished


def _workers_exist(pid: int) -> bool:
    """Whether ``pid`` has child processes yet (Linux: /proc/PID/task/PID/children)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return bool(fh.read().split())
    except FileNotFoundError:
        return False


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["workers starting", "pieces finishing"])
@pytest.mark.parametrize("attempt", [1, 2, 3])
def test_ctrl_c_while_the_workers_start_or_pieces_finish_never_hangs(tmp_path: Path, moment: str, attempt: int) -> None:
    """Ctrl-C at moments inside the pool's own bookkeeping (its workers starting, pieces
    being handed back) once left a lock of concurrent.futures held, and the run waited for
    ever (seen in CI: a few runs in a hundred). The run must end with 130 every time. Each
    moment is observed, not guessed with a delay: the workers appearing as its child
    processes, or the progress bar's first count (the first piece handed back). (On the
    old code this fails only now and then: the moment has to be hit.)"""
    if moment == "workers starting" and not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists():
        pytest.skip("finds the workers in /proc/PID/task/PID/children (Linux)")
    proc, out, err = _simulate(tmp_path, progress=moment == "pieces finishing")
    if moment == "workers starting":
        deadline = time.monotonic() + 60
        while not _workers_exist(proc.pid):  # polling a condition, not waiting for time to pass
            assert proc.poll() is None and time.monotonic() < deadline, "no worker started"
            time.sleep(0.005)
    else:
        err.expect(_COUNTED)
    _stdout, stderr = _interrupted(proc, out, err)
    assert proc.returncode == 130, (moment, stderr)
    assert "Traceback" not in stderr and "interrupted" in stderr, (moment, stderr)


# ------------------------------------------------------------------ the command
def test_json_has_the_contract_keys() -> None:
    code, out, err = hollow("simulate", "1", "2", "--games", "8", "--seed", "5", "--json", "--jobs", "1")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["seed"] == 5 and doc["games"] == 8
    assert [c["chapter"] for c in doc["chapters"]] == ["schoolhouse", "covered-bridge"]
    for c in doc["chapters"]:
        assert {"chapter", "games", "wins", "win_rate", "ci95", "rounds", "losses", "legends", "survival"} <= set(c)
        assert set(c["losses"]) == {"health", "fear", "rounds", "supply", "ally", "story"}
        assert set(c["rounds"]) == {"mean", "histogram"}
        assert sum(c["rounds"]["histogram"].values()) == 8
        assert c["wins"] + sum(c["losses"].values()) == 8
        for v in c["legends"].values():
            assert set(v) >= {"damage", "fear", "fell"}
        assert "against" not in c


def test_text_summary_has_the_same_figures_with_bars() -> None:
    code, out, _ = hollow("simulate", "3", "--games", "10", "--seed", "2", "--jobs", "1")
    assert code == 0
    _, js, _ = hollow("simulate", "3", "--games", "10", "--seed", "2", "--jobs", "1", "--json")
    c = json.loads(js)["chapters"][0]
    assert f"Won {c['wins']} of 10" in out
    assert f"{100 * c['ci95'][0]:.1f}% to {100 * c['ci95'][1]:.1f}%" in out
    assert "█" in out and "●" in out
    assert f"mean {c['rounds']['mean']:.2f}" in out
    assert "still playing" in out


def weaker_horseman(tmp_path: Path) -> Path:
    return horseman_pack(tmp_path / "weak", health=3, defense=0, dice=1, direct=0, text="A tired old rider.")


def test_against_a_weaker_horseman_is_a_significant_change(tmp_path: Path) -> None:
    weak = weaker_horseman(tmp_path)
    code, out, err = hollow("simulate", "3", "--games", "60", "--seed", "1", "--json", "--jobs", "2",
                            "--against", str(weak))
    assert code == 0, err
    a = json.loads(out)["chapters"][0]["against"]
    assert a["delta"] > 0 and a["delta_ci95"][0] > 0
    assert a["significant"] is True
    # the verdict is the paired test's: the games won only with the change against those won only without
    assert a["test"] == "McNemar mid-p" and a["won_only_with"] > a["won_only_without"]
    assert a["p_value"] == pytest.approx(mcnemar_midp(a["won_only_without"], a["won_only_with"]), abs=1e-6)
    assert a["p_value"] < 0.05
    assert a["delta"] == pytest.approx((a["won_only_with"] - a["won_only_without"]) / 60, abs=1e-6)
    # layering an empty pack changes nothing at all
    empty = tmp_path / "empty"
    empty.mkdir()
    _, out, _ = hollow("simulate", "3", "--games", "10", "--json", "--jobs", "1", "--against", str(empty))
    a = json.loads(out)["chapters"][0]["against"]
    assert a["delta"] == 0 and a["significant"] is False


def test_report_pdf_fonts_bytes_and_preview(tmp_path: Path) -> None:
    pdf = tmp_path / "sim.pdf"
    code, _, err = hollow("simulate", "--games", "6", "--jobs", "1", "--report", str(pdf), "--preview")
    assert code == 0, err
    data = pdf.read_bytes()
    assert (tmp_path / "sim.png").stat().st_size > 10_000
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 3  # the charts over two pages, the figures
    text = reader.pages[0].extract_text() + reader.pages[1].extract_text()
    for words in ("Win rate", "How the games ended", "Not lost yet after each round", "Damage taken per game",
                  "Fear gained per game", "The Churchyard at Midnight", "The figures"):
        assert words in text
    for page in reader.pages:
        for ref in (page["/Resources"].get("/Font") or {}).values():
            font = ref.get_object()
            assert "DejaVu" in str(font["/BaseFont"])
    for b in BASE14:
        assert f"/{b}".encode() not in data
    again = tmp_path / "again.pdf"
    hollow("simulate", "--games", "6", "--jobs", "2", "--report", str(again))
    assert again.read_bytes() == data


def test_report_of_a_comparison_draws_both() -> None:
    pack = get_pack(())
    job = Job(dirs=(), chapters=("schoolhouse",), games=5, seed=0)
    doc = document(run(job, 1, pack), pack, run(job, 1, pack))
    assert "with --against" in PdfReader(io.BytesIO(report_pdf(doc))).pages[0].extract_text()
    assert any("Against:" in line for line in text_summary(doc))
    assert any("Paired test (McNemar mid-p, same seeds): 0 games won only with the change, 0 only without; "
               "p = 1.000: not significant" in line for line in text_summary(doc))


def _outcome(chapter: str, games: list[GameResult]) -> Any:
    from hollowcli.simulate.run import Outcome

    return Outcome(Job(dirs=(), chapters=(chapter,), games=len(games), seed=0), {chapter: games})


def _hex(colour: str) -> tuple[float, ...]:
    return tuple(round(int(colour[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))


def _rgb(obj: dict, key: str) -> tuple[float, ...]:
    return tuple(round(float(v), 2) for v in (obj.get(key) or ()))


def _chart_report() -> tuple[Any, dict]:
    """A report of one chapter: the base run wins half its games and loses the rest in
    round 4; the --against run wins 99 of 100 in round 9. Every Legend takes, per game,
    0 or all of its health (half on average) without the change, a quarter with it."""
    from hollowcli.simulate.report import _CHAPTER_COLOURS

    pack = get_pack(())
    health = [lg.health for lg in pack.legends.values()]

    def g(i: int, won: bool, rounds: int, share: float) -> GameResult:
        hurt = tuple(round(h * share * 2) if i % 2 else 0 for h in health)
        return GameResult(index=i, won=won, cause=None if won else "health", rounds=rounds, steps=1, fell=(),
                          damage=hurt, fear=(0,) * len(health), defeated=0)

    base = [g(i, i < 50, 4, 0.5) for i in range(100)]
    variant = [g(i, i < 99, 9, 0.25) for i in range(100)]
    doc = document(_outcome("schoolhouse", base), pack, _outcome("schoolhouse", variant))
    return doc, {"colour": _CHAPTER_COLOURS[0]}


def test_report_charts_not_losing_yet_as_steps_ending_at_the_win_rate() -> None:
    """The chart of rounds shows what a designer means: the chance of not having lost yet
    (a won game stays not lost), as steps, each line ending at its win rate; so a variant
    that wins 99% in long games ends far above a base that wins half in short ones (the
    chart of games still going put both at 0%). The key draws the --against line dashed."""
    import pdfplumber

    doc, info = _chart_report()
    colour = _hex(info["colour"])
    with pdfplumber.open(io.BytesIO(report_pdf(doc, "letter"))) as pdf:
        page = pdf.pages[0]
        assert "Not lost yet after each round" in page.extract_text()
        curves = [cv for cv in page.curves if _rgb(cv, "stroking_color") == colour]
        solid = [cv for cv in curves if not cv["dash"][0]]
        dashed = [cv for cv in curves if cv["dash"][0]]
        assert len(solid) == 1 and len(dashed) == 1
        for cv in curves:  # steps: every piece level or upright, none slanting
            pts = cv["pts"]
            for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
                assert abs(xa - xb) < 0.01 or abs(ya - yb) < 0.01, pts
        top = solid[0]["pts"][0][1]  # every line starts at 100% (round 0)
        zero = max(w["top"] + (w["bottom"] - w["top"]) / 2 for w in page.extract_words()
                   if w["text"] == "0%" and w["x1"] <= solid[0]["x0"] + 1 and w["top"] > top)

        def share(cv: dict) -> float:
            return (zero - cv["pts"][-1][1]) / (zero - top)

        assert share(solid[0]) == pytest.approx(0.50, abs=0.01)
        assert share(dashed[0]) == pytest.approx(0.99, abs=0.01)
        # the key: a dashed line for the --against run, beside the plot, not a square
        key = [ln for ln in page.lines if _rgb(ln, "stroking_color") == colour and ln["dash"][0]
               and ln["x0"] > solid[0]["x1"]]
        assert len(key) == 1 and key[0]["width"] > 8 and key[0]["height"] < 0.1
        text = page.extract_text()
    assert "with --against: 99.0% won" in text and "50.0% won" in text


def test_report_draws_both_runs_in_every_chart_and_damage_as_a_share_of_health() -> None:
    """With --against the endings and the per-Legend charts show both runs (light bars
    for --against); damage is drawn as a share of each Legend's health, with whiskers."""
    import pdfplumber

    from hollowcli.simulate.report import _tint

    doc, info = _chart_report()
    colour, light = _hex(info["colour"]), _hex(_tint(info["colour"]))
    with pdfplumber.open(io.BytesIO(report_pdf(doc, "a4"))) as pdf:
        text = "\n".join(p.extract_text() for p in pdf.pages)
        # the endings: a bar for each run
        ends = text.split("How the games ended", 1)[1].split("Not lost yet", 1)[0]
        assert "1. The Schoolhouse by the Mill Pond" in ends and "with --against" in ends
        page = next(p for p in pdf.pages if "Damage taken per game" in p.extract_text())
        title = next(w for w in page.extract_words() if w["text"] == "Damage")
        below = [w for w in page.extract_words() if w["text"] == "Fear" and w["top"] > title["top"]]
        end = below[0]["top"] if below else page.height
        hundred = next(ln for ln in page.lines if ln["dash"][0] and title["top"] < ln["top"] < end
                       and _rgb(ln, "stroking_color") == (0.0, 0.0, 0.0))
        bars = [r for r in page.rects if title["top"] < r["top"] < end and r["x1"] < hundred["x1"]]  # (not the key)
        solid = sorted((r for r in bars if _rgb(r, "non_stroking_color") == colour), key=lambda r: r["x0"])
        pale = sorted((r for r in bars if _rgb(r, "non_stroking_color") == light), key=lambda r: r["x0"])
        assert len(solid) == len(pale) == 4  # a bar per Legend for each run
        base = solid[0]["bottom"]
        # half of each Legend's health on average without the change, a quarter with it:
        # every bar at the same height, whatever the Legend's health (9 or 12)
        for r in solid:
            assert (base - r["top"]) / (base - hundred["top"]) == pytest.approx(0.5, abs=0.01)
        for r in pale:
            assert (base - r["top"]) / (base - hundred["top"]) == pytest.approx(0.25, abs=0.03)
        # whiskers: an upright black line through each bar, the 95% interval of the mean
        whiskers = [ln for ln in page.lines if title["top"] < ln["top"] < end and ln["width"] < 0.01
                    and ln["height"] > 2 and _rgb(ln, "stroking_color") == (0.0, 0.0, 0.0)]
        assert len(whiskers) == 8
    a = doc["chapters"][0]["legends"]["jeremiah-pincke"]
    assert a["damage"] == 6.0 and a["damage_ci95"] == pytest.approx([6 - 1.96 * 6.0302 / 10, 6 + 1.96 * 6.0302 / 10],
                                                                    abs=1e-3)


def test_report_paper_is_an_option_with_the_config_file_as_default(tmp_path: Path, monkeypatch: Any) -> None:
    config = tmp_path / "config.toml"
    config.write_text('paper = "a4"\n', encoding="utf-8")
    monkeypatch.setenv("HOLLOW_CONFIG", str(config))
    sizes = {}
    for name, extra in (("default", []), ("letter", ["--paper", "letter"]), ("a4", ["--paper", "A4"])):
        pdf = tmp_path / f"{name}.pdf"
        code, _, err = hollow("simulate", "3", "--games", "2", "--jobs", "1", "--report", str(pdf), *extra)
        assert code == 0, err
        box = PdfReader(str(pdf)).pages[0].mediabox
        sizes[name] = (round(float(box.width)), round(float(box.height)))
    assert sizes == {"default": (595, 842), "letter": (612, 792), "a4": (595, 842)}
    code, _, err = hollow("simulate", "3", "--games", "2", "--paper", "a4")
    assert code == 2 and "--paper needs --report" in err


@pytest.mark.parametrize(("args", "code", "words"), [
    (["--preview"], 2, "--preview needs --report"),
    (["--against", "no-such-folder"], 1, "no such folder"),
    (["9"], 1, "there is no chapter '9'"),
    (["--report", "sim.txt"], 1, "ending in .pdf"),
    (["--games", "0"], 2, "--games"),
    (["--policy", "smart"], 2, "--policy"),
])
def test_bad_options_are_one_sentence(args: list[str], code: int, words: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "hollowcli", "simulate", "--games", "2", *args],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == code, proc.stderr
    assert words in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_game_lost_to_the_foe_supply_says_so(tmp_path: Path) -> None:
    """With rules.supply_exhausted: lose and only three Gobkin in the box, chapter 1's first
    spawn (three Gobkin) cannot be filled: the game is lost to the supply, not to rounds."""
    pack_dir = tmp_path / "short"
    pack_dir.mkdir()
    (pack_dir / "rules.yaml").write_text("rules:\n  supply_exhausted: lose\n", encoding="utf-8")
    (pack_dir / "foes.yaml").write_text(
        "foes:\n  gobkin:\n    name: Gobkin\n    class: gobkin\n    health: 3\n    defense: 0\n    move: 3\n"
        "    attack: {dice: 1, direct: 1, range: 0}\n    target: closest\n    supply: 3\n    text: Few.\n",
        encoding="utf-8")
    code, out, err = hollow("simulate", "1", "--games", "4", "--jobs", "1", "--json", "--content", str(pack_dir))
    assert code == 0, err
    ch = json.loads(out)["chapters"][0]
    assert ch["losses"]["supply"] >= 1
    assert ch["wins"] + sum(ch["losses"].values()) == 4
    code, out, _ = hollow("simulate", "1", "--games", "4", "--jobs", "1", "--content", str(pack_dir))
    assert "foe supply out" in out
    # and the game said to be lost so is the one hollow play loses so
    from hollowcli.pack.loader import load_pack

    results = run(Job(dirs=(str(pack_dir),), chapters=("schoolhouse",), games=4, seed=0), 1,
                  load_pack((str(pack_dir),))).results["schoolhouse"]
    i = next(g.index for g in results if g.cause == "supply")
    res = CliRunner().invoke(cli, ["play", "1", "--auto", "--seed", str(i), "--json", "--content", str(pack_dir)],
                             env={"HOLLOW_HOME": str(tmp_path / "home")})
    played = json.loads(res.stdout)
    assert played["result"] == "lost" and "supply" in played["reason"]
    assert played["round"] == results[i].rounds


# ------------------------------------------------------------------ the built-in chapters
# Their balance bands are kept by tests/test_balance.py.


def test_the_headless_horseman_can_be_beaten() -> None:
    """Attacks on the Horseman mostly deal 2 or more (they dealt 0-1 before the tuning),
    and the Legends do defeat him."""
    from hollowcli import engine
    from hollowcli.engine.rolls import policy_rng, step_rng

    pack = get_pack(())
    damage: list[int] = []
    wins = 0
    for seed in range(20):
        state = engine.new_game(pack, "churchyard")
        step = 0
        while state.result is None:
            action = engine.auto_action(state, policy_rng(seed, step))
            state, events = engine.apply(state, action, step_rng(seed, step))
            step += 1
            damage += [int(e.numbers["damage"]) for e in events
                       if e.kind == "attack" and str(e.target or "").startswith("headless-horseman")]
        wins += state.result == "won"
    assert len(damage) > 50
    assert sum(damage) / len(damage) >= 1.8
    assert sum(1 for d in damage if d <= 1) / len(damage) < 0.5
    assert wins >= 5


def test_a_game_lost_because_the_protected_ally_fell_says_so(tmp_path: Path) -> None:
    """Chapter 4 (protect Tobias) with a Tobias of 1 health: the losses are 'ally', and
    hollow play loses that game for that reason in the same round."""
    frail = tmp_path / "frail"
    frail.mkdir()
    (frail / "allies.yaml").write_text(
        "allies:\n  tobias-brom:\n    name: Tobias Brom\n    health: 1\n    defense: 0\n    move: 3\n"
        "    attack_priority: 0\n    text: Frail.\n", encoding="utf-8")
    from hollowcli.pack.loader import load_pack

    results = run(Job(dirs=(str(frail),), chapters=("mill-race",), games=8, seed=0), 1,
                  load_pack((str(frail),))).results["mill-race"]
    lost = [g for g in results if g.cause == "ally"]
    assert lost
    g = lost[0]
    res = CliRunner().invoke(cli, ["play", "4", "--auto", "--seed", str(g.index), "--json", "--content", str(frail)],
                             env={"HOLLOW_HOME": str(tmp_path / "home")})
    played = json.loads(res.stdout)
    assert played["result"] == "lost" and "protect" in played["reason"]
    assert played["round"] == g.rounds


@pytest.mark.parametrize("paper,against,more", [("a4", False, False), ("letter", False, False), ("a4", True, False),
                                                ("a4", True, True), ("letter", False, True)])
def test_report_keeps_every_word_inside_the_page_margins(paper: str, against: bool, more: bool) -> None:
    """Every word of every page inside the 15 mm margins, whole:
    - the per-Legend charts' legend lists the chapters in one column (a fourth chapter
      used to start a second column past the right margin, on Letter at the paper's edge);
    - the legend of the endings ("lost: round limit") and a comparison's notes ("not
      significant") end inside the right margin;
    - with eight chapters (``more``: a transcribed box may have that many) a chart that
      does not fit goes on to the next page instead of off the bottom of the first, and
      no chapter's table is split across pages."""
    import copy

    import pdfplumber

    pack = get_pack(())
    job = Job(dirs=(), chapters=tuple(sorted(pack.chapters)), games=3, seed=0)
    doc = document(run(job, 1, pack), pack, run(job, 1, pack) if against else None)
    if more:  # as many more chapters: the same figures under new numbers
        extra = copy.deepcopy(doc["chapters"])
        for k, ch in enumerate(extra):
            ch["number"] = len(extra) + 1 + k
        doc["chapters"] += extra
    count = len(doc["chapters"])
    margin = 15 * 72 / 25.4
    text = ""
    with pdfplumber.open(io.BytesIO(report_pdf(doc, paper))) as pdf:
        for page in pdf.pages:
            outside = [w["text"] for w in page.extract_words()
                       if w["x0"] < margin - 0.5 or w["x1"] > page.width - margin + 0.5
                       or w["top"] < margin - 0.5 or w["bottom"] > page.height - margin + 0.5]
            assert outside == [], f"page {page.page_number}: {' '.join(outside)}"
            text += page.extract_text() + "\n"
            if more:  # a chapter's block of figures starts and ends on one page
                for ch in doc["chapters"]:
                    head = f"{ch['number']}. {ch['name']} ({ch['chapter']})"
                    if head in page.extract_text():
                        assert "Emily Van Winkle" in page.extract_text().split(head, 1)[1]
    for n in range(1, count + 1):
        assert f"chapter {n}" in text
    for title in ("Win rate", "How the games ended", "Not lost yet after each round", "Damage taken per game, as a "
                  "share of the Legend's health", "Fear gained per game, as a share of the fear limit"):
        assert title in text
    assert "lost: round limit" in text
    if against:
        assert "not significant" in text and "…" not in text


def test_the_closing_line_says_which_engine_played() -> None:
    """A regular install runs the engine compiled (setup.py), an editable one or a machine
    without a C compiler in plain Python, about 1.7 times slower: the rate says which."""
    from hollowcli.engine import compiled

    code, _, err = hollow("simulate", "3", "--games", "4", "--jobs", "1")
    assert code == 0, err
    line = next(x for x in err.splitlines() if x.startswith("Played 4 games in "))
    assert line.endswith(", 1 process, compiled engine)." if compiled() else ", 1 process, engine in plain Python).")


def _who_plays(n: int) -> tuple[int, int]:
    """A piece of work that says which process played it."""
    return n, os.getpid()


def test_a_piece_pool_keeps_its_workers_from_one_call_to_the_next() -> None:
    """A hint's stages share one pool: the workers are forked once, not once per stage, and
    closing the pool ends them; the results are keyed as ``run_pieces`` keys them."""
    from hollowcli.simulate.run import PiecePool, run_pieces

    with PiecePool(2) as pool:
        first, stop1 = pool(_who_plays, [(n,) for n in range(6)])
        second, stop2 = pool(_who_plays, [(n,) for n in range(6, 12)])
    assert stop1 == stop2 == 0 and sorted(first) == list(range(6)) and sorted(second) == list(range(6, 12))
    workers = set(first.values()) | set(second.values())
    assert os.getpid() not in workers and 1 <= len(workers) <= 2  # one pool of 2, for both calls
    assert pool._pool is None  # closed with the block
    # run_pieces (simulate's games) forks a pool for each call; one piece plays here
    again, _ = run_pieces(_who_plays, [(n,) for n in range(6)], 2)
    assert not set(again.values()) & workers
    alone, _ = PiecePool(2)(_who_plays, [(0,)])
    assert alone == {0: os.getpid()}
