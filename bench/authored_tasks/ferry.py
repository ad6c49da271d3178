"""River Ferry (closed: two seats a boat, the sorted two-pointer greedy is optimal) → Ferry with three seats
(output axis: a boat may carry three passengers, which makes it bin packing with a cardinality cap, 3-partition
at its core). Everything here is what an agent passes to the MCP tools, written for this bench."""

from __future__ import annotations

TITLE = "Ferry with three seats"
AXIS = "output"

SEED = {
    "title": "River Ferry",
    "statement": """# River Ferry

The last ferry of the day takes n passengers across the river in small rowing boats. Passenger i weighs w_i.
A boat carries at most two passengers, and the passengers in one boat weigh at most W together. How many boats
are needed at least?

## Input

The first line holds two integers n and W (1 <= n <= 200000, 1 <= W <= 10^9). The second line holds n integers
w_1 ... w_n (1 <= w_i <= W).

## Output

Print one integer: the smallest number of boats that carries every passenger.

## Example

Input

    4 10
    3 5 7 2

Output

    2
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "the number of boats"},
    "input_spec": {
        "constraints": "1 <= n <= 200000, 1 <= W <= 10^9, 1 <= w_i <= W",
        "bounds": {"n": [1, 200000], "W": [1, 1000000000]},
    },
    "output_spec": {"description": "one integer, the minimum number of boats"},
    "tests": [
        {"input": "4 10\n3 5 7 2\n", "answer": "2\n"},
        {"input": "3 5\n5 5 5\n", "answer": "3\n"},
        {"input": "5 6\n1 2 3 4 5\n", "answer": "3\n"},
        {"input": "1 1\n1\n", "answer": "1\n"},
        {"input": "6 100\n50 50 51 49 1 99\n", "answer": "3\n"},
        {"input": "7 9\n1 1 1 1 1 1 9\n", "answer": "4\n"},
    ],
    "references": [
        {
            "language": "python",
            "code": """import sys

data = sys.stdin.buffer.read().split()
n, cap = int(data[0]), int(data[1])
w = sorted(int(x) for x in data[2 : 2 + n])
i, j, boats = 0, n - 1, 0
while i <= j:
    if i < j and w[i] + w[j] <= cap:
        i += 1
    j -= 1
    boats += 1
print(boats)
""",
        }
    ],
    "source": "written for FrontierSmith's bench (bench/authored_tasks)",
    "license": "same as FrontierSmith",
}

MUTATION = {
    "title": TITLE,
    "statement": """# Ferry with three seats

The ferry company has replaced its rowing boats with wider ones: a boat now carries up to three passengers, still
at most W in weight together. n passengers wait on the bank, passenger i weighing w_i. Seat them so that as few
boats as possible cross the river.

With two seats a boat the lightest and the heaviest passenger pair up and nothing better exists; with three, a
good plan must find triples that fill a boat almost exactly, and no known algorithm finds the fewest boats for
thousands of passengers.

## Input

The first line holds two integers n and W (1 <= n <= 3000, 1 <= W <= 1000000). The second line holds n integers
w_1 ... w_n (1 <= w_i <= W): the passengers' weights, numbered 1 to n in this order.

## Output

The first line holds k, the number of boats. Each of the next k lines describes one boat: an integer c
(1 <= c <= 3), then c distinct passenger numbers. Every passenger sits in exactly one boat, and the weights of a
boat's passengers sum to at most W.

## Objective

Minimise k, the number of boats.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "k, the number of boats"},
    "input_spec": {
        "constraints": "1 <= n <= 3000, 1 <= W <= 1000000, 1 <= w_i <= W",
        "bounds": {"n": [1, 3000], "W": [1, 1000000]},
    },
    "output_spec": {
        "description": "k boats, each 1 to 3 distinct passengers of total weight at most W; every passenger in "
        "exactly one boat"
    },
    "io_format": "n W, then w_1..w_n; output k, then k lines `c p_1 .. p_c`",
    "rationale": "bin packing with at most three items a bin contains 3-partition, strongly NP-hard",
}

# The passengers as (weight, number), read the same way by every solution below.
_READ = """import sys

data = sys.stdin.buffer.read().split()
n, cap = int(data[0]), int(data[1])
people = sorted(((int(data[2 + i]), i + 1) for i in range(n)), reverse=True)
"""
_PRINT = """
print(len(boats))
print("\\n".join(f"{len(b)} " + " ".join(map(str, b)) for b in boats))
"""

SOLUTIONS = [
    {
        "strategy": "first-fit decreasing with a three-seat cap: heaviest first, each into the first boat with a "
        "free seat and room",
        "language": "cpp",
        "code": r"""#include <bits/stdc++.h>
using namespace std;
int main() {
    int n; long long cap;
    if (scanf("%d %lld", &n, &cap) != 2) return 0;
    vector<pair<long long,int>> p(n);
    for (int i = 0; i < n; i++) { scanf("%lld", &p[i].first); p[i].second = i + 1; }
    sort(p.rbegin(), p.rend());
    vector<vector<int>> boats;
    vector<long long> load;
    for (auto &[w, who] : p) {
        size_t b = 0;
        while (b < boats.size() && (boats[b].size() == 3 || load[b] + w > cap)) b++;
        if (b == boats.size()) { boats.push_back({}); load.push_back(0); }
        boats[b].push_back(who);
        load[b] += w;
    }
    printf("%d\n", (int)boats.size());
    for (auto &b : boats) {
        printf("%d", (int)b.size());
        for (int x : b) printf(" %d", x);
        printf("\n");
    }
}
""",
    },
    {
        "strategy": "fill each boat tightly: the heaviest waiting passenger, then the pair (or single) of the "
        "others that leaves the least room, found with two pointers over the sorted rest",
        "language": "cpp",
        "code": r"""#include <bits/stdc++.h>
using namespace std;
int main() {
    int n; long long cap;
    if (scanf("%d %lld", &n, &cap) != 2) return 0;
    vector<pair<long long,int>> p(n);
    for (int i = 0; i < n; i++) { scanf("%lld", &p[i].first); p[i].second = i + 1; }
    sort(p.begin(), p.end());                  // ascending
    vector<char> used(n, 0);
    vector<vector<int>> boats;
    for (int h = n - 1; h >= 0; h--) {
        if (used[h]) continue;
        used[h] = 1;
        long long room = cap - p[h].first;
        vector<int> idx;                          // the waiting passengers lighter than h, ascending
        for (int i = 0; i < h; i++) if (!used[i]) idx.push_back(i);
        long long best = -1; int bi = -1, bj = -1;
        // the heaviest single that fits
        for (int k = (int)idx.size() - 1; k >= 0; k--)
            if (p[idx[k]].first <= room) { best = p[idx[k]].first; bi = idx[k]; break; }
        // the pair with the largest sum that fits
        int lo = 0, hi = (int)idx.size() - 1;
        while (lo < hi) {
            long long s = p[idx[lo]].first + p[idx[hi]].first;
            if (s > room) { hi--; continue; }
            if (s > best) { best = s; bi = idx[lo]; bj = idx[hi]; }
            lo++;
        }
        vector<int> boat = {p[h].second};
        if (bi >= 0) { used[bi] = 1; boat.push_back(p[bi].second); }
        if (bj >= 0) { used[bj] = 1; boat.push_back(p[bj].second); }
        boats.push_back(boat);
    }
    printf("%d\n", (int)boats.size());
    for (auto &b : boats) {
        printf("%d", (int)b.size());
        for (int x : b) printf(" %d", x);
        printf("\n");
    }
}
""",
    },
    {
        "strategy": "start from the two-seat plan (lightest with heaviest), then empty the lightest boats by "
        "moving their passengers into free third seats elsewhere (best fit), pass after pass",
        "language": "python",
        "code": _READ
        + """from bisect import bisect_right, insort

asc = people[::-1]
i, j, boats = 0, n - 1, []
while i <= j:
    if i < j and asc[i][0] + asc[j][0] <= cap:
        boats.append([asc[j], asc[i]])
        i += 1
    else:
        boats.append([asc[j]])
    j -= 1
load = [sum(w for w, _ in b) for b in boats]
for _ in range(3):
    free = sorted((load[b], b) for b in range(len(boats)) if 0 < len(boats[b]) < 3)
    for b in sorted(range(len(boats)), key=lambda b: load[b]):
        if not boats[b]:
            continue
        if len(boats[b]) < 3:
            free.remove((load[b], b))
        moved = []
        for weight, who in sorted(boats[b], reverse=True):
            at = bisect_right(free, (cap - weight, len(boats))) - 1
            if at < 0:
                break
            _, t = free.pop(at)
            boats[t].append((weight, who))
            load[t] += weight
            if len(boats[t]) < 3:
                insort(free, (load[t], t))
            moved.append(t)
        if len(moved) == len(boats[b]):
            boats[b], load[b] = [], 0
            continue
        for t in reversed(moved):  # not every passenger found a seat: undo
            if len(boats[t]) < 3:
                free.remove((load[t], t))
            weight, _ = boats[t].pop()
            load[t] -= weight
            insort(free, (load[t], t))
        if len(boats[b]) < 3:
            insort(free, (load[b], b))
boats = [[who for _, who in b] for b in boats if b]
"""
        + _PRINT,
    },
    {
        "strategy": "two pointers over three seats: the heaviest with the two lightest when they fit, else with "
        "the lightest, else alone",
        "language": "python",
        "code": _READ
        + """asc = people[::-1]
i, j, boats = 0, n - 1, []
while i <= j:
    boat = [asc[j][1]]
    room = cap - asc[j][0]
    j -= 1
    if i + 1 <= j and asc[i][0] + asc[i + 1][0] <= room:
        boat += [asc[i][1], asc[i + 1][1]]
        i += 2
    elif i <= j and asc[i][0] <= room:
        boat.append(asc[i][1])
        i += 1
    boats.append(boat)
"""
        + _PRINT,
    },
]

TESTS = {
    "distributions": ["uniform", "thirds", "heavy_light", "middling"],
    "adversarial": ["middling"],
    "tests_per_distribution": 2,
    "program": r'''"""Tests for Ferry with three seats: `gen DIST SEED` prints one input, `validate` checks one."""
import json
import random
import sys

N_MAX, W_MAX = 3000, 1000000


def generate(dist, seed):
    if dist == "example":
        return "7 10\n6 3 2 5 4 4 1\n"
    rng = random.Random(f"{dist}/{seed}")
    n = rng.randint(N_MAX // 2, N_MAX)
    cap = rng.randint(W_MAX // 2, W_MAX)
    if dist == "uniform":  # up to 60% of a boat: heavier passengers would leave no choice but to cross alone
        w = [rng.randint(1, int(0.6 * cap)) for _ in range(n)]
    elif dist == "thirds":  # around a third of a boat: which triples fit is the whole problem
        w = [rng.randint(int(0.27 * cap), int(0.38 * cap)) for _ in range(n)]
    elif dist == "heavy_light":  # a heavy passenger leaves room for two light ones, if they are chosen well
        w = [
            rng.randint(int(0.45 * cap), int(0.7 * cap)) if rng.random() < 0.34 else rng.randint(int(0.1 * cap), int(0.28 * cap))
            for _ in range(n)
        ]
    elif dist == "middling":
        w = [rng.randint(int(0.15 * cap), int(0.5 * cap)) for _ in range(n)]
    else:
        raise SystemExit(f"unknown distribution {dist}")
    return f"{n} {cap}\n" + " ".join(map(str, w)) + "\n"


def validate(text):
    tokens = text.split()
    if len(tokens) < 2:
        raise ValueError("the input needs n and W on its first line")
    n, cap = int(tokens[0]), int(tokens[1])
    if not (1 <= n <= N_MAX and 1 <= cap <= W_MAX):
        raise ValueError(f"n must be in [1, {N_MAX}] and W in [1, {W_MAX}]")
    if len(tokens) != 2 + n:
        raise ValueError(f"expected {n} weights after n and W, found {len(tokens) - 2}")
    if not all(1 <= int(x) <= cap for x in tokens[2:]):
        raise ValueError("every weight must lie in [1, W]")
    return {"n": n, "W": cap}


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

VERIFIER = r'''"""Verifier for Ferry with three seats: `verify INPUT OUTPUT` prints {"feasible", "objective", "message"}."""
import json
import sys


def judge(input_text, output_text):
    data = input_text.split()
    n, cap = int(data[0]), int(data[1])
    w = [int(x) for x in data[2 : 2 + n]]
    tokens = output_text.split()
    if not tokens:
        return False, None, "empty output"
    try:
        values = [int(t) for t in tokens]
    except ValueError:
        return False, None, "the output holds something other than integers"
    k, pos = values[0], 1
    if not 1 <= k <= n:
        return False, None, f"k = {k} boats, expected between 1 and n = {n}"
    seen = [False] * (n + 1)
    for boat in range(k):
        if pos >= len(values):
            return False, None, f"the output ends before boat {boat + 1}"
        c = values[pos]
        pos += 1
        if not 1 <= c <= 3:
            return False, None, f"boat {boat + 1} carries {c} passengers; a boat carries 1 to 3"
        if pos + c > len(values):
            return False, None, f"boat {boat + 1} lists fewer than its {c} passengers"
        load = 0
        for who in values[pos : pos + c]:
            if not 1 <= who <= n:
                return False, None, f"passenger {who} does not exist"
            if seen[who]:
                return False, None, f"passenger {who} sits in two boats"
            seen[who] = True
            load += w[who - 1]
        if load > cap:
            return False, None, f"boat {boat + 1} weighs {load}, over W = {cap}"
        pos += c
    if pos != len(values):
        return False, None, "the output goes on after the k boats"
    missing = seen.count(False) - 1
    if missing:
        return False, None, f"{missing} passengers are left on the bank"
    return True, k, f"{k} boats"


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

# Written apart from the verifier: it counts where every passenger sits, then checks each boat's seats and weight.
FEASIBILITY = r'''"""Feasibility only for Ferry with three seats: `verify INPUT OUTPUT` prints {"feasible", "message"}."""
import json
import sys
from collections import Counter


def feasible(input_text, output_text):
    head, *rest = input_text.split("\n", 1)
    n, cap = map(int, head.split())
    weight = dict(enumerate(map(int, rest[0].split()), start=1))
    words = output_text.split()
    if not words or not all(x.lstrip("-").isdigit() for x in words):
        return False, "the output must be integers"
    it = iter(int(x) for x in words)
    k = next(it)
    if k < 1:
        return False, "no boat"
    boats = []
    for _ in range(k):
        c = next(it, None)
        if c is None or c < 1 or c > 3:
            return False, "a boat needs 1 to 3 passengers"
        boat = [next(it, None) for _ in range(c)]
        if None in boat:
            return False, "a boat lists fewer passengers than it says"
        boats.append(boat)
    if next(it, None) is not None:
        return False, "tokens after the last boat"
    sits = Counter(p for boat in boats for p in boat)
    if set(sits) != set(weight) or max(sits.values()) != 1:
        return False, "every passenger must sit in exactly one boat"
    heavy = [b for b in boats if sum(weight[p] for p in b) > cap]
    if heavy:
        return False, "a boat is over the weight limit"
    return True, "every passenger crosses"


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

BASELINE = r'''"""The two-seat plan: the lightest and the heaviest waiting passengers share a boat when they fit, else the
heaviest goes alone (the old ferry's optimum, always legal with three seats)."""
import sys

data = sys.stdin.buffer.read().split()
n, cap = int(data[0]), int(data[1])
asc = sorted((int(data[2 + i]), i + 1) for i in range(n))
i, j, boats = 0, n - 1, []
while i <= j:
    if i < j and asc[i][0] + asc[j][0] <= cap:
        boats.append(f"2 {asc[j][1]} {asc[i][1]}")
        i += 1
    else:
        boats.append(f"1 {asc[j][1]}")
    j -= 1
print(len(boats))
print("\n".join(boats))
'''
BASELINE_SUMMARY = (
    "the two-seat plan: the lightest and the heaviest waiting passengers share a boat when they fit, else the "
    "heaviest crosses alone"
)

# The idea each solution follows (equal labels share one): the agent's own reading of its solutions.
LABELS = [0, 1, 2, 3]
