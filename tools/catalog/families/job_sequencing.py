"""Unit jobs with deadlines and profits: a pseudo-open objective-axis mutation of maximum-lateness scheduling.

Every job takes one time unit and pays its profit only when it finishes by its deadline. The jobs that can all
finish on time form a matroid, so the greedy by profit (each job into the latest free slot before its deadline)
is exact, and so is earliest-deadline order dropping the least profitable job whenever one would be late.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "job_sequencing"
DISTRIBUTIONS = ("uniform", "tight", "rich_late", "ties")


class Config:
    def __init__(self, n_max: int = 3000, w_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.w_max = w_max
        if not 1 <= self.n_max <= 200_000:
            raise ValueError("n_max must be between 1 and 200000")
        if not 1 <= self.w_max <= 10**9:
            raise ValueError("w_max must be between 1 and 1e9")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(1500, 3000))
    wm = cfg.w_max
    jobs = []
    for _ in range(n):
        if dist == "uniform":
            d, w = rng.randint(1, n // 2), rng.randint(1, wm)
        elif dist == "tight":
            # three times more jobs than slots before most deadlines: which to drop is the whole question
            d, w = rng.randint(1, n // 6), rng.randint(1, wm)
        elif dist == "rich_late":
            # late deadlines pay most: taking jobs in deadline order fills the early slots with cheap ones
            d = rng.randint(1, n // 3)
            w = max(1, min(wm, d * wm // (n // 3) + rng.randint(-wm // 10, wm // 10)))
        elif dist == "ties":
            d, w = rng.choice((n // 20, n // 10, n // 5, n // 3)), rng.choice((10, 100, 1000, 10_000))
        else:
            raise ValueError(f"unknown distribution {dist!r}")
        jobs.append((max(1, min(n, d)), max(1, min(wm, w))))
    return f"{n}\n" + "".join(f"{d} {w}\n" for d, w in jobs)


def _parse(cfg: Config, text: str) -> list[tuple[int, int]]:
    rows = numbered_lines(text, cfg.n_max, "job", [("deadline", 1, cfg.n_max), ("profit", 1, cfg.w_max)])
    for i, (d, _) in enumerate(rows, 1):
        if d > len(rows):
            raise ValueError(f"the deadline of job {i} is past n = {len(rows)}")
    return rows  # type: ignore[return-value]


def validate(cfg: Config, text: str) -> dict[str, int]:
    rows = _parse(cfg, text)
    return {"n": len(rows)}


def _on_time_profit(jobs: list[tuple[int, int]], order: list[int]) -> int:
    return sum(jobs[j][1] for t, j in enumerate(order, 1) if t <= jobs[j][0])


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    jobs = _parse(cfg, input_text)
    order, problem = job_order(output_text, len(jobs))
    if order is None:
        return False, None, problem
    profit = _on_time_profit(jobs, order)
    if profit == 0:
        return False, None, "no job finishes by its deadline"
    return True, float(profit), f"profit {profit} from the jobs on time"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: a permutation of the jobs with one on time."""
    jobs = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != len(jobs) or not all(t.isdecimal() and len(t) <= 7 for t in toks):
        return False, f"the output must be {len(jobs)} job numbers"
    order = [int(t) for t in toks]
    if set(order) != set(range(1, len(jobs) + 1)):
        return False, f"the output must hold each of 1..{len(jobs)} once"
    on_time = any(t <= jobs[j - 1][0] for t, j in enumerate(order, 1))
    return on_time, "a permutation with a job on time" if on_time else "no job is on time"


# An objective mutation keeps the seed's C_O: max_lateness's checker asks for a permutation of the jobs.
def seed_feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    order, problem = job_order(output_text, len(_parse(cfg, input_text)))
    return order is not None, problem or "a permutation"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4
2 50
1 10
2 15
1 30
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "Unit jobs before their deadlines, most profit",
    "statement": """
A machine processes n jobs one after another; every job takes exactly one time unit, so the job in
position t of the order finishes at time t. Job j pays p_j if it finishes by its deadline d_j (t <= d_j)
and nothing otherwise. Order the jobs to earn as much as possible.

## Input

The first line holds `n` (1 <= n <= 3000). Each of the next `n` lines holds `d_j p_j`
(1 <= d_j <= n, 1 <= p_j <= 10^6).

## Output

A permutation of 1..n: the jobs in processing order. At least one job must finish by its
deadline.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "total profit of the jobs on time"},
    "input_spec": {
        "constraints": "unit-time jobs, integer deadlines in 1..n and positive profits",
        "bounds": {"n": [1, 3000], "d": [1, 3000], "p": [1, 1000000]},
    },
    "output_spec": {"description": "a permutation of the job numbers 1..n with at least one job on time"},
    "io_format": "n, then n lines d p; answer: a permutation",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "max_lateness",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy by profit into the latest free slot (union-find)",
            "summary": "Take jobs from the most profitable down; each goes into the latest free slot at or "
            "before its deadline (a union-find finds it), else it is late. Exact: a matroid's greedy.",
            "file": "latest_slot.py",
        },
        {
            "strategy": "earliest deadline first, dropping the least profitable (min-heap)",
            "summary": "Go through the jobs by deadline keeping a min-heap of the chosen profits; when the "
            "chosen jobs outnumber the deadline, drop the cheapest. Exact by an exchange argument.",
            "file": "edd_heap.cpp",
        },
        {
            "strategy": "greedy by profit into the earliest free slot (weaker)",
            "summary": "Most profitable first, each into the earliest free slot if that is by its "
            "deadline; it wastes the early slots that urgent jobs need.",
            "file": "earliest_slot.py",
        },
        {
            "strategy": "earliest deadline first, skipping jobs already late (weaker)",
            "summary": "Jobs in deadline order (the parent's rule), each kept if it can still finish on time; "
            "blind to which of the competing jobs pay most.",
            "file": "edd.cpp",
        },
        {
            "strategy": "greedy by profit into the latest free slot (array scan)",
            "summary": "The matroid greedy in C++, scanning down from the deadline for a free slot.",
            "file": "latest_slot.cpp",
        },
    ],
    "baseline": {
        "strategy": "input order",
        "summary": "Process the jobs in the order they are given.",
        "file": "baseline.py",
    },
}
