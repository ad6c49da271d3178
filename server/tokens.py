"""The bearer tokens an HTTP server accepts, each with the capability scopes it grants (the token policy), and the
Host and Origin checks of a server bound to an address. The MCP app (http.py) and the dashboard both take them
from here."""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from mcp.server.transport_security import TransportSecuritySettings

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings

from .scopes import SCOPES_OF, Scope

# Which setting grants which scopes. http_token grants every scope, as it did before tokens had scopes.
TOKEN_SETTINGS: dict[str, frozenset[Scope]] = {
    "http_token": SCOPES_OF["all"],
    "http_solve_token": SCOPES_OF["solve"],
    "http_synthesis_token": SCOPES_OF["synthesis"],
}


def transport_security(host: str) -> TransportSecuritySettings | None:
    """The Host and Origin checks (DNS-rebinding protection) of a server bound to ``host``: on the loopback
    names the MCP SDK's own rule, only loopback Hosts and Origins; elsewhere none (the token guards it). The
    MCP app and the dashboard both take them from here."""
    if host not in ("127.0.0.1", "localhost", "::1"):
        return None
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
    )


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 in brackets or not) is this machine's loopback."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class HttpAuth:
    """The bearer tokens a server accepts, each with the scopes it grants, and the one generated for this run
    (None when every token was configured)."""

    tokens: Mapping[str, frozenset[Scope]]
    generated: str | None = None


def http_auth(settings: Settings, host: str) -> HttpAuth:
    """The tokens to require: those configured (FRONTIERSMITH_HTTP_TOKEN, _HTTP_SOLVE_TOKEN,
    _HTTP_SYNTHESIS_TOKEN or the same names in the config file). With none, a loopback bind gets a fresh random
    every-scope token (printed to stderr by the caller), and any other bind is refused: a token only this
    process knows cannot have been handed to remote clients safely."""
    tokens: dict[str, frozenset[Scope]] = {}
    named: dict[str, str] = {}
    for name, scopes in TOKEN_SETTINGS.items():
        value = getattr(settings, name)
        if not value:
            continue
        if value in named:
            raise InvalidInputError(
                f"{name} is the same as {named[value]}; give each scope its own token, or set http_token alone."
            )
        tokens[value], named[value] = scopes, name
    if tokens:
        return HttpAuth(tokens)
    if not is_loopback(host):
        raise InvalidInputError(
            f"Refusing to serve HTTP on {host} without a bearer token; set FRONTIERSMITH_HTTP_TOKEN or "
            "FRONTIERSMITH_HTTP_SOLVE_TOKEN (or http_token in the config file), or bind 127.0.0.1."
        )
    token = secrets.token_urlsafe(32)
    return HttpAuth({token: SCOPES_OF["all"]}, token)
