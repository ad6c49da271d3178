# Baseline: workers in input order, each to the closest job still free (always a permutation).
import sys
from bisect import bisect_left

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = [int(x) for x in data[1 : 1 + n]]
b = [int(x) for x in data[1 + n : 1 + 2 * n]]
free = sorted((x, j) for j, x in enumerate(b))
job = [0] * n
for w in range(n):
    k = bisect_left(free, (a[w], -1))
    options = [i for i in (k - 1, k) if 0 <= i < len(free)]
    best = min(options, key=lambda i: abs(free[i][0] - a[w]))
    job[w] = free.pop(best)[1] + 1
print(*job)
