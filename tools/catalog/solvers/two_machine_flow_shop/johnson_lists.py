# Exact: Johnson's rule. Jobs with a <= b first by a ascending, then the others by b descending.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = [int(data[1 + 2 * i]) for i in range(n)]
b = [int(data[2 + 2 * i]) for i in range(n)]
front = sorted((j for j in range(n) if a[j] <= b[j]), key=lambda j: (a[j], j))
back = sorted((j for j in range(n) if a[j] > b[j]), key=lambda j: (-b[j], j))
print(*(j + 1 for j in front + back))
