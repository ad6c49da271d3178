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


async def _reply(send: Send, status: int, error: str, message: str, *extra: tuple[bytes, bytes]) -> None:
    body = json.dumps({"error": error, "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, or None when the client went away; reading stops as soon as it is over
    ``limit`` (a body sent without a Content-Length, chunk by chunk), which is enough to refuse it."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if size > limit or not message.get("more_body", False):
            return b"".join(chunks)


def _declared_length(scope: AsgiScope) -> int | None:
    """The request's Content-Length, when it gives one that is a number."""
    for key, value in scope.get("headers", []):
        if key.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


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
        *,
        max_body: int = 4 * 1024 * 1024,
        max_in_flight: int = 32,
    ):
        self.servers = dict(
            servers
        )  # each app's server, whose tools it registers before the app sees a request
        self.apps = dict(apps)
        self.ui = ui  # the dashboard under /ui, behind its own guard (the same tokens, also from a cookie)
        self.served = served
        self._tokens = [(t.encode(), scopes) for t, scopes in auth.tokens.items()]
        # What one token can make the server hold: a body of at most max_body bytes, and at most max_in_flight
        # requests with a body (POST) not yet answered; each token is counted apart (by its place in _tokens).
        self.max_body, self.max_in_flight = max_body, max_in_flight
        self._in_flight: dict[int, int] = {}

    def _token_of(self, given: bytes) -> int | None:
        """Which token the Authorization header carries (its place in ``_tokens``), or None."""
        # The auth scheme is case-insensitive (RFC 9110 §11.1): `bearer TOKEN` is as good as `Bearer TOKEN`.
        scheme, _, token = given.strip().partition(b" ")
        if scheme.lower() != b"bearer":
            return None
        token = token.strip()
        found = None
        for i, (expected, _scopes) in enumerate(self._tokens):  # every comparison runs: timing tells nothing
            if hmac.compare_digest(token, expected):
                found = i
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
        token = self._token_of(given)
        if token is None:
            await _reply(
                send,
                401,
                "unauthorized",
                "Send the header 'Authorization: Bearer <token>' with FRONTIERSMITH_HTTP_TOKEN or a scoped token.",
                (b"www-authenticate", b'Bearer realm="frontiersmith"'),
            )
            return
        granted = self._tokens[token][1]
        scopes = granted & self.served
        app = self.apps.get(scopes)
        if app is None:
            await _reply(send, 403, "forbidden", self._not_served(granted))
            return
        if scope.get("method") != "POST":
            await self._serve(app, scopes, scope, receive, send)
            return
        if self._in_flight.get(token, 0) >= self.max_in_flight:
            await _reply(
                send,
                429,
                "too_many_requests",
                f"This token has {self.max_in_flight} requests in flight (FRONTIERSMITH_MAX_REQUESTS_IN_FLIGHT); "
                "wait for an answer before sending more.",
                (b"retry-after", b"1"),
            )
            return
        self._in_flight[token] = self._in_flight.get(token, 0) + 1
        try:
            await self._post(app, scopes, granted, scope, receive, send)
        finally:
            self._in_flight[token] -= 1

    async def _post(
        self,
        app: Any,
        scopes: frozenset[Scope],
        granted: frozenset[Scope],
        scope: AsgiScope,
        receive: Receive,
        send: Send,
    ) -> None:
        """A request with a body: bounded before it is read (its Content-Length) and while it is read, and
        refused out of scope before any server sees it."""
        declared = _declared_length(scope)
        body = (
            b""
            if declared is not None and declared > self.max_body
            else await _read_body(receive, self.max_body)
        )
        if body is None:
            return  # the client went away
        if len(body) > self.max_body or (declared or 0) > self.max_body:
            await _reply(
                send,
                413,
                "too_large",
                f"Requests are limited to {self.max_body} bytes (FRONTIERSMITH_MAX_REQUEST_BYTES); send less.",
            )
            return
        denied = _out_of_scope(body, scopes)
        if denied is not None:
            await _reply(send, 403, "forbidden", self._needs(denied, granted))
            return
        await self._serve(app, scopes, scope, _replay(body, receive), send)

    async def _serve(
        self, app: Any, scopes: frozenset[Scope], scope: AsgiScope, receive: Receive, send: Send
    ) -> None:
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
            max_request_body_size=settings.max_request_bytes,
            transport_security=transport_security(host),
        )
    ui = guarded_dashboard(backend.store, settings, auth, host, served)
    return ScopedHttpApp(
        servers,
        apps,
        auth,
        served,
        ui,
        max_body=settings.max_request_bytes,
        max_in_flight=settings.max_requests_in_flight,
    )


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
