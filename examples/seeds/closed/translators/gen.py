DIFFICULTY = 1900
TAGS = ["dp", "bitmasks"]
PUBLIC = [
    "3\n5 2 7\n3 6 8\n9 9 4\n",
    "1\n42\n",
]


def render(matrix):
    return f"{len(matrix)}\n" + "".join(" ".join(map(str, row)) + "\n" for row in matrix)


def private(rng):
    def matrix(n, cmax):
        return [[rng.randint(0, cmax) for _ in range(n)] for _ in range(n)]

    # The cheapest choice for translator 1 forces an expensive one for translator 2.
    trap = [[1, 2, 100], [1, 100, 100], [100, 100, 1]]
    return [
        render([[0, 1000000], [1000000, 0]]),
        render(trap),
        render([[7] * 6 for _ in range(6)]),
        render(matrix(5, 20)),
        render(matrix(10, 1000)),
        render(matrix(13, 1000000)),
        render(matrix(15, 1000000)),
        render(matrix(15, 3)),
    ]
