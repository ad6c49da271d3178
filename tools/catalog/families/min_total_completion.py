"""Single-machine total completion time: a pseudo-open objective-axis mutation of max-lateness scheduling.

Minimising the sum of completion times is solved exactly by shortest-processing-time order (SPT).
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "min_total_completion"
DISTRIBUTIONS = ("uniform", "bimodal", "edd_reversed", "ties")


class Config:
    def __init__(self, n_max: int = 5000, p_max: int = 1000, d_max: int = 10**7) -> None:
        self.n_max = n_max
        self.p_max = p_max
        self.d_max = d_max
        if not 1 <= self.n_max <= 200_000:
            raise ValueError("n_max must be between 1 and 200000")
        if not 1 <= self.p_max <= 10**6 or not 1 <= self.d_max <= 10**12:
            raise ValueError("p_max must be in [1, 1e6] and d_max in [1, 1e12]")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(3000, 5000))
    pm = cfg.p_max
    jobs = []
    horizon = n * pm // 2
    for _ in range(n):
        if dist == "uniform":
            p = rng.randint(1, pm)
        elif dist == "bimodal":
            p = rng.randint(1, pm // 20) if rng.random() < 0.7 else rng.randint(pm // 2, pm)
        elif dist == "edd_reversed":
            p = rng.randint(1, pm)
        elif dist == "ties":
            p = rng.choice((pm // 10, pm // 5, pm // 2, pm))
        else:
            raise ValueError(f"unknown distribution {dist!r}")
        # due dates come from the parent problem and are ignored by the objective
        if dist == "edd_reversed":  # long jobs fall due first, so EDD is close to the worst order
            d = max(1, min(horizon, (pm - p) * n // 2 + rng.randint(0, pm)))
        else:
            d = rng.randint(1, horizon)
        jobs.append((p, min(cfg.d_max, d)))
    return f"{n}\n" + "".join(f"{p} {d}\n" for p, d in jobs)


def _parse(cfg: Config, text: str) -> list[tuple[int, int]]:
    fields = [("processing time", 1, cfg.p_max), ("due date", 1, cfg.d_max)]
    return numbered_lines(text, cfg.n_max, "job", fields)


def validate(cfg: Config, text: str) -> dict[str, int]:
    jobs = _parse(cfg, text)
    return {"n": len(jobs)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    jobs = _parse(cfg, input_text)
    n = len(jobs)
    order, problem = job_order(output_text, n)
    if order is None:
        return False, None, problem
    t = total = 0
    for j in order:
        t += jobs[j][0]
        total += t
    return True, float(total), f"sum of completion times {total}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: every job number once."""
    order, problem = job_order(output_text, len(_parse(cfg, input_text)))
    return order is not None, problem or "a permutation"


# An objective mutation keeps the seed's C_O: max_lateness's checker, without its minimality.
seed_feasible = feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4
3 5
1 4
4 12
2 3
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "One machine, least total completion time",
    "statement": """
A single machine must process n jobs one after another without idle time, starting at time 0. Job j
takes p_j time units; it also carries a due date d_j (kept from the original lateness problem, not
used by the objective here). Order the jobs to minimise the sum of their completion times.

## Input

The first line holds `n` (1 <= n <= 5000). Each of the next `n` lines holds `p_j d_j`
(1 <= p_j <= 1000, 1 <= d_j <= 10^7).

## Output

A permutation of 1..n: the jobs in processing order.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "sum of completion times"},
    "input_spec": {
        "constraints": "positive integer processing times and due dates",
        "bounds": {"n": [1, 5000], "p": [1, 1000], "d": [1, 10000000]},
    },
    "output_spec": {"description": "a permutation of the job numbers 1..n"},
    "io_format": "n, then n lines p d; answer: a permutation",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "max_lateness",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "shortest processing time first (sort)",
            "summary": "Sort the jobs by processing time ascending (SPT), which is optimal by an exchange argument.",
            "file": "spt_sort.py",
        },
        {
            "strategy": "shortest processing time first (heap)",
            "summary": "SPT again, emitting jobs from a min-heap keyed by processing time.",
            "file": "spt_heap.cpp",
        },
        {
            "strategy": "shortest processing time first (counting sort)",
            "summary": "SPT by bucketing jobs on their processing time (values are small integers).",
            "file": "spt_buckets.py",
        },
        {
            "strategy": "EDD + adjacent swaps (weaker)",
            "summary": "Start from earliest-due-date order and run a few bubble passes swapping adjacent "
            "jobs when that lowers the sum; never better than SPT.",
            "file": "edd_swaps.py",
        },
    ],
    "baseline": {
        "strategy": "earliest due date",
        "summary": "The parent's optimal rule for maximum lateness: sort by due date.",
        "file": "baseline.py",
    },
}
