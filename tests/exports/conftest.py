"""One store for every export test (session-scoped: publishing costs seconds): three published tasks, two
of them siblings of one lineage family. Tests read it and export from it; none writes to it but through
``submit`` and the baseline cache, which change no task."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from export_helpers import FAMILIES, RUN_ID, Published, publish_family  # noqa: E402

from frontiersmith.models import Task  # noqa: E402
from frontiersmith.settings import Settings  # noqa: E402
from frontiersmith.store import Store  # noqa: E402


@pytest.fixture(scope="session")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Published]:
    data_dir = tmp_path_factory.mktemp("exports-store")
    with pytest.MonkeyPatch.context() as env:
        # no user config file, here or in code that reads the settings itself
        env.setenv("FRONTIERSMITH_CONFIG", str(data_dir / "no-config.toml"))
        env.delenv("FRONTIERSMITH_LLM_PROVIDER", raising=False)
        settings = Settings(data_dir=data_dir, sandbox_backend="process", workers=2, max_concurrency=2)
        store = Store(settings.resolved_store_path)

        async def build() -> dict[str, Task]:
            runs = {"weighted_tardiness": RUN_ID}
            return {name: await publish_family(store, name, settings, runs.get(name)) for name in FAMILIES}

        tasks = anyio.run(build)
        yield Published(data_dir, settings, store, tasks)
        store.close()
