"""Shared pytest fixtures: the asyncio backend for anyio tests, and real sandboxes of each backend.

A backend whose component (bwrap, the Docker engine or image) is missing is skipped locally but
fails when FRONTIERSMITH_REQUIRE_SANDBOXES=1 (CI), so the isolation tests can never silently vanish.
"""

from __future__ import annotations

import fcntl
import json
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from suite_env import COMPILE_CACHE, child_env, session_folder


def pytest_configure(config: pytest.Config) -> None:
    """One compile cache for the whole session: g++ -O2 of the catalog's programs is most of what the slow
    tests spend, and every test's fresh store would otherwise compile the same sources again. Made by the
    xdist controller (or a lone session) and inherited by its workers and every child process."""
    if hasattr(config, "workerinput"):
        return
    folder = tempfile.mkdtemp(prefix="frontiersmith-compiled-")
    os.environ[COMPILE_CACHE] = folder
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (`make test`) starts one worker more than there are cores: workers also wait (on time limits,
    containers, servers, browsers), so with one worker per core the machine idles part of a run, and one more
    worker keeps it busy (docs/benchmarks.md has the figures). PYTEST_XDIST_AUTO_NUM_WORKERS,
    when set, still decides (xdist's own hook reads it)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


@pytest.hookimpl(trylast=True)  # after pytest's own reordering by fixture scope
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Files holding a `slow` test first, each file's tests in their order: xdist hands out whole files in this
    order (`make test`: --dist loadfile --no-loadscope-reorder), so the long ones start early and the
    workers finish together, instead of one running a long test alone at the end (its own default order puts
    files with fewer tests last, and most long files hold one test)."""
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow)


# -- CPU-seconds per test: what `make test` lists as its slowest tests (wall time says how busy the machine was) --

SLOWEST_SHOWN = 10


def _cpu_seconds() -> float:
    """CPU time of this process and of the child processes it has waited for (a test's sandboxes, CLIs and
    servers are reaped before it ends; a Docker container's processes are the engine's, not counted)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


_CPU_AT_SETUP = pytest.StashKey[float]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[_CPU_AT_SETUP] = _cpu_seconds()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    if (
        call.when == "teardown" and _CPU_AT_SETUP in item.stash
    ):  # carried to the xdist controller in the report
        item.user_properties.append(("cpu_s", round(_cpu_seconds() - item.stash[_CPU_AT_SETUP], 3)))
    yield


def pytest_terminal_summary(terminalreporter: Any) -> None:
    spent: dict[str, float] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            for key, value in getattr(report, "user_properties", None) or []:
                if key == "cpu_s" and getattr(report, "when", "") == "teardown":
                    spent[report.nodeid] = float(value)
    if not spent:
        return
    terminalreporter.write_sep("=", f"slowest {SLOWEST_SHOWN} tests by CPU-seconds")
    for nodeid, seconds in sorted(spent.items(), key=lambda kv: -kv[1])[:SLOWEST_SHOWN]:
        terminalreporter.write_line(f"{seconds:8.1f} CPU-s  {nodeid}")
    terminalreporter.write_line(f"{sum(spent.values()):8.1f} CPU-s  in all ({len(spent)} tests)")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def sandbox_component_missing(backend: str) -> str | None:
    """Why ``backend`` cannot run with full isolation here, or None when it can."""
    if backend == "process":
        return None if shutil.which("bwrap") else "bubblewrap (bwrap) is not installed"
    if backend == "docker":
        from frontiersmith.errors import SandboxError
        from frontiersmith.sandbox.docker_backend import docker_client
        from frontiersmith.settings import get_settings

        try:
            client = docker_client(timeout=10)
        except SandboxError as exc:
            return str(exc)
        image = get_settings().sandbox_image
        try:
            client.images.get(image)
        except Exception:
            return f"the sandbox image {image} is missing (run `frontiersmith sandbox build-image`)"
        finally:
            client.close()
        return None
    return f"unknown backend {backend}"


def require_sandbox(backend: str) -> None:
    missing = sandbox_component_missing(backend)
    if missing is None:
        return
    if os.environ.get("FRONTIERSMITH_REQUIRE_SANDBOXES") == "1" or os.environ.get("CI") == "true":
        pytest.fail(f"{backend} sandbox required (FRONTIERSMITH_REQUIRE_SANDBOXES=1) but {missing}")
    pytest.skip(f"{backend} sandbox unavailable: {missing}")


# FRONTIERSMITH_TEST_BACKENDS narrows the backends (tests/unprivileged.py: an unprivileged user cannot
# reach the Docker engine's socket, so that run takes the process backend alone).
BACKENDS = [b for b in os.environ.get("FRONTIERSMITH_TEST_BACKENDS", "process,docker").split(",") if b]


@pytest.fixture(params=BACKENDS)
def sandbox_backend(request: pytest.FixtureRequest) -> str:
    """Each backend in turn, with its isolation component present (or skip/fail as above)."""
    require_sandbox(request.param)
    return request.param


@pytest.fixture
async def sandbox(sandbox_backend: str, anyio_backend: str) -> AsyncIterator[object]:
    """A fresh, started sandbox of each backend, closed after the test."""
    from frontiersmith.sandbox import open_sandbox

    async with open_sandbox(sandbox_backend) as sb:
        yield sb


@pytest.fixture
def docker_required() -> None:
    """For docker-only tests: skip (or, in CI, fail) when the engine or image is missing."""
    require_sandbox("docker")


@dataclass(frozen=True)
class DemoRun:
    """The store `frontiersmith demo` made, and the stage table it printed (``--json``)."""

    path: Path
    printed: dict[str, Any]

    @property
    def run_id(self) -> str:
        return str(self.printed["run_id"])

    def copy_to(self, path: Path) -> Path:
        """A consistent copy of the store (WAL included) at ``path``, for a test that writes."""
        with closing(sqlite3.connect(self.path)) as source, closing(sqlite3.connect(path)) as target:
            source.backup(target)
        return path


@pytest.fixture(scope="session")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> DemoRun:
    """ONE run of the README's main job for the whole session, shared by the xdist workers (it takes a minute
    or more; the first worker to ask runs it while the other waits on the lock): the real CLI, offline, on the
    process sandbox, into a fresh store. Tests read it; one that writes works on a copy."""
    folder = session_folder(tmp_path_factory) / "demo"
    folder.mkdir(exist_ok=True)
    path, printed = folder / "store.db", folder / "printed.json"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not printed.is_file():
            printed.write_text(run_demo(folder, path))
    return DemoRun(path, json.loads(printed.read_text()))


def run_demo(folder: Path, path: Path) -> str:
    """`frontiersmith demo --json` into ``path``: what it printed."""
    env = child_env(
        FRONTIERSMITH_DATA_DIR=str(folder),
        FRONTIERSMITH_CONFIG=str(folder / "no-config.toml"),
        FRONTIERSMITH_SANDBOX_BACKEND="process",
    )
    exe = shutil.which("frontiersmith", path=str(Path(sys.executable).parent))
    cmd = [exe] if exe else [sys.executable, "-m", "frontiersmith.cli"]
    proc = subprocess.run(
        [*cmd, "demo", "--json", "--store", str(path)], env=env, capture_output=True, text=True, timeout=1200
    )
    if proc.returncode != 0:
        raise AssertionError(f"frontiersmith demo failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    json.loads(proc.stdout)  # what it printed is JSON, or the fixture fails here rather than in a reader
    return proc.stdout


@pytest.fixture(autouse=True)
def _store_option_left_behind() -> Iterator[None]:
    """`--store` points the rest of its command at a store through FRONTIERSMITH_STORE_PATH
    (frontiersmith/commands/store_option.py): a command a test runs in-process must not leave it to the next test
    of the worker, whose own store would otherwise be that one."""
    before = os.environ.get("FRONTIERSMITH_STORE_PATH")
    yield
    if before is None:
        os.environ.pop("FRONTIERSMITH_STORE_PATH", None)
    else:
        os.environ["FRONTIERSMITH_STORE_PATH"] = before
