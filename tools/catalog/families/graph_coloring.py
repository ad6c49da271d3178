"""Graph colouring with the fewest colours: the input-axis mutation of bipartite 2-colouring.

Dropping the bipartite promise turns a BFS exercise into chromatic-number minimisation.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "graph_coloring"
DISTRIBUTIONS = ("random", "geometric", "planted", "large")


class Config:
    def __init__(self, n_max: int = 5000, m_max: int = 40000) -> None:
        self.n_max = n_max
        self.m_max = m_max
        if not 2 <= self.n_max <= 100_000:
            raise ValueError("n_max must be between 2 and 100000")
        if not 1 <= self.m_max <= 1_000_000:
            raise ValueError("m_max must be between 1 and 1000000")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    edges: set = set()
    if dist == "random":
        n = min(cfg.n_max, rng.randint(400, 500))
        p = rng.uniform(0.08, 0.12)
        for i in range(1, n + 1):
            for j in range(i + 1, n + 1):
                if rng.random() < p:
                    edges.add((i, j))
    elif dist == "geometric":
        n = min(cfg.n_max, rng.randint(700, 900))
        pts = [(rng.random(), rng.random()) for _ in range(n)]
        r2 = rng.uniform(0.06, 0.08) ** 2
        order = sorted(range(n), key=lambda i: pts[i][0])
        for a in range(n):
            i = order[a]
            for b in range(a + 1, n):
                j = order[b]
                if pts[j][0] - pts[i][0] > 0.09:
                    break
                if (pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2 < r2:
                    edges.add((min(i, j) + 1, max(i, j) + 1))
    elif dist == "planted":
        # a hidden k-colouring with equal classes; random edges only between classes
        n = min(cfg.n_max, rng.randint(900, 1000))
        k = rng.randint(9, 11)
        cls = [rng.randrange(k) for _ in range(n + 1)]
        p = rng.uniform(0.055, 0.065)
        for i in range(1, n + 1):
            for j in range(i + 1, n + 1):
                if cls[i] != cls[j] and rng.random() < p:
                    edges.add((i, j))
    elif dist == "large":
        # big: a fixed search budget is spread thin, so constructive quality matters
        n = min(cfg.n_max, rng.randint(2800, 3200))
        m = min(cfg.m_max, int(n * rng.uniform(12.5, 13.3)))
        while len(edges) < m:
            a, b = rng.randrange(1, n + 1), rng.randrange(1, n + 1)
            if a != b:
                edges.add((min(a, b), max(a, b)))
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    edge_list = sorted(edges)
    rng.shuffle(edge_list)
    edge_list = edge_list[: cfg.m_max]
    return f"{n} {len(edge_list)}\n" + "".join(f"{a} {b}\n" for a, b in edge_list)


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int]]]:
    n, edges = read_graph(text, 1, cfg.n_max, cfg.m_max)
    return n, [(min(u, v), max(u, v)) for u, v in edges]


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, edges = _parse(cfg, text)
    return {"n": n, "m": len(edges)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != n:
        return False, None, f"expected {n} colours, got {len(toks)}"
    if any(not t.isdigit() or not 1 <= int(t) <= n for t in toks):
        return False, None, "every colour must be an integer in 1..n"
    col = [0] + [int(t) for t in toks]
    for u, v in edges:
        if col[u] == col[v]:
            return False, None, f"adjacent vertices {u} and {v} share colour {col[u]}"
    used = len(set(col[1:]))
    return True, float(used), f"{used} colours"


NO_SEED_ORACLE = "a proper colouring with more than two colours is feasible here and not for the seed"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: a colour in 1..n per vertex, the ends of every edge apart."""
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != n or not all(t.isdigit() and 1 <= int(t) <= n for t in toks):
        return False, f"the output must be {n} colours in 1..{n}"
    clash = next(((u, v) for u, v in edges if int(toks[u - 1]) == int(toks[v - 1])), None)
    return clash is None, f"{clash[0]} and {clash[1]} share a colour" if clash else "a proper colouring"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
5 7
1 2
2 3
3 1
3 4
4 5
5 1
2 4
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Graph colouring with few colours",
    "statement": """
You are given an undirected simple graph (not necessarily bipartite). Give every vertex a colour so that
the two ends of every edge get different colours, using as few distinct colours as possible.

## Input

The first line holds `n m` (1 <= n <= 5000, 0 <= m <= 40000). Each of the next `m` lines
holds an edge `u v` (1 <= u, v <= n, u != v); no edge appears twice.

## Output

`n` integers separated by whitespace: the colour (1 <= colour <= n) of vertices 1..n.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "number of distinct colours"},
    "input_spec": {
        "constraints": "simple undirected graph, no self-loops, no repeated edges",
        "bounds": {"n": [1, 5000], "m": [0, 40000]},
    },
    "output_spec": {"description": "n colours in 1..n, different at the two ends of every edge"},
    "io_format": "n m, then m lines u v; answer: n colours",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "bipartite_coloring",
    "axis": "input",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "DSatur",
            "summary": "Colour next the vertex with the most distinct colours among its neighbours "
            "(ties: highest degree), with the smallest colour that fits.",
            "file": "dsatur.cpp",
        },
        {
            "strategy": "recursive largest first (RLF)",
            "summary": "Build one colour class at a time as a maximal independent set, each time adding the "
            "vertex adjacent to the most vertices already excluded from the class.",
            "file": "rlf.cpp",
        },
        {
            "strategy": "tabu search (Tabucol)",
            "summary": "From a first-fit colouring, repeatedly drop one colour and remove the conflicts "
            "by tabu search over single-vertex recolourings, within a fixed move budget.",
            "file": "tabucol.cpp",
        },
    ],
    "baseline": {
        "strategy": "first fit in vertex order",
        "summary": "Colour vertices 1..n in order with the smallest colour not used by a neighbour.",
        "file": "baseline.py",
    },
}
