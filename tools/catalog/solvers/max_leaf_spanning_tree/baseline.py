"""Baseline for max-leaf spanning tree: an iterative depth-first-search tree from vertex 1."""

import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n)]
for i in range(m):
    a, b = int(data[2 + 2 * i]) - 1, int(data[3 + 2 * i]) - 1
    adj[a].append((b, i + 1))
    adj[b].append((a, i + 1))
seen = [False] * n
seen[0] = True
stack = [(0, 0)]
tree = []
while stack:
    v, k = stack[-1]
    if k < len(adj[v]):
        stack[-1] = (v, k + 1)
        u, e = adj[v][k]
        if not seen[u]:
            seen[u] = True
            tree.append(e)
            stack.append((u, 0))
    else:
        stack.pop()
print(" ".join(map(str, tree)))
