# Baseline: the jobs in input order (trivially a permutation).
import sys

n = int(sys.stdin.readline())
print(*range(1, n + 1))
