# Baseline: a BFS spanning tree from vertex 1 that ignores the weights.
import sys
from collections import deque

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v = int(data[2 + 3 * i]), int(data[3 + 3 * i])
    adj[u].append((v, i + 1))
    adj[v].append((u, i + 1))
seen = [False] * (n + 1)
seen[1] = True
tree = []
q = deque([1])
while q:
    u = q.popleft()
    for v, e in adj[u]:
        if not seen[v]:
            seen[v] = True
            tree.append(e)
            q.append(v)
print(*tree)
