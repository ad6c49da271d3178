"""Fixtures of the frontier tests: settings over one store per test module (process sandbox, no user config
file), so a problem's board (its shipped solvers, judged once and cached in the store) is paid for once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from frontiersmith.settings import Settings
from frontiersmith.store import Store, open_store


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:
    root = tmp_path_factory.mktemp("frontier")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("FRONTIERSMITH_CONFIG", str(root / "no-config.toml"))
        for var in ("FRONTIERSMITH_LLM_PROVIDER", "FRONTIERSMITH_STORE_PATH", "FRONTIERSMITH_DATA_DIR"):
            mp.delenv(var, raising=False)
        yield Settings(data_dir=root, sandbox_backend="process", workers=2, max_concurrency=2)


@pytest.fixture(scope="module")
def store(settings: Settings) -> Iterator[Store]:
    opened = open_store(None, settings)
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"
