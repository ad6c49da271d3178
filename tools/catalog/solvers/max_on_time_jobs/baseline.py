# Baseline: the jobs in input order (a permutation; job 1 fits before its due date on its own).
import sys

n = int(sys.stdin.readline())
print(*range(1, n + 1))
