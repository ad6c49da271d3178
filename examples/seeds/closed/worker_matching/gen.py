DIFFICULTY = 1800
TAGS = ["graph matchings", "flows", "graphs"]
PUBLIC = [
    "3 3 5\n1 1\n1 2\n2 1\n3 1\n3 3\n",
    "3 2 3\n1 1\n2 1\n3 1\n",
]


def render(n, k, pairs):
    return f"{n} {k} {len(pairs)}\n" + "".join(f"{u} {v}\n" for u, v in pairs)


def random_pairs(rng, n, k, e):
    pairs = set()
    while len(pairs) < e:
        pairs.add((rng.randint(1, n), rng.randint(1, k)))
    return sorted(pairs, key=lambda p: rng.random())


def private(rng):
    # Nurse i likes shifts i and i + 1: greedy picks block a perfect matching.
    staircase = [(i, j) for i in range(1, 31) for j in (i, i + 1) if j <= 30]
    staircase.sort(key=lambda p: (p[0], -p[1]))
    return [
        "1 1 0\n",
        render(1, 1, [(1, 1)]),
        render(30, 30, staircase),
        render(10, 12, random_pairs(rng, 10, 12, 20)),
        render(80, 60, random_pairs(rng, 80, 60, 160)),
        render(300, 300, random_pairs(rng, 200, 200, 450)),
        render(500, 400, random_pairs(rng, 400, 300, 600)),
        render(4, 4, [(1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (4, 3), (4, 4)]),
    ]
