"""Streamable HTTP transport behind bearer tokens that carry capability scopes (tokens.py): the guard (an ASGI app
that authenticates, picks the server of the token's scopes and refuses out-of-scope calls with 403), and the
uvicorn runner."""

from __future__ import annotations

import contextlib
import hmac
import json
import sys
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any

from frontiersmith.settings import Settings

from .app import build_server
from .backend import Backend, FrontierSmithServer
from .dashboard.serve import announce, guarded_dashboard
from .scopes import Scope, choice_of, describe, grant_of, needs_scope, not_served, scopes_of
from .tokens import HttpAuth, transport_security

AsgiScope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Any]]
Send = Callable[[Any], Awaitable[None]]
ASGIApp = Callable[[AsgiScope, Receive, Send], Awaitable[None]]
# Above the 1 MB code limit of `submit` with room to spare, so oversized code gets the tool's own
# one-sentence error instead of a bare HTTP 413.
MAX_REQUEST_BODY_BYTES = 32 * 1024 * 1024


async def _reply(send: Send, status: int, error: str, message: str, *extra: tuple[bytes, bytes]) -> None:
    body = json.dumps({"error": error, "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _read_body(receive: Receive) -> bytes | None:
    """The whole request body, or None when the client went away; more than the limit is cut at limit + 1,
    which is enough to refuse it."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if size > MAX_REQUEST_BODY_BYTES or not message.get("more_body", False):
            return b"".join(chunks)


def _out_of_scope(body: bytes, scopes: frozenset[Scope]) -> tuple[str, Scope] | None:
    """The first request in a JSON-RPC message (or batch) that names something ``scopes`` do not grant."""
    try:
        parsed = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None  # not JSON: the server answers it with its own parse error, and it can call nothing
    grant = grant_of(scopes)
    for message in parsed if isinstance(parsed, list) else [parsed]:
        if isinstance(message, dict) and isinstance(message.get("method"), str):
            denied = needs_scope(grant, message["method"], message.get("params"))
            if denied is not None:
                return denied
    return None


class ScopedHttpApp:
    """Every request needs ``Authorization: Bearer TOKEN`` (else 401). The token's scopes, within what the server
    serves (``--tools``), pick the MCP app that serves the request: an app built with only those scopes' tools,
    prompts and resources, so nothing outside them can be reached by any route (a batch, a prompt, a resource,
    another session's id). A call that names something outside them gets 403 with the scope it needs."""

    def __init__(
        self,
        servers: Mapping[frozenset[Scope], FrontierSmithServer],
        apps: Mapping[frozenset[Scope], Any],
        auth: HttpAuth,
        served: frozenset[Scope],
        ui: ASGIApp | None = None,
    ):
        self.servers = dict(
            servers
        )  # each app's server, whose tools it registers before the app sees a request
        self.apps = dict(apps)
        self.ui = ui  # the dashboard under /ui, behind its own guard (the same tokens, also from a cookie)
        self.served = served
        self._tokens = [(t.encode(), scopes) for t, scopes in auth.tokens.items()]

    def _scopes_of(self, given: bytes) -> frozenset[Scope] | None:
        # The auth scheme is case-insensitive (RFC 9110 §11.1): `bearer TOKEN` is as good as `Bearer TOKEN`.
        scheme, _, token = given.strip().partition(b" ")
        if scheme.lower() != b"bearer":
            return None
        token = token.strip()
        found = None
        for expected, scopes in self._tokens:  # every comparison runs, so timing says nothing about which
            if hmac.compare_digest(token, expected):
                found = scopes
        return found

    async def __call__(self, scope: AsgiScope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        if self.ui is not None and (scope["path"] == "/ui" or scope["path"].startswith("/ui/")):
            await self.ui(scope, receive, send)
            return
        given = next((v for k, v in scope.get("headers", []) if k.lower() == b"authorization"), b"")
        granted = self._scopes_of(given)
        if granted is None:
            await _reply(
                send,
                401,
                "unauthorized",
                "Send the header 'Authorization: Bearer <token>' with FRONTIERSMITH_HTTP_TOKEN or a scoped token.",
                (b"www-authenticate", b'Bearer realm="frontiersmith"'),
            )
            return
        scopes = granted & self.served
        app = self.apps.get(scopes)
        if app is None:
            await _reply(send, 403, "forbidden", self._not_served(granted))
            return
        if scope.get("method") == "POST":
            body = await _read_body(receive)
            if body is None:
                return
            if len(body) > MAX_REQUEST_BODY_BYTES:
                await _reply(
                    send, 413, "too_large", f"Requests are limited to {MAX_REQUEST_BODY_BYTES} bytes."
                )
                return
            denied = _out_of_scope(body, scopes)
            if denied is not None:
                await _reply(send, 403, "forbidden", self._needs(denied, granted))
                return
            receive = _replay(body, receive)
        # A deferred server registers its tools now: the app checks a call's Mcp-Param headers against the
        # tool's input schema before the server's own handlers run.
        self.servers[scopes].load()
        await app(scope, receive, send)

    def _not_served(self, granted: frozenset[Scope]) -> str:
        return (
            f"This token grants the {describe(granted)} scope, which this server does not serve (it was started "
            f"with --tools {choice_of(self.served)})."
        )

    def _needs(self, denied: tuple[str, Scope], granted: frozenset[Scope]) -> str:
        what, needed = denied
        if needed in granted:
            return not_served(what, needed, self.served)
        return (
            f"{what.capitalize()} needs the {needed} scope and this token grants only {describe(granted)}; "
            f"use a token that grants it (http_{needed}_token or http_token)."
        )

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        """Start and stop every scope's app (each runs its own session manager) with the server."""
        await receive()  # lifespan.startup
        async with contextlib.AsyncExitStack() as stack:
            try:
                for app in self.apps.values():
                    await stack.enter_async_context(app.router.lifespan_context(app))
            except Exception as exc:
                await send({"type": "lifespan.startup.failed", "message": str(exc)})
                return
            await send({"type": "lifespan.startup.complete"})
            await receive()  # lifespan.shutdown
        await send({"type": "lifespan.shutdown.complete"})


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that hands the app the body already read, then whatever the client sends next."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> Any:
        return pending.pop() if pending else await receive()

    return replayed


def http_app(settings: Settings, backend: Backend, tools: str, host: str, auth: HttpAuth) -> ScopedHttpApp:
    """The app of ``frontiersmith serve --http --tools TOOLS``: one MCP app per set of scopes a token reaches,
    all over one backend (one store, one pool of sandbox slots)."""
    served = scopes_of(tools)
    servers, apps = {}, {}
    for scopes in {granted & served for granted in auth.tokens.values()} - {frozenset()}:
        servers[scopes] = server = build_server(
            settings, tools=choice_of(scopes), backend=backend, deferred=True
        )
        apps[scopes] = server.streamable_http_app(
            host=host,
            max_request_body_size=MAX_REQUEST_BODY_BYTES,
            transport_security=transport_security(host),
        )
    ui = guarded_dashboard(backend.store, settings, auth, host, served)
    return ScopedHttpApp(servers, apps, auth, served, ui)


def serve_http(app: ScopedHttpApp, host: str, port: int, auth: HttpAuth) -> None:
    """Serve ``app`` over streamable HTTP at http://HOST:PORT/mcp until interrupted."""
    import anyio
    import uvicorn

    if auth.generated:
        print(
            "frontiersmith: no FRONTIERSMITH_HTTP_TOKEN is set, so this run requires the generated header "
            f"'Authorization: Bearer {auth.generated}'",
            file=sys.stderr,
        )
    shown = f"[{host}]" if ":" in host else host
    print(f"frontiersmith: serving MCP at http://{shown}:{port}/mcp", file=sys.stderr, flush=True)
    if app.ui is not None and "synthesis" in app.served:
        announce(host, port, auth)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning")
    anyio.run(uvicorn.Server(config).serve)
