"""Most jobs on time: a pseudo-open objective-axis mutation of maximum-lateness scheduling.

Counting the jobs that finish by their due dates instead of the worst lateness: Moore and Hodgson's rule
(earliest due date first, dropping the longest job whenever one would be late) is exact.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "max_on_time_jobs"
DISTRIBUTIONS = ("uniform", "overloaded", "long_urgent", "bimodal")


class Config:
    def __init__(self, n_max: int = 3000, p_max: int = 1000, d_max: int = 3_000_000) -> None:
        self.n_max = n_max
        self.p_max = p_max
        self.d_max = d_max
        if not 1 <= self.n_max <= 200_000:
            raise ValueError("n_max must be between 1 and 200000")
        if not 1 <= self.p_max <= 10**6 or not 1 <= self.d_max <= 10**12:
            raise ValueError("p_max must be in [1, 1e6] and d_max in [1, 1e12]")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(1500, 3000))
    pm = cfg.p_max
    work = n * pm // 2  # the expected total processing time
    jobs = []
    for _ in range(n):
        if dist == "uniform":
            p, d = rng.randint(1, pm), rng.randint(1, work // 2)
        elif dist == "overloaded":
            p, d = rng.randint(1, pm), rng.randint(1, work // 6)
        elif dist == "long_urgent":
            # the urgent jobs are the long ones: due-date order spends the early time on them
            p = rng.randint(1, pm)
            d = max(1, p * (work // 3) // pm + rng.randint(0, work // 20))
        elif dist == "bimodal":
            p = rng.randint(1, pm // 20) if rng.random() < 0.6 else rng.randint(pm // 2, pm)
            d = rng.randint(1, work // 3)
        else:
            raise ValueError(f"unknown distribution {dist!r}")
        jobs.append((p, max(1, min(cfg.d_max, d))))
    # the first job fits on its own, so every order that starts with it has a job on time
    p0, d0 = jobs[0]
    jobs[0] = (p0, max(d0, p0))
    return f"{n}\n" + "".join(f"{p} {d}\n" for p, d in jobs)


def _parse(cfg: Config, text: str) -> list[tuple[int, int]]:
    fields = [("processing time", 1, cfg.p_max), ("due date", 1, cfg.d_max)]
    jobs = numbered_lines(text, cfg.n_max, "job", fields)
    if jobs[0][0] > jobs[0][1]:
        raise ValueError("job 1 must fit before its due date on its own (p_1 <= d_1)")
    return jobs  # type: ignore[return-value]


def validate(cfg: Config, text: str) -> dict[str, int]:
    jobs = _parse(cfg, text)
    return {"n": len(jobs)}


def _on_time(jobs: list[tuple[int, int]], order: list[int]) -> int:
    t = count = 0
    for j in order:
        t += jobs[j][0]
        count += t <= jobs[j][1]
    return count


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    jobs = _parse(cfg, input_text)
    order, problem = job_order(output_text, len(jobs))
    if order is None:
        return False, None, problem
    count = _on_time(jobs, order)
    if count == 0:
        return False, None, "no job finishes by its due date"
    return True, float(count), f"{count} jobs on time"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: a permutation of the jobs with one on time."""
    jobs = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != len(jobs) or not all(t.isdecimal() and len(t) <= 7 for t in toks):
        return False, f"the output must be {len(jobs)} job numbers"
    order = [int(t) - 1 for t in toks]
    if sorted(order) != list(range(len(jobs))):
        return False, f"the output must hold each of 1..{len(jobs)} once"
    finish = 0
    for j in order:
        finish += jobs[j][0]
        if finish <= jobs[j][1]:
            return True, "a permutation with a job on time"
    return False, "no job is on time"


# An objective mutation keeps the seed's C_O: max_lateness's checker asks for a permutation of the jobs.
def seed_feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    order, problem = job_order(output_text, len(_parse(cfg, input_text)))
    return order is not None, problem or "a permutation"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4
2 3
3 5
1 4
4 8
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "One machine, most jobs on time",
    "statement": """
A single machine must process n jobs one after another without idle time, starting at time 0. Job j takes
p_j time units and is due at time d_j; it is on time if it completes by d_j. Order the jobs so that as many
as possible are on time.

## Input

The first line holds `n` (1 <= n <= 3000). Each of the next `n` lines holds `p_j d_j`
(1 <= p_j <= 1000, 1 <= d_j <= 3·10^6, and p_1 <= d_1).

## Output

A permutation of 1..n: the jobs in processing order. At least one job must be on time.
""",
    "objective": {
        "kind": "optimise",
        "sense": "max",
        "formula": "number of jobs completed by their due date",
    },
    "input_spec": {
        "constraints": "positive integer processing times and due dates; the first job fits on its own",
        "bounds": {"n": [1, 3000], "p": [1, 1000], "d": [1, 3000000]},
    },
    "output_spec": {"description": "a permutation of the job numbers 1..n with at least one job on time"},
    "io_format": "n, then n lines p d; answer: a permutation",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "max_lateness",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "Moore-Hodgson (earliest due date, drop the longest when late; heap)",
            "summary": "Add jobs by due date; whenever the current one would be late, drop the longest job "
            "kept so far (a max-heap). The kept jobs in due-date order, then the dropped ones. Exact.",
            "file": "moore_hodgson.py",
        },
        {
            "strategy": "Moore-Hodgson (priority_queue)",
            "summary": "The same rule in C++ with a std::priority_queue of processing times.",
            "file": "moore_hodgson.cpp",
        },
        {
            "strategy": "dynamic programming over due-date order",
            "summary": "By due date, least[k] = the least total time of k jobs all on time; a job extends "
            "least[k - 1] when that still meets its due date; walk back the choices. Exact, O(n^2).",
            "file": "dp_count.cpp",
        },
        {
            "strategy": "earliest due date, skipping jobs already late (weaker)",
            "summary": "Jobs by due date, each kept only if it still meets its due date, the rest at the "
            "end; it never gives back the time a long job took.",
            "file": "edd_skip.py",
        },
        {
            "strategy": "shortest job first (weaker)",
            "summary": "Every job by processing time: many short jobs finish early, whatever their due dates.",
            "file": "spt.py",
        },
    ],
    "baseline": {
        "strategy": "input order",
        "summary": "Process the jobs in the order they are given.",
        "file": "baseline.py",
    },
}
