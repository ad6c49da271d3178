"""Max-leaf spanning tree by greedy leaf expansion: expanding a tree vertex attaches all its non-tree
neighbours as children; prefer the expansion adding the most vertices, with one step of look-ahead
when every leaf adds at most one."""

import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    adj = [[] for _ in range(n)]
    for i in range(m):
        a, b = int(data[2 + 2 * i]) - 1, int(data[3 + 2 * i]) - 1
        adj[a].append((b, i + 1))
        adj[b].append((a, i + 1))
    in_tree = [False] * n
    free = [len(adj[v]) for v in range(n)]  # neighbours not yet in the tree
    tree: list[int] = []
    open_leaves: set[int] = set()

    def join(v: int) -> None:
        in_tree[v] = True
        open_leaves.add(v)
        for u, _ in adj[v]:
            free[u] -= 1

    def expand(v: int) -> list[int]:
        open_leaves.discard(v)
        new = [(u, e) for u, e in adj[v] if not in_tree[u]]
        for u, e in new:
            tree.append(e)
            join(u)
        return [u for u, _ in new]

    root = max(range(n), key=lambda v: (len(adj[v]), -v))
    join(root)
    expand(root)
    while len(tree) < n - 1:
        for v in [v for v in open_leaves if free[v] == 0]:
            open_leaves.discard(v)
        best = max(open_leaves, key=lambda v: (free[v], -v))
        if free[best] >= 2:
            expand(best)
            continue
        # every open leaf adds one vertex: pick the one whose new child would add the most next
        pick, child, gain = -1, -1, -2
        for v in open_leaves:
            for u, _ in adj[v]:
                if not in_tree[u] and free[u] - 1 > gain:
                    pick, child, gain = v, u, free[u] - 1
        expand(pick)
        if free[child] >= 1:
            expand(child)
    print(" ".join(map(str, tree)))


main()
