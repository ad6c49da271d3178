"""Closed seed: 2-colour a bipartite graph so that every edge joins different colours."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "bipartite_coloring"
DISTRIBUTIONS = ("forest", "dense", "grid")


class Config:
    def __init__(self, n_max: int = 5000, m_max: int = 20000) -> None:
        self.n_max = n_max
        self.m_max = m_max
        if self.n_max < 1 or self.m_max < 0:
            raise ValueError("bipartite_coloring config needs n_max >= 1 and m_max >= 0")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    edges: set[tuple[int, int]] = set()
    if dist == "grid":
        span = max(1, min(70, int(cfg.n_max**0.5)))
        h, w = rng.randint(max(1, span // 2), span), rng.randint(max(1, span // 2), span)
        n = h * w
        for r in range(h):
            for c in range(w):
                v = r * w + c + 1
                if c + 1 < w and rng.random() < 0.9 and len(edges) < cfg.m_max:
                    edges.add((v, v + 1))
                if r + 1 < h and rng.random() < 0.9 and len(edges) < cfg.m_max:
                    edges.add((v, v + w))
        perm = list(range(1, n + 1))
        rng.shuffle(perm)
        edges = {(perm[u - 1], perm[v - 1]) for u, v in edges}
    else:
        n = rng.randint(max(1, cfg.n_max // 2), cfg.n_max)
        side = [rng.random() < 0.5 for _ in range(n + 1)]
        if dist == "forest":
            # many small trees: lots of components, each coloured independently
            for v in range(2, n + 1):
                if rng.random() < 0.9:
                    u = rng.randint(max(1, v - 30), v - 1)
                    edges.add((u, v))
        else:
            ones = [v for v in range(1, n + 1) if side[v]]
            zeros = [v for v in range(1, n + 1) if not side[v]]
            if ones and zeros:
                m = min(cfg.m_max, 4 * n, len(ones) * len(zeros))
                while len(edges) < m:
                    edges.add((rng.choice(ones), rng.choice(zeros)))
    out = [(u, v) if rng.random() < 0.5 else (v, u) for u, v in sorted(edges)]
    rng.shuffle(out)
    return "\n".join([f"{n} {len(out)}"] + [f"{u} {v}" for u, v in out]) + "\n"


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int]]]:
    return read_graph(text, 1, cfg.n_max, cfg.m_max)


def validate(cfg: Config, text: str) -> None:
    n, edges = _parse(cfg, text)
    adj: list[list[int]] = [[] for _ in range(n + 1)]
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    colour = [0] * (n + 1)
    for s in range(1, n + 1):
        if colour[s]:
            continue
        colour[s] = 1
        queue = [s]
        for u in queue:  # the list grows as it is walked: a FIFO queue
            for w in adj[u]:
                if not colour[w]:
                    colour[w] = 3 - colour[u]
                    queue.append(w)
                elif colour[w] == colour[u]:
                    raise ValueError(
                        "the graph has an odd cycle but the statement promises a bipartite graph"
                    )


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, edges = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != n:
        return False, None, f"expected {n} colours, found {len(toks)}"
    if any(t not in ("1", "2") for t in toks):
        return False, None, "every colour must be 1 or 2"
    for u, v in edges:
        if toks[u - 1] == toks[v - 1]:
            return False, None, f"edge {u} {v} joins two vertices of colour {toks[u - 1]}"
    return True, 1.0, "proper 2-colouring"


_REFERENCE = {
    "strategy": "BFS layering",
    "summary": "Breadth-first search from every uncoloured vertex, giving each neighbour the other colour.",
    "file": "reference.py",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Two-colouring a bipartite graph",
    "statement": """
# Two-colouring a bipartite graph

A tournament organiser has **n** players and **m** pairs of players who must be on opposite teams. The
constraints can be satisfied (the graph is bipartite). Split the players into team 1 and team 2.

## Input
The first line holds `n m`; each of the next m lines holds `u v` (u != v, no pair repeated).

## Output
One line with n integers, the i-th being the team (1 or 2) of player i; every listed pair must be split.

## Constraints
1 <= n <= 5000, 0 <= m <= 20000, the graph is bipartite.
""",
    "objective": {"kind": "construct", "sense": None, "formula": "any proper 2-colouring"},
    "input_spec": {
        "constraints": "1 <= n <= 5000, 0 <= m <= 20000, simple, bipartite",
        "bounds": {"n": [1, 5000], "m": [0, 20000]},
    },
    "output_spec": {"description": "n colours in {1, 2}, different at the two ends of every edge"},
    "io_format": "stdin: n m, then m lines 'u v'; stdout: n colours",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
