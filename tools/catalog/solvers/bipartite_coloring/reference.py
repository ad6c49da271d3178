"""bipartite_coloring reference: BFS from each uncoloured vertex, alternating colours by layer."""

import sys
from collections import deque


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    for i in range(m):
        u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        adj[u].append(v)
        adj[v].append(u)
    colour = [0] * (n + 1)
    for s in range(1, n + 1):
        if colour[s]:
            continue
        colour[s] = 1
        queue = deque([s])
        while queue:
            u = queue.popleft()
            for w in adj[u]:
                if not colour[w]:
                    colour[w] = 3 - colour[u]
                    queue.append(w)
    sys.stdout.write(" ".join(map(str, colour[1:])) + "\n")


main()
