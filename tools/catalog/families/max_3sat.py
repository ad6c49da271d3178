"""Max-3-SAT: the input-axis mutation of 2-SAT (clauses of width 3, not necessarily satisfiable).

Maximise the number of satisfied clauses; width 3 makes even the decision version NP-complete.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "max_3sat"
DISTRIBUTIONS = ("threshold", "overconstrained", "planted", "biased")


class Config:
    def __init__(self, n_max: int = 2000, m_max: int = 10000) -> None:
        self.n_max = n_max
        self.m_max = m_max
        if not 3 <= self.n_max <= 100_000:
            raise ValueError("n_max must be between 3 and 100000")
        if not 1 <= self.m_max <= 1_000_000:
            raise ValueError("m_max must be between 1 and 1000000")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    clauses = []
    if dist == "threshold":
        n = min(cfg.n_max, rng.randint(800, 1200))
        m = int(n * 4.26)
        clauses = [random_clause(rng, n, lambda v: rng.random() < 0.5) for _ in range(m)]
    elif dist == "overconstrained":
        n = min(cfg.n_max, rng.randint(250, 400))
        m = int(n * rng.uniform(8, 12))
        clauses = [random_clause(rng, n, lambda v: rng.random() < 0.5) for _ in range(m)]
    elif dist == "planted":
        # satisfiable by a hidden assignment: every clause has at least one literal the hidden one makes true
        n = min(cfg.n_max, rng.randint(1500, 2000))
        hidden = [rng.random() < 0.5 for _ in range(n + 1)]
        m = int(n * rng.uniform(4.0, 4.4))
        while len(clauses) < m:
            c = random_clause(rng, n, lambda v: rng.random() < 0.5)
            if any(hidden[abs(lit)] == (lit > 0) for lit in c):
                clauses.append(c)
    elif dist == "biased":
        # each variable has a preferred polarity, so counting occurrences is informative but misleading in places
        n = min(cfg.n_max, rng.randint(800, 1200))
        pref = [rng.random() < 0.5 for _ in range(n + 1)]
        m = int(n * 6)
        clauses = [random_clause(rng, n, lambda v: pref[v] == (rng.random() < 0.65)) for _ in range(m)]
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    clauses = clauses[: cfg.m_max]
    return f"{n} {len(clauses)}\n" + "".join(f"{a} {b} {c}\n" for a, b, c in clauses)


def _parse(cfg: Config, text: str) -> tuple[int, list[tuple[int, int, int]]]:
    rows = token_lines(text)
    if len(rows[0]) != 2:
        raise ValueError("the first line must hold n and m")
    n = read_int(rows[0][0], 3, cfg.n_max, "n")
    m = read_int(rows[0][1], 1, cfg.m_max, "m")
    if len(rows) != m + 1:
        raise ValueError(f"expected {m} clause lines, got {len(rows) - 1}")
    clauses = three_literal_clauses(rows[1:], n)
    return n, clauses


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, clauses = _parse(cfg, text)
    return {"n": n, "m": len(clauses)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, clauses = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != n:
        return False, None, f"expected {n} values, got {len(toks)}"
    if any(t not in ("0", "1") for t in toks):
        return False, None, "every value must be 0 or 1"
    val = [False] + [t == "1" for t in toks]
    sat = sum(1 for c in clauses if any(val[abs(x)] == (x > 0) for x in c))
    return True, float(sat + 1), f"{sat} of {len(clauses)} clauses satisfied"


NO_SEED_ORACLE = "clauses of three literals lie outside the seed's 2-CNF inputs"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: n values in {0, 1} (any assignment; the objective counts)."""
    n, _ = _parse(cfg, input_text)
    bits = output_text.split()
    if len(bits) != n or not set(bits) <= {"0", "1"}:
        return False, f"the output must be {n} values, each 0 or 1"
    return True, "an assignment"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4 6
1 2 3
-1 -2 4
2 -3 -4
-1 3 4
1 -2 -4
-2 -3 4
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Max-3-SAT",
    "statement": """
You are given a Boolean formula in conjunctive normal form over variables x1..xn in which every clause
has exactly three literals on three different variables. The formula need not be satisfiable: assign a
value to every variable so that as many clauses as possible are satisfied.

## Input

The first line holds `n m` (3 <= n <= 2000, 1 <= m <= 10000). Each of the next `m` lines
holds three non-zero integers: `k` stands for x_k and `-k` for its negation (1 <= k <= n).

## Output

`n` values separated by whitespace, the i-th being `1` (x_i true) or `0` (x_i false).
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "1 + number of satisfied clauses"},
    "input_spec": {
        "constraints": "every clause has three literals on three distinct variables",
        "bounds": {"n": [3, 2000], "m": [1, 10000]},
    },
    "output_spec": {"description": "n values, each 0 or 1"},
    "io_format": "n m, then m lines of three literals; answer: n bits",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "two_sat",
    "axis": "input",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "conditional expectations (Johnson)",
            "summary": "Fix variables one by one to the value that maximises the expected number of "
            "satisfied clauses if the rest were set at random (a derandomised 7/8-approximation).",
            "file": "johnson.cpp",
        },
        {
            "strategy": "WalkSAT",
            "summary": "From a random assignment, repeatedly pick an unsatisfied clause and flip either a "
            "random variable of it or the one that breaks the fewest clauses; keep the best assignment.",
            "file": "walksat.cpp",
        },
        {
            "strategy": "simulated annealing",
            "summary": "Single-variable flips accepted by the Metropolis rule on the change in satisfied "
            "clauses, with geometric cooling over a fixed number of steps.",
            "file": "annealing.cpp",
        },
        {
            "strategy": "majority polarity + hill climbing",
            "summary": "Set each variable to its more frequent polarity, then greedily flip the variable "
            "with the largest gain until no flip helps.",
            "file": "majority_climb.py",
        },
    ],
    "baseline": {
        "strategy": "all false",
        "summary": "Set every variable to false.",
        "file": "baseline.py",
    },
}
