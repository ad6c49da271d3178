"""One store for every export test (session-scoped: publishing costs seconds): three published tasks, two
of them siblings of one lineage family. Tests read it and export from it; none writes to it but through
``submit`` and the baseline cache, which change no task. It is published once per session and each xdist
worker gets its own copy."""

from __future__ import annotations

import fcntl
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from export_helpers import FAMILIES, RUN_ID, Published, publish_family  # noqa: E402
from suite_env import session_folder  # noqa: E402

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
        ids = published_once(session_folder(tmp_path_factory) / "exports-store", data_dir)
        store = Store(settings.resolved_store_path)
        yield Published(data_dir, settings, store, {name: store.get(Task, tid) for name, tid in ids.items()})
        store.close()


def published_once(template: Path, data_dir: Path) -> dict[str, str]:
    """Publish the families once per session into ``template`` (the first xdist worker to get here does, the
    other waits on the lock) and copy it into ``data_dir``, this worker's own store to write to: each family's
    task id."""
    template.mkdir(exist_ok=True)
    ids_file = template / "task-ids.json"
    with open(template / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not ids_file.is_file():
            (template / "data").mkdir(mode=0o700, exist_ok=True)
            settings = Settings(
                data_dir=template / "data", sandbox_backend="process", workers=2, max_concurrency=2
            )
            store = Store(settings.resolved_store_path)

            async def build() -> dict[str, str]:
                runs = {"weighted_tardiness": RUN_ID}
                return {
                    name: (await publish_family(store, name, settings, runs.get(name))).id
                    for name in FAMILIES
                }

            ids = anyio.run(build)
            store.close()  # checkpointed: the copies need no WAL
            ids_file.write_text(json.dumps(ids))
    shutil.copytree(template / "data", data_dir, dirs_exist_ok=True)
    return json.loads(ids_file.read_text())
