"""Baseline for degree-bounded MST: the Hamiltonian path the input guarantees (edges 1..n-1)."""

import sys

n = int(sys.stdin.readline().split()[0])
print(" ".join(str(i) for i in range(1, n)))
