# Baseline: in input order, a booking no chosen moment sees gets a moment at its start (always feasible).
import sys
from bisect import bisect_left, insort

data = sys.stdin.buffer.read().split()
n = int(data[0])
points: list[int] = []
for i in range(n):
    s, e = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    k = bisect_left(points, s)
    if k < len(points) and points[k] < e:
        continue
    insort(points, s)
print(len(points))
print(*points)
