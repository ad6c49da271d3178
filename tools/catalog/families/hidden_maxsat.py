"""Max-SAT behind an oracle: the input-axis mutation of 2-SAT, made interactive.

The formula is hidden: the solution proposes assignments and hears how many clauses each satisfies, within a
budget of questions, then answers its best. Interactive (``interact``): black-box optimisation.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and interact start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "hidden_maxsat"
DISTRIBUTIONS = ("threshold", "planted", "biased", "tight_budget")


class Config:
    def __init__(self, n_max: int = 60, m_max: int = 600, q_max: int = 2000) -> None:
        self.n_max = n_max
        self.m_max = m_max
        self.q_max = q_max
        if not 3 <= self.n_max <= 1000:
            raise ValueError("n_max must be between 3 and 1000")
        if not 1 <= self.m_max <= 100_000:
            raise ValueError("m_max must be between 1 and 100000")
        if not 1 <= self.q_max <= 100_000:
            raise ValueError("q_max must be between 1 and 100000")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(40, 60))
    q = min(cfg.q_max, 25 * n)
    if dist == "threshold":
        m = int(n * 4.26)
        clauses = [random_clause(rng, n, lambda v: rng.random() < 0.5) for _ in range(m)]
    elif dist == "planted":
        hidden = [rng.random() < 0.5 for _ in range(n + 1)]
        m = int(n * rng.uniform(5.0, 6.0))
        clauses = []
        while len(clauses) < m:
            c = random_clause(rng, n, lambda v: rng.random() < 0.5)
            if any(hidden[abs(lit)] == (lit > 0) for lit in c):
                clauses.append(c)
    elif dist == "biased":
        pref = [rng.random() < 0.5 for _ in range(n + 1)]
        m = int(n * 7)
        clauses = [random_clause(rng, n, lambda v: pref[v] == (rng.random() < 0.7)) for _ in range(m)]
    elif dist == "tight_budget":
        m = int(n * 5)
        q = min(cfg.q_max, 3 * n)
        clauses = [random_clause(rng, n, lambda v: rng.random() < 0.5) for _ in range(m)]
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    clauses = clauses[: cfg.m_max]
    return f"{n} {len(clauses)} {q}\n" + "".join(f"{a} {b} {c}\n" for a, b, c in clauses)


def _parse(cfg: Config, text: str) -> tuple[int, int, list[tuple[int, int, int]]]:
    if not text.endswith("\n"):
        raise ValueError("the input must end with a newline")
    rows = [r.split() for r in text[:-1].split("\n")]
    if len(rows[0]) != 3:
        raise ValueError("the first line must hold n, m and q")
    n = read_int(rows[0][0], 3, cfg.n_max, "n")
    m = read_int(rows[0][1], 1, cfg.m_max, "m")
    q = read_int(rows[0][2], 1, cfg.q_max, "q")
    if len(rows) != m + 1:
        raise ValueError(f"expected {m} clause lines, got {len(rows) - 1}")
    clauses = three_literal_clauses(rows[1:], n)
    return n, q, clauses


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, q, clauses = _parse(cfg, text)
    return {"n": n, "m": len(clauses), "q": q}


def _assignment(n: int, bits: str) -> list[bool]:
    if len(bits) != n or set(bits) - {"0", "1"}:
        raise ValueError(f"an assignment must be {n} characters, each 0 or 1")
    return [False] + [b == "1" for b in bits]


def interact(cfg: Config, input_text: str, talk) -> tuple[bool, float | None, str]:
    """The solution hears n, m and its budget q; it asks `? BITS` (an assignment) up to q times and hears how many
    clauses each satisfies, then answers `! BITS`, its assignment."""
    n, q, clauses = _parse(cfg, input_text)
    talk.send(f"{n} {len(clauses)} {q}")
    asked = 0
    while True:
        words = talk.receive().split()
        if len(words) != 2 or words[0] not in ("?", "!"):
            return False, None, f"line {asked + 1} is neither `? BITS` nor `! BITS`"
        val = _assignment(n, words[1])
        sat = sum(
            1
            for a, b, c in clauses
            if val[abs(a)] == (a > 0) or val[abs(b)] == (b > 0) or val[abs(c)] == (c > 0)
        )
        if words[0] == "!":
            return True, float(sat + 1), f"{sat} of {len(clauses)} clauses satisfied after {asked} questions"
        asked += 1
        if asked > q:
            return False, None, f"more than {q} questions"
        talk.send(str(sat))


NO_SEED_ORACLE = "the seed's checker judges an assignment of a formula it reads; here the formula is hidden behind a conversation"


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Max-SAT behind an oracle",
    "statement": """
A Boolean formula over variables x1..xn is hidden from you: it has m clauses, each the OR of three literals
on three different variables. You may propose assignments and hear how many clauses each satisfies, at
most q times; then give the assignment you choose. Satisfy as many clauses as you can.

## Interaction

First read one line `n m q` (3 <= n <= 60, 1 <= m <= 600, 1 <= q <= 2000). Then ask
`? BITS`, where BITS is n characters, the i-th `1` (x_i true) or `0` (false), and read one line with the
number of clauses that assignment satisfies; ask at most q times (flush after each line). End with
`! BITS`, your answer; nothing is read after it.
""",
    "objective": {
        "kind": "optimise",
        "sense": "max",
        "formula": "1 + number of clauses the answer satisfies",
    },
    "input_spec": {
        "constraints": "three literals per clause on three distinct variables; the formula stays hidden",
        "bounds": {"n": [3, 60], "m": [1, 600], "q": [1, 2000]},
    },
    "output_spec": {"description": "at most q questions `? BITS`, then the answer `! BITS` (n bits)"},
    "io_format": "interactive: n m q, then `? BITS` answered by a count, up to q times; end with `! BITS`",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "two_sat",
    "axis": "input",
    "interactive": True,
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "first-improvement bit flips",
            "summary": "From all-false, flip one variable at a time in order and keep each flip that raises the "
            "count, sweeping until a sweep changes nothing or the questions run out.",
            "file": "bit_flip_climb.py",
        },
        {
            "strategy": "(1+1) evolutionary algorithm",
            "summary": "Mutate the current assignment by flipping each bit with probability 1/n and keep the "
            "child when it satisfies at least as many clauses.",
            "file": "one_plus_one.py",
        },
        {
            "strategy": "sampling then regression",
            "summary": "Spend part of the budget on random assignments, set each variable by how the counts "
            "correlate with it, then climb with the rest.",
            "file": "sample_regress.cpp",
        },
        {
            "strategy": "simulated annealing",
            "summary": "Single-bit flips accepted by the Metropolis rule on the change in the count, cooling "
            "geometrically over the budget.",
            "file": "annealing.py",
        },
    ],
    "baseline": {
        "strategy": "all false",
        "summary": "Ask nothing and answer every variable false.",
        "file": "baseline.py",
    },
}
