# Baseline: the identity triples (i, i, i).
import sys

n = int(sys.stdin.readline())
ident = " ".join(str(i) for i in range(1, n + 1))
print(ident)
print(ident)
