"""Workers and jobs on a line: a pseudo-open input-axis mutation of the assignment problem.

The cost of giving job j to worker i is now the distance |a_i - b_j| between their positions on a street
rather than any matrix: pairing the workers and the jobs each sorted by position is exact (two crossing
pairs never cost less than the same four points uncrossed).
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "line_matching"
DISTRIBUTIONS = ("uniform", "two_towns", "interleaved", "clustered")


class Config:
    def __init__(self, n_max: int = 3000, x_max: int = 10**9) -> None:
        self.n_max = n_max
        self.x_max = x_max
        if not 1 <= self.n_max <= 200_000:
            raise ValueError("n_max must be between 1 and 200000")
        if not 10 <= self.x_max <= 10**12:
            raise ValueError("x_max must be between 10 and 1e12")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(1000, 2000))
    xm = cfg.x_max
    if dist == "uniform":
        points = rng.sample(range(xm + 1), 2 * n)
        workers, jobs = points[:n], points[n:]
    elif dist == "two_towns":
        # most workers live in one town and most jobs are in the other
        towns = (xm // 5, 4 * xm // 5)
        pool = set()
        workers, jobs = [], []
        for side, out in ((0, workers), (1, jobs)):
            while len(out) < n:
                town = towns[side] if rng.random() < 0.8 else towns[1 - side]
                x = min(xm, max(0, town + int(rng.gauss(0, xm / 20))))
                if x not in pool:
                    pool.add(x)
                    out.append(x)
    elif dist == "interleaved":
        # worker, job, worker, job ... along the street, with gaps of two sizes
        points, x = [], 0
        for _ in range(2 * n):
            x += rng.choice((1, 2, 3, 1000, 5000))
            points.append(x)
        workers, jobs = points[0::2], points[1::2]
        rng.shuffle(workers)
        rng.shuffle(jobs)
    elif dist == "clustered":
        centres = [rng.randint(0, xm) for _ in range(12)]
        pool = set()
        while len(pool) < 2 * n:
            pool.add(min(xm, max(0, rng.choice(centres) + int(rng.gauss(0, xm / 200)))))
        points = list(pool)
        rng.shuffle(points)
        workers, jobs = points[:n], points[n:]
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    return f"{n}\n{' '.join(map(str, workers))}\n{' '.join(map(str, jobs))}\n"


def _parse(cfg: Config, text: str) -> tuple[list[int], list[int]]:
    rows = token_lines(text)
    if len(rows) != 3 or len(rows[0]) != 1:
        raise ValueError(
            "the input must be n, then a line of n worker positions and a line of n job positions"
        )
    n = read_int(rows[0][0], 1, cfg.n_max, "n")
    if len(rows[1]) != n or len(rows[2]) != n:
        raise ValueError(f"each position line must hold exactly n = {n} integers")
    workers = [read_int(t, 0, cfg.x_max, "a worker's position") for t in rows[1]]
    jobs = [read_int(t, 0, cfg.x_max, "a job's position") for t in rows[2]]
    if len(set(workers) | set(jobs)) != 2 * n:
        raise ValueError("the 2n positions must be distinct")
    return workers, jobs


def validate(cfg: Config, text: str) -> dict[str, int]:
    workers, _ = _parse(cfg, text)
    return {"n": len(workers)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    workers, jobs = _parse(cfg, input_text)
    order, problem = job_order(output_text, len(workers))
    if order is None:
        return False, None, problem.replace("jobs", "job numbers")
    total = sum(abs(w - jobs[j]) for w, j in zip(workers, order, strict=True))
    return True, float(total), f"total distance {total}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: each job to exactly one worker."""
    workers, _ = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != len(workers) or not all(t.isdecimal() and len(t) <= 7 for t in toks):
        return False, f"the output must be {len(workers)} job numbers"
    if sorted(int(t) for t in toks) != list(range(1, len(workers) + 1)):
        return False, "every job must go to exactly one worker"
    return True, "a perfect assignment"


NO_SEED_ORACLE = "the seed's checker reads a cost matrix; here the costs are positions on a line"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
3
1 8 15
4 10 20
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "Workers to jobs along one street",
    "statement": """
n workers live at distinct positions a_1..a_n along a straight street and n jobs wait at positions
b_1..b_n (all 2n positions distinct). Send every worker to a different job so that the total distance
walked, Σ_i |a_i − b_π(i)|, is as small as possible.

## Input

The first line holds `n` (1 <= n <= 3000); the second the n worker positions; the third the
n job positions (integers in [0, 10^9], all 2n distinct).

## Output

n integers: π(1) .. π(n), the job of each worker, a permutation of 1..n.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "total distance walked"},
    "input_spec": {
        "constraints": "2n distinct integer positions on a line",
        "bounds": {"n": [1, 3000], "x": [0, 1000000000]},
    },
    "output_spec": {"description": "a permutation: the job of each worker"},
    "io_format": "n; n worker positions; n job positions; answer: n job numbers",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "assignment",
    "axis": "input",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "sort both sides and pair in order",
            "summary": "The k-th leftmost worker takes the k-th leftmost job: uncrossing any two pairs never "
            "costs more, so the sorted pairing is optimal. Exact.",
            "file": "sorted_pairs.py",
        },
        {
            "strategy": "sort both sides and pair in order (index sort)",
            "summary": "The same pairing in C++, sorting index arrays by position.",
            "file": "sorted_pairs.cpp",
        },
        {
            "strategy": "nearest free job, workers from left to right (weaker)",
            "summary": "Workers by position, each taking the closest job still free.",
            "file": "sorted_nearest.py",
        },
        {
            "strategy": "closest worker-job neighbours first (weaker)",
            "summary": "Along the street, repeatedly pair the adjacent worker and job with the smallest gap "
            "and remove both (a heap over neighbouring pairs).",
            "file": "closest_first.py",
        },
        {
            "strategy": "sort both sides and pair in order (merge sweep)",
            "summary": "Sweep the merged positions left to right, pairing workers and jobs in order of "
            "appearance on each side. Exact.",
            "file": "merge_sweep.py",
        },
    ],
    "baseline": {
        "strategy": "nearest free job, workers in input order",
        "summary": "Workers in input order, each taking the closest job still free.",
        "file": "baseline.py",
    },
}
