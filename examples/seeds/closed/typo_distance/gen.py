DIFFICULTY = 1500
TAGS = ["dp", "strings"]
PUBLIC = [
    "kitten\nsitting\n",
    "abc\nabc\n",
]


def private(rng):
    def word(n, letters):
        return "".join(rng.choice(letters) for _ in range(n))

    base = word(400, "abcdefgh")
    noisy = list(base)
    for _ in range(40):
        i = rng.randrange(len(noisy))
        noisy[i] = rng.choice("xyz")
    return [
        "a\nb\n",
        "a\naaaa\n",
        "abcdef\nfedcba\n",
        "ab\nba\n",
        f"{word(30, 'ab')}\n{word(25, 'ab')}\n",
        f"{base}\n{''.join(noisy)}\n",
        f"{word(500, 'abcd')}\n{word(450, 'abcd')}\n",
        f"{'a' * 300}\n{'b' * 200}\n",
    ]
