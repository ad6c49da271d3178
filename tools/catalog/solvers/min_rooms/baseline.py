# Baseline: every meeting gets a room of its own (trivially feasible).
import sys

n = int(sys.stdin.readline())
print(*range(1, n + 1))
