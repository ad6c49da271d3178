"""The idea-divergence formulas of the paper, as pure functions (numpy, vectorised).

semantic:    d(c) = 1/C(n,2) · Σ_{i<j} Judge(s_i, s_j),        Judge = 1 when the strategies differ
behavioural: d(c) = 1/C(n,2) · Σ_{i<j} ||q_i − q_j||₂ / √m,   q_i = scores of solution i on the m tests
"""

from __future__ import annotations

from collections.abc import Sequence
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

    0 means a dominance order: on every pair one solution matches or beats the other everywhere, which is
    what a problem with one dominant strategy looks like even when its solutions score far apart.
    """
    import numpy as np

    q = np.asarray(scores, dtype=np.float64)
    n = q.shape[0]
    if n < 2 or q.shape[1] == 0:
        return 0.0
    beats: np.ndarray = np.asarray((q[:, None, :] > q[None, :, :] + eps).any(axis=2))
    crossed = beats & beats.T
    return float(crossed[np.triu_indices(n, 1)].mean())


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
    (when known) the crossing fraction: high only when the solutions use different ideas, score differently,
    and no idea dominates."""
    import numpy as np

    if semantic is None or behavioural_value is None:
        return None
    if scale <= 0:
        raise ValueError(f"the behavioural scale must be positive, not {scale}")
    parts = [max(0.0, semantic), min(1.0, behavioural_value / scale)]
    if crossing_value is not None:
        parts.append(max(0.0, crossing_value))
    return float(np.prod(parts) ** (1.0 / len(parts)))


def roc_auc(positive: Sequence[float], negative: Sequence[float]) -> float:
    """Probability a random positive outranks a random negative (ties count half)."""
    import numpy as np

    if not positive or not negative:
        return float("nan")
    p = np.asarray(positive, dtype=float)[:, None]
    q = np.asarray(negative, dtype=float)[None, :]
    return float(((p > q).sum() + 0.5 * (p == q).sum()) / (p.size * q.size))
