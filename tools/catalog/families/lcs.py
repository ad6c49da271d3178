"""Closed seed: longest common subsequence of two strings; output its length and one such subsequence."""

from __future__ import annotations

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

_LOWER = "abcdefghijklmnopqrstuvwxyz"
NAME = "lcs"
DISTRIBUTIONS = ("binary", "letters", "similar")


class Config:
    def __init__(self, len_max: int = 3000) -> None:
        self.len_max = len_max
        if self.len_max < 1:
            raise ValueError("lcs config needs len_max >= 1")


def generate(cfg: Config, dist: str, rng: random.Random) -> str:
    n = rng.randint(max(1, cfg.len_max // 2), cfg.len_max)
    m = rng.randint(max(1, cfg.len_max // 2), cfg.len_max)
    if dist == "binary":
        a = "".join(rng.choice("ab") for _ in range(n))
        b = "".join(rng.choice("ab") for _ in range(m))
    elif dist == "letters":
        a = "".join(rng.choice(_LOWER) for _ in range(n))
        b = "".join(rng.choice(_LOWER) for _ in range(m))
    else:
        # b is a mutated copy of a: a long common subsequence with local edits to trip up greedy matching
        alphabet = _LOWER[:4]
        a = "".join(rng.choice(alphabet) for _ in range(n))
        chars = []
        for ch in a:
            r = rng.random()
            if r < 0.1:
                continue
            if r < 0.2:
                chars.append(rng.choice(alphabet))
            chars.append(ch)
        b = "".join(chars)[: cfg.len_max] or "a"
    return f"{len(a)} {len(b)}\n{a}\n{b}\n"


def _parse(cfg: Config, text: str) -> tuple[str, str]:
    if not text.endswith("\n"):
        raise ValueError("the input must end with a newline")
    rows = text[:-1].split("\n")
    if len(rows) != 3:
        raise ValueError(f"expected 3 lines (lengths, A, B), found {len(rows)}")
    head = rows[0].split()
    if len(head) != 2:
        raise ValueError("the first line must hold |A| and |B|")
    n = read_int(head[0], 1, cfg.len_max, "|A|")
    m = read_int(head[1], 1, cfg.len_max, "|B|")
    a, b = rows[1], rows[2]
    if not a or not b or a.strip(_LOWER) or b.strip(_LOWER):
        raise ValueError("A and B must be non-empty strings of lowercase letters a-z")
    if len(a) != n or len(b) != m:
        raise ValueError(f"the strings have lengths {len(a)} and {len(b)}, not {n} and {m}")
    return a, b


def _lcs_length(a: str, b: str) -> int:
    """Bit-parallel LCS (Allison-Dix / Hyyro): one big-integer step per character of b."""
    masks: dict[str, int] = {}
    for i, ch in enumerate(a):
        masks[ch] = masks.get(ch, 0) | (1 << i)
    full = (1 << len(a)) - 1
    v = full
    for ch in b:
        u = v & masks.get(ch, 0)
        v = ((v + u) | (v - u)) & full
    return len(a) - bin(v).count("1")


def _is_subsequence(s: str, t: str) -> bool:
    it = iter(t)
    return all(ch in it for ch in s)


def validate(cfg: Config, text: str) -> None:
    _parse(cfg, text)


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    a, b = _parse(cfg, input_text)
    toks = output_text.split()
    if not toks:
        return False, None, "empty output"
    try:
        k = read_int(toks[0], 0, min(len(a), len(b)), "the length")
    except ValueError as exc:
        return False, None, str(exc)
    if len(toks) != (2 if k > 0 else 1):
        return False, None, "expected the length, then the subsequence on its own line (nothing if length 0)"
    s = toks[1] if k > 0 else ""
    if len(s) != k:
        return False, None, f"the subsequence has length {len(s)}, not {k}"
    if not _is_subsequence(s, a) or not _is_subsequence(s, b):
        return False, None, "the string is not a subsequence of both A and B"
    best = _lcs_length(a, b)
    if k != best:
        return False, None, f"common subsequence of length {k}; the longest has length {best}"
    return True, 1.0, "longest common subsequence"


_REFERENCE = {
    "strategy": "quadratic DP with backtracking",
    "summary": "dp[i][j] = LCS of the suffixes A[i:], B[j:]; walk forward from (0, 0) taking matches that "
    "keep the optimum.",
    "file": "reference.cpp",
}

FAMILY = {
    "name": NAME,
    "kind": "closed",
    "title": "Longest common subsequence",
    "statement": """
# Longest common subsequence

Two versions A and B of a document are given as strings of lowercase letters. Find a longest string
that is a subsequence of both (obtained from each by deleting characters, keeping the order).

## Input
The first line holds `|A| |B|`; the second line holds A; the third line holds B.

## Output
The first line holds L, the length of a longest common subsequence. If L > 0 the second line holds one
such subsequence.

## Constraints
1 <= |A|, |B| <= 3000; both strings use only a-z.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "length of the common subsequence"},
    "input_spec": {
        "constraints": "1 <= |A|, |B| <= 3000, lowercase letters",
        "bounds": {"len": [1, 3000]},
    },
    "output_spec": {"description": "L and a common subsequence of A and B of maximum length L"},
    "io_format": "stdin: |A| |B|, A, B; stdout: L, then the subsequence",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": None,
    "axis": None,
    "tests_per_distribution": 2,
    "solvers": [_REFERENCE],
    "baseline": None,
    "reference": _REFERENCE,
}
