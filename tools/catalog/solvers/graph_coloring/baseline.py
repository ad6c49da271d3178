# Baseline: first-fit colouring in vertex order.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[u].append(v)
    adj[v].append(u)
col = [0] * (n + 1)
for v in range(1, n + 1):
    taken = {col[u] for u in adj[v]}
    c = 1
    while c in taken:
        c += 1
    col[v] = c
print(*col[1:])
