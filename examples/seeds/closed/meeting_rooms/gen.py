DIFFICULTY = 1100
TAGS = ["greedy", "sortings"]
PUBLIC = [
    "4\n1 3\n2 6\n3 5\n6 8\n",
    "3\n0 10\n1 2\n2 3\n",
]


def render(intervals):
    return f"{len(intervals)}\n" + "".join(f"{start} {end}\n" for start, end in intervals)


def spread(rng, n, horizon, longest):
    out = []
    for _ in range(n):
        start = rng.randint(0, horizon - 1)
        out.append((start, min(horizon, start + rng.randint(1, longest))))
    return out


def private(rng):
    return [
        "1\n0 1000000000\n",
        render([(5, 7)] * 4),
        render([(i, i + 1) for i in range(10)]),
        render([(0, 100)] + [(i * 10, i * 10 + 9) for i in range(10)]),
        render(spread(rng, 30, 100, 20)),
        render(spread(rng, 300, 1000000000, 50000000)),
        render(spread(rng, 500, 2000, 30)),
        render([(1, 5), (2, 3), (3, 4), (4, 6), (5, 9), (6, 7)]),
    ]
