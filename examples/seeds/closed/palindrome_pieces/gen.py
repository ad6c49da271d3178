DIFFICULTY = 1800
TAGS = ["strings"]
PUBLIC = [
    "3\naba\n",
    "3\naaa\n",
]


def render(s):
    return f"{len(s)}\n{s}\n"


def private(rng):
    def word(n, letters):
        return "".join(rng.choice(letters) for _ in range(n))

    return [
        render("z"),
        render("ab"),
        render("abba"),
        render("a" * 2000),
        render(word(50, "ab")),
        render(word(2500, "abc")),
        render(word(1500, "ab")),
        render("ab" * 1000 + "a"),
        render(word(1500, "abcdefghijklmnopqrstuvwxyz")),
    ]
