# Baseline: earliest due date first (optimal for the parent objective, not for this one).
import sys

data = sys.stdin.read().split()
n = int(data[0])
due = [int(data[2 + 2 * i]) for i in range(n)]
print(*(i + 1 for i in sorted(range(n), key=lambda i: (due[i], i))))
