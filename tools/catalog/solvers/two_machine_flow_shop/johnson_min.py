# Exact: Johnson's rule as first stated: the smallest remaining time decides, front if on A, back if on B.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = [int(data[1 + 2 * i]) for i in range(n)]
b = [int(data[2 + 2 * i]) for i in range(n)]
front, back = [], []
placed = [False] * n
for _, machine, j in sorted([(a[j], 0, j) for j in range(n)] + [(b[j], 1, j) for j in range(n)]):
    if placed[j]:
        continue
    placed[j] = True
    (front if machine == 0 else back).append(j)
print(*(j + 1 for j in front + back[::-1]))
