"""The ``settings`` and ``store`` fixtures more than one test folder uses (tests/agents, tests/crossval): settings
over a fresh store in tmp_path (process sandbox, small pools, no user config file). A folder's conftest imports
them by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontiersmith.settings import Settings
from frontiersmith.store import Store, open_store


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.setenv("FRONTIERSMITH_CONFIG", str(tmp_path / "no-config.toml"))
    for var in ("FRONTIERSMITH_LLM_PROVIDER", "FRONTIERSMITH_STORE_PATH", "FRONTIERSMITH_DATA_DIR"):
        monkeypatch.delenv(var, raising=False)
    return Settings(data_dir=tmp_path, sandbox_backend="process", workers=2, max_concurrency=2)


@pytest.fixture
def store(settings: Settings) -> Store:
    return open_store(None, settings)
