"""Quickest Crossing (closed: the shortest route from town 1 to town n, Dijkstra) → Scenic Route (objective axis:
the longest route that visits no town twice, longest simple path, NP-hard). Everything here is what an agent
passes to the MCP tools, written for this bench."""

from __future__ import annotations

TITLE = "Scenic Route"
AXIS = "objective"

_SEED_REFERENCE = """import heapq
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v, w = (int(x) for x in data[2 + 3 * i : 5 + 3 * i])
    adj[u].append((v, w))
    adj[v].append((u, w))
dist = [None] * (n + 1)
heap = [(0, 1)]
while heap:
    d, u = heapq.heappop(heap)
    if dist[u] is not None:
        continue
    dist[u] = d
    for v, w in adj[u]:
        if dist[v] is None:
            heapq.heappush(heap, (d + w, v))
print(dist[n])
"""

SEED = {
    "title": "Quickest Crossing",
    "statement": """# Quickest Crossing

The island has n towns joined by m two-way roads; road i joins towns u_i and v_i and is w_i kilometres long.
A courier leaves town 1 for town n. How long is the shortest route?

## Input

The first line holds n and m (2 <= n <= 100000, 1 <= m <= 200000). Each of the next m lines holds u_i, v_i and
w_i (1 <= u_i, v_i <= n, u_i != v_i, 1 <= w_i <= 10^9). Town n can be reached from town 1.

## Output

Print one integer: the length of the shortest route from town 1 to town n.

## Example

Input

    4 4
    1 2 3
    2 4 3
    1 3 1
    3 4 7

Output

    6
""",
    "objective": {
        "kind": "optimise",
        "sense": "min",
        "formula": "the length of a route from town 1 to town n",
    },
    "input_spec": {
        "constraints": "2 <= n <= 100000, 1 <= m <= 200000, 1 <= w_i <= 10^9",
        "bounds": {"n": [2, 100000], "m": [1, 200000], "w": [1, 1000000000]},
    },
    "output_spec": {"description": "one integer, the shortest route's length"},
    "tests": [
        {"input": "4 4\n1 2 3\n2 4 3\n1 3 1\n3 4 7\n", "answer": "6\n"},
        {"input": "2 1\n1 2 5\n", "answer": "5\n"},
        {"input": "3 3\n1 2 1\n2 3 1\n1 3 5\n", "answer": "2\n"},
        {"input": "5 6\n1 2 2\n2 3 2\n3 5 2\n1 4 1\n4 5 10\n2 4 1\n", "answer": "6\n"},
        {"input": "3 2\n1 2 1000000000\n2 3 1000000000\n", "answer": "2000000000\n"},
    ],
    "references": [{"language": "python", "code": _SEED_REFERENCE}],
    "source": "written for FrontierSmith's bench (bench/authored_tasks)",
    "license": "same as FrontierSmith",
}

MUTATION = {
    "title": TITLE,
    "statement": """# Scenic Route

The island's tourist board wants the opposite of what couriers want: a sightseeing route from town 1 to town n
that is as long as possible. The island has n towns joined by m two-way roads, road i joining towns u_i and
v_i with length w_i. The route may not pass through any town twice, so it cannot simply go round in circles.

The shortest route is easy to find; the longest route that visits no town twice is not: finding it exactly is
as hard as deciding whether a road network has a Hamiltonian path.

## Input

The first line holds n and m (2 <= n <= 200, n - 1 <= m <= 1000). Each of the next m lines holds u_i, v_i and
w_i (1 <= u_i, v_i <= n, u_i != v_i, 1 <= w_i <= 1000). No two roads join the same pair of towns, and every town
can be reached from every other.

## Output

The first line holds k, the number of towns on the route (2 <= k <= n). The second line holds k distinct towns
t_1 ... t_k with t_1 = 1 and t_k = n, where consecutive towns t_j and t_(j+1) are joined by a road.

## Objective

Maximise the route's length: the sum of the lengths of the k - 1 roads it uses.
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "the total length of the route's roads"},
    "input_spec": {
        "constraints": "2 <= n <= 200, n - 1 <= m <= 1000, 1 <= w_i <= 1000, no parallel roads, connected",
        "bounds": {"n": [2, 200], "m": [1, 1000], "w": [1, 1000]},
    },
    "output_spec": {
        "description": "k, then k distinct towns from 1 to n, consecutive towns joined by a road"
    },
    "io_format": "n m, then m lines u v w; output k, then the k towns of the route",
    "rationale": "the longest simple path between two vertices is NP-hard (it contains Hamiltonian path)",
}

# The roads as an adjacency map, read the same way by the Python solutions below.
_READ = """import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [dict() for _ in range(n + 1)]
for i in range(m):
    u, v, w = (int(x) for x in data[2 + 3 * i : 5 + 3 * i])
    adj[u][v] = w
    adj[v][u] = w


def reachable(start, blocked):
    # the towns reachable from `start` without entering `blocked`
    seen = {start}
    stack = [start]
    while stack:
        u = stack.pop()
        for v in adj[u]:
            if v not in seen and v not in blocked:
                seen.add(v)
                stack.append(v)
    return seen
"""
_PRINT = """
print(len(route))
print(" ".join(map(str, route)))
"""

SOLUTIONS = [
    {
        "strategy": "greedy walk: from the current town take the longest road to an unvisited town from which town "
        "n can still be reached without revisiting, until town n",
        "language": "python",
        "code": _READ
        + """route = [1]
visited = {1}
while route[-1] != n:
    u = route[-1]
    live = reachable(n, visited)  # the unvisited towns that still lead to n
    v = max((x for x in adj[u] if x in live), key=lambda x: (adj[u][x], -x))
    route.append(v)
    visited.add(v)
"""
        + _PRINT,
    },
    {
        "strategy": "randomised depth-first restarts: many random walks that only step to towns still connected "
        "to n, each step biased to long roads; keep the longest route",
        "language": "cpp",
        "code": r"""#include <bits/stdc++.h>
using namespace std;
int n, m;
vector<vector<pair<int,int>>> adj;
vector<int> mark; int stamp = 0;
// towns reachable from n avoiding visited ones
void live_from_n(const vector<char>& visited) {
    ++stamp;
    vector<int> st = {n}; mark[n] = stamp;
    while (!st.empty()) {
        int u = st.back(); st.pop_back();
        for (auto [v, w] : adj[u]) if (mark[v] != stamp && !visited[v]) { mark[v] = stamp; st.push_back(v); }
    }
}
int main() {
    scanf("%d %d", &n, &m);
    adj.assign(n + 1, {}); mark.assign(n + 1, 0);
    for (int i = 0; i < m; i++) { int u, v, w; scanf("%d %d %d", &u, &v, &w); adj[u].push_back({v, w}); adj[v].push_back({u, w}); }
    mt19937 rng(12345);
    long long best = -1; vector<int> best_route;
    for (int iter = 0; iter < 600; iter++) {
        vector<char> visited(n + 1, 0);
        vector<int> route = {1}; visited[1] = 1; long long len = 0;
        while (route.back() != n) {
            int u = route.back();
            live_from_n(visited);
            vector<pair<int,int>> options;
            long long total = 0;
            for (auto [v, w] : adj[u]) if (mark[v] == stamp) { options.push_back({v, w}); total += (long long)w * w; }
            // a long road is likelier, but every live road can be taken
            long long r = uniform_int_distribution<long long>(0, total - 1)(rng), acc = 0;
            int pick = options.back().first, pw = options.back().second;
            for (auto [v, w] : options) { acc += (long long)w * w; if (r < acc) { pick = v; pw = w; break; } }
            route.push_back(pick); visited[pick] = 1; len += pw;
        }
        if (len > best) { best = len; best_route = route; }
    }
    printf("%d\n", (int)best_route.size());
    for (size_t i = 0; i < best_route.size(); i++) printf("%d%c", best_route[i], i + 1 == best_route.size() ? '\n' : ' ');
}
""",
    },
    {
        "strategy": "stretch the shortest route: start from the route with the fewest roads and keep replacing a "
        "road a-b by a longer detour a-x-b or a-x-y-b through unvisited towns until none helps",
        "language": "python",
        "code": _READ
        + """from collections import deque

parent = {1: None}
queue = deque([1])
while queue:
    u = queue.popleft()
    for v in sorted(adj[u]):
        if v not in parent:
            parent[v] = u
            queue.append(v)
route, t = [], n
while t is not None:
    route.append(t)
    t = parent[t]
route.reverse()
used = set(route)
improved = True
while improved:
    improved = False
    i = 0
    while i < len(route) - 1:
        a, b = route[i], route[i + 1]
        direct = adj[a][b]
        best, detour = direct, None
        for x, wax in adj[a].items():
            if x in used:
                continue
            if b in adj[x] and wax + adj[x][b] > best:
                best, detour = wax + adj[x][b], [x]
            for y, wxy in adj[x].items():
                if y not in used and y != x and b in adj[y] and wax + wxy + adj[y][b] > best:
                    best, detour = wax + wxy + adj[y][b], [x, y]
        if detour:
            route[i + 1 : i + 1] = detour
            used.update(detour)
            improved = True
        i += 1
"""
        + _PRINT,
    },
]

TESTS = {
    "distributions": ["random", "grid", "shortcuts", "sparse"],
    "adversarial": ["shortcuts"],
    "tests_per_distribution": 2,
    "program": r'''"""Tests for Scenic Route: `gen DIST SEED` prints one input, `validate` checks one."""
import json
import random
import sys

N_MAX, M_MAX, W_MAX = 200, 1000, 1000


def connected_graph(rng, n, m, weight):
    """A random spanning tree, then random extra roads up to m (no parallel roads)."""
    order = list(range(2, n + 1))
    rng.shuffle(order)
    order = [1] + order
    edges = {}
    for i in range(1, n):
        u, v = order[i], order[rng.randrange(i)]
        edges[(min(u, v), max(u, v))] = weight(u, v)
    while len(edges) < m:
        u, v = rng.sample(range(1, n + 1), 2)
        edges.setdefault((min(u, v), max(u, v)), weight(u, v))
    return edges


def generate(dist, seed):
    if dist == "example":
        return "5 6\n1 2 4\n2 3 2\n3 5 6\n1 4 1\n4 5 9\n2 4 3\n"
    rng = random.Random(f"{dist}/{seed}")
    if dist == "random":
        n = rng.randint(150, N_MAX)
        edges = connected_graph(rng, n, rng.randint(600, M_MAX), lambda u, v: rng.randint(1, W_MAX))
    elif dist == "sparse":  # a tree and a few more roads: few routes exist, the right branch matters
        n = rng.randint(150, N_MAX)
        edges = connected_graph(rng, n, n + rng.randint(20, 60), lambda u, v: rng.randint(1, W_MAX))
    elif dist == "grid":  # a street grid with some diagonals: a snaking route covers most towns
        rows, cols = rng.choice([(10, 20), (14, 14), (12, 16)])
        n = rows * cols
        edges = {}
        town = lambda r, c: r * cols + c + 1  # noqa: E731
        for r in range(rows):
            for c in range(cols):
                if c + 1 < cols:
                    edges[(town(r, c), town(r, c + 1))] = rng.randint(1, W_MAX)
                if r + 1 < rows:
                    edges[(town(r, c), town(r + 1, c))] = rng.randint(1, W_MAX)
                if r + 1 < rows and c + 1 < cols and rng.random() < 0.5:
                    edges[(town(r, c), town(r + 1, c + 1))] = rng.randint(1, W_MAX)
    elif dist == "shortcuts":  # light roads everywhere, and heavy ones straight into town n that end a route early
        n = rng.randint(150, N_MAX)
        edges = connected_graph(rng, n, rng.randint(500, 800), lambda u, v: rng.randint(1, W_MAX // 4))
        for u in rng.sample(range(1, n), 40):
            edges[(u, n)] = rng.randint(W_MAX * 3 // 4, W_MAX)
    else:
        raise SystemExit(f"unknown distribution {dist}")
    lines = [f"{n} {len(edges)}"] + [f"{u} {v} {w}" for (u, v), w in edges.items()]
    return "\n".join(lines) + "\n"


def validate(text):
    tokens = text.split()
    if len(tokens) < 2:
        raise ValueError("the input needs n and m on its first line")
    n, m = int(tokens[0]), int(tokens[1])
    if not (2 <= n <= N_MAX and n - 1 <= m <= M_MAX):
        raise ValueError(f"n must be in [2, {N_MAX}] and m in [n - 1, {M_MAX}]")
    if len(tokens) != 2 + 3 * m:
        raise ValueError(f"expected {m} roads of three numbers")
    adj = {u: set() for u in range(1, n + 1)}
    top = 0
    for i in range(m):
        u, v, w = (int(x) for x in tokens[2 + 3 * i : 5 + 3 * i])
        if not (1 <= u <= n and 1 <= v <= n and u != v and 1 <= w <= W_MAX):
            raise ValueError(f"road {i + 1} is out of range")
        if v in adj[u]:
            raise ValueError(f"two roads join towns {u} and {v}")
        adj[u].add(v)
        adj[v].add(u)
        top = max(top, w)
    seen, stack = {1}, [1]
    while stack:
        for v in adj[stack.pop()] - seen:
            seen.add(v)
            stack.append(v)
    if len(seen) != n:
        raise ValueError("not every town can be reached")
    return {"n": n, "m": m, "w": top}


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

VERIFIER = r'''"""Verifier for Scenic Route: `verify INPUT OUTPUT` prints {"feasible", "objective", "message"}."""
import json
import sys


def judge(input_text, output_text):
    data = input_text.split()
    n, m = int(data[0]), int(data[1])
    road = {}
    for i in range(m):
        u, v, w = (int(x) for x in data[2 + 3 * i : 5 + 3 * i])
        road[(u, v)] = road[(v, u)] = w
    tokens = output_text.split()
    if not tokens:
        return False, None, "empty output"
    try:
        values = [int(t) for t in tokens]
    except ValueError:
        return False, None, "the output holds something other than integers"
    k = values[0]
    if not 2 <= k <= n:
        return False, None, f"k = {k} towns, expected between 2 and n = {n}"
    if len(values) != 1 + k:
        return False, None, f"expected {k} towns after k, found {len(values) - 1}"
    route = values[1:]
    if route[0] != 1 or route[-1] != n:
        return False, None, f"the route must start at town 1 and end at town {n}"
    if any(not 1 <= t <= n for t in route):
        return False, None, "a town number is out of range"
    if len(set(route)) != k:
        return False, None, "the route visits a town twice"
    length = 0
    for a, b in zip(route, route[1:]):
        if (a, b) not in road:
            return False, None, f"no road joins towns {a} and {b}"
        length += road[(a, b)]
    return True, length, f"{k} towns, length {length}"


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

# Written apart from the verifier: it walks the route as a set of roads, line by line.
FEASIBILITY = r'''"""Feasibility only for Scenic Route: `verify INPUT OUTPUT` prints {"feasible", "message"}."""
import json
import sys


def feasible(input_text, output_text):
    lines = input_text.strip().split("\n")
    n, m = map(int, lines[0].split())
    roads = set()
    for line in lines[1 : 1 + m]:
        u, v, _ = line.split()
        roads.add(frozenset((int(u), int(v))))
    out = output_text.split("\n")
    words = output_text.split()
    if not words or not all(w.isdigit() for w in words):
        return False, "the output must be non-negative integers"
    k = int(words[0])
    towns = [int(w) for w in words[1:]]
    if k != len(towns) or k < 2:
        return False, "k does not match the towns listed"
    if len(out) < 2:
        return False, "the towns belong on the second line"
    if towns[0] != 1 or towns[-1] != n or max(towns) > n or min(towns) < 1:
        return False, "the route must run from town 1 to town n"
    if len(set(towns)) != len(towns):
        return False, "a town is visited twice"
    if any(frozenset(pair) not in roads for pair in zip(towns, towns[1:])):
        return False, "two consecutive towns have no road between them"
    return True, "a route without repeated towns"


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

BASELINE = r'''"""The route with the fewest roads (breadth-first search from town 1): always legal, and short."""
import sys
from collections import deque

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v = int(data[2 + 3 * i]), int(data[3 + 3 * i])
    adj[u].append(v)
    adj[v].append(u)
parent = {1: None}
queue = deque([1])
while queue:
    u = queue.popleft()
    for v in sorted(adj[u]):
        if v not in parent:
            parent[v] = u
            queue.append(v)
route, t = [], n
while t is not None:
    route.append(t)
    t = parent[t]
print(len(route))
print(" ".join(map(str, reversed(route))))
'''
BASELINE_SUMMARY = "the route with the fewest roads, found by breadth-first search from town 1"

LABELS = [0, 1, 2]
