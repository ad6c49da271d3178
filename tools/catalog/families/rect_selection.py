"""Weighted selection of disjoint rectangles: the input-axis mutation of interval scheduling.

Intervals on a line become axis-parallel rectangles in the plane, and the greedy exactness is lost.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "rect_selection"
DISTRIBUTIONS = ("uniform", "strips", "mixed", "clustered")


class Config:
    def __init__(self, n_max: int = 2000, coord_max: int = 10000, w_max: int = 1000) -> None:
        self.n_max = n_max
        self.coord_max = coord_max
        self.w_max = w_max
        if not 1 <= self.n_max <= 100_000:
            raise ValueError("n_max must be between 1 and 100000")
        if not 1 <= self.coord_max <= 10**9:
            raise ValueError("coord_max must be between 1 and 1e9")
        if not 1 <= self.w_max <= 10**6:
            raise ValueError("w_max must be between 1 and 1e6")


def _rect(rng: "random.Random", cmax: int, cx: int, cy: int, w: int, h: int) -> tuple[int, int, int, int]:
    w, h = max(1, min(w, cmax)), max(1, min(h, cmax))
    x1 = max(0, min(cmax - w, cx - w // 2))
    y1 = max(0, min(cmax - h, cy - h // 2))
    return x1, y1, x1 + w, y1 + h


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(1500, 2000))
    cm, wm = cfg.coord_max, cfg.w_max
    rects = []
    for _ in range(n):
        cx, cy = rng.randint(0, cm), rng.randint(0, cm)
        if dist == "uniform":
            r = _rect(rng, cm, cx, cy, rng.randint(cm // 100, cm // 12), rng.randint(cm // 100, cm // 12))
            wt = rng.randint(1, wm // 10)
        elif dist == "strips":
            # long thin strips, mostly horizontal: one projection carries almost all the structure
            if rng.random() < 0.95:
                r = _rect(rng, cm, cx, cy, rng.randint(cm // 2, cm), rng.randint(cm // 400, cm // 40))
            else:
                r = _rect(rng, cm, cx, cy, rng.randint(cm // 40, cm // 10), rng.randint(cm // 40, cm // 10))
            wt = rng.randint(1, wm // 10)
        elif dist == "mixed":
            # weight grows faster than area for big rectangles, slower for small ones
            side = int(cm * rng.random() ** 3 / 4) + cm // 200
            r = _rect(rng, cm, cx, cy, side, int(side * rng.uniform(0.5, 2)))
            wt = max(1, min(wm, int((side / (cm / 4)) ** 1.5 * wm * rng.uniform(0.5, 1))))
        elif dist == "clustered":
            hub = rng.randrange(8)
            hx, hy = (hub * 1237) % cm, (hub * 3571) % cm
            r = _rect(
                rng,
                cm,
                int(rng.gauss(hx, cm / 10)) % cm,
                int(rng.gauss(hy, cm / 10)) % cm,
                rng.randint(cm // 100, cm // 15),
                rng.randint(cm // 100, cm // 15),
            )
            wt = rng.randint(1, wm)
        else:
            raise ValueError(f"unknown distribution {dist!r}")
        rects.append((*r, wt))
    return f"{n}\n" + "".join(f"{a} {b} {c} {d} {w}\n" for a, b, c, d, w in rects)


def _parse(cfg: Config, text: str) -> list[tuple[int, int, int, int, int]]:
    rows = token_lines(text)
    if len(rows[0]) != 1:
        raise ValueError("the first line must hold n alone")
    n = read_int(rows[0][0], 1, cfg.n_max, "n")
    if len(rows) != n + 1:
        raise ValueError(f"expected {n} rectangle lines, got {len(rows) - 1}")
    rects = []
    for row in rows[1:]:
        if len(row) != 5:
            raise ValueError("each rectangle line must hold x1 y1 x2 y2 w")
        x1, y1, x2, y2 = (read_int(t, 0, cfg.coord_max, "a coordinate") for t in row[:4])
        w = read_int(row[4], 1, cfg.w_max, "a weight")
        if x1 >= x2 or y1 >= y2:
            raise ValueError("every rectangle needs x1 < x2 and y1 < y2")
        rects.append((x1, y1, x2, y2, w))
    return rects


def validate(cfg: Config, text: str) -> dict[str, int]:
    rects = _parse(cfg, text)
    return {"n": len(rects)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    rects = _parse(cfg, input_text)
    n = len(rects)
    toks = output_text.split()
    if not toks or not toks[0].isdigit() or not 1 <= int(toks[0]) <= n:
        return False, None, "the first token must be k with 1 <= k <= n"
    k = int(toks[0])
    if len(toks) != k + 1:
        return False, None, f"expected {k} indices after k, got {len(toks) - 1}"
    if any(not t.isdigit() or not 1 <= int(t) <= n for t in toks[1:]):
        return False, None, "every index must be an integer in 1..n"
    chosen = [int(t) - 1 for t in toks[1:]]
    if len(set(chosen)) != k:
        return False, None, "an index is listed twice"
    # sweep by x1: rectangles still open at x1 have disjoint y-ranges if the answer is feasible
    active: list[int] = []
    for i in sorted(chosen, key=lambda j: rects[j][0]):
        x1, y1, _, y2, _ = rects[i]
        active = [a for a in active if rects[a][2] > x1]
        for a in active:
            if rects[a][1] < y2 and y1 < rects[a][3]:
                return False, None, f"rectangles {a + 1} and {i + 1} overlap"
        active.append(i)
    total = sum(rects[i][4] for i in chosen)
    return True, float(total), f"{k} rectangles of total weight {total}"


NO_SEED_ORACLE = "rectangles in the plane lie outside the seed's intervals on a line"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: k >= 1, then k distinct indices of pairwise disjoint
    rectangles (touching edges do not overlap)."""
    rects = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks or not all(t.isdigit() and 1 <= int(t) <= len(rects) for t in toks):
        return False, f"the output must be k and k indices, all in 1..{len(rects)}"
    chosen = {int(t) - 1 for t in toks[1:]}
    if int(toks[0]) != len(toks) - 1 or len(chosen) != len(toks) - 1:
        return False, "k must count the distinct indices that follow"
    # left to right: a rectangle can only overlap those whose x-range it starts inside
    crossing: list[tuple[int, int, int, int]] = []  # (x2, y1, y2, index) of those reaching past here
    for x1, y1, x2, y2, i in sorted((*rects[i][:4], i) for i in chosen):
        crossing = [c for c in crossing if c[0] > x1]
        hit = next((c[3] for c in crossing if c[1] < y2 and y1 < c[2]), None)
        if hit is not None:
            return False, f"rectangles {hit + 1} and {i + 1} overlap"
        crossing.append((x2, y1, y2, i))
    return True, "disjoint rectangles"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4
0 0 3 2 5
2 1 5 4 4
4 0 7 3 6
6 2 9 5 3
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Heaviest set of disjoint rectangles",
    "statement": """
Advertisers bid for rectangular areas of a billboard. Bid i asks for the axis-parallel rectangle
[x1, x2] × [y1, y2] and pays w. Accept a set of bids whose rectangles do not overlap (they may touch
along edges or corners), earning as much as possible.

## Input

The first line holds `n` (1 <= n <= 2000). Each of the next `n` lines holds
`x1 y1 x2 y2 w` (0 <= x1 < x2 <= 10000, 0 <= y1 < y2 <= 10000, 1 <= w <= 1000).

## Output

The number `k` of accepted bids (1 <= k <= n), then their `k` distinct indices (1-based),
separated by whitespace. No two accepted rectangles may share interior points.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "sum of weights of the chosen rectangles"},
    "input_spec": {
        "constraints": "x1 < x2, y1 < y2 for every rectangle",
        "bounds": {"n": [1, 2000], "coord": [0, 10000], "w": [1, 1000]},
    },
    "output_spec": {
        "description": "k >= 1, then k distinct indices of pairwise interior-disjoint rectangles"
    },
    "io_format": "n, then n lines x1 y1 x2 y2 w; answer: k then k indices",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "interval_scheduling",
    "axis": "input",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy by weight density",
            "summary": "Take rectangles in decreasing weight/area order (ties: heavier first) whenever they "
            "fit beside those already taken.",
            "file": "greedy_density.py",
        },
        {
            "strategy": "projection DP + fill",
            "summary": "Solve weighted interval scheduling exactly on the x-projections and on the "
            "y-projections (such sets never overlap), keep the better, then add any rectangle that still fits.",
            "file": "projection_dp.cpp",
        },
        {
            "strategy": "simulated annealing (insert and evict)",
            "summary": "Insert a random rectangle and evict the ones it overlaps, accepting by the "
            "Metropolis rule on the weight change, from the density-greedy start, for a fixed move count.",
            "file": "annealing.cpp",
        },
    ],
    "baseline": {
        "strategy": "interval scheduling on x-projections",
        "summary": "Sort by x2 and take each rectangle whose x-range starts after the last taken one ends.",
        "file": "baseline.py",
    },
}
