# Greedy by value/weight ratio, implemented with a sort.
import sys
from fractions import Fraction

data = sys.stdin.read().split()
n, cap = int(data[0]), int(data[1])
items = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n)]
x = [0.0] * n
for i in sorted(range(n), key=lambda i: Fraction(items[i][1], items[i][0]), reverse=True):
    w = items[i][0]
    if w <= cap:
        x[i], cap = 1.0, cap - w
    else:
        x[i], cap = cap / w, 0
        break
print(" ".join(f"{v:.12f}" for v in x))
