"""LLM providers behind one interface: offline (the built-in catalog), OpenAI-compatible, MCP sampling."""

from .base import (
    CoarseVerdict,
    MutationDraft,
    Provider,
    ProviderError,
    SolutionDraft,
    StrategyGroups,
    TestsDraft,
    VerifierDraft,
)
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
