"""Weighted interval scheduling: a pseudo-open objective-axis mutation of interval scheduling.

Each booking now pays its own price and the hall wants the most money, not the most bookings: dynamic
programming over the intervals sorted by end (with a binary search for the last compatible one) is exact.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "weighted_interval_scheduling"
DISTRIBUTIONS = ("uniform", "nested_heavy", "short_dense", "weight_by_length")


class Config:
    def __init__(self, n_max: int = 3000, t_max: int = 1_000_000, w_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.t_max = t_max
        self.w_max = w_max
        if not 1 <= self.n_max <= 200_000:
            raise ValueError("n_max must be between 1 and 200000")
        if not 2 <= self.t_max <= 10**9 or not 1 <= self.w_max <= 10**9:
            raise ValueError("t_max must be in [2, 1e9] and w_max in [1, 1e9]")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(1500, 3000))
    tm, wm = cfg.t_max, cfg.w_max
    out = []
    for _ in range(n):
        if dist == "uniform":
            s = rng.randint(0, tm - 1)
            e = min(tm, s + rng.randint(1, tm // 30))
            w = rng.randint(1, wm)
        elif dist == "nested_heavy":
            # a few long, heavy bookings over many short, light ones: earliest end alone takes the light ones
            if rng.random() < 0.08:
                s = rng.randint(0, tm - tm // 10)
                e, w = s + rng.randint(tm // 40, tm // 10), rng.randint(wm // 2, wm)
            else:
                s = rng.randint(0, tm - 1)
                e, w = min(tm, s + rng.randint(1, tm // 400)), rng.randint(1, wm // 50)
        elif dist == "short_dense":
            s = rng.randint(0, 20_000)
            e, w = s + rng.randint(1, 60), rng.randint(1, 1000)
        elif dist == "weight_by_length":
            # the price follows the length with noise: the heaviest booking blocks several almost as good
            s = rng.randint(0, tm - 1)
            e = min(tm, s + rng.randint(1, tm // 25))
            w = max(1, min(wm, (e - s) * wm // (tm // 25) + rng.randint(-wm // 20, wm // 20)))
        else:
            raise ValueError(f"unknown distribution {dist!r}")
        if s >= e:
            s, e = e - 1, e
        out.append((s, e, w))
    return f"{n}\n" + "".join(f"{s} {e} {w}\n" for s, e, w in out)


def _parse(cfg: Config, text: str) -> list[tuple[int, int, int]]:
    fields = [("start", 0, cfg.t_max), ("end", 0, cfg.t_max), ("price", 1, cfg.w_max)]
    ivs = numbered_lines(text, cfg.n_max, "booking", fields)
    for i, (s, e, _) in enumerate(ivs, 1):
        if s >= e:
            raise ValueError(f"booking {i} needs start < end")
    return ivs  # type: ignore[return-value]


def validate(cfg: Config, text: str) -> dict[str, int]:
    ivs = _parse(cfg, text)
    return {"n": len(ivs)}


def _chosen(ivs: list[tuple[int, int, int]], output_text: str) -> tuple[list[int] | None, str]:
    """The 0-based bookings an output accepts (k, then k distinct indices, k >= 1, pairwise disjoint), or
    None and why not."""
    toks = output_text.split()
    if not toks or not toks[0].isdecimal() or len(toks[0]) > 7:
        return None, "the output must start with k, the number of accepted bookings"
    k = int(toks[0])
    if not 1 <= k <= len(ivs) or len(toks) != k + 1:
        return None, f"expected k in 1..{len(ivs)} and then k indices, found {len(toks) - 1} after k = {k}"
    if not all(t.isdecimal() and len(t) <= 7 for t in toks[1:]):
        return None, "booking indices must be positive integers"
    chosen = [int(t) - 1 for t in toks[1:]]
    if any(not 0 <= i < len(ivs) for i in chosen) or len(set(chosen)) != k:
        return None, f"indices must be distinct and between 1 and {len(ivs)}"
    spans = sorted((ivs[i][0], ivs[i][1], i) for i in chosen)
    for (_, e1, a), (s2, _, b) in zip(spans, spans[1:], strict=False):
        if s2 < e1:
            return None, f"bookings {a + 1} and {b + 1} overlap"
    return chosen, ""


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    ivs = _parse(cfg, input_text)
    chosen, problem = _chosen(ivs, output_text)
    if chosen is None:
        return False, None, problem
    total = sum(ivs[i][2] for i in chosen)
    return True, float(total), f"{len(chosen)} bookings worth {total}"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: at least one booking, each once, no two overlapping."""
    ivs = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) < 2 or not all(t.isdecimal() and len(t) <= 7 for t in toks):
        return False, "the output must be k >= 1 and k booking indices"
    picked = [int(t) for t in toks[1:]]
    if int(toks[0]) != len(picked) or len(set(picked)) != len(picked):
        return False, "k must count the distinct indices that follow it"
    if not all(1 <= i <= len(ivs) for i in picked):
        return False, f"every index must lie in 1..{len(ivs)}"
    end = -1
    for s, e, _ in sorted(ivs[i - 1] for i in picked):
        if s < end:
            return False, "two accepted bookings overlap"
        end = e
    return True, "the accepted bookings are pairwise disjoint"


# The seed's checker asks the same of a chosen set (no two overlap); its maximality is what this drops.
seed_feasible = feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
4
0 3 5
2 5 6
4 7 5
1 8 11
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "Most valuable set of hall bookings",
    "statement": """
A lecture hall receives n booking requests; request i wants the hall for the half-open time interval
[s_i, e_i) and pays w_i if accepted. Accept a set of pairwise non-overlapping requests (one may start
exactly when another ends) earning as much as possible.

## Input

The first line holds `n` (1 <= n <= 3000). Each of the next `n` lines holds `s_i e_i w_i`
(0 <= s_i < e_i <= 10^6, 1 <= w_i <= 10^6).

## Output

The first line holds k >= 1, the number of accepted requests; the second their k distinct
indices (1-based).
""",
    "objective": {"kind": "optimise", "sense": "max", "formula": "total payment of the accepted requests"},
    "input_spec": {
        "constraints": "half-open intervals with s < e and positive payments",
        "bounds": {"n": [1, 3000], "t": [0, 1000000], "w": [1, 1000000]},
    },
    "output_spec": {"description": "k >= 1 and k distinct indices of pairwise disjoint intervals"},
    "io_format": "n, then n lines s e w; answer: k, then k indices",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "interval_scheduling",
    "axis": "objective",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "dynamic programming by end time (binary search)",
            "summary": "Sort by end; best[i] = max(best[i-1], w_i + best[p(i)]) with p(i) the last request "
            "ending by s_i, found by binary search; walk back to list the choice. Exact.",
            "file": "dp_bisect.py",
        },
        {
            "strategy": "dynamic programming by end time (lower_bound)",
            "summary": "The same recurrence in C++, p(i) by std::upper_bound over the sorted ends.",
            "file": "dp_bisect.cpp",
        },
        {
            "strategy": "greedy by payment (weaker)",
            "summary": "Take requests from the best-paying down, each one that overlaps nothing taken.",
            "file": "greedy_payment.py",
        },
        {
            "strategy": "greedy by earliest end (weaker)",
            "summary": "The seed's rule: by end time, every request that fits; ignores the payments.",
            "file": "greedy_end.cpp",
        },
        {
            "strategy": "dynamic programming over the time axis",
            "summary": "Compress the distinct times; best at time t = max(best at t-1, w + best at s) over the "
            "requests ending at t. Exact.",
            "file": "dp_time.py",
        },
    ],
    "baseline": {
        "strategy": "first fit in input order",
        "summary": "Accept the requests in input order, each one that overlaps nothing accepted yet.",
        "file": "baseline.py",
    },
}
