DIFFICULTY = 1500
TAGS = ["dp", "binary search", "data structures"]
PUBLIC = [
    "6\n3 1 4 1 5 9\n",
    "4\n7 7 7 7\n",
    "5\n5 4 3 2 1\n",
]


def render(values):
    return f"{len(values)}\n" + " ".join(map(str, values)) + "\n"


def private(rng):
    return [
        render([-1000000000]),
        render([1, 2, 2, 3, 3, 4]),
        render(list(range(-500, 500))),
        render([rng.randint(1, 5) for _ in range(30)]),
        render([rng.randint(-1000000000, 1000000000) for _ in range(300)]),
        render([i // 3 + rng.randint(0, 2) for i in range(600)]),
        render([rng.randint(0, 50) for _ in range(400)]),
        render([1000000000, -1000000000]),
    ]
