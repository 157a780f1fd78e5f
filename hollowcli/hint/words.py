"""A hint in words and as JSON: the candidates best first, why, and what it assumes.

"Why" comes from what the rollouts show, comparing the best candidate with the runner-up:
a foe the best one defeats before the foes act more often, a Legend who falls less often,
a Legend the foes attack less often this round, and the rounds the game lasts. Choices
whose rollouts came to the very same game as an earlier choice's are named too.
"""

from __future__ import annotations

from typing import Any

from hollowcli.hint.estimate import Answer, Figures, foe_names, paired
from hollowcli.names import plural

#: What every hint assumes, in words (the answer always says it).
HONEST = ("Estimates assume the --auto policy plays the rest of the chapter (a careful group may do "
          "better: a lower bound), and dice are random.")

#: A difference of shares (in points) worth a sentence.
_WORTH = 0.08


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def why(state: Any, answer: Answer, ledger: bool = False) -> list[str]:
    """Sentences saying what the rollouts show about the best candidate (against the
    runner-up), and whether the two can be told apart."""
    best = answer.best
    others = [f for f in answer.ranked[1:] if f.n]
    if not others:
        return [f"Only '{best.candidate.command}' was weighed."]
    other = others[0]
    said: list[str] = []
    foes = foe_names(state)
    # a foe the best choice defeats before the foes act
    gains = [(_cleared(best, f) - _cleared(other, f), f) for f in foes]
    gain, foe = max(gains, default=(0.0, ""))
    hits = _legends(state, lambda r, lid: lid in r.hit)
    falls = _legends(state, lambda r, lid: lid in r.fell)
    if gain >= _WORTH:
        said.append(f"'{best.candidate.command}' defeats {foes[foe]} before the foes act in "
                    f"{pct(_cleared(best, foe))} of games ('{other.candidate.command}': {pct(_cleared(other, foe))}).")
        spared = _biggest_drop(hits, best, other)
        if spared:
            said.append(f"{spared[0]} is attacked this round in {pct(spared[1])} of games instead of {pct(spared[2])}.")
    drop = _biggest_drop(falls, best, other)
    if drop:
        said.append(f"{drop[0]} falls in {pct(drop[1])} of games instead of {pct(drop[2])}.")
    if not said:
        said.append(f"The rollouts show no single foe or Legend that makes the difference; '{best.candidate.command}' "
                    f"wins {pct(best.rate)} against {pct(other.rate)}, in {best.rounds_left:.1f} rounds on average "
                    f"against {other.rounds_left:.1f}.")
    close = [f.candidate.command for f in others if f.n and not f.pruned_at and not answer.apart(f)]
    if close:
        said.append(f"'{best.candidate.command}' cannot be told apart from " + _and([f"'{c}'" for c in close])
                    + " (their paired 95% interval includes no difference).")
    said += same_games(answer)
    if ledger:
        said.append("This hint reads the ledger as it stands now, corrections included.")
    return said


#: The least share of a choice's rollouts that came to another's game worth a sentence
#: (every share is in the JSON).
_SAME_WORTH = 0.25


def same_games(answer: Answer) -> list[str]:
    """A sentence for each choice whose rollouts came to the very same game as an earlier
    choice's (the same state at a later round's start, with the same dice to come) in at
    least a quarter of them."""
    said = []
    for f in answer.ranked:
        for other, n in sorted(f.joined().items()):
            them = answer.offered[other].candidate.command
            if n < _SAME_WORTH * f.n:
                continue
            if n == f.n:
                said.append(f"'{f.candidate.command}' came to the very same game as '{them}' in all "
                            f"{plural(n, 'rollout')}: the two are one choice.")
            else:
                said.append(f"'{f.candidate.command}' came to the very same game as '{them}' in {n} of {f.n} rollouts.")
    return said


def _cleared(f: Figures, foe: str) -> float:
    """The share of ``f``'s rollouts in which ``foe`` is defeated before the foes act."""
    return f.share(lambda r: foe in r.cleared)


def _legends(state: Any, test: Any) -> dict[str, Any]:
    return {state.legend_name(lg.id): (lambda r, lid=lg.id: test(r, lid)) for lg in state.legends}


def _biggest_drop(tests: dict[str, Any], best: Figures, other: Figures) -> tuple[str, float, float] | None:
    """The Legend whose share drops most with the best choice (when it drops enough)."""
    rows = [(other.share(t) - best.share(t), name, best.share(t), other.share(t)) for name, t in tests.items()]
    drop, name, b, o = max(rows, default=(0.0, "", 0.0, 0.0))
    return (name, b, o) if drop >= _WORTH else None


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def lines(state: Any, answer: Answer, ledger: bool = False) -> list[str]:
    """The answer as the prompt and ``hollow hint`` print it (wrapped by the caller)."""
    width = max(len(f.candidate.command) for f in answer.ranked)
    width = min(width, 30)
    out = [f"Chance to win from here (round {state.round}), best first:"]
    for n, f in enumerate(answer.ranked, 1):
        lo, hi = f.interval
        note = "; asked about" if f.candidate.named else ""
        if f.n == 0:  # Ctrl-C came before any of its rollouts
            note += "; not played before the stop"
        elif f.pruned_at:
            note += "; clearly worse, stopped early"
        elif n > 1 and not answer.apart(f):
            note += "; cannot be told apart from the best"
        elif n > 1:
            note += "; worse than the best"
        out.append(f" {n}. {f.candidate.command:<{width}}  {pct(f.rate):>4} ({pct(lo)}-{pct(hi)}), "
                   f"{plural(f.n, 'rollout')}, {f.rounds_left:.1f} rounds left{note}")
    out += ["Why: " + " ".join(why(state, answer, ledger))]
    if not answer.complete:
        out.append("Stopped early (Ctrl-C): these figures are from the rollouts played so far.")
    out.append(f"{HONEST} 95% Wilson intervals; the same seeded dice for every choice (seed {answer.seed}).")
    return out


def document(state: Any, answer: Answer, ledger: bool = False) -> dict[str, Any]:
    """The ``--json`` form: the state's step and, per candidate best first, its command,
    win rate, interval, rollouts and mean rounds left."""
    best = answer.best
    cands = []
    for f in answer.ranked:
        lo, hi = f.interval
        d, dlo, dhi, _n = paired(f, best) if f is not best else (0.0, 0.0, 0.0, f.n)
        cands.append({"command": f.candidate.command, "label": f.candidate.label, "named": f.candidate.named,
                      "win_rate": round(f.rate, 6), "ci95": [round(lo, 6), round(hi, 6)], "wins": f.wins,
                      "rollouts": f.n, "rounds_left": round(f.rounds_left, 6), "pruned": bool(f.pruned_at),
                      "vs_best": round(d, 6), "vs_best_ci95": [round(dlo, 6), round(dhi, 6)],
                      "apart_from_best": answer.apart(f) if f is not best else None,
                      "same_game_as": [{"command": answer.offered[o].candidate.command, "rollouts": n}
                                       for o, n in sorted(f.joined().items())]})
    return {"step": answer.step, "round": state.round, "seed": answer.seed, "complete": answer.complete,
            "interval": "Wilson 95%", "paired": "Newcombe 95% (common random numbers)",
            "assumes": HONEST, "why": why(state, answer, ledger), "candidates": cands}

