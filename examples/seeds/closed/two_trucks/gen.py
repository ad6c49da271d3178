DIFFICULTY = 1500
TAGS = ["dp", "bitmasks"]
PUBLIC = [
    "4\n7 5 3 2\n",
    "1\n10\n",
]


def render(weights):
    return f"{len(weights)}\n" + " ".join(map(str, weights)) + "\n"


def private(rng):
    return [
        render([1, 1]),
        render([3, 3, 2, 2, 2]),
        render([1000] * 99 + [1]),
        render([rng.randint(1, 20) for _ in range(8)]),
        render([rng.randint(1, 1000) for _ in range(100)]),
        render([2 * rng.randint(1, 500) for _ in range(60)] + [1]),
        render([rng.randint(900, 1000) for _ in range(7)]),
        render([rng.choice([1, 1000]) for _ in range(25)]),
    ]
