"""Export formats by name: each format's class registers itself with ``@export_format("name")``.

A format is one module of ``tools/exports/`` with a decorated ``ExportFormat`` subclass, imported by the
package (as the sandbox backends are in ``sandbox/registry.py``). A per-task format writes one folder per
task (``write_task``); a dataset format overrides ``write`` and writes its files for all tasks at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from frontiersmith.errors import InvalidInputError
from frontiersmith.registry import ClassRegistry
from frontiersmith.settings import Settings
from frontiersmith.store import Store

from .bundle import TaskBundle


@dataclass
class ExportContext:
    """What a format may read beyond the bundles: the store, the settings and its own options."""

    store: Store
    settings: Settings
    options: dict[str, Any] = field(default_factory=dict)


class ExportFormat:
    """One way of writing published tasks out. ``write`` gets every bundle (deduplicated, each with its
    split) and the output folder, and returns each task's path in it (relative; "" when the task lives in
    shared files such as one Parquet file per split), which the manifest records."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""  # one line for `--help`

    async def write(self, bundles: Sequence[TaskBundle], out: Path, ctx: ExportContext) -> dict[str, str]:
        """Write every task with ``write_task``, each at ``task_path``; a dataset format overrides this."""
        paths: dict[str, str] = {}
        for bundle in bundles:
            relative = task_path(bundle)
            await self.write_task(bundle, out / relative, ctx)
            paths[bundle.task_id] = relative.as_posix()
        return paths

    async def write_task(self, bundle: TaskBundle, dest: Path, ctx: ExportContext) -> None:
        """Write one task's folder at ``dest``; a format that writes all tasks at once does not implement it."""
        raise NotImplementedError(f"the {self.name} format writes all tasks at once (override write)")


def task_path(bundle: TaskBundle) -> Path:
    """Where a per-task format puts a task: ``SPLIT/TASK_ID`` (just ``TASK_ID`` without splits)."""
    return Path(bundle.split, bundle.task_id) if bundle.split else Path(bundle.task_id)


FormatT = TypeVar("FormatT", bound=type[ExportFormat])

_FORMATS: ClassRegistry[ExportFormat] = ClassRegistry("export format", "name")


def export_format(name: str) -> Callable[[FormatT], FormatT]:
    """Class decorator: make an ``ExportFormat`` subclass available as ``--format name``."""
    return _FORMATS.decorator(name)


def registered_formats() -> tuple[str, ...]:
    """The format names, in the order they registered."""
    return _FORMATS.names()


def get_format(name: str) -> ExportFormat:
    """A new instance of the format registered as ``name``; InvalidInputError naming the known formats otherwise."""
    cls = _FORMATS.get(name)
    if cls is None:
        raise InvalidInputError(
            f"There is no export format {name!r}; use one of: {', '.join(registered_formats())}."
        )
    return cls()
