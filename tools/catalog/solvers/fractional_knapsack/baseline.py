# Baseline: whole items in input order while they fit.
import sys

data = sys.stdin.read().split()
n, cap = int(data[0]), int(data[1])
out = []
for i in range(n):
    w = int(data[2 + 2 * i])
    if w <= cap:
        cap -= w
        out.append("1")
    else:
        out.append("0")
print(" ".join(out))
