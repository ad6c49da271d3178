# Kruskal: edges by weight, union-find.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
edges = [(int(data[4 + 3 * i]), int(data[2 + 3 * i]), int(data[3 + 3 * i]), i + 1) for i in range(m)]
parent = list(range(n + 1))


def find(x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


tree = []
for _, u, v, idx in sorted(edges):
    a, b = find(u), find(v)
    if a != b:
        parent[a] = b
        tree.append(idx)
print(*tree)
