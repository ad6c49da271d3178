"""TRL's reward function for exported FrontierSmith tasks: pass ``frontiersmith_reward`` (or one made by
``reward_function(export_dir=...)``) in ``GRPOTrainer(reward_funcs=[...])``. TRL hands every dataset column
but ``prompt`` to it by name, so the exported ``ground_truth`` column reaches it.

A completion the host could not judge (a compiler or sandbox missing or broken) gets None, TRL's own way of
saying a reward function has no reward for a sample (it leaves the sample out of that function's reward, and
warns when no function gave it one); a row naming no task raises InvalidInputError."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .judging import run_sync, score_completions

RewardFunc = Callable[..., list[float | None]]


def reward_function(
    export_dir: str | Path | None = None, *, workers: int | None = None, backend: str | None = None
) -> RewardFunc:
    """A TRL reward function judging on the packages in ``export_dir`` (see ``frontiersmith.rewards.tasks``)."""

    def frontiersmith_reward(
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] = (),
        ground_truth: Sequence[Any] | None = None,
        **kwargs: Any,
    ) -> list[float | None]:
        """TRL's ``reward_funcs`` signature: completions are strings or lists of chat messages."""
        truths = list(ground_truth) if ground_truth is not None else [None] * len(completions)
        return run_sync(
            score_completions,
            list(completions),
            truths,
            export_dir=export_dir,
            workers=workers,
            backend=backend,
        )

    return frontiersmith_reward


frontiersmith_reward = reward_function()
