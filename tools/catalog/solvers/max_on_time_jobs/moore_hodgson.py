# Exact: Moore-Hodgson. By due date; when the current job is late, drop the longest job kept so far.
import heapq
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
p = [int(data[1 + 2 * i]) for i in range(n)]
d = [int(data[2 + 2 * i]) for i in range(n)]
kept: list[tuple[int, int]] = []  # (-p, job): a max-heap on processing time
t = 0
dropped = []
for j in sorted(range(n), key=lambda j: (d[j], j)):
    heapq.heappush(kept, (-p[j], j))
    t += p[j]
    if t > d[j]:
        q, k = heapq.heappop(kept)
        t += q
        dropped.append(k)
on_time = sorted((j for _, j in kept), key=lambda j: (d[j], j))
print(*(j + 1 for j in on_time + dropped))
