DIFFICULTY = 1600
TAGS = ["dp", "combinatorics", "math"]
PUBLIC = [
    "3 2\n",
    "4 4\n",
    "5 1\n",
]


def private(rng):
    return [
        "1 1\n",
        "2 2\n",
        "30 3\n",
        "200000 2\n",
        f"{rng.randint(100000, 200000)} {rng.randint(3, 50)}\n",
        "200000 200000\n",
        f"{rng.randint(1000, 5000)} {rng.randint(500, 1000)}\n",
        "64 6\n",
    ]
