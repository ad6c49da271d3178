import sys


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    adj = [[] for _ in range(n + 1)]
    for i in range(n - 1):
        u, v = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        adj[u].append(v)
        adj[v].append(u)
    parent = [0] * (n + 1)
    parent[1] = -1
    order = [1]
    for u in order:
        for v in adj[u]:
            if v != parent[u]:
                parent[v] = u
                order.append(v)
    take = [1] * (n + 1)
    skip = [0] * (n + 1)
    for v in reversed(order[1:]):
        p = parent[v]
        take[p] += min(take[v], skip[v])
        skip[p] += take[v]
    print(min(take[1], skip[1]))


main()
