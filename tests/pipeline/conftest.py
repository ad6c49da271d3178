"""Helpers for running the real `frontiersmith` CLI against a fresh store."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from suite_env import child_env


def cli_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = child_env()
    env.update({"FRONTIERSMITH_DATA_DIR": str(data_dir), "FRONTIERSMITH_SANDBOX_BACKEND": "process", **extra})
    return env


def frontiersmith_cmd() -> list[str]:
    exe = shutil.which("frontiersmith", path=str(Path(sys.executable).parent))
    return [exe] if exe else [sys.executable, "-m", "frontiersmith.cli"]


@pytest.fixture
def run_cli():
    def run(
        data_dir: Path, *args: str, timeout: float = 900, check: bool = True
    ) -> subprocess.CompletedProcess:
        proc = subprocess.run(
            [*frontiersmith_cmd(), *args],
            env=cli_env(data_dir),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if check and proc.returncode != 0:
            raise AssertionError(
                f"frontiersmith {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}"
            )
        return proc

    return run
