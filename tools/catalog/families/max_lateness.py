"""Closed seed: one machine, jobs with processing times and due dates; minimise the maximum lateness (EDD)."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "max_lateness"
DISTRIBUTIONS = ("uniform", "tight", "clustered")


class Config:
    def __init__(self, n_max: int = 20000, p_max: int = 1000, d_max: int = 20_000_000) -> None:
        self.n_max = n_max
        self.p_max = p_max
        self.d_max = d_max
        if self.n_max < 1 or self.p_max < 1 or self.d_max < 0:
            raise ValueError("max_lateness config needs n_max >= 1, p_max >= 1 and d_max >= 0")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    n = rng.randint(max(1, cfg.n_max // 2), cfg.n_max)
    jobs = []
    total = n * (cfg.p_max + 1) // 2
    for _ in range(n):
        p = rng.randint(1, cfg.p_max)
        if dist == "uniform":
            d = rng.randint(0, min(cfg.d_max, total))
        elif dist == "tight":
            # due dates far earlier than the work: every job is late, only the order of lateness matters
            d = rng.randint(0, min(cfg.d_max, total // 10))
        else:
            centre = rng.choice((total // 5, total // 2, 4 * total // 5))
            d = max(0, min(cfg.d_max, centre + rng.randint(-cfg.p_max, cfg.p_max)))
        jobs.append((p, d))
    return "\n".join([str(n)] + [f"{p} {d}" for p, d in jobs]) + "\n"


def _parse(cfg: Config, text: str) -> list[tuple[int, int]]:
    return numbered_lines(text, cfg.n_max, "job", [("p", 1, cfg.p_max), ("d", 0, cfg.d_max)])


def _lateness(jobs: list[tuple[int, int]], order: list[int]) -> int:
    t, worst = 0, None
    for j in order:
        p, d = jobs[j]
        t += p
        worst = t - d if worst is None else max(worst, t - d)
    assert worst is not None
    return worst


def validate(cfg: Config, text: str) -> None:
    _parse(cfg, text)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    jobs = _parse(cfg, input_text)
    n = len(jobs)
    order, problem = job_order(output_text, n)
    if order is None:
        return False, None, problem
    got = _lateness(jobs, order)
    best = _lateness(jobs, sorted(range(n), key=lambda j: jobs[j][1]))
    if got != best:
        return False, None, f"maximum lateness {got}; the minimum is {best}"
    return True, 1.0, "minimum maximum lateness"


_REFERENCE = {
    "strategy": "earliest due date first",
    "summary": "Sort jobs by due date (Jackson's rule); an exchange argument shows no swap can lower the "
    "maximum lateness.",
    "file": "reference.py",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Minimise maximum lateness on one machine",
    "statement": """
# Minimise maximum lateness

A print shop has one press and **n** orders. Order i takes p_i minutes and is due at minute d_i. The
press starts at minute 0 and runs orders back to back in the order you choose. If order i finishes at
C_i, its lateness is C_i - d_i (negative when early). Minimise the largest lateness over all orders.

## Input
The first line holds n. Each of the next n lines holds `p d` for one order.

## Output
One line with a permutation of 1..n: the orders in the sequence they are run.

## Constraints
1 <= n <= 20000, 1 <= p_i <= 1000, 0 <= d_i <= 2 * 10^7.
""",
    "objective": {
        "kind": "optimise",
        "sense": "min",
        "formula": "max over jobs of (completion time - due date)",
    },
    "input_spec": {
        "constraints": "1 <= n <= 20000, 1 <= p <= 1000, 0 <= d <= 2e7",
        "bounds": {"n": [1, 20000], "p": [1, 1000], "d": [0, 20000000]},
    },
    "output_spec": {"description": "a permutation of the jobs minimising the maximum lateness"},
    "io_format": "stdin: n, then n lines 'p d'; stdout: a permutation of 1..n",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
