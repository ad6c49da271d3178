"""Where LLM-written content comes from in a tool call: the caller, the client's model through MCP sampling,
or the server's configured provider; and the bridge that makes sampling work in both protocol eras.

Up to protocol 2025-11-25 a tool can send ``sampling/createMessage`` to the client mid-call, as often as it
likes. From 2026-07-28 there is no server-to-client channel: the tool returns an ``InputRequiredResult``
listing the questions, the client answers them and retries the call with the answers, and the tool runs
again from the top. ``SamplingBridge`` hides the difference behind one ``complete`` function, so the same
``ChatProvider`` (and so the same versioned prompts) serves both eras.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import warnings
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal

import anyio
from mcp.server.mcpserver import Context
from mcp.types import (
    CreateMessageRequest,
    CreateMessageRequestParams,
    CreateMessageResult,
    CreateMessageResultWithTools,
    InputRequiredResult,
    SamplingMessage,
    TextContent,
)
from mcp_types.version import is_version_at_least
from pydantic import BaseModel

from frontiersmith.drafts import Provider
from frontiersmith.errors import InvalidInputError, ProviderError
from frontiersmith.settings import Settings
from frontiersmith.tools.llm.chat import ChatProvider
from frontiersmith.tools.llm.endpoints import Messages
from frontiersmith.tools.llm.factory import make_provider

GenerateWith = Literal["auto", "sampling", "server"]
# The first protocol revision without mid-call server-to-client requests.
INPUT_REQUIRED_ERA = "2026-07-28"
SAMPLING_MAX_TOKENS = 16_000
SAMPLING_NAME = "mcp-sampling"


class NeedsSampling(Exception):
    """Raised inside a tool call (2026-07-28 era) when a prompt has no answer yet; the tool then returns
    ``SamplingBridge.input_required()``. Deliberately not a FrontierSmithError: it is control flow."""


def client_offers_sampling(ctx: Context) -> bool:
    """Whether the connected client declared the sampling capability."""
    caps = ctx.client_capabilities
    return caps is not None and caps.sampling is not None


def _digest(messages: Messages) -> str:
    return hashlib.sha256(json.dumps(messages).encode()).hexdigest()[:24]


def _text_of(result: Any) -> str:
    content = result.content
    blocks = content if isinstance(content, list) else [content]
    texts = [b.text for b in blocks if isinstance(b, TextContent)]
    if not texts:
        raise ProviderError("The client's model answered the sampling request without any text.")
    return "\n".join(texts)


class SamplingBridge:
    """One tool call's view of MCP sampling: answers already received, and the questions still open.

    Each question is keyed by the digest of its exact prompt, so an answer can only ever satisfy the
    question it was given for; the answers ride ``request_state``, which the SDK seals against tampering.
    """

    def __init__(self, ctx: Context, max_tokens: int = SAMPLING_MAX_TOKENS):
        self.ctx = ctx
        self.max_tokens = max_tokens
        version = ctx.protocol_version
        self.modern = version is not None and is_version_at_least(version, INPUT_REQUIRED_ERA)
        self.answers: dict[str, str] = {}
        self.pending: dict[str, CreateMessageRequest] = {}
        if self.modern:
            self._load_answers()

    def _load_answers(self) -> None:
        if self.ctx.request_state:
            # Unreadable state means nothing answered yet: the questions are simply asked again.
            with contextlib.suppress(ValueError, AttributeError):
                self.answers.update(json.loads(self.ctx.request_state).get("answers", {}))
        for key, response in (self.ctx.input_responses or {}).items():
            if isinstance(response, CreateMessageResult | CreateMessageResultWithTools):
                self.answers[key] = _text_of(response)

    def _params(self, messages: Messages) -> CreateMessageRequestParams:
        system, *turns = messages
        return CreateMessageRequestParams(
            messages=[
                SamplingMessage(role=t["role"], content=TextContent(type="text", text=t["content"]))  # type: ignore[arg-type]
                for t in turns
            ],
            system_prompt=system["content"],
            max_tokens=self.max_tokens,
        )

    async def complete(self, messages: Messages, schema: type[BaseModel] | None) -> str:
        """The ``Complete`` of a ChatProvider: the client's model answers the conversation's last turn."""
        if not self.modern:
            params = self._params(messages)
            with warnings.catch_warnings():
                # The SDK flags client sampling as deprecated for the 2026 era; in this era it is the way.
                warnings.simplefilter("ignore")
                result = await self.ctx.session.create_message(
                    messages=params.messages, max_tokens=params.max_tokens, system_prompt=params.system_prompt
                )
            return _text_of(result)
        key = _digest(messages)
        if key in self.answers:
            return self.answers[key]
        self.pending[key] = CreateMessageRequest(params=self._params(messages))
        raise NeedsSampling(key)

    def input_required(self) -> InputRequiredResult:
        """The open questions plus every answer so far, for the client to answer and retry with."""
        return InputRequiredResult(
            input_requests=dict(self.pending), request_state=json.dumps({"answers": self.answers})
        )


def choose_provider(
    ctx: Context, settings: Settings, generate_with: GenerateWith
) -> tuple[Provider, SamplingBridge | None]:
    """The provider that writes what the caller did not: sampling when the client offers it (``auto``),
    else the server's configured provider (offline, built on the catalog, unless configured otherwise)."""
    offers = client_offers_sampling(ctx)
    if generate_with == "sampling" or (generate_with == "auto" and offers):
        if not offers:
            raise InvalidInputError(
                "Your MCP client does not offer sampling; pass the content you wrote, or generate_with='server'."
            )
        bridge = SamplingBridge(ctx)
        provider = ChatProvider(
            bridge.complete, name=SAMPLING_NAME, language=settings.llm_language, settings=settings
        )
        return provider, bridge
    if settings.llm_provider == "sampling":
        if generate_with == "server":
            raise InvalidInputError(
                "The server is configured to use MCP sampling only (FRONTIERSMITH_LLM_PROVIDER=sampling); "
                "pass the content you wrote or connect a client that offers sampling."
            )
        raise InvalidInputError(
            "The server is configured to use MCP sampling but your client does not offer it; "
            "pass the content you wrote instead."
        )
    return make_provider(None, settings), None


async def run_sampled(
    bridge: SamplingBridge | None,
    call: Callable[[], Awaitable[Any]],
    warmups: Sequence[Callable[[], Awaitable[Any]]] = (),
) -> Any:
    """Run a capability whose provider may be the sampling bridge.

    In the 2026 era the capability re-runs on every round, so ``warmups`` first ask, side-effect free and
    in one batch, every question the capability will ask before it writes to the store; the capability
    runs only once they are all answered. Any question it still asks ends the round the same way.
    """
    if bridge is None:
        return await call()
    if bridge.modern and warmups:
        failures: list[BaseException] = []

        async def attempt(step: Callable[[], Awaitable[Any]]) -> None:
            try:
                await step()
            except NeedsSampling:
                pass
            except Exception as exc:  # a malformed answer, reported after the batch is complete
                failures.append(exc)

        async with anyio.create_task_group() as tg:
            for step in warmups:
                tg.start_soon(attempt, step)
        if failures:
            raise failures[0]
        if bridge.pending:
            return bridge.input_required()
    try:
        return await call()
    except NeedsSampling:
        return bridge.input_required()
