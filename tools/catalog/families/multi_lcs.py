"""Longest common subsequence of k >= 3 strings: the input-axis mutation of two-string LCS.

The quadratic DP of the parent becomes exponential in k, so heuristics take over.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

_LOWER = "abcdefghijklmnopqrstuvwxyz"
NAME = "multi_lcs"
DISTRIBUTIONS = ("dna", "binary", "planted", "wide_alphabet")


class Config:
    def __init__(self, k_min: int = 3, k_max: int = 10, len_max: int = 1000) -> None:
        self.k_min = k_min
        self.k_max = k_max
        self.len_max = len_max
        if not 2 <= self.k_min <= self.k_max <= 100:
            raise ValueError("need 2 <= k_min <= k_max <= 100")
        if not 1 <= self.len_max <= 100_000:
            raise ValueError("len_max must be between 1 and 100000")


def _rand(rng: "random.Random", alpha: str, length: int) -> str:
    return "".join(rng.choice(alpha) for _ in range(length))


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    if dist == "dna":
        k = rng.randint(5, 8)
        strs = [_rand(rng, "acgt", rng.randint(600, cfg.len_max)) for _ in range(k)]
    elif dist == "binary":
        k = rng.randint(3, 5)
        strs = [_rand(rng, "ab", rng.randint(800, cfg.len_max)) for _ in range(k)]
    elif dist == "planted":
        # every string is a noisy super-sequence of one hidden string
        k = rng.randint(4, 10)
        alpha = _LOWER[: rng.randint(8, 20)]
        hidden = _rand(rng, alpha, rng.randint(250, 350))
        strs = []
        for _ in range(k):
            target = rng.randint(600, cfg.len_max)
            s = list(hidden)
            while len(s) < target:
                s.insert(rng.randrange(len(s) + 1), rng.choice(alpha))
            strs.append("".join(s))
    elif dist == "wide_alphabet":
        k = rng.randint(3, 4)
        strs = [_rand(rng, _LOWER, rng.randint(700, cfg.len_max)) for _ in range(k)]
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    k = max(cfg.k_min, min(cfg.k_max, k))
    while len(strs) < k:
        strs.append(strs[-1])
    return f"{k}\n" + "".join(s[: cfg.len_max] + "\n" for s in strs[:k])


def _parse(cfg: Config, text: str) -> list[str]:
    if not text.endswith("\n"):
        raise ValueError("the input must end with a newline")
    rows = text[:-1].split("\n")
    if not rows[0].isdigit():
        raise ValueError("the first line must hold k")
    k = int(rows[0])
    if not cfg.k_min <= k <= cfg.k_max:
        raise ValueError(f"k must be in [{cfg.k_min}, {cfg.k_max}], got {k}")
    if len(rows) != k + 1:
        raise ValueError(f"expected {k} string lines, got {len(rows) - 1}")
    for s in rows[1:]:
        if not 1 <= len(s) <= cfg.len_max:
            raise ValueError(f"every string must have length in [1, {cfg.len_max}]")
        if any(c not in _LOWER for c in s):
            raise ValueError("strings may hold only the lowercase letters a-z")
    return rows[1:]


def validate(cfg: Config, text: str) -> dict[str, int]:
    strings = _parse(cfg, text)
    return {"k": len(strings), "length": max(len(s) for s in strings)}


def _is_subsequence(t: str, s: str) -> bool:
    it = iter(s)
    return all(c in it for c in t)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    strs = _parse(cfg, input_text)
    if not output_text:
        return False, None, "no output (print an empty line for the empty subsequence)"
    toks = output_text.split()
    if len(toks) > 1:
        return False, None, "the answer must be a single line holding one string"
    t = toks[0] if toks else ""
    if any(c not in _LOWER for c in t):
        return False, None, "the answer may hold only the lowercase letters a-z"
    for i, s in enumerate(strs):
        if len(t) > len(s) or not _is_subsequence(t, s):
            return False, None, f"the answer is not a subsequence of string {i + 1}"
    return True, float(len(t) + 1), f"common subsequence of length {len(t)}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: one line holding a string of a-z (possibly empty) that is a
    subsequence of every given string."""
    strs = _parse(cfg, input_text)
    toks = output_text.split()
    if not output_text or len(toks) > 1 or not set("".join(toks)) <= set(_LOWER):
        return False, "the answer must be one line of lowercase letters"
    answer = toks[0] if toks else ""
    for s in strs:
        at = 0
        for c in answer:
            at = s.find(c, at) + 1
            if at == 0:
                return False, "the answer is not a subsequence of every string"
    return True, "a common subsequence"


# On two strings (the seed's C_I) lcs's checker, without its length line and its maximality, asks the same.
seed_feasible = feasible


def in_seed_domain(cfg: Config, input_text: str) -> bool:
    """Whether the input holds two strings, as the seed's inputs do."""
    return len(_parse(cfg, input_text)) == 2


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
3
abcbdab
bdcaba
badacb
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "blank_answer_is_legal": True,  # an empty line is the empty subsequence
    "title": "Longest common subsequence of many strings",
    "statement": """
You are given k strings. Find a string, as long as possible, that is a subsequence of every one of them
(obtainable from each by deleting characters without reordering the rest).

## Input

The first line holds `k` (3 <= k <= 10). Each of the next `k` lines holds a string of 1 to
1000 lowercase letters `a`-`z`.

## Output

One line holding your common subsequence (an empty line for the empty string).
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "1 + length of the common subsequence"},
    "input_spec": {
        "constraints": "k strings over a-z",
        "bounds": {"k": [3, 10], "length": [1, 1000]},
    },
    "output_spec": {"description": "one string over a-z that is a subsequence of all k strings"},
    "io_format": "k, then k lines of letters; answer: one line",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "lcs",
    "axis": "input",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy max-min remaining",
            "summary": "Repeatedly append the letter whose next occurrences leave the largest minimum "
            "remaining suffix length over all strings.",
            "file": "greedy.cpp",
        },
        {
            "strategy": "beam search",
            "summary": "Breadth-first over position vectors, keeping the best few hundred states by a "
            "probabilistic estimate of how much common subsequence the remaining suffixes still hold.",
            "file": "beam.cpp",
        },
        {
            "strategy": "progressive pairwise DP",
            "summary": "Fold the strings with exact two-string LCS (quadratic DP): LCS of the first two, "
            "then of that result with the next string, trying a few string orders.",
            "file": "progressive.cpp",
        },
    ],
    "baseline": {
        "strategy": "best single letter",
        "summary": "Output the letter c maximising min_i count_i(c), repeated that many times.",
        "file": "baseline.py",
    },
}
