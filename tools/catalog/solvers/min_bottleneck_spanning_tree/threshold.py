# Binary search on the bottleneck: the least weight threshold whose edges connect the graph.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
edges = [(int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])) for i in range(m)]


def spanning(limit: int) -> list[int] | None:
    parent = list(range(n + 1))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    tree = []
    for i, (u, v, w) in enumerate(edges):
        if w <= limit:
            a, b = find(u), find(v)
            if a != b:
                parent[a] = b
                tree.append(i + 1)
    return tree if len(tree) == n - 1 else None


weights = sorted({w for _, _, w in edges})
lo, hi = 0, len(weights) - 1
while lo < hi:
    mid = (lo + hi) // 2
    if spanning(weights[mid]) is not None:
        hi = mid
    else:
        lo = mid + 1
print(*spanning(weights[lo]))
