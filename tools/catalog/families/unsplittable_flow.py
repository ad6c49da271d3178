"""Unsplittable flow (open, output axis of max_flow): route each demand along ONE path of a capacitated
digraph (or drop it), maximising the routed demand. Generator, validator and native verifier."""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "unsplittable_flow"
DISTRIBUTIONS = ("grid", "random", "bottleneck")


class Config:
    def __init__(self, n_max: int = 250, m_max: int = 1500, k_max: int = 400, c_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.m_max = m_max
        self.k_max = k_max
        self.c_max = c_max
        if not 2 <= self.n_max <= 100_000 or not 1 <= self.m_max <= 1_000_000:
            raise ValueError("n_max must be in [2, 100000] and m_max in [1, 1000000]")
        if not 1 <= self.k_max <= 100_000 or self.c_max < 1:
            raise ValueError("k_max must be in [1, 100000] and c_max positive")


def _parse(cfg: Config, text: str):
    v = read_ints(text)
    if len(v) < 3:
        raise ValueError("the input must start with n, m and K")
    n, m, k = v[0], v[1], v[2]
    if not 2 <= n <= cfg.n_max or not 1 <= m <= cfg.m_max or not 1 <= k <= cfg.k_max:
        raise ValueError(f"need 2 <= n <= {cfg.n_max}, 1 <= m <= {cfg.m_max}, 1 <= K <= {cfg.k_max}")
    if len(v) != 3 + 3 * m + 3 * k:
        raise ValueError(f"expected {3 + 3 * m + 3 * k} integers, found {len(v)}")
    arcs: dict[tuple[int, int], int] = {}
    for i in range(m):
        a, b, c = v[3 + 3 * i : 6 + 3 * i]
        if not (1 <= a <= n and 1 <= b <= n) or a == b or not 1 <= c <= cfg.c_max:
            raise ValueError(
                f"arc {i + 1} must join two different vertices in [1, {n}] with 1 <= c <= {cfg.c_max}"
            )
        if (a, b) in arcs:
            raise ValueError(f"arc ({a}, {b}) is listed twice")
        arcs[(a, b)] = c
    demands = []
    base = 3 + 3 * m
    for i in range(k):
        s, t, d = v[base + 3 * i : base + 3 * i + 3]
        if not (1 <= s <= n and 1 <= t <= n) or s == t or not 1 <= d <= cfg.c_max:
            raise ValueError(
                f"demand {i + 1} needs two different vertices in [1, {n}] and 1 <= d <= {cfg.c_max}"
            )
        demands.append((s, t, d))
    return n, arcs, demands


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    arcs: dict[tuple[int, int], int] = {}

    def add(a: int, b: int, c: int) -> None:
        if a != b and (a, b) not in arcs:
            arcs[(a, b)] = c

    if dist == "grid":
        h, w = rng.randint(10, 14), rng.randint(10, 14)
        n = h * w
        for i in range(h):
            for j in range(w):
                for di, dj in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    if 0 <= i + di < h and 0 <= j + dj < w:
                        add(i * w + j + 1, (i + di) * w + j + dj + 1, rng.randint(20, 60))
        k = rng.randint(200, 300)
        demands = []
        for _ in range(k):
            s, t = rng.sample(range(1, n + 1), 2)
            demands.append((s, t, rng.randint(1, 25)))
    elif dist == "random":
        n = rng.randint(150, 250)
        while len(arcs) < 4 * n:
            a, b = rng.sample(range(1, n + 1), 2)
            add(a, b, rng.randint(10, 100))
        k = rng.randint(250, 400)
        demands = []
        for _ in range(k):
            s, t = rng.sample(range(1, n + 1), 2)
            d = rng.randint(1, 10) if rng.random() < 0.7 else rng.randint(20, 60)
            demands.append((s, t, d))
    else:  # bottleneck: a chain of dense clusters joined by a few thin arcs; long demands cross many cuts
        parts = rng.randint(5, 7)
        size = rng.randint(25, 35)
        n = parts * size
        for p in range(parts):
            off = p * size
            while len(arcs) < (p + 1) * 6 * size:
                a, b = rng.sample(range(1, size + 1), 2)
                add(a + off, b + off, rng.randint(300, 500))
        for p in range(parts - 1):
            for _ in range(rng.randint(3, 5)):
                add(
                    p * size + rng.randint(1, size),
                    (p + 1) * size + rng.randint(1, size),
                    rng.randint(40, 120),
                )
        k = rng.randint(200, 300)
        demands = []
        for _ in range(k):
            a = rng.randrange(parts - 1)
            b = rng.randint(a + 1, parts - 1)
            s, t = a * size + rng.randint(1, size), b * size + rng.randint(1, size)
            demands.append((s, t, rng.randint(15, 50) if rng.random() < 0.8 else rng.randint(1, 10)))
    items = list(arcs.items())[: cfg.m_max]
    rng.shuffle(items)
    demands = demands[: cfg.k_max]
    lines = [f"{n} {len(items)} {len(demands)}"] + [f"{a} {b} {c}" for (a, b), c in items]
    lines += [f"{s} {t} {d}" for s, t, d in demands]
    return "\n".join(lines) + "\n"


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, arcs, demands = _parse(cfg, text)
    return {"n": n, "m": len(arcs), "K": len(demands)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, arcs, demands = _parse(cfg, input_text)
    lines = output_text.strip().split("\n") if output_text.strip() else []
    if len(lines) != len(demands):
        return False, None, f"expected {len(demands)} lines (one per demand), found {len(lines)}"
    load: dict[tuple[int, int], int] = {}
    routed = 0
    for i, (line, (s, t, d)) in enumerate(zip(lines, demands, strict=True)):
        toks = line.split()
        if not toks or not all(x.isdigit() for x in toks):
            return False, None, f"line {i + 1} must be 0 or L followed by L vertices"
        length = int(toks[0])
        if length == 0:
            if len(toks) != 1:
                return False, None, f"line {i + 1}: a dropped demand is written as a lone 0"
            continue
        path = [int(x) for x in toks[1:]]
        if length < 2 or len(path) != length:
            return False, None, f"line {i + 1}: expected {length} vertices (L >= 2), found {len(path)}"
        if path[0] != s or path[-1] != t:
            return False, None, f"line {i + 1}: the path must start at {s} and end at {t}"
        if len(set(path)) != len(path):
            return False, None, f"line {i + 1}: the path repeats a vertex"
        for a, b in zip(path, path[1:], strict=False):
            if (a, b) not in arcs:
                return False, None, f"line {i + 1}: there is no arc {a} -> {b}"
            load[(a, b)] = load.get((a, b), 0) + d
        routed += d
    for arc, x in load.items():
        if x > arcs[arc]:
            return False, None, f"arc {arc[0]} -> {arc[1]} carries {x} > capacity {arcs[arc]}"
    return True, float(routed + 1), f"routed demand {routed}"


def seed_feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """What max_flow's checker asks of a flow, without its value line and its maximality, of the flow the
    paths carry: along arcs that exist and within their capacities; here each routed demand's one path,
    written as L then L distinct vertices from s to t, or a lone 0."""
    _, arcs, demands = _parse(cfg, input_text)
    rows = output_text.strip().split("\n") if output_text.strip() else []
    if len(rows) != len(demands):
        return False, f"the output must hold one line per demand ({len(demands)})"
    carried: dict[tuple[int, int], int] = {}
    for row, (s, t, d) in zip(rows, demands, strict=True):
        toks = row.split()
        if not toks or not all(x.isdigit() for x in toks) or int(toks[0]) != len(toks) - 1:
            return False, "each line must be L and then L vertices"
        path = [int(x) for x in toks[1:]]
        if not path:
            continue
        if len(path) < 2 or (path[0], path[-1]) != (s, t) or len(set(path)) < len(path):
            return False, f"the path of demand {s} -> {t} must run from {s} to {t} without repeating a vertex"
        for arc in zip(path, path[1:], strict=False):
            if arc not in arcs:
                return False, f"there is no arc {arc[0]} -> {arc[1]}"
            carried[arc] = carried.get(arc, 0) + d
    over = [arc for arc, x in carried.items() if x > arcs[arc]]
    return not over, f"arc {over[0][0]} -> {over[0][1]} is over its capacity" if over else "within capacity"


# An output mutation, and the seed's checker asks all that C_O asks: the two coincide here.
feasible = seed_feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4 5 3
1 2 5
2 4 4
1 3 3
3 4 6
2 3 2
1 4 3
1 4 4
2 4 2
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Unsplittable Multicommodity Flow",
    "statement": """
A directed graph with arc capacities and K demands (s_i, t_i, d_i) are given. Each demand is either
dropped or routed ENTIRELY along one simple directed path from s_i to t_i; on every arc the routed
demands passing through it may total at most its capacity. Maximise the total routed demand (unlike
single-commodity max flow, flows may not split, which makes the problem NP-hard).

## Input

The first line holds n, m and K. Then m lines `u v c` (an arc u -> v of capacity c; no arc is
listed twice) and K lines `s t d`.

## Output

K lines, one per demand in input order: `0` to drop it, or `L v_1 v_2 ... v_L` — a simple path
with v_1 = s_i, v_L = t_i and an arc from each vertex to the next.

## Constraints

2 <= n <= 250, 1 <= m <= 1500, 1 <= K <= 400, 1 <= c, d <= 10^6.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "1 + total demand routed"},
    "input_spec": {
        "constraints": "no arc listed twice; s_i != t_i",
        "bounds": {"n": [2, 250], "m": [1, 1500], "K": [1, 400], "c": [1, 1000000], "d": [1, 1000000]},
    },
    "output_spec": {"description": "per demand: 0, or L and a simple s-t path; arc loads within capacity"},
    "io_format": "stdin: n m K, m lines 'u v c', K lines 's t d'; stdout: K lines",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "max_flow",
    "axis": "output",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "first-fit decreasing greedy",
            "summary": "Routes demands from the largest d down, each on a fewest-arc path among arcs "
            "that still have room for it; small demands fill the gaps.",
            "file": "greedy.py",
        },
        {
            "strategy": "congestion-aware shortest paths",
            "summary": "Dijkstra with arc lengths growing exponentially in the arc's load fraction, so "
            "flow avoids filling bottlenecks; several demand orders, best kept.",
            "file": "congestion.cpp",
        },
        {
            "strategy": "randomised greedy with restarts",
            "summary": "Hundreds of noisy largest-first demand orders, each routed by "
            "breadth-first search in the residual graph; the best total is kept.",
            "file": "random_restarts.cpp",
        },
    ],
    "baseline": {
        "strategy": "input-order BFS routing",
        "summary": "Demands in input order, each on a fewest-arc path with enough residual capacity.",
        "file": "baseline.py",
    },
    "reference": None,
}
