"""Who may see the dashboard: the MCP server's Host and Origin checks, then a token that grants synthesis
(the pages show sampled solutions and their scores, which an agent under evaluation must not read).

A browser brings the token once, in the printed URL (``/ui/?token=...``); the guard answers with an HttpOnly,
SameSite=Strict cookie and a redirect to the same URL without the token, so it leaves the address bar and the
history. The cookie holds an HMAC of the token under a key of this process, not the token itself, and dies
with the server. Scripts and curl may send ``Authorization: Bearer TOKEN`` instead."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from urllib.parse import urlencode

from mcp.server.transport_security import TransportSecurityMiddleware, TransportSecuritySettings
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from .app import HEADERS
from .html import error_page

COOKIE = "frontiersmith_ui"


class DashboardGuard:
    """ASGI middleware in front of the dashboard: the Host and Origin checks, then one of ``tokens`` (in the
    URL once, then a cookie, or a bearer header); ``refused`` says why none may pass, when none may."""

    def __init__(
        self,
        app: ASGIApp,
        tokens: Iterable[str],
        security: TransportSecuritySettings | None,
        refused: str | None = None,
    ):
        self.app = app
        self._key = secrets.token_bytes(32)
        self._tokens = list(tokens)
        self._cookies = [self._cookie_of(t) for t in self._tokens]
        self._security = TransportSecurityMiddleware(security) if security is not None else None
        self.refused = refused  # why no token may see the dashboard on this server, if none may

    def _cookie_of(self, token: str) -> str:
        return hmac.new(self._key, token.encode(), hashlib.sha256).hexdigest()

    @staticmethod
    def _matches(given: str, expected: list[str]) -> bool:
        found = False
        for value in expected:  # every comparison runs, so timing says nothing about which
            found |= hmac.compare_digest(given.encode(), value.encode())
        return found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        response = await self._check(Request(scope))
        if response is not None:
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def _check(self, request: Request) -> Response | None:
        if self._security is not None:
            refused = await self._security.validate_request(request, is_post=False)
            if refused is not None:
                return refused
        if request.method not in ("GET", "HEAD"):
            return self._page(405, "The dashboard is read-only: it answers GET requests only.")
        if self.refused is not None:
            return self._page(403, self.refused)
        token = request.query_params.get("token")
        if token is not None:
            if not self._matches(token, self._tokens):
                return self._page(401, "That token is not this server's; open the URL the server printed.")
            rest = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
            clean = request.url.path + (f"?{urlencode(rest)}" if rest else "")
            redirect = RedirectResponse(clean, 303, headers={"cache-control": "no-store"})
            redirect.set_cookie(COOKIE, self._cookie_of(token), path="/ui", httponly=True, samesite="strict")
            return redirect
        bearer = request.headers.get("authorization", "")
        if bearer.startswith("Bearer ") and self._matches(bearer[7:], self._tokens):
            return None
        if self._matches(request.cookies.get(COOKIE, ""), self._cookies):
            return None
        return self._page(
            401,
            "Open the dashboard with the URL the server printed (it ends in ?token=...), or send "
            "'Authorization: Bearer TOKEN' with a token that grants synthesis.",
        )

    @staticmethod
    def _page(status: int, message: str) -> Response:
        return HTMLResponse(error_page(status, message), status, headers=HEADERS)
