"""Choose the provider named in settings (or on the command line)."""

from __future__ import annotations

from frontiersmith.drafts import Provider
from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings, get_settings

from .chat import ChatProvider
from .endpoints import api_key_from_env, openai_complete, schema_complete
from .local import DEFAULT_PORT, MODELS
from .local import base_url as local_url
from .offline import OfflineProvider

PROVIDERS = ("offline", "openai", "local")
# The providers that ask a chat model: ``local`` is ``openai`` pointed at ``frontiersmith model serve``'s
# server (tools/llm/local.py), with its address and model name as defaults.
MODEL_PROVIDERS = ("openai", "local")


def make_provider(
    name: str | None = None,
    settings: Settings | None = None,
    *,
    model: str | None = None,
    base_url: str | None = None,
    api_key_env: str | None = None,
) -> Provider:
    """The provider ``name`` names (the settings' by default): ``offline``, ``openai`` (a model name required) or
    ``local`` (the served local model). InvalidInputError for another name."""
    settings = settings or get_settings()
    name = name or settings.llm_provider
    if name == "offline":
        return OfflineProvider()
    if name == "local":
        model = model or settings.llm_model or next(iter(MODELS))
        base_url = base_url or settings.llm_base_url or local_url(port=DEFAULT_PORT)
        complete = schema_complete(base_url, model, "local")
        return ChatProvider(
            complete,
            name=f"local:{model}",
            constrained=True,
            language=settings.llm_language,
            settings=settings,
            # `model serve` answers one call at a time; a server of the user's own may take more (llm_concurrency)
            parallel_calls=settings.llm_concurrency if "llm_concurrency" in settings.model_fields_set else 1,
        )
    if name == "openai":
        model = model or settings.llm_model
        if not model:
            raise InvalidInputError(
                "The openai provider needs a model name: pass --model or set FRONTIERSMITH_LLM_MODEL."
            )
        key = api_key_from_env(api_key_env or settings.llm_api_key_env)
        complete = openai_complete(base_url or settings.llm_base_url, model, key)
        return ChatProvider(
            complete,
            name=f"openai:{model}",
            constrained=True,
            language=settings.llm_language,
            settings=settings,
        )
    raise InvalidInputError(f"Unknown provider {name!r}; choose one of: {', '.join(PROVIDERS)}.")
