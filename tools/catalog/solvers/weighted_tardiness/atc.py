"""Weighted tardiness by the ATC (apparent tardiness cost) dispatching rule, tried for several
look-ahead parameters k; the best resulting schedule is printed."""

import math
import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    p = [int(data[1 + 3 * i]) for i in range(n)]
    d = [int(data[2 + 3 * i]) for i in range(n)]
    w = [int(data[3 + 3 * i]) for i in range(n)]
    pbar = sum(p) / n

    def cost(order: list[int]) -> int:
        t = c = 0
        for j in order:
            t += p[j]
            c += w[j] * max(0, t - d[j])
        return c

    best, best_cost = None, None
    for k in (0.5, 1.5, 3.0):
        left = list(range(n))
        ratio = [w[j] / p[j] for j in range(n)]
        slack0 = [d[j] - p[j] for j in range(n)]
        scale = k * pbar
        exp = math.exp
        t = 0
        order = []
        while left:
            bi, bv = 0, -1.0
            for idx, j in enumerate(left):
                s = slack0[j] - t
                v = ratio[j] * (exp(-s / scale) if s > 0 else 1.0)
                if v > bv:
                    bi, bv = idx, v
            j = left.pop(bi)
            order.append(j)
            t += p[j]
        c = cost(order)
        if best_cost is None or c < best_cost:
            best, best_cost = order, c
    print(" ".join(str(j + 1) for j in best))


main()
