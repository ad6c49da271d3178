"""Baseline for multiple knapsack: first fit in input order."""

import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
room = [int(x) for x in data[2 : 2 + k]]
out = []
for i in range(n):
    w = int(data[2 + k + 2 * i])
    j = next((j for j in range(k) if room[j] >= w), -1)
    if j >= 0:
        room[j] -= w
    out.append(j + 1)
print(" ".join(map(str, out)))
