"""Two-machine flow shop: a pseudo-open input-axis mutation of maximum-lateness scheduling.

Every job now runs on a first machine and then on a second, and the last job's finish (the makespan) is what
counts: Johnson's rule (jobs faster on the first machine first, by that time ascending; then the others, by
their second-machine time descending) is exact.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "two_machine_flow_shop"
DISTRIBUTIONS = ("uniform", "first_heavy", "second_heavy", "correlated")


class Config:
    def __init__(self, n_max: int = 120, p_max: int = 1000) -> None:
        self.n_max = n_max
        self.p_max = p_max
        if not 1 <= self.n_max <= 200_000:
            raise ValueError("n_max must be between 1 and 200000")
        if not 1 <= self.p_max <= 10**6:
            raise ValueError("p_max must be between 1 and 1e6")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    # few jobs, so that the idle time of machine B, which the order decides, is a visible part of the makespan
    n = min(cfg.n_max, rng.randint(60, 120))
    pm = cfg.p_max
    jobs = []
    for _ in range(n):
        if dist == "uniform":
            a, b = rng.randint(1, pm), rng.randint(1, pm)
        elif dist == "first_heavy":
            a, b = rng.randint(pm // 3, pm), rng.randint(1, pm // 2)
        elif dist == "second_heavy":
            a, b = rng.randint(1, pm // 2), rng.randint(pm // 3, pm)
        elif dist == "correlated":
            # both machines about equally loaded job by job: the order decides the idle time of the second
            a = rng.randint(1, pm)
            b = max(1, min(pm, a + rng.randint(-pm // 10, pm // 10)))
        else:
            raise ValueError(f"unknown distribution {dist!r}")
        jobs.append((a, b))
    return f"{n}\n" + "".join(f"{a} {b}\n" for a, b in jobs)


def _parse(cfg: Config, text: str) -> list[tuple[int, int]]:
    fields = [("first-machine time", 1, cfg.p_max), ("second-machine time", 1, cfg.p_max)]
    return numbered_lines(text, cfg.n_max, "job", fields)  # type: ignore[return-value]


def validate(cfg: Config, text: str) -> dict[str, int]:
    jobs = _parse(cfg, text)
    return {"n": len(jobs)}


def _makespan(jobs: list[tuple[int, int]], order: list[int]) -> int:
    first = second = 0
    for j in order:
        first += jobs[j][0]
        second = max(second, first) + jobs[j][1]
    return second


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    jobs = _parse(cfg, input_text)
    order, problem = job_order(output_text, len(jobs))
    if order is None:
        return False, None, problem
    span = _makespan(jobs, order)
    return True, float(span), f"makespan {span}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: every job number once."""
    order, problem = job_order(output_text, len(_parse(cfg, input_text)))
    return order is not None, problem or "a permutation"


# The seed's checker asks for a permutation of its jobs too; the second machine is the input's widening.
seed_feasible = feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
3
3 2
1 4
2 2
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "Two machines in a row, shortest makespan",
    "statement": """
Each of n jobs must first be processed on machine A for a_j time units and then on machine B for b_j time
units. Both machines process the jobs in the same order, one at a time and without preemption, starting
at time 0; a job starts on B once it has left A and B is free. Order the jobs to finish the last one as
early as possible.

## Input

The first line holds `n` (1 <= n <= 120). Each of the next `n` lines holds `a_j b_j`
(1 <= a_j, b_j <= 1000).

## Output

A permutation of 1..n: the jobs in processing order.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "makespan of the two-machine flow shop"},
    "input_spec": {
        "constraints": "positive integer processing times on both machines",
        "bounds": {"n": [1, 120], "a": [1, 1000], "b": [1, 1000]},
    },
    "output_spec": {"description": "a permutation of the job numbers 1..n"},
    "io_format": "n, then n lines a b; answer: a permutation",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "max_lateness",
    "axis": "input",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "Johnson's rule (two lists)",
            "summary": "Jobs with a <= b first by a ascending, then the rest by b descending: no exchange of "
            "adjacent jobs can shorten the makespan. Exact.",
            "file": "johnson_lists.py",
        },
        {
            "strategy": "Johnson's rule (one sort key)",
            "summary": "The same order as one comparison sort in C++: key (0, a) when a <= b, else (1, -b).",
            "file": "johnson_key.cpp",
        },
        {
            "strategy": "shortest first-machine time first (weaker)",
            "summary": "Jobs by a ascending: machine B starts early, but long B tails may end the schedule.",
            "file": "spt_first.py",
        },
        {
            "strategy": "adjacent-swap local search from the input order (weaker)",
            "summary": "Start from the input order and swap neighbours while that shortens the makespan, "
            "for a bounded number of passes.",
            "file": "swap_search.cpp",
        },
        {
            "strategy": "Johnson's rule (minimum of the two times)",
            "summary": "Repeatedly take the job with the smallest remaining time on either machine: to the "
            "front if it is its A time, to the back if its B time. Exact.",
            "file": "johnson_min.py",
        },
    ],
    "baseline": {
        "strategy": "input order",
        "summary": "Process the jobs in the order they are given.",
        "file": "baseline.py",
    },
}
