"""Closed seed: 0/1 knapsack with a small capacity, solved exactly by dynamic programming over capacity."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "knapsack_01"
DISTRIBUTIONS = ("uncorrelated", "strongly_correlated", "subset_sum")


class Config:
    def __init__(self, n_max: int = 200, cap_max: int = 10000, v_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.cap_max = cap_max
        self.v_max = v_max
        if self.n_max < 1 or self.cap_max < 1 or self.v_max < 1:
            raise ValueError("knapsack_01 config needs n_max, cap_max and v_max >= 1")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    n = rng.randint(max(1, cfg.n_max // 2), cfg.n_max)
    cap = rng.randint(max(1, cfg.cap_max // 2), cfg.cap_max)
    w_hi = max(1, min(cap, cap // 8 if dist != "subset_sum" else cap // 4))
    items = []
    for _ in range(n):
        w = rng.randint(1, w_hi)
        if dist == "uncorrelated":
            v = rng.randint(1, cfg.v_max)
        elif dist == "strongly_correlated":
            # value = weight + constant: the classic hard case for ratio greedy
            v = min(cfg.v_max, w * 100 + 1000)
        else:
            v = w  # subset sum: fill the knapsack as tightly as possible
        items.append((w, v))
    return "\n".join([f"{n} {cap}"] + [f"{w} {v}" for w, v in items]) + "\n"


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int]]]:
    rows = token_rows(text)
    if len(rows[0]) != 2:
        raise ValueError("the first line must hold n and W")
    n = read_int(rows[0][0], 1, cfg.n_max, "n")
    cap = read_int(rows[0][1], 1, cfg.cap_max, "W")
    if len(rows) != n + 1:
        raise ValueError(f"expected {n} item lines, found {len(rows) - 1}")
    items = []
    for i, row in enumerate(rows[1:], 1):
        if len(row) != 2:
            raise ValueError(f"item line {i} must hold w v")
        items.append(
            (read_int(row[0], 1, cap, f"w of item {i}"), read_int(row[1], 1, cfg.v_max, f"v of item {i}"))
        )
    return cap, items


def _best(cap: int, items: list[tuple[int, int]]) -> int:
    dp = [0] * (cap + 1)  # dp[c] = best value with total weight <= c
    for w, v in items:
        dp = dp[:w] + [a if a >= b + v else b + v for a, b in zip(dp[w:], dp, strict=False)]
    return dp[cap]


def validate(cfg: Config, text: str) -> None:
    _parse(cfg, text)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    cap, items = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks:
        return False, None, "empty output"
    try:
        k = read_int(toks[0], 0, len(items), "k")
        if len(toks) != k + 1:
            return False, None, f"expected k = {k} item indices after k, found {len(toks) - 1}"
        chosen = [read_int(t, 1, len(items), "an item index") for t in toks[1:]]
    except ValueError as exc:
        return False, None, str(exc)
    if len(set(chosen)) != k:
        return False, None, "an item is listed twice"
    weight = sum(items[i - 1][0] for i in chosen)
    if weight > cap:
        return False, None, f"the items weigh {weight} > W = {cap}"
    value = sum(items[i - 1][1] for i in chosen)
    best = _best(cap, items)
    if value != best:
        return False, None, f"the items are worth {value}; the maximum is {best}"
    return True, 1.0, "optimal packing"


_REFERENCE = {
    "strategy": "DP over capacity",
    "summary": "dp[i][c] = best value from the first i items within capacity c; walk the table back to "
    "recover the chosen items.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "0/1 knapsack",
    "statement": """
# 0/1 knapsack

A courier can carry at most **W** kilograms. There are **n** parcels; parcel i weighs w_i and pays v_i.
Choose a set of parcels of total weight at most W with the largest total pay.

## Input
The first line holds `n W`. Each of the next n lines holds `w v` for one parcel.

## Output
The first line holds k, the number of chosen parcels; the second line holds their k distinct indices
(1-based, in input order). An empty set is written as a single `0`.

## Constraints
1 <= n <= 200, 1 <= W <= 10000, 1 <= w_i <= W, 1 <= v_i <= 10^6.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "total value of the chosen items"},
    "input_spec": {
        "constraints": "1 <= n <= 200, 1 <= W <= 10000, 1 <= w_i <= W, 1 <= v_i <= 1e6",
        "bounds": {"n": [1, 200], "W": [1, 10000], "v": [1, 1000000]},
    },
    "output_spec": {"description": "k and k distinct item indices of total weight <= W and maximum value"},
    "io_format": "stdin: n W, then n lines 'w v'; stdout: k, then k item indices",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
