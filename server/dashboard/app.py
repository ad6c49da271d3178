"""The dashboard's Starlette app: a route per page (GET only: it never writes), the live-progress JSON, the
stylesheet and script it serves itself, and its guard (token, cookie, Host and Origin)."""

from __future__ import annotations

from collections.abc import Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from frontiersmith.errors import FrontierSmithError, InvalidInputError, NotFoundError
from frontiersmith.settings import Settings
from frontiersmith.store import Store

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


def dashboard_app(open_store: Callable[[], Store], settings: Settings) -> Starlette:
    """The pages over the store ``open_store`` returns (called per request; it may open it lazily)."""

    def label() -> str:
        return open_store().path.name

    def html(render: Callable[[Request], str]) -> Callable[[Request], Response]:
        def endpoint(request: Request) -> Response:
            try:
                return HTMLResponse(render(request), headers=HEADERS)
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

    routes = [
        Route(f"{UI}", lambda _r: RedirectResponse(f"{UI}/runs", 302)),
        Route(f"{UI}/", lambda _r: RedirectResponse(f"{UI}/runs", 302)),
        Route(f"{UI}/runs", html(lambda r: pages.runs_page(q.runs(open_store()), label()))),
        Route(
            f"{UI}/candidates",
            html(
                lambda r: pages.candidates_page(
                    q.candidates(open_store(), q.CandidateQuery.parse(dict(r.query_params))), label()
                )
            ),
        ),
        Route(
            f"{UI}/candidates/{{cid}}",
            html(lambda r: pages.candidate_page(q.candidate(open_store(), param(r, "cid")), label())),
        ),
        Route(
            f"{UI}/lineage/{{rid}}",
            html(lambda r: pages.lineage_page(q.lineage(open_store(), param(r, "rid")), label())),
        ),
        Route(
            f"{UI}/divergence",
            html(
                lambda r: pages.divergence_page(
                    q.divergence_points(open_store()), settings.thresholds(), label()
                )
            ),
        ),
        Route(f"{UI}/tasks", html(lambda r: pages.tasks_page(q.tasks(open_store()), label()))),
        Route(
            f"{UI}/tasks/{{tid}}",
            html(lambda r: pages.task_page(q.task(open_store(), param(r, "tid")), label())),
        ),
        Route(f"{UI}/defects", html(lambda r: pages.defects_page(label()))),
        Route(f"{UI}/api/runs/{{run_id}}", progress),
        Route(f"{UI}/static/style.css", static(STYLE, "text/css")),
        Route(f"{UI}/static/live.js", static(LIVE_JS, "text/javascript")),
    ]
    return Starlette(routes=routes)
