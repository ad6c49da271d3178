# SPT: sort by processing time.
import sys

data = sys.stdin.read().split()
n = int(data[0])
p = [int(data[1 + 2 * i]) for i in range(n)]
print(*(i + 1 for i in sorted(range(n), key=lambda i: (p[i], i))))
