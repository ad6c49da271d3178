# Exact: Dijkstra where a walk costs its highest cell; then the walk back along the parents.
import heapq
import sys

data = sys.stdin.buffer.read().split()
rows, cols = int(data[0]), int(data[1])
h = [int(x) for x in data[2 : 2 + rows * cols]]
n = rows * cols
best = [1 << 62] * n
parent = [-1] * n
best[0] = h[0]
heap = [(h[0], 0)]
while heap:
    cost, u = heapq.heappop(heap)
    if cost > best[u]:
        continue
    if u == n - 1:
        break
    r, c = divmod(u, cols)
    for v, ok in ((u - cols, r > 0), (u + cols, r + 1 < rows), (u - 1, c > 0), (u + 1, c + 1 < cols)):
        if ok:
            w = max(cost, h[v])
            if w < best[v]:
                best[v], parent[v] = w, u
                heapq.heappush(heap, (w, v))
path, v = [], n - 1
while v != 0:
    u = parent[v]
    path.append("D" if v == u + cols else "U" if v == u - cols else "R" if v == u + 1 else "L")
    v = u
print("".join(reversed(path)))
