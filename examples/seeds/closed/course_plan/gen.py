DIFFICULTY = 1500
TAGS = ["graphs", "data structures", "greedy"]
PUBLIC = [
    "4 3\n3 1\n1 2\n4 2\n",
    "3 3\n1 2\n2 3\n3 1\n",
]


def render(n, pairs):
    return f"{n} {len(pairs)}\n" + "".join(f"{a} {b}\n" for a, b in pairs)


def acyclic(rng, n, m):
    rank = list(range(1, n + 1))
    rng.shuffle(rank)
    pairs = []
    for _ in range(m):
        i, j = sorted(rng.sample(range(n), 2))
        pairs.append((rank[i], rank[j]))
    return pairs


def private(rng):
    return [
        "1 0\n",
        "5 0\n",
        render(5, [(5, 4), (4, 3), (3, 2), (2, 1)]),
        render(3, [(2, 1), (2, 1), (3, 1)]),
        render(12, acyclic(rng, 12, 15)),
        render(300, acyclic(rng, 300, 400)),
        render(400, acyclic(rng, 400, 300) + [(17, 230), (230, 99), (99, 17)]),
        render(500, acyclic(rng, 500, 150)),
    ]
