"""Multiple knapsack (open, output axis of knapsack_01): assign items to k knapsacks of given capacities
(or leave them out) maximising the total profit packed. Generator, validator and native verifier."""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "multi_knapsack"
DISTRIBUTIONS = ("uncorrelated", "one_big", "skewed_capacities", "many_small")


class Config:
    def __init__(
        self,
        n_max: int = 400,
        k_max: int = 50,
        w_max: int = 10_000,
        p_max: int = 100_000,
        c_max: int = 1_000_000,
    ) -> None:
        self.n_max = n_max
        self.k_max = k_max
        self.w_max = w_max
        self.p_max = p_max
        self.c_max = c_max
        if not 1 <= self.n_max <= 100_000 or not 1 <= self.k_max <= 1000:
            raise ValueError("n_max must be in [1, 100000] and k_max in [1, 1000]")
        if self.w_max < 1 or self.p_max < 1 or self.c_max < 1:
            raise ValueError("w_max, p_max and c_max must be positive")


def _parse(cfg: Config, text: str) -> tuple[list[int], list[int], list[int]]:
    v = read_ints(text)
    if len(v) < 2:
        raise ValueError("the input must start with n and k")
    n, k = v[0], v[1]
    if not 1 <= n <= cfg.n_max or not 1 <= k <= cfg.k_max:
        raise ValueError(f"need 1 <= n <= {cfg.n_max} and 1 <= k <= {cfg.k_max}")
    if len(v) != 2 + k + 2 * n:
        raise ValueError(f"expected {2 + k + 2 * n} integers, found {len(v)}")
    caps = v[2 : 2 + k]
    w = v[2 + k :: 2]
    p = v[3 + k :: 2]
    if any(not 1 <= c <= cfg.c_max for c in caps):
        raise ValueError(f"capacities must be in [1, {cfg.c_max}]")
    if any(not 1 <= x <= cfg.w_max for x in w) or any(not 1 <= x <= cfg.p_max for x in p):
        raise ValueError(f"weights must be in [1, {cfg.w_max}] and profits in [1, {cfg.p_max}]")
    return caps, w, p


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(200, 350))
    w = [min(cfg.w_max, rng.randint(10, 100)) for _ in range(n)]
    if dist == "uncorrelated":
        # large items and few roomy knapsacks: many orders pack them almost equally well
        n = min(cfg.n_max, rng.randint(150, 250))
        k = min(cfg.k_max, rng.randint(2, 4))
        w = [min(cfg.w_max, rng.randint(100, 1000)) for _ in range(n)]
        p = [min(cfg.p_max, rng.randint(100, 1000)) for _ in range(n)]
        caps = [int(sum(w) * rng.uniform(0.3, 0.5) / k * rng.uniform(0.5, 1.5)) for _ in range(k)]
    elif dist == "one_big":
        # one big knapsack that only large items can fill, a few small ones, and just a little filler
        big = [rng.randint(200, 600) for _ in range(rng.randint(60, 90))]
        small_caps = [rng.randint(30, 60) for _ in range(rng.randint(5, 8))]
        tiny = []
        while sum(tiny) < sum(small_caps) * 1.2:
            tiny.append(rng.randint(5, 25))
        w = [min(cfg.w_max, x) for x in big + tiny]
        rng.shuffle(w)
        n = len(w)
        k = min(cfg.k_max, len(small_caps) + 1)
        p = [min(cfg.p_max, max(1, int(x * rng.uniform(0.9, 1.1)))) for x in w]
        caps = small_caps[: k - 1] + [int(sum(big) * rng.uniform(0.35, 0.5))]
        rng.shuffle(caps)
    elif dist == "skewed_capacities":
        # one big knapsack and several small ones that only fit a few items each
        k = min(cfg.k_max, rng.randint(8, 12))
        p = [min(cfg.p_max, max(1, int(x * rng.uniform(0.5, 1.5)))) for x in w]
        caps = [rng.randint(60, 250) for _ in range(k - 1)] + [int(sum(w) * rng.uniform(0.15, 0.3))]
        rng.shuffle(caps)
    else:  # many_small: many small knapsacks holding 2-4 items each, so packings must be coordinated
        k = min(cfg.k_max, rng.randint(25, 40))
        w = [min(cfg.w_max, rng.randint(25, 110)) for _ in range(n)]
        p = [min(cfg.p_max, max(1, int(x * rng.uniform(0.8, 1.25)))) for x in w]
        caps = [rng.randint(90, 260) for _ in range(k)]
    caps = [max(1, min(cfg.c_max, c)) for c in caps]
    return f"{n} {k}\n" + " ".join(map(str, caps)) + "\n" + "".join(f"{w[i]} {p[i]}\n" for i in range(n))


def validate(cfg: Config, text: str) -> dict[str, int]:
    caps, w, _ = _parse(cfg, text)
    return {"n": len(w), "k": len(caps)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    caps, w, p = _parse(cfg, input_text)
    n, k = len(w), len(caps)
    toks = output_text.split()
    if len(toks) != n:
        return False, None, f"expected {n} knapsack numbers, found {len(toks)}"
    if not all(t.isdigit() for t in toks):
        return False, None, "knapsack numbers must be integers between 0 and k"
    a = [int(t) for t in toks]
    if any(x > k for x in a):
        return False, None, f"knapsack numbers must be between 0 and {k}"
    load = [0] * (k + 1)
    for i, x in enumerate(a):
        load[x] += w[i]
    for j in range(1, k + 1):
        if load[j] > caps[j - 1]:
            return False, None, f"knapsack {j} holds weight {load[j]} > capacity {caps[j - 1]}"
    total = sum(p[i] for i in range(n) if a[i])
    return True, float(total + 1), f"packed profit {total}"


def _loads(cfg: Config, input_text: str, output_text: str) -> tuple[list[int], list[int]] | str:
    caps, w, _ = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != len(w) or not all(t.isdigit() and int(t) <= len(caps) for t in toks):
        return f"the output must be {len(w)} knapsack numbers in 0..{len(caps)}"
    load = [0] * (len(caps) + 1)
    for t, wi in zip(toks, w, strict=True):
        load[int(t)] += wi
    return caps, load[1:]


def seed_feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """What knapsack_01's checker asks of a packing, without its optimality, of each knapsack's items: that
    they fit in its capacity."""
    got = _loads(cfg, input_text, output_text)
    if isinstance(got, str):
        return False, got
    over = [j for j, (c, x) in enumerate(zip(*got, strict=True), 1) if x > c]
    return not over, f"knapsack {over[0]} is over its capacity" if over else "every knapsack fits"


# An output mutation, and the seed's checker asks all that C_O asks: the two coincide here.
feasible = seed_feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
5 2
8 6
4 5
3 4
5 7
2 2
6 6
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Multiple Knapsack",
    "statement": """
There are n items (weight w_i, profit p_i) and k knapsacks with capacities c_1..c_k. Put each item into at
most one knapsack so that no knapsack is overfull, maximising the total profit of the packed items
(strongly NP-hard, unlike the single 0/1 knapsack with small weights).

## Input

The first line holds n and k; the second line the k capacities; then n lines `w_i p_i`.

## Output

n integers: for each item the knapsack (1..k) it goes into, or 0 if it is left out.

## Constraints

1 <= n <= 400, 1 <= k <= 50, 1 <= w_i <= 10^4, 1 <= p_i <= 10^5, 1 <= c_j <= 10^6.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "1 + total profit of packed items"},
    "input_spec": {
        "constraints": "integers",
        "bounds": {"n": [1, 400], "k": [1, 50], "w": [1, 10000], "p": [1, 100000], "c": [1, 1000000]},
    },
    "output_spec": {"description": "n knapsack numbers in [0, k]; every knapsack within capacity"},
    "io_format": "stdin: n k, k capacities, n lines 'w p'; stdout: n knapsack numbers",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "knapsack_01",
    "axis": "output",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy by ratio, best fit",
            "summary": "Items in decreasing p/w, each into the knapsack whose remaining room fits it most "
            "tightly.",
            "file": "greedy.py",
        },
        {
            "strategy": "knapsack-by-knapsack exact DP with re-solve sweeps",
            "summary": "Fills the knapsacks one at a time, largest first, each with an exact 0/1 knapsack DP "
            "over the items still unpacked, then re-solves each knapsack against the unpacked pool.",
            "file": "sequential_dp.cpp",
        },
        {
            "strategy": "simulated annealing",
            "summary": "Move, swap and eject-to-insert moves between knapsacks and the unpacked pool, keeping "
            "every knapsack feasible; starts from a smallest-knapsack-first DP fill.",
            "file": "anneal.cpp",
        },
    ],
    "baseline": {
        "strategy": "first fit in input order",
        "summary": "Each item, in input order, goes into the first knapsack that still has room.",
        "file": "baseline.py",
    },
    "reference": None,
}
