# Weaker idea: greedy by value alone (fractional fill at the end).
import sys

data = sys.stdin.read().split()
n, cap = int(data[0]), int(data[1])
items = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n)]
x = [0.0] * n
for i in sorted(range(n), key=lambda i: (-items[i][1], i)):
    w = items[i][0]
    if cap <= 0:
        break
    take = min(1.0, cap / w)
    x[i] = take
    cap -= take * w
print(" ".join(f"{v:.12f}" for v in x))
