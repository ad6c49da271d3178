"""Baseline for coin-system design: the first k values of the 1, 2, 5, 10, 20, 50, ... series."""

import sys

k = int(sys.stdin.readline().split()[0])
series = []
scale = 1
while len(series) < k:
    for f in (1, 2, 5):
        if len(series) < k:
            series.append(f * scale)
    scale *= 10
print(len(series), *series)
