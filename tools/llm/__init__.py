"""LLM providers behind one interface: offline (the built-in catalog), OpenAI-compatible, MCP sampling."""

from .base import Provider, ProviderError
from .factory import make_provider

__all__ = [
    "Provider",
    "ProviderError",
    "make_provider",
]
