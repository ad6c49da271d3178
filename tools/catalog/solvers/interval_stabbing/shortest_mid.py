# Weaker: shortest bookings first; one not yet seen is stabbed at its midpoint.
import sys
from bisect import bisect_left, insort

data = sys.stdin.buffer.read().split()
n = int(data[0])
ivs = [(int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n)]
points: list[int] = []
for s, e in sorted(ivs, key=lambda iv: (iv[1] - iv[0], iv[0])):
    k = bisect_left(points, s)
    if k < len(points) and points[k] < e:
        continue
    insort(points, (s + e - 1) // 2)
print(len(points))
print(*points)
