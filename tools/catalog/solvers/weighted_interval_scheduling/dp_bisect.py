# Exact: dynamic programming over the requests sorted by end, the last compatible one by binary search.
import sys
from bisect import bisect_right

data = sys.stdin.buffer.read().split()
n = int(data[0])
reqs = sorted((int(data[2 + 3 * i]), int(data[1 + 3 * i]), int(data[3 + 3 * i]), i + 1) for i in range(n))
ends = [e for e, _, _, _ in reqs]
best = [0] * (n + 1)
prev = [0] * n
for i, (_, s, w, _) in enumerate(reqs):
    prev[i] = bisect_right(ends, s, 0, i)  # requests 0..prev-1 end by s
    best[i + 1] = max(best[i], w + best[prev[i]])
chosen, i = [], n
while i > 0:
    if best[i] == best[i - 1]:
        i -= 1
    else:
        chosen.append(reqs[i - 1][3])
        i = prev[i - 1]
print(len(chosen))
print(*chosen)
