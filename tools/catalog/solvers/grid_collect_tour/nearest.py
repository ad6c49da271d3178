"""Grid collecting tour by nearest neighbour: BFS from the current cell to the closest unvisited mark,
walk there, repeat; finally walk back to S."""

import sys
from collections import deque


def main() -> None:
    lines = sys.stdin.read().split("\n")
    h, w = map(int, lines[0].split())
    grid = "".join(lines[1 : 1 + h])
    n = h * w
    start = grid.index("S")
    left = {i for i, c in enumerate(grid) if c == "*"}
    nbr = []
    for v in range(n):
        i, j = divmod(v, w)
        nb = []
        for c, di, dj in (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1)):
            a, b = i + di, j + dj
            if 0 <= a < h and 0 <= b < w and grid[a * w + b] != "#":
                nb.append((a * w + b, c))
        nbr.append(nb)

    def walk_to(src: int, goal) -> tuple[int, str]:
        par = {src: None}
        q = deque([src])
        while q:
            x = q.popleft()
            if goal(x):
                out = []
                y = x
                while par[y] is not None:
                    y, c = par[y]
                    out.append(c)
                return x, "".join(reversed(out))
            for y, c in nbr[x]:
                if y not in par:
                    par[y] = (x, c)
                    q.append(y)
        raise RuntimeError("unreachable mark")

    cur = start
    walk = []
    while left:
        cur, s = walk_to(cur, lambda x: x in left)
        walk.append(s)
        left.discard(cur)
    _, s = walk_to(cur, lambda x: x == start)
    walk.append(s)
    print("".join(walk))


main()
