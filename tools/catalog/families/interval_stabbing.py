"""Fewest inspection times: a pseudo-open output-axis mutation of interval scheduling.

Instead of choosing disjoint bookings, pick moments so that every booking contains one: sorting by end and
stabbing each booking not yet hit at its last moment is exact (the count equals the most disjoint bookings).
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "interval_stabbing"
DISTRIBUTIONS = ("uniform", "nested", "chains", "clustered")


class Config:
    def __init__(self, n_max: int = 3000, t_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.t_max = t_max
        if not 1 <= self.n_max <= 200_000:
            raise ValueError("n_max must be between 1 and 200000")
        if not 2 <= self.t_max <= 10**9:
            raise ValueError("t_max must be between 2 and 1e9")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(1500, 3000))
    tm = cfg.t_max
    out = []
    for _ in range(n):
        if dist == "uniform":
            s = rng.randint(0, tm - 1)
            e = min(tm, s + rng.randint(1, tm // 50))
        elif dist == "nested":
            c, half = rng.randint(0, tm), int(tm / 4 * rng.random() ** 3) + 1
            s, e = max(0, c - half), min(tm, c + half)
        elif dist == "chains":
            # overlapping links of a few chains: a point at a booking's start often misses its neighbour
            k = rng.randrange(600)
            s = k * (tm // 600) + rng.randint(0, tm // 1500)
            e = min(tm, s + rng.randint(tm // 900, tm // 400))
        elif dist == "clustered":
            hub = rng.randrange(40) * (tm // 40)
            s = min(tm - 1, hub + rng.randint(0, tm // 60))
            e = min(tm, s + rng.randint(1, tm // 80))
        else:
            raise ValueError(f"unknown distribution {dist!r}")
        if s >= e:
            s, e = e - 1, e
        out.append((s, e))
    return f"{n}\n" + "".join(f"{s} {e}\n" for s, e in out)


def _parse(cfg: Config, text: str) -> list[tuple[int, int]]:
    ivs = numbered_lines(text, cfg.n_max, "booking", [("start", 0, cfg.t_max), ("end", 0, cfg.t_max)])
    for i, (s, e) in enumerate(ivs, 1):
        if s >= e:
            raise ValueError(f"booking {i} needs start < end")
    return ivs  # type: ignore[return-value]


def validate(cfg: Config, text: str) -> dict[str, int]:
    ivs = _parse(cfg, text)
    return {"n": len(ivs)}


def _points(cfg: Config, n: int, output_text: str) -> tuple[list[int] | None, str]:
    """The k moments an output names (k, then k distinct integers in [0, t_max]), or None and why not."""
    toks = output_text.split()
    if not toks or not toks[0].isdecimal() or len(toks[0]) > 7:
        return None, "the output must start with k, the number of inspection times"
    k = int(toks[0])
    if not 1 <= k <= n or len(toks) != k + 1:
        return None, f"expected k in 1..{n} and then k times, found {len(toks) - 1} after k = {k}"
    if not all(t.isdecimal() and len(t) <= 10 for t in toks[1:]):
        return None, "inspection times must be non-negative integers"
    points = [int(t) for t in toks[1:]]
    if any(p > cfg.t_max for p in points) or len(set(points)) != k:
        return None, f"inspection times must be distinct and at most {cfg.t_max}"
    return points, ""


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    ivs = _parse(cfg, input_text)
    points, problem = _points(cfg, len(ivs), output_text)
    if points is None:
        return False, None, problem
    points.sort()
    from bisect import bisect_left  # here: only a feasible-looking answer needs it

    for i, (s, e) in enumerate(ivs, 1):
        k = bisect_left(points, s)
        if k == len(points) or points[k] >= e:
            return False, None, f"no inspection time falls in booking {i} [{s}, {e})"
    return True, float(len(points)), f"{len(points)} inspection times"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: distinct times, every booking holding one (a sweep)."""
    ivs = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) < 2 or not all(t.isdecimal() and len(t) <= 10 for t in toks):
        return False, "the output must be k >= 1 and k times"
    points = sorted(int(t) for t in toks[1:])
    if int(toks[0]) != len(points) or len(set(points)) != len(points) or points[-1] > cfg.t_max:
        return False, "k must count the distinct times in [0, t_max] that follow it"
    j = 0
    for s, e in sorted(ivs):
        while j < len(points) and points[j] < s:
            j += 1
        # points[j] is the first time at or after s (a later booking starts no earlier: j never moves back)
        if j == len(points) or points[j] >= e:
            return False, "a booking holds no inspection time"
    return True, "every booking holds an inspection time"


NO_SEED_ORACLE = "the seed's checker judges a set of bookings; an answer here is a set of moments"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
5
0 3
1 4
2 6
5 8
7 9
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "Fewest inspection times covering every booking",
    "statement": """
A lecture hall has n bookings; booking i occupies the half-open interval [s_i, e_i). An inspector
visits the hall at chosen integer moments and sees every booking running at that moment (booking i is
running at t when s_i <= t < e_i). Choose as few moments as possible so that every booking is seen.

## Input

The first line holds `n` (1 <= n <= 3000). Each of the next `n` lines holds `s_i e_i`
(0 <= s_i < e_i <= 10^6).

## Output

The first line holds k >= 1; the second k distinct integer moments in [0, 10^6].
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "number of inspection moments"},
    "input_spec": {
        "constraints": "half-open intervals with s < e",
        "bounds": {"n": [1, 3000], "t": [0, 1000000]},
    },
    "output_spec": {"description": "k >= 1 distinct integer moments, every interval containing one"},
    "io_format": "n, then n lines s e; answer: k, then k moments",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "interval_scheduling",
    "axis": "output",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy by earliest end (stab at the end)",
            "summary": "Sort by end; a booking not yet seen gets a moment at its last instant e - 1, which "
            "sees every booking that overlaps it and ends later. Exact.",
            "file": "by_end.py",
        },
        {
            "strategy": "greedy by earliest end (C++ sort)",
            "summary": "The same rule in C++ over (end, start) pairs.",
            "file": "by_end.cpp",
        },
        {
            "strategy": "greedy by earliest end (sweep by start, smallest open end)",
            "summary": "Sweep bookings by start, keeping the smallest end of the group not yet seen; when a "
            "booking starts at or after it, stab at that end - 1 and start a new group. Exact.",
            "file": "by_start_min_end.py",
        },
        {
            "strategy": "shortest booking first, stab its middle (weaker)",
            "summary": "Take bookings from the shortest up; one not yet seen gets a moment at its midpoint.",
            "file": "shortest_mid.py",
        },
        {
            "strategy": "by start time, stab at the end (weaker)",
            "summary": "Sweep by start; a booking not yet seen gets a moment at its last instant.",
            "file": "by_start.cpp",
        },
    ],
    "baseline": {
        "strategy": "the start of every unseen booking, in input order",
        "summary": "In input order, give each booking that no chosen moment sees a moment at its start.",
        "file": "baseline.py",
    },
}
