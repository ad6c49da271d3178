"""Baseline for unsplittable flow: demands in input order, each on a fewest-arc residual path."""

import sys
from collections import deque


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, m, k = int(data[0]), int(data[1]), int(data[2])
    out = [[] for _ in range(n + 1)]
    cap = {}
    for i in range(m):
        a, b, c = int(data[3 + 3 * i]), int(data[4 + 3 * i]), int(data[5 + 3 * i])
        out[a].append(b)
        cap[(a, b)] = c
    base = 3 + 3 * m
    dem = [
        (int(data[base + 3 * i]), int(data[base + 3 * i + 1]), int(data[base + 3 * i + 2])) for i in range(k)
    ]
    ans = ["0"] * k
    for i in range(k):
        s, t, d = dem[i]
        par = {s: 0}
        q = deque([s])
        while q and t not in par:
            x = q.popleft()
            for y in out[x]:
                if y not in par and cap[(x, y)] >= d:
                    par[y] = x
                    q.append(y)
        if t in par:
            path = [t]
            while path[-1] != s:
                path.append(par[path[-1]])
            path.reverse()
            for a, b in zip(path, path[1:], strict=False):
                cap[(a, b)] -= d
            ans[i] = f"{len(path)} " + " ".join(map(str, path))
    print("\n".join(ans))


main()
