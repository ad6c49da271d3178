"""Closed seed: minimum spanning tree of a connected weighted graph; output its weight and its edges."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "mst"
DISTRIBUTIONS = ("sparse", "dense", "ties")


class Config:
    def __init__(self, n_min: int = 2, n_max: int = 2000, m_max: int = 10000, w_max: int = 1_000_000) -> None:
        self.n_min = n_min
        self.n_max = n_max
        self.m_max = m_max
        self.w_max = w_max
        if not 2 <= self.n_min <= self.n_max or self.m_max < self.n_max - 1 or self.w_max < 1:
            raise ValueError("mst config needs 2 <= n_min <= n_max, m_max >= n_max - 1 and w_max >= 1")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    if dist == "dense":
        n = rng.randint(max(cfg.n_min, 80), max(cfg.n_min, min(cfg.n_max, 140)))
        m = min(cfg.m_max, n * (n - 1) // 2 * 2 // 3)
    else:
        n = rng.randint(max(cfg.n_min, cfg.n_max // 2), cfg.n_max)
        m = min(cfg.m_max, n + n // 2 if dist == "sparse" else 3 * n)
    w_hi = 3 if dist == "ties" else cfg.w_max
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    edges: set[tuple[int, int]] = set()
    out: list[tuple[int, int]] = []
    for i in range(1, n):
        u, v = perm[i], perm[rng.randrange(i)]
        edges.add((min(u, v), max(u, v)))
        out.append((u, v))
    while len(out) < m:
        u, v = rng.randint(1, n), rng.randint(1, n)
        key = (min(u, v), max(u, v))
        if u == v or key in edges:
            continue
        edges.add(key)
        out.append((u, v))
    rng.shuffle(out)
    lines = [f"{n} {len(out)}"] + [f"{u} {v} {rng.randint(1, w_hi)}" for u, v in out]
    return "\n".join(lines) + "\n"


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int, int]]]:
    n, edges = read_graph(text, cfg.n_min, cfg.n_max, cfg.m_max, cfg.w_max)
    if len(edges) < n - 1:
        raise ValueError(f"m = {len(edges)} is below n - 1 = {n - 1}: the graph cannot be connected")
    return n, edges


def _mst_weight(n: int, edges: list[tuple[int, int, int]]) -> int | None:
    parent = list(range(n + 1))
    total, used = 0, 0
    for u, v, w in sorted(edges, key=lambda e: e[2]):
        a, b = _find(parent, u), _find(parent, v)
        if a != b:
            parent[a] = b
            total += w
            used += 1
    return total if used == n - 1 else None


def validate(cfg: Config, text: str) -> None:
    n, edges = _parse(cfg, text)
    if _mst_weight(n, edges) is None:
        raise ValueError("the graph is not connected")


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != n:
        return False, None, f"expected the weight and {n - 1} edge indices ({n} numbers), found {len(toks)}"
    try:
        claimed = read_int(toks[0], 0, 10**15, "the weight")
        idx = [read_int(t, 1, len(edges), "an edge index") for t in toks[1:]]
    except ValueError as exc:
        return False, None, str(exc)
    if len(set(idx)) != len(idx):
        return False, None, "an edge index is repeated"
    parent = list(range(n + 1))
    total = 0
    for i in idx:
        u, v, w = edges[i - 1]
        a, b = _find(parent, u), _find(parent, v)
        if a == b:
            return False, None, f"edge {i} closes a cycle"
        parent[a] = b
        total += w
    if total != claimed:
        return False, None, f"the edges weigh {total} but the output claims {claimed}"
    best = _mst_weight(n, edges)
    if total != best:
        return False, None, f"the tree weighs {total}; the minimum is {best}"
    return True, 1.0, "minimum spanning tree"


_REFERENCE = {
    "strategy": "Kruskal with union-find",
    "summary": "Sort the edges by weight and add each edge that joins two different components.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Minimum spanning tree",
    "statement": """
# Minimum spanning tree

A utility must connect **n** sites with cables. **m** candidate cables are known; cable i joins sites
u_i and v_i and costs w_i. Choose n - 1 cables that connect all sites at minimum total cost.

## Input
The first line holds `n m`. Each of the next m lines holds `u v w` (cable i is the i-th of these lines).
The graph is connected, has no self-loops and no repeated pairs.

## Output
The first line holds the total cost W. The second line holds the n - 1 indices (1-based, in input order)
of the chosen cables, in any order.

## Constraints
2 <= n <= 2000, n - 1 <= m <= 10000, 1 <= w <= 10^6.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "sum of the weights of the tree's edges"},
    "input_spec": {
        "constraints": "2 <= n <= 2000, n-1 <= m <= 10000, 1 <= w <= 1e6, connected, simple",
        "bounds": {"n": [2, 2000], "m": [1, 10000], "w": [1, 1000000]},
    },
    "output_spec": {
        "description": "the minimum weight and n-1 distinct edge indices forming a spanning tree"
    },
    "io_format": "stdin: n m, then m lines 'u v w'; stdout: W, then n-1 edge indices",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
