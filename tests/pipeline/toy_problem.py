"""Programs a scripted model "writes" for a toy open problem: pick numbers with sum <= C, maximise the sum.

Good and deliberately bad versions of each artefact, to drive the cross-validation protocol."""

GENERATOR = r"""
import random, sys
def main():
    if sys.argv[1] == "validate":
        data = sys.stdin.read().split()
        n, c = int(data[0]), int(data[1])
        items = [int(x) for x in data[2:]]
        if len(items) != n or not (1 <= n <= 60):
            sys.exit("wrong number of items")
        if any(not (1 <= x <= c) for x in items):
            print("an item exceeds the capacity", file=sys.stderr); sys.exit(1)
        print('{"n": %d}' % n)  # its size, which the tests' scale is checked by
        return
    if sys.argv[2] == "example":  # the statement's example
        print(3, 10); print(4, 5, 6)
        return
    dist, seed = sys.argv[2], int(sys.argv[3])
    rng = random.Random(f"{dist}:{seed}")
    n = rng.randint(20, 40)
    c = rng.randint(500, 1000)
    hi = {"small": c // 10, "large": c // 2, "mixed": c}[dist]
    items = [rng.randint(1, max(1, hi)) for _ in range(n)]
    print(n, c); print(*items)
main()
"""

# Emits an item bigger than the capacity: the validator rejects it.
BAD_GENERATOR = GENERATOR.replace("print(n, c); print(*items)", "print(n, c); print(*(items[:-1] + [c + 5]))")

VERIFIER = r"""
import json, sys
def main():
    data = open(sys.argv[2]).read().split()
    n, c = int(data[0]), int(data[1]); items = [int(x) for x in data[2:2 + n]]
    try:
        out = open(sys.argv[3]).read().split()
        k = int(out[0]); idx = [int(x) for x in out[1:]]
        assert len(idx) == k and len(set(idx)) == k and all(0 <= i < n for i in idx)
        total = sum(items[i] for i in idx)
        assert 1 <= total <= c
    except (ValueError, IndexError, AssertionError):
        print(json.dumps({"feasible": False, "objective": None, "message": "malformed or infeasible"})); return
    print(json.dumps({"feasible": True, "objective": total, "message": ""}))
main()
"""

# The verifier's author's second opinion: feasibility only, written apart from the verifier (a function, which
# the program below and the model's module share).
FEASIBLE = r"""
def feasible(inp, out):
    n, c, *rest = [int(x) for x in inp.split()]
    items = rest[:n]
    toks = out.split()
    if not toks:
        return False, "nothing printed"
    try:
        k, *picked = [int(x) for x in toks]
    except ValueError:
        return False, "not integers"
    if k != len(picked) or not picked:
        return False, "k must count the indices that follow, at least one"
    if len(set(picked)) < len(picked) or min(picked) < 0 or max(picked) >= n:
        return False, "an index repeats or is not an item"
    if sum(items[i] for i in picked) > c:
        return False, "over the capacity"
    return True, "within the capacity"
"""

FEASIBILITY = (
    "import json, sys\n"
    + FEASIBLE
    + """ok, why = feasible(open(sys.argv[2]).read(), open(sys.argv[3]).read())
print(json.dumps({"feasible": ok, "message": why}))
"""
)

ACCEPT_ALL_VERIFIER = r"""
import json
print(json.dumps({"feasible": True, "objective": 1, "message": "looks fine"}))
"""

CRASHING_VERIFIER = r"""
import sys
raise RuntimeError("verifier bug: " + sys.argv[1])
"""

BASELINE = r"""
n, c = map(int, input().split()); items = list(map(int, input().split()))
print(1, 0)
"""

GREEDY_LARGE = r"""
n, c = map(int, input().split()); items = list(map(int, input().split()))
chosen, total = [], 0
for i in sorted(range(n), key=lambda i: -items[i]):
    if total + items[i] <= c:
        chosen.append(i); total += items[i]
print(len(chosen), *chosen)
"""

GREEDY_SMALL = GREEDY_LARGE.replace("-items[i]", "items[i]")

DP = r"""
n, c = map(int, input().split()); items = list(map(int, input().split()))
reach = {0: []}
for i, w in enumerate(items):
    for s, picked in list(reach.items()):
        if s + w <= c and s + w not in reach:
            reach[s + w] = picked + [i]
best = max(reach)
print(len(reach[best]), *reach[best])
"""

NOT_COMPILING = "int main() { this is not C++ }"

# Exact on small instances, a single item on large ones: it trades wins with GREEDY_LARGE across the tests.
DP_SMALL_ONLY = r"""
n, c = map(int, input().split()); items = list(map(int, input().split()))
if n > 30:
    best = max(range(n), key=lambda i: items[i])
    print(1, best)
else:
    reach = {0: []}
    for i, w in enumerate(items):
        for s, picked in list(reach.items()):
            if s + w <= c and s + w not in reach:
                reach[s + w] = picked + [i]
    top = max(reach)
    print(len(reach[top]), *reach[top])
"""


# The same artefacts as a model writes them now (tools/llm/prompts/crossval.py): Python modules of plain functions
# that FrontierSmith runs under the catalog harness.
TESTS_MODULE = r"""
DISTRIBUTIONS = ["small", "large", "mixed"]
EXAMPLE = [[3, 10], [4, 5, 6]]


def generate(dist, rng):
    n = rng.randint(20, 40)
    c = rng.randint(500, 1000)
    hi = {"small": c // 10, "large": c // 2, "mixed": c}[dist]
    items = [rng.randint(1, max(1, hi)) for _ in range(n)]
    return f"{n} {c}\n{' '.join(map(str, items))}\n"


def validate(text):
    data = text.split()
    n, c = int(data[0]), int(data[1])
    items = [int(x) for x in data[2:]]
    if len(items) != n or not (1 <= n <= 60):
        raise ValueError("wrong number of items")
    if any(not (1 <= x <= c) for x in items):
        raise ValueError("an item exceeds the capacity")
    return {"n": n}
"""

# Emits an item bigger than the capacity: the validator rejects it.
BAD_TESTS_MODULE = TESTS_MODULE.replace(
    "' '.join(map(str, items))", "' '.join(map(str, items[:-1] + [c + 5]))"
)

VERIFIER_MODULE = (
    r"""
def read(input_text):
    n, c, *rest = [int(x) for x in input_text.split()]
    return n, c, rest[:n]


def verify(input_text, output_text):
    n, c, items = read(input_text)
    try:
        out = output_text.split()
        k, idx = int(out[0]), [int(x) for x in out[1:]]
        assert len(idx) == k and len(set(idx)) == k and all(0 <= i < n for i in idx)
        total = sum(items[i] for i in idx)
        assert 1 <= total <= c
    except (ValueError, IndexError, AssertionError):
        return False, None, "malformed or infeasible"
    return True, total, ""


"""
    + FEASIBLE
    + r"""

def baseline(input_text):
    '''Take the first number alone.'''
    return "1 0\n"
"""
)

ACCEPT_ALL_MODULE = VERIFIER_MODULE.replace(
    "def verify(input_text, output_text):\n",
    'def verify(input_text, output_text):\n    return True, 1, "looks fine"\n',
)

CRASHING_MODULE = VERIFIER_MODULE.replace(
    "def verify(input_text, output_text):\n",
    'def verify(input_text, output_text):\n    raise RuntimeError("verifier bug")\n',
)
