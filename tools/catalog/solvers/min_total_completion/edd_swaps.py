# Weaker idea: EDD order improved by a few passes of adjacent swaps (a truncated bubble sort towards SPT).
import sys

data = sys.stdin.read().split()
n = int(data[0])
p = [int(data[1 + 2 * i]) for i in range(n)]
d = [int(data[2 + 2 * i]) for i in range(n)]
order = sorted(range(n), key=lambda i: (d[i], i))
for _ in range(3):
    for k in range(n - 1):
        a, b = order[k], order[k + 1]
        if p[a] > p[b]:  # swapping adjacent jobs changes the sum by p[b] - p[a]
            order[k], order[k + 1] = b, a
print(*(i + 1 for i in order))
