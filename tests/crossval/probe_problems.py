"""Two closed problems and their open mutations, written for the verifier probes' tests as a model
writes them now (tools/llm/prompts/crossval.py: modules of plain functions the catalog harness runs), each with an honest
verifier and a lax one that misses what the mutation added (issue 46's two published defects):

- maximum bipartite matching → a maximal matching with as few edges as possible; the lax verifier and its
  author's equally lax feasibility checker never check maximality, so one edge (or none) is "feasible";
- minimum path cover of a DAG → the same cover with every path at most L vertices long; the lax verifier
  forgets the cap L, which the seed's own optimal (uncapped) cover breaks.
"""

from __future__ import annotations

# -- maximum bipartite matching → minimum maximal matching -------------------------------------------------

MATCHING_STATEMENT = """Left vertices 1..a, right vertices 1..b and m edges between them. Input: `a b m`, then m
lines `u v` (left u, right v). Output: k, then k lines `u v`: a matching (no vertex twice) of the input's
edges with as many edges as possible."""

# Kuhn's augmenting path from u over ``adj``, ``match[v]`` being v's partner (0: free): both seeds' references.
_AUGMENT = r"""
def augment(u, seen):
    for v in adj[u]:
        if v not in seen:
            seen.add(v)
            if match[v] == 0 or augment(match[v], seen):
                match[v] = u
                return True
    return False
"""

# Kuhn's augmenting paths: a maximum matching, in the edges' order.
MATCHING_REFERENCE = (
    r"""
import sys
sys.setrecursionlimit(10000)
data = sys.stdin.read().split()
a, b, m = int(data[0]), int(data[1]), int(data[2])
adj = [[] for _ in range(a + 1)]
for i in range(m):
    adj[int(data[3 + 2 * i])].append(int(data[4 + 2 * i]))
match = [0] * (b + 1)
"""
    + _AUGMENT
    + r"""for u in range(1, a + 1):
    augment(u, set())
pairs = sorted((match[v], v) for v in range(1, b + 1) if match[v])
print(len(pairs))
for u, v in pairs:
    print(u, v)
"""
)

MIN_MAXIMAL_STATEMENT = """# Smallest maximal matching

Left vertices 1..a, right vertices 1..b and m edges between them: choose a maximal matching (no vertex twice,
and every edge of the input touches a matched vertex) with as few edges as possible.

## Input

`a b m` (1 <= a, b <= 30), then m lines `u v` (left u, right v).

## Output

k, then k lines `u v`: the matching's edges."""

MATCHING_TESTS = r"""
DISTRIBUTIONS = ["sparse", "dense", "hubs"]
EXAMPLE = ["2 2 3", "1 1", "1 2", "2 1"]


def generate(dist, rng):
    a, b = rng.randint(15, 30), rng.randint(15, 30)
    edges = set()
    if dist == "sparse":
        for u in range(1, a + 1):
            for v in rng.sample(range(1, b + 1), rng.randint(1, 3)):
                edges.add((u, v))
    elif dist == "dense":
        edges = {(u, v) for u in range(1, a + 1) for v in range(1, b + 1) if rng.random() < 0.3}
    else:
        hubs = rng.sample(range(1, b + 1), 3)
        edges = {(u, h) for u in range(1, a + 1) for h in hubs}
        edges |= {(u, rng.randint(1, b)) for u in range(1, a + 1)}
    edges = sorted(edges)
    rng.shuffle(edges)
    return [f"{a} {b} {len(edges)}"] + [f"{u} {v}" for u, v in edges]


def validate(text):
    data = [int(x) for x in text.split()]
    a, b, m = data[:3]
    if not (1 <= a <= 60 and 1 <= b <= 60 and 1 <= m <= a * b and len(data) == 3 + 2 * m):
        raise ValueError("a, b in [1, 60] and m edges, each u v")
    edges = list(zip(data[3::2], data[4::2]))
    if len(set(edges)) != m or not all(1 <= u <= a and 1 <= v <= b for u, v in edges):
        raise ValueError("an edge repeats or leaves the graph")
    return {"a": a, "b": b}
"""

# Both problems' verifier and feasibility checker read their verdict from one ``check`` (the lax verifiers
# below are lax in ``check`` itself, or in a ``verify`` defined after it).
_FROM_CHECK = r"""

def verify(input_text, output_text):
    ok, message = check(input_text, output_text)
    return ok, int(output_text.split()[0]) if ok else None, message


def feasible(input_text, output_text):
    return check(input_text, output_text)
"""

_MATCHING_CHECKS = (
    r"""
def read(input_text):
    data = [int(x) for x in input_text.split()]
    a, b, m = data[:3]
    return a, b, list(zip(data[3 : 3 + 2 * m : 2], data[4 : 4 + 2 * m : 2]))


def check(input_text, output_text):
    a, b, edges = read(input_text)
    try:
        toks = [int(x) for x in output_text.split()]
    except ValueError:
        return False, "not integers"
    if not toks or len(toks) != 1 + 2 * toks[0]:
        return False, "expected k and then k pairs u v"
    pairs = list(zip(toks[1::2], toks[2::2]))
    known = set(edges)
    if any(p not in known for p in pairs):
        return False, "a pair is not an edge of the input"
    left, right = [u for u, _ in pairs], [v for _, v in pairs]
    if len(set(left)) < len(left) or len(set(right)) < len(right):
        return False, "a vertex is matched twice"
    MAXIMALITY
    return True, f"a maximal matching of {len(pairs)} edges"

"""
    + _FROM_CHECK
    + r"""

def baseline(input_text):
    _, _, edges = read(input_text)
    left, right, chosen = set(), set(), []
    for u, v in edges:
        if u not in left and v not in right:
            left.add(u)
            right.add(v)
            chosen.append(f"{u} {v}")
    return [len(chosen)] + chosen
"""
)

_MAXIMALITY = """matched = set(left), set(right)
    free = [(u, v) for u, v in edges if u not in matched[0] and v not in matched[1]]
    if free:
        return False, f"edge {free[0][0]} {free[0][1]} touches no matched vertex: the matching is not maximal"
"""
MATCHING_VERIFIER = _MATCHING_CHECKS.replace("MAXIMALITY\n", _MAXIMALITY)
# Checks a matching of the input's edges, never that it is maximal; its feasibility checker is the same.
MATCHING_VERIFIER_NO_MAXIMALITY = _MATCHING_CHECKS.replace("    MAXIMALITY\n", "")

_READ_GRAPH = """
import sys
data = sys.stdin.read().split()
a, b, m = int(data[0]), int(data[1]), int(data[2])
edges = [(int(data[3 + 2 * i]), int(data[4 + 2 * i])) for i in range(m)]
"""
# Repeatedly the free edge that touches the most edges with both ends still free (an edge dominating set).
MATCHING_DOMINATE = (
    _READ_GRAPH
    + r"""
left, right, chosen = set(), set(), []
while True:
    free = [(u, v) for u, v in edges if u not in left and v not in right]
    if not free:
        break
    def covers(e):
        return sum(1 for u, v in free if u == e[0] or v == e[1])
    u, v = max(free, key=covers)
    left.add(u); right.add(v); chosen.append((u, v))
print(len(chosen))
for u, v in chosen:
    print(u, v)
"""
)
# The smallest of thirty greedy maximal matchings over shuffled edges.
MATCHING_RESTARTS = (
    _READ_GRAPH
    + r"""
import random
rng = random.Random(7)
best = None
for _ in range(30):
    order = list(edges); rng.shuffle(order)
    left, right, chosen = set(), set(), []
    for u, v in order:
        if u not in left and v not in right:
            left.add(u); right.add(v); chosen.append((u, v))
    if best is None or len(chosen) < len(best):
        best = chosen
print(len(best))
for u, v in best:
    print(u, v)
"""
)
# Edges between low-degree vertices first: a maximal matching, but one that leaves the hubs for last.
MATCHING_LOW_DEGREE = (
    _READ_GRAPH
    + r"""
from collections import Counter
dl = Counter(u for u, _ in edges); dr = Counter(v for _, v in edges)
left, right, chosen = set(), set(), []
for u, v in sorted(edges, key=lambda e: dl[e[0]] + dr[e[1]]):
    if u not in left and v not in right:
        left.add(u); right.add(v); chosen.append((u, v))
print(len(chosen))
for u, v in chosen:
    print(u, v)
"""
)

# -- minimum path cover of a DAG → path cover with every path at most L vertices ---------------------------

PATH_COVER_STATEMENT = """A DAG on vertices 1..n with m edges u → v (u < v). Input: `n m`, then m lines `u v`. Output: k,
then k lines, each a path `v1 v2 ... vc` along the edges; every vertex on exactly one path; as few paths as
possible."""

# Minimum path cover: n minus a maximum matching of each vertex to a successor, read back as paths.
PATH_COVER_REFERENCE = (
    r"""
import sys
sys.setrecursionlimit(10000)
data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    adj[int(data[2 + 2 * i])].append(int(data[3 + 2 * i]))
match = [0] * (n + 1)
"""
    + _AUGMENT
    + r"""for u in range(1, n + 1):
    augment(u, set())
nxt = [0] * (n + 1)
for v in range(1, n + 1):
    if match[v]:
        nxt[match[v]] = v
paths = []
for v in range(1, n + 1):
    if not match[v]:
        path = [v]
        while nxt[path[-1]]:
            path.append(nxt[path[-1]])
        paths.append(path)
print(len(paths))
for path in paths:
    print(*path)
"""
)

CAPPED_COVER_STATEMENT = """# Path cover with paths of at most L vertices

A DAG on vertices 1..n with m edges u → v (u < v), and a cap L: cover every vertex by vertex-disjoint paths along
the edges, each of at most L vertices, with as few paths as possible.

## Input

`n m` (1 <= n <= 50), then m lines `u v`, then a line `L` (2 <= L <= n).

## Output

k, then k lines, each a path `v1 v2 ... vc` along the edges with at most L vertices; every vertex on exactly
one path."""

PATH_COVER_TESTS = r"""
DISTRIBUTIONS = ["chains", "random", "braids"]
EXAMPLE = ["4 3", "1 2", "2 3", "3 4", "2"]


def generate(dist, rng):
    n, cap = rng.randint(30, 50), rng.randint(3, 6)
    edges = set()
    if dist == "chains":
        edges = {(i, i + 1) for i in range(1, n) if rng.random() < 0.85}
        edges |= {tuple(sorted(rng.sample(range(1, n + 1), 2))) for _ in range(n // 3)}
    elif dist == "random":
        edges = {(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1) if rng.random() < 0.08}
    else:
        strand = {v: rng.randrange(3) for v in range(1, n + 1)}
        last = {}
        for v in range(1, n + 1):
            if strand[v] in last:
                edges.add((last[strand[v]], v))
            last[strand[v]] = v
        edges |= {tuple(sorted(rng.sample(range(1, n + 1), 2))) for _ in range(n // 4)}
    edges = sorted(edges)
    return [f"{n} {len(edges)}"] + [f"{u} {v}" for u, v in edges] + [cap]


def validate(text):
    data = [int(x) for x in text.split()]
    n, m = data[:2]
    if not (1 <= n <= 100 and 0 <= m <= 2000 and len(data) == 3 + 2 * m):
        raise ValueError("n in [1, 100], m edges u v, then L")
    if not all(1 <= u < v <= n for u, v in zip(data[2:-1:2], data[3:-1:2])):
        raise ValueError("an edge must go from a smaller vertex to a larger one")
    if not 2 <= data[-1] <= n:
        raise ValueError("L in [2, n]")
    return {"n": n}
"""

_COVER_CHECKS = (
    r"""
def read(input_text):
    data = [int(x) for x in input_text.split()]
    n, m = data[:2]
    return n, set(zip(data[2 : 2 + 2 * m : 2], data[3 : 3 + 2 * m : 2])), data[2 + 2 * m]


def check(input_text, output_text):
    n, edges, cap = read(input_text)
    lines = [line.split() for line in output_text.strip().splitlines()]
    try:
        k = int(lines[0][0])
        paths = [[int(x) for x in line] for line in lines[1:]]
    except (ValueError, IndexError):
        return False, "expected k and then k lines of vertices"
    if len(lines[0]) != 1 or k != len(paths) or not all(paths):
        return False, "k must count the paths that follow, each on its own line"
    seen = [v for path in paths for v in path]
    if sorted(seen) != list(range(1, n + 1)):
        return False, "every vertex must lie on exactly one path"
    for path in paths:
        if any((u, v) not in edges for u, v in zip(path, path[1:])):
            return False, "consecutive vertices of a path must be joined by an edge"
        CAP
    return True, f"{k} paths"

"""
    + _FROM_CHECK
    + r"""

def baseline(input_text):
    n, _, _ = read(input_text)
    return [n] + list(range(1, n + 1))
"""
)

_CAP = """if len(path) > cap:
            return False, f"a path has {len(path)} vertices > L = {cap}"
"""
PATH_COVER_VERIFIER = _COVER_CHECKS.replace("CAP\n", _CAP)
# Its verify reads every input with L = n, so it forgets the cap; its feasibility checker keeps it.
PATH_COVER_VERIFIER_NO_CAP = (
    PATH_COVER_VERIFIER
    + r"""

def verify(input_text, output_text):
    data = input_text.split()
    ok, message = check(" ".join(data[:-1] + [data[0]]), output_text)
    return ok, int(output_text.split()[0]) if ok else None, message
"""
)

_READ_DAG = """
import sys
data = [int(x) for x in sys.stdin.read().split()]
n, m, cap = data[0], data[1], data[-1]
succ = [[] for _ in range(n + 1)]
for i in range(m):
    succ[data[2 + 2 * i]].append(data[3 + 2 * i])
"""
_PRINT_PATHS = """
print(len(paths))
for path in paths:
    print(*path)
"""
# The seed's minimum path cover, each path cut into pieces of at most L vertices.
COVER_SPLIT = PATH_COVER_REFERENCE.replace(
    "n, m = int(data[0]), int(data[1])", "n, m, cap = int(data[0]), int(data[1]), int(data[-1])"
).replace(
    "print(len(paths))\nfor path in paths:\n    print(*path)\n",
    "paths = [p[i : i + cap] for p in paths for i in range(0, len(p), cap)]\n" + _PRINT_PATHS,
)
# In vertex order, each path started at the first free vertex and extended by its smallest free successor.
COVER_GREEDY = (
    _READ_DAG
    + r"""
used, paths = set(), []
for v in range(1, n + 1):
    if v in used:
        continue
    path = [v]; used.add(v)
    while len(path) < cap:
        free = [w for w in succ[path[-1]] if w not in used]
        if not free:
            break
        path.append(min(free)); used.add(path[-1])
    paths.append(path)
"""
    + _PRINT_PATHS
)
# Pairs only: each vertex joined to one free successor, no path longer than two.
COVER_PAIRS = (
    _READ_DAG
    + r"""
used, paths = set(), []
for v in range(1, n + 1):
    if v in used:
        continue
    used.add(v)
    free = [w for w in succ[v] if w not in used]
    if free and cap >= 2:
        used.add(free[0]); paths.append([v, free[0]])
    else:
        paths.append([v])
"""
    + _PRINT_PATHS
)
