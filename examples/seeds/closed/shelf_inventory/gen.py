DIFFICULTY = 1400
TAGS = ["data structures"]
PUBLIC = [
    "5 4\n1 2 3 4 5\n2 1 5\n1 3 10\n2 2 4\n2 3 3\n",
    "1 3\n7\n2 1 1\n1 1 0\n2 1 1\n",
]


def render(values, events):
    lines = "".join(" ".join(map(str, e)) + "\n" for e in events)
    return f"{len(values)} {len(events)}\n" + " ".join(map(str, values)) + "\n" + lines


def events(rng, n, q, xmax, share_of_sets):
    out = []
    for _ in range(q):
        if rng.random() < share_of_sets:
            out.append((1, rng.randint(1, n), rng.randint(0, xmax)))
        else:
            left = rng.randint(1, n)
            out.append((2, left, rng.randint(left, n)))
    return out


def private(rng):
    big = [1000000000] * 200
    return [
        render([0], [(2, 1, 1)]),
        render([5, 5], [(1, 1, 5), (2, 1, 2), (1, 2, 1), (2, 1, 2)]),
        render(big, [(2, 1, 200), (1, 100, 0), (2, 1, 200), (2, 100, 100)]),
        render([rng.randint(0, 9) for _ in range(10)], events(rng, 10, 20, 9, 0.5)),
        render([rng.randint(0, 1000) for _ in range(200)], events(rng, 200, 200, 1000, 0.4)),
        render([rng.randint(0, 10**9) for _ in range(100)], events(rng, 100, 200, 10**9, 0.6)),
        render([rng.randint(0, 5) for _ in range(300)], events(rng, 300, 250, 5, 0.3)),
    ]
