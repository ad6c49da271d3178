"""What every tool of one server shares: the settings, the store (opened on first use, with the catalog
seeds in it), a bound on concurrent sandbox-heavy calls, and the mapping of failures onto tool errors."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from pydantic import ValidationError

from frontiersmith.errors import FrontierSmithError
from frontiersmith.settings import Settings
from frontiersmith.store import Store, open_store
from frontiersmith.tools.synthesis import ensure_catalog_seeds

log = logging.getLogger("frontiersmith.server")


@dataclass
class Backend:
    settings: Settings
    _store: Store | None = None
    _slots: anyio.Semaphore | None = field(default=None, repr=False)

    def store(self) -> Store:
        if self._store is None:
            store = open_store(None, self.settings)
            ensure_catalog_seeds(store)  # so the catalog's closed problems can be mutated from the start
            self._store = store
        return self._store

    def close(self) -> None:
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
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "input"
    more = len(exc.errors()) - 1
    extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    return f"{what} `{where}`: {first.get('msg')}{extra}; fix it and call again."


def describe_failure(tool: str, exc: ToolError) -> str:
    """One sentence for the caller: its own mistake, a step that failed, or (never its fault) a server bug."""
    cause = exc.__cause__
    while isinstance(cause, BaseExceptionGroup) and len(cause.exceptions) == 1:
        cause = cause.exceptions[0]  # a task group around one failure: the failure is what matters
    if isinstance(cause, FrontierSmithError):
        return str(cause)
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


class FrontierSmithServer(MCPServer):
    """MCPServer whose tool failures are one actionable sentence, and whose unexpected exceptions are logged
    and reported as a server fault instead of escaping; the server keeps serving either way."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except MCPError:
            raise
        except ToolError as exc:
            raise ToolError(describe_failure(name, exc)) from None
