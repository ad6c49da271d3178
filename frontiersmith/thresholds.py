"""The protocol's and the divergence filter's thresholds: one model, its bounds and its defaults.

Settings expose each as ``FRONTIERSMITH_<NAME>``; a run takes them from settings, overridden by its options,
and stores the model with the run so a result can be read back with the gates that produced it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Share = Annotated[float, Field(ge=0, le=1)]
Gate = Annotated[float, Field(ge=0, lt=1)]  # a gate of 1 would reject every candidate
Scale = Annotated[float, Field(gt=0, le=1)]
Rounds = Annotated[int, Field(ge=1, le=10)]


class Thresholds(BaseModel):
    """The gates a candidate passes on its way to a task; the defaults are the pipeline's historical values."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    min_semantic: Share = Field(
        0.3, description="below this semantic divergence, the solutions share one idea"
    )
    min_behavioural: Share = Field(
        0.005, description="below this behavioural divergence, the solutions score alike on every test"
    )
    crossing_gate: Gate = Field(
        0.0, description="at or below this crossing fraction, one strategy dominates the others"
    )
    # Behavioural divergence of scores in [0, 1] rarely exceeds ~0.3; dividing by this scale maps it onto
    # [0, 1] so it weighs like the semantic estimate in the combined one.
    behavioural_scale: Scale = Field(
        0.25, description="behavioural divergence that counts as fully divergent"
    )
    crossval_rounds: Rounds = Field(3, description="rounds of tests-and-verifier cross-validation")
    min_kill_rate: Share = Field(
        0.5, description="share of corrupted outputs the verifier must reject or score below the original"
    )

    def shares_one_idea(self, semantic: float) -> bool:
        return semantic < self.min_semantic

    def scores_alike(self, behavioural: float) -> bool:
        return behavioural < self.min_behavioural

    def one_strategy_dominates(self, crossing: float) -> bool:
        return crossing <= self.crossing_gate


DEFAULT_THRESHOLDS = Thresholds()
THRESHOLD_NAMES = tuple(Thresholds.model_fields)
