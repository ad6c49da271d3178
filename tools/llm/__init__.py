"""LLM providers behind one interface: offline (the built-in catalog), OpenAI-compatible (a local model among
them: tools/llm/local.py), MCP sampling."""

from .base import Provider, ProviderError
from .factory import MODEL_PROVIDERS, make_provider

__all__ = [
    "MODEL_PROVIDERS",
    "Provider",
    "ProviderError",
    "make_provider",
]
