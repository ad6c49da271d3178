"""Step 4's prompts: the tests' author (``WRITE_TESTS``: generator and validator) and the verifier's author
(``WRITE_VERIFIER``: verifier, feasibility check, baseline), the program contracts they write to, and the
cross-validation feedback they read when a check fails."""

from __future__ import annotations

from . import examples
from .prompt import Prompt

PROGRAM_CONTRACT = """Program contracts (C++17 or Python 3, standard library only, no network, no files outside the work dir):
- solution: reads the input on stdin, writes the answer on stdout.
- generator: `prog gen DIST SEED` prints ONE test input for distribution DIST, deterministic in SEED;
  `prog gen example 0` prints the statement's example, a tiny legal input (a few lines).
- validator: `prog validate` reads an input on stdin; exit 0 if it satisfies every input constraint, printing
  its sizes as one JSON line named as the statement bounds them ({"n": 37, "m": 120}); else exit 1 with one
  sentence on stderr. The largest tests must reach at least half of each size bound.
- verifier: `prog verify INPUT_FILE OUTPUT_FILE` prints ONE JSON line
  {"feasible": true|false, "objective": <number: the objective of a legal output>, "message": "..."};
  it must reject every output that breaks a rule of the statement with feasible=false, and be deterministic.
- baseline: a simple, always-legal solution: the answer a sensible first attempt gives. On each test a score is
  (O - O_base) / (O_best - O_base), clamped to [0, 1], against the baseline's objective and the best one the
  sampled solutions reached."""


WRITE_TESTS = Prompt(
    "write_tests",
    "5",
    """Problem:

{problem}

Write the test generator and the input validator as ONE Python 3 module, standard library only, with:
- DISTRIBUTIONS: a list of three or more names of kinds of input (for example "random", "clustered",
  "worst"); each gets {per_distribution} tests;
- ADVERSARIAL: the names in DISTRIBUTIONS meant to trouble these solvers' ideas: {strategies};
- EXAMPLE: one tiny legal input (a few lines), shown in the statement as its example, as a list of its lines;
- generate(dist, rng): returns ONE legal input of kind `dist` as a list of its lines, where a line is one value
  or a list of values (FrontierSmith prints a line's values separated by spaces, and a list of pairs as one
  line each); all randomness from `rng` (a random.Random);
- validate(text): raises ValueError when `text` breaks any input constraint; otherwise returns the input's
  sizes as a dict: {sizes}.
Scale: {scale} Each input must stay under {max_test} and let a simple solution finish well within {time_ms} ms.
Every test must tell solutions apart: an input on which every sensible output scores the same (no legal output
but a trivial one, or one the simplest rule already makes best) carries no signal and is sent back.
FrontierSmith calls these functions: do not read stdin or print.{feedback}

Answer with the module in one ```python block.""",
    None,
    {
        "problem": examples.NUMBERS,
        "strategies": "sort, then interleave the halves; random restarts",
        "per_distribution": 2,
        "sizes": '{"n": n}',
        "scale": "the largest tests must reach at least half of each size bound (n <= 1000).",
        "max_test": "16 MiB",
        "time_ms": 2000,
        "feedback": "",
    },
    {
        "": """```python
DISTRIBUTIONS = ["random", "clustered", "equal"]
ADVERSARIAL = ["clustered", "equal"]
EXAMPLE = [4, [7, 1, 9, 4]]


def generate(dist, rng):
    n = rng.randint(500, 1000)
    if dist == "equal":
        a = [rng.randint(1, 10**9)] * n
    elif dist == "clustered":
        centres = [rng.randint(1, 10**9) for _ in range(3)]
        a = [min(10**9, max(1, rng.choice(centres) + rng.randint(-50, 50))) for _ in range(n)]
    else:
        a = [rng.randint(1, 10**9) for _ in range(n)]
    return [n, a]


def validate(text):
    tokens = text.split()
    n = int(tokens[0])
    if not 1 <= n <= 1000 or len(tokens) != n + 1:
        raise ValueError("n is out of range, or the count of numbers is not n")
    if not all(1 <= int(t) <= 10**9 for t in tokens[1:]):
        raise ValueError("some a_i is out of range")
    return {"n": n}
```"""
    },
)

WRITE_VERIFIER = Prompt(
    "write_verifier",
    "6",
    """Problem:

{problem}

Score: {sense}imise {objective}.

Write ONE Python 3 module, standard library only, with three functions:
- verify(input_text, output_text): returns (feasible, objective, message). feasible is False for a malformed
  output or one that breaks ANY rule of the Output section, the rules the problem added included (caps,
  counts, every item used once, maximality); objective is the number to {sense}imise, {objective_rule}.
- feasible(input_text, output_text): returns (ok, message), deciding only whether the output is legal. Write
  it on its own: do not call verify, and verify must not call it.
- baseline(input_text): returns the output a simple but sensible first attempt gives, always legal, as a
  string or as a list of its lines (a line one value or a list of values, printed separated by spaces); its
  docstring says what it does in one sentence. Each test's scores run from its objective (0) to the best
  objective the sampled solutions reach (1), so a baseline far worse than any real attempt squeezes every
  solution near 1.
Each runs on inputs as large as the Input section allows, within a few seconds of CPU time (their limit is the
verifier's): near-linear work, no search. FrontierSmith calls these functions: do not read stdin, files or
print.{feedback}

Answer with the module in one ```python block.""",
    None,
    {
        "problem": examples.KNAPSACK,
        "sense": "max",
        "objective": "the total value of the chosen items",
        "objective_rule": "any number (0 and negative values are fine)",
        "feedback": "",
    },
    {
        "": """```python
def read_input(input_text):
    t = input_text.split()
    n, cap = int(t[0]), int(t[1])
    return n, cap, [(int(t[2 + 2 * i]), int(t[3 + 2 * i])) for i in range(n)]


def verify(input_text, output_text):
    n, cap, items = read_input(input_text)
    try:
        chosen = [int(x) for x in output_text.split()]
    except ValueError:
        return False, None, "the output is not a list of integers"
    if len(set(chosen)) != len(chosen) or not all(1 <= i <= n for i in chosen):
        return False, None, "an index is repeated or out of range"
    if sum(items[i - 1][0] for i in chosen) > cap:
        return False, None, "the items weigh more than C"
    return True, sum(items[i - 1][1] for i in chosen), "ok"


def feasible(input_text, output_text):
    n, cap, items = read_input(input_text)
    tokens = output_text.split()
    if not all(x.isdigit() for x in tokens):
        return False, "not indices"
    idx = [int(x) for x in tokens]
    if len(idx) != len(set(idx)) or any(i < 1 or i > n for i in idx):
        return False, "bad index"
    return sum(items[i - 1][0] for i in idx) <= cap, "weight checked"


def baseline(input_text):
    \"\"\"Take the items in input order while they fit.\"\"\"
    n, cap, items = read_input(input_text)
    chosen, used = [], 0
    for i, (w, v) in enumerate(items, 1):
        if used + w <= cap:
            chosen.append(i)
            used += w
    return [chosen]
```"""
    },
)

# What a verifier's objective may be, by normalisation: the paper's needs it positive, range any number.
OBJECTIVE_RULE = {
    "range": "any number (0 and negative values are fine)",
    "paper": "greater than 0 for a legal output (scores divide by it)",
}


def feedback_block(feedback: list[str]) -> str:
    """The paragraph listing the failed checks an author must fix; "" without any."""
    if not feedback:
        return ""
    lines = "\n".join(f"- {f}" for f in feedback)
    return f"\nYour previous attempt failed these cross-validation checks; fix them:\n{lines}"


REPAIR_OPENING = "Your answer above failed these cross-validation checks:"


def repair_block(feedback: list[str]) -> str:
    """What a model reads after its own last program, when that program failed checks: fix it, whole."""
    lines = "\n".join(f"- {f}" for f in feedback)
    return (
        f"{REPAIR_OPENING}\n{lines}\n\nFix your code so these checks "
        "pass; keep what works. Answer with the whole corrected code, in the same format as before."
    )
