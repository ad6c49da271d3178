"""Min-True 2-SAT (open, objective axis of two_sat): a satisfiable 2-CNF formula; find a satisfying
assignment with as few true variables as possible. Generator, validator and native verifier."""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "min_true_2sat"
DISTRIBUTIONS = ("cover", "chains", "clustered")


class Config:
    def __init__(self, n_max: int = 3000, m_max: int = 6000) -> None:
        self.n_max = n_max
        self.m_max = m_max
        if not 2 <= self.n_max <= 200_000:
            raise ValueError("n_max must be between 2 and 200000")
        if not 1 <= self.m_max <= 1_000_000:
            raise ValueError("m_max must be between 1 and 1000000")


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int]]]:
    v = read_ints(text)
    if len(v) < 2:
        raise ValueError("the input must start with n and m")
    n, m = v[0], v[1]
    if not 2 <= n <= cfg.n_max or not 1 <= m <= cfg.m_max:
        raise ValueError(f"n must be in [2, {cfg.n_max}] and m in [1, {cfg.m_max}]")
    if len(v) != 2 + 2 * m:
        raise ValueError(f"expected {2 + 2 * m} integers, found {len(v)}")
    clauses = []
    for i in range(m):
        a, b = v[2 + 2 * i], v[3 + 2 * i]
        if not (1 <= abs(a) <= n and 1 <= abs(b) <= n) or abs(a) == abs(b):
            raise ValueError(f"clause {i + 1} must name two different variables in [1, {n}]")
        clauses.append((a, b))
    return n, clauses


def _clause(rng: "random.Random", truth: list[bool], u: int, v: int, kind: str) -> tuple[int, int] | None:
    """A clause of the given sign pattern over u, v that the planted assignment satisfies, or None."""
    a, b = {"pos": (u + 1, v + 1), "neg": (-(u + 1), -(v + 1)), "imp": (-(u + 1), v + 1)}[kind]
    sat_a = truth[abs(a) - 1] == (a > 0)
    sat_b = truth[abs(b) - 1] == (b > 0)
    if not (sat_a or sat_b):
        return None
    return (a, b) if rng.random() < 0.5 else (b, a)


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(1500, 2000))
    clauses: list[tuple[int, int]] = []
    if dist == "cover":
        # Mostly positive clauses over a sparse random graph (a vertex-cover core) plus negative
        # clauses that forbid some pairs from both being true.
        truth = [rng.random() < 0.5 for _ in range(n)]
        m_target = min(cfg.m_max, int(n * 2.2))
        while len(clauses) < m_target:
            u, v = rng.sample(range(n), 2)
            kind = "pos" if rng.random() < 0.8 else "neg"
            c = _clause(rng, truth, u, v, kind)
            if c:
                clauses.append(c)
    elif dist == "chains":
        # Long implication chains: making one variable false means making its whole ancestry false.
        truth = [rng.random() < 0.3 for _ in range(n)]
        perm = list(range(n))
        rng.shuffle(perm)
        m_target = min(cfg.m_max, int(n * 3))
        while len(clauses) < m_target:
            r = rng.random()
            if r < 0.55:
                i = rng.randrange(n - 1)
                j = min(n - 1, i + rng.randint(1, 6))
                u, v = perm[i], perm[j]
                c = _clause(rng, truth, u, v, "imp")
            elif r < 0.9:
                u, v = rng.sample(range(n), 2)
                c = _clause(rng, truth, u, v, "pos")
            else:
                u, v = rng.sample(range(n), 2)
                c = _clause(rng, truth, u, v, "neg")
            if c:
                clauses.append(c)
    else:  # clustered: many small dense mixed components, solvable exactly one by one
        truth = [rng.random() < 0.5 for _ in range(n)]
        perm = list(range(n))
        rng.shuffle(perm)
        i = 0
        while i < n:
            size = min(n - i, rng.randint(30, 60))
            block = perm[i : i + size]
            i += size
            if size < 2:
                continue
            want = int(size * 2.6)
            got = 0
            while got < want and len(clauses) < cfg.m_max:
                u, v = rng.sample(block, 2)
                r = rng.random()
                kind = "pos" if r < 0.6 else ("neg" if r < 0.8 else "imp")
                c = _clause(rng, truth, u, v, kind)
                if c:
                    clauses.append(c)
                    got += 1
    rng.shuffle(clauses)
    lines = [f"{n} {len(clauses)}"] + [f"{a} {b}" for a, b in clauses]
    return "\n".join(lines) + "\n"


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, clauses = _parse(cfg, text)
    if not satisfiable_2sat(n, clauses):
        raise ValueError("the formula must be satisfiable")
    return {"n": n, "m": len(clauses)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, clauses = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != n:
        return False, None, f"expected {n} values (0 or 1), found {len(toks)}"
    if any(t not in ("0", "1") for t in toks):
        return False, None, "every value must be 0 or 1"
    val = [t == "1" for t in toks]
    for i, (a, b) in enumerate(clauses):
        if val[abs(a) - 1] != (a > 0) and val[abs(b) - 1] != (b > 0):
            return False, None, f"clause {i + 1} ({a} or {b}) is not satisfied"
    trues = sum(val)
    return True, float(trues + 1), f"{trues} variables true"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: n values in {0, 1} satisfying every clause."""
    n, clauses = _parse(cfg, input_text)
    bits = output_text.split()
    if len(bits) != n or not set(bits) <= {"0", "1"}:
        return False, f"the output must be {n} values, each 0 or 1"
    true = {v for v, b in enumerate(bits, 1) if b == "1"}
    for a, b in clauses:
        if ((abs(a) in true) != (a > 0)) and ((abs(b) in true) != (b > 0)):
            return False, f"the clause ({a} or {b}) is broken"
    return True, "a satisfying assignment"


# An objective mutation keeps the seed's C_O: two_sat's checker asks exactly this of these outputs.
seed_feasible = feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4 4
1 2
-1 3
-2 -3
3 4
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Min-True 2-SAT",
    "statement": """
A 2-CNF formula over variables x_1..x_n is given; it is guaranteed to be satisfiable. Find a satisfying
assignment that sets as FEW variables to true as possible (deciding 2-SAT is easy; minimising the number
of true variables is NP-hard, it contains minimum vertex cover).

## Input

The first line holds n and m. Each of the next m lines holds a clause `a b` meaning
(l_a OR l_b), where a positive integer v stands for x_v and a negative integer -v for NOT x_v;
1 <= |a|, |b| <= n and |a| != |b|.

## Output

n integers separated by whitespace: the value (0 or 1) of x_1..x_n. Every clause must be
satisfied.

## Constraints

2 <= n <= 3000, 1 <= m <= 6000, the formula is satisfiable.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "1 + number of variables set true"},
    "input_spec": {
        "constraints": "satisfiable 2-CNF; literals are ±v with 1 <= v <= n; the two variables of a clause differ",
        "bounds": {"n": [2, 3000], "m": [1, 6000]},
    },
    "output_spec": {"description": "n values in {0, 1} satisfying every clause"},
    "io_format": "stdin: n m, then m lines 'a b' (signed literals); stdout: n values 0/1",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "two_sat",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy false-first with unit propagation",
            "summary": "Visit variables by how many clauses need them true (fewest first); try setting each "
            "false and propagate implications, falling back to true on a conflict.",
            "file": "greedy.py",
        },
        {
            "strategy": "simulated annealing with clause penalty",
            "summary": "Single-variable flips over full assignments with energy #true + λ·#violated clauses, "
            "starting from the SCC assignment; keeps the best satisfying assignment seen.",
            "file": "anneal.cpp",
        },
        {
            "strategy": "branch and bound per component",
            "summary": "Splits the formula into connected components and solves each by depth-first "
            "branch and bound with propagation (false branch first), node-limited on big components.",
            "file": "branch_bound.cpp",
        },
    ],
    "baseline": {
        "strategy": "SCC assignment",
        "summary": "The textbook 2-SAT algorithm: strongly connected components of the implication graph, "
        "each variable takes the value of the later component; ignores the number of true variables.",
        "file": "baseline.py",
    },
    "reference": None,
}
