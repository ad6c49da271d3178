"""The dashboard's Starlette app: a route per page (GET only: it never writes), the live-progress JSON, the
stylesheet and script it serves itself, and its guard (token, cookie, Host and Origin)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from frontiersmith.errors import FrontierSmithError, InvalidInputError, NotFoundError
from frontiersmith.settings import Settings
from frontiersmith.store import Store, last_demo_store

from . import pages
from . import queries as q
from .html import LIVE_JS, STYLE, UI

# No script but our own file, nothing loaded from elsewhere, and no framing: a hostile statement that slipped
# past escaping still could not run or phone home.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
}


def as_json(value: Any) -> Any:
    """A page's view as JSON: pydantic records as they are stored, dataclasses field by field."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: as_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set):
        return [as_json(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


def empty_store_note(path: Path, settings: Settings) -> str:
    """What the dashboard says of a store without a synthesis run: the last demo's store, when this is the
    default store and there is one (the demo writes a store of its own)."""
    demo = last_demo_store(settings) if settings.store_path is None else None
    note = f"The store {path} holds no synthesis run yet"
    if demo is not None:
        return (
            f"{note}; the last `frontiersmith demo` wrote to its own: frontiersmith dashboard --store {demo}"
        )
    return f"{note}; run `frontiersmith demo` or `frontiersmith synthesize` (or pass --store with a run's store)."


def dashboard_app(open_store: Callable[[], Store], settings: Settings) -> Starlette:
    """The pages over the store ``open_store`` returns (called per request; it may open it lazily). Every
    page is also JSON: add ``format=json`` to its query string."""

    def label() -> str:
        return str(open_store().path)  # the whole path: several stores (the default, each demo's) look alike

    def page(
        build: Callable[[Request], Any], render: Callable[[Any, str], str]
    ) -> Callable[[Request], Response]:
        def endpoint(request: Request) -> Response:
            try:
                view = build(request)
                if request.query_params.get("format") == "json":
                    return JSONResponse(as_json(view), headers=HEADERS)
                return HTMLResponse(render(view, label()), headers=HEADERS)
            except NotFoundError as exc:
                return HTMLResponse(pages.error_page(404, str(exc), label()), 404, headers=HEADERS)
            except InvalidInputError as exc:
                return HTMLResponse(pages.error_page(400, str(exc), label()), 400, headers=HEADERS)
            except FrontierSmithError as exc:
                return HTMLResponse(pages.error_page(500, str(exc), label()), 500, headers=HEADERS)

        return endpoint

    def param(request: Request, name: str) -> str:
        return str(request.path_params[name])

    def progress(request: Request) -> Response:
        try:
            return JSONResponse(q.run_progress(open_store(), param(request, "run_id")), headers=HEADERS)
        except NotFoundError as exc:
            return JSONResponse({"error": "not_found", "message": str(exc)}, 404, headers=HEADERS)

    def static(body: str, media: str) -> Callable[[Request], Response]:
        return lambda _request: Response(body, media_type=media, headers=HEADERS)

    def candidates(r: Request) -> q.CandidatePage:
        return q.candidates(open_store(), q.CandidateQuery.parse(dict(r.query_params)))

    gates = settings.thresholds()
    routes = [
        Route(f"{UI}", lambda _r: RedirectResponse(f"{UI}/runs", 302)),
        Route(f"{UI}/", lambda _r: RedirectResponse(f"{UI}/runs", 302)),
        Route(
            f"{UI}/runs",
            page(
                lambda r: q.runs(open_store()),
                lambda v, label: pages.runs_page(v, label, empty_store_note(open_store().path, settings)),
            ),
        ),
        Route(
            f"{UI}/compare",
            page(
                lambda r: q.compare(open_store(), r.query_params.get("a"), r.query_params.get("b")),
                pages.compare_page,
            ),
        ),
        Route(f"{UI}/candidates", page(candidates, pages.candidates_page)),
        Route(
            f"{UI}/candidates/{{cid}}",
            page(lambda r: q.candidate(open_store(), param(r, "cid")), pages.candidate_page),
        ),
        Route(
            f"{UI}/lineage/{{rid}}",
            page(lambda r: q.lineage(open_store(), param(r, "rid")), pages.lineage_page),
        ),
        Route(
            f"{UI}/divergence",
            page(
                lambda r: q.divergence_points(open_store()),
                lambda v, label: pages.divergence_page(v, gates, label),
            ),
        ),
        Route(f"{UI}/tasks", page(lambda r: q.tasks(open_store()), pages.tasks_page)),
        Route(f"{UI}/tasks/{{tid}}", page(lambda r: q.task(open_store(), param(r, "tid")), pages.task_page)),
        Route(f"{UI}/defects", page(lambda r: q.defects(open_store()), pages.defects_page)),
        Route(
            f"{UI}/trajectories/{{trid}}",
            page(lambda r: q.trajectory(open_store(), param(r, "trid")), pages.trajectory_page),
        ),
        Route(f"{UI}/api/runs/{{run_id}}", progress),
        Route(f"{UI}/static/style.css", static(STYLE, "text/css")),
        Route(f"{UI}/static/live.js", static(LIVE_JS, "text/javascript")),
    ]
    return Starlette(routes=routes)
