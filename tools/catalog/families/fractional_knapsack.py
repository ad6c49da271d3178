"""Fractional knapsack: a pseudo-open output-axis mutation of 0/1 knapsack.

Allowing fractions makes greedy-by-ratio exactly optimal, so the "open" problem has one dominant idea.
"""

import math

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "fractional_knapsack"
DISTRIBUTIONS = ("uniform", "correlated", "skewed", "ties")


class Config:
    def __init__(self, n_max: int = 2000, w_max: int = 1000, v_max: int = 1000) -> None:
        self.n_max = n_max
        self.w_max = w_max
        self.v_max = v_max
        if not 1 <= self.n_max <= 100_000:
            raise ValueError("n_max must be between 1 and 100000")
        if not 1 <= self.w_max <= 10**6 or not 1 <= self.v_max <= 10**6:
            raise ValueError("w_max and v_max must be between 1 and 1e6")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(1000, 2000))
    wm, vm = cfg.w_max, cfg.v_max
    items = []
    for _ in range(n):
        w = rng.randint(1, wm)
        if dist == "uniform":
            v = rng.randint(1, vm)
        elif dist == "correlated":
            v = max(1, min(vm, w + rng.randint(-wm // 10, wm // 10)))
        elif dist == "skewed":
            v = max(1, min(vm, int(vm * rng.random() ** 4)))
        elif dist == "ties":
            w = rng.randint(1, wm // 4)
            v = min(vm, w * rng.choice((1, 2, 3, 4)))
        else:
            raise ValueError(f"unknown distribution {dist!r}")
        items.append((w, v))
    total = sum(w for w, _ in items)
    cap = max(1, int(total * rng.uniform(0.2, 0.5)))
    return f"{n} {cap}\n" + "".join(f"{w} {v}\n" for w, v in items)


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int]]]:
    rows = token_lines(text)
    if len(rows[0]) != 2:
        raise ValueError("the first line must hold n and W")
    n = read_int(rows[0][0], 1, cfg.n_max, "n")
    cap = read_int(rows[0][1], 1, cfg.n_max * cfg.w_max, "W")
    if len(rows) != n + 1:
        raise ValueError(f"expected {n} item lines, got {len(rows) - 1}")
    items = []
    for row in rows[1:]:
        if len(row) != 2:
            raise ValueError("each item line must hold a weight and a value")
        items.append((read_int(row[0], 1, cfg.w_max, "a weight"), read_int(row[1], 1, cfg.v_max, "a value")))
    return cap, items


def validate(cfg: Config, text: str) -> dict[str, int]:
    _, items = _parse(cfg, text)
    return {"n": len(items)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    cap, items = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != len(items):
        return False, None, f"expected {len(items)} fractions, got {len(toks)}"
    xs = []
    for t in toks:
        try:
            x = float(t)
        except ValueError:
            return False, None, f"{t[:20]!r} is not a number"
        if not math.isfinite(x) or not -1e-9 <= x <= 1 + 1e-9:
            return False, None, f"fraction {t[:20]} is outside [0, 1]"
        xs.append(min(1.0, max(0.0, x)))
    load = sum(x * w for x, (w, _) in zip(xs, items, strict=True))
    if load > cap * (1 + 1e-9) + 1e-6:
        return False, None, f"total weight {load:.6f} exceeds the capacity {cap}"
    value = sum(x * v for x, (_, v) in zip(xs, items, strict=True))
    # rounded so that equally good answers printed with different float noise score the same
    return True, round(1 + value, 6), f"value {value:.6f} at weight {load:.6f}"


NO_SEED_ORACLE = "fractions widen the seed's 0/1 choices, so its checker would reject feasible answers"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: one fraction in [0, 1] per item, the load within W (to the
    verifier's tolerances)."""
    cap, items = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != len(items):
        return False, f"the output must be {len(items)} fractions"
    try:
        xs = [float(t) for t in toks]
    except ValueError:
        return False, "every fraction must be a number"
    if not all(-1e-9 <= x <= 1 + 1e-9 for x in xs):  # NaN fails both comparisons
        return False, "every fraction must lie in [0, 1]"
    load = sum(min(1.0, max(0.0, x)) * w for x, (w, _) in zip(xs, items, strict=True))
    return load <= cap * (1 + 1e-9) + 1e-6, f"the load is {load:.6f} (W = {cap})"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4 10
5 10
4 7
6 9
3 3
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "Fractional knapsack",
    "statement": """
A trader can carry at most W kilograms. Item i weighs w_i kilograms and is worth v_i in total; any
fraction of an item may be taken, its worth scaling linearly. Choose how much of each item to take to
maximise the worth carried.

## Input

The first line holds `n W` (1 <= n <= 2000, 1 <= W <= 2000000). Each of the next `n` lines
holds `w_i v_i` (1 <= w_i, v_i <= 1000).

## Output

`n` real numbers x_1 .. x_n with 0 <= x_i <= 1 (decimal notation), such that
Σ x_i·w_i <= W (a relative slack of 1e-9 is allowed).
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "1 + sum of x_i * v_i"},
    "input_spec": {
        "constraints": "integer weights and values",
        "bounds": {"n": [1, 2000], "W": [1, 2000000], "w": [1, 1000], "v": [1, 1000]},
    },
    "output_spec": {"description": "n fractions in [0, 1] whose weighted sum fits in W"},
    "io_format": "n W, then n lines w v; answer: n fractions",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "knapsack_01",
    "axis": "output",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy by ratio (sort)",
            "summary": "Sort by value/weight descending and fill, taking a fraction of the first item that "
            "does not fit whole.",
            "file": "ratio_sort.py",
        },
        {
            "strategy": "greedy by ratio (heap)",
            "summary": "The same greedy, popping items from a max-heap keyed by value/weight until full.",
            "file": "ratio_heap.py",
        },
        {
            "strategy": "greedy by ratio (weighted median selection)",
            "summary": "Find the critical ratio by repeated partitioning around a pivot (linear expected "
            "time), take everything above it whole and the critical item fractionally.",
            "file": "ratio_select.cpp",
        },
        {
            "strategy": "greedy by value (weaker)",
            "summary": "Fill by value descending, ignoring weight; never better than the ratio greedy.",
            "file": "value_greedy.py",
        },
    ],
    "baseline": {
        "strategy": "whole items in input order",
        "summary": "Take each item whole, in input order, while it still fits.",
        "file": "baseline.py",
    },
}
