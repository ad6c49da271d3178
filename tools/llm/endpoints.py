"""The model endpoints: a ``Complete`` over any OpenAI-compatible endpoint (through the OpenAI Agents SDK) or
over one that constrains a JSON answer to its schema (llama.cpp's server), a multi-turn ``Chat`` for a solver
under evaluation, and what a failed call becomes: a refusal of every request (the key, the access, the model,
the quota: the run stops) or one step's ProviderError.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel

from frontiersmith.errors import EndpointUnreachable, ProviderError
from frontiersmith.metering import charge_tokens

# the conversation (system, the worked example's turns, the task), the JSON answer's shape (None: free text)
Messages = list[dict[str, str]]
Complete = Callable[[Messages, type[BaseModel] | None], Awaitable[BaseModel | str]]


def unreachable(base_url: str | None, exc: Exception) -> EndpointUnreachable:
    """The one-sentence error for an endpoint that cannot be reached, saying how to start or point at one."""
    where = base_url or "the default OpenAI endpoint"
    return EndpointUnreachable(
        f"The model endpoint {where} cannot be reached ({str(exc).splitlines()[0][:200]}); start it (a local "
        "model: `frontiersmith model serve`) or fix FRONTIERSMITH_LLM_BASE_URL / --base-url."
    )


# What each refusal of every request means, and what to do (a status the endpoint answers every step with: no
# step of the run can succeed, so the run stops on the first).
_REFUSALS = {
    401: "refused the API key ({said}); export the key in the variable --api-key-env names (default "
    "OPENAI_API_KEY), or fix FRONTIERSMITH_LLM_API_KEY_ENV",
    403: "refused access ({said}); use a key that may call the model, or another --model",
    404: "has no such model or path ({said}); pass a model it serves with --model, and a --base-url that ends "
    "in its API path (e.g. /v1)",
    429: "has no quota left for this key ({said}); add credit or use another key",
}


def endpoint_refusal(base_url: str | None, exc: Exception) -> EndpointUnreachable | None:
    """The sentence that stops a run when a model endpoint can serve no request: nothing answered, or it
    refused the key (401), the access (403), the model or path (404) or the quota (429 with
    ``insufficient_quota``); None for a failure of one request (a time-out, a rate limit, a server error)."""
    from openai import APIConnectionError, APIStatusError, APITimeoutError

    if isinstance(exc, APIConnectionError) and not isinstance(exc, APITimeoutError):
        return unreachable(base_url, exc)
    if not isinstance(exc, APIStatusError) or exc.status_code not in _REFUSALS:
        return None
    code = str(getattr(exc, "code", "") or "")
    if exc.status_code == 429 and "quota" not in code and "quota" not in str(exc).lower():
        return None  # a rate limit: the next request may pass
    body = exc.body if isinstance(exc.body, dict) else {}
    said = str(body.get("message") or str(exc)).splitlines()[0][:200]
    where = base_url or "the default OpenAI endpoint"
    return EndpointUnreachable(
        f"The model endpoint {where} {_REFUSALS[exc.status_code].format(said=f'{exc.status_code}: {said}')}."
    )


def endpoint_error(base_url: str | None, exc: Exception) -> Exception:
    """What a failed call to a model endpoint becomes: EndpointUnreachable when no request can succeed (nothing
    answered, or it refused the key, the access, the model or the quota: ``endpoint_refusal``; a time-out is a
    slow model, not a missing one), else a ProviderError for the step."""
    from openai import APITimeoutError

    refused = endpoint_refusal(base_url, exc)
    if refused is not None:
        return refused
    if isinstance(exc, APITimeoutError):
        return ProviderError("The model endpoint did not answer in time.")
    return ProviderError(f"The model endpoint failed: {str(exc).splitlines()[0][:300]}")


def openai_complete(base_url: str | None, model: str, api_key: str | None) -> Complete:
    """A ``Complete`` over any OpenAI-compatible chat endpoint, through the OpenAI Agents SDK."""
    from openai import AsyncOpenAI, OpenAIError

    from agents import (
        Agent,
        AgentOutputSchema,
        AgentsException,
        OpenAIChatCompletionsModel,
        RunConfig,
        Runner,
        set_tracing_disabled,
    )

    set_tracing_disabled(True)  # traces would leave the machine
    client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", max_retries=1)
    chat_model = OpenAIChatCompletionsModel(model=model, openai_client=client)

    async def complete(messages: Messages, schema: type[BaseModel] | None) -> BaseModel | str:
        agent = Agent(
            name=f"frontiersmith-{schema.__name__ if schema else 'text'}",
            instructions=messages[0]["content"],
            model=chat_model,
            output_type=AgentOutputSchema(schema, strict_json_schema=False) if schema else None,
        )
        try:
            turns: Any = messages[1:]  # the worked example's turns, then the task
            result = await Runner.run(agent, turns, max_turns=2, run_config=RunConfig(tracing_disabled=True))
        except AgentsException as exc:
            raise ProviderError(
                f"The model's answer could not be used: {str(exc).splitlines()[0][:300]}"
            ) from None
        except OpenAIError as exc:
            raise endpoint_error(base_url, exc) from None
        usage = result.context_wrapper.usage  # as the endpoint reported it, summed over the run's turns
        charge_tokens(usage.input_tokens, usage.output_tokens)
        output = result.final_output
        return output if isinstance(output, BaseModel) else str(output)

    return complete


def schema_complete(
    base_url: str | None, model: str, api_key: str | None, *, max_tokens: int = 2048, temperature: float = 0.5
) -> Complete:
    """A ``Complete`` over a chat endpoint that constrains a JSON answer to its schema given as
    ``response_format={"type": "json_object", "schema": ...}`` (llama.cpp's server, where OpenAI's
    ``json_schema`` form is refused); the answer comes back as text, which the parsing layer reads. An answer
    cut at ``max_tokens`` is unusable (its text goes with the error, to be kept)."""
    from openai import AsyncOpenAI, OpenAIError

    async def complete(messages: Messages, schema: type[BaseModel] | None) -> BaseModel | str:
        # A client per answer, closed on the loop that asked: a step takes seconds, a connection a millisecond,
        # and no client outlives the event loop it was made on (trainers and tests run one loop after another).
        try:
            async with AsyncOpenAI(
                base_url=base_url, api_key=api_key or "not-needed", max_retries=1
            ) as client:
                answer = await client.chat.completions.create(
                    model=model,
                    messages=messages,  # type: ignore[arg-type]
                    **_constrained_to(schema),
                    max_tokens=max_tokens,
                    temperature=temperature,
                )
        except OpenAIError as exc:
            raise endpoint_error(base_url, exc) from None
        if answer.usage:
            charge_tokens(answer.usage.prompt_tokens, answer.usage.completion_tokens)
        choice = answer.choices[0] if answer.choices else None
        text = (choice.message.content or "") if choice is not None else ""
        if choice is not None and choice.finish_reason == "length":
            raise ProviderError(
                f"The answer was cut at {max_tokens} tokens before it ended; write less.", raw=text
            )
        return text

    return complete


def _constrained_to(schema: type[BaseModel] | None) -> dict[str, Any]:
    """The request arguments that constrain decoding to ``schema`` in llama.cpp's form (none for free text).
    String length bounds are left to the parsing layer: llama.cpp unrolls each into a grammar rule per
    character, and a bound of a few hundred fails to parse and has stopped the server."""
    if schema is None:
        return {}
    return {
        "response_format": {"type": "json_object", "schema": _without_lengths(schema.model_json_schema())}
    }


_LENGTH_KEYS = {"minLength", "maxLength"}


def _without_lengths(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _without_lengths(v) for k, v in node.items() if k not in _LENGTH_KEYS}
    if isinstance(node, list):
        return [_without_lengths(v) for v in node]
    return node


Chat = Callable[[list[dict[str, Any]]], Awaitable[tuple[str, int]]]


def openai_chat(base_url: str | None, model: str, api_key: str | None) -> Chat:
    """A multi-turn chat over any OpenAI-compatible endpoint: messages in, (the answer's text, total tokens)
    out. A solver under evaluation answers in free text (tools/frontier), so a bad answer is its own failure
    rather than a schema error."""
    from openai import APIError, AsyncOpenAI

    client = AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", max_retries=1)

    async def chat(messages: list[dict[str, Any]]) -> tuple[str, int]:
        try:
            answer = await client.chat.completions.create(model=model, messages=messages)  # type: ignore[arg-type]
        except APIError as exc:
            refused = endpoint_refusal(base_url, exc)
            if refused is None:
                raise
            raise refused from None
        text = answer.choices[0].message.content or "" if answer.choices else ""
        return text, int(answer.usage.total_tokens) if answer.usage else 0

    return chat


def api_key_from_env(var: str) -> str | None:
    """The API key in environment variable ``var``, or None."""
    return os.environ.get(var)
