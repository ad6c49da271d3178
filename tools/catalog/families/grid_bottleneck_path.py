"""Lowest pass across a height map: a pseudo-open objective-axis mutation of the grid shortest path.

The walk from the top-left cell to the bottom-right one is now judged by the highest cell it crosses, not by
its length: a Dijkstra on the maximum height (or a binary search on the height with a flood fill, or adding
cells by height until the corners join) is exact.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "grid_bottleneck_path"
DISTRIBUTIONS = ("random", "ridges", "valley", "plateaus")
_MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


class Config:
    def __init__(self, side_max: int = 120, h_max: int = 1_000_000) -> None:
        self.side_max = side_max
        self.h_max = h_max
        if not 2 <= self.side_max <= 1000:
            raise ValueError("side_max must be between 2 and 1000")
        if not 1 <= self.h_max <= 10**9:
            raise ValueError("h_max must be between 1 and 1e9")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    rows = rng.randint(max(2, cfg.side_max * 2 // 3), cfg.side_max)
    cols = rng.randint(max(2, cfg.side_max * 2 // 3), cfg.side_max)
    hm = cfg.h_max
    if dist == "random":
        grid = [[rng.randint(1, hm) for _ in range(cols)] for _ in range(rows)]
    elif dist == "ridges":
        # walls of high cells across the map, each with a few lower gaps at random places
        grid = [[rng.randint(1, hm // 3) for _ in range(cols)] for _ in range(rows)]
        for c in range(4, cols - 1, 9):
            for r in range(rows):
                grid[r][c] = rng.randint(hm // 2, hm)
            for _ in range(3):
                grid[rng.randrange(rows)][c] = rng.randint(hm // 3, hm // 2)
    elif dist == "valley":
        # a low valley winding across the map like a snake, between high banks: the way right and down climbs
        grid = [[rng.randint(hm // 2, hm) for _ in range(cols)] for _ in range(rows)]
        cells = []
        for r in range(0, rows, 2):
            span = range(cols) if r % 4 == 0 else range(cols - 1, -1, -1)
            cells += [(r, c) for c in span]
            if r + 1 < rows:
                cells.append((r + 1, cols - 1 if r % 4 == 0 else 0))
        last_r, last_c = cells[-1]
        cells += [(last_r, c) for c in range(last_c + 1, cols)]  # along the last row to the corner
        cells += [(r, cols - 1) for r in range(last_r + 1, rows)]
        for r, c in cells:
            grid[r][c] = rng.randint(1, hm // 4)
    elif dist == "plateaus":
        # few distinct heights, so many walks tie and the choice among them is free
        levels = sorted(rng.sample(range(1, hm + 1), 6))
        grid = [[rng.choice(levels) for _ in range(cols)] for _ in range(rows)]
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    return f"{rows} {cols}\n" + "".join(" ".join(map(str, row)) + "\n" for row in grid)


def _parse(cfg: Config, text: str) -> list[list[int]]:
    lines = token_lines(text)
    if len(lines[0]) != 2:
        raise ValueError("the first line must hold R and C")
    rows = read_int(lines[0][0], 2, cfg.side_max, "R")
    cols = read_int(lines[0][1], 2, cfg.side_max, "C")
    if len(lines) != rows + 1:
        raise ValueError(f"expected {rows} rows of heights, found {len(lines) - 1}")
    grid = []
    for r, row in enumerate(lines[1:], 1):
        if len(row) != cols:
            raise ValueError(f"row {r} must hold {cols} heights")
        grid.append([read_int(t, 1, cfg.h_max, f"a height in row {r}") for t in row])
    return grid


def validate(cfg: Config, text: str) -> dict[str, int]:
    grid = _parse(cfg, text)
    return {"R": len(grid), "C": len(grid[0])}


def _walk(grid: list[list[int]], output_text: str) -> tuple[int | None, str]:
    """The highest cell of the walk an output spells (one word of U/D/L/R from the top-left cell, ending at
    the bottom-right one, never leaving the map), or None and why not."""
    toks = output_text.split()
    rows, cols = len(grid), len(grid[0])
    if len(toks) != 1:
        return None, "the output must be one word of moves U, D, L, R"
    moves = toks[0]
    if len(moves) > 4 * rows * cols or set(moves) - set(_MOVES):
        return None, f"the moves must be at most {4 * rows * cols} letters from U, D, L, R"
    r = c = 0
    top = grid[0][0]
    for step, m in enumerate(moves, 1):
        dr, dc = _MOVES[m]
        r, c = r + dr, c + dc
        if not (0 <= r < rows and 0 <= c < cols):
            return None, f"move {step} leaves the map"
        top = max(top, grid[r][c])
    if (r, c) != (rows - 1, cols - 1):
        return None, "the walk does not end at the bottom-right cell"
    return top, ""


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    grid = _parse(cfg, input_text)
    top, problem = _walk(grid, output_text)
    if top is None:
        return False, None, problem
    return True, float(top), f"highest cell {top}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: moves that stay on the map from corner to corner."""
    grid = _parse(cfg, input_text)
    words = output_text.split()
    if len(words) != 1 or set(words[0]) - set("UDLR") or len(words[0]) > 4 * len(grid) * len(grid[0]):
        return False, "the output must be one bounded word of U, D, L, R"
    r, c = 0, 0
    for m in words[0]:
        r += (m == "D") - (m == "U")
        c += (m == "R") - (m == "L")
        if not (0 <= r < len(grid) and 0 <= c < len(grid[0])):
            return False, "the walk leaves the map"
    end = (r, c) == (len(grid) - 1, len(grid[0]) - 1)
    return end, "a walk between the corners" if end else "the walk ends elsewhere"


NO_SEED_ORACLE = "heights replace the seed's walls: its checker reads a map of '.#ST', not of heights"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
3 3
1 5 2
2 9 3
4 1 1
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "Lowest pass across a height map",
    "statement": """
A hiker crosses an R x C height map from the top-left cell to the bottom-right one, moving to one of the
four neighbouring cells at a time (up, down, left, right) and never leaving the map. Cell (r, c) has height
h[r][c]. Find a walk whose highest cell (start and end included) is as low as possible; its length does
not matter.

## Input

The first line holds `R C` (2 <= R, C <= 120); each of the next R lines holds C heights
(1 <= h <= 10^6).

## Output

One word of the letters U, D, L, R (at most 4·R·C of them): the moves from the top-left cell,
ending at the bottom-right cell.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "highest cell on the walk"},
    "input_spec": {
        "constraints": "a rectangular map of positive integer heights",
        "bounds": {"R": [2, 120], "C": [2, 120], "h": [1, 1000000]},
    },
    "output_spec": {"description": "moves U/D/L/R from the top-left to the bottom-right cell, on the map"},
    "io_format": "R C, then R rows of C heights; answer: a word of moves",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "grid_shortest_path",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "Dijkstra on the highest cell (heap)",
            "summary": "A Dijkstra whose path cost is the maximum height instead of a sum, from the start "
            "cell, then the walk back along the parents. Exact.",
            "file": "minimax_dijkstra.py",
        },
        {
            "strategy": "binary search on the height limit with a flood fill",
            "summary": "Binary search the smallest limit under which a BFS over cells no higher than it joins "
            "the corners; the BFS tree gives the walk. Exact.",
            "file": "bsearch_bfs.cpp",
        },
        {
            "strategy": "cells by height into a union-find until the corners join",
            "summary": "Add cells from the lowest up, joining open neighbours, until the two corners are in "
            "one set; then a BFS under that height for the walk. Exact.",
            "file": "union_find.cpp",
        },
        {
            "strategy": "a shortest walk, heights ignored (weaker)",
            "summary": "The seed's idea, the fewest moves from corner to corner: the lower of the two "
            "L-shaped walks, whatever lies between.",
            "file": "l_shaped.py",
        },
        {
            "strategy": "best right/down walk by dynamic programming (weaker)",
            "summary": "Only moves right and down: best[r][c] = max(h, min(best above, best left)); exact for "
            "monotone walks, blind to detours.",
            "file": "monotone_dp.py",
        },
    ],
    "baseline": {
        "strategy": "top row, then last column",
        "summary": "Walk right along the top row, then down the last column.",
        "file": "baseline.py",
    },
}
