import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    size = 2 * (n + 1)
    g = [[] for _ in range(size)]
    rg = [[] for _ in range(size)]
    for i in range(m):
        x, a, y, b = (int(t) for t in data[2 + 4 * i : 6 + 4 * i])
        p, q = 2 * x + a, 2 * y + b
        g[p ^ 1].append(q)
        g[q ^ 1].append(p)
        rg[q].append(p ^ 1)
        rg[p].append(q ^ 1)
    seen = [False] * size
    order = []
    for s in range(size):
        if seen[s]:
            continue
        seen[s] = True
        stack = [(s, iter(g[s]))]
        while stack:
            u, edges = stack[-1]
            for v in edges:
                if not seen[v]:
                    seen[v] = True
                    stack.append((v, iter(g[v])))
                    break
            else:
                order.append(u)
                stack.pop()
    comp = [-1] * size
    c = 0
    for s in reversed(order):
        if comp[s] != -1:
            continue
        comp[s] = c
        stack = [s]
        while stack:
            u = stack.pop()
            for v in rg[u]:
                if comp[v] == -1:
                    comp[v] = c
                    stack.append(v)
        c += 1
    ok = all(comp[2 * x] != comp[2 * x + 1] for x in range(1, n + 1))
    print("YES" if ok else "NO")


main()
