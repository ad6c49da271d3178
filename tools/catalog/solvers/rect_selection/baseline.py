# Baseline: the parent's greedy (earliest finish) on the x-projections; such rectangles never overlap.
import sys

data = sys.stdin.read().split()
n = int(data[0])
rects = [tuple(int(x) for x in data[1 + 5 * i : 6 + 5 * i]) for i in range(n)]
chosen, last = [], -1
for i in sorted(range(n), key=lambda i: (rects[i][2], rects[i][0])):
    if rects[i][0] >= last:
        chosen.append(i + 1)
        last = rects[i][2]
print(len(chosen))
print(*chosen)
