DIFFICULTY = 1000
TAGS = ["greedy", "strings"]
PUBLIC = [
    "6\n())(()\n",
    "4\n(())\n",
    "3\n)))\n",
]


def render(s):
    return f"{len(s)}\n{s}\n"


def private(rng):
    return [
        render("("),
        render(")("),
        render("()" * 50),
        render(")" * 30 + "(" * 40),
        render("".join(rng.choice("()") for _ in range(40))),
        render("".join(rng.choice("(()") for _ in range(3000))),
        render("".join(rng.choice("())") for _ in range(2000))),
        render("(" * 1000 + ")" * 999 + "))"),
    ]
