"""One store for every export test (session-scoped: publishing costs seconds): three published tasks, two
of them siblings of one lineage family. Tests read it and export from it; none writes to it but through
``submit`` and the baseline cache, which change no task."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import anyio
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from export_helpers import FAMILIES, publish_family  # noqa: E402

from frontiersmith.models import Task  # noqa: E402
from frontiersmith.settings import Settings  # noqa: E402
from frontiersmith.store import Store  # noqa: E402


@dataclass
class Published:
    data_dir: Path
    settings: Settings
    store: Store
    tasks: dict[str, Task]  # family name -> its task


@pytest.fixture(scope="session")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Published]:
    data_dir = tmp_path_factory.mktemp("exports-store")
    settings = Settings(data_dir=data_dir, sandbox_backend="process", workers=2, max_concurrency=2)
    store = Store(settings.resolved_store_path)

    async def build() -> dict[str, Task]:
        return {name: await publish_family(store, name, settings) for name in FAMILIES}

    tasks = anyio.run(build)
    yield Published(data_dir, settings, store, tasks)
    store.close()


@pytest.fixture
def isolated_settings(monkeypatch: pytest.MonkeyPatch, published: Published) -> Settings:
    """The shared store's settings, with no user config file read by code that calls get_settings()."""
    monkeypatch.setenv("FRONTIERSMITH_CONFIG", str(published.data_dir / "no-config.toml"))
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(published.data_dir))
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_BACKEND", "process")
    return published.settings
