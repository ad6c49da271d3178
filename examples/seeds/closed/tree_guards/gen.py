DIFFICULTY = 1700
TAGS = ["dp", "trees", "greedy"]
PUBLIC = [
    "5\n1 2\n2 4\n2 3\n3 5\n",
    "1\n",
]


def render(n, edges):
    return f"{n}\n" + "".join(f"{u} {v}\n" for u, v in edges)


def random_tree(rng, n, spread):
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    edges = [(labels[rng.randint(max(0, v - spread), v - 1)], labels[v]) for v in range(1, n)]
    rng.shuffle(edges)
    return edges


def private(rng):
    double_star = [(1, 2)] + [(1, v) for v in range(3, 8)] + [(2, v) for v in range(8, 12)]
    return [
        render(2, [(2, 1)]),
        render(11, double_star),
        render(6, [(i, i + 1) for i in range(1, 6)]),
        render(40, [(1, v) for v in range(2, 41)]),
        render(30, random_tree(rng, 30, 30)),
        render(400, random_tree(rng, 400, 3)),
        render(500, random_tree(rng, 500, 500)),
        render(300, random_tree(rng, 300, 1)),
    ]
