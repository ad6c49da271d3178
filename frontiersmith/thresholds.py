"""The protocol's and the divergence filter's thresholds: one model, its bounds and its defaults.

Settings expose each as ``FRONTIERSMITH_<NAME>``; a run takes them from settings, overridden by its options,
and stores the model with the run so a result can be read back with the gates that produced it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Share = Annotated[float, Field(ge=0, le=1)]
Tests = Annotated[int, Field(ge=1, le=1000)]
Ties = Annotated[int, Field(ge=2, le=64)]  # one solution at the top is what every problem has
Scale = Annotated[float, Field(gt=0, le=1)]
Rounds = Annotated[int, Field(ge=1, le=10)]


class Thresholds(BaseModel):
    """The gates a candidate passes on its way to a task; the defaults are the pipeline's historical values, and
    the top-tie gate's are calibrated on real data (the comment above them says where)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    min_semantic: Share = Field(
        0.3, description="below this semantic divergence, the solutions share one idea"
    )
    min_behavioural: Share = Field(
        0.005, description="below this behavioural divergence, the solutions score alike on every test"
    )
    # Calibrated on FrontierCS's real model solutions and the catalog's pseudo-open families
    # (docs/benchmarks.md, "Calibrating the divergence filter").
    min_separating_tests: Tests = Field(
        3,
        description="tests on which the sampled scores differ, needed before the filter may decide that one "
        "idea reaches the top",
    )
    min_top_ties: Ties = Field(
        2,
        description="this many sampled solutions scoring the best on every test show an exact algorithm: one "
        "idea reaches the optimum",
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
        """Whether a semantic divergence is below the gate: the solutions use one idea."""
        return semantic < self.min_semantic

    def scores_alike(self, behavioural: float) -> bool:
        """Whether a behavioural divergence is below the gate: the solutions score alike."""
        return behavioural < self.min_behavioural

    def one_idea_reaches_the_top(self, top_ties: int, separating_tests: int) -> bool:
        """Several solutions tie at the best score on every test, on enough tests that tell solutions apart
        for that to be evidence (``too_few_separating`` says when it is not)."""
        return top_ties >= self.min_top_ties and not self.too_few_separating(separating_tests)

    def too_few_separating(self, separating_tests: int) -> bool:
        """Whether too few tests tell the solutions apart for ties at the top to be evidence."""
        return separating_tests < self.min_separating_tests


DEFAULT_THRESHOLDS = Thresholds()
THRESHOLD_NAMES = tuple(Thresholds.model_fields)
