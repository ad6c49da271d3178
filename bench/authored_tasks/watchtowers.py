"""Watchtowers on a Tree (closed: the fewest towers guarding every village of a tree, a greedy from the leaves is
optimal) → Watchtowers on any network (input axis: the roads may form cycles, which makes it minimum dominating
set, NP-hard). Everything here is what an agent passes to the MCP tools, written for this bench."""

from __future__ import annotations

TITLE = "Watchtowers on any network"
AXIS = "input"

_SEED_REFERENCE = """import sys
from collections import deque

data = sys.stdin.buffer.read().split()
n = int(data[0])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    u, v = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    adj[u].append(v)
    adj[v].append(u)
parent = [0] * (n + 1)
order, seen = [], [False] * (n + 1)
queue = deque([1])
seen[1] = True
while queue:
    u = queue.popleft()
    order.append(u)
    for v in adj[u]:
        if not seen[v]:
            seen[v] = True
            parent[v] = u
            queue.append(v)
guarded, towers = [False] * (n + 1), 0
for v in reversed(order):
    if not guarded[v]:
        t = parent[v] or v  # the parent guards v and more; the root guards itself
        towers += 1
        guarded[t] = True
        for x in adj[t]:
            guarded[x] = True
print(towers)
"""

SEED = {
    "title": "Watchtowers on a Tree",
    "statement": """# Watchtowers on a Tree

The n villages of a valley are joined by n - 1 roads so that every village can reach every other: the roads form a
tree. A watchtower built in a village guards that village and every village one road away. How few towers guard
every village?

## Input

The first line holds n (1 <= n <= 200000). Each of the next n - 1 lines holds two villages u and v
(1 <= u, v <= n) joined by a road. The roads form a tree.

## Output

Print one integer: the fewest watchtowers that guard every village.

## Example

Input

    5
    1 2
    2 3
    3 4
    4 5

Output

    2
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "the number of watchtowers"},
    "input_spec": {"constraints": "1 <= n <= 200000, the roads form a tree", "bounds": {"n": [1, 200000]}},
    "output_spec": {"description": "one integer, the fewest towers"},
    "tests": [
        {"input": "5\n1 2\n2 3\n3 4\n4 5\n", "answer": "2\n"},
        {"input": "1\n", "answer": "1\n"},
        {"input": "2\n1 2\n", "answer": "1\n"},
        {"input": "7\n1 2\n1 3\n1 4\n4 5\n4 6\n4 7\n", "answer": "2\n"},
        {"input": "6\n1 2\n2 3\n3 4\n4 5\n5 6\n", "answer": "2\n"},
        {"input": "8\n1 2\n2 3\n2 4\n1 5\n5 6\n5 7\n7 8\n", "answer": "3\n"},
    ],
    "references": [{"language": "python", "code": _SEED_REFERENCE}],
    "source": "written for FrontierSmith's bench (bench/authored_tasks)",
    "license": "same as FrontierSmith",
}

MUTATION = {
    "title": TITLE,
    "statement": """# Watchtowers on any network

The valley's road network has grown: new roads now close loops between villages, so the roads no longer form a
tree. There are n villages and m two-way roads, and every village can still reach every other. A watchtower
built in a village guards that village and every village one road away. Choose villages for watchtowers so
that every village is guarded, with as few towers as you can.

On a tree a greedy pass from the leaves finds the fewest towers; once the roads close loops the problem is
minimum dominating set, and no known algorithm solves it exactly for networks of this size.

## Input

The first line holds n and m (2 <= n <= 1000, n - 1 <= m <= 5000). Each of the next m lines holds two villages u
and v (1 <= u, v <= n, u != v) joined by a road. No two roads join the same pair of villages, and every village
can reach every other.

## Output

The first line holds k, the number of towers (1 <= k <= n). The second line holds k distinct villages, the
ones that get a tower. Every village must hold a tower or be one road away from a village that does.

## Objective

Minimise k, the number of towers.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "k, the number of towers"},
    "input_spec": {
        "constraints": "2 <= n <= 1000, n - 1 <= m <= 5000, no parallel roads, connected",
        "bounds": {"n": [2, 1000], "m": [1, 5000]},
    },
    "output_spec": {
        "description": "k, then k distinct villages; every village holds a tower or neighbours one"
    },
    "io_format": "n m, then m lines u v; output k, then the k tower villages",
    "rationale": "minimum dominating set on general graphs is NP-hard; the tree greedy no longer applies",
}

# The roads as adjacency sets, and the pruning every solution below ends with.
_READ = """import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [set() for _ in range(n + 1)]
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[u].add(v)
    adj[v].add(u)


def prune(towers):
    # drop towers whose villages stay guarded without them, most redundant first
    guards = [0] * (n + 1)
    for t in towers:
        for x in adj[t] | {t}:
            guards[x] += 1
    kept = set(towers)
    for t in sorted(towers, key=lambda t: -min(guards[x] for x in adj[t] | {t})):
        if all(guards[x] >= 2 for x in adj[t] | {t}):
            kept.discard(t)
            for x in adj[t] | {t}:
                guards[x] -= 1
    return sorted(kept)
"""
_PRINT = """
print(len(towers))
print(" ".join(map(str, towers)))
"""

SOLUTIONS = [
    {
        "strategy": "greedy cover: repeatedly build the tower that guards the most unguarded villages (a lazy "
        "heap), then drop redundant towers",
        "language": "python",
        "code": _READ
        + """import heapq

unguarded = set(range(1, n + 1))
gain = [len(adj[v]) + 1 for v in range(n + 1)]
heap = [(-gain[v], v) for v in range(1, n + 1)]
heapq.heapify(heap)
towers = []
while unguarded:
    g, v = heapq.heappop(heap)
    real = len((adj[v] | {v}) & unguarded)
    if real != -g:
        heapq.heappush(heap, (-real, v))
        continue
    towers.append(v)
    unguarded -= adj[v] | {v}
towers = prune(towers)
"""
        + _PRINT,
    },
    {
        "strategy": "solve a spanning tree exactly: take a breadth-first spanning tree, place towers by the tree "
        "greedy from the leaves (optimal on the tree, so legal on the network), then drop redundant towers",
        "language": "python",
        "code": _READ
        + """from collections import deque

parent = [0] * (n + 1)
order, seen = [], [False] * (n + 1)
queue = deque([1])
seen[1] = True
while queue:
    u = queue.popleft()
    order.append(u)
    for v in sorted(adj[u]):
        if not seen[v]:
            seen[v] = True
            parent[v] = u
            queue.append(v)
children = [[] for _ in range(n + 1)]
for v in order[1:]:
    children[parent[v]].append(v)
guarded, towers = [False] * (n + 1), []
for v in reversed(order):
    if not guarded[v]:
        t = parent[v] or v
        towers.append(t)
        for x in [t, parent[t]] + children[t]:
            guarded[x] = True
towers = prune(sorted(set(towers)))
"""
        + _PRINT,
    },
    {
        "strategy": "local search: from a random greedy cover, repeatedly remove two towers and repair with the "
        "village guarding the most unguarded ones, keeping any change that does not add towers",
        "language": "cpp",
        "code": r"""#include <bits/stdc++.h>
using namespace std;
int n, m;
vector<vector<int>> adj;
vector<int> guards;  // how many towers guard each village
vector<char> tower;
void build(int v, int d) { tower[v] = d > 0; guards[v] += d; for (int x : adj[v]) guards[x] += d; }
int unguarded_gain(int v) { int g = guards[v] == 0; for (int x : adj[v]) g += guards[x] == 0; return g; }
void repair(mt19937& rng) {
    while (true) {
        int need = -1;
        for (int v = 1; v <= n; v++) if (guards[v] == 0) { need = v; break; }
        if (need < 0) return;
        // build at the candidate next to the first unguarded village that guards the most unguarded ones
        int best = need, bg = unguarded_gain(need);
        for (int x : adj[need]) { int g = unguarded_gain(x); if (g > bg || (g == bg && rng() % 2)) { best = x; bg = g; } }
        build(best, 1);
    }
}
void prune() {
    for (int v = 1; v <= n; v++) if (tower[v]) {
        bool spare = guards[v] >= 2;
        for (int x : adj[v]) spare = spare && guards[x] >= 2;
        if (spare) build(v, -1);
    }
}
int main() {
    scanf("%d %d", &n, &m);
    adj.assign(n + 1, {}); guards.assign(n + 1, 0); tower.assign(n + 1, 0);
    for (int i = 0; i < m; i++) { int u, v; scanf("%d %d", &u, &v); adj[u].push_back(v); adj[v].push_back(u); }
    mt19937 rng(2026);
    repair(rng); prune();
    int count = 0; for (int v = 1; v <= n; v++) count += tower[v];
    vector<char> best_tower = tower; int best = count;
    for (int iter = 0; iter < 200; iter++) {
        vector<int> have; for (int v = 1; v <= n; v++) if (tower[v]) have.push_back(v);
        vector<char> before_tower = tower; vector<int> before_guards = guards;
        for (int r = 0; r < 2 && !have.empty(); r++) {
            int i = rng() % have.size(); build(have[i], -1); have.erase(have.begin() + i);
        }
        repair(rng); prune();
        int now = 0; for (int v = 1; v <= n; v++) now += tower[v];
        if (now <= count) { count = now; if (now < best) { best = now; best_tower = tower; } }
        else { tower = before_tower; guards = before_guards; }
    }
    printf("%d\n", best);
    bool first = true;
    for (int v = 1; v <= n; v++) if (best_tower[v]) { printf(first ? "%d" : " %d", v); first = false; }
    printf("\n");
}
""",
    },
]

TESTS = {
    "distributions": ["random", "near_tree", "clustered", "geometric"],
    "adversarial": ["geometric"],
    "tests_per_distribution": 2,
    "program": r'''"""Tests for Watchtowers on any network: `gen DIST SEED` prints one input, `validate` checks one."""
import json
import math
import random
import sys

N_MAX, M_MAX = 1000, 5000


def with_spanning_tree(rng, n, edges, m):
    """``edges`` plus a random spanning tree (so every village is reached), then random roads up to m."""
    order = list(range(1, n + 1))
    rng.shuffle(order)
    for i in range(1, n):
        u, v = order[i], order[rng.randrange(max(0, i - 5), i)]  # a long, thin tree
        edges.add((min(u, v), max(u, v)))
    while len(edges) < m:
        u, v = rng.sample(range(1, n + 1), 2)
        edges.add((min(u, v), max(u, v)))
    return edges


def generate(dist, seed):
    if dist == "example":
        return "6 7\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n6 4\n"
    rng = random.Random(f"{dist}/{seed}")
    n = rng.randint(700, N_MAX)
    if dist == "random":
        edges = with_spanning_tree(rng, n, set(), rng.randint(2500, M_MAX))
    elif dist == "near_tree":  # a tree with a few loops: the tree greedy nearly applies
        edges = with_spanning_tree(rng, n, set(), n - 1 + rng.randint(10, 40))
    elif dist == "clustered":  # dense villages in clusters, few roads between them
        size = rng.randint(8, 20)
        edges = set()
        for start in range(1, n + 1, size):
            members = list(range(start, min(n, start + size - 1) + 1))
            for _ in range(len(members) * 2):
                if len(members) > 1:
                    u, v = rng.sample(members, 2)
                    edges.add((min(u, v), max(u, v)))
        edges = with_spanning_tree(rng, n, edges, min(M_MAX, len(edges) + n))
    elif dist == "geometric":  # villages in a square, roads between near ones
        pts = [(rng.random(), rng.random()) for _ in range(n)]
        radius = math.sqrt(7 / (math.pi * n))
        edges = set()
        for i in range(n):
            for j in range(i + 1, n):
                if math.dist(pts[i], pts[j]) < radius and len(edges) < M_MAX - n:
                    edges.add((i + 1, j + 1))
        edges = with_spanning_tree(rng, n, edges, len(edges) + n // 2)
    else:
        raise SystemExit(f"unknown distribution {dist}")
    edges = sorted(edges)
    rng.shuffle(edges)
    return f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)


def validate(text):
    tokens = text.split()
    if len(tokens) < 2:
        raise ValueError("the input needs n and m on its first line")
    n, m = int(tokens[0]), int(tokens[1])
    if not (2 <= n <= N_MAX and n - 1 <= m <= M_MAX):
        raise ValueError(f"n must be in [2, {N_MAX}] and m in [n - 1, {M_MAX}]")
    if len(tokens) != 2 + 2 * m:
        raise ValueError(f"expected {m} roads of two villages")
    adj = {u: set() for u in range(1, n + 1)}
    for i in range(m):
        u, v = int(tokens[2 + 2 * i]), int(tokens[3 + 2 * i])
        if not (1 <= u <= n and 1 <= v <= n and u != v):
            raise ValueError(f"road {i + 1} is out of range")
        if v in adj[u]:
            raise ValueError(f"two roads join villages {u} and {v}")
        adj[u].add(v)
        adj[v].add(u)
    seen, stack = {1}, [1]
    while stack:
        for v in adj[stack.pop()] - seen:
            seen.add(v)
            stack.append(v)
    if len(seen) != n:
        raise ValueError("not every village can be reached")
    return {"n": n, "m": m}


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        sys.stdout.write(generate(sys.argv[2], int(sys.argv[3])))
    elif sys.argv[1] == "validate":
        try:
            print(json.dumps(validate(sys.stdin.read())))
        except ValueError as exc:
            print(exc, file=sys.stderr)
            sys.exit(1)
''',
}

VERIFIER = r'''"""Verifier for Watchtowers on any network: `verify INPUT OUTPUT` prints {"feasible", "objective", "message"}."""
import json
import sys


def judge(input_text, output_text):
    data = input_text.split()
    n, m = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    for i in range(m):
        u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        adj[u].append(v)
        adj[v].append(u)
    tokens = output_text.split()
    if not tokens:
        return False, None, "empty output"
    try:
        values = [int(t) for t in tokens]
    except ValueError:
        return False, None, "the output holds something other than integers"
    k = values[0]
    if not 1 <= k <= n:
        return False, None, f"k = {k} towers, expected between 1 and n = {n}"
    if len(values) != 1 + k:
        return False, None, f"expected {k} villages after k, found {len(values) - 1}"
    towers = values[1:]
    if any(not 1 <= t <= n for t in towers):
        return False, None, "a village number is out of range"
    if len(set(towers)) != k:
        return False, None, "a village is listed twice"
    guarded = [False] * (n + 1)
    for t in towers:
        guarded[t] = True
        for x in adj[t]:
            guarded[x] = True
    left = [v for v in range(1, n + 1) if not guarded[v]]
    if left:
        return False, None, f"{len(left)} villages are unguarded (village {left[0]} first)"
    return True, k, f"{k} towers"


if __name__ == "__main__":
    _, _, input_path, output_path = sys.argv
    with open(input_path) as f:
        input_text = f.read()
    with open(output_path, errors="replace") as f:
        output_text = f.read()
    try:
        feasible, objective, message = judge(input_text, output_text)
    except (ValueError, IndexError, OverflowError) as exc:
        feasible, objective, message = False, None, f"unreadable output: {exc}"
    print(json.dumps({"feasible": feasible, "objective": objective, "message": message}))
'''

# Written apart from the verifier: it checks every road from both ends, as a set of guarded villages.
FEASIBILITY = r'''"""Feasibility only for Watchtowers on any network: `verify INPUT OUTPUT` prints {"feasible", "message"}."""
import json
import sys


def feasible(input_text, output_text):
    lines = input_text.strip().split("\n")
    n, m = map(int, lines[0].split())
    words = output_text.split()
    if not words or not all(w.isdigit() for w in words):
        return False, "the output must be non-negative integers"
    k, towers = int(words[0]), [int(w) for w in words[1:]]
    if k != len(towers) or k < 1:
        return False, "k does not match the villages listed"
    chosen = set(towers)
    if len(chosen) != k or not chosen <= set(range(1, n + 1)):
        return False, "the towers must be distinct villages from 1 to n"
    guarded = set(chosen)
    for line in lines[1 : 1 + m]:
        u, v = map(int, line.split())
        if u in chosen:
            guarded.add(v)
        if v in chosen:
            guarded.add(u)
    if len(guarded) != n:
        return False, "some village is unguarded"
    return True, "every village is guarded"


if __name__ == "__main__":
    with open(sys.argv[2]) as f:
        input_text = f.read()
    with open(sys.argv[3], errors="replace") as f:
        output_text = f.read()
    try:
        ok, message = feasible(input_text, output_text)
    except (ValueError, OverflowError) as exc:
        ok, message = False, f"unreadable output: {exc}"
    print(json.dumps({"feasible": ok, "message": message}))
'''

BASELINE = r'''"""Towers on a maximal independent set taken in village order: every village without a towered neighbour gets
one, which guards every village (always legal)."""
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[u].append(v)
    adj[v].append(u)
towered, towers = [False] * (n + 1), []
for v in range(1, n + 1):
    if not any(towered[x] for x in adj[v]):
        towered[v] = True
        towers.append(v)
print(len(towers))
print(" ".join(map(str, towers)))
'''
BASELINE_SUMMARY = "a maximal independent set taken in village order: each village with no towered neighbour yet gets a tower"

LABELS = [0, 1, 2]
