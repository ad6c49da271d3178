DIFFICULTY = 1900
TAGS = ["2-sat", "graphs", "dfs and similar"]
PUBLIC = [
    "2 3\n1 1 2 1\n1 1 2 0\n1 0 2 0\n",
    "1 2\n1 1 1 1\n1 0 1 0\n",
]


def render(n, wishes):
    return f"{n} {len(wishes)}\n" + "".join(f"{x} {a} {y} {b}\n" for x, a, y, b in wishes)


def planted(rng, n, m):
    # Every wish agrees with a hidden setting, so the answer is YES.
    hidden = [rng.randint(0, 1) for _ in range(n + 1)]
    wishes = []
    for _ in range(m):
        x, y = rng.randint(1, n), rng.randint(1, n)
        a = hidden[x] if rng.random() < 0.5 else rng.randint(0, 1)
        b = hidden[y] if a != hidden[x] else rng.randint(0, 1)
        wishes.append((x, a, y, b))
    return wishes


def loose(rng, n, m):
    return [(rng.randint(1, n), rng.randint(0, 1), rng.randint(1, n), rng.randint(0, 1)) for _ in range(m)]


def private(rng):
    chain = [(i, 0, i + 1, 1) for i in range(1, 8)]  # x_i on implies x_{i+1} on
    return [
        render(1, [(1, 0, 1, 1)]),
        render(8, chain + [(1, 1, 1, 1), (8, 0, 8, 0)]),
        render(8, chain + [(1, 1, 1, 1)]),
        render(20, planted(rng, 20, 40)),
        render(300, planted(rng, 200, 400)),
        render(10, loose(rng, 10, 30)),
        render(200, loose(rng, 200, 200)),
        render(100, loose(rng, 100, 300)),
    ]
