"""Total weighted tardiness on one machine (open, objective axis of max_lateness): order the jobs to
minimise the sum of w_j * max(0, C_j - d_j). Generator, validator and native verifier."""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "weighted_tardiness"
DISTRIBUTIONS = ("tight", "loose", "heavy_tail")


class Config:
    def __init__(self, n_max: int = 1000, p_max: int = 1000, w_max: int = 1000, d_max: int = 10**7) -> None:
        self.n_max = n_max
        self.p_max = p_max
        self.w_max = w_max
        self.d_max = d_max
        if not 1 <= self.n_max <= 100_000:
            raise ValueError("n_max must be between 1 and 100000")
        if self.p_max < 1 or self.w_max < 1 or self.d_max < 0:
            raise ValueError("p_max and w_max must be >= 1 and d_max >= 0")


def _parse(cfg: Config, text: str) -> list[tuple[int, int, int]]:
    v = read_ints(text)
    if not v or not 1 <= v[0] <= cfg.n_max:
        raise ValueError(f"the first number n must be in [1, {cfg.n_max}]")
    n = v[0]
    if len(v) != 1 + 3 * n:
        raise ValueError(f"expected {1 + 3 * n} integers, found {len(v)}")
    jobs = []
    for i in range(n):
        p, d, w = v[1 + 3 * i : 4 + 3 * i]
        if not (1 <= p <= cfg.p_max and 0 <= d <= cfg.d_max and 1 <= w <= cfg.w_max):
            raise ValueError(
                f"job {i + 1} needs 1 <= p <= {cfg.p_max}, 0 <= d <= {cfg.d_max}, 1 <= w <= {cfg.w_max}"
            )
        jobs.append((p, d, w))
    return jobs


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    # Due dates follow the classic tardiness-factor / due-date-range recipe.
    n = min(cfg.n_max, rng.randint(*{"tight": (400, 500), "loose": (150, 250)}.get(dist, (700, 900))))
    if dist == "tight":
        tf, rdd = 0.8, 0.2
        p = [rng.randint(1, 100) for _ in range(n)]
        w = [rng.randint(1, 10) for _ in range(n)]
    elif dist == "loose":
        tf, rdd = 0.3, 0.6
        p = [rng.randint(1, 100) for _ in range(n)]
        w = [rng.randint(1, 10) for _ in range(n)]
    else:  # heavy_tail: a few long, very important jobs among many short cheap ones
        tf, rdd = 0.6, 0.8
        p, w = [], []
        for _ in range(n):
            if rng.random() < 0.1:
                p.append(rng.randint(100, 400))
                w.append(rng.randint(50, 100))
            else:
                p.append(rng.randint(1, 40))
                w.append(rng.randint(1, 5))
    p = [min(cfg.p_max, x) for x in p]
    w = [min(cfg.w_max, x) for x in w]
    total = sum(p)
    lo, hi = total * (1 - tf - rdd / 2), total * (1 - tf + rdd / 2)
    d = [min(cfg.d_max, max(0, int(rng.uniform(lo, hi)))) for _ in range(n)]
    return f"{n}\n" + "".join(f"{p[i]} {d[i]} {w[i]}\n" for i in range(n))


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
        p, d, w = jobs[j]
        t += p
        total += w * max(0, t - d)
    return True, float(total + 1), f"total weighted tardiness {total}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: every job number once."""
    order, problem = job_order(output_text, len(_parse(cfg, input_text)))
    return order is not None, problem or "a permutation"


# An objective mutation keeps the seed's C_O: max_lateness's checker, without its minimality.
seed_feasible = feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4
3 4 2
2 3 1
4 9 3
1 2 2
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Single-Machine Total Weighted Tardiness",
    "statement": """
n jobs must be processed one at a time on a single machine, starting at time 0 without idle time. Job j
takes p_j time units, is due at d_j and has weight w_j; if it completes at C_j its tardiness is
max(0, C_j − d_j). Order the jobs to minimise the total weighted tardiness (NP-hard in the strong sense;
minimising the MAXIMUM lateness instead is solved exactly by earliest due date).

## Input

The first line holds n; each of the next n lines holds `p_j d_j w_j`.

## Output

A permutation of 1..n (whitespace separated): the processing order.

## Constraints

1 <= n <= 1000, 1 <= p_j <= 1000, 0 <= d_j <= 10^7, 1 <= w_j <= 1000.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "1 + sum of w_j * max(0, C_j - d_j)"},
    "input_spec": {
        "constraints": "integers; jobs start at time 0 with no idle time",
        "bounds": {"n": [1, 1000], "p": [1, 1000], "d": [0, 10000000], "w": [1, 1000]},
    },
    "output_spec": {"description": "a permutation of 1..n"},
    "io_format": "stdin: n, then n lines 'p d w'; stdout: the job order",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "max_lateness",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "ATC dispatching rule",
            "summary": "Apparent-tardiness-cost priority (w/p times an exponential slack discount), "
            "dispatching greedily for a few look-ahead parameters and keeping the best schedule.",
            "file": "atc.py",
        },
        {
            "strategy": "simulated annealing on swaps",
            "summary": "Swap two jobs of the sequence, re-evaluate only the affected segment, accept by the "
            "Metropolis rule under geometric cooling; starts from EDD.",
            "file": "anneal.cpp",
        },
        {
            "strategy": "dispatch rules + exact-window / interchange descent",
            "summary": "Starts from the best of the EDD, modified-due-date and ATC orders and re-sequences every window of 10 "
            "consecutive jobs optimally by a subset DP, alternating with pairwise-interchange descent until "
            "neither neighbourhood improves.",
            "file": "window_dp.cpp",
        },
    ],
    "baseline": {
        "strategy": "earliest due date",
        "summary": "Sort by due date, the exact rule for maximum lateness; ignores weights.",
        "file": "baseline.py",
    },
    "reference": None,
}
