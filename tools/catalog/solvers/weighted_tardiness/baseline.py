"""Baseline for weighted tardiness: earliest due date first (optimal for maximum lateness)."""

import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
d = [int(data[2 + 3 * i]) for i in range(n)]
print(" ".join(str(i + 1) for i in sorted(range(n), key=lambda i: (d[i], i))))
