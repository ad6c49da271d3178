DIFFICULTY = 1500
TAGS = ["strings"]
PUBLIC = [
    "8\nabcabcab\n",
    "5\nabcde\n",
    "4\naaaa\n",
]


def render(s):
    return f"{len(s)}\n{s}\n"


def private(rng):
    def word(n, letters):
        return "".join(rng.choice(letters) for _ in range(n))

    stencil = word(37, "ab")
    return [
        render("x"),
        render("abab"),
        render("aabaa"),
        render((stencil * 60)[:1500]),
        render((word(7, "abc") * 300)[:2000]),
        render(word(1500, "ab")),
        render("a" * 1499 + "b"),
        render(("ab" * 400 + "c") * 2),
    ]
