"""Closed seed: shortest path in a grid with walls (BFS); output the length and the moves, or -1."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "grid_shortest_path"
DISTRIBUTIONS = ("open", "maze", "cave")
_MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


class Config:
    def __init__(self, side_max: int = 300) -> None:
        self.side_max = side_max
        if self.side_max < 2:
            raise ValueError("grid_shortest_path config needs side_max >= 2")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    if dist == "maze":
        # a perfect maze carved by randomised DFS on odd cells, then a few extra openings (loops)
        h = rng.randint(max(1, cfg.side_max // 4), max(1, (cfg.side_max - 1) // 2))
        w = rng.randint(max(1, cfg.side_max // 4), max(1, (cfg.side_max - 1) // 2))
        rows, cols = 2 * h + 1, 2 * w + 1
        g = [["#"] * cols for _ in range(rows)]
        start = (1, 1)
        g[1][1] = "."
        stack = [start]
        while stack:
            r, c = stack[-1]
            nbrs = [(r + dr, c + dc, dr, dc) for dr, dc in ((-2, 0), (2, 0), (0, -2), (0, 2))]
            nbrs = [x for x in nbrs if 0 < x[0] < rows and 0 < x[1] < cols and g[x[0]][x[1]] == "#"]
            if not nbrs:
                stack.pop()
                continue
            nr, nc, dr, dc = rng.choice(nbrs)
            g[r + dr // 2][c + dc // 2] = "."
            g[nr][nc] = "."
            stack.append((nr, nc))
        for _ in range(h * w // 20):
            r, c = rng.randrange(1, rows - 1), rng.randrange(1, cols - 1)
            g[r][c] = "."
    else:
        rows = rng.randint(max(2, cfg.side_max // 2), cfg.side_max)
        cols = rng.randint(max(2, cfg.side_max // 2), cfg.side_max)
        density = 0.12 if dist == "open" else rng.uniform(0.38, 0.44)
        g = [["#" if rng.random() < density else "." for _ in range(cols)] for _ in range(rows)]
    free = [(r, c) for r in range(rows) for c in range(cols) if g[r][c] == "."]
    if len(free) < 2:
        g[0][0], g[rows - 1][cols - 1] = ".", "."
        free = [(0, 0), (rows - 1, cols - 1)]
    s, t = rng.sample(free, 2)
    g[s[0]][s[1]] = "S"
    g[t[0]][t[1]] = "T"
    return f"{rows} {cols}\n" + "\n".join("".join(row) for row in g) + "\n"


def _parse(cfg: Config, text: str) -> tuple[list[str], tuple[int, int], tuple[int, int]]:
    return read_grid(text, 1, cfg.side_max)


def _distance(grid: list[str], s: tuple[int, int], t: tuple[int, int]) -> int:
    rows, cols = len(grid), len(grid[0])
    dist = {s: 0}
    queue = [s]
    for r, c in queue:  # the list grows as it is walked: a FIFO queue
        if (r, c) == t:
            return dist[t]
        for dr, dc in _MOVES.values():
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] != "#" and (nr, nc) not in dist:
                dist[(nr, nc)] = dist[(r, c)] + 1
                queue.append((nr, nc))
    return -1


def validate(cfg: Config, text: str) -> None:
    _parse(cfg, text)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    grid, s, t = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks:
        return False, None, "empty output"
    try:
        d = read_int(toks[0], -1, len(grid) * len(grid[0]), "the length")
    except ValueError as exc:
        return False, None, str(exc)
    best = _distance(grid, s, t)
    if d == -1 or best == -1:
        if len(toks) != 1:
            return False, None, "after -1 nothing else may be printed"
        if d != best:
            return False, None, f"the output says {d} but the shortest path has length {best}"
        return True, 1.0, "T is unreachable"
    if len(toks) != 2 or len(toks[1]) != d or set(toks[1]) - set(_MOVES):
        return False, None, f"expected the length {d} and then a string of {d} moves from 'UDLR'"
    r, c = s
    for i, ch in enumerate(toks[1], 1):
        dr, dc = _MOVES[ch]
        r, c = r + dr, c + dc
        if not (0 <= r < len(grid) and 0 <= c < len(grid[0])) or grid[r][c] == "#":
            return False, None, f"move {i} leaves the grid or enters a wall"
    if (r, c) != t:
        return False, None, "the moves do not end at T"
    if d != best:
        return False, None, f"the path has length {d}; the shortest has length {best}"
    return True, 1.0, "shortest path"


_REFERENCE = {
    "strategy": "breadth-first search",
    "summary": "BFS from S over free cells recording each cell's predecessor, then walk back from T.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Shortest path in a grid",
    "statement": """
# Shortest path in a grid

A warehouse robot moves on an R x C grid of cells: `.` is free, `#` is a shelf, `S` is the robot and `T`
is the target (both free). Each step moves to an edge-adjacent free cell (U, D, L, R). Find a shortest
route from S to T, or report that none exists.

## Input
The first line holds `R C`; the next R lines hold the grid rows, each of C characters from `.#ST`,
with exactly one S and one T.

## Output
If T is unreachable print `-1`. Otherwise print the length d of a shortest route on the first line and
the d moves as one string of `U`, `D`, `L`, `R` on the second line.

## Constraints
1 <= R, C <= 300.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "number of moves from S to T"},
    "input_spec": {
        "constraints": "1 <= R, C <= 300, characters .#ST, exactly one S and one T",
        "bounds": {"R": [1, 300], "C": [1, 300]},
    },
    "output_spec": {"description": "-1, or the length d and d moves forming a shortest S-T route"},
    "io_format": "stdin: R C, then R grid rows; stdout: -1, or d then a UDLR string",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
