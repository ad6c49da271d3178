"""Quadratic knapsack (open, objective axis of knapsack_01): items earn their own profit plus a bonus for
every chosen pair; pick items within capacity maximising the total. Generator, validator, verifier."""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "quadratic_knapsack"
DISTRIBUTIONS = ("dense_pairs", "sparse_pairs", "clustered")


class Config:
    def __init__(
        self, n_max: int = 500, q_max: int = 20000, w_max: int = 1000, p_max: int = 1000, c_max: int = 100_000
    ) -> None:
        self.n_max = n_max
        self.q_max = q_max
        self.w_max = w_max
        self.p_max = p_max
        self.c_max = c_max
        if not 1 <= self.n_max <= 5000:
            raise ValueError("n_max must be between 1 and 5000")
        if self.q_max < 0 or self.w_max < 1 or self.p_max < 0 or self.c_max < 1:
            raise ValueError("q_max, p_max must be >= 0 and w_max, c_max >= 1")


def _parse(cfg: Config, text: str):
    v = read_ints(text)
    if len(v) < 2:
        raise ValueError("the input must start with n and C")
    n, cap = v[0], v[1]
    if not 1 <= n <= cfg.n_max or not 1 <= cap <= cfg.c_max:
        raise ValueError(f"need 1 <= n <= {cfg.n_max} and 1 <= C <= {cfg.c_max}")
    if len(v) < 3 + 2 * n:
        raise ValueError("the input ends before all items and the pair count")
    w = v[2 : 2 + 2 * n : 2]
    p = v[3 : 3 + 2 * n : 2]
    if any(not 1 <= x <= cfg.w_max for x in w) or any(not 0 <= x <= cfg.p_max for x in p):
        raise ValueError(f"weights must be in [1, {cfg.w_max}] and profits in [0, {cfg.p_max}]")
    q = v[2 + 2 * n]
    if not 0 <= q <= cfg.q_max:
        raise ValueError(f"the number of pairs must be in [0, {cfg.q_max}]")
    if len(v) != 3 + 2 * n + 3 * q:
        raise ValueError(f"expected {3 + 2 * n + 3 * q} integers, found {len(v)}")
    pairs = []
    seen = set()
    base = 3 + 2 * n
    for k in range(q):
        i, j, g = v[base + 3 * k : base + 3 * k + 3]
        if not (1 <= i < j <= n) or not 1 <= g <= cfg.p_max:
            raise ValueError(f"pair {k + 1} must have 1 <= i < j <= n and 1 <= g <= {cfg.p_max}")
        if (i, j) in seen:
            raise ValueError(f"pair ({i}, {j}) is listed twice")
        seen.add((i, j))
        pairs.append((i - 1, j - 1, g))
    return n, cap, w, p, pairs


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    pairs: dict[tuple[int, int], int] = {}
    if dist == "dense_pairs":
        n = min(cfg.n_max, rng.randint(150, 200))
        w = [rng.randint(1, 50) for _ in range(n)]
        p = [rng.randint(1, 100) for _ in range(n)]
        density = rng.uniform(0.2, 0.35)
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < density:
                    pairs[(i, j)] = rng.randint(1, 100)
        frac = rng.uniform(0.2, 0.4)
    elif dist == "sparse_pairs":
        n = min(cfg.n_max, rng.randint(300, 360))
        w = [rng.randint(10, 100) for _ in range(n)]
        p = [max(0, min(cfg.p_max, wi + rng.randint(-10, 60))) for wi in w]
        for _ in range(3 * n):
            i, j = sorted(rng.sample(range(n), 2))
            pairs[(i, j)] = rng.randint(1, 120)
        frac = rng.uniform(0.25, 0.45)
    else:  # clustered: big bonuses inside hidden groups; an item alone is barely worth its weight
        n = min(cfg.n_max, rng.randint(250, 320))
        w = [rng.randint(5, 60) for _ in range(n)]
        p = [rng.randint(0, 20) for _ in range(n)]
        perm = list(range(n))
        rng.shuffle(perm)
        k = 0
        while k < n:
            size = rng.randint(4, 12)
            group = perm[k : k + size]
            k += size
            for a in range(len(group)):
                for b in range(a + 1, len(group)):
                    if rng.random() < 0.7:
                        i, j = sorted((group[a], group[b]))
                        pairs[(i, j)] = rng.randint(20, 80)
        for _ in range(n):
            i, j = sorted(rng.sample(range(n), 2))
            pairs.setdefault((i, j), rng.randint(1, 15))
        frac = rng.uniform(0.15, 0.3)
    items = list(pairs.items())[: cfg.q_max]
    rng.shuffle(items)
    cap = max(1, min(cfg.c_max, int(sum(w) * frac)))
    lines = [f"{n} {cap}"] + [f"{w[i]} {p[i]}" for i in range(n)] + [str(len(items))]
    lines += [f"{i + 1} {j + 1} {g}" for (i, j), g in items]
    return "\n".join(lines) + "\n"


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, *_ = _parse(cfg, text)
    return {"n": n}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, cap, w, p, pairs = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != n:
        return False, None, f"expected {n} values (0 or 1), found {len(toks)}"
    if any(t not in ("0", "1") for t in toks):
        return False, None, "every value must be 0 or 1"
    x = [t == "1" for t in toks]
    weight = sum(w[i] for i in range(n) if x[i])
    if weight > cap:
        return False, None, f"chosen weight {weight} exceeds the capacity {cap}"
    total = sum(p[i] for i in range(n) if x[i]) + sum(g for i, j, g in pairs if x[i] and x[j])
    return True, float(total + 1), f"profit {total}, weight {weight}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: n values in {0, 1} whose chosen items fit in C."""
    n, cap, w, _, _ = _parse(cfg, input_text)
    bits = output_text.split()
    if len(bits) != n or not set(bits) <= {"0", "1"}:
        return False, f"the output must be {n} values, each 0 or 1"
    load = sum(wi for wi, b in zip(w, bits, strict=True) if b == "1")
    return load <= cap, f"the chosen items weigh {load} (C = {cap})"


# An objective mutation keeps the seed's C_O: knapsack_01's checker (distinct items within the capacity),
# without its optimality, asks the same of the set these bits choose.
seed_feasible = feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4 9
3 4
4 5
2 2
5 6
2
1 2 3
2 4 6
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Quadratic Knapsack",
    "statement": """
There are n items; item i has weight w_i and profit p_i, and some pairs (i, j) earn an extra bonus g_ij when
BOTH i and j are chosen. Choose items of total weight at most C maximising the sum of the chosen items'
profits plus the bonuses of the chosen pairs (NP-hard even without the capacity: it contains densest
subgraph).

## Input

The first line holds n and C. Then n lines `w_i p_i`. Then a line with q, the number of pairs,
and q lines `i j g` (1 <= i < j <= n, every pair at most once).

## Output

n integers separated by whitespace: 1 if item i is chosen, 0 otherwise. The chosen weight must
not exceed C.

## Constraints

1 <= n <= 500, 1 <= C <= 100000, 1 <= w_i <= 1000, 0 <= p_i <= 1000, 0 <= q <= 20000,
1 <= g_ij <= 1000.
""",
    "objective": {
        "kind": "optimise",
        "sense": "max",
        "formula": "1 + sum of chosen profits + bonuses of chosen pairs",
    },
    "input_spec": {
        "constraints": "pairs have i < j and appear at most once",
        "bounds": {
            "n": [1, 500],
            "C": [1, 100000],
            "w": [1, 1000],
            "p": [0, 1000],
            "q": [0, 20000],
            "g": [1, 1000],
        },
    },
    "output_spec": {"description": "n values in {0, 1}; chosen weight <= C"},
    "io_format": "stdin: n C, n lines 'w p', q, q lines 'i j g'; stdout: n values 0/1",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "knapsack_01",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy by marginal gain per weight",
            "summary": "Repeatedly adds the fitting item with the largest (own profit + bonuses with items "
            "already chosen) / weight.",
            "file": "greedy.py",
        },
        {
            "strategy": "simulated annealing",
            "summary": "Add, drop and swap moves over feasible selections with incremental gains and a "
            "geometric cooling schedule; returns the best selection seen.",
            "file": "anneal.cpp",
        },
        {
            "strategy": "iterated linearisation with knapsack DP",
            "summary": "Linearises the bonuses around the current selection (half of each bonus with a "
            "chosen partner, plus an optimism term), solves that 0/1 knapsack exactly by DP, and repeats.",
            "file": "relinearize.cpp",
        },
    ],
    "baseline": {
        "strategy": "greedy by profit/weight ignoring bonuses",
        "summary": "The classic 0/1 knapsack greedy: items in decreasing p_i / w_i while they fit.",
        "file": "baseline.py",
    },
    "reference": None,
}
