DIFFICULTY = 1600
TAGS = ["greedy", "data structures", "sortings"]
PUBLIC = [
    "4\n2 20\n1 10\n1 40\n2 30\n",
    "3\n5 1\n5 2\n5 3\n",
]


def render(orders):
    return f"{len(orders)}\n" + "".join(f"{d} {p}\n" for d, p in orders)


def private(rng):
    def orders(n, dmax, pmax):
        return [(rng.randint(1, dmax), rng.randint(1, pmax)) for _ in range(n)]

    return [
        render([(1, 1000000000)]),
        render([(1, 5), (1, 7), (1, 6)]),
        render([(1000000000, 1000000000)] * 5),
        render([(3, 10), (1, 1), (1, 1), (3, 10), (3, 10), (3, 10)]),
        render(orders(12, 4, 50)),
        render(orders(300, 60, 1000)),
        render(orders(300, 250, 1000000000)),
        render(orders(250, 1000000000, 1000)),
    ]
