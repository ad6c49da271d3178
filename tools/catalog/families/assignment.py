"""Closed seed: the assignment problem (min-cost perfect matching on an n x n cost matrix, Hungarian)."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "assignment"
DISTRIBUTIONS = ("uniform", "low_range", "structured")


class Config:
    def __init__(self, n_max: int = 200, n_gen_max: int = 120, c_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.n_gen_max = n_gen_max  # generated tests stay smaller so the in-sandbox verifier stays fast
        self.c_max = c_max
        if not 1 <= self.n_gen_max <= self.n_max or self.c_max < 0:
            raise ValueError("assignment config needs 1 <= n_gen_max <= n_max and c_max >= 0")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    n = rng.randint(max(1, cfg.n_gen_max // 2), cfg.n_gen_max)
    if dist == "uniform":
        rows = [[rng.randint(0, cfg.c_max) for _ in range(n)] for _ in range(n)]
    elif dist == "low_range":
        # costs 0..9: a huge number of optimal assignments and many ties for greedy to break badly
        rows = [[rng.randint(0, min(9, cfg.c_max)) for _ in range(n)] for _ in range(n)]
    else:
        # c_ij = a_i * b_j + noise: a near-rank-one matrix where the row-minimum greedy is far off
        a = [rng.randint(1, 1000) for _ in range(n)]
        b = [rng.randint(1, 1000) for _ in range(n)]
        rows = [
            [min(cfg.c_max, a[i] * b[j] // 1000 + rng.randint(0, 50)) for j in range(n)] for i in range(n)
        ]
    return "\n".join([str(n)] + [" ".join(map(str, row)) for row in rows]) + "\n"


def _parse(cfg: Config, text: str) -> list[list[int]]:
    rows = token_rows(text)
    if len(rows[0]) != 1:
        raise ValueError("the first line must hold n")
    n = read_int(rows[0][0], 1, cfg.n_max, "n")
    if len(rows) != n + 1:
        raise ValueError(f"expected {n} matrix rows, found {len(rows) - 1}")
    out = []
    for i, row in enumerate(rows[1:], 1):
        if len(row) != n:
            raise ValueError(f"matrix row {i} must hold {n} costs")
        out.append([read_int(t, 0, cfg.c_max, f"a cost on row {i}") for t in row])
    return out


def _min_cost(c: list[list[int]]) -> int:
    """Hungarian algorithm with potentials, O(n^3); the inner scan is one pass over a row."""
    n = len(c)
    inf = 1 << 62  # an int, so every potential stays an exact integer
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    p = [0] * (n + 1)  # p[j] = row matched to column j (1-based), 0 = free
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            row = c[i0 - 1]
            ui0 = u[i0]
            delta = inf
            j1 = 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = row[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    return int(-v[0])


def validate(cfg: Config, text: str) -> None:
    _parse(cfg, text)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    c = _parse(cfg, input_text)
    n = len(c)
    toks = output_text.split()
    if len(toks) != n + 1:
        return False, None, f"expected the total cost and {n} column indices, found {len(toks)} numbers"
    try:
        claimed = read_int(toks[0], 0, n * cfg.c_max, "the total cost")
        cols = [read_int(t, 1, n, "a column index") for t in toks[1:]]
    except ValueError as exc:
        return False, None, str(exc)
    if len(set(cols)) != n:
        return False, None, "two rows are assigned the same column"
    total = sum(c[i][j - 1] for i, j in enumerate(cols))
    if total != claimed:
        return False, None, f"the assignment costs {total} but the output claims {claimed}"
    best = _min_cost(c)
    if total != best:
        return False, None, f"the assignment costs {total}; the minimum is {best}"
    return True, 1.0, "minimum-cost assignment"


_REFERENCE = {
    "strategy": "Hungarian algorithm",
    "summary": "Shortest augmenting paths with row/column potentials (O(n^3)); add one row at a time and "
    "re-route along the path of minimum reduced cost.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Assignment problem",
    "statement": """
# Assignment problem

A dispatcher has **n** drivers and **n** deliveries; sending driver i on delivery j costs c_ij. Give
every driver exactly one delivery (each delivery to exactly one driver) at minimum total cost.

## Input
The first line holds n; each of the next n lines holds n integers, row i being c_i1 .. c_in.

## Output
The first line holds the minimum total cost; the second line holds n integers p_1..p_n, the delivery
given to each driver (a permutation of 1..n).

## Constraints
1 <= n <= 200, 0 <= c_ij <= 10^6.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "sum of c[i][p_i]"},
    "input_spec": {
        "constraints": "1 <= n <= 200, 0 <= c_ij <= 1e6",
        "bounds": {"n": [1, 200], "c": [0, 1000000]},
    },
    "output_spec": {"description": "the minimum cost and a permutation achieving it"},
    "io_format": "stdin: n, then an n x n matrix; stdout: cost, then p_1..p_n",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
