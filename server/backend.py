"""What every tool of one server shares: the settings, the store (opened on first use, with the catalog
seeds in it), a bound on concurrent sandbox-heavy calls, and the mapping of failures onto tool errors."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import anyio
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS
from pydantic import ValidationError

from frontiersmith.errors import FrontierSmithError
from frontiersmith.settings import Settings

from .scopes import SCOPES_OF, Scope, grant_of, needs_scope, not_served
from .sdk import RegisteringServer

if TYPE_CHECKING:
    from frontiersmith.store import Store

log = logging.getLogger("frontiersmith.server")


@dataclass
class Backend:
    """What the server's tools share: the settings, the store (opened on first use) and the slots that bound
    the judging done at once."""

    settings: Settings
    _store: Store | None = None
    _slots: anyio.Semaphore | None = field(default=None, repr=False)

    def store(self) -> Store:
        """The store the settings name, opened on the first call with the catalog's seeds stored in it."""
        if self._store is None:  # opened (and imported) on first use, as the tools are (app._register)
            from frontiersmith.store import open_store
            from frontiersmith.tools.seeds.pool import ensure_catalog_seeds

            store = open_store(None, self.settings)
            ensure_catalog_seeds(store)  # so the catalog's closed problems can be mutated from the start
            self._store = store
        return self._store

    def close(self) -> None:
        """Close the store if it was opened; the next ``store()`` opens it again."""
        if self._store is not None:
            self._store.close()
            self._store = None

    @asynccontextmanager
    async def sandbox_slot(self, ctx: Context, what: str) -> AsyncIterator[None]:
        """At most ``settings.max_concurrency`` sandbox-heavy calls at once; the rest wait their turn, so
        a burst of calls queues instead of starving every call of CPU until all of them time out."""
        if self._slots is None:
            self._slots = anyio.Semaphore(self.settings.max_concurrency)
        if self._slots.value == 0:
            await progress(ctx, 0, None, f"{what}: waiting for a free sandbox slot")
        async with self._slots:
            yield


async def progress(ctx: Context, done: float, total: float | None, message: str) -> None:
    """Report progress; a client that did not ask for progress simply gets none."""
    await ctx.report_progress(done, total, message)


def validation_sentence(exc: ValidationError, what: str = "Argument") -> str:
    """A pydantic error as one sentence a caller can act on: the first field at fault and its message, and how
    many more there are."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "input"
    more = len(exc.errors()) - 1
    extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    return f"{what} `{where}`: {first.get('msg')}{extra}; fix it and call again."


# An id (or any word) longer than this is cut when an error echoes it: a 5000-character id sent back in
# full only bloats the caller's context.
MAX_ECHOED = 100
MAX_MESSAGE = 2000
_ABSOLUTE_PATH = re.compile(r"(?<![\w.:/~-])(?:~|/[^\s/'\"`()\[\]{},;:]+)(?:/[^\s/'\"`()\[\]{},;:]*)+")
_LONG_QUOTED = re.compile(rf"'[^']{{{MAX_ECHOED},}}'|\"[^\"]{{{MAX_ECHOED},}}\"")
_LONG_WORD = re.compile(rf"\S{{{MAX_ECHOED + 1},}}")


def _shorten(text: str) -> str:
    return text[: MAX_ECHOED - 20] + "…"


def public_message(message: str, settings: Settings | None = None) -> str:
    """An error message fit for any MCP client: no host path (the store's, its folder's, a home or temp
    dir's, or any other absolute path) and no echoed id longer than about MAX_ECHOED characters."""
    text = message
    if settings is not None:
        store = str(settings.resolved_store_path)
        text = re.sub(r"(?i)\b(the store)\s+" + re.escape(store), r"\1", text)
        text = text.replace(store, "the store file")
        for folder in {str(settings.resolved_store_path.parent), str(settings.data_dir)}:
            text = text.replace(folder, "the store's folder")
    # A sentence's full stop after a path is not part of it.
    text = _ABSOLUTE_PATH.sub(
        lambda m: "<path>" + "." * (len(m.group(0)) - len(m.group(0).rstrip("."))), text
    )
    text = _LONG_QUOTED.sub(lambda m: m.group(0)[0] + _shorten(m.group(0)[1:-1]) + m.group(0)[0], text)
    text = _LONG_WORD.sub(lambda m: _shorten(m.group(0)), text)
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def describe_failure(tool: str, exc: ToolError) -> str:
    """One sentence for the caller: its own mistake, a step that failed, or (never its fault) a server bug."""
    cause = exc.__cause__
    while isinstance(cause, BaseExceptionGroup) and len(cause.exceptions) == 1:
        cause = cause.exceptions[0]  # a task group around one failure: the failure is what matters
    if isinstance(cause, FrontierSmithError):
        return cause.for_mcp()
    if isinstance(cause, ValidationError):
        # Arguments that do not fit the input schema, or a draft inside them that does not fit its model.
        return validation_sentence(cause)
    if cause is None or isinstance(cause, ToolError):
        return str(cause or exc).removeprefix(f"Error executing tool {tool}: ")
    log.error("tool %s failed unexpectedly", tool, exc_info=cause)
    return (
        f"The server failed unexpectedly while running {tool} ({type(cause).__name__}); this is a server "
        "fault, not a problem with your input. The server is still running: retry, and report it if it recurs."
    )


class FrontierSmithServer(RegisteringServer):
    """MCPServer whose tool failures are one actionable sentence, and whose unexpected exceptions are logged
    and reported as a server fault instead of escaping; the server keeps serving either way. No error it
    sends names a host path or echoes a very long id (``public_message``)."""

    backend: Backend
    # The scopes it was built for (``build_server(tools=...)``): a call to what another scope grants is told
    # which scope that is, instead of the SDK's bare "Unknown tool".
    served: frozenset[Scope] = SCOPES_OF["all"]
    # What registers the tools, resources and prompts, when that waits for the first request that needs them
    # (``build_server(deferred=True)``): `initialize` is then answered before the domain modules are imported.
    _deferred: Callable[[], None] | None = None

    def load(self) -> None:
        """Register what a deferred build left for later; a no-op once done (or when nothing was deferred)."""
        deferred, self._deferred = self._deferred, None
        if deferred is not None:
            deferred()

    async def list_tools(self) -> Any:
        """The tools, registered first if the build deferred them."""
        self.load()
        return await super().list_tools()

    async def list_resources(self) -> Any:
        """The resources, registered first if the build deferred them."""
        self.load()
        return await super().list_resources()

    async def list_resource_templates(self) -> Any:
        """The resource templates, registered first if the build deferred them."""
        self.load()
        return await super().list_resource_templates()

    async def list_prompts(self) -> Any:
        """The prompts, registered first if the build deferred them."""
        self.load()
        return await super().list_prompts()

    def _public(self, message: str) -> str:
        backend = getattr(self, "backend", None)
        return public_message(message, backend.settings if backend is not None else None)

    def _other_scope(self, method: str, params: dict[str, Any]) -> str | None:
        """For a call to what another scope grants (never listed here): which scope, and how to serve it."""
        denied = needs_scope(grant_of(self.served), method, params)
        return None if denied is None else self._public(not_served(*denied, self.served))

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None) -> Any:
        """Call a tool; a tool of another scope, and every failure, is one public sentence (ToolError or
        MCPError)."""
        if refused := self._other_scope("tools/call", {"name": name}):
            raise ToolError(refused)
        self.load()
        try:
            return await super().call_tool(name, arguments, context)
        except MCPError as exc:
            raise MCPError(exc.code, self._public(exc.message), exc.data) from None
        except ToolError as exc:
            raise ToolError(self._public(describe_failure(name, exc))) from None

    async def read_resource(self, uri: Any, context: Context | None = None) -> Any:
        """Read a resource; a resource of another scope is not found, and a failure is one public sentence."""
        if refused := self._other_scope("resources/read", {"uri": str(uri)}):
            raise ResourceNotFoundError(refused)
        self.load()
        try:
            return await super().read_resource(uri, context)
        except MCPError as exc:
            raise MCPError(exc.code, self._public(exc.message), exc.data) from None
        except ResourceError as exc:
            raise type(exc)(self._public(str(exc))) from None

    async def get_prompt(
        self, name: str, arguments: dict[str, Any] | None = None, context: Context | None = None
    ) -> Any:
        """Render a prompt; another scope's prompt, an unknown one or bad arguments raise an invalid-params
        MCPError."""
        if refused := self._other_scope("prompts/get", {"name": name}):
            raise MCPError(INVALID_PARAMS, refused)
        self.load()
        try:
            return await super().get_prompt(name, arguments, context)
        except MCPError as exc:
            raise MCPError(exc.code, self._public(exc.message), exc.data) from None
        except ValueError as exc:
            # An unknown prompt or bad arguments: the caller's mistake, not the SDK's "Internal server error".
            raise MCPError(INVALID_PARAMS, self._public(str(exc))) from None
