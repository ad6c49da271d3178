# Weaker: shortest first-machine time first.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = [int(data[1 + 2 * i]) for i in range(n)]
print(*(j + 1 for j in sorted(range(n), key=lambda j: (a[j], j))))
