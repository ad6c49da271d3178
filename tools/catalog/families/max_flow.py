"""Closed seed: maximum s-t flow in a directed network; output the flow value and the flow on every arc."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "max_flow"
DISTRIBUTIONS = ("random", "layered", "bottleneck")


class Config:
    def __init__(self, n_min: int = 2, n_max: int = 200, m_max: int = 2000, c_max: int = 1_000_000) -> None:
        self.n_min = n_min
        self.n_max = n_max
        self.m_max = m_max
        self.c_max = c_max
        if not 2 <= self.n_min <= self.n_max or self.m_max < 1 or self.c_max < 1:
            raise ValueError("max_flow config needs 2 <= n_min <= n_max, m_max >= 1 and c_max >= 1")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    n = rng.randint(max(cfg.n_min, cfg.n_max // 2), cfg.n_max)
    m = min(cfg.m_max, rng.randint(5 * n, 10 * n))
    s, t = 1, n
    arcs: list[tuple[int, int, int]] = []
    if dist == "random":
        while len(arcs) < m:
            u, v = rng.randint(1, n), rng.randint(1, n)
            if u != v and v != s and u != t:
                arcs.append((u, v, rng.randint(1, cfg.c_max)))
    elif dist == "layered":
        layers = rng.randint(4, 10)
        mid = list(range(2, n))
        layer = {v: 1 + (i * layers) // max(1, len(mid)) for i, v in enumerate(mid)}
        layer[s], layer[t] = 0, layers + 1
        by_layer: dict[int, list[int]] = {}
        for v, k in layer.items():
            by_layer.setdefault(k, []).append(v)
        while len(arcs) < m:
            k = rng.randint(0, layers)
            u, v = rng.choice(by_layer[k]), rng.choice(by_layer[k + 1])
            arcs.append((u, v, rng.randint(1, cfg.c_max)))
    else:
        # two dense halves joined by a few thin arcs: the cut is small and far from s and t
        half = n // 2
        a_side, b_side = list(range(1, half + 1)), list(range(half + 1, n + 1))
        bridges = rng.randint(3, 8)
        for _ in range(bridges):
            arcs.append((rng.choice(a_side), rng.choice(b_side), rng.randint(1, cfg.c_max // 100)))
        while len(arcs) < m:
            group = a_side if rng.random() < 0.5 else b_side
            u, v = rng.choice(group), rng.choice(group)
            if u != v and v != s and u != t:
                arcs.append((u, v, rng.randint(cfg.c_max // 10, cfg.c_max)))
    rng.shuffle(arcs)
    lines = [f"{n} {len(arcs)} {s} {t}"] + [f"{u} {v} {c}" for u, v, c in arcs]
    return "\n".join(lines) + "\n"


def _parse(cfg: Config, text: str) -> tuple[int, int, int, list[tuple[int, int, int]]]:
    rows = token_rows(text)
    if len(rows[0]) != 4:
        raise ValueError("the first line must hold n m s t")
    n = read_int(rows[0][0], cfg.n_min, cfg.n_max, "n")
    m = read_int(rows[0][1], 1, cfg.m_max, "m")
    s = read_int(rows[0][2], 1, n, "s")
    t = read_int(rows[0][3], 1, n, "t")
    if s == t:
        raise ValueError("s and t must differ")
    if len(rows) != m + 1:
        raise ValueError(f"expected {m} arc lines, found {len(rows) - 1}")
    arcs = []
    for i, row in enumerate(rows[1:], 1):
        if len(row) != 3:
            raise ValueError(f"arc line {i} must hold u v c")
        u = read_int(row[0], 1, n, f"u on arc line {i}")
        v = read_int(row[1], 1, n, f"v on arc line {i}")
        c = read_int(row[2], 1, cfg.c_max, f"c on arc line {i}")
        if u == v:
            raise ValueError(f"arc {i} is a self-loop")
        arcs.append((u, v, c))
    return n, s, t, arcs


def _max_flow(n: int, s: int, t: int, arcs: list[tuple[int, int, int]]) -> int:
    """Dinic, iterative DFS."""
    head: list[list[int]] = [[] for _ in range(n + 1)]
    to: list[int] = []
    cap: list[int] = []
    for u, v, c in arcs:
        head[u].append(len(to))
        to.append(v)
        cap.append(c)
        head[v].append(len(to))
        to.append(u)
        cap.append(0)
    flow = 0
    while True:
        level = [-1] * (n + 1)
        level[s] = 0
        queue = [s]
        for u in queue:  # the list grows as it is walked: a FIFO queue
            for e in head[u]:
                if cap[e] > 0 and level[to[e]] < 0:
                    level[to[e]] = level[u] + 1
                    queue.append(to[e])
        if level[t] < 0:
            return flow
        it = [0] * (n + 1)
        while True:
            path: list[int] = []
            u = s
            while u != t:
                while it[u] < len(head[u]):
                    e = head[u][it[u]]
                    if cap[e] > 0 and level[to[e]] == level[u] + 1:
                        break
                    it[u] += 1
                if it[u] == len(head[u]):
                    if u == s:
                        break
                    level[u] = -1  # dead end: drop it and back up
                    e = path.pop()
                    u = to[e ^ 1]
                    it[u] += 1
                    continue
                e = head[u][it[u]]
                path.append(e)
                u = to[e]
            if u != t:
                break
            push = min(cap[e] for e in path)
            for e in path:
                cap[e] -= push
                cap[e ^ 1] += push
            flow += push


def validate(cfg: Config, text: str) -> None:
    _parse(cfg, text)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, s, t, arcs = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != len(arcs) + 1:
        return False, None, f"expected the flow value and {len(arcs)} arc flows, found {len(toks)} numbers"
    try:
        value = read_int(toks[0], 0, 10**15, "the flow value")
        flows = [
            read_int(x, 0, c, f"the flow on arc {i}")
            for i, (x, (_, _, c)) in enumerate(zip(toks[1:], arcs, strict=True), 1)
        ]
    except ValueError as exc:
        return False, None, str(exc)
    excess = [0] * (n + 1)
    for (u, v, _), f in zip(arcs, flows, strict=True):
        excess[u] -= f
        excess[v] += f
    for v in range(1, n + 1):
        if v not in (s, t) and excess[v] != 0:
            return False, None, f"flow is not conserved at vertex {v}"
    if excess[t] != value:
        return False, None, f"the flow into t is {excess[t]} but the output claims {value}"
    best = _max_flow(n, s, t, arcs)
    if value != best:
        return False, None, f"the flow value is {value}; the maximum is {best}"
    return True, 1.0, "maximum flow"


_REFERENCE = {
    "strategy": "Dinic's algorithm",
    "summary": "Repeatedly build the BFS level graph of the residual network and push a blocking flow "
    "along shortest augmenting paths; the arc flow is its capacity minus its residual.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Maximum flow",
    "statement": """
# Maximum flow

A pipeline network has **n** junctions and **m** one-way pipes; pipe i carries at most c_i units per
second from u_i to v_i. Send as much as possible from the source junction s to the sink t: at every
other junction, inflow equals outflow.

## Input
The first line holds `n m s t`. Each of the next m lines holds `u v c` (pipe i is the i-th of these lines).
Parallel pipes may exist; there are no self-loops.

## Output
The first line holds the maximum flow value F. The second line holds m integers f_1..f_m, the flow
through each pipe (0 <= f_i <= c_i), forming a valid flow of value F.

## Constraints
2 <= n <= 200, 1 <= m <= 2000, 1 <= c <= 10^6, s != t.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "net flow out of s"},
    "input_spec": {
        "constraints": "2 <= n <= 200, 1 <= m <= 2000, 1 <= c <= 1e6, s != t, no self-loops",
        "bounds": {"n": [2, 200], "m": [1, 2000], "c": [1, 1000000]},
    },
    "output_spec": {
        "description": "the maximum flow value F, then a feasible flow on each arc whose value is F"
    },
    "io_format": "stdin: n m s t, then m lines 'u v c'; stdout: F, then m arc flows",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
