"""Coin-system design (open, objective axis of coin_change): choose at most k denominations, 1 included,
so that paying a given multiset of amounts optimally takes as few coins as possible."""

import math

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "coin_denominations"
DISTRIBUTIONS = ("uniform", "prices", "log_spread")


class Config:
    def __init__(self, k_max: int = 12, m_max: int = 800, a_max: int = 5000, d_max: int = 1_000_000) -> None:
        self.k_max = k_max
        self.m_max = m_max
        self.a_max = a_max
        self.d_max = d_max
        if not 1 <= self.k_max <= 100:
            raise ValueError("k_max must be between 1 and 100")
        if not 1 <= self.m_max <= 100_000 or not 1 <= self.a_max <= 100_000:
            raise ValueError("m_max and a_max must be between 1 and 100000")
        if self.d_max < 1:
            raise ValueError("d_max must be positive")


def _parse(cfg: Config, text: str) -> tuple[int, list[int]]:
    v = read_ints(text)
    if len(v) < 2:
        raise ValueError("the input must start with k and m")
    k, m = v[0], v[1]
    if not 1 <= k <= cfg.k_max or not 1 <= m <= cfg.m_max:
        raise ValueError(f"need 1 <= k <= {cfg.k_max} and 1 <= m <= {cfg.m_max}")
    if len(v) != 2 + m:
        raise ValueError(f"expected {2 + m} integers, found {len(v)}")
    amounts = v[2:]
    if any(not 1 <= a <= cfg.a_max for a in amounts):
        raise ValueError(f"amounts must be in [1, {cfg.a_max}]")
    return k, amounts


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    if dist == "uniform":
        k = min(cfg.k_max, rng.randint(4, 6))
        top = min(cfg.a_max, rng.randint(800, 1500))
        amounts = [rng.randint(1, top) for _ in range(min(cfg.m_max, rng.randint(300, 600)))]
    elif dist == "prices":
        # shop prices cluster just below round numbers (x99, x49, x95) plus some small change
        k = min(cfg.k_max, rng.randint(4, 6))
        amounts = []
        for _ in range(min(cfg.m_max, rng.randint(300, 600))):
            if rng.random() < 0.8:
                base = rng.choice((100, 100, 50, 250)) * rng.randint(1, 12)
                amounts.append(min(cfg.a_max, max(1, base - rng.choice((1, 1, 5, 51)))))
            else:
                amounts.append(rng.randint(1, min(cfg.a_max, 120)))
    else:  # log_spread: amounts spread over several orders of magnitude, more denominations allowed
        k = min(cfg.k_max, rng.randint(8, 11))
        top = min(cfg.a_max, rng.randint(2500, 3500))
        amounts = [max(1, int(math.exp(rng.uniform(0, math.log(top))))) for _ in range(rng.randint(400, 800))]
        amounts = amounts[: cfg.m_max]
    return f"{k} {len(amounts)}\n" + " ".join(map(str, amounts)) + "\n"


def validate(cfg: Config, text: str) -> dict[str, int]:
    k, amounts = _parse(cfg, text)
    return {"k": k, "m": len(amounts)}


def total_coins(denoms: list[int], amounts: list[int]) -> int:
    top = max(amounts)
    use = sorted(d for d in set(denoms) if d <= top)
    inf = 1 << 30
    best = [0] + [inf] * top
    for v in range(1, top + 1):
        b = inf
        for d in use:
            if d > v:
                break
            if best[v - d] + 1 < b:
                b = best[v - d] + 1
        best[v] = b
    return sum(best[a] for a in amounts)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    k, amounts = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks or not all(t.isdigit() for t in toks):
        return False, None, "the output must be t followed by t positive denominations"
    t = int(toks[0])
    if not 1 <= t <= k:
        return False, None, f"the number of denominations must be between 1 and {k}"
    if len(toks) != 1 + t:
        return False, None, f"expected {t} denominations after t, found {len(toks) - 1}"
    denoms = [int(x) for x in toks[1:]]
    if any(not 1 <= d <= cfg.d_max for d in denoms):
        return False, None, f"denominations must be in [1, {cfg.d_max}]"
    if len(set(denoms)) != t:
        return False, None, "denominations must be distinct"
    if 1 not in denoms:
        return False, None, "the denomination 1 must be included"
    total = total_coins(denoms, amounts)
    return True, float(total), f"{total} coins in total"


NO_SEED_ORACLE = "the seed's checker pays one amount with given coins; it cannot read a coin system"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: t <= k, then t distinct denominations in [1, d_max], 1
    among them."""
    k, _ = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks or not all(t.isdigit() for t in toks):
        return False, "the output must be t and t positive denominations"
    t, *coins = [int(x) for x in toks]
    if not 1 <= t <= k or len(coins) != t or len(set(coins)) != t:
        return False, f"t must be in 1..{k} and count the distinct denominations that follow"
    if 1 not in coins or not all(1 <= c <= cfg.d_max for c in coins):
        return False, f"the denominations must include 1 and lie in [1, {cfg.d_max}]"
    return True, "a coin system"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
3 5
3 7 12 18 25
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Designing a Coin System",
    "statement": """
A shop will pay out the m amounts a_1..a_m (a multiset). You may mint at most k distinct coin
denominations, one of which must be 1; every amount is then paid with the fewest possible coins of your
denominations (unlimited supply). Choose the denominations minimising the total number of coins used
over all m payments.

## Input

The first line holds k and m; the second line holds the m amounts.

## Output

A line with t (1 <= t <= k), then t distinct denominations (integers in [1, 10^6]) including 1,
all whitespace separated.

## Constraints

1 <= k <= 12, 1 <= m <= 800, 1 <= a_i <= 5000.
""",
    "objective": {
        "kind": "optimise",
        "sense": "min",
        "formula": "sum over amounts of the optimal coin count",
    },
    "input_spec": {"constraints": "integers", "bounds": {"k": [1, 12], "m": [1, 800], "a": [1, 5000]}},
    "output_spec": {"description": "t <= k distinct denominations in [1, 10^6], including 1"},
    "io_format": "stdin: k m, then m amounts; stdout: t then t denominations",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "coin_change",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy forward selection",
            "summary": "Starting from {1}, repeatedly adds the single denomination that lowers the total "
            "coin count most (each candidate evaluated by one incremental DP pass).",
            "file": "greedy.cpp",
        },
        {
            "strategy": "swap local search with restarts",
            "summary": "Replaces one denomination at a time by the best alternative value (full DP "
            "evaluation), from several random starting systems; keeps the best local optimum.",
            "file": "local_search.cpp",
        },
        {
            "strategy": "geometric-series family search",
            "summary": "Enumerates structured systems 1, c, c·r, c·r², ... over a grid of first "
            "coins c and ratios r and picks the best by exact evaluation.",
            "file": "geometric.cpp",
        },
    ],
    "baseline": {
        "strategy": "1-2-5 series",
        "summary": "The first k values of 1, 2, 5, 10, 20, 50, ...: a sensible currency that ignores the amounts.",
        "file": "baseline.py",
    },
    "reference": None,
}
