"""Quadratic knapsack greedy: add the fitting item with the best marginal gain (profit plus bonuses with
items already chosen) per unit weight, until nothing fits or no item has positive gain."""

import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, cap = int(data[0]), int(data[1])
    w = [int(data[2 + 2 * i]) for i in range(n)]
    gain = [int(data[3 + 2 * i]) for i in range(n)]
    q = int(data[2 + 2 * n])
    nb = [[] for _ in range(n)]
    base = 3 + 2 * n
    for k in range(q):
        i, j, g = int(data[base + 3 * k]) - 1, int(data[base + 3 * k + 1]) - 1, int(data[base + 3 * k + 2])
        nb[i].append((j, g))
        nb[j].append((i, g))
    x = [0] * n
    left = cap
    while True:
        best, bi = 0.0, -1
        for i in range(n):
            if not x[i] and w[i] <= left and gain[i] > 0:
                r = gain[i] / w[i]
                if r > best:
                    best, bi = r, i
        if bi < 0:
            break
        x[bi] = 1
        left -= w[bi]
        for j, g in nb[bi]:
            gain[j] += g
    print(" ".join(map(str, x)))


main()
