DIFFICULTY = 1300
TAGS = ["dp", "combinatorics"]
PUBLIC = [
    "3 3\n...\n.#.\n...\n",
    "2 2\n.#\n#.\n",
    "1 1\n.\n",
]


def render(rows):
    return f"{len(rows)} {len(rows[0])}\n" + "".join(row + "\n" for row in rows)


def random_grid(rng, n, m, density):
    return ["".join("#" if rng.random() < density else "." for _ in range(m)) for _ in range(n)]


def private(rng):
    return [
        render(["#"]),
        render([".."] + ["#."]),
        render(["." * 40] * 40),
        render(["." * 50] * 50),
        render(random_grid(rng, 8, 9, 0.2)),
        render(["." * 40] + random_grid(rng, 38, 40, 0.15) + ["." * 39 + "#"]),
        render(random_grid(rng, 45, 50, 0.05)),
        render(["." * 100]),
        render(random_grid(rng, 30, 40, 0.25)),
    ]
