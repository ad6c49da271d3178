"""``manifest.json``: what an export holds and how each of its tasks was made."""

from __future__ import annotations

from pydantic import BaseModel, Field

from frontiersmith.models import TaskCard, content_hash
from frontiersmith.version import __version__

from .bundle import SplitReport, TaskBundle

MANIFEST_FILE = "manifest.json"
FORMAT_VERSION = 1


class ManifestTask(BaseModel):
    """One exported task: where it is, its content hash, and its provenance (seed, axis, candidate,
    divergence and the gates it was published under)."""

    task_id: str
    title: str
    path: str  # relative to the export folder; "" when the task lives in shared files
    split: str = ""
    content_hash: str
    family: str  # the root seed of its lineage: siblings share it and never straddle splits
    lineage: list[str] = Field(default_factory=list)  # oldest first, the task last
    seed_id: str | None = None  # what the candidate was mutated from
    axis: str | None = None
    candidate_id: str
    divergence: dict[str, float | None] = Field(default_factory=dict)
    gates: dict[str, float] = Field(default_factory=dict)
    forced: bool = False
    tests: int
    sense: str | None = None
    normalisation: str
    best_solution_id: str | None = None
    best_mean_score: float | None = None
    duplicates: list[str] = Field(default_factory=list)  # tasks of the same content left out for this one
    card: TaskCard | None = None  # the task card (tools/synthesis/card.py): what the task is worth as data


class Manifest(BaseModel):
    """What an export holds: its format, how the tasks were chosen and split, a hash of their content and each
    task's ``ManifestTask``."""

    format_version: int = FORMAT_VERSION
    format: str
    frontiersmith_version: str = __version__
    selection: str  # latest | all | ids | run:RUN_ID
    splits: dict[str, float] = Field(default_factory=dict)
    counts: dict[str, int] = Field(default_factory=dict)  # tasks per split ("all" without splits)
    split_by: str = ""  # family (siblings together) | task (fewer families than splits) | "" (no split)
    # what the split did, in one sentence: by what, what it moved to fill a split, what it left empty
    split_note: str = ""
    content_hash: str  # of the tasks' content hashes in order: equal export content, equal hash
    tasks: list[ManifestTask] = Field(default_factory=list)


def manifest_task(bundle: TaskBundle, path: str) -> ManifestTask:
    """The manifest's entry for one written task, at ``path`` in the export."""
    task, verifier = bundle.task, bundle.package.verifier
    return ManifestTask(
        task_id=task.id,
        title=task.problem.title,
        path=path,
        split=bundle.split,
        content_hash=bundle.content_hash,
        family=bundle.family,
        lineage=[node.id for node in bundle.lineage],
        seed_id=bundle.seed_id,
        axis=bundle.axis,
        candidate_id=task.candidate_id,
        divergence=task.divergence,
        gates=task.gates,
        forced=task.forced,
        tests=len(bundle.package.tests),
        sense=verifier.sense.value if verifier.sense else None,
        normalisation=verifier.normalisation.value,
        best_solution_id=bundle.best.solution.id if bundle.best else None,
        best_mean_score=bundle.best.mean_score if bundle.best else None,
        duplicates=bundle.duplicates,
        card=bundle.card,
    )


def build_manifest(
    fmt: str,
    selection: str,
    splits: list[tuple[str, float]],
    bundles: list[TaskBundle],
    paths: dict[str, str],
    placed: SplitReport | None = None,
) -> Manifest:
    """The manifest of an export: tasks counted per split, the split's report, and one hash over the tasks'
    content hashes in order."""
    counts: dict[str, int] = {name: 0 for name, _ in splits} if splits else {"all": 0}
    for bundle in bundles:
        counts[bundle.split or "all"] += 1
    placed = placed or SplitReport()
    return Manifest(
        format=fmt,
        selection=selection,
        splits=dict(splits),
        counts=counts,
        split_by=placed.by,
        split_note=placed.describe(counts),
        content_hash=content_hash([b.content_hash for b in bundles]),
        tasks=[manifest_task(b, paths.get(b.task_id, "")) for b in bundles],
    )
