"""Where a reward finds a task's tests: the ``ground_truth`` of an exported row names the task and its
package folder inside the export; the package is read from there (the export's folder comes from the
caller, ``FRONTIERSMITH_EXPORT_DIR`` or the working directory), else the task is taken from the store by
its id. Loaded tasks are kept for the life of the process, so a trainer reads each package once.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.judging.package import JudgePackage
from frontiersmith.tools.judging.packages import load_package
from frontiersmith.tools.judging.scoring import needs_baseline
from frontiersmith.tools.problems.resolver import cached_baseline_objectives, from_store

EXPORT_DIR_ENV = "FRONTIERSMITH_EXPORT_DIR"
# Beside a package's problem.yaml: the baseline's objective per test name, as the store cached it when the
# task was exported, so the reward normalises against the very values ``submit`` uses.
BASELINE_FILE = "baseline_objectives.json"


class GroundTruth(BaseModel):
    """What an exported row's ``ground_truth`` holds (as a JSON string): the task, and its package folder
    relative to the export's root."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    task_id: str = Field(min_length=1)
    package: str | None = None
    content_hash: str | None = None

    def dumps(self) -> str:
        """The ground truth as the JSON string a row carries (keys sorted, unset fields left out)."""
        return json.dumps(self.model_dump(exclude_none=True), sort_keys=True)

    @classmethod
    def parse(cls, value: Any) -> GroundTruth:
        """A ground truth from a row: this model, its JSON string or its mapping, or a bare task id."""
        if isinstance(value, GroundTruth):
            return value
        if isinstance(value, str) and not value.lstrip().startswith("{"):
            value = {"task_id": value.strip()}
        try:
            if isinstance(value, str | bytes):
                return cls.model_validate_json(value)
            return cls.model_validate(value)
        except ValidationError:
            raise InvalidInputError(
                f"The ground truth {str(value)[:80]!r} names no task; pass the row's reward_model.ground_truth "
                "as exported (a JSON object with task_id and package)."
            ) from None


@dataclass
class RewardTask:
    """A task ready to score completions: its judge package, and the baseline's objective per test (None
    until computed, for a package read from disk whose scores need it)."""

    key: str
    package: JudgePackage
    baseline: dict[str, float] | None = None

    @property
    def best(self) -> dict[str, float]:
        """Range normalisation's best known objective per test, as the package fixes it (empty otherwise)."""
        best = self.package.best
        return best if isinstance(best, dict) else {}

    @property
    def needs_baseline(self) -> bool:
        """Whether scores need the baseline's objectives and they are not computed yet."""
        return needs_baseline(self.package.verifier) and self.baseline is None


_cache: dict[str, RewardTask] = {}
_cache_lock = threading.Lock()


def clear_cache() -> None:
    """Forget every loaded task (a test that rewrites an export, or a trainer that swaps exports)."""
    with _cache_lock:
        _cache.clear()


def export_dirs(export_dir: str | Path | Sequence[str | Path] | None = None) -> list[Path]:
    """The folders a package path is looked up in, in order: the caller's, ``FRONTIERSMITH_EXPORT_DIR``
    (several separated by the OS path separator), the working directory."""
    given: list[str | Path] = []
    if isinstance(export_dir, str | Path):
        given.append(export_dir)
    elif export_dir is not None:
        given.extend(export_dir)
    given.extend(p for p in os.environ.get(EXPORT_DIR_ENV, "").split(os.pathsep) if p)
    given.append(Path.cwd())
    return [Path(p).expanduser() for p in given]


def package_folder(truth: GroundTruth, dirs: Sequence[Path]) -> Path | None:
    """The folder of ``truth``'s task package: its path as is when absolute, else the first of ``dirs``
    holding it; None when none does."""
    if not truth.package:
        return None
    relative = Path(truth.package)
    if relative.is_absolute():
        return relative if relative.is_dir() else None
    return next((d / relative for d in dirs if (d / relative).is_dir()), None)


async def load_task(truth: GroundTruth, dirs: Sequence[Path], settings: Settings) -> RewardTask:
    """The task ``truth`` names, from its package folder or else the store, read once for the process:
    later calls with the same ground truth and folders take it from memory, even if the files go away."""
    key = "|".join([truth.dumps(), *map(str, dirs), str(settings.resolved_store_path)])
    with _cache_lock:
        if key in _cache:
            return _cache[key]
    folder = package_folder(truth, dirs)
    if folder is not None:
        package = load_package(folder)
        task = RewardTask(key, package, package.pinned_baseline or _exported_baseline(folder))
    else:
        task = await _stored_task(truth, key, dirs, settings)
    with _cache_lock:
        return _cache.setdefault(key, task)


def _exported_baseline(folder: Path) -> dict[str, float] | None:
    path = folder / BASELINE_FILE
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text())
        return {str(name): float(value) for name, value in data.items()}
    except (ValueError, AttributeError, TypeError):
        raise InvalidInputError(
            f"{path} is not a JSON object of test name -> objective; export again."
        ) from None


async def _stored_task(truth: GroundTruth, key: str, dirs: Sequence[Path], settings: Settings) -> RewardTask:
    path = settings.resolved_store_path
    if not path.is_file():
        where = ", ".join(str(d) for d in dirs)
        raise InvalidInputError(
            f"The package {truth.package or '(none)'} of task {truth.task_id} is in none of {where} and there "
            f"is no store at {path}; set {EXPORT_DIR_ENV} to the export's folder."
        )
    store = open_store(None, settings)
    package = await from_store(store, truth.task_id, settings)
    return RewardTask(key, package, await cached_baseline_objectives(store, package, settings))


def remember_baseline(task: RewardTask, objectives: Mapping[str, float]) -> None:
    """Keep the baseline's objectives a batch computed for a package read from disk."""
    with _cache_lock:
        task.baseline = dict(objectives)
