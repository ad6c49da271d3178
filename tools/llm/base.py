"""The provider interface: one method per LLM step of Algorithm 1, each returning a typed draft.

The drafts themselves live in ``frontiersmith.drafts`` (a model is only one of their authors). A provider
never runs code.
"""

from __future__ import annotations

from typing import Protocol

from frontiersmith.drafts import (
    CoarseVerdict,
    MutationDraft,
    SeedTupleDraft,
    SolutionDraft,
    StrategyGroups,
    TestsDraft,
    VerifierDraft,
)
from frontiersmith.errors import FrontierSmithError
from frontiersmith.models import Axis, Problem


class ProviderError(FrontierSmithError):
    """The model's answer could not be used (invalid JSON, wrong shape, refusal, endpoint down)."""


class Provider(Protocol):
    """What the pipeline asks of a model. ``feedback`` carries failed protocol checks back to the author."""

    name: str

    async def describe_seed(self, problem: Problem) -> SeedTupleDraft: ...

    async def mutate(self, seed: Problem, axis: Axis, *, index: int) -> MutationDraft: ...

    async def coarse_judge(self, problem: Problem) -> CoarseVerdict: ...

    async def solve(self, problem: Problem, *, index: int) -> SolutionDraft: ...

    async def group_strategies(self, problem: Problem, solutions: list[SolutionDraft]) -> StrategyGroups: ...

    async def write_tests(
        self, problem: Problem, solutions: list[SolutionDraft], feedback: list[str]
    ) -> TestsDraft: ...

    async def write_verifier(self, problem: Problem, feedback: list[str]) -> VerifierDraft: ...


def provider_name(provider: object) -> str:
    """How records name ``provider`` (a solution's author, a divergence's judge): its ``name``, else "provider"."""
    name: str = getattr(provider, "name", "provider")
    return name


__all__ = ["Provider", "ProviderError", "provider_name"]
