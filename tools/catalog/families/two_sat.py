"""Closed seed: 2-SAT on a satisfiable instance (a planted assignment); output any satisfying assignment."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "two_sat"
DISTRIBUTIONS = ("sparse", "dense", "chains")


class Config:
    def __init__(self, n_min: int = 2, n_max: int = 2000, m_max: int = 8000) -> None:
        self.n_min = n_min
        self.n_max = n_max
        self.m_max = m_max
        if not 1 <= self.n_min <= self.n_max or self.m_max < 1:
            raise ValueError("two_sat config needs 1 <= n_min <= n_max and m_max >= 1")


def _lit(var: int, value: bool) -> int:
    return var if value else -var


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    n = rng.randint(max(cfg.n_min, cfg.n_max // 2), cfg.n_max)
    plant = [False] + [rng.random() < 0.5 for _ in range(n)]
    clauses: list[tuple[int, int]] = []
    target = {"sparse": int(1.5 * n), "dense": 4 * n, "chains": 3 * n}[dist]
    target = min(target, cfg.m_max)
    if dist == "chains":
        # Long implication chains x -> y -> z ... that are true under the plant, plus a few forced
        # variables at chain heads, so an assignment made greedily without propagation fails.
        order = list(range(1, n + 1))
        rng.shuffle(order)
        for a, b in zip(order, order[1:], strict=False):
            if len(clauses) >= target // 2:
                break
            # clause (not la or lb) where la, lb are literals true under the plant: la -> lb
            la, lb = _lit(a, plant[a]), _lit(b, plant[b])
            clauses.append((-la, lb))
        for v in rng.sample(range(1, n + 1), max(1, n // 50)):
            clauses.append((_lit(v, plant[v]), _lit(v, plant[v])))
    while len(clauses) < target:
        a, b = rng.randint(1, n), rng.randint(1, n)
        la = _lit(a, rng.random() < 0.5)
        lb = _lit(b, rng.random() < 0.5)
        true_a = (la > 0) == plant[a]
        true_b = (lb > 0) == plant[b]
        if not (true_a or true_b):
            # flip one literal so the planted assignment satisfies the clause
            if rng.random() < 0.5:
                la = -la
            else:
                lb = -lb
        clauses.append((la, lb))
    rng.shuffle(clauses)
    lines = [f"{n} {len(clauses)}"] + [f"{a} {b}" for a, b in clauses]
    return "\n".join(lines) + "\n"


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int]]]:
    rows = token_rows(text)
    if len(rows[0]) != 2:
        raise ValueError("the first line must hold n and m")
    n = read_int(rows[0][0], cfg.n_min, cfg.n_max, "n")
    m = read_int(rows[0][1], 1, cfg.m_max, "m")
    if len(rows) != m + 1:
        raise ValueError(f"expected {m} clause lines, found {len(rows) - 1}")
    clauses = []
    for i, row in enumerate(rows[1:], 1):
        if len(row) != 2:
            raise ValueError(f"clause line {i} must hold two literals")
        a = read_int(row[0], -n, n, f"literal on line {i}")
        b = read_int(row[1], -n, n, f"literal on line {i}")
        if a == 0 or b == 0:
            raise ValueError(f"literal 0 on clause line {i}; literals are +-1..+-n")
        clauses.append((a, b))
    return n, clauses


def validate(cfg: Config, text: str) -> None:
    n, clauses = _parse(cfg, text)
    if not satisfiable_2sat(n, clauses):
        raise ValueError("the formula is unsatisfiable but the statement promises a satisfiable one")


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, clauses = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != n:
        return False, None, f"expected {n} values, found {len(toks)}"
    if any(t not in ("0", "1") for t in toks):
        return False, None, "every value must be 0 or 1"
    value = [False] + [t == "1" for t in toks]
    for i, (a, b) in enumerate(clauses, 1):
        if (a > 0) != value[abs(a)] and (b > 0) != value[abs(b)]:
            return False, None, f"clause {i} ({a} or {b}) is not satisfied"
    return True, 1.0, "all clauses satisfied"


_REFERENCE = {
    "strategy": "SCC on the implication graph",
    "summary": "Build the 2n-node implication graph, find strongly connected components (Kosaraju); "
    "set x true iff its component comes later in topological order than that of not x.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "2-SAT",
    "statement": """
# 2-SAT

A configuration system has **n** boolean switches x_1..x_n and **m** rules. Each rule says
"at least one of these two conditions holds", where a condition is a switch being on (`x_i`) or off
(`not x_i`). The rules are guaranteed to be satisfiable together. Find any setting of the switches
that satisfies every rule.

## Input
The first line holds `n m`. Each of the next m lines holds two non-zero integers `a b`: literal `k > 0`
means `x_k` is true, `k < 0` means `x_{-k}` is false; the rule is `(a or b)` (a may equal b).

## Output
One line with n integers, the i-th being 1 if x_i is true and 0 otherwise.

## Constraints
2 <= n <= 2000, 1 <= m <= 8000, 1 <= |a|, |b| <= n. The instance is satisfiable.
""",
    "objective": {"kind": "construct", "sense": None, "formula": "any assignment satisfying every clause"},
    "input_spec": {
        "constraints": "2 <= n <= 2000, 1 <= m <= 8000, literals in +-1..+-n, satisfiable",
        "bounds": {"n": [2, 2000], "m": [1, 8000]},
    },
    "output_spec": {"description": "n values in {0,1} that satisfy all clauses"},
    "io_format": "stdin: n m, then m lines 'a b'; stdout: n values 0/1",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
