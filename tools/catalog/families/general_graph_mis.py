"""Maximum independent set on general graphs: the paper's input-axis mutation of bipartite MIS.

Dropping the bipartite promise turns a matching-solvable problem into an NP-hard one.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "general_graph_mis"
DISTRIBUTIONS = ("sparse", "dense", "clustered", "planted")


class Config:
    def __init__(self, n_max: int = 2000, m_max: int = 30000) -> None:
        self.n_max = n_max
        self.m_max = m_max
        if not 2 <= self.n_max <= 100_000:
            raise ValueError("n_max must be between 2 and 100000")
        if not 1 <= self.m_max <= 1_000_000:
            raise ValueError("m_max must be between 1 and 1000000")


def _random_edges(rng: "random.Random", vertices: list[int], p: float, edges: set) -> None:
    k = len(vertices)
    for i in range(k):
        for j in range(i + 1, k):
            if rng.random() < p:
                a, b = vertices[i], vertices[j]
                edges.add((min(a, b), max(a, b)))


def _sparse_edges(rng: "random.Random", n: int, m: int, edges: set) -> None:
    while len(edges) < m:
        a, b = rng.randrange(1, n + 1), rng.randrange(1, n + 1)
        if a != b:
            edges.add((min(a, b), max(a, b)))


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    edges: set = set()
    if dist == "sparse":
        # one big sparse random graph: local search has room, exact search does not
        n = min(cfg.n_max, rng.randint(1500, 2000))
        _sparse_edges(rng, n, min(cfg.m_max, int(n * rng.uniform(2.5, 4.0))), edges)
    elif dist == "dense":
        n = min(cfg.n_max, rng.randint(250, 350))
        p = rng.uniform(0.15, 0.3)
        _random_edges(rng, list(range(1, n + 1)), p, edges)
    elif dist == "clustered":
        # many disjoint dense clusters: exact search per component pays off here
        n, start, blocks = min(cfg.n_max, 1500), 1, []
        while start <= n:
            size = min(n - start + 1, rng.randint(70, 110))
            blocks.append(list(range(start, start + size)))
            start += size
        for b in blocks:
            _random_edges(rng, b, rng.uniform(0.3, 0.4), edges)
    elif dist == "planted":
        # a hidden independent set whose members have HIGH degree, so min-degree greedy avoids them
        n = min(cfg.n_max, rng.randint(800, 1000))
        hidden = set(rng.sample(range(1, n + 1), n // 4))
        others = [v for v in range(1, n + 1) if v not in hidden]
        for v in sorted(hidden):
            for u in rng.sample(others, rng.randint(6, 10)):
                edges.add((min(u, v), max(u, v)))
        _sparse_edges(rng, n, len(edges) + n, edges)
        edges = {(a, b) for a, b in edges if not (a in hidden and b in hidden)}
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    edge_list = sorted(edges)[: cfg.m_max]
    rng.shuffle(edge_list)
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    out = [f"{n} {len(edge_list)}"]
    out += [f"{perm[a - 1]} {perm[b - 1]}" for a, b in edge_list]
    return "\n".join(out) + "\n"


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int]]]:
    n, edges = read_graph(text, 1, cfg.n_max, cfg.m_max)
    return n, [(min(u, v), max(u, v)) for u, v in edges]


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, edges = _parse(cfg, text)
    return {"n": n, "m": len(edges)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks:
        return False, None, "empty output"
    if not toks[0].isdigit() or not 1 <= int(toks[0]) <= n:
        return False, None, "the first token must be k with 1 <= k <= n"
    k = int(toks[0])
    if len(toks) != k + 1:
        return False, None, f"expected {k} vertices after k, got {len(toks) - 1}"
    chosen = set()
    for t in toks[1:]:
        if not t.isdigit() or not 1 <= int(t) <= n:
            return False, None, f"vertex {t[:20]!r} is not in 1..n"
        if int(t) in chosen:
            return False, None, f"vertex {t} is listed twice"
        chosen.add(int(t))
    for u, v in edges:
        if u in chosen and v in chosen:
            return False, None, f"vertices {u} and {v} are adjacent"
    return True, float(k), f"independent set of size {k}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: k >= 1, then k distinct vertices, no two adjacent."""
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks or not all(t.isdigit() and 1 <= int(t) <= n for t in toks):
        return False, f"the output must be k and k vertices, all in 1..{n}"
    chosen = {int(t) for t in toks[1:]}
    if int(toks[0]) != len(toks) - 1 or len(chosen) != len(toks) - 1:
        return False, "k must count the distinct vertices that follow"
    clash = next(((u, v) for u, v in edges if u in chosen and v in chosen), None)
    return clash is None, f"{clash[0]} and {clash[1]} are adjacent" if clash else "an independent set"


# On a bipartite graph (the seed's C_I) bipartite_mis's checker, without its maximality, asks the same.
seed_feasible = feasible


def in_seed_domain(cfg: Config, input_text: str) -> bool:
    """Whether the graph is bipartite, as the seed's inputs are."""
    n, edges = _parse(cfg, input_text)
    adj: list[list[int]] = [[] for _ in range(n + 1)]
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    side = [-1] * (n + 1)
    for root in range(1, n + 1):
        if side[root] < 0:
            side[root], todo = 0, [root]
            while todo:
                u = todo.pop()
                for v in adj[u]:
                    if side[v] == side[u]:
                        return False
                    if side[v] < 0:
                        side[v] = 1 - side[u]
                        todo.append(v)
    return True


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
6 7
1 2
1 3
2 3
3 4
4 5
5 6
4 6
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Maximum independent set on general graphs",
    "statement": """
You are given an undirected simple graph (not necessarily bipartite). Choose as many vertices as
possible such that no two chosen vertices are joined by an edge.

## Input

The first line holds `n m` (1 <= n <= 2000, 0 <= m <= 30000). Each of the next `m` lines
holds an edge `u v` (1 <= u, v <= n, u != v); no edge appears twice.

## Output

The number `k` of chosen vertices (1 <= k <= n), then the `k` distinct vertex numbers,
separated by whitespace. No two chosen vertices may be adjacent.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "k = size of the independent set"},
    "input_spec": {
        "constraints": "simple undirected graph, no self-loops, no repeated edges",
        "bounds": {"n": [1, 2000], "m": [0, 30000]},
    },
    "output_spec": {"description": "k >= 1, then k distinct pairwise non-adjacent vertices"},
    "io_format": "n m, then m lines u v; answer: k then k vertex ids",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "bipartite_mis",
    "axis": "input",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "min-degree greedy",
            "summary": "Repeatedly take a vertex of minimum remaining degree and delete its neighbours.",
            "file": "greedy.cpp",
        },
        {
            "strategy": "iterated local search (1-2 swaps)",
            "summary": "ARW-style: from the greedy set, apply (1,2)-swaps to a local optimum, then perturb "
            "by forcing random vertices in and keep the best, for a fixed number of iterations.",
            "file": "local_search.cpp",
        },
        {
            "strategy": "simulated annealing",
            "summary": "Penalty annealing over vertex subsets (size minus weighted conflicts) with a "
            "geometric cooling schedule and a fixed move budget, repaired to an independent set.",
            "file": "annealing.cpp",
        },
        {
            "strategy": "kernelise + exact branch-and-bound per component",
            "summary": "Apply degree-0/1 reductions, split into connected components and solve each small "
            "one exactly by branch-and-bound with a clique-cover bound; large ones fall back to greedy.",
            "file": "exact_components.cpp",
        },
    ],
    "baseline": {
        "strategy": "greedy in vertex order",
        "summary": "Scan vertices 1..n and take each one that has no chosen neighbour.",
        "file": "baseline.py",
    },
}
