"""Fixtures for the dashboard tests: ONE demo store for the session, the real `frontiersmith dashboard` serving
it, Debian's chromium driven by Playwright, and a folder the screenshots go to (reported at the end).

Making the demo store takes a minute or more; FRONTIERSMITH_TEST_DEMO_STORE names a store made by
`frontiersmith demo --store FILE` to start from instead (it is copied, never changed)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from frontiersmith.models import Language, Submission, make_id
from frontiersmith.store import open_store

TOKEN = "dashboard-test-token-4c1e"
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("FRONTIERSMITH_TEST_ARTIFACTS", ROOT / ".artifacts")) / "dashboard"


def chromium_path() -> str | None:
    return (
        os.environ.get("FRONTIERSMITH_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the dashboard exited early: {proc.stderr.read() if proc.stderr else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing listens on port {port} after {timeout} s")


def frontiersmith() -> str:
    exe = Path(sys.executable).parent / "frontiersmith"
    return str(exe) if exe.exists() else "frontiersmith"


def cli_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FRONTIERSMITH_")}
    env.update(
        FRONTIERSMITH_DATA_DIR=str(data_dir),
        FRONTIERSMITH_CONFIG=str(data_dir / "no-config.toml"),
        FRONTIERSMITH_SANDBOX_BACKEND="process",
        **extra,
    )
    return env


@dataclass
class DemoStore:
    path: Path
    run_id: str
    demo: dict[str, Any]  # what `frontiersmith demo --json` printed
    submission: Submission  # one stored on the first task, so the leaderboard has a row


@pytest.fixture(scope="session")
def demo_store(tmp_path_factory: pytest.TempPathFactory) -> DemoStore:
    folder = tmp_path_factory.mktemp("demo-store")
    path = folder / "store.db"
    given = os.environ.get("FRONTIERSMITH_TEST_DEMO_STORE")
    if given:
        src = sqlite3.connect(given)
        with sqlite3.connect(path) as dst:
            src.backup(dst)  # a consistent copy, WAL included
        src.close()
        store = open_store(path)
        run = store.list_pipeline_runs()[0]
        demo = {"run_id": run.id}
    else:
        proc = subprocess.run(
            [frontiersmith(), "demo", "--json", "--store", str(path)],
            env=cli_env(folder),
            capture_output=True,
            text=True,
            timeout=1200,
        )
        assert proc.returncode == 0, proc.stderr[-3000:]
        demo = json.loads(proc.stdout)
        store = open_store(path)
    task = store.list_tasks()[0]
    submission = Submission(
        id=make_id("sub", "dashboard-test"),
        problem_id=task.id,
        code="print(0)",
        language=Language.PYTHON,
        author="dashboard-tester",
        score=0.42,
        verdicts={"OK": len(task.test_ids)},
    )
    store.put_submission(submission)
    store.close()
    return DemoStore(path, demo["run_id"], demo, submission)


@contextmanager
def dashboard_process(store_path: Path, data_dir: Path, **env: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """The real `frontiersmith dashboard` on a free loopback port over ``store_path``; yields its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [frontiersmith(), "dashboard", "--host", "127.0.0.1", "--port", str(port)],
        env=cli_env(data_dir, FRONTIERSMITH_STORE_PATH=str(store_path), **env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_port(port, proc)
        yield f"http://127.0.0.1:{port}", proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def dashboard(demo_store: DemoStore, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of `frontiersmith dashboard` serving the demo store, with the token TOKEN."""
    with dashboard_process(
        demo_store.path, tmp_path_factory.mktemp("dashboard"), FRONTIERSMITH_HTTP_TOKEN=TOKEN
    ) as (url, _proc):
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright (whose own browser download cannot run here)."""
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


def screenshot(tab: Any, name: str) -> Path:
    """Save the whole page as ARTIFACTS/NAME.png (the folder is named at the end of the run)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=True)
    return path


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if ARTIFACTS.is_dir() and any(ARTIFACTS.glob("*.png")):
        terminalreporter.write_line(f"dashboard screenshots: {ARTIFACTS}")
