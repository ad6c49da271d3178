import sys
from collections import deque

# Counts streets instead of minutes: breadth-first search ignores the weights.
data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v, w = int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])
    adj[u].append((v, w))
    adj[v].append((u, w))
best = [None] * (n + 1)
hops = [None] * (n + 1)
best[1], hops[1] = 0, 0
queue = deque([1])
while queue:
    u = queue.popleft()
    for v, w in adj[u]:
        if hops[v] is None:
            hops[v], best[v] = hops[u] + 1, best[u] + w
            queue.append(v)
print(-1 if best[n] is None else best[n])
