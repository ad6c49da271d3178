"""Closed seed: fewest coins that pay an amount exactly (unbounded coins, DP), or -1 if impossible."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "coin_change"
DISTRIBUTIONS = ("canonical", "non_canonical", "no_unit")


class Config:
    def __init__(self, n_max: int = 30, coin_max: int = 10000, amount_max: int = 30000) -> None:
        self.n_max = n_max
        self.coin_max = coin_max
        self.amount_max = amount_max
        if self.n_max < 1 or self.coin_max < 1 or self.amount_max < 0:
            raise ValueError("coin_change config needs n_max >= 1, coin_max >= 1 and amount_max >= 0")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    amount = rng.randint(cfg.amount_max // 2, cfg.amount_max)
    if dist == "canonical":
        base = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]
        coins = [c for c in base if c <= cfg.coin_max][: cfg.n_max]
    elif dist == "non_canonical":
        # 1 is present so every amount is payable, but greedy by largest coin is often wrong
        k = rng.randint(min(3, cfg.n_max), min(cfg.n_max, 12))
        coins = sorted({1} | {rng.randint(2, min(cfg.coin_max, 700)) for _ in range(k - 1)})
    else:
        # no coin of value 1 and a common factor in most coins: some amounts cannot be paid
        k = rng.randint(min(2, cfg.n_max), min(cfg.n_max, 8))
        g = rng.choice((2, 3, 5, 7))
        coins = sorted({g * rng.randint(2, max(2, min(cfg.coin_max, 900) // g)) for _ in range(k)})
        if rng.random() < 0.5:
            coins = sorted(set(coins) | {rng.randint(2, min(cfg.coin_max, 900))})[: cfg.n_max]
    coins = coins[: cfg.n_max]
    rng.shuffle(coins)
    return f"{len(coins)} {amount}\n{' '.join(map(str, coins))}\n"


def _parse(cfg: Config, text: str) -> tuple[list[int], int]:
    rows = token_rows(text)
    if len(rows) != 2 or len(rows[0]) != 2:
        raise ValueError("expected two lines: 'n A' and the n coin values")
    n = read_int(rows[0][0], 1, cfg.n_max, "n")
    amount = read_int(rows[0][1], 0, cfg.amount_max, "A")
    if len(rows[1]) != n:
        raise ValueError(f"expected {n} coin values, found {len(rows[1])}")
    coins = [read_int(t, 1, cfg.coin_max, "a coin value") for t in rows[1]]
    if len(set(coins)) != n:
        raise ValueError("coin values must be distinct")
    return coins, amount


def _fewest(coins: list[int], amount: int) -> int:
    inf = amount + 1
    dp = [0] + [inf] * amount
    for a in range(1, amount + 1):
        best = inf
        for c in coins:
            if c <= a and dp[a - c] + 1 < best:
                best = dp[a - c] + 1
        dp[a] = best
    return dp[amount] if dp[amount] <= amount else -1


def validate(cfg: Config, text: str) -> None:
    _parse(cfg, text)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    coins, amount = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks:
        return False, None, "empty output"
    try:
        k = read_int(toks[0], -1, amount, "k")
        if k == -1:
            if len(toks) != 1:
                return False, None, "after -1 nothing else may be printed"
            paid: list[int] = []
        else:
            if len(toks) != k + 1:
                return False, None, f"expected k = {k} coin values after k, found {len(toks) - 1}"
            paid = [read_int(t, 1, cfg.coin_max, "a coin value") for t in toks[1:]]
    except ValueError as exc:
        return False, None, str(exc)
    best = _fewest(coins, amount)
    if k == -1 or best == -1:
        if k != best:
            return False, None, f"the output says {k} but the fewest coins is {best}"
        return True, 1.0, "the amount cannot be paid"
    allowed = set(coins)
    if any(c not in allowed for c in paid):
        return False, None, "a listed coin is not one of the denominations"
    if sum(paid) != amount:
        return False, None, f"the coins sum to {sum(paid)}, not {amount}"
    if k != best:
        return False, None, f"{k} coins used; the fewest is {best}"
    return True, 1.0, "fewest coins"


_REFERENCE = {
    "strategy": "unbounded-coin DP",
    "summary": "dp[a] = fewest coins paying a, from dp[a - c] + 1 over every coin c; walk back from A to list "
    "the coins.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Coin change (fewest coins)",
    "statement": """
# Coin change

A vending machine must return exactly **A** cents using coins of **n** distinct denominations
(unlimited supply of each). Use as few coins as possible, or report that A cannot be paid.

## Input
The first line holds `n A`; the second line holds the n coin values.

## Output
If A cannot be paid print `-1`. Otherwise print k, the number of coins, on the first line and the k coin
values (with repetition, any order) on the second line. For A = 0 print `0`.

## Constraints
1 <= n <= 30, 1 <= coin value <= 10^4, 0 <= A <= 30000.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "number of coins paying A exactly"},
    "input_spec": {
        "constraints": "1 <= n <= 30, 1 <= c <= 1e4 distinct, 0 <= A <= 30000",
        "bounds": {"n": [1, 30], "c": [1, 10000], "A": [0, 30000]},
    },
    "output_spec": {"description": "-1, or k and k denominations summing to A with k minimum"},
    "io_format": "stdin: n A, then n coin values; stdout: -1, or k then k coin values",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
