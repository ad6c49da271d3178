"""Degree-bounded minimum spanning tree (open, output axis of mst): a spanning tree whose every vertex
has degree at most D, of least total weight. Generator, validator and native verifier."""

import heapq
import math

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "degree_bounded_mst"
DISTRIBUTIONS = ("euclidean", "random", "hubs")


class Config:
    def __init__(self, n_max: int = 2000, m_max: int = 20000, w_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.m_max = m_max
        self.w_max = w_max
        if not 3 <= self.n_max <= 100_000:
            raise ValueError("n_max must be between 3 and 100000")
        if self.m_max < self.n_max - 1:
            raise ValueError("m_max must be at least n_max - 1 so the planted path fits")
        if not 1 <= self.w_max <= 10**9:
            raise ValueError("w_max must be between 1 and 10^9")


def _parse(cfg: Config, text: str) -> tuple[int, int, list[tuple[int, int, int]]]:
    v = read_ints(text)
    if len(v) < 3:
        raise ValueError("the input must start with n, m and D")
    n, m, d = v[0], v[1], v[2]
    if not 3 <= n <= cfg.n_max or not n - 1 <= m <= cfg.m_max or not 2 <= d <= n - 1:
        raise ValueError(f"need 3 <= n <= {cfg.n_max}, n-1 <= m <= {cfg.m_max}, 2 <= D <= n-1")
    if len(v) != 3 + 3 * m:
        raise ValueError(f"expected {3 + 3 * m} integers, found {len(v)}")
    edges = []
    for i in range(m):
        a, b, w = v[3 + 3 * i : 6 + 3 * i]
        if not (1 <= a <= n and 1 <= b <= n) or a == b or not 1 <= w <= cfg.w_max:
            raise ValueError(
                f"edge {i + 1} must join two different vertices in [1, {n}] with 1 <= w <= {cfg.w_max}"
            )
        edges.append((a - 1, b - 1, w))
    return n, d, edges


def _spanning_tree_problem(
    n: int, edges: list[tuple[int, int, int]], chosen: list[int], d: int
) -> str | None:
    """None if the chosen edges form a spanning tree with all degrees <= d, else what is wrong."""
    par = list(range(n))

    def find(x: int) -> int:
        while par[x] != x:
            par[x] = par[par[x]]
            x = par[x]
        return x

    deg = [0] * n
    for i in chosen:
        a, b, _ = edges[i]
        ra, rb = find(a), find(b)
        if ra == rb:
            return f"edge {i + 1} closes a cycle"
        par[ra] = rb
        deg[a] += 1
        deg[b] += 1
        if deg[a] > d or deg[b] > d:
            return f"a vertex of edge {i + 1} exceeds the degree bound {d}"
    return None


def _planted_path(rng: "random.Random", n: int) -> list[int]:
    perm = list(range(n))
    rng.shuffle(perm)
    return perm


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    pairs: set[tuple[int, int]] = set()
    edges: list[tuple[int, int, int]] = []

    def add(a: int, b: int, w: int) -> None:
        key = (min(a, b), max(a, b))
        if a != b and key not in pairs:
            pairs.add(key)
            edges.append((a, b, w))

    if dist == "euclidean":
        n = min(cfg.n_max, rng.randint(600, 800))
        d = 3
        pts = [(rng.randint(0, 10_000), rng.randint(0, 10_000)) for _ in range(n)]

        def dist_w(a: int, b: int) -> int:
            return max(1, min(cfg.w_max, math.ceil(math.dist(pts[a], pts[b]))))

        # a boustrophedon sweep over vertical strips: a decent path, so the baseline is not absurd
        strips = rng.randint(8, 14)
        path = sorted(
            range(n),
            key=lambda v: (
                pts[v][0] * strips // 10_001,
                pts[v][1] * (1 if pts[v][0] * strips // 10_001 % 2 else -1),
            ),
        )
        for i in range(n - 1):
            add(path[i], path[i + 1], dist_w(path[i], path[i + 1]))
        extra = []
        for a in range(n):
            near = heapq.nsmallest(
                8, range(n), key=lambda b: (pts[a][0] - pts[b][0]) ** 2 + (pts[a][1] - pts[b][1]) ** 2
            )
            for b in near[1:]:
                extra.append((a, b, dist_w(a, b)))
    elif dist == "random":
        n = min(cfg.n_max, rng.randint(1000, 1500))
        d = 2 if rng.random() < 0.5 else 3
        path = _planted_path(rng, n)
        for i in range(n - 1):
            add(path[i], path[i + 1], rng.randint(1, min(cfg.w_max, 1000)))
        extra = []
        for _ in range(min(cfg.m_max, 8 * n) - (n - 1)):
            a, b = rng.sample(range(n), 2)
            extra.append((a, b, rng.randint(1, min(cfg.w_max, 1000))))
    else:  # hubs: an unconstrained MST would be a few huge stars
        n = min(cfg.n_max, rng.randint(1000, 1500))
        d = rng.choice((3, 4))
        hubs = rng.sample(range(n), max(2, n // 50))
        hubset = set(hubs)
        path = _planted_path(rng, n)
        for i in range(n - 1):
            add(path[i], path[i + 1], rng.randint(200, min(cfg.w_max, 2000)))
        extra = []
        for v in range(n):
            if v in hubset:
                continue
            for h in rng.sample(hubs, 3):
                extra.append((v, h, rng.randint(1, min(cfg.w_max, 60))))
        for _ in range(min(cfg.m_max, 8 * n) - len(extra) - (n - 1)):
            a, b = rng.sample(range(n), 2)
            extra.append((a, b, rng.randint(100, min(cfg.w_max, 1000))))
    rng.shuffle(extra)
    for a, b, w in extra:
        if len(edges) >= cfg.m_max:
            break
        add(a, b, w)
    lines = [f"{n} {len(edges)} {d}"] + [f"{a + 1} {b + 1} {w}" for a, b, w in edges]
    return "\n".join(lines) + "\n"


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, _, edges = _parse(cfg, text)
    seen = set()
    for a, b, _ in edges:
        key = (min(a, b), max(a, b))
        if key in seen:
            raise ValueError(f"vertices {a + 1} and {b + 1} are joined by more than one edge")
        seen.add(key)
    problem = _spanning_tree_problem(n, edges, list(range(n - 1)), 2)
    if problem:
        raise ValueError(f"the first n-1 edges must form a Hamiltonian path, but {problem}")
    return {"n": n, "m": len(edges)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, d, edges = _parse(cfg, input_text)
    chosen, problem = edge_indices(output_text, n - 1, len(edges))
    if chosen is None:
        return False, None, problem
    if len(set(chosen)) != len(chosen):
        return False, None, "an edge index is repeated"
    problem = _spanning_tree_problem(n, edges, chosen, d)
    if problem:
        return False, None, problem
    total = sum(edges[i][2] for i in chosen)
    return True, float(total), f"tree weight {total}"


def _edge_ends(edges: list[tuple[int, int, int]], output_text: str) -> list[tuple[int, int]] | str:
    toks = output_text.split()
    if not all(t.isdigit() and 1 <= int(t) <= len(edges) for t in toks):
        return f"every token must be an edge index in 1..{len(edges)}"
    return [edges[int(t) - 1][:2] for t in toks]


def seed_feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """What mst's checker asks of a tree, without its weight line and its minimality: n - 1 edges that
    span the graph (an output mutation only narrows this, by the degree bound)."""
    n, _, edges = _parse(cfg, input_text)
    ends = _edge_ends(edges, output_text)
    wrong = ends if isinstance(ends, str) else spanning_tree_problem(n, ends)
    return not wrong, wrong or "a spanning tree"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: a spanning tree in which no vertex has degree above D."""
    n, d, edges = _parse(cfg, input_text)
    ends = _edge_ends(edges, output_text)
    wrong = ends if isinstance(ends, str) else spanning_tree_problem(n, ends)
    if wrong:
        return False, wrong
    degree = [0] * n
    for a, b in ends:
        degree[a] += 1
        degree[b] += 1
    worst = max(range(n), key=degree.__getitem__)
    if degree[worst] > d:
        return False, f"vertex {worst + 1} has degree {degree[worst]} > D = {d}"
    return True, "a spanning tree within the degree bound"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
5 7 2
1 2 4
2 3 6
3 4 3
4 5 5
1 3 2
2 4 1
3 5 7
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Degree-Bounded Minimum Spanning Tree",
    "statement": """
A connected undirected weighted graph with n vertices and m edges and a degree bound D are given. Choose a
spanning tree in which every vertex has degree at most D and whose total weight is as small as possible
(for D = 2 this is a minimum Hamiltonian path, so the problem is NP-hard).

## Input

The first line holds n, m and D. Each of the next m lines holds an edge `u v w` (1-based
vertices, u != v, no two edges join the same pair). The first n-1 edges are guaranteed to form a
Hamiltonian path, so a feasible tree always exists.

## Output

n-1 distinct edge indices (1-based, in input order) separated by whitespace; they must form a
spanning tree in which no vertex has degree greater than D.

## Constraints

3 <= n <= 2000, n-1 <= m <= 20000, 2 <= D <= n-1, 1 <= w <= 10^6.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "total weight of the spanning tree"},
    "input_spec": {
        "constraints": "simple graph; the first n-1 edges form a Hamiltonian path; 2 <= D <= n-1",
        "bounds": {"n": [3, 2000], "m": [2, 20000], "D": [2, 1999], "w": [1, 1000000]},
    },
    "output_spec": {
        "description": "n-1 distinct 1-based edge indices forming a spanning tree with max degree <= D"
    },
    "io_format": "stdin: n m D, then m lines 'u v w'; stdout: n-1 edge indices",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "mst",
    "axis": "output",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "degree-constrained Kruskal",
            "summary": "Kruskal in weight order, skipping edges at a saturated endpoint; falls back to the "
            "Hamiltonian path if the greedy forest cannot be completed.",
            "file": "greedy.py",
        },
        {
            "strategy": "Lagrangian relaxation of the degree bound",
            "summary": "Subgradient steps on vertex penalties λ (edge cost w + λu + λv); each round builds a "
            "degree-constrained Kruskal tree in penalised order and keeps the best real weight.",
            "file": "lagrange.cpp",
        },
        {
            "strategy": "edge-exchange local search",
            "summary": "Starts from the degree-constrained Kruskal tree (or the path) and repeatedly swaps a non-tree edge in for the "
            "heaviest tree edge on its cycle whose removal keeps every degree within D.",
            "file": "exchange.cpp",
        },
    ],
    "baseline": {
        "strategy": "the planted Hamiltonian path",
        "summary": "Outputs edges 1..n-1, the Hamiltonian path the input guarantees; ignores the weights.",
        "file": "baseline.py",
    },
    "reference": None,
}
