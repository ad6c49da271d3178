"""Fixtures of the server tests: settings over a fresh store in tmp_path (process sandbox, small pools, no
user config file) and an in-memory server built on them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from frontiersmith.server import build_server
from frontiersmith.server.backend import FrontierSmithServer
from frontiersmith.settings import Settings


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.setenv("FRONTIERSMITH_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.delenv("FRONTIERSMITH_LLM_PROVIDER", raising=False)
    return Settings(data_dir=tmp_path, sandbox_backend="process", workers=2, max_concurrency=2)


@pytest.fixture
def server(settings: Settings) -> Iterator[FrontierSmithServer]:
    mcp = build_server(settings, tools="all")
    yield mcp
    mcp.backend.close()
