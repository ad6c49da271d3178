DIFFICULTY = 1600
TAGS = ["binary search", "greedy"]
PUBLIC = [
    "5 3\n10 20 30 40 50\n",
    "4 4\n5 1 1 5\n",
    "3 1\n1000000000 1000000000 1000000000\n",
]


def render(k, pages):
    return f"{len(pages)} {k}\n" + " ".join(map(str, pages)) + "\n"


def private(rng):
    return [
        render(1, [1]),
        render(2, [1, 100, 1]),
        render(3, [7] * 10),
        render(4, [rng.randint(1, 20) for _ in range(12)]),
        render(17, [rng.randint(1, 1000000000) for _ in range(300)]),
        render(250, [rng.randint(1, 100) for _ in range(600)]),
        render(1, [1000000000] * 200),
        render(5, [1, 1, 1, 1, 50, 1, 1, 1, 1]),
    ]
