DIFFICULTY = 1400
TAGS = ["graphs", "dsu", "greedy"]
PUBLIC = [
    "4 5\n1 2 3\n2 3 1\n3 4 4\n1 4 2\n1 3 5\n",
    "3 1\n1 2 7\n",
]


def render(n, edges):
    return f"{n} {len(edges)}\n" + "".join(f"{a} {b} {c}\n" for a, b, c in edges)


def graph(rng, n, m, cmax, connected=True):
    edges = []
    if connected:
        for v in range(2, n + 1):
            edges.append((rng.randint(1, v - 1), v, rng.randint(1, cmax)))
    while len(edges) < m:
        a, b = rng.sample(range(1, n + 1), 2)
        edges.append((a, b, rng.randint(1, cmax)))
    rng.shuffle(edges)
    return [(a, b, c) if rng.random() < 0.5 else (b, a, c) for a, b, c in edges]


def private(rng):
    return [
        "1 0\n",
        "2 0\n",
        render(2, [(1, 2, 5), (2, 1, 3), (1, 2, 9)]),
        render(5, [(1, 2, 1000000000), (2, 3, 1000000000), (3, 4, 1000000000), (4, 5, 1000000000)]),
        render(30, graph(rng, 30, 60, 10)),
        render(200, graph(rng, 150, 300, 1000000000)),
        render(300, graph(rng, 200, 180, 50, connected=False)),
        render(100, graph(rng, 100, 400, 3)),
    ]
