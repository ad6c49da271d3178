"""verl's reward entry points for exported FrontierSmith tasks.

Point verl's ``custom_reward_function`` at this file (``path``) and ``compute_score`` (``name``), or at
``compute_score_batch`` with ``reward_model.reward_manager=batch``; ``reward_kwargs`` may pass
``export_dir`` (else ``FRONTIERSMITH_EXPORT_DIR`` or the working directory), ``workers`` and ``backend``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .judging import run_sync, score_completions


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: dict[str, Any] | None = None,
    **kwargs: Any,
) -> float:
    """verl's per-sample signature: the ``submit`` score of the code in ``solution_str`` on the task
    ``ground_truth`` names (0 for no code, code that fails, or a task that cannot be found)."""
    return compute_score_batch([data_source], [solution_str], [ground_truth], [extra_info], **kwargs)[0]


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[dict[str, Any] | None] | None = None,
    *,
    export_dir: str | None = None,
    workers: int | None = None,
    backend: str | None = None,
    **_: Any,
) -> list[float]:
    """verl's batch signature (``BatchRewardManager``): every completion judged at once in one sandbox."""
    return run_sync(
        score_completions,
        solution_strs,
        ground_truths,
        export_dir=export_dir,
        workers=workers,
        backend=backend,
    )
