DIFFICULTY = 1700
TAGS = ["geometry", "sortings"]
PUBLIC = [
    "5\n0 0\n4 0\n4 3\n0 3\n2 1\n",
    "3\n0 0\n1 1\n3 3\n",
]


def render(points):
    return f"{len(points)}\n" + "".join(f"{x} {y}\n" for x, y in points)


def private(rng):
    def cloud(n, r):
        return [(rng.randint(-r, r), rng.randint(-r, r)) for _ in range(n)]

    return [
        render([(7, -7)]),
        render([(1, 1)] * 4),
        render([(-10000, -10000), (10000, 10000), (10000, -10000), (-10000, 10000), (0, 0)]),
        render([(0, 0), (3, 0), (3, 4), (0, 0), (3, 4)]),
        render(cloud(10, 10)),
        render(cloud(200, 10000)),
        render(cloud(600, 50)),
        render([(i, 2 * i + 1) for i in range(-50, 51)]),
    ]
