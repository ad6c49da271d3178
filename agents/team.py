"""``AgentTeam``: one connection to the FrontierSmith MCP server per role (stdio subprocess or streamable HTTP),
each with a static filter on the role's tools, and ``run``, which runs an agent under turn and token budgets,
stores its whole transcript as an ``agent.transcript`` event of the record it worked on, and hands back what
each of its tool calls returned.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import time
from collections.abc import Mapping, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents import (
    Agent,
    AgentOutputSchema,
    AgentsException,
    Model,
    ModelSettings,
    RunConfig,
    Runner,
    ToolCallOutputItem,
)
from agents.mcp import (
    MCPServer,
    MCPServerStdio,
    MCPServerStreamableHttp,
    MCPToolCustomDataContext,
    create_static_tool_filter,
)
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.llm import exchanges
from frontiersmith.tools.llm.endpoints import endpoint_refusal

from .exchanges import RecordingModel
from .roles import TEAM_ROLES, role

TRANSCRIPT = "agent.transcript"
# Tool calls run programs in the sandbox (run_verifier judges every solution on every test): far beyond the
# SDK's 5 s default read timeout.
TOOL_TIMEOUT_S = 900.0


@dataclass
class Budget:
    """Bounds on the agents: turns per agent run, cross-validation rounds, and tokens (over a candidate's
    cross-validation, and over a whole team's life)."""

    max_turns: int = 12
    max_rounds: int = 3
    max_tokens_per_candidate: int | None = 400_000
    max_tokens_total: int | None = None


@dataclass
class ToolCall:
    """One call of a server tool and the server's answer: its structured result, or the error text the
    caller was shown (then ``result`` is None)."""

    tool: str
    arguments: dict[str, Any]
    result: dict[str, Any] | None = None
    error: str = ""


@dataclass
class AgentRun:
    """What one agent run left behind: its final output (None when it failed), what it cost, and every tool
    call it made with the server's answer (also when the run failed after them)."""

    role: str
    output: Any
    tokens: int
    error: str | None = None
    items: list[Any] = field(default_factory=list)
    calls: list[ToolCall] = field(default_factory=list)

    def answers(self, tool: str) -> list[ToolCall]:
        """The calls it made of ``tool``, in order."""
        return [c for c in self.calls if c.tool == tool]


def _text(output: Any) -> str:
    parts = output if isinstance(output, list) else [output]
    texts = [p.get("text", "") if isinstance(p, dict) else str(p) for p in parts]
    return " ".join(t for t in texts if t)


def _keep_answer(ctx: MCPToolCustomDataContext) -> dict[str, Any]:
    """The server's structured answer rides beside the text the model reads (the SDK keeps it off the
    model's input), so whoever started the run gets the tool's result itself."""
    failed = bool(ctx.is_error) or ctx.structured_content is None
    return {
        "tool": ctx.tool_name,
        "arguments": dict(ctx.arguments),
        "result": None if failed else dict(ctx.structured_content or {}),
        "error": (_text(ctx.tool_output) or "the tool failed") if failed else "",
    }


def _calls(items: Sequence[Any]) -> list[ToolCall]:
    return [
        ToolCall(**i.custom_data)
        for i in items
        if isinstance(i, ToolCallOutputItem) and i.custom_data and "tool" in i.custom_data
    ]


def call_result(tool: str, arguments: dict[str, Any], result: Any) -> ToolCall:
    """A ToolCall from the server's CallToolResult, for a call made directly rather than by an agent."""
    if result.is_error or result.structured_content is None:
        texts = [getattr(c, "text", "") for c in result.content]
        return ToolCall(tool, arguments, error=" ".join(t for t in texts if t) or "the tool failed")
    return ToolCall(tool, arguments, dict(result.structured_content))


def frontiersmith_command() -> list[str]:
    """The `frontiersmith` console script of this interpreter's environment (or the module, if not installed)."""
    exe = shutil.which("frontiersmith", path=str(Path(sys.executable).parent))
    return [exe] if exe else [sys.executable, "-m", "frontiersmith.cli"]


def server_env(settings: Settings) -> dict[str, str]:
    """The environment of a `frontiersmith serve` subprocess: the same store, sandbox and limits as ours.

    The server's own provider is pinned to offline: in this team the agents author every piece of content, and
    the server must never reach a model (or need its key) on its own.
    """
    env: dict[str, str] = {}
    for name, value in settings.model_dump().items():
        skip = name.endswith("_token") or name in ("llm_api_key_env", "llm_base_url", "llm_model")
        if value is None or skip:
            continue
        env[f"FRONTIERSMITH_{name.upper()}"] = str(value)
    env["FRONTIERSMITH_STORE_PATH"] = str(settings.resolved_store_path)
    env["FRONTIERSMITH_LLM_PROVIDER"] = "offline"
    return env


def stdio_server(name: str, tools: Sequence[str], settings: Settings, scope: str = "all") -> MCPServerStdio:
    """The FrontierSmith MCP server as a stdio subprocess (``serve --tools scope``), exposing only
    ``tools``."""
    command, *args = frontiersmith_command()
    return MCPServerStdio(
        name=f"frontiersmith-{name}",
        # The team drives synthesis (and its solver submits), so it needs both scopes; each role's tool
        # filter still limits what that role may call. A contestant under evaluation gets "solve".
        params={"command": command, "args": [*args, "serve", "--tools", scope], "env": server_env(settings)},
        tool_filter=create_static_tool_filter(allowed_tool_names=list(tools)),
        cache_tools_list=True,
        client_session_timeout_seconds=TOOL_TIMEOUT_S,
        custom_data_extractor=_keep_answer,
    )


def http_server(name: str, tools: Sequence[str], url: str, token: str | None) -> MCPServerStreamableHttp:
    """A running FrontierSmith MCP server at ``url`` (bearer ``token``), exposing only ``tools``."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return MCPServerStreamableHttp(
        name=f"frontiersmith-{name}",
        params={"url": url, "headers": headers, "timeout": 30.0, "sse_read_timeout": TOOL_TIMEOUT_S},
        tool_filter=create_static_tool_filter(allowed_tool_names=list(tools)),
        cache_tools_list=True,
        client_session_timeout_seconds=TOOL_TIMEOUT_S,
        custom_data_extractor=_keep_answer,
    )


def _usage(usage: Any) -> dict[str, int]:
    return {
        "requests": int(getattr(usage, "requests", 0) or 0),
        "input_tokens": int(getattr(usage, "input_tokens", 0) or 0),
        "output_tokens": int(getattr(usage, "output_tokens", 0) or 0),
        "total_tokens": int(getattr(usage, "total_tokens", 0) or 0),
    }


def _turns(prompt: str | list[dict[str, str]]) -> list[Any]:
    """A run's input as transcript items: one user turn, or the conversation given."""
    return [{"role": "user", "content": prompt}] if isinstance(prompt, str) else list(prompt)


def _model_name(model: Any) -> str:
    return str(getattr(model, "model", None) or type(model).__name__)


def _jsonable(output: Any) -> Any:
    if hasattr(output, "model_dump"):
        return output.model_dump(mode="json")
    return output if isinstance(output, str | int | float | bool | type(None)) else str(output)


class AgentTeam:
    """The connected agents. Use as ``async with AgentTeam(...) as team``; connections close on exit.

    ``model`` is one SDK model for every role, or a mapping role -> model (tests script each role apart).
    ``tools`` overrides a role's tool filter. Without ``url`` every role gets its own `frontiersmith serve
    --tools SCOPE` subprocess over stdio (``scope``: 'all', or 'solve' for a contestant under evaluation); with it, a streamable-HTTP connection to that server (``token`` is its bearer token).
    """

    def __init__(
        self,
        store: Store,
        settings: Settings,
        model: Model | Mapping[str, Model],
        *,
        roles: Sequence[str] = TEAM_ROLES,
        tools: Mapping[str, Sequence[str]] | None = None,
        budget: Budget | None = None,
        url: str | None = None,
        token: str | None = None,
        scope: str = "all",
    ):
        self.store = store
        self._scope = scope
        self.settings = settings
        self.budget = budget or Budget()
        # Every model turn of every agent is kept as an exchange of the step that ran the agent.
        self._models: Model | dict[str, Model] = (
            {name: RecordingModel(m) for name, m in model.items()}
            if isinstance(model, Mapping)
            else RecordingModel(model)
        )
        self._tools = {name: tuple((tools or {}).get(name, role(name).tools)) for name in roles}
        self._url, self._token = url, token
        self.servers: dict[str, MCPServer] = {}
        self.tokens_used = 0
        self._stack: AsyncExitStack | None = None

    def tools_of(self, name: str) -> tuple[str, ...]:
        """The server tools role ``name`` may call."""
        return self._tools[name]

    async def __aenter__(self) -> AgentTeam:
        self._stack = AsyncExitStack()
        await self._stack.__aenter__()
        try:
            for name, tools in self._tools.items():
                server = (
                    http_server(name, tools, self._url, self._token)
                    if self._url
                    else stdio_server(name, tools, self.settings, self._scope)
                )
                self.servers[name] = await self._stack.enter_async_context(server)
        except BaseException:
            await self._stack.__aexit__(*sys.exc_info())
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._stack is not None:
            await self._stack.__aexit__(*exc)  # type: ignore[arg-type]
            self._stack = None
        self.servers.clear()

    def model_for(self, name: str) -> Model:
        """The model role ``name`` runs on (one for all roles, or each role's own)."""
        models = self._models
        return models[name] if isinstance(models, Mapping) else models

    @property
    def model_name(self) -> str:
        """The model's name for provenance (``proposer`` of candidates, transcripts)."""
        models = self._models
        if isinstance(models, Mapping):
            return "+".join(sorted({_model_name(m) for m in models.values()}))
        return _model_name(models)

    def agent(self, name: str, output_type: type | None = None, tool_choice: str | None = None) -> Agent:
        """The role's agent; ``tool_choice`` makes its first turn a call of that tool (then it answers freely)."""
        if name not in self.servers:
            raise KeyError(f"the team has no connected {name} agent; pass roles=[..., {name!r}]")
        return Agent(
            name=name,
            instructions=role(name).instructions_for(self._tools[name]),
            model=self.model_for(name),
            mcp_servers=[self.servers[name]],
            output_type=AgentOutputSchema(output_type, strict_json_schema=False) if output_type else None,
            model_settings=ModelSettings(tool_choice=tool_choice),
        )

    async def run(
        self,
        name: str,
        prompt: str | list[dict[str, str]],
        *,
        subject: str | None,
        output_type: type | None = None,
        context: Mapping[str, Any] | None = None,
        tool_choice: str | None = None,
    ) -> AgentRun:
        """Run one agent on ``prompt`` and store its transcript (every input item, tool call, tool result and
        output) as an event of ``subject``. An agent that fails (out of turns, unusable output, endpoint down)
        returns an AgentRun with ``error`` set instead of raising: the caller routes the failure."""
        started = time.monotonic()
        output: Any = None
        error: str | None = None
        items: list[Any] = []
        calls: list[ToolCall] = []
        usage: dict[str, int] = {}
        # The step the run answers keys its model turns: the provider's step that asked (the agents provider),
        # else this run's own (a cross-validation round of the test-case or verifier agent).
        step = str((context or {}).get("step") or name)
        asked = None if exchanges.current() else exchanges.new_ask(step, subject, dict(context or {}))
        try:
            with exchanges.asking(asked) if asked else contextlib.nullcontext():
                result = await Runner.run(
                    self.agent(name, output_type, tool_choice),
                    prompt,
                    max_turns=self.budget.max_turns,
                    run_config=RunConfig(tracing_disabled=True, workflow_name=f"frontiersmith-{name}"),
                )
            output = result.final_output
            items = result.to_input_list()
            calls = _calls(result.new_items)
            usage = _usage(result.context_wrapper.usage)
        except AgentsException as exc:
            error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:400] if str(exc) else ''}".rstrip(": ")
            data = exc.run_data
            if data is not None:
                items = [*_turns(prompt), *(i.to_input_item() for i in data.new_items)]
                calls = _calls(data.new_items)
                usage = _usage(data.context_wrapper.usage)
        except Exception as exc:  # the endpoint (openai.APIError and kin): the run is lost, not the loop
            if type(exc).__module__.startswith("agents.testing"):
                raise  # a test's script ran out: a bug in the test, not a model failure
            # the SDK model's OpenAI client, where it has one (under the recording wrapper): the endpoint to name
            model = self.model_for(name)
            client = getattr(getattr(model, "inner", model), "_client", None)
            refused = endpoint_refusal(str(getattr(client, "base_url", "") or "") or None, exc)
            if refused is not None:  # no request can succeed (a wrong key, no model): the synthesis run stops
                raise refused from None
            error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:400] if str(exc) else ''}".rstrip(": ")
            items = _turns(prompt)
        tokens = usage.get("total_tokens", 0)
        self.tokens_used += tokens
        self.store.events.add(
            TRANSCRIPT,
            subject,
            {
                "agent": name,
                "model": _model_name(self.model_for(name)),
                "tools": list(self._tools[name]),
                **dict(context or {}),
                "items": items,
                "final_output": _jsonable(output),
                "error": error,
                "usage": usage,
                "seconds": round(time.monotonic() - started, 3),
            },
        )
        return AgentRun(name, output, tokens, error, items, calls)

    async def call_tool(self, name: str, tool: str, arguments: dict[str, Any]) -> ToolCall:
        """Call a server tool on ``name``'s connection directly, without its model (no tokens spent)."""
        return call_result(tool, arguments, await self.servers[name].call_tool(tool, arguments))

    def over_total_budget(self) -> bool:
        """Whether the team's tokens exceed the budget's total cap (never without one)."""
        cap = self.budget.max_tokens_total
        return cap is not None and self.tokens_used > cap
