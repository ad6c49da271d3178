# Exact: sweep the merged positions; the k-th worker met is paired with the k-th job met.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
line = sorted((int(data[1 + k]), k) for k in range(2 * n))  # k < n: worker k, else job k - n
workers_seen, jobs_seen = [], []
for _, k in line:
    (workers_seen if k < n else jobs_seen).append(k if k < n else k - n)
job = [0] * n
for w, j in zip(workers_seen, jobs_seen, strict=True):
    job[w] = j + 1
print(*job)
