"""Baseline for quadratic knapsack: the linear 0/1-knapsack greedy by p/w, blind to pair bonuses."""

import sys

data = sys.stdin.buffer.read().split()
n, cap = int(data[0]), int(data[1])
w = [int(data[2 + 2 * i]) for i in range(n)]
p = [int(data[3 + 2 * i]) for i in range(n)]
x = [0] * n
for i in sorted(range(n), key=lambda i: (-p[i] / w[i], i)):
    if w[i] <= cap:
        cap -= w[i]
        x[i] = 1
print(" ".join(map(str, x)))
