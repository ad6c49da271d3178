"""LLM providers behind one interface: offline (the built-in catalog), OpenAI-compatible, MCP sampling."""

# The drafts live in frontiersmith.drafts; re-exported here while callers move to that module.
from frontiersmith.drafts import (
    CoarseVerdict,
    MutationDraft,
    SolutionDraft,
    StrategyGroups,
    TestsDraft,
    VerifierDraft,
)

from .base import Provider, ProviderError
from .factory import make_provider

__all__ = [
    "CoarseVerdict",
    "MutationDraft",
    "Provider",
    "ProviderError",
    "SolutionDraft",
    "StrategyGroups",
    "TestsDraft",
    "VerifierDraft",
    "make_provider",
]
