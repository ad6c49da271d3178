# Weaker: take requests from the best-paying down, each that overlaps nothing taken yet.
import sys
from bisect import bisect_left, insort

data = sys.stdin.buffer.read().split()
n = int(data[0])
reqs = [(int(data[1 + 3 * i]), int(data[2 + 3 * i]), int(data[3 + 3 * i])) for i in range(n)]
taken_starts: list[int] = []
span: dict[int, int] = {}  # start -> end of each taken request
chosen = []
for i in sorted(range(n), key=lambda i: -reqs[i][2]):
    s, e, _ = reqs[i]
    k = bisect_left(taken_starts, s)
    if k < len(taken_starts) and taken_starts[k] < e:
        continue  # a taken request starts inside [s, e)
    if k > 0 and span[taken_starts[k - 1]] > s:
        continue  # the taken request before it runs past s
    insort(taken_starts, s)
    span[s] = e
    chosen.append(i + 1)
print(len(chosen))
print(*chosen)
