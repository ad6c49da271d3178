"""Max-leaf spanning tree: breadth-first trees rooted at the highest-degree vertices; keep the tree
with the most leaves."""

import sys
from collections import deque


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    adj = [[] for _ in range(n)]
    for i in range(m):
        a, b = int(data[2 + 2 * i]) - 1, int(data[3 + 2 * i]) - 1
        adj[a].append((b, i + 1))
        adj[b].append((a, i + 1))
    roots = sorted(range(n), key=lambda v: (-len(adj[v]), v))[:12]
    best, best_leaves = None, -1
    for r in roots:
        seen = [False] * n
        seen[r] = True
        deg = [0] * n
        tree = []
        q = deque([r])
        while q:
            v = q.popleft()
            for u, e in adj[v]:
                if not seen[u]:
                    seen[u] = True
                    tree.append(e)
                    deg[u] += 1
                    deg[v] += 1
                    q.append(u)
        leaves = sum(1 for d in deg if d == 1)
        if leaves > best_leaves:
            best, best_leaves = tree, leaves
    print(" ".join(map(str, best)))


main()
