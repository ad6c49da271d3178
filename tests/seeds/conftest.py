"""Fixtures of the seed tests: a fresh store and settings under tmp_path (helpers live in seed_helpers)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from frontiersmith.settings import Settings
from frontiersmith.store import Store, open_store


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path / "data", sandbox_backend="process")


@pytest.fixture
def store(tmp_path: Path, settings: Settings) -> Iterator[Store]:
    with open_store(tmp_path / "store.db", settings) as opened:
        yield opened
