"""`frontiersmith serve`: the MCP server over stdio or streamable HTTP."""

from collections.abc import Callable

COMMANDS: dict[str, Callable[..., None]] = {}
