"""Grid collecting tour (open, output axis of grid_shortest_path): a closed walk from S through every
marked cell of a walled grid, as short as possible (a TSP on BFS distances)."""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "grid_collect_tour"
DISTRIBUTIONS = ("open", "maze", "rooms")
MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


class Config:
    def __init__(self, side_max: int = 80, k_max: int = 200) -> None:
        self.side_max = side_max
        self.k_max = k_max
        if not 2 <= self.side_max <= 1000:
            raise ValueError("side_max must be between 2 and 1000")
        if not 1 <= self.k_max <= 10_000:
            raise ValueError("k_max must be between 1 and 10000")


def _parse(cfg: Config, text: str) -> tuple[list[str], tuple[int, int], list[tuple[int, int]]]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise ValueError("the input is empty")
    head = lines[0].split()
    if len(head) != 2 or not all(t.isdigit() for t in head):
        raise ValueError("the first line must hold H and W")
    h, w = int(head[0]), int(head[1])
    if not (1 <= h <= cfg.side_max and 1 <= w <= cfg.side_max) or h * w < 2:
        raise ValueError(f"H and W must be in [1, {cfg.side_max}] with at least two cells")
    grid = lines[1:]
    if len(grid) != h:
        raise ValueError(f"expected {h} grid rows, found {len(grid)}")
    start = None
    targets = []
    for i, row in enumerate(grid):
        if len(row) != w or any(c not in ".#S*" for c in row):
            raise ValueError(f"row {i + 1} must have exactly {w} characters from '.#S*'")
        for j, c in enumerate(row):
            if c == "S":
                if start is not None:
                    raise ValueError("the grid must contain exactly one S")
                start = (i, j)
            elif c == "*":
                targets.append((i, j))
    if start is None:
        raise ValueError("the grid must contain exactly one S")
    if not 1 <= len(targets) <= cfg.k_max:
        raise ValueError(f"the grid must contain between 1 and {cfg.k_max} targets '*'")
    return grid, start, targets


def _reachable(grid: list[str], start: tuple[int, int]) -> set[tuple[int, int]]:
    h, w = len(grid), len(grid[0])
    seen = {start}
    q = [start]
    for i, j in q:  # the list grows as it is walked: a FIFO queue
        for di, dj in MOVES.values():
            a, b = i + di, j + dj
            if 0 <= a < h and 0 <= b < w and grid[a][b] != "#" and (a, b) not in seen:
                seen.add((a, b))
                q.append((a, b))
    return seen


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    side = min(cfg.side_max, 61)
    if dist == "open":
        h, w = rng.randint(40, side), rng.randint(40, side)
        cells = [["#" if rng.random() < 0.22 else "." for _ in range(w)] for _ in range(h)]
        k = rng.randint(60, 100)
    elif dist == "maze":
        h, w = (rng.randint(35, side) // 2) * 2 + 1, (rng.randint(35, side) // 2) * 2 + 1
        h, w = min(h, side if side % 2 else side - 1), min(w, side if side % 2 else side - 1)
        cells = [["#"] * w for _ in range(h)]
        stack = [(1, 1)]
        cells[1][1] = "."
        while stack:  # randomised depth-first carving of a perfect maze
            i, j = stack[-1]
            nxt = [(i + di, j + dj, di, dj) for di, dj in ((0, 2), (2, 0), (0, -2), (-2, 0))]
            nxt = [x for x in nxt if 0 < x[0] < h - 1 and 0 < x[1] < w - 1 and cells[x[0]][x[1]] == "#"]
            if not nxt:
                stack.pop()
                continue
            a, b, di, dj = rng.choice(nxt)
            cells[i + di // 2][j + dj // 2] = "."
            cells[a][b] = "."
            stack.append((a, b))
        for _ in range(h * w // 40):  # a few shortcuts so the maze is not a tree
            i, j = rng.randrange(1, h - 1), rng.randrange(1, w - 1)
            cells[i][j] = "."
        k = rng.randint(160, 200)
    else:  # rooms: square rooms with narrow doors; targets bunch up in some rooms
        room = rng.randint(7, 10)
        n_r, n_c = (side - 1) // room, (side - 1) // room
        h, w = n_r * room + 1, n_c * room + 1
        cells = [["#" if i % room == 0 or j % room == 0 else "." for j in range(w)] for i in range(h)]
        for r in range(n_r):
            for c in range(n_c):
                if c + 1 < n_c and rng.random() < 0.7:
                    cells[r * room + rng.randint(1, room - 1)][(c + 1) * room] = "."
                if r + 1 < n_r and rng.random() < 0.7:
                    cells[(r + 1) * room][c * room + rng.randint(1, room - 1)] = "."
        for r in range(n_r):  # a door in every wall along one row and one column keeps all rooms reachable
            for c in range(1, n_c):
                cells[r * room + room // 2][c * room] = "."
        for r in range(1, n_r):
            cells[r * room][room // 2] = "."
        k = rng.randint(60, 100)
    free = [(i, j) for i in range(h) for j in range(w) if cells[i][j] == "."]
    si, sj = rng.choice(free)
    cells[si][sj] = "S"
    grid = ["".join(r) for r in cells]
    reach = _reachable(grid, (si, sj))
    cells = [[c if (i, j) in reach else "#" for j, c in enumerate(row)] for i, row in enumerate(cells)]
    spots = sorted(reach - {(si, sj)})
    if dist == "rooms":
        hot = rng.sample(spots, 6)
        weights = [1 + 8 * any(abs(i - a) + abs(j - b) < 8 for a, b in hot) for i, j in spots]
        chosen = set()
        while len(chosen) < min(k, len(spots), cfg.k_max):
            chosen.add(rng.choices(spots, weights)[0])
    else:
        chosen = set(rng.sample(spots, min(k, len(spots), cfg.k_max)))
    for i, j in chosen:
        cells[i][j] = "*"
    return f"{h} {w}\n" + "".join("".join(r) + "\n" for r in cells)


def validate(cfg: Config, text: str) -> dict[str, int]:
    grid, start, targets = _parse(cfg, text)
    reach = _reachable(grid, start)
    for t in targets:
        if t not in reach:
            raise ValueError(f"target at row {t[0] + 1}, column {t[1] + 1} cannot be reached from S")
    return {"H": len(grid), "W": len(grid[0]), "K": len(targets)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    grid, start, targets = _parse(cfg, input_text)
    h, w = len(grid), len(grid[0])
    moves = "".join(output_text.split())
    if any(c not in MOVES for c in moves):
        return False, None, "the walk may only use the letters U, D, L, R"
    left = set(targets)
    i, j = start
    for step, c in enumerate(moves):
        di, dj = MOVES[c]
        i, j = i + di, j + dj
        if not (0 <= i < h and 0 <= j < w) or grid[i][j] == "#":
            return False, None, f"move {step + 1} leaves the grid or enters a wall"
        left.discard((i, j))
    if left:
        return False, None, f"{len(left)} targets are never visited"
    if (i, j) != start:
        return False, None, "the walk must end on S"
    return True, float(len(moves)), f"walk of {len(moves)} moves"


def _walk(grid: list[str], start: tuple[int, int], output_text: str) -> list[tuple[int, int]] | str:
    """The cells a walk of moves visits, or what is wrong with it."""
    cells, (i, j) = [], start
    for c in "".join(output_text.split()):
        if c not in "UDLR":
            return "the walk may only use U, D, L and R"
        i, j = i + (c == "D") - (c == "U"), j + (c == "R") - (c == "L")
        if not (0 <= i < len(grid) and 0 <= j < len(grid[0])) or grid[i][j] == "#":
            return f"the walk leaves the grid or enters a wall at move {len(cells) + 1}"
        cells.append((i, j))
    return cells


def seed_feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """What grid_shortest_path's checker asks of its moves, without its target T and its length: a walk
    from S that stays on the grid and off the walls."""
    grid, start, _ = _parse(cfg, input_text)
    cells = _walk(grid, start, output_text)
    return not isinstance(cells, str), cells if isinstance(cells, str) else "a legal walk"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: a legal walk from S back to S through every target."""
    grid, start, targets = _parse(cfg, input_text)
    cells = _walk(grid, start, output_text)
    if isinstance(cells, str):
        return False, cells
    missed = set(targets) - set(cells)
    if missed:
        return False, f"{len(missed)} targets are missed"
    if (cells[-1] if cells else start) != start:
        return False, "the walk does not end on S"
    return True, "a closed walk through every target"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4 5
.....
.*#*.
.S#..
...*.
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Collect Every Mark and Come Back",
    "statement": """
A robot stands on S in an H x W grid of free cells '.', walls '#' and marked cells '*'. It moves one cell
up, down, left or right per step, never into a wall or off the grid. Find a walk that starts on S, steps
on every marked cell at least once, and ends back on S, using as few moves as possible (a travelling
salesman tour over grid distances: NP-hard).

## Input

The first line holds H and W; then H lines of W characters from `.#S*`, with exactly one S and
at least one '*'. Every '*' is reachable from S.

## Output

One line: the walk as a string of letters U, D, L, R (whitespace is ignored).

## Constraints

1 <= H, W <= 80, 1 <= number of marks <= 200.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "number of moves of the closed walk"},
    "input_spec": {
        "constraints": "exactly one S, every '*' reachable from S",
        "bounds": {"H": [1, 80], "W": [1, 80], "K": [1, 200]},
    },
    "output_spec": {"description": "a string over U/D/L/R: a closed walk from S through all marks"},
    "io_format": "stdin: H W, then H rows; stdout: the move string",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "grid_shortest_path",
    "axis": "output",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "nearest neighbour",
            "summary": "From the current cell, breadth-first search to the closest unvisited mark, go there, "
            "repeat, then return to S.",
            "file": "nearest.py",
        },
        {
            "strategy": "greedy edge matching + 2-opt/Or-opt descent",
            "summary": "Builds the tour from the globally shortest pairwise links that keep degrees <= 2 "
            "and no early cycle, then descends with 2-opt reversals and single-mark moves.",
            "file": "greedy_edge.cpp",
        },
        {
            "strategy": "simulated annealing (2-opt and Or-opt)",
            "summary": "Anneals the visiting order with segment reversals and short segment moves on the "
            "BFS distance matrix, from the nearest-neighbour order.",
            "file": "anneal.cpp",
        },
    ],
    "baseline": {
        "strategy": "reading-order visits",
        "summary": "Visits the marks row by row, left to right, along shortest paths, then returns to S.",
        "file": "baseline.py",
    },
    "reference": None,
}
