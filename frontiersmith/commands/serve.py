"""`frontiersmith serve`: the MCP server over stdio (for Claude Code, Codex, IDE assistants) or streamable HTTP."""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

import typer

from frontiersmith.settings import get_settings

from .store_option import store_option


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
    store: Path | None = store_option(what="The store to serve"),
) -> None:
    """Serve the FrontierSmith tools, resources and prompts over MCP.

    Solve is the default because whoever connects to a server it was not told otherwise about could be the
    agent being scored: with the synthesis tools it could write a verifier that rewards its own output and
    publish it. Ask for --tools synthesis or --tools all to drive synthesis.

    Over HTTP every request needs the header 'Authorization: Bearer TOKEN'. FRONTIERSMITH_HTTP_TOKEN (http_token in the config file) grants every scope served; FRONTIERSMITH_HTTP_SOLVE_TOKEN only solving and FRONTIERSMITH_HTTP_SYNTHESIS_TOKEN only synthesis. A call outside a token's scopes gets HTTP 403.

    On a loopback address without a configured token one is generated and printed to stderr; any other address without one is refused.
    """
    from frontiersmith.server import build_server
    from frontiersmith.server.tokens import http_auth

    settings = get_settings()
    auth = http_auth(settings, host) if http else None  # refuse a bad bind or token before any work
    if auth is not None:
        # Over stdio the HTTP app and its dashboard are never imported: `initialize` is answered sooner.
        from frontiersmith.server.backend import Backend
        from frontiersmith.server.http import http_app, serve_http

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


class Client(StrEnum):
    """The formats `mcp-config` prints: a `claude mcp add` line, a Codex config table, an `mcpServers` JSON."""

    CLAUDE = "claude"
    CODEX = "codex"
    JSON = "json"


def executable() -> str:
    """The absolute path of this installation's `frontiersmith`, so a client need not find it on its PATH."""
    beside = Path(sys.executable).parent / "frontiersmith"
    if beside.is_file():
        return str(beside)
    found = shutil.which("frontiersmith")
    return str(Path(found).absolute()) if found else str(beside)


def mcp_snippet(client: Client, tools: Tools, name: str = "frontiersmith", store: Path | None = None) -> str:
    """What to paste into ``client`` so it starts this installation's `frontiersmith serve --tools TOOLS` (on
    the store file ``store``, when given, instead of the configured one)."""
    command, args = executable(), ["serve", "--tools", tools.value]
    env = {"FRONTIERSMITH_STORE_PATH": str(store.absolute())} if store is not None else {}
    if client is Client.CLAUDE:
        options = [part for key, value in env.items() for part in ("-e", f"{key}={value}")]
        return shlex.join(["claude", "mcp", "add", name, *options, "--", command, *args])
    if client is Client.CODEX:
        pairs = ", ".join(f"{key} = {json.dumps(value)}" for key, value in env.items())
        return "\n".join(
            [
                f"[mcp_servers.{name}]",
                f"command = {json.dumps(command)}",
                f"args = {json.dumps(args)}",
                *([f"env = {{ {pairs} }}"] if env else []),
                "# The first call imports the judge and the catalog; judging a whole test suite takes a while.",
                "startup_timeout_sec = 30",
                "tool_timeout_sec = 600",
            ]
        )
    server: dict[str, object] = {"command": command, "args": args, **({"env": env} if env else {})}
    return json.dumps({"mcpServers": {name: server}}, indent=2)


def mcp_config(
    client: str = typer.Argument(
        ...,
        metavar="CLIENT",
        help="claude: a `claude mcp add` command line; codex: a table for ~/.codex/config.toml; json: an "
        "`mcpServers` object (Claude Desktop, Cursor, `claude mcp add-json`, the MCP Inspector's --config).",
    ),
    tools: Tools = typer.Option(
        Tools.SOLVE,
        "--tools",
        case_sensitive=False,
        help="What the server offers the client (see `frontiersmith serve --help`): 'solve' (the default) for "
        "an agent that solves or is evaluated; 'all' for one that also synthesises.",
    ),
    name: str = typer.Option("frontiersmith", "--name", help="The server's name in the client."),
    store: Path = typer.Option(
        None,
        "--store",
        help="Serve this store file (e.g. the one a demo printed) instead of the configured one.",
    ),
) -> None:
    """Print a ready-to-paste MCP client configuration for this installation.

    The server is started by its absolute path, so the snippet works whatever the client's PATH is, e.g.
    `frontiersmith mcp-config codex >> ~/.codex/config.toml` or `eval "$(frontiersmith mcp-config claude)"`.
    """
    try:
        chosen = Client(client.lower())
    except ValueError:
        # A plain argument, not a Choice: click's "Choose from" list spreads a missing CLIENT over four lines.
        choices = ", ".join(repr(c.value) for c in Client)
        raise typer.BadParameter(f"{client!r} is not one of {choices}.", param_hint="'CLIENT'") from None
    typer.echo(mcp_snippet(chosen, tools, name, store))


def dashboard(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind."),
    port: int = typer.Option(8766, "--port", min=1, max=65535, help="Port to bind."),
    store: Path | None = store_option(existing=True, what="The store to show"),
) -> None:
    """Serve the read-only web dashboard of the store at http://HOST:PORT/ui/: runs and their funnels,
    candidates, lineage, divergence, tasks.

    It needs a token that grants synthesis, as `serve --http` does: FRONTIERSMITH_HTTP_TOKEN, or on a loopback
    address a generated one. Open the printed URL once; the browser keeps the token in a cookie.
    """
    from frontiersmith.server.dashboard import serve_dashboard

    serve_dashboard(get_settings(), host, port)


COMMANDS: dict[str, Callable[..., None]] = {"serve": serve, "mcp-config": mcp_config, "dashboard": dashboard}
