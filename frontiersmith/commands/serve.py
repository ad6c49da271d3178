"""`frontiersmith serve`: the MCP server over stdio (for Claude Code, Codex, IDE assistants) or streamable HTTP."""

from __future__ import annotations

from collections.abc import Callable

import typer

from frontiersmith.settings import get_settings


def serve(
    http: bool = typer.Option(False, "--http", help="Serve streamable HTTP at /mcp instead of stdio."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind with --http."),
    port: int = typer.Option(8765, "--port", min=1, max=65535, help="Port to bind with --http."),
) -> None:
    """Serve the FrontierSmith tools, resources and prompts over MCP.

    Over HTTP every request needs the header 'Authorization: Bearer TOKEN', TOKEN from FRONTIERSMITH_HTTP_TOKEN or http_token in the config file.

    On a loopback address without a configured token one is generated and printed to stderr; any other address without one is refused.
    """
    from frontiersmith.server import build_server
    from frontiersmith.server.http import http_token, serve_http

    settings = get_settings()
    token = http_token(settings.http_token, host) if http else None  # refuse a bad bind before any work
    server = build_server(settings)
    try:
        if http:
            assert token is not None
            serve_http(server, host, port, token)
        else:
            # stdout carries the protocol only: everything else goes to stderr.
            server.run("stdio")
    finally:
        server.backend.close()  # type: ignore[attr-defined]


COMMANDS: dict[str, Callable[..., None]] = {"serve": serve}
