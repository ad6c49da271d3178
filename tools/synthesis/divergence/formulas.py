"""The idea-divergence formulas of the paper, as pure functions (numpy, vectorised).

semantic:    d(c) = 1/C(n,2) · Σ_{i<j} Judge(s_i, s_j),        Judge = 1 when the strategies differ
behavioural: d(c) = 1/C(n,2) · Σ_{i<j} ||q_i − q_j||₂ / √m,   q_i = scores of solution i on the m tests

and what the gates read beside them: the tests that separate the solutions, and how many tie at the top.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from frontiersmith.thresholds import DEFAULT_THRESHOLDS

if TYPE_CHECKING:  # numpy is imported where it is used, so `serve` answers `initialize` without it
    import numpy as np


def semantic_from_labels(labels: Sequence[int]) -> float:
    """Fraction of solution pairs whose strategy labels differ."""
    import numpy as np

    n = len(labels)
    if n < 2:
        return 0.0
    arr = np.asarray(labels)
    differ = arr[:, None] != arr[None, :]
    return float(differ[np.triu_indices(n, 1)].mean())


def behavioural(scores: np.ndarray) -> float:
    """Mean pairwise L2 distance between score vectors, divided by √m. ``scores`` is n × m."""
    import numpy as np

    q = np.asarray(scores, dtype=np.float64)
    n, m = q.shape
    if n < 2 or m == 0:
        return 0.0
    sq = np.einsum("ij,ij->i", q, q)
    d2 = sq[:, None] + sq[None, :] - 2.0 * (q @ q.T)
    iu = np.triu_indices(n, 1)
    dist = np.sqrt(np.maximum(d2[iu], 0.0))
    return float(dist.mean() / np.sqrt(m))


def behavioural_loop(scores: Sequence[Sequence[float]]) -> float:
    """The same quantity as ``behavioural`` with a plain double loop (the benchmark's baseline)."""
    n = len(scores)
    if n < 2:
        return 0.0
    m = len(scores[0])
    total, pairs = 0.0, 0
    for i in range(n):
        for j in range(i + 1, n):
            total += sum((a - b) ** 2 for a, b in zip(scores[i], scores[j], strict=True)) ** 0.5
            pairs += 1
    return total / pairs / m**0.5


def crossing(scores: np.ndarray, eps: float = 1e-9) -> float:
    """Fraction of solution pairs whose rankings cross: each is strictly better than the other on some test.

    0 means a dominance order: on every pair one solution matches or beats the other everywhere. That is
    no proof of one idea: with few tests, different ideas often keep one order (``combined`` ranks by it,
    no gate rejects on it).
    """
    import numpy as np

    q = np.asarray(scores, dtype=np.float64)
    n = q.shape[0]
    if n < 2 or q.shape[1] == 0:
        return 0.0
    beats: np.ndarray = np.asarray((q[:, None, :] > q[None, :, :] + eps).any(axis=2))
    crossed = beats & beats.T
    return float(crossed[np.triu_indices(n, 1)].mean())


def separating_tests(scores: np.ndarray, eps: float = 1e-9, ceiling: float = 1.0) -> int:
    """Tests that separate the sampled solutions: their scores differ, and the best is below the score's
    ceiling. Only these can show that solutions reaching the top reach the same value, so a verdict about the
    ideas needs enough of them: a test every solution solves alike, or fails alike, says nothing of the ideas,
    and at the ceiling (a checker's ratio clamped at 1, the best known answer) equal scores are not equal
    answers."""
    import numpy as np

    q = np.asarray(scores, dtype=np.float64)
    if q.ndim != 2 or q.shape[0] < 2 or q.shape[1] == 0:
        return 0
    top = q.max(axis=0)
    return int(((top - q.min(axis=0) > eps) & (top < ceiling - eps)).sum())


def top_ties(scores: np.ndarray, eps: float = 1e-9) -> int:
    """How many solutions score the best score on every test (0 when the best is 0 everywhere).

    Two or more is the signature of a problem an exact algorithm solves: independent correct solutions all
    reach the optimum, so they tie at the top test after test, whatever else was sampled beside them. On an
    open problem two different heuristics rarely land on the same value of every test.
    """
    import numpy as np

    q = np.asarray(scores, dtype=np.float64)
    if q.ndim != 2 or q.shape[0] < 2 or q.shape[1] == 0 or q.max() <= eps:
        return 0
    return int((q >= q.max(axis=0) - eps).all(axis=1).sum())


# The default behavioural scale (the threshold ``behavioural_scale``, explained in frontiersmith/thresholds.py).
BEHAVIOURAL_SCALE = DEFAULT_THRESHOLDS.behavioural_scale


def combined(
    semantic: float | None,
    behavioural_value: float | None,
    crossing_value: float | None = None,
    *,
    scale: float = BEHAVIOURAL_SCALE,
) -> float | None:
    """Geometric mean of semantic divergence, behavioural divergence divided by ``scale`` (capped at 1) and
    (when known) a crossing term (1 + crossing) / 2: high when the solutions use different ideas and score
    differently, a little higher when they trade wins. Crossing only ranks: it measures the tests as much as
    the ideas (three tests rarely show a crossing that twelve do), so no crossing halves the term, never
    zeroes the estimate."""
    import numpy as np

    if semantic is None or behavioural_value is None:
        return None
    if scale <= 0:
        raise ValueError(f"the behavioural scale must be positive, not {scale}")
    parts = [max(0.0, semantic), min(1.0, behavioural_value / scale)]
    if crossing_value is not None:
        parts.append((1.0 + max(0.0, crossing_value)) / 2.0)
    return float(np.prod(parts) ** (1.0 / len(parts)))


def roc_auc(positive: Sequence[float], negative: Sequence[float]) -> float:
    """Probability a random positive outranks a random negative (ties count half)."""
    import numpy as np

    if not positive or not negative:
        return float("nan")
    p = np.asarray(positive, dtype=float)[:, None]
    q = np.asarray(negative, dtype=float)[None, :]
    return float(((p > q).sum() + 0.5 * (p == q).sum()) / (p.size * q.size))


def bootstrap_interval(
    statistic: Callable[[np.ndarray], float],
    n: int,
    *,
    reps: int = 2000,
    seed: int = 0,
    level: float = 0.95,
) -> tuple[float, float]:
    """The percentile bootstrap interval of ``statistic`` over ``n`` items: ``statistic`` takes the indices
    of one resample (drawn with replacement) and returns its value; resamples where it is undefined (nan)
    are left out."""
    import numpy as np

    if n == 0:
        return float("nan"), float("nan")
    rng = np.random.default_rng(seed)
    values = np.array([statistic(rng.integers(0, n, n)) for _ in range(reps)], dtype=float)
    values = values[~np.isnan(values)]
    if values.size == 0:
        return float("nan"), float("nan")
    tail = (1.0 - level) / 2.0
    return float(np.quantile(values, tail)), float(np.quantile(values, 1.0 - tail))


def roc_auc_interval(
    positive: Sequence[float], negative: Sequence[float], *, reps: int = 2000, seed: int = 0
) -> tuple[float, float]:
    """A 95% bootstrap interval of ``roc_auc``, positives and negatives resampled apart (a stratified
    bootstrap: each resample keeps both classes' sizes)."""
    import numpy as np

    if not positive or not negative:
        return float("nan"), float("nan")
    p, q = np.asarray(positive, dtype=float), np.asarray(negative, dtype=float)
    rng = np.random.default_rng(seed)
    values = [
        roc_auc(list(p[rng.integers(0, p.size, p.size)]), list(q[rng.integers(0, q.size, q.size)]))
        for _ in range(reps)
    ]
    return float(np.quantile(values, 0.025)), float(np.quantile(values, 0.975))
