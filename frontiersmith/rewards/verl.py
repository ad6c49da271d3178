"""verl's reward entry points for exported FrontierSmith tasks.

Point verl's ``custom_reward_function`` at this file (``path``) and ``compute_score`` (``name``), or at
``compute_score_batch`` with ``reward_model.reward_manager=batch``; ``reward_kwargs`` may pass
``export_dir`` (else ``FRONTIERSMITH_EXPORT_DIR`` or the working directory), ``workers`` and ``backend``.

verl takes a number for every completion, so a completion the host could not judge (a compiler or sandbox
missing or broken) raises NotJudgedError, as a row naming no task raises InvalidInputError: the step stops
with one sentence rather than train on a 0 that is no completion's doing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from frontiersmith.errors import NotJudgedError

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
    scores = run_sync(
        score_completions,
        solution_strs,
        ground_truths,
        export_dir=export_dir,
        workers=workers,
        backend=backend,
    )
    unjudged = [i for i, score in enumerate(scores) if score is None]
    if unjudged:
        raise NotJudgedError(
            f"{len(unjudged)} of {len(scores)} completions (rows {unjudged[:10]}) could not be judged: the host "
            "failed under them (see the log); fix the host and run the step again, no reward was given."
        )
    return [float(score or 0.0) for score in scores]
