"""Task quality: a task's card (docs/design.md, "Task quality"), every field computed from its records."""

from __future__ import annotations

from pydantic import BaseModel, Field, computed_field

from .judging import Normalisation


class ScaleReach(BaseModel):
    """How far the tests go in one size the statement bounds: the largest value a test reaches, the bound."""

    reached: float
    bound: float

    @computed_field  # type: ignore[prop-decorator]
    @property
    def share(self) -> float:
        """How much of its bound the largest test reached (1 when the bound is not positive)."""
        return self.reached / self.bound if self.bound > 0 else 1.0


class ScoreSpread(BaseModel):
    """The sampled solutions' mean scores on a task: the baseline scores 0 by construction, ``headroom`` is
    what is left above the best sampled mean. ``paper_*``: the same objectives under the paper's
    normalisation, for comparison (None when the task uses it, or cannot be compared)."""

    normalisation: Normalisation
    solutions: int
    best: float
    median: float
    worst: float
    headroom: float
    paper_best: float | None = None
    paper_median: float | None = None


class ProbeSummary(BaseModel):
    """What the protocol's probes of the verifier found (the cross-validation report's numbers)."""

    kill_rate: float | None = None
    well_formed: int = 0
    well_formed_accepted: int = 0
    oracle: str = ""  # the seed's checker used as a feasibility oracle; empty: none
    # the verifier's author also wrote a feasibility-only checker (one author's two programs: not independent)
    second_opinion: bool = False
    disagreements: int = 0


class TaskCard(BaseModel):
    """A task's card (docs/design.md, "Task quality"): every field computed from its records, never written by
    hand. ``warnings`` is what a reviewer should look at; a card without any is ``ok``."""

    sections_missing: list[str] = Field(default_factory=list)
    example: bool = False
    interactive: bool = False
    scale: dict[str, ScaleReach] = Field(default_factory=dict)
    tests: int = 0
    silent_tests: list[str] = Field(default_factory=list)
    spread: ScoreSpread | None = None
    time_limit_ms: int = 0
    # the slowest accepted run of the references (the sampled solutions, the baseline), which sets the time limit
    slowest_ms: float | None = None
    probes: ProbeSummary | None = None
    divergence: dict[str, float | None] = Field(default_factory=dict)
    forced: bool = False
    warnings: list[str] = Field(default_factory=list)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def ok(self) -> bool:
        """Whether the card has no warnings."""
        return not self.warnings
