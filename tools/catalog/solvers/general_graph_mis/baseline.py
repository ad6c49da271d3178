# Baseline: maximal independent set built by scanning vertices in index order.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[u].append(v)
    adj[v].append(u)
taken = [False] * (n + 1)
blocked = [False] * (n + 1)
chosen = []
for v in range(1, n + 1):
    if not blocked[v]:
        chosen.append(v)
        for u in adj[v]:
            blocked[u] = True
print(len(chosen))
print(*chosen)
