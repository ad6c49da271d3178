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
    """The model's answer could not be used (invalid JSON, wrong shape, no code, refusal, endpoint failure);
    ``raw`` is the answer's text, when there was one, so whoever records the failure keeps it."""

    def __init__(self, message: str = "", *, raw: str = "") -> None:
        super().__init__(message)
        self.raw = raw


class EndpointUnreachable(FrontierSmithError):
    """The model endpoint did not answer at all (refused, no route): no step can succeed, so a run stops here
    with this sentence rather than rejecting every candidate for it. Not a ProviderError on purpose."""


def unreachable(base_url: str | None, exc: Exception) -> EndpointUnreachable:
    where = base_url or "the default OpenAI endpoint"
    return EndpointUnreachable(
        f"The model endpoint {where} cannot be reached ({str(exc).splitlines()[0][:200]}); start it (a local "
        "model: `frontiersmith model serve`) or fix FRONTIERSMITH_LLM_BASE_URL / --base-url."
    )


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


__all__ = ["EndpointUnreachable", "Provider", "ProviderError", "provider_name", "unreachable"]
