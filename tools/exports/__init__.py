"""Tasks out: published tasks as files a trainer or an agent harness reads (docs/reference/exports.md).

``export_tasks`` selects tasks, builds one ``TaskBundle`` each, deduplicates them by content hash, splits
them by lineage family and hands them to a format from the registry (``@export_format``), then writes
``manifest.json``. Each format is one module here; importing the package registers them all.
"""

from __future__ import annotations

from . import frontiercs, harbor, hf, native, trl, verifiers, verl  # noqa: F401  (each registers its format)
from .bundle import (
    SampledSolution,
    SplitReport,
    TaskBundle,
    assign_splits,
    best_sampled,
    dedup,
    family_split,
    load_bundle,
    parse_split,
    select_tasks,
)
from .export import export_tasks, read_manifest
from .manifest import MANIFEST_FILE, Manifest, ManifestTask
from .native import write_task_package
from .registry import ExportContext, ExportFormat, export_format, get_format, registered_formats, task_path

__all__ = [
    "MANIFEST_FILE",
    "ExportContext",
    "ExportFormat",
    "Manifest",
    "ManifestTask",
    "SampledSolution",
    "SplitReport",
    "TaskBundle",
    "assign_splits",
    "best_sampled",
    "dedup",
    "export_format",
    "export_tasks",
    "family_split",
    "get_format",
    "load_bundle",
    "parse_split",
    "read_manifest",
    "registered_formats",
    "select_tasks",
    "task_path",
    "write_task_package",
]
