"""Maximum-leaf spanning tree (open, objective axis of mst): a spanning tree of a connected graph with as
many leaves as possible. Generator, validator and native verifier."""

import math

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "max_leaf_spanning_tree"
DISTRIBUTIONS = ("random_sparse", "geometric", "grid")


class Config:
    def __init__(self, n_max: int = 2000, m_max: int = 3200) -> None:
        self.n_max = n_max
        self.m_max = m_max
        if not 3 <= self.n_max <= 100_000:
            raise ValueError("n_max must be between 3 and 100000")
        if self.m_max < self.n_max - 1:
            raise ValueError("m_max must be at least n_max - 1 so a connected graph fits")


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int]]]:
    v = read_ints(text)
    if len(v) < 2:
        raise ValueError("the input must start with n and m")
    n, m = v[0], v[1]
    if not 3 <= n <= cfg.n_max or not n - 1 <= m <= cfg.m_max:
        raise ValueError(f"need 3 <= n <= {cfg.n_max} and n-1 <= m <= {cfg.m_max}")
    if len(v) != 2 + 2 * m:
        raise ValueError(f"expected {2 + 2 * m} integers, found {len(v)}")
    edges = []
    for i in range(m):
        a, b = v[2 + 2 * i], v[3 + 2 * i]
        if not (1 <= a <= n and 1 <= b <= n) or a == b:
            raise ValueError(f"edge {i + 1} must join two different vertices in [1, {n}]")
        edges.append((a - 1, b - 1))
    return n, edges


class _DSU:
    def __init__(self, n: int) -> None:
        self.p = list(range(n))

    def find(self, x: int) -> int:
        while self.p[x] != x:
            self.p[x] = self.p[self.p[x]]
            x = self.p[x]
        return x

    def union(self, a: int, b: int) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self.p[ra] = rb
        return True


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    pairs: set[tuple[int, int]] = set()

    def add(a: int, b: int) -> None:
        if a != b:
            pairs.add((min(a, b), max(a, b)))

    if dist == "random_sparse":
        n = min(cfg.n_max, rng.randint(800, 1200))
        for v in range(1, n):  # random recursive tree keeps the graph connected
            add(v, rng.randrange(v))
        target = int(n * rng.uniform(1.6, 2.4))
        while len(pairs) < min(cfg.m_max, target):
            add(*rng.sample(range(n), 2))
    elif dist == "geometric":
        n = min(cfg.n_max, rng.randint(600, 900))
        pts = [(rng.random(), rng.random()) for _ in range(n)]
        r = math.sqrt(rng.uniform(5.0, 9.0) / (math.pi * n))
        cell = {}
        for i, (x, y) in enumerate(pts):
            cell.setdefault((int(x / r), int(y / r)), []).append(i)
        for i, (x, y) in enumerate(pts):
            cx, cy = int(x / r), int(y / r)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for j in cell.get((cx + dx, cy + dy), ()):
                        if j > i and math.dist(pts[i], pts[j]) <= r:
                            add(i, j)
        # join the components along nearest pairs so the graph is connected
        dsu = _DSU(n)
        for a, b in pairs:
            dsu.union(a, b)
        order = sorted(range(n), key=lambda i: pts[i])
        for k in range(1, n):
            if dsu.union(order[k - 1], order[k]):
                add(order[k - 1], order[k])
    else:  # grid: a grid graph with holes and a few diagonals
        h, w = rng.randint(25, 32), rng.randint(25, 32)
        alive = [[rng.random() > 0.08 for _ in range(w)] for _ in range(h)]
        ids = {}
        for i in range(h):
            for j in range(w):
                if alive[i][j]:
                    ids[(i, j)] = len(ids)
        n = len(ids)
        for (i, j), a in ids.items():
            for di, dj in ((0, 1), (1, 0)):
                b = ids.get((i + di, j + dj))
                if b is not None:
                    add(a, b)
            if rng.random() < 0.1:
                b = ids.get((i + 1, j + 1))
                if b is not None:
                    add(a, b)
        dsu = _DSU(n)
        for a, b in pairs:
            dsu.union(a, b)
        keys = sorted(ids)
        for k in range(1, n):
            a, b = ids[keys[k - 1]], ids[keys[k]]
            if dsu.union(a, b):
                add(a, b)
    edges = sorted(pairs)
    rng.shuffle(edges)
    edges = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in edges]
    return f"{n} {len(edges)}\n" + "".join(f"{a + 1} {b + 1}\n" for a, b in edges)


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, edges = _parse(cfg, text)
    seen = set()
    dsu = _DSU(n)
    for a, b in edges:
        key = (min(a, b), max(a, b))
        if key in seen:
            raise ValueError(f"vertices {a + 1} and {b + 1} are joined by more than one edge")
        seen.add(key)
        dsu.union(a, b)
    if len({dsu.find(v) for v in range(n)}) != 1:
        raise ValueError("the graph must be connected")
    return {"n": n, "m": len(edges)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, edges = _parse(cfg, input_text)
    chosen, problem = edge_indices(output_text, n - 1, len(edges))
    if chosen is None:
        return False, None, problem
    dsu = _DSU(n)
    deg = [0] * n
    for i in chosen:
        a, b = edges[i]
        if not dsu.union(a, b):
            return False, None, f"edge {i + 1} closes a cycle (or is repeated)"
        deg[a] += 1
        deg[b] += 1
    leaves = sum(1 for d in deg if d == 1)
    return True, float(leaves), f"{leaves} leaves"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: n - 1 edge indices forming a spanning tree."""
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if not all(t.isdigit() and 1 <= int(t) <= len(edges) for t in toks):
        return False, f"every token must be an edge index in 1..{len(edges)}"
    wrong = spanning_tree_problem(n, [edges[int(t) - 1] for t in toks])
    return not wrong, wrong or "a spanning tree"


# An objective mutation keeps the seed's C_O: mst's checker, without its weight line and its minimality.
seed_feasible = feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
6 8
1 2
2 3
3 4
4 5
5 6
1 3
3 5
2 6
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Maximum-Leaf Spanning Tree",
    "statement": """
A connected undirected graph with n vertices and m edges is given. Choose a spanning tree with as many
leaves (vertices of degree 1 in the tree) as possible. Equivalently, make the set of internal vertices a
small connected dominating set; the problem is NP-hard.

## Input

The first line holds n and m; each of the next m lines holds an edge `u v` (1-based, u != v,
no pair twice). The graph is connected.

## Output

n-1 distinct edge indices (1-based, in input order), whitespace separated, forming a spanning
tree.

## Constraints

3 <= n <= 2000, n-1 <= m <= 3200.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "number of degree-1 vertices of the tree"},
    "input_spec": {
        "constraints": "simple connected graph",
        "bounds": {"n": [3, 2000], "m": [2, 3200]},
    },
    "output_spec": {"description": "n-1 distinct 1-based edge indices forming a spanning tree"},
    "io_format": "stdin: n m, then m lines 'u v'; stdout: n-1 edge indices",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "mst",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "best BFS tree from hubs",
            "summary": "Breadth-first trees rooted at the highest-degree vertices (each vertex attaches to "
            "the first visited neighbour); keeps the one with most leaves.",
            "file": "bfs.py",
        },
        {
            "strategy": "greedy leaf expansion",
            "summary": "Grows the tree by expanding the leaf that would add the most new vertices, looking "
            "one step ahead when no leaf adds two or more (the classic 3-approximation idea).",
            "file": "expand.py",
        },
        {
            "strategy": "connected dominating set pruning with restarts",
            "summary": "Shrinks the internal-vertex set while it stays connected and dominating, perturbs "
            "the best set and prunes again in new random orders; the tree hangs all others off it.",
            "file": "cds_search.cpp",
        },
    ],
    "baseline": {
        "strategy": "depth-first search tree",
        "summary": "An iterative DFS tree from vertex 1: a valid spanning tree that ignores the leaf count.",
        "file": "baseline.py",
    },
    "reference": None,
}
