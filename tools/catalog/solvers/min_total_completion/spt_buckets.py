# SPT via counting sort on the (small integer) processing times.
import sys

data = sys.stdin.read().split()
n = int(data[0])
buckets: dict[int, list[int]] = {}
for i in range(n):
    buckets.setdefault(int(data[1 + 2 * i]), []).append(i + 1)
out = []
for p in range(1, max(buckets) + 1):
    out.extend(buckets.get(p, ()))
print(*out)
