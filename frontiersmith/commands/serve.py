"""`frontiersmith serve`: the MCP server over stdio (for Claude Code, Codex, IDE assistants) or streamable HTTP."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

import typer

from frontiersmith.settings import get_settings


class Tools(StrEnum):
    """The capability scopes to serve (server/scopes.py holds what each one grants)."""

    SOLVE = "solve"
    SYNTHESIS = "synthesis"
    ALL = "all"


def serve(
    http: bool = typer.Option(False, "--http", help="Serve streamable HTTP at /mcp instead of stdio."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind with --http."),
    port: int = typer.Option(8765, "--port", min=1, max=65535, help="Port to bind with --http."),
    tools: Tools = typer.Option(
        Tools.SOLVE,
        "--tools",
        help="What to serve. 'solve' (the default): list and read problems, submit, leaderboards, lineage, and "
        "nothing that can change how a solution is scored, so it is safe to hand to an agent under evaluation. "
        "'synthesis': the problem-synthesis tools (mutate, sample, divergence, tests, verifier, publish) and "
        "the read tools. 'all': both.",
        case_sensitive=False,
    ),
) -> None:
    """Serve the FrontierSmith tools, resources and prompts over MCP.

    Solve is the default because whoever connects to a server it was not told otherwise about could be the
    agent being scored: with the synthesis tools it could write a verifier that rewards its own output and
    publish it. Ask for --tools synthesis or --tools all to drive synthesis.

    Over HTTP every request needs the header 'Authorization: Bearer TOKEN'. FRONTIERSMITH_HTTP_TOKEN (http_token in the config file) grants every scope served; FRONTIERSMITH_HTTP_SOLVE_TOKEN only solving and FRONTIERSMITH_HTTP_SYNTHESIS_TOKEN only synthesis. A call outside a token's scopes gets HTTP 403.

    On a loopback address without a configured token one is generated and printed to stderr; any other address without one is refused.
    """
    from frontiersmith.server import build_server
    from frontiersmith.server.backend import Backend
    from frontiersmith.server.http import http_app, http_auth, serve_http

    settings = get_settings()
    auth = http_auth(settings, host) if http else None  # refuse a bad bind or token before any work
    if auth is not None:
        backend = Backend(settings)
        try:
            serve_http(http_app(settings, backend, tools.value, host, auth), host, port, auth)
        finally:
            backend.close()
        return
    server = build_server(settings, tools=tools.value, deferred=True)
    try:
        # stdout carries the protocol only: everything else goes to stderr.
        server.run("stdio")
    finally:
        server.backend.close()


COMMANDS: dict[str, Callable[..., None]] = {"serve": serve}
