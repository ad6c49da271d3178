# Baseline: the jobs in input order (a permutation; job 1 finishes at time 1 <= its deadline).
import sys

n = int(sys.stdin.readline())
print(*range(1, n + 1))
