# Exact: sweep by start keeping the smallest end of the current group; a start at or past it closes the group.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
ivs = sorted((int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n))
points = []
group_end = None
for s, e in ivs:
    if group_end is not None and s >= group_end:
        points.append(group_end - 1)
        group_end = None
    group_end = e if group_end is None else min(group_end, e)
points.append(group_end - 1)
print(len(points))
print(*points)
