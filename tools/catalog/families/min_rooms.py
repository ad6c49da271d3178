"""Fewest rooms for all meetings: a pseudo-open output-axis mutation of interval scheduling.

Instead of choosing a disjoint subset, every interval is assigned a room; sweeping by start time is optimal.
"""

# the generator's rng; only `gen` imports random (the harness), so validate and verify start without it
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

NAME = "min_rooms"
DISTRIBUTIONS = ("uniform", "nested", "bursts", "long_tail")


class Config:
    def __init__(self, n_max: int = 5000, t_max: int = 1_000_000) -> None:
        self.n_max = n_max
        self.t_max = t_max
        if not 1 <= self.n_max <= 200_000:
            raise ValueError("n_max must be between 1 and 200000")
        if not 1 <= self.t_max <= 10**9:
            raise ValueError("t_max must be between 1 and 1e9")


def generate(cfg: Config, dist: str, rng: "random.Random") -> str:
    n = min(cfg.n_max, rng.randint(3000, 5000))
    tm = cfg.t_max
    out = []
    for _ in range(n):
        if dist == "uniform":
            s = rng.randint(0, tm - 1)
            e = min(tm, s + rng.randint(1, tm // 20))
        elif dist == "nested":
            c, half = rng.randint(0, tm), int(tm / 2 * rng.random() ** 2) + 1
            s, e = max(0, c - half), min(tm, c + half)
            if s >= e:
                s, e = max(0, e - 1), max(1, e)
        elif dist == "bursts":
            hub = rng.randrange(20) * (tm // 20)
            s = min(tm - 1, hub + rng.randint(0, tm // 100))
            e = min(tm, s + rng.randint(1, tm // 30))
        elif dist == "long_tail":
            s = rng.randint(0, tm - 1)
            e = min(tm, s + 1 + int(tm / 200 * rng.paretovariate(1.2)))
        else:
            raise ValueError(f"unknown distribution {dist!r}")
        out.append((s, e))
    return f"{n}\n" + "".join(f"{s} {e}\n" for s, e in out)


def _parse(cfg: Config, text: str) -> list[tuple[int, int]]:
    ivs = numbered_lines(text, cfg.n_max, "interval", [("start", 0, cfg.t_max), ("end", 0, cfg.t_max)])
    for i, (s, e) in enumerate(ivs, 1):
        if s >= e:
            raise ValueError(f"interval {i} needs start < end")
    return ivs


def validate(cfg: Config, text: str) -> dict[str, int]:
    ivs = _parse(cfg, text)
    return {"n": len(ivs)}


def verify(cfg: Config, input_text: str, output_text: str) -> tuple[bool, float | None, str]:
    ivs = _parse(cfg, input_text)
    n = len(ivs)
    toks = output_text.split()
    if len(toks) != n:
        return False, None, f"expected {n} room numbers, got {len(toks)}"
    if any(not t.isdigit() or not 1 <= int(t) <= n for t in toks):
        return False, None, "every room number must be an integer in 1..n"
    rooms: dict[int, list[tuple[int, int, int]]] = {}
    for i, t in enumerate(toks):
        rooms.setdefault(int(t), []).append((*ivs[i], i + 1))
    for r, lst in rooms.items():
        lst.sort()
        for a, b in zip(lst, lst[1:], strict=False):
            if b[0] < a[1]:
                return False, None, f"meetings {a[2]} and {b[2]} overlap in room {r}"
    return True, float(len(rooms)), f"{len(rooms)} rooms"


def feasible(cfg: Config, input_text: str, output_text: str) -> tuple[bool, str]:
    """C_O alone, written apart from ``verify``: a room in 1..n for every meeting, no two of one room
    overlapping."""
    ivs = _parse(cfg, input_text)
    toks = output_text.split()
    if len(toks) != len(ivs) or not all(t.isdigit() and 1 <= int(t) <= len(ivs) for t in toks):
        return False, f"the output must be {len(ivs)} room numbers in 1..{len(ivs)}"
    ends: dict[str, int] = {}
    for (start, end), room in sorted(zip(ivs, toks, strict=True)):
        if start < ends.get(room, start):
            return False, f"two meetings overlap in room {room}"
        ends[room] = max(end, ends.get(room, end))
    return True, "no room holds two meetings at once"


# What interval_scheduling's checker asks of a chosen set (no two overlap), asked of each room's meetings:
# the seed's C_O, applied room by room, is all that C_O asks here.
seed_feasible = feasible


# The statement's example (`gen example 0`): a tiny valid input a reader can follow by hand.
EXAMPLE = """\
5
1 4
2 6
5 8
7 9
3 5
"""


FAMILY = {
    "name": NAME,
    "kind": "pseudo-open",
    "title": "Fewest rooms for all meetings",
    "statement": """
Every one of n meetings must take place; meeting i occupies a room during the half-open time interval
[s_i, e_i). Two meetings may share a room only if their intervals do not overlap (one may start exactly
when the other ends). Assign a room to every meeting, using as few rooms as possible.

## Input

The first line holds `n` (1 <= n <= 5000). Each of the next `n` lines holds `s_i e_i`
(0 <= s_i < e_i <= 10^6).

## Output

`n` integers: the room (1..n) of meetings 1..n.
""",
    "objective": {"kind": "optimise", "sense": "min", "formula": "number of distinct rooms"},
    "input_spec": {
        "constraints": "half-open intervals with s < e",
        "bounds": {"n": [1, 5000], "t": [0, 1000000]},
    },
    "output_spec": {"description": "a room number in 1..n per meeting; meetings in one room are disjoint"},
    "io_format": "n, then n lines s e; answer: n room numbers",
    "limits": {"time_ms": 2000, "memory_mb": 256},
    "parent": "interval_scheduling",
    "axis": "output",
    "tests_per_distribution": 2,
    "solvers": [
        {
            "strategy": "sweep by start time (min-heap of end times)",
            "summary": "Process meetings by start time and reuse the room that frees up earliest if it is "
            "free, else open a new room; uses exactly the maximum overlap.",
            "file": "sweep_heap.py",
        },
        {
            "strategy": "sweep by start time (first fit)",
            "summary": "Process meetings by start time and put each in the lowest-numbered free room; "
            "also optimal for intervals.",
            "file": "sweep_first_fit.cpp",
        },
        {
            "strategy": "sweep by start time (event list + free-room stack)",
            "summary": "Sweep start/end events in time order (ends first at equal times), popping a free "
            "room on each start and pushing it back on the matching end.",
            "file": "sweep_events.py",
        },
        {
            "strategy": "first fit by end time (weaker)",
            "summary": "Process meetings by end time and put each in the lowest-numbered room that fits; "
            "never better than the start-time sweep.",
            "file": "end_first_fit.cpp",
        },
    ],
    "baseline": {
        "strategy": "first fit in input order",
        "summary": "Each meeting, in input order, goes to the lowest-numbered room it fits in.",
        "file": "baseline.py",
    },
}
