# Optimistic replanning: a shortest path on the map where every unseen cell is free, followed until a wall
# blocks its next step, then planned again (A* with a free-space assumption; unit costs make it a BFS).
import sys
from collections import deque

MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
SEEN = "UDLR"


def plan(rows, cols, wall, start, goal):
    parent = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            break
        r, c = cell
        for d in SEEN:
            dr, dc = MOVES[d]
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in wall and nxt not in parent:
                parent[nxt] = (cell, d)
                queue.append(nxt)
    steps = []
    cell = goal
    while parent.get(cell) is not None:
        cell, d = parent[cell]
        steps.append(d)
    return steps[::-1]


def main() -> None:
    rows, cols, r, c, tr, tc = map(int, sys.stdin.readline().split())
    wall = set()
    path = []
    while True:
        line = sys.stdin.readline().strip()
        if line == "DONE" or not line:
            return
        for i, d in enumerate(SEEN):
            if line[i] == "1":
                dr, dc = MOVES[d]
                wall.add((r + dr, c + dc))
        if not path or line[SEEN.index(path[0])] == "1":
            path = plan(rows, cols, wall, (r, c), (tr, tc))
        step = path.pop(0)
        dr, dc = MOVES[step]
        r, c = r + dr, c + dc
        sys.stdout.write(step + "\n")
        sys.stdout.flush()


main()
