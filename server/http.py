"""Streamable HTTP transport behind a bearer token: the token guard (an ASGI middleware), the bind policy,
and the uvicorn runner."""

from __future__ import annotations

import hmac
import ipaddress
import json
import secrets
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from frontiersmith.errors import InvalidInputError

from .backend import FrontierSmithServer

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]
# Above the 1 MB code limit of `submit` with room to spare, so oversized code gets the tool's own
# one-sentence error instead of a bare HTTP 413.
MAX_REQUEST_BODY_BYTES = 32 * 1024 * 1024


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def http_token(configured: str | None, host: str) -> tuple[str, bool]:
    """The bearer token to require, and whether it was generated for this run.

    A configured token (FRONTIERSMITH_HTTP_TOKEN or ``http_token`` in the config file) is always used. Without
    one, a loopback bind gets a fresh random token (printed to stderr by the caller), and any other bind
    is refused: a token that only this process knows cannot have been handed to remote clients safely.
    """
    if configured:
        return configured, False
    if not is_loopback(host):
        raise InvalidInputError(
            f"Refusing to serve HTTP on {host} without a bearer token; set FRONTIERSMITH_HTTP_TOKEN "
            "(or http_token in the config file), or bind 127.0.0.1."
        )
    return secrets.token_urlsafe(32), True


def require_bearer(app: ASGIApp, token: str) -> ASGIApp:
    """Wrap ``app`` so every HTTP request must carry ``Authorization: Bearer <token>``; others get 401."""
    expected = f"Bearer {token}".encode()
    body = json.dumps(
        {
            "error": "unauthorized",
            "message": "Send the header 'Authorization: Bearer <FRONTIERSMITH_HTTP_TOKEN>'.",
        }
    ).encode()

    async def guarded(scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = next((v for k, v in scope.get("headers", []) if k.lower() == b"authorization"), b"")
            if not hmac.compare_digest(given, expected):
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"www-authenticate", b'Bearer realm="frontiersmith"'),
                            (b"content-length", str(len(body)).encode()),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return guarded


def http_app(server: FrontierSmithServer, host: str, token: str) -> ASGIApp:
    app = server.streamable_http_app(host=host, max_request_body_size=MAX_REQUEST_BODY_BYTES)
    return require_bearer(app, token)


def serve_http(server: FrontierSmithServer, host: str, port: int, auth: tuple[str, bool]) -> None:
    """Serve ``server`` over streamable HTTP at http://HOST:PORT/mcp until interrupted; ``auth`` is what
    ``http_token`` chose."""
    import anyio
    import uvicorn

    token, generated = auth
    if generated:
        print(
            "frontiersmith: no FRONTIERSMITH_HTTP_TOKEN is set, so this run requires the generated header "
            f"'Authorization: Bearer {token}'",
            file=sys.stderr,
        )
    shown = f"[{host}]" if ":" in host else host
    print(f"frontiersmith: serving MCP at http://{shown}:{port}/mcp", file=sys.stderr, flush=True)
    config = uvicorn.Config(http_app(server, host, token), host=host, port=port, log_level="warning")
    anyio.run(uvicorn.Server(config).serve)
