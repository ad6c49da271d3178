"""Choosing the idea-divergence filter's thresholds on data, with their uncertainty, and the noise between two runs.

Run: ``python bench/divergence_calibration.py RUN.json [RUN2.json] [--out FILE.md]`` where each RUN.json is what
``frontiersmith evaluate-divergence --json --solver files:DIR`` printed (a benchmark's problems, such as FrontierCS's
with its models' real solutions, beside the catalog's labelled families). It

1. estimates how many separating tests a tie at the top needs before it rejects: on a test that separates an
   open problem's solutions, how often do two of them share the top score by luck (rate p, the mean over the
   benchmark's problems, with a cluster bootstrap)? A tie of the same solutions on D such tests has a chance of
   at most p**D on an open problem; ``min_separating_tests`` is the fewest D with p**D <= 0.05, and the bootstrap's
   spread of that D is the choice's uncertainty;
2. sweeps the gates (``min_separating_tests``, ``min_top_ties``, ``min_behavioural``) over a grid and, for each
   setting, counts the benchmark problems two solutions score on that the filter keeps (with a 95% bootstrap
   interval) and the catalog's open families kept and pseudo-open families rejected: the chosen setting (that
   D, two ties, the historical ``min_behavioural``) must keep every open family and reject every pseudo-open one;
3. shows the other candidate rule, one solution dominating the rest with enough wins (a sign test), on the
   same problems, and every problem's measures and decision at the chosen gates (with the keep rate expected
   when a problem has 4 solutions, as a pipeline candidate does);
4. with a second run of the same solutions, compares the two problem by problem: decisions that flip, and how
   far each measure moved (the judge's noise: time-limited solutions score differently from run to run).

Nothing is judged here: every number is recomputed from the runs' stored score matrices and labels.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from frontiersmith.thresholds import DEFAULT_THRESHOLDS, Thresholds
from frontiersmith.tools.frontier.divergence import ProblemDivergence, decide_solutions, subset_keep_rate
from frontiersmith.tools.synthesis.divergence import formulas as dm
from frontiersmith.tools.synthesis.divergence.auc import FamilyDivergence

SEPARATING = (1, 2, 3, 4, 5)
TIES = (2, 3)
BEHAVIOURAL = (0.0, 0.005, 0.01)
REPS = 1000


def load(path: str) -> tuple[list[ProblemDivergence], list[FamilyDivergence], dict]:
    run = json.loads(Path(path).read_text())
    problem_fields = set(ProblemDivergence.__dataclass_fields__) - {"decisions"}
    family_fields = set(FamilyDivergence.__dataclass_fields__) - {"decisions"}
    problems = [
        ProblemDivergence(**{k: v for k, v in p.items() if k in problem_fields}) for p in run["problems"]
    ]
    families = [
        FamilyDivergence(**{k: v for k, v in f.items() if k in family_fields}) for f in run["families"]
    ]
    return problems, families, run


def grid() -> list[Thresholds]:
    return [
        DEFAULT_THRESHOLDS.model_copy(
            update={"min_separating_tests": d, "min_top_ties": t, "min_behavioural": b}
        )
        for b, d, t in itertools.product(BEHAVIOURAL, SEPARATING, TIES)
    ]


def decisions(problems: list[ProblemDivergence], families: list[FamilyDivergence], gates: Thresholds):
    """(kept flag per contested problem, kept flag per open family, rejected flag per pseudo-open family)."""
    kept = np.array([decide_solutions(p, list(range(p.n)), gates, keep=False) for p in problems], dtype=float)
    for f in families:
        f.decide(gates)
    open_kept = np.array([f.kept for f in families if f.kind == "open"], dtype=float)
    pseudo_rejected = np.array([not f.kept for f in families if f.kind == "pseudo-open"], dtype=float)
    return kept, open_kept, pseudo_rejected


def sweep(problems, families, chosen: Thresholds) -> str:
    contested = [p for p in problems if p.positive >= 2]
    lines = [
        "| min_behavioural | min_separating_tests | min_top_ties | benchmark kept (of "
        f"{len(contested)}) | 95% interval | open families kept | pseudo-open rejected |",
        "| ---: | ---: | ---: | ---: | --- | ---: | ---: |",
    ]
    for gates in grid():
        kept, open_kept, pseudo_rejected = decisions(contested, families, gates)
        low, high = dm.bootstrap_interval(lambda idx, k=kept: float(k[idx].mean()), len(kept), reps=REPS)
        mark = " **(chosen)**" if gates == chosen else ""
        lines.append(
            f"| {gates.min_behavioural} | {gates.min_separating_tests} | {gates.min_top_ties} | "
            f"{int(kept.sum())} ({kept.mean():.0%}){mark} | {low:.0%}-{high:.0%} | "
            f"{int(open_kept.sum())}/{len(open_kept)} | {int(pseudo_rejected.sum())}/{len(pseudo_rejected)} |"
        )
    return "\n".join(lines)


ALPHA = 0.05  # the chance an open problem's solutions may tie at the top on every separating test by luck


def tie_counts(p: ProblemDivergence, ceiling: float | None) -> tuple[int, int]:
    """(separating tests, those on which two or more solutions share the top score) of one problem; with a
    ``ceiling``, tests whose top is at it do not count (a clamped score hides whether answers are equal)."""
    q = np.array(p.scores, dtype=float).reshape(p.n, p.m)
    if p.n < 2 or p.m == 0:
        return 0, 0
    top, low = q.max(axis=0), q.min(axis=0)
    separating = (top - low > 1e-9) & (top > 1e-9)
    if ceiling is not None:
        separating &= top < ceiling - 1e-9
    tied = (q >= top - 1e-9).sum(axis=0) >= 2
    return int(separating.sum()), int((separating & tied).sum())


def tie_rate(problems: list[ProblemDivergence]) -> tuple[str, int]:
    """The chance that, on a test that separates an open problem's solutions, two of them share the top score
    (per test, among any solutions: an upper bound on the same ones tying), the mean over the benchmark's
    problems with a cluster bootstrap over problems; and the fewest separating tests D with rate**D <= ALPHA,
    counting ties below the ceiling (what the gate counts). Returns the report and that D."""
    contested = [p for p in problems if p.positive >= 2]
    lines = [
        "| ties counted | separating tests | with a tie at the top | rate p (95% interval) | fewest D with p^D <= 0.05 "
        "(interval) | D on the bootstrap's resamples |",
        "| --- | ---: | ---: | --- | --- | --- |",
    ]
    chosen = DEFAULT_THRESHOLDS.min_separating_tests
    for label, ceiling in (("below the ceiling of 1 (the gate's count)", 1.0), ("at the ceiling too", None)):
        counts = np.array([tie_counts(p, ceiling) for p in contested], dtype=float).reshape(-1, 2)

        def rate(idx: np.ndarray, c: np.ndarray = counts) -> float:
            # each problem weighs the same (one with 70 tests would otherwise speak for the rest)
            rows = c[idx][c[idx, 0] > 0]
            return float((rows[:, 1] / rows[:, 0]).mean()) if len(rows) else float("nan")

        value = rate(np.arange(len(counts)))
        low, high = dm.bootstrap_interval(rate, len(counts), reps=REPS)
        rng = np.random.default_rng(0)
        spread = Counter(_tests_needed(rate(rng.integers(0, len(counts), len(counts)))) for _ in range(REPS))
        shares = ", ".join(
            f"{d}: {n / REPS:.0%}" for d, n in sorted(spread.items(), key=lambda kv: str(kv[0]))
        )
        lines.append(
            f"| {label} | {int(counts[:, 0].sum())} | {int(counts[:, 1].sum())} | {value:.3f} ({low:.3f}-{high:.3f}) | "
            f"{_tests_needed(value)} ({_tests_needed(low)}-{_tests_needed(high)}) | {shares} |"
        )
        if ceiling is not None and isinstance(_tests_needed(value), int):
            chosen = int(_tests_needed(value))
    return "\n".join(lines), chosen


def _tests_needed(rate: float) -> int | str:
    if not 0 < rate < 1:
        return "-" if rate != 0 else 1
    return max(1, int(np.ceil(np.log(ALPHA) / np.log(rate))))


def dominated(p: ProblemDivergence, wins: int) -> bool:
    """The rule the issue offered as the other candidate: one solution matches or beats every other on every
    test and beats each of them on at least ``wins`` tests (a sign test: p <= 0.5**wins that it is no better)."""
    q = np.array(p.scores, dtype=float).reshape(p.n, p.m)
    if p.n < 2 or p.m == 0:
        return False
    best = int(q.mean(axis=1).argmax())
    others = [j for j in range(p.n) if j != best]
    return all((q[best] >= q[j] - 1e-9).all() and int((q[best] > q[j] + 1e-9).sum()) >= wins for j in others)


def dominance(problems: list[ProblemDivergence]) -> str:
    contested = [p for p in problems if p.positive >= 2]
    lines = [
        "| wins needed (sign test p) | contested problems it calls dominated | of them with 3 tests |",
        "| ---: | ---: | ---: |",
    ]
    for wins in (1, 2, 3, 5):
        hit = [p for p in contested if dominated(p, wins)]
        lines.append(
            f"| {wins} ({0.5**wins:.3f}) | {len(hit)} of {len(contested)} | {sum(p.m == 3 for p in hit)} |"
        )
    return "\n".join(lines)


def table(problems: list[ProblemDivergence], gates: Thresholds) -> str:
    """The per-problem table at ``gates``: the measures, the decision and the deciding reason."""
    lines = [
        "| problem | solutions | > 0 | behavioural | separating | top ties | crossing | kept at 4 | decision |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for p in problems:
        decide_solutions(p, list(range(p.n)), gates, keep=True)
        sub = subset_keep_rate(p, gates)
        rejected = next((d for d in p.decisions if d.verdict == "reject"), None)
        undecided = next((d for d in p.decisions if d.verdict == "undecided"), None)
        decision = (
            f"rejected: {rejected.reason.split(':')[0]}"
            if rejected
            else "kept (tie undecided)"
            if undecided
            else "kept"
        )
        fmt = lambda v: "-" if v is None else f"{v:.3f}"  # noqa: E731
        lines.append(
            f"| {p.source} | {p.n} | {p.positive} | {fmt(p.behavioural)} | {p.separating_tests}/{p.m} | "
            f"{p.top_ties} | {fmt(p.crossing)} | {'-' if sub is None else f'{sub:.2f}'} | {decision} |"
        )
    return "\n".join(lines)


def noise(first: list[ProblemDivergence], second: list[ProblemDivergence], gates: Thresholds) -> str:
    by_id = {p.problem_id: p for p in second}
    pairs = [(p, by_id[p.problem_id]) for p in first if p.problem_id in by_id]
    flips, moved = [], {"behavioural": [], "crossing": [], "separating_tests": [], "top_ties": []}
    for a, b in pairs:
        ka = decide_solutions(a, list(range(a.n)), gates, keep=True)
        kb = decide_solutions(b, list(range(b.n)), gates, keep=True)
        if ka != kb:
            flips.append(f"{a.source} ({'kept' if ka else 'rejected'} → {'kept' if kb else 'rejected'})")
        for key in moved:
            va, vb = getattr(a, key), getattr(b, key)
            if va is not None and vb is not None:
                moved[key].append(abs(float(va) - float(vb)))
    changed_scores = sum(a.scores != b.scores for a, b in pairs)
    lines = [
        f"{len(pairs)} problems in both runs; {changed_scores} with some solution scoring differently on some test; "
        f"{len(flips)} decisions differ" + (f": {', '.join(flips)}." if flips else "."),
        "",
        "| measure | problems where it moved | mean move | largest move |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key, values in moved.items():
        arr = np.array(values) if values else np.zeros(1)
        lines.append(f"| {key} | {int((arr > 1e-9).sum())} | {arr.mean():.4f} | {arr.max():.4f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="evaluate-divergence --json outputs (a second: the noise)")
    parser.add_argument("--out", help="also write the report here (markdown)")
    args = parser.parse_args()
    problems, families, run = load(args.runs[0])
    rates, needed = tie_rate(problems)
    gates = DEFAULT_THRESHOLDS.model_copy(update={"min_separating_tests": needed, "min_top_ties": 2})
    contested = [p for p in problems if p.positive >= 2]
    parts = [
        f"{len(problems)} problems, {len(contested)} with two solutions above 0; "
        f"{sum(f.kind == 'open' for f in families)} open and {sum(f.kind == 'pseudo-open' for f in families)} "
        f"pseudo-open catalog families; semantic judge {run['judge']}.",
        "",
        "## How many separating tests a tie needs: the chance of a tie by luck on an open problem",
        "",
        rates,
        "",
        "## Every setting of the gates on the benchmark and the catalog",
        "",
        sweep(problems, families, gates),
        "",
        "## The other candidate rule: one solution dominating with enough wins",
        "",
        dominance(problems),
        "",
        "## Every problem at the chosen gates "
        f"({gates.model_dump(include={'min_behavioural', 'min_separating_tests', 'min_top_ties'})})",
        "",
        table(problems, gates),
    ]
    if len(args.runs) > 1:
        second, _, _ = load(args.runs[1])
        parts += ["", "## Noise between the two runs", "", noise(problems, second, gates)]
    report = "\n".join(parts) + "\n"
    sys.stdout.write(report)
    if args.out:
        Path(args.out).write_text(report)


if __name__ == "__main__":
    main()
