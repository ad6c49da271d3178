"""Closed seed: the largest set of pairwise non-overlapping half-open intervals (greedy by right end)."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "interval_scheduling"
DISTRIBUTIONS = ("uniform", "nested", "short_dense")


class Config:
    def __init__(self, n_max: int = 20000, t_max: int = 1_000_000_000) -> None:
        self.n_max = n_max
        self.t_max = t_max
        if self.n_max < 1 or self.t_max < 2:
            raise ValueError("interval_scheduling config needs n_max >= 1 and t_max >= 2")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    n = rng.randint(max(1, cfg.n_max // 2), cfg.n_max)
    out = []
    for _ in range(n):
        if dist == "uniform":
            a, b = rng.randint(0, cfg.t_max), rng.randint(0, cfg.t_max)
            while a == b:
                b = rng.randint(0, cfg.t_max)
            lo, hi = min(a, b), max(a, b)
        elif dist == "nested":
            # intervals around a few centres, long ones containing short ones: picking by start or by
            # length fails, picking by end works
            centre = rng.choice((cfg.t_max // 4, cfg.t_max // 2, 3 * cfg.t_max // 4))
            half = int(rng.random() ** 3 * cfg.t_max // 4) + 1
            lo, hi = max(0, centre - half), min(cfg.t_max, centre + half + rng.randint(0, 3))
        else:
            # short intervals on a small grid so endpoints touch and ties are common
            lo = rng.randint(0, 2000)
            hi = lo + rng.randint(1, 20)
        out.append((lo, hi))
    return "\n".join([str(n)] + [f"{a} {b}" for a, b in out]) + "\n"


def _parse(cfg: Config, text: str) -> list[tuple[int, int]]:
    ivs = numbered_lines(text, cfg.n_max, "interval", [("l", 0, cfg.t_max), ("r", 0, cfg.t_max)])
    for i, (lo, hi) in enumerate(ivs, 1):
        if lo >= hi:
            raise ValueError(f"interval {i} has l >= r")
    return ivs


def _best(intervals: list[tuple[int, int]]) -> int:
    count, end = 0, -1
    for lo, hi in sorted(intervals, key=lambda x: x[1]):
        if lo >= end:
            count += 1
            end = hi
    return count


def validate(cfg: Config, text: str) -> None:
    _parse(cfg, text)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    intervals = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks:
        return False, None, "empty output"
    try:
        k = read_int(toks[0], 0, len(intervals), "k")
        if len(toks) != k + 1:
            return False, None, f"expected k = {k} indices after k, found {len(toks) - 1}"
        chosen = [read_int(t, 1, len(intervals), "an interval index") for t in toks[1:]]
    except ValueError as exc:
        return False, None, str(exc)
    if len(set(chosen)) != k:
        return False, None, "an interval is listed twice"
    picked = sorted(intervals[i - 1] for i in chosen)
    for (a1, b1), (a2, b2) in zip(picked, picked[1:], strict=False):
        if b1 > a2:
            return False, None, f"intervals [{a1}, {b1}) and [{a2}, {b2}) overlap"
    best = _best(intervals)
    if k != best:
        return False, None, f"{k} intervals chosen; the maximum is {best}"
    return True, 1.0, "maximum set of disjoint intervals"


_REFERENCE = {
    "strategy": "greedy by earliest end",
    "summary": "Sort by right end and take every interval that starts no earlier than the last taken end.",
    "file": "reference.py",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Interval scheduling",
    "statement": """
# Interval scheduling

A lecture hall receives **n** booking requests; request i wants the hall for the half-open time
interval [l_i, r_i). Accept as many requests as possible so that no two accepted requests overlap
(an interval ending at t and one starting at t do not overlap).

## Input
The first line holds n. Each of the next n lines holds `l r`.

## Output
The first line holds k, the number of accepted requests; the second line holds their k distinct
indices (1-based, in input order).

## Constraints
1 <= n <= 20000, 0 <= l < r <= 10^9.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "number of accepted intervals"},
    "input_spec": {
        "constraints": "1 <= n <= 20000, 0 <= l < r <= 1e9",
        "bounds": {"n": [1, 20000], "t": [0, 1000000000]},
    },
    "output_spec": {"description": "k and k distinct indices of pairwise disjoint intervals, k maximum"},
    "io_format": "stdin: n, then n lines 'l r'; stdout: k, then k indices",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
