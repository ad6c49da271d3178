"""Fixtures for the dashboard tests: a copy of the session's one demo store (tests/conftest.py), the real
`frontiersmith dashboard` serving it, Debian's chromium driven by Playwright, and a folder the screenshots go
to (reported at the end)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from dashboard_helpers import (
    ARTIFACTS,
    DEFECT_MAP,
    TOKEN,
    DemoStore,
    chromium_path,
    dashboard_process,
    evaluate,
    second_try_solver,
)

from frontiersmith.models import Language, Submission, make_id
from frontiersmith.store import open_store


@pytest.fixture(scope="session")
def demo_store(demo_run: Any, tmp_path_factory: pytest.TempPathFactory) -> DemoStore:
    """A copy of the session's demo store (tests/conftest.py) with one submission added, two solvers
    evaluated on its first task by the real `frontiersmith evaluate`, and a defect map (DEFECT_MAP, whose
    first cluster's examples are the weak solver's trajectories)."""
    folder = tmp_path_factory.mktemp("demo-store")
    path = demo_run.copy_to(folder / "store.db")
    store = open_store(path)
    task = store.tasks.list()[0]
    submission = Submission(
        id=make_id("sub", "dashboard-test"),
        problem_id=task.id,
        code="print(0)",
        language=Language.PYTHON,
        author="dashboard-tester",
        score=0.42,
        verdicts={"OK": len(task.test_ids)},
    )
    store.tasks.put_submission(submission)
    sampled = [
        s for s in store.problems.list_solutions(task.candidate_id) if s.id != task.baseline_solution_id
    ]
    store.close()
    evaluate(path, folder, "catalog:weak", task.id)
    evaluate(path, folder, second_try_solver(folder, sampled[0]), task.id, attempts=2)
    store = open_store(path)
    weak = [t.id for t in store.frontier.list_trajectories(solver="catalog:weak", problem_id=task.id)]
    first, *rest = DEFECT_MAP.clusters
    defect_map = DEFECT_MAP.model_copy(
        update={"clusters": [first.model_copy(update={"examples": weak}), *rest]}
    )
    store.frontier.put_defect_map(defect_map)
    store.close()
    return DemoStore(path, demo_run.run_id, demo_run.printed, submission, task.id, defect_map)


@pytest.fixture(scope="session")
def dashboard(demo_store: DemoStore, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of `frontiersmith dashboard` serving the demo store, with the token TOKEN."""
    with dashboard_process(
        demo_store.path, tmp_path_factory.mktemp("dashboard"), FRONTIERSMITH_HTTP_TOKEN=TOKEN
    ) as (url, _proc):
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright (whose own browser download cannot run here).

    Per module, not per session: while Playwright's sync API is open it keeps its own event loop marked
    running in this thread, and every async test run after it in the same process would fail."""
    executable = chromium_path()
    if executable is None:
        if os.environ.get("CI") == "true" or os.environ.get("FRONTIERSMITH_REQUIRE_SANDBOXES") == "1":
            pytest.fail("chromium is required for the dashboard tests (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # No sandbox: the tests run as root in CI, where chromium refuses its own sandbox.
        launched = pw.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, dashboard: str) -> Iterator[Any]:
    """A fresh browser tab that has opened the dashboard's token URL once (so it holds the cookie)."""
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    tab = context.new_page()
    tab.goto(f"{dashboard}/ui/?token={TOKEN}")
    yield tab
    context.close()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if ARTIFACTS.is_dir() and any(ARTIFACTS.glob("*.png")):
        terminalreporter.write_line(f"dashboard screenshots: {ARTIFACTS}")
