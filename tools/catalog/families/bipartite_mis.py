"""Closed seed: maximum independent set of a bipartite graph (König: n minus a maximum matching)."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "bipartite_mis"
DISTRIBUTIONS = ("sparse", "dense", "skewed")


class Config:
    def __init__(self, n_min: int = 2, n_max: int = 1000, m_max: int = 5000) -> None:
        self.n_min = n_min
        self.n_max = n_max
        self.m_max = m_max
        if not 1 <= self.n_min <= self.n_max or self.m_max < 0:
            raise ValueError("bipartite_mis config needs 1 <= n_min <= n_max and m_max >= 0")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    n = rng.randint(max(cfg.n_min, cfg.n_max // 2), cfg.n_max)
    # a hidden bipartition; "skewed" makes one side small and busy so the larger side is not the answer
    frac = rng.uniform(0.15, 0.3) if dist == "skewed" else rng.uniform(0.4, 0.6)
    left = max(1, min(n - 1, int(n * frac)))
    ids = list(range(1, n + 1))
    rng.shuffle(ids)
    lside, rside = ids[:left], ids[left:]
    max_pairs = len(lside) * len(rside)
    want = {"sparse": int(1.2 * n), "dense": 5 * n, "skewed": 3 * n}[dist]
    m = min(cfg.m_max, want, max_pairs)
    edges: set[tuple[int, int]] = set()
    while len(edges) < m:
        edges.add((rng.choice(lside), rng.choice(rside)))
    out = [(u, v) if rng.random() < 0.5 else (v, u) for u, v in sorted(edges)]
    rng.shuffle(out)
    return "\n".join([f"{n} {len(out)}"] + [f"{u} {v}" for u, v in out]) + "\n"


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int]]]:
    return read_graph(text, cfg.n_min, cfg.n_max, cfg.m_max)


def _two_colour(n: int, adj: list[list[int]]) -> list[int] | None:
    colour = [-1] * (n + 1)
    for s in range(1, n + 1):
        if colour[s] >= 0:
            continue
        colour[s] = 0
        queue = [s]
        for u in queue:  # the list grows as it is walked: a FIFO queue
            for w in adj[u]:
                if colour[w] < 0:
                    colour[w] = 1 - colour[u]
                    queue.append(w)
                elif colour[w] == colour[u]:
                    return None
    return colour


def _max_matching(n: int, adj: list[list[int]], colour: list[int]) -> int:
    """Hopcroft-Karp from the colour-0 side, written iteratively."""
    inf = 1 << 30
    left = [u for u in range(1, n + 1) if colour[u] == 0]
    match = [0] * (n + 1)  # 0 = unmatched
    size = 0
    while True:
        dist = [inf] * (n + 1)
        queue: list[int] = []
        for u in left:
            if match[u] == 0:
                dist[u] = 0
                queue.append(u)
        found = False
        for u in queue:  # the list grows as it is walked: a FIFO queue
            for v in adj[u]:
                w = match[v]
                if w == 0:
                    found = True
                elif dist[w] == inf:
                    dist[w] = dist[u] + 1
                    queue.append(w)
        if not found:
            return size
        it = [0] * (n + 1)
        for s in left:
            if match[s] != 0:
                continue
            stack = [s]
            while stack:
                u = stack[-1]
                if it[u] == len(adj[u]):
                    dist[u] = inf
                    stack.pop()
                    continue
                v = adj[u][it[u]]
                it[u] += 1
                w = match[v]
                if w == 0:
                    # augment along the stack: stack[i] takes the vertex it advanced to
                    for x in reversed(stack):
                        y = adj[x][it[x] - 1]
                        prev = match[x]
                        match[x], match[y] = y, x
                        if prev:
                            match[prev] = 0
                    size += 1
                    break
                if dist[w] == dist[u] + 1:
                    stack.append(w)


def validate(cfg: Config, text: str) -> None:
    n, edges = _parse(cfg, text)
    adj: list[list[int]] = [[] for _ in range(n + 1)]
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    if _two_colour(n, adj) is None:
        raise ValueError("the graph has an odd cycle but the statement promises a bipartite graph")


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks:
        return False, None, "empty output"
    try:
        k = read_int(toks[0], 0, n, "k")
        if len(toks) != k + 1:
            return False, None, f"expected k = {k} vertices after k, found {len(toks) - 1}"
        chosen = [read_int(t, 1, n, "a vertex") for t in toks[1:]]
    except ValueError as exc:
        return False, None, str(exc)
    inset = [False] * (n + 1)
    for v in chosen:
        if inset[v]:
            return False, None, f"vertex {v} is listed twice"
        inset[v] = True
    for u, v in edges:
        if inset[u] and inset[v]:
            return False, None, f"vertices {u} and {v} are adjacent"
    adj: list[list[int]] = [[] for _ in range(n + 1)]
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    colour = _two_colour(n, adj)
    assert colour is not None
    best = n - _max_matching(n, adj, colour)
    if k != best:
        return False, None, f"the set has {k} vertices; the maximum is {best}"
    return True, 1.0, "maximum independent set"


_REFERENCE = {
    "strategy": "König via Hopcroft-Karp",
    "summary": "2-colour the graph, find a maximum matching with Hopcroft-Karp, take the vertices reachable "
    "by alternating paths from free left vertices on the left plus the unreachable ones on the right.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Maximum independent set in a bipartite graph",
    "statement": """
# Maximum independent set in a bipartite graph

A school has **n** students and **m** pairs of students who must not sit the same exam session. The
conflict graph is bipartite (every conflict is between a first-year and a second-year student, but you
are not told who is which). Invite as many students as possible to one session so that no two invited
students conflict.

## Input
The first line holds `n m`; each of the next m lines holds `u v` (1 <= u, v <= n, u != v), a conflict.
No pair is repeated and the graph is bipartite.

## Output
The first line holds k, the number of invited students; the second line holds their k distinct indices.

## Constraints
2 <= n <= 1000, 0 <= m <= 5000.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "number of vertices in the independent set"},
    "input_spec": {
        "constraints": "2 <= n <= 1000, 0 <= m <= 5000, simple, bipartite",
        "bounds": {"n": [2, 1000], "m": [0, 5000]},
    },
    "output_spec": {"description": "k, then k distinct pairwise non-adjacent vertices, k maximum"},
    "io_format": "stdin: n m, then m lines 'u v'; stdout: k, then k vertex indices",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
