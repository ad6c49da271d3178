"""Helpers for running the real `frontiersmith` CLI against a fresh store."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest


def cli_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FRONTIERSMITH_")}
    env.update({"FRONTIERSMITH_DATA_DIR": str(data_dir), "FRONTIERSMITH_SANDBOX_BACKEND": "process", **extra})
    return env


def frontiersmith_cmd() -> list[str]:
    exe = shutil.which("frontiersmith", path=str(Path(sys.executable).parent))
    return [exe] if exe else [sys.executable, "-m", "frontiersmith.cli"]


def run_frontiersmith(
    data_dir: Path, *args: str, timeout: float = 900, check: bool = True, **env: str
) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [*frontiersmith_cmd(), *args],
        env=cli_env(data_dir, **env),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if check and proc.returncode != 0:
        raise AssertionError(
            f"frontiersmith {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}"
        )
    return proc


@pytest.fixture
def run_cli():
    return run_frontiersmith


@dataclass(frozen=True)
class DemoRun:
    """One `frontiersmith demo --json` into a fresh store, shared by every test that reads it (the demo is the
    slowest thing the suite runs), and the same command's text report: run again on that store, it resumes the
    finished run and prints the report without redoing the work."""

    data_dir: Path
    store: Path
    report: dict
    stderr: str
    text: str


@pytest.fixture(scope="session")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> DemoRun:
    data_dir = tmp_path_factory.mktemp("demo")
    store = data_dir / "demo.db"
    first = run_frontiersmith(data_dir, "demo", "--json", "--store", str(store), timeout=1200)
    # Wide enough that no title or header is wrapped inside its table cell.
    again = run_frontiersmith(data_dir, "demo", "--store", str(store), timeout=600, COLUMNS="250")
    return DemoRun(data_dir, store, json.loads(first.stdout), first.stderr, again.stdout)
