"""Putting the dashboard behind its guard, for `frontiersmith dashboard` and for `/ui` of `serve --http`."""

from __future__ import annotations

import sys
from collections.abc import Callable

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings
from frontiersmith.store import Store, open_store

from ..scopes import Scope
from ..tokens import HttpAuth, http_auth, transport_security
from .app import dashboard_app, empty_store_note
from .guard import DashboardGuard
from .html import UI

# The pages show sampled solutions, tests' scores and cross-validation reports: synthesis material.
NEEDS: Scope = "synthesis"


def guarded_dashboard(
    open_store: Callable[[], Store], settings: Settings, auth: HttpAuth, host: str, served: frozenset[Scope]
) -> DashboardGuard:
    """The dashboard for the tokens of ``auth`` that grant synthesis on a server serving ``served``."""
    tokens = [t for t, scopes in auth.tokens.items() if NEEDS in scopes & served]
    refused = None
    if NEEDS not in served:
        refused = (
            "The dashboard shows sampled solutions and scores, so it is served only with --tools synthesis "
            "or --tools all (or by `frontiersmith dashboard`)."
        )
    elif not tokens:
        refused = (
            "No token of this server grants synthesis; set FRONTIERSMITH_HTTP_TOKEN to open the dashboard."
        )
    return DashboardGuard(dashboard_app(open_store, settings), tokens, transport_security(host), refused)


def dashboard_url(host: str, port: int, token: str | None) -> str:
    """The URL a browser opens the dashboard at, carrying ``token`` once when there is one."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{UI}/" + (f"?token={token}" if token else "")


def announce(host: str, port: int, auth: HttpAuth) -> None:
    """Say where the dashboard is; a generated token is in the URL (it exists only for this run)."""
    if auth.generated:
        print(
            f"frontiersmith: dashboard at {dashboard_url(host, port, auth.generated)}",
            file=sys.stderr,
            flush=True,
        )
    else:
        print(
            f"frontiersmith: dashboard at {dashboard_url(host, port, None)}?token=<your FRONTIERSMITH_HTTP_TOKEN>",
            file=sys.stderr,
            flush=True,
        )


def serve_dashboard(settings: Settings, host: str, port: int) -> None:
    """Serve the dashboard alone at http://HOST:PORT/ui/ until interrupted."""
    import anyio
    import uvicorn

    auth = http_auth(settings, host)  # refuse a bad bind before opening anything
    opened: list[Store] = []

    def store() -> Store:
        if not opened:
            opened.append(open_store(None, settings))
        return opened[0]

    app = guarded_dashboard(store, settings, auth, host, frozenset({"solve", "synthesis"}))
    if app.refused is not None:  # every token configured is solve-only
        raise InvalidInputError(app.refused)
    if not store().pipeline_runs.list():  # opened now: a bad store path is one sentence, not a 500 later
        print(f"frontiersmith: {empty_store_note(store().path, settings)}", file=sys.stderr, flush=True)
    announce(host, port, auth)
    try:
        anyio.run(uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).serve)
    finally:
        store().close()
