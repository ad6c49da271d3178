"""What a test session shares: the environment of a test's child process (this one without the user's
FRONTIERSMITH_* settings, so no developer's config reaches a test, but with the session's one compile cache:
tests/conftest.py) and the folder every xdist worker of the session sees."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

COMPILE_CACHE = "FRONTIERSMITH_COMPILE_CACHE_DIR"


def child_env(**settings: str) -> dict[str, str]:
    """``os.environ`` less every FRONTIERSMITH_* variable but the shared compile cache, plus ``settings``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FRONTIERSMITH_") or k == COMPILE_CACHE}
    env.update(settings)
    return env


def run_cli(
    args: list[str] | tuple[str, ...],
    data_dir: Path | None,
    *,
    config: Path | None = None,
    timeout: float = 300,
    **settings: str,
) -> subprocess.CompletedProcess[str]:
    """The real ``frontiersmith ARGS`` in a subprocess, in ``child_env`` over the store under ``data_dir``
    (None: the default data dir, which ``settings`` should then move) with no config file (``config``, a path
    that does not exist: by default one in ``data_dir``), plus ``settings``."""
    env = child_env()
    if data_dir is not None:
        env["FRONTIERSMITH_DATA_DIR"] = str(data_dir)
        env["FRONTIERSMITH_CONFIG"] = str(config or data_dir / "no-config.toml")
    env.update(settings)
    return subprocess.run(
        [sys.executable, "-m", "frontiersmith.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def session_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every xdist worker of this session shares (the session's own temp root without xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
