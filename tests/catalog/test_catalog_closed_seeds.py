"""The closed seeds' verifiers check exact correctness: a feasible but sub-optimal answer is rejected,
and the exact algorithms inside them agree with brute force on small random instances."""

from __future__ import annotations

import itertools
import random

import pytest
from catalog_helpers import module, verify

# (family, input, accepted outputs, rejected outputs): rejected ones are mostly feasible but not optimal
CASES = [
    ("two_sat", "2 2\n1 1\n-1 2\n", ["1 1\n"], ["1 0\n", "0 1\n", "1 1 1\n"]),
    (
        "mst",
        "3 3\n1 2 1\n2 3 1\n1 3 5\n",
        ["2\n1 2\n", "2\n2 1\n"],
        ["6\n1 3\n", "2\n1 1\n", "2\n1 4\n", "3\n1 2\n"],
    ),
    ("bipartite_mis", "3 2\n1 2\n2 3\n", ["2\n1 3\n"], ["1\n2\n", "2\n1 2\n", "2\n1 1\n", "3\n1 2 3\n"]),
    ("max_flow", "3 2 1 3\n1 2 5\n2 3 3\n", ["3\n3 3\n"], ["2\n2 2\n", "3\n3 2\n", "4\n4 3\n", "5\n5 5\n"]),
    (
        "knapsack_01",
        "3 5\n3 4\n2 3\n4 6\n",
        ["2\n1 2\n", "2\n2 1\n"],
        ["1\n3\n", "2\n1 3\n", "0\n", "2\n1 1\n"],
    ),
    ("interval_scheduling", "3\n0 2\n2 4\n1 3\n", ["2\n1 2\n"], ["1\n3\n", "2\n1 3\n", "3\n1 2 3\n"]),
    ("max_lateness", "2\n2 2\n1 1\n", ["2 1\n"], ["1 2\n", "2 2\n", "2\n"]),
    ("lcs", "3 3\nabc\nacb\n", ["2\nab\n", "2\nac\n"], ["1\na\n", "2\nba\n", "2\nabc\n", "3\nabc\n"]),
    (
        "grid_shortest_path",
        "2 2\nS.\n.T\n",
        ["2\nRD\n", "2\nDR\n"],
        ["4\nRLRD\n", "2\nRR\n", "-1\n", "1\nR\n"],
    ),
    ("grid_shortest_path", "2 3\nS#T\n.#.\n", ["-1\n"], ["2\nRR\n", "0\n"]),
    (
        "convex_hull",
        "6\n0 0\n2 0\n2 2\n0 2\n1 0\n1 1\n",
        ["4\n0 0\n2 0\n2 2\n0 2\n"],
        [
            "5\n0 0\n1 0\n2 0\n2 2\n0 2\n",
            "4\n0 0\n0 2\n2 2\n2 0\n",
            "4\n2 0\n2 2\n0 2\n0 0\n",
            "3\n0 0\n2 0\n2 2\n",
        ],
    ),
    ("assignment", "2\n1 2\n2 1\n", ["2\n1 2\n"], ["4\n2 1\n", "2\n2 1\n", "2\n1 1\n"]),
    ("bipartite_coloring", "3 2\n1 2\n2 3\n", ["1 2 1\n", "2 1 2\n"], ["1 1 2\n", "1 2 3\n", "1 2\n"]),
    ("coin_change", "3 6\n1 3 4\n", ["2\n3 3\n"], ["3\n4 1 1\n", "2\n4 2\n", "-1\n", "2\n3 4\n"]),
    ("coin_change", "2 7\n2 4\n", ["-1\n"], ["2\n4 2\n", "0\n"]),
]


@pytest.mark.parametrize(
    ("name", "text", "good", "bad"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_closed_verifier_accepts_exact_answers_only(
    name: str, text: str, good: list[str], bad: list[str]
) -> None:
    mod = module(name)
    mod.validate(mod.Config(), text)
    for out in good:
        assert verify(name, text, out)[:2] == (True, 1.0), f"{name}: rejected the correct {out!r}"
    for out in bad:
        assert not verify(name, text, out)[0], f"{name}: accepted {out!r}"


def test_closed_validators_enforce_promises() -> None:
    for name, text in (
        ("two_sat", "1 2\n1 1\n-1 -1\n"),  # unsatisfiable
        ("bipartite_mis", "3 3\n1 2\n2 3\n3 1\n"),  # odd cycle
        ("bipartite_coloring", "3 3\n1 2\n2 3\n1 3\n"),
        ("mst", "4 2\n1 2 1\n3 4 1\n"),  # disconnected
        ("convex_hull", "3\n0 0\n1 1\n2 2\n"),  # collinear
        ("max_flow", "2 1 1 1\n1 2 3\n"),  # s == t
        ("grid_shortest_path", "1 3\nS.S\n"),  # two S, no T
        ("coin_change", "2 5\n3 3\n"),  # repeated coin
    ):
        mod = module(name)
        with pytest.raises(ValueError):
            mod.validate(mod.Config(), text)


def test_exact_algorithms_inside_the_verifiers_match_brute_force() -> None:
    rng = random.Random(7)
    assignment, lcs, mis, flow, knap, coins = (
        module(n) for n in ("assignment", "lcs", "bipartite_mis", "max_flow", "knapsack_01", "coin_change")
    )
    for _ in range(40):
        n = rng.randint(1, 6)
        c = [[rng.randint(0, 9) for _ in range(n)] for _ in range(n)]
        brute = min(sum(c[i][p[i]] for i in range(n)) for p in itertools.permutations(range(n)))
        assert assignment._min_cost(c) == brute

        a = "".join(rng.choice("abc") for _ in range(rng.randint(1, 12)))
        b = "".join(rng.choice("abc") for _ in range(rng.randint(1, 12)))
        dp = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
        for i, j in itertools.product(range(len(a)), range(len(b))):
            dp[i + 1][j + 1] = dp[i][j] + 1 if a[i] == b[j] else max(dp[i][j + 1], dp[i + 1][j])
        assert lcs._lcs_length(a, b) == dp[len(a)][len(b)]

        k = rng.randint(2, 9)
        side = [rng.random() < 0.5 for _ in range(k + 1)]
        edges = [
            (u, v)
            for u in range(1, k + 1)
            for v in range(u + 1, k + 1)
            if side[u] != side[v] and rng.random() < 0.4
        ]
        adj: list[list[int]] = [[] for _ in range(k + 1)]
        for u, v in edges:
            adj[u].append(v)
            adj[v].append(u)
        best = max(
            len(s)
            for r in range(k + 1)
            for s in itertools.combinations(range(1, k + 1), r)
            if not any(u in s and v in s for u, v in edges)
        )
        colour = mis._two_colour(k, adj)
        assert k - mis._max_matching(k, adj, colour) == best

        arcs = [(rng.randint(1, 5), rng.randint(1, 5), rng.randint(1, 9)) for _ in range(rng.randint(1, 10))]
        arcs = [x for x in arcs if x[0] != x[1]] or [(1, 5, 3)]
        cut = min(
            sum(cap for u, v, cap in arcs if u in s and v not in s)
            for r in range(4)
            for rest in itertools.combinations((2, 3, 4), r)
            for s in [{1, *rest}]
        )
        assert flow._max_flow(5, 1, 5, arcs) == cut

        items = [(rng.randint(1, 6), rng.randint(1, 9)) for _ in range(rng.randint(1, 7))]
        cap = rng.randint(1, 15)
        brute = max(
            sum(v for _, v in s)
            for r in range(len(items) + 1)
            for s in itertools.combinations(items, r)
            if sum(w for w, _ in s) <= cap
        )
        assert knap._best(cap, items) == brute

        denominations = sorted({rng.randint(2, 9) for _ in range(3)})
        amount = rng.randint(0, 30)
        reach = {0: 0}
        for total in range(1, amount + 1):
            options = [reach[total - d] + 1 for d in denominations if total - d in reach]
            if options:
                reach[total] = min(options)
        assert coins._fewest(denominations, amount) == reach.get(amount, -1)
