DIFFICULTY = 1500
TAGS = ["dp"]
PUBLIC = [
    "4 10\n6 7\n4 5\n5 6\n3 2\n",
    "2 3\n4 100\n5 200\n",
]


def render(W, items):
    return f"{len(items)} {W}\n" + "".join(f"{w} {v}\n" for w, v in items)


def private(rng):
    def items(n, wmax, vmax):
        return [(rng.randint(1, wmax), rng.randint(1, vmax)) for _ in range(n)]

    return [
        render(1, [(1, 1000000000)]),
        render(10, [(3, 5), (3, 5), (4, 7), (10, 11)]),
        render(10000, [(10000, 1000000000)] * 100),
        render(50, items(12, 20, 100)),
        render(1000, items(40, 200, 1000)),
        render(10000, items(100, 2000, 1000000000)),
        render(10000, items(100, 10000, 1000000000)),
        render(7, [(2, 3), (2, 3), (3, 5), (4, 8)]),
    ]
