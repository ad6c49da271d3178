"""Minimum bottleneck spanning tree: a pseudo-open objective-axis mutation of MST.

Minimising the heaviest tree edge instead of the total weight: every minimum spanning tree is optimal.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "min_bottleneck_spanning_tree"
DISTRIBUTIONS = ("random", "clusters", "grid", "few_weights")


class Config:
    def __init__(self, n_max: int = 2000, m_max: int = 20000, w_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.m_max = m_max
        self.w_max = w_max
        if not 2 <= self.n_max <= 100_000:
            raise ValueError("n_max must be between 2 and 100000")
        if not 1 <= self.m_max <= 1_000_000:
            raise ValueError("m_max must be between 1 and 1000000")
        if not 1 <= self.w_max <= 10**9:
            raise ValueError("w_max must be between 1 and 1e9")


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    wm = cfg.w_max
    edges: dict[tuple[int, int], int] = {}

    def add(a: int, b: int, w: int) -> None:
        if a != b:
            edges.setdefault((min(a, b), max(a, b)), w)

    if dist == "grid":
        side = rng.randint(35, 44)
        n = side * side
        for r in range(side):
            for c in range(side):
                v = r * side + c + 1
                if c + 1 < side:
                    add(v, v + 1, rng.randint(1, wm))
                if r + 1 < side:
                    add(v, v + side, rng.randint(1, wm))
    else:
        n = min(cfg.n_max, rng.randint(1500, 2000))
        m = min(cfg.m_max, n * rng.randint(5, 9))
        # a random spanning tree first keeps the graph connected
        perm = list(range(1, n + 1))
        rng.shuffle(perm)
        groups = [perm[i::8] for i in range(8)] if dist == "clusters" else [perm]

        def weight(a: int, b: int) -> int:
            if dist == "few_weights":
                return rng.choice((1, 10, 100, 1000, 10000))
            if dist == "clusters":
                same = any(a in g and b in g for g in group_sets)
                return rng.randint(1, wm // 10) if same else rng.randint(wm // 2, wm)
            return rng.randint(1, wm)

        group_sets = [set(g) for g in groups]
        for i in range(1, n):
            add(perm[i], perm[rng.randrange(i)], 0)
        while len(edges) < m:
            if dist == "clusters" and rng.random() < 0.97:
                g = rng.choice(groups)
                add(rng.choice(g), rng.choice(g), 0)
            else:
                add(rng.randint(1, n), rng.randint(1, n), 0)
        for key in edges:
            edges[key] = weight(*key)
    items = list(edges.items())
    rng.shuffle(items)
    return f"{n} {len(items)}\n" + "".join(f"{a} {b} {w}\n" for (a, b), w in items)


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int, int]]]:
    n, edges = read_graph(text, 2, cfg.n_max, cfg.m_max, cfg.w_max)
    parent = list(range(n + 1))
    comps = n
    for u, v, _w in edges:
        a, b = _find(parent, u), _find(parent, v)
        if a != b:
            parent[a] = b
            comps -= 1
    if comps != 1:
        raise ValueError("the graph must be connected")
    return n, edges


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, edges = _parse(cfg, text)
    return {"n": n, "m": len(edges)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != n - 1:
        return False, None, f"expected {n - 1} edge indices, got {len(toks)}"
    if any(not t.isdigit() or not 1 <= int(t) <= len(edges) for t in toks):
        return False, None, f"every edge index must be an integer in 1..{len(edges)}"
    parent = list(range(n + 1))
    bottleneck = 0
    for t in toks:
        u, v, w = edges[int(t) - 1]
        a, b = _find(parent, u), _find(parent, v)
        if a == b:
            return False, None, f"edge {t} closes a cycle (or is listed twice)"
        parent[a] = b
        bottleneck = max(bottleneck, w)
    return True, float(bottleneck), f"spanning tree with heaviest edge {bottleneck}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: n - 1 edge indices forming a spanning tree."""
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if not all(t.isdigit() and 1 <= int(t) <= len(edges) for t in toks):
        return False, f"every token must be an edge index in 1..{len(edges)}"
    wrong = spanning_tree_problem(n, [(edges[int(t) - 1][0] - 1, edges[int(t) - 1][1] - 1) for t in toks])
    return not wrong, wrong or "a spanning tree"


# An objective mutation keeps the seed's C_O: mst's checker, without its weight line and its minimality.
seed_feasible = feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4 5
1 2 7
2 3 3
3 4 8
1 4 2
1 3 5
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "Spanning tree with the lightest heaviest edge",
    "statement": """
A connected road network has n towns and m roads; road i joins towns u_i and v_i and has a weight w_i
(say, the height of its highest pass). Keep exactly n − 1 roads that still connect every town, so that
the heaviest kept road is as light as possible.

## Input

The first line holds `n m` (2 <= n <= 2000, n − 1 <= m <= 20000). Each of the next `m` lines
holds `u v w` (1 <= u, v <= n, u != v, 1 <= w <= 10^6); no pair of towns appears twice and the graph is
connected. Roads are numbered 1..m in input order.

## Output

`n − 1` distinct road numbers forming a spanning tree.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "maximum edge weight of the spanning tree"},
    "input_spec": {
        "constraints": "connected simple graph with positive integer weights",
        "bounds": {"n": [2, 2000], "m": [1, 20000], "w": [1, 1000000]},
    },
    "output_spec": {"description": "n-1 distinct edge indices forming a spanning tree"},
    "io_format": "n m, then m lines u v w; answer: n-1 edge indices",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "mst",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "minimum spanning tree (Kruskal)",
            "summary": "Kruskal's algorithm with union-find; every MST is a minimum bottleneck tree.",
            "file": "kruskal.py",
        },
        {
            "strategy": "minimum spanning tree (Prim)",
            "summary": "Prim's algorithm with a binary heap from town 1.",
            "file": "prim.cpp",
        },
        {
            "strategy": "minimum spanning tree (threshold search)",
            "summary": "Binary search the smallest weight threshold whose light edges connect the graph, "
            "then take a spanning tree of those edges (the bottleneck-tree view of the same idea).",
            "file": "threshold.py",
        },
        {
            "strategy": "shortest-path tree (weaker)",
            "summary": "Dijkstra's shortest-path tree from town 1; it minimises path lengths, not the "
            "heaviest edge, so it never beats an MST here.",
            "file": "dijkstra_tree.cpp",
        },
    ],
    "baseline": {
        "strategy": "breadth-first tree",
        "summary": "BFS from town 1 over roads in input order, ignoring weights.",
        "file": "baseline.py",
    },
}
