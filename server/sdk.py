"""What the server needs of the MCP SDK's ``MCPServer`` beyond what the SDK publishes, in one place.

The SDK lists what a server registered only as protocol records (the async ``list_*`` methods), and keeps each
description as the docstring was indented. ``RegisteringServer`` overrides the SDK's public registration methods
(``add_tool``, ``add_prompt``, ``add_resource`` and the ``resource`` decorator, which alone registers URI
templates), each calling the SDK's own: it records the names it registered, so the scopes can drop what they do
not grant (``app._keep_only``) with the public ``remove_tool`` / ``remove_prompt``, and it strips the
indentation of every description, which an agent would read as structure. It also records each tool's
argument names, and its ``call_tool`` (the SDK's public entry for a call) refuses an argument the tool does not
take, naming the ones it does: the SDK's argument models ignore unknown fields, so a misnamed field would
otherwise be dropped without a word. ``tool`` and ``prompt`` are the SDK's
decorators, which register through ``add_tool`` and ``add_prompt``. tests/server/test_sdk_adapter.py fails if the
SDK stops registering through these methods.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.prompts import Prompt
from mcp.server.mcpserver.resources import Resource
from mcp.types import Icon, ToolAnnotations

from .scopes import uri_scheme

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class Registered:
    """The names a server registered: its tools, its prompts and the URI schemes of its resources."""

    tools: set[str] = field(default_factory=set)
    prompts: set[str] = field(default_factory=set)
    schemes: set[str] = field(default_factory=set)


def cleaned(description: str | None, fn: Callable[..., Any] | None = None) -> str | None:
    """``description`` (else ``fn``'s docstring, as the SDK takes it) without the source's indentation."""
    text = description or (fn.__doc__ if fn is not None else None)
    return inspect.cleandoc(text) if text else None


class RegisteringServer(MCPServer):
    """An ``MCPServer`` that knows what it registered and registers descriptions without their indentation."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.registered = Registered()
        self._arguments: dict[str, list[str]] = {}  # tool name -> the arguments it takes, in order

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        """Call a tool; an argument the tool does not take raises ToolError naming the ones it does."""
        known = self._arguments.get(name)
        unknown = sorted(set(arguments) - set(known)) if known is not None else []
        if unknown:
            names = ", ".join(known or []) or "none"
            raise ToolError(
                f"{name} takes no argument named {', '.join(map(repr, unknown))}; its arguments are: {names}."
            )
        return await super().call_tool(name, arguments, context)

    def add_tool(
        self,
        fn: Callable[..., Any],
        name: str | None = None,
        title: str | None = None,
        description: str | None = None,
        annotations: ToolAnnotations | None = None,
        icons: list[Icon] | None = None,
        meta: dict[str, Any] | None = None,
        structured_output: bool | None = None,
    ) -> None:
        """Register a tool (its description without indentation) and remember its arguments."""
        super().add_tool(
            fn,
            name=name,
            title=title,
            description=cleaned(description, fn),
            annotations=annotations,
            icons=icons,
            meta=meta,
            structured_output=structured_output,
        )
        self.registered.tools.add(name or fn.__name__)
        self._arguments[name or fn.__name__] = [
            p.name
            for p in inspect.signature(fn).parameters.values()
            if p.name not in ("ctx", "context") and "Context" not in str(p.annotation)
        ]

    def add_prompt(self, prompt: Prompt) -> None:
        """Register a prompt, its description without indentation."""
        prompt.description = cleaned(prompt.description)
        super().add_prompt(prompt)
        self.registered.prompts.add(prompt.name)

    def add_resource(self, resource: Resource) -> None:
        """Register a resource, its description without indentation, and its URI scheme."""
        resource.description = cleaned(resource.description)
        super().add_resource(resource)
        self.registered.schemes.add(uri_scheme(str(resource.uri)))

    def resource(self, uri: str, *, description: str | None = None, **kwargs: Any) -> Callable[[F], F]:
        """Decorator registering a resource (or template) at ``uri``, its description without indentation, and
        its URI scheme."""

        def register(fn: F) -> F:
            self.registered.schemes.add(uri_scheme(uri))
            decorate = super(RegisteringServer, self).resource(
                uri, description=cleaned(description, fn), **kwargs
            )
            return decorate(fn)

        return register
