# Exact: by end; a booking not yet seen is stabbed at its last instant.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
ivs = sorted((int(data[2 + 2 * i]), int(data[1 + 2 * i])) for i in range(n))
points, last = [], -1
for e, s in ivs:
    if last < s:  # the last moment lies before this booking
        last = e - 1
        points.append(last)
print(len(points))
print(*points)
