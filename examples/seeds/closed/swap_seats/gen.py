DIFFICULTY = 1100
TAGS = ["constructive algorithms", "greedy"]
PUBLIC = [
    "4\n",
    "3\n",
    "1\n",
]


def private(rng):
    return [f"{n}\n" for n in (2, 5, 6, 7, 8, 2 * rng.randint(100, 200) + 1, 600, 601)]
