"""Multiple knapsack greedy: items by decreasing profit/weight, each into the tightest knapsack that fits."""

import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
room = [int(x) for x in data[2 : 2 + k]]
w = [int(data[2 + k + 2 * i]) for i in range(n)]
p = [int(data[3 + k + 2 * i]) for i in range(n)]
out = [0] * n
for i in sorted(range(n), key=lambda i: (-p[i] / w[i], i)):
    best = -1
    for j in range(k):
        if room[j] >= w[i] and (best < 0 or room[j] < room[best]):
            best = j
    if best >= 0:
        room[best] -= w[i]
        out[i] = best + 1
print(" ".join(map(str, out)))
