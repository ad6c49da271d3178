"""The dashboard's guard and escaping: stored strings are shown as text (a statement holding <script> never
runs), the printed URL's token becomes an HttpOnly SameSite=Strict cookie, the MCP server's Host and Origin
checks apply, it answers GET only, and `serve --http` serves it under /ui behind the same tokens."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from dashboard_helpers import TOKEN, DemoStore, cli_env, dashboard_process, frontiersmith, screenshot
from starlette.testclient import TestClient

from frontiersmith.models import (
    Axis,
    Candidate,
    Divergence,
    Objective,
    ObjectiveKind,
    Problem,
    Seed,
    Stage,
    Task,
)
from frontiersmith.server.backend import Backend
from frontiersmith.server.http import http_app
from frontiersmith.server.scopes import SCOPES_OF
from frontiersmith.server.tokens import HttpAuth
from frontiersmith.settings import Settings
from frontiersmith.store import open_store

HOSTILE = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">'


def _problem(pid: str, title: str, statement: str) -> Problem:
    return Problem(id=pid, title=title, statement=statement, objective=Objective(kind=ObjectiveKind.OPTIMISE))


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A dashboard over a store whose seed, candidate, rejection and run hold markup; yields (url, cand id)."""
    folder = tmp_path_factory.mktemp("hostile")
    path = folder / "store.db"
    store = open_store(path)
    seed = Seed(id="seed_hostile", problem=_problem("p_seed", f"seed {HOSTILE}", f"seed statement {HOSTILE}"))
    store.seeds.put(seed)
    cand = Candidate(
        id="cand_hostile",
        parent_id=seed.id,
        axis=Axis.OBJECTIVE,
        problem=_problem("p_cand", f"title {HOSTILE}", f"statement {HOSTILE}").model_copy(
            update={"provenance": {"run": f"run_{HOSTILE}"}}
        ),
    )
    store.candidates.put(cand)
    store.candidates.reject(cand.id, Stage.SEMANTIC, f"reason {HOSTILE}")
    store.candidates.put_divergence(
        Divergence(id="div_hostile", candidate_id=cand.id, semantic=0.5, behavioural=0.1, crossing=0.2)
    )
    store.pipeline_runs.start(f"run_{HOSTILE}", {"rounds": 1, "provider": HOSTILE}, status="finished")
    _family(store)
    store.close()
    with dashboard_process(path, folder, FRONTIERSMITH_HTTP_TOKEN=TOKEN) as (url, _proc):
        yield url, cand.id


def _family(store) -> None:
    """seed_root -> cand_first -> task_first, which rejoined the pool as seed_again -> cand_second."""
    store.seeds.put(Seed(id="seed_root", problem=_problem("p_root", "root", "root")))
    first = Candidate(
        id="cand_first", parent_id="seed_root", axis=Axis.OUTPUT, problem=_problem("p1", "first", "s")
    )
    store.candidates.put(first)
    store.tasks.put(
        Task(
            id="task_first",
            candidate_id=first.id,
            problem=first.problem,
            verifier_id="ver_x",
            baseline_solution_id="sol_x",
        )
    )
    again = _problem("p_again", "first, re-seeded", "s").model_copy(
        update={"provenance": {"task_id": "task_first"}}
    )
    store.seeds.put(Seed(id="seed_again", problem=again, origin="task"))
    store.candidates.put(
        Candidate(
            id="cand_second",
            parent_id="seed_again",
            axis=Axis.INPUT,
            round=1,
            problem=_problem("p2", "second", "s"),
        )
    )


def test_lineage_runs_from_the_seed_through_a_task_to_its_reseeded_candidates(browser, hostile) -> None:
    url, _cid = hostile
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(f"{url}/ui/lineage/cand_second?token={TOKEN}")
    path = " ".join(
        f'details.node[data-id="{i}"]'
        for i in ("seed_root", "cand_first", "task_first", "seed_again", "cand_second")
    )
    assert tab.locator(path).count() == 1
    assert tab.locator('details.node[data-id="cand_second"]').get_attribute("class") == "node here"
    assert tab.locator("p.chain").inner_text().split(" → ")[0] == "seed seed_root"
    tab.locator('details.node[data-id="task_first"] > summary a').click()
    tab.wait_for_url("**/ui/tasks/task_first")
    context.close()


def test_a_stored_script_tag_is_shown_as_text_and_never_runs(browser, hostile) -> None:
    url, cid = hostile
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(f"{url}/ui/?token={TOKEN}")
    for path in ("runs", "candidates", f"candidates/{cid}", f"lineage/{cid}", "divergence"):
        tab.goto(f"{url}/ui/{path}")
        assert tab.evaluate("window.pwned") is None, path
        assert tab.locator("script:not([src])").count() == 0, path
        assert "<script>window.pwned=1</script>" in tab.locator("main").inner_text(), path
    tab.goto(f"{url}/ui/candidates/{cid}")
    assert tab.locator("pre.statement").inner_text() == f"statement {HOSTILE}"
    assert tab.locator("h1").inner_text() == f"title {HOSTILE}"
    assert f"reason {HOSTILE}" in tab.locator("main p").first.inner_text()
    screenshot(tab, "hostile-candidate")
    context.close()


def test_the_printed_url_sets_an_httponly_strict_cookie_and_redirects_to_the_clean_url(
    browser, demo_store: DemoStore, tmp_path: Path
) -> None:
    with dashboard_process(demo_store.path, tmp_path) as (_url, proc):  # no token set: one is generated
        line = proc.stderr.readline()
        printed = re.search(r"(http://\S+/ui/\?token=\S+)", line)
        assert printed, line
        context = browser.new_context()
        tab = context.new_page()
        tab.goto(printed.group(1))
        assert "token=" not in tab.url and tab.url.endswith("/ui/runs")
        assert tab.locator("h1").inner_text() == "Runs"
        (cookie,) = context.cookies()
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/ui"
        assert printed.group(1).split("token=")[1] not in cookie["value"]
        tab.click("nav >> text=Candidates")  # the cookie carries on to the next page
        assert tab.locator("h1").inner_text() == "Candidates"
        stranger = browser.new_context().new_page()
        response = stranger.goto(tab.url)
        assert response.status == 401 and "URL the server printed" in stranger.locator("p.error").inner_text()
        context.close()


def test_ui_keeps_the_servers_host_and_origin_checks_and_answers_get_only(dashboard: str) -> None:
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    assert httpx2.get(f"{dashboard}/ui/runs").status_code == 401
    assert httpx2.get(f"{dashboard}/ui/runs?token=wrong").status_code == 401
    assert httpx2.get(f"{dashboard}/ui/runs", headers=bearer).status_code == 200
    assert httpx2.get(f"{dashboard}/ui/runs", headers={**bearer, "Host": "evil.example"}).status_code == 421
    evil_origin = {**bearer, "Origin": "http://evil.example"}
    assert httpx2.get(f"{dashboard}/ui/runs", headers=evil_origin).status_code == 403
    assert httpx2.post(f"{dashboard}/ui/runs", headers=bearer).status_code == 405
    page = httpx2.get(f"{dashboard}/ui/runs", headers=bearer)
    assert "script-src 'self'" in page.headers["content-security-policy"]


def test_serve_http_serves_the_ui_behind_the_same_tokens(demo_store: DemoStore, tmp_path: Path) -> None:
    store_path = tmp_path / "store.db"
    shutil.copy(demo_store.path, store_path)
    settings = Settings(store_path=store_path, data_dir=tmp_path)
    auth = HttpAuth({TOKEN: SCOPES_OF["all"], "solve-only": SCOPES_OF["solve"]})
    backend = Backend(settings)
    try:
        full = TestClient(
            http_app(settings, backend, "all", "127.0.0.1", auth), base_url="http://127.0.0.1:8765"
        )
        assert full.get("/ui/runs", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
        assert full.get("/ui/runs", headers={"Authorization": "Bearer solve-only"}).status_code == 401
        assert full.get("/ui/runs", headers={"Host": "evil.example:8765"}).status_code == 421
        assert full.post("/mcp", json={}).status_code == 401  # the MCP route keeps its own guard
        solve = TestClient(
            http_app(settings, backend, "solve", "127.0.0.1", auth), base_url="http://127.0.0.1:8765"
        )
        refused = solve.get("/ui/runs", headers={"Authorization": f"Bearer {TOKEN}"})
        assert refused.status_code == 403 and "--tools synthesis" in refused.text
    finally:
        backend.close()


def test_dashboard_command_refuses_a_bad_bind_or_solve_only_tokens_in_one_sentence(tmp_path: Path) -> None:
    store_path = tmp_path / "store.db"
    for extra, args, expected in (
        ({}, ["--host", "0.0.0.0"], "without a bearer token"),
        ({"FRONTIERSMITH_HTTP_SOLVE_TOKEN": "solve-only"}, [], "grants synthesis"),
    ):
        proc = subprocess.run(
            [frontiersmith(), "dashboard", *args, "--port", "1"],
            env=cli_env(tmp_path, FRONTIERSMITH_STORE_PATH=str(store_path), **extra),
            capture_output=True,
            text=True,
            timeout=60,
        )
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 1 and len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
        assert expected in lines[0] and "Traceback" not in proc.stderr
    assert not store_path.exists()  # refused before anything was opened
