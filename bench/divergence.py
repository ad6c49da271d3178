"""Behavioural divergence for n = 64 solutions × m = 1,000 tests: vectorised vs a plain double loop, same run.

Goal: the vectorised estimate under 50 ms. Prints both timings and their ratio.
"""

from __future__ import annotations

import time

import numpy as np

from frontiersmith.tools.synthesis.divergence.formulas import behavioural, behavioural_loop


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    n, m = 64, 1000
    scores = np.random.default_rng(0).random((n, m))
    as_lists = scores.tolist()
    fast = behavioural(scores)
    slow = behavioural_loop(as_lists)
    assert abs(fast - slow) < 1e-9, (fast, slow)
    t_fast = best_of(lambda: behavioural(scores), 20)
    t_slow = best_of(lambda: behavioural_loop(as_lists), 2)
    print(f"behavioural divergence, n={n} solutions x m={m} tests (value {fast:.6f})")
    print(f"  double loop : {t_slow * 1e3:9.2f} ms")
    print(f"  vectorised  : {t_fast * 1e3:9.2f} ms   goal < 50 ms: {'met' if t_fast < 0.05 else 'MISSED'}")
    print(f"  speed-up    : {t_slow / t_fast:9.1f}x")


if __name__ == "__main__":
    main()
