"""Baseline for Min-True 2-SAT: the textbook SCC assignment (Kosaraju), blind to the number of trues."""

import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    N = 2 * n
    g = [[] for _ in range(N)]
    r = [[] for _ in range(N)]

    def node(lit: int) -> int:
        return 2 * (abs(lit) - 1) + (1 if lit < 0 else 0)

    for i in range(m):
        a, b = node(int(data[2 + 2 * i])), node(int(data[3 + 2 * i]))
        g[a ^ 1].append(b)
        g[b ^ 1].append(a)
        r[b].append(a ^ 1)
        r[a].append(b ^ 1)
    seen = [False] * N
    order = []
    for s in range(N):
        if seen[s]:
            continue
        seen[s] = True
        stack = [(s, 0)]
        while stack:
            u, i = stack[-1]
            if i < len(g[u]):
                stack[-1] = (u, i + 1)
                w = g[u][i]
                if not seen[w]:
                    seen[w] = True
                    stack.append((w, 0))
            else:
                stack.pop()
                order.append(u)
    comp = [-1] * N
    c = 0
    for s in reversed(order):
        if comp[s] >= 0:
            continue
        comp[s] = c
        st = [s]
        while st:
            u = st.pop()
            for w in r[u]:
                if comp[w] < 0:
                    comp[w] = c
                    st.append(w)
        c += 1
    # components are numbered in topological order; a literal is true if it comes later than its negation
    print(" ".join("1" if comp[2 * v] > comp[2 * v + 1] else "0" for v in range(n)))


main()
