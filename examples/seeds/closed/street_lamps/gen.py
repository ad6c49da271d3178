DIFFICULTY = 1500
TAGS = ["greedy", "sortings"]
PUBLIC = [
    "4 10\n0 3\n0 4\n2 7\n4 10\n",
    "2 5\n0 2\n3 5\n",
]


def render(L, lamps):
    return f"{len(lamps)} {L}\n" + "".join(f"{a} {b}\n" for a, b in lamps)


def random_lamps(rng, n, L, longest):
    lamps = []
    for _ in range(n):
        a = rng.randint(0, L - 1)
        lamps.append((a, min(L, a + rng.randint(1, longest))))
    return lamps


def coverable(rng, n, L, longest):
    # A chain of overlapping lamps from 0 to L, hidden among random ones.
    lamps, pos = [], 0
    while pos < L:
        a = rng.randint(max(0, pos - longest // 2), pos)
        b = min(L, pos + rng.randint(1, longest))
        lamps.append((a, b))
        pos = b
    lamps += random_lamps(rng, max(0, n - len(lamps)), L, longest)
    rng.shuffle(lamps)
    return lamps


def private(rng):
    chain = [(i, i + 1) for i in range(20)]
    rng.shuffle(chain)
    return [
        render(1000000000, [(0, 1000000000)]),
        render(20, chain),
        render(20, [lamp for lamp in chain if lamp != (13, 14)]),
        render(10, [(1, 10), (0, 5)]),
        render(10, [(0, 9), (2, 8)]),
        render(100, coverable(rng, 40, 100, 20)),
        render(1000000, coverable(rng, 300, 1000000, 40000)),
        render(5000, coverable(rng, 500, 5000, 60)),
    ]
