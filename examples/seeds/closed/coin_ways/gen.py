DIFFICULTY = 1400
TAGS = ["dp", "combinatorics"]
PUBLIC = [
    "3 4\n1 2 3\n",
    "2 7\n2 4\n",
]


def render(S, coins):
    return f"{len(coins)} {S}\n" + " ".join(map(str, coins)) + "\n"


def private(rng):
    return [
        render(1, [1]),
        render(5, [10]),
        render(10000, [1]),
        render(100, [1, 2, 5, 10, 20, 50]),
        render(10000, [1, 2, 5, 10, 20, 50, 100, 200]),
        render(9999, rng.sample(range(1, 200), 40)),
        render(10000, rng.sample(range(1, 10001), 100)),
        render(777, rng.sample(range(3, 60), 12)),
    ]
