DIFFICULTY = 1200
TAGS = ["graphs", "dfs and similar"]
PUBLIC = [
    "4 4\n1 2\n2 3\n3 4\n4 1\n",
    "3 3\n1 2\n2 3\n1 3\n",
]


def render(n, edges):
    return f"{n} {len(edges)}\n" + "".join(f"{a} {b}\n" for a, b in edges)


def bipartite(rng, n, m):
    side = [rng.randint(0, 1) for _ in range(n + 1)]
    edges = set()
    for _ in range(m * 4):
        a, b = rng.sample(range(1, n + 1), 2)
        if side[a] != side[b] and (b, a) not in edges:
            edges.add((a, b))
        if len(edges) == m:
            break
    return sorted(edges, key=lambda e: rng.random())


def private(rng):
    tests = ["1 0\n", "2 1\n2 1\n"]
    tests.append(render(7, [(1, 2), (2, 3), (4, 5), (5, 6), (6, 7), (7, 4), (5, 7)]))
    tests.append(render(8, [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 1)]))
    tests.append(render(60, bipartite(rng, 60, 90)))
    odd = [e for e in bipartite(rng, 300, 500) if not set(e) <= {298, 299, 300}]
    tests.append(render(300, odd + [(299, 300), (300, 298), (298, 299)]))
    tests.append(render(400, bipartite(rng, 400, 600)))
    tests.append(render(5, [(3, 4), (4, 5), (5, 3)]))
    return tests
