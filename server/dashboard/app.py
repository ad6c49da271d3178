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

from . import queries as q
from .candidate_pages import candidate_page, candidates_page, divergence_page, lineage_page
from .html import LIVE_JS, STYLE, UI, error_page
from .run_pages import compare_page, runs_page
from .solver_pages import defects_page, trajectory_page
from .task_pages import task_page, tasks_page

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


Build = Callable[[Request], Any]  # a page's view, read from the store
Render = Callable[[Any, str], str]  # the view as HTML, under a header naming the store


def dashboard_app(open_store: Callable[[], Store], settings: Settings) -> Starlette:
    """The pages over the store ``open_store`` returns (called per request; it may open it lazily). Every
    page is also JSON: add ``format=json`` to its query string."""

    def label() -> str:
        return str(open_store().path)  # the whole path: several stores (the default, each demo's) look alike

    def page(build: Build, render: Render) -> Callable[[Request], Response]:
        def endpoint(request: Request) -> Response:
            try:
                view = build(request)
                if request.query_params.get("format") == "json":
                    return JSONResponse(as_json(view), headers=HEADERS)
                return HTMLResponse(render(view, label()), headers=HEADERS)
            except NotFoundError as exc:
                return HTMLResponse(error_page(404, str(exc), label()), 404, headers=HEADERS)
            except InvalidInputError as exc:
                return HTMLResponse(error_page(400, str(exc), label()), 400, headers=HEADERS)
            except FrontierSmithError as exc:
                return HTMLResponse(error_page(500, str(exc), label()), 500, headers=HEADERS)

        return endpoint

    def progress(request: Request) -> Response:
        try:
            return JSONResponse(q.run_progress(open_store(), _param(request, "run_id")), headers=HEADERS)
        except NotFoundError as exc:
            return JSONResponse({"error": "not_found", "message": str(exc)}, 404, headers=HEADERS)

    def static(body: str, media: str) -> Callable[[Request], Response]:
        return lambda _request: Response(body, media_type=media, headers=HEADERS)

    routes = [
        Route(f"{UI}", lambda _r: RedirectResponse(f"{UI}/runs", 302)),
        Route(f"{UI}/", lambda _r: RedirectResponse(f"{UI}/runs", 302)),
        *(Route(f"{UI}/{path}", page(build, render)) for path, build, render in _pages(open_store, settings)),
        Route(f"{UI}/api/runs/{{run_id}}", progress),
        Route(f"{UI}/static/style.css", static(STYLE, "text/css")),
        Route(f"{UI}/static/live.js", static(LIVE_JS, "text/javascript")),
    ]
    return Starlette(routes=routes)


def _param(request: Request, name: str) -> str:
    return str(request.path_params[name])


def _pages(open_store: Callable[[], Store], settings: Settings) -> list[tuple[str, Build, Render]]:
    """Each page: its path under /ui, how its view is read from the store, and how it is rendered."""
    gates = settings.thresholds()

    def candidates(r: Request) -> q.CandidatePage:
        return q.candidates(open_store(), q.CandidateQuery.parse(dict(r.query_params)))

    def runs(v: Any, label: str) -> str:
        return runs_page(v, label, empty_store_note(open_store().path, settings))

    return [
        ("runs", lambda r: q.runs(open_store()), runs),
        (
            "compare",
            lambda r: q.compare(open_store(), r.query_params.get("a"), r.query_params.get("b")),
            compare_page,
        ),
        ("candidates", candidates, candidates_page),
        ("candidates/{cid}", lambda r: q.candidate(open_store(), _param(r, "cid")), candidate_page),
        ("lineage/{rid}", lambda r: q.lineage(open_store(), _param(r, "rid")), lineage_page),
        (
            "divergence",
            lambda r: q.divergence_points(open_store()),
            lambda v, label: divergence_page(v, gates, label),
        ),
        ("tasks", lambda r: q.tasks(open_store()), tasks_page),
        ("tasks/{tid}", lambda r: q.task(open_store(), _param(r, "tid")), task_page),
        ("defects", lambda r: q.defects(open_store()), defects_page),
        (
            "trajectories/{trid}",
            lambda r: q.trajectory(open_store(), _param(r, "trid")),
            trajectory_page,
        ),
    ]
