"""Axial three-dimensional assignment: the input-axis mutation of (two-dimensional) assignment.

The cost matrix becomes a cube and n disjoint triples must be chosen; the problem becomes NP-hard.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "three_dim_assignment"
DISTRIBUTIONS = ("uniform", "decomposable", "geometric", "planted")


class Config:
    def __init__(self, n_max: int = 40, c_max: int = 1000) -> None:
        self.n_max = n_max
        self.c_max = c_max
        if not 2 <= self.n_max <= 100:
            raise ValueError("n_max must be between 2 and 100")
        if not 1 <= self.c_max <= 10**6:
            raise ValueError("c_max must be between 1 and 1000000")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(30, 40))
    cap = cfg.c_max
    if dist == "uniform":
        cube = [[[rng.randint(0, cap) for _ in range(n)] for _ in range(n)] for _ in range(n)]
    elif dist == "decomposable":
        # sum of three pairwise matrices: each 2-D slice carries structure a Hungarian step can exploit
        a = [[rng.randint(0, cap // 3) for _ in range(n)] for _ in range(n)]
        b = [[rng.randint(0, cap // 3) for _ in range(n)] for _ in range(n)]
        d = [[rng.randint(0, cap // 3) for _ in range(n)] for _ in range(n)]
        cube = [[[a[i][j] + b[i][k] + d[j][k] for k in range(n)] for j in range(n)] for i in range(n)]
    elif dist == "geometric":
        # three point sets in the plane; a triple costs the perimeter of its triangle
        pts = [[(rng.random(), rng.random()) for _ in range(n)] for _ in range(3)]

        def dist2(p: tuple, q: tuple) -> float:
            return ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5

        scale = cap / 3.5
        cube = [
            [
                [min(cap, int(scale * (dist2(pi, pj) + dist2(pj, pk) + dist2(pi, pk)))) for pk in pts[2]]
                for pj in pts[1]
            ]
            for pi in pts[0]
        ]
    elif dist == "planted":
        # a hidden cheap assignment among moderately cheap decoys that tempt greedy choices
        p, q = list(range(n)), list(range(n))
        rng.shuffle(p)
        rng.shuffle(q)
        cube = [[[rng.randint(cap // 4, cap) for _ in range(n)] for _ in range(n)] for _ in range(n)]
        for i in range(n):
            cube[i][p[i]][q[i]] = rng.randint(cap // 10, cap // 5)
        for _ in range(n * 3):
            i, j, k = rng.randrange(n), rng.randrange(n), rng.randrange(n)
            cube[i][j][k] = rng.randint(0, cap // 12)
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    out = [str(n)]
    for i in range(n):
        for j in range(n):
            out.append(" ".join(map(str, cube[i][j])))
    return "\n".join(out) + "\n"


def _parse(cfg: Config, text: str) -> tuple[int, list[list[list[int]]]]:
    rows = token_lines(text)
    if len(rows[0]) != 1:
        raise ValueError("the first line must hold n alone")
    n = read_int(rows[0][0], 1, cfg.n_max, "n")
    if len(rows) != n * n + 1:
        raise ValueError(f"expected {n * n} cost lines, got {len(rows) - 1}")
    cube = [[[0] * n for _ in range(n)] for _ in range(n)]
    for idx, row in enumerate(rows[1:]):
        if len(row) != n:
            raise ValueError(f"cost line {idx + 1} must hold {n} integers")
        cube[idx // n][idx % n] = [read_int(t, 0, cfg.c_max, "a cost") for t in row]
    return n, cube


def validate(cfg: Config, text: str) -> dict[str, int]:
    n, _ = _parse(cfg, text)
    return {"n": n}


def _perm(toks: list[str], n: int, what: str) -> list[int]:
    if len(toks) != n or any(not t.isdigit() for t in toks):
        raise ValueError(f"{what} must be {n} integers")
    p = [int(t) - 1 for t in toks]
    if sorted(p) != list(range(n)):
        raise ValueError(f"{what} is not a permutation of 1..{n}")
    return p


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    n, cube = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != 2 * n:
        return False, None, f"expected two permutations of {n} numbers, got {len(toks)} tokens"
    try:
        p, q = _perm(toks[:n], n, "the first line"), _perm(toks[n:], n, "the second line")
    except ValueError as exc:
        return False, None, str(exc)
    cost = sum(cube[i][p[i]][q[i]] for i in range(n))
    return True, float(cost + 1), f"total cost {cost}"


NO_SEED_ORACLE = "a cube of costs lies outside the seed's square matrices"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: two permutations of 1..n, 2n numbers in all."""
    n, _ = _parse(cfg, input_text)
    toks = output_text.split()
    every = set(range(1, n + 1))
    if len(toks) != 2 * n or not all(t.isdigit() for t in toks):
        return False, f"the output must be two permutations of 1..{n}"
    if {int(t) for t in toks[:n]} != every or {int(t) for t in toks[n:]} != every:
        return False, f"each half of the output must be a permutation of 1..{n}"
    return True, "two permutations"


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
2
1 5
4 2
3 0
6 1
"""


FAMILY = {
    "name": NAME,
    "kind": "open",
    "title": "Axial three-dimensional assignment",
    "statement": """
Three teams of n people each (workers, machines, shifts) must be grouped into n disjoint triples, one
member from each team per triple. Grouping worker i with machine j and shift k costs c[i][j][k].
Minimise the total cost of the n triples.

## Input

The first line holds `n` (1 <= n <= 40). Then `n*n` lines follow; line `(i-1)*n + j`
(1-based) holds the `n` integers c[i][j][1..n] (0 <= c <= 1000).

## Output

Two lines, each a permutation of 1..n: `p_1 .. p_n` and `q_1 .. q_n`. Worker i is grouped
with machine p_i and shift q_i.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "1 + sum of c[i][p_i][q_i]"},
    "input_spec": {
        "constraints": "n*n lines of n costs each",
        "bounds": {"n": [1, 40], "c": [0, 1000]},
    },
    "output_spec": {"description": "two permutations of 1..n"},
    "io_format": "n, then n*n lines of n costs; answer: two permutations",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "assignment",
    "axis": "input",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "greedy cheapest triple",
            "summary": "Sort all n^3 triples by cost and take each one whose three members are still free.",
            "file": "greedy.cpp",
        },
        {
            "strategy": "alternating Hungarian (block coordinate descent)",
            "summary": "Fix two of the three pairings and solve the remaining two-dimensional assignment "
            "exactly with the Hungarian algorithm, cycling through the three choices until no step improves.",
            "file": "alt_hungarian.cpp",
        },
        {
            "strategy": "simulated annealing on swaps",
            "summary": "Swap the machines or the shifts of two workers, accepting by the Metropolis rule "
            "under geometric cooling, from the greedy start, for a fixed number of moves.",
            "file": "annealing.cpp",
        },
    ],
    "baseline": {
        "strategy": "identity",
        "summary": "Group worker i with machine i and shift i.",
        "file": "baseline.py",
    },
}
