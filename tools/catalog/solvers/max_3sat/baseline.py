# Baseline: every variable false.
import sys

n = int(sys.stdin.readline().split()[0])
print(" ".join(["0"] * n))
