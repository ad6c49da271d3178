"""Baseline for the grid collecting tour: visit the marks in reading order along BFS shortest paths."""

import sys
from collections import deque


def main() -> None:
    lines = sys.stdin.read().split("\n")
    h, w = map(int, lines[0].split())
    grid = lines[1 : 1 + h]
    start = next((i, j) for i in range(h) for j in range(w) if grid[i][j] == "S")
    targets = [(i, j) for i in range(h) for j in range(w) if grid[i][j] == "*"]
    steps = (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1))

    def path(a: tuple[int, int], b: tuple[int, int]) -> str:
        par = {a: None}
        q = deque([a])
        while q:
            x = q.popleft()
            if x == b:
                break
            for c, di, dj in steps:
                y = (x[0] + di, x[1] + dj)
                if 0 <= y[0] < h and 0 <= y[1] < w and grid[y[0]][y[1]] != "#" and y not in par:
                    par[y] = (x, c)
                    q.append(y)
        out = []
        while b != a:
            b, c = par[b]
            out.append(c)
        return "".join(reversed(out))

    walk = []
    cur = start
    for t in targets + [start]:
        walk.append(path(cur, t))
        cur = t
    print("".join(walk))


main()
