"""Degree-bounded MST by degree-constrained Kruskal; falls back to the guaranteed path if stuck."""

import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, m, d = int(data[0]), int(data[1]), int(data[2])
    edges = [(int(data[5 + 3 * i]), int(data[3 + 3 * i]) - 1, int(data[4 + 3 * i]) - 1, i) for i in range(m)]
    edges.sort()
    par = list(range(n))

    def find(x: int) -> int:
        while par[x] != x:
            par[x] = par[par[x]]
            x = par[x]
        return x

    deg = [0] * n
    chosen = []
    for _, a, b, i in edges:
        if deg[a] >= d or deg[b] >= d:
            continue
        ra, rb = find(a), find(b)
        if ra == rb:
            continue
        par[ra] = rb
        deg[a] += 1
        deg[b] += 1
        chosen.append(i + 1)
        if len(chosen) == n - 1:
            break
    if len(chosen) < n - 1:
        chosen = list(range(1, n))
    print(" ".join(map(str, chosen)))


main()
