# Baseline: requests in input order, each one that overlaps nothing accepted yet (always feasible).
import sys
from bisect import bisect_left, insort

data = sys.stdin.buffer.read().split()
n = int(data[0])
starts: list[int] = []
end_of: dict[int, int] = {}
chosen = []
for i in range(n):
    s, e = int(data[1 + 3 * i]), int(data[2 + 3 * i])
    k = bisect_left(starts, s)
    if (k < len(starts) and starts[k] < e) or (k > 0 and end_of[starts[k - 1]] > s):
        continue
    insort(starts, s)
    end_of[s] = e
    chosen.append(i + 1)
print(len(chosen))
print(*chosen)
