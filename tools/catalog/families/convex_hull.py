"""Closed seed: convex hull of integer points; output its vertices counter-clockwise, no collinear points."""

from __future__ import annotations

import math

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "convex_hull"
DISTRIBUTIONS = ("square", "circle", "grid")


class Config:
    def __init__(self, n_max: int = 20000, coord_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.coord_max = coord_max
        if self.n_max < 3 or self.coord_max < 1:
            raise ValueError("convex_hull config needs n_max >= 3 and coord_max >= 1")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    n = rng.randint(max(3, cfg.n_max // 2), cfg.n_max)
    lim = cfg.coord_max
    pts: list[tuple[int, int]] = []
    if dist == "square":
        pts = [(rng.randint(-lim, lim), rng.randint(-lim, lim)) for _ in range(n)]
    elif dist == "circle":
        # most points near a circle: the hull has many vertices and nearly collinear neighbours
        radius = lim - 1
        for _ in range(n):
            a = rng.uniform(0, 2 * math.pi)
            r = radius * (1 - rng.random() ** 8 * 0.5)
            pts.append((int(round(r * math.cos(a))), int(round(r * math.sin(a)))))
    else:
        # a small lattice: many duplicates and many collinear points on the hull's edges
        k = rng.randint(5, 40)
        step = lim // k
        pts = [(rng.randint(0, k) * step, rng.randint(0, k) * step) for _ in range(n)]
        pts[0], pts[1], pts[2] = (0, 0), (k * step, 0), (0, k * step)  # never all collinear
    rng.shuffle(pts)
    return "\n".join([str(n)] + [f"{x} {y}" for x, y in pts]) + "\n"


def _parse(cfg: Config, text: str) -> list[tuple[int, int]]:
    rows = token_rows(text)
    if len(rows[0]) != 1:
        raise ValueError("the first line must hold n")
    n = read_int(rows[0][0], 3, cfg.n_max, "n")
    if len(rows) != n + 1:
        raise ValueError(f"expected {n} point lines, found {len(rows) - 1}")
    lim = cfg.coord_max
    pts = []
    for i, row in enumerate(rows[1:], 1):
        if len(row) != 2:
            raise ValueError(f"point line {i} must hold x y")
        pts.append(
            (read_int(row[0], -lim, lim, f"x of point {i}"), read_int(row[1], -lim, lim, f"y of point {i}"))
        )
    return pts


def _cross(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _hull(pts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Andrew's monotone chain, strict turns only, starting at the lowest (then leftmost) point."""
    p = sorted(set(pts))
    if len(p) <= 2:
        return p
    lower: list[tuple[int, int]] = []
    for q in p:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], q) <= 0:
            lower.pop()
        lower.append(q)
    upper: list[tuple[int, int]] = []
    for q in reversed(p):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], q) <= 0:
            upper.pop()
        upper.append(q)
    hull = lower[:-1] + upper[:-1]
    start = min(range(len(hull)), key=lambda i: (hull[i][1], hull[i][0]))
    return hull[start:] + hull[:start]


def validate(cfg: Config, text: str) -> None:
    pts = _parse(cfg, text)
    if len(_hull(pts)) < 3:
        raise ValueError("all points are collinear but the statement promises three non-collinear points")


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    pts = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks:
        return False, None, "empty output"
    lim = cfg.coord_max
    try:
        k = read_int(toks[0], 3, len(pts), "k")
        if len(toks) != 2 * k + 1:
            return False, None, f"expected k = {k} points (2k numbers) after k, found {len(toks) - 1} numbers"
        got = [
            (read_int(toks[1 + 2 * i], -lim, lim, "x"), read_int(toks[2 + 2 * i], -lim, lim, "y"))
            for i in range(k)
        ]
    except ValueError as exc:
        return False, None, str(exc)
    want = _hull(pts)
    if got != want:
        if len(got) != len(want):
            return False, None, f"{len(got)} vertices listed; the hull has {len(want)}"
        return False, None, "the vertices are not the hull in counter-clockwise order from the lowest point"
    return True, 1.0, "convex hull"


_REFERENCE = {
    "strategy": "Andrew's monotone chain",
    "summary": "Sort the points, build the lower and upper chains popping non-left turns, and rotate the "
    "cycle to start at the lowest-then-leftmost vertex.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Convex hull",
    "statement": """
# Convex hull

A surveyor has measured **n** marker posts (x_i, y_i) on a field and wants the shortest fence around all
of them: the convex hull. List the hull's corners.

## Input
The first line holds n. Each of the next n lines holds `x y`. Points may repeat; not all points are
collinear.

## Output
The first line holds k, the number of hull vertices; then k lines `x y`, the vertices in
counter-clockwise order, starting from the vertex with the smallest y (the smallest x among those).
Points in the middle of a hull edge are not vertices.

## Constraints
3 <= n <= 20000, |x|, |y| <= 10^6.
""",
    "objective": {"kind": "construct", "sense": None, "formula": "the hull's vertices in canonical order"},
    "input_spec": {
        "constraints": "3 <= n <= 20000, |x|, |y| <= 1e6, not all collinear",
        "bounds": {"n": [3, 20000], "coord": [-1000000, 1000000]},
    },
    "output_spec": {
        "description": "k and the k strict hull vertices, counter-clockwise from the lowest-leftmost"
    },
    "io_format": "stdin: n, then n lines 'x y'; stdout: k, then k lines 'x y'",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
