# Weaker: shortest processing time first, every job (many short jobs finish early).
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
p = [int(data[1 + 2 * i]) for i in range(n)]
d = [int(data[2 + 2 * i]) for i in range(n)]
print(*(j + 1 for j in sorted(range(n), key=lambda j: (p[j], d[j], j))))
