DIFFICULTY = 1400
TAGS = ["graphs", "shortest paths"]
PUBLIC = [
    "4 4\n1 2 1\n2 3 2\n3 4 3\n1 4 10\n",
    "3 1\n1 2 5\n",
    "2 2\n1 2 7\n2 1 4\n",
]


def graph(rng, n, m, wmax, connected):
    edges = []
    if connected:
        order = list(range(2, n + 1))
        rng.shuffle(order)
        seen = [1]
        for v in order:
            edges.append((rng.choice(seen), v, rng.randint(1, wmax)))
            seen.append(v)
    while len(edges) < m:
        u, v = rng.sample(range(1, n + 1), 2)
        edges.append((u, v, rng.randint(1, wmax)))
    rng.shuffle(edges)
    return f"{n} {len(edges)}\n" + "".join(f"{u} {v} {w}\n" for u, v, w in edges)


def private(rng):
    tests = [graph(rng, 6, 8, 10, True), graph(rng, 10, 9, 5, False)]
    tests.append("5 4\n1 2 1000000000\n2 3 1000000000\n3 4 1000000000\n4 5 1000000000\n")
    tests.append("5 3\n1 2 1\n2 3 1\n4 5 1\n")
    tests.append(graph(rng, 40, 90, 100, True))
    tests.append(graph(rng, 200, 400, 1000000000, True))
    tests.append(graph(rng, 300, 320, 20, False))
    tests.append(graph(rng, 2, 1, 1, True))
    return tests
