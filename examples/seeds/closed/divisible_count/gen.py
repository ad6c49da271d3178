DIFFICULTY = 1800
TAGS = ["math", "number theory", "combinatorics", "bitmasks"]
PUBLIC = [
    "10 2\n2 3\n",
    "100 3\n4 6 10\n",
]


def render(N, values):
    return f"{N} {len(values)}\n" + " ".join(map(str, values)) + "\n"


def private(rng):
    primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
    return [
        render(1, [1]),
        render(1, [2]),
        render(10**18, [1000000000, 999999999]),
        render(10**18, primes),
        render(10**18, [rng.randint(2, 10**9) for _ in range(15)]),
        render(123456789, [6, 10, 15, 6, 14]),
        render(10**12, [rng.randint(2, 60) for _ in range(15)]),
        render(999999999999999999, [12, 18, 30, 42, 70, 1000000000]),
    ]
