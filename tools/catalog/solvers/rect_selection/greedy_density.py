# Greedy by weight per unit area, keeping the set interior-disjoint.
import sys

data = sys.stdin.read().split()
n = int(data[0])
rects = [tuple(int(x) for x in data[1 + 5 * i : 6 + 5 * i]) for i in range(n)]
order = sorted(
    range(n),
    key=lambda i: (
        -rects[i][4] / ((rects[i][2] - rects[i][0]) * (rects[i][3] - rects[i][1])),
        -rects[i][4],
        i,
    ),
)
chosen: list[int] = []
for i in order:
    x1, y1, x2, y2, _ = rects[i]
    if all(
        not (rects[j][0] < x2 and x1 < rects[j][2] and rects[j][1] < y2 and y1 < rects[j][3]) for j in chosen
    ):
        chosen.append(i)
print(len(chosen))
print(*(i + 1 for i in chosen))
