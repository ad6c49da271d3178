"""Exploring an unknown maze: the input-axis mutation of grid shortest path, made interactive.

The grid is hidden: the solution sees only the walls around the cell it stands on and must walk to the
target. Interactive (``interact``): the exact optimum needs the map the walk is meant to discover.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and interact start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "maze_explore"
DISTRIBUTIONS = ("open", "maze", "rooms", "trap")
_MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


class Config:
    def __init__(self, side_min: int = 12, side_max: int = 28) -> None:
        self.side_min = side_min
        self.side_max = side_max
        if not 3 <= self.side_min <= self.side_max <= 200:
            raise ValueError("maze_explore needs 3 <= side_min <= side_max <= 200")


def _reachable(g: list[list[str]], s: tuple[int, int]) -> dict[tuple[int, int], int]:
    """BFS distances from ``s`` over free cells."""
    rows, cols = len(g), len(g[0])
    dist = {s: 0}
    queue = [s]
    for r, c in queue:
        for dr, dc in _MOVES.values():
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and g[nr][nc] != "#" and (nr, nc) not in dist:
                dist[(nr, nc)] = dist[(r, c)] + 1
                queue.append((nr, nc))
    return dist


def _carve_maze(rng: "random.Random", rows: int, cols: int) -> list[list[str]]:
    g = [["#"] * cols for _ in range(rows)]
    g[1][1] = "."
    stack = [(1, 1)]
    while stack:
        r, c = stack[-1]
        nbrs = [(r + dr, c + dc, dr, dc) for dr, dc in ((-2, 0), (2, 0), (0, -2), (0, 2))]
        nbrs = [x for x in nbrs if 0 < x[0] < rows - 1 and 0 < x[1] < cols - 1 and g[x[0]][x[1]] == "#"]
        if not nbrs:
            stack.pop()
            continue
        nr, nc, dr, dc = rng.choice(nbrs)
        g[r + dr // 2][c + dc // 2] = "."
        g[nr][nc] = "."
        stack.append((nr, nc))
    for _ in range(rows * cols // 40):  # a few loops
        r, c = rng.randrange(1, rows - 1), rng.randrange(1, cols - 1)
        g[r][c] = "."
    return g


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    rows = rng.randint(cfg.side_min, cfg.side_max) | 1
    cols = rng.randint(cfg.side_min, cfg.side_max) | 1
    rows, cols = min(rows, cfg.side_max), min(cols, cfg.side_max)
    if dist == "open":
        g = [["#" if rng.random() < 0.18 else "." for _ in range(cols)] for _ in range(rows)]
    elif dist == "maze":
        g = _carve_maze(rng, rows, cols)
    elif dist == "rooms":
        # walls every few cells, each wall segment between two rooms pierced by one door
        g = [["." for _ in range(cols)] for _ in range(rows)]
        step = rng.randint(4, 6)
        for r in range(step, rows - 1, step):
            for c in range(cols):
                g[r][c] = "#"
            for lo in range(0, cols, step):
                g[r][rng.randrange(lo, min(cols, lo + step))] = "."
        for c in range(step, cols - 1, step):
            for r in range(rows):
                if g[r][c] == ".":
                    g[r][c] = "#"
            for lo in range(0, rows, step):
                g[rng.randrange(lo, min(rows, lo + step))][c] = "."
    elif dist == "trap":
        # light obstacles, and cup-shaped walls opening away from the target: a greedy walk gets caught
        g = [["#" if rng.random() < 0.06 else "." for _ in range(cols)] for _ in range(rows)]
        for _ in range(max(2, rows * cols // 120)):
            h, w = rng.randint(3, max(3, rows // 3)), rng.randint(3, max(3, cols // 3))
            r0, c0 = rng.randrange(0, rows - h), rng.randrange(0, cols - w)
            for c in range(c0, c0 + w):
                g[r0 + h - 1][c] = "#"
            for r in range(r0, r0 + h):
                g[r][c0] = "#"
                g[r][c0 + w - 1] = "#"
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    # the start: a free cell in the top-left quarter; the target: among the farthest cells it can reach
    free = [(r, c) for r in range(rows // 2) for c in range(cols // 2) if g[r][c] == "."] or [(0, 0)]
    s = rng.choice(free)
    g[s[0]][s[1]] = "."
    dist_from_s = _reachable(g, s)
    far = max(dist_from_s.values())
    if far == 0:  # walled in: open the way right
        for c in range(s[1], cols):
            g[s[0]][c] = "."
        dist_from_s = _reachable(g, s)
        far = max(dist_from_s.values())
    candidates = sorted(cell for cell, d in dist_from_s.items() if d >= max(1, (3 * far) // 4))
    t = rng.choice(candidates)
    g[s[0]][s[1]], g[t[0]][t[1]] = "S", "T"
    return f"{rows} {cols}\n" + "\n".join("".join(row) for row in g) + "\n"


def _parse(cfg: Config, text: str) -> tuple[list[str], tuple[int, int], tuple[int, int]]:
    grid, s, t = read_grid(text, 3, cfg.side_max)
    if t not in _reachable([list(row) for row in grid], s):
        raise ValueError("T cannot be reached from S")
    return grid, s, t


def validate(cfg: Config, text: str) -> dict[str, int]:
    grid, _, _ = _parse(cfg, text)
    return {"R": len(grid), "C": len(grid[0])}


def _walls(grid: list[str], r: int, c: int) -> str:
    rows, cols = len(grid), len(grid[0])
    bits = []
    for dr, dc in _MOVES.values():
        nr, nc = r + dr, c + dc
        bits.append("0" if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] != "#" else "1")
    return "".join(bits)


def interact(cfg: Config, input_text: str, talk) -> tuple[bool, float | None, str]:
    """The walk: the solution hears the grid's size, its start and the target, then, before each move, the
    walls around its cell (U D L R, 1 = blocked); it answers one move; at the target it hears DONE."""
    grid, (r, c), t = _parse(cfg, input_text)
    rows, cols = len(grid), len(grid[0])
    free = sum(row.count(".") for row in grid) + 2
    budget = 4 * free
    talk.send(f"{rows} {cols} {r} {c} {t[0]} {t[1]}")
    moves = 0
    while True:
        talk.send(_walls(grid, r, c))
        move = talk.receive().strip()
        if move not in _MOVES:
            return False, None, f"move {moves + 1} is {move[:20]!r}, not one of U D L R"
        dr, dc = _MOVES[move]
        nr, nc = r + dr, c + dc
        if not (0 <= nr < rows and 0 <= nc < cols) or grid[nr][nc] == "#":
            return False, None, f"move {moves + 1} walks into a wall"
        r, c = nr, nc
        moves += 1
        if (r, c) == t:
            talk.send("DONE")
            return True, float(moves), f"reached the target in {moves} moves"
        if moves >= budget:
            return False, None, f"no target after {moves} moves (the limit is 4 per free cell)"


NO_SEED_ORACLE = (
    "the seed's checker judges a path it reads; here the walk is a conversation with the interactor"
)


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Walk out of an unknown maze",
    "statement": """
You stand in a grid of R x C cells, some of them walls, and must walk to a target cell. You know the
grid's size, your cell and the target's, but not where the walls are: you see only the four cells
around you. Reach the target in as few moves as you can.

## Interaction

First read one line `R C sr sc tr tc` (rows and columns, 3 <= R, C <= 28; your cell
(sr, sc) and the target (tr, tc), 0-based, row first). Then, before every move, read one line of four
characters, each `1` if the cell above, below, left or right of you (in that order: U D L R) is a wall
or outside the grid and `0` if you may step there. Answer with one line holding one move, `U`, `D`, `L`
or `R` (flush after it). Walking into a wall ends the walk with no score. When a move reaches the
target you read `DONE` instead of the walls: stop then. At most 4 moves per free cell are allowed.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "number of moves to reach the target"},
    "input_spec": {
        "constraints": "a grid with walls; the target can be reached from the start; the walls stay hidden",
        "bounds": {"R": [3, 28], "C": [3, 28]},
    },
    "output_spec": {"description": "one move per line (U D L R), each into a free cell, until DONE"},
    "io_format": "interactive: R C sr sc tr tc, then walls (4 bits) before each move; answer one move per line",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "grid_shortest_path",
    "axis": "input",
    "interactive": True,
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "optimistic replanning (A* on the unknown-is-free map)",
            "summary": "Plan a shortest path assuming every unseen cell is free; follow it until a wall blocks "
            "the next step, then plan again from where it stands.",
            "file": "optimistic_replan.py",
        },
        {
            "strategy": "target-directed depth-first search",
            "summary": "Depth-first exploration that tries the neighbours closest to the target first and "
            "backtracks along its own trail from dead ends.",
            "file": "directed_dfs.py",
        },
        {
            "strategy": "greedy weighted planning",
            "summary": "Replanning like A* but with the distance to the target weighted three times, so it "
            "commits to the direct line and detours late.",
            "file": "weighted_replan.cpp",
        },
        {
            "strategy": "wall following with a depth-first fallback",
            "summary": "Keep a hand on the left wall; once it comes back to a state it has been in, explore "
            "depth-first toward the target instead.",
            "file": "left_hand.py",
        },
    ],
    "baseline": {
        "strategy": "depth-first exploration in a fixed order",
        "summary": "Depth-first search over the cells trying U, L, D, R in that order, backtracking from dead ends.",
        "file": "baseline.py",
    },
}
