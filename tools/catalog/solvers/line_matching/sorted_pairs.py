# Exact: the k-th leftmost worker takes the k-th leftmost job.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = [int(x) for x in data[1 : 1 + n]]
b = [int(x) for x in data[1 + n : 1 + 2 * n]]
job = [0] * n
for w, j in zip(sorted(range(n), key=a.__getitem__), sorted(range(n), key=b.__getitem__), strict=True):
    job[w] = j + 1
print(*job)
