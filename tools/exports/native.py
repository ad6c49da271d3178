"""A published task as a native package (``problem.yaml`` + statement + tests + verifier + baseline), the
layout ``frontiersmith judge DIR SOLUTION`` reads; also the ``native`` export format, one package a task."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from frontiersmith.models import Program

from ..judging.packages.native import write_native_package
from .bundle import TaskBundle
from .registry import ExportContext, ExportFormat, export_format


def program_file(stem: str, program: Program) -> str:
    """A program's file name: ``stem`` and the suffix of its language."""
    return stem + program.language.suffix


def lineage_of(bundle: TaskBundle) -> dict[str, Any]:
    """How the task was made, as every export format records it (native ``lineage``, Harbor metadata)."""
    task = bundle.task
    return {
        "task": task.id,
        "candidate": task.candidate_id,
        "seed": bundle.seed_id,
        "axis": bundle.axis,
        "family": bundle.family,
        "chain": [node.id for node in bundle.lineage],
        "content_hash": bundle.content_hash,
        "divergence": dict(task.divergence),
        "gates": dict(task.gates),
        "forced": task.forced,
    }


def task_manifest(bundle: TaskBundle, files: dict[str, str]) -> dict[str, Any]:
    """The ``problem.yaml`` mapping of a task (fields as ``tools/judging/packages/native.py`` reads them)."""
    pkg, verifier = bundle.package, bundle.package.verifier
    data: dict[str, Any] = {
        "id": bundle.task_id,
        "title": pkg.problem.title,
        "statement": "statement.md",
        "objective": pkg.problem.objective.formula,
    }
    if verifier.sense is not None:
        data["sense"] = verifier.sense.value
    data["normalisation"] = verifier.normalisation.value
    if verifier.ratio_cap != 1.0:
        data["ratio_cap"] = verifier.ratio_cap
    data["time_ms"] = pkg.limits.time_ms
    data["memory_mb"] = pkg.limits.memory_mb
    data["verifier"] = {
        "kind": verifier.kind.value,
        "file": files["verifier"],
        "language": verifier.program.language.value,
    }
    if verifier.interactive:  # it talks to the running solution; without the marker it would read an output
        data["verifier"]["interactive"] = True
    if pkg.baseline is not None:
        data["baseline"] = {"file": files["baseline"], "language": pkg.baseline.language.value}
    if pkg.references is not None:  # by the stem each test is written under (testdata/N.in)
        data["references"] = {
            str(i): pkg.references[t.name].model_dump(mode="json")
            for i, t in enumerate(pkg.tests, 1)
            if t.name in pkg.references
        }
    data["tests"] = "testdata"
    lineage = lineage_of(bundle)
    lineage["tests"] = [
        {"file": f"{i}.in", "name": t.name, "distribution": t.distribution}
        for i, t in enumerate(pkg.tests, 1)
    ]
    if bundle.best is not None:
        lineage["best"] = {
            "file": files["best"],
            "solution": bundle.best.solution.id,
            "strategy": bundle.best.solution.strategy,
            "mean_score": bundle.best.mean_score,
        }
    data["lineage"] = lineage
    return data


def write_task_package(bundle: TaskBundle, dest: Path) -> Path:
    """Write ``bundle`` as a native package in ``dest`` (new or empty): the statement, the verifier, the
    baseline s*, ``testdata/N.in`` (+ ``N.ans``) in the task's test order, and the best sampled solution
    under ``solutions/``. Judging it gives what ``submit`` gives, test by test."""
    pkg = bundle.package
    names = {"verifier": program_file("verifier", pkg.verifier.program)}
    files = {names["verifier"]: pkg.verifier.program.code}
    if pkg.baseline is not None:
        names["baseline"] = program_file("baseline", pkg.baseline)
        files[names["baseline"]] = pkg.baseline.code
    if bundle.best is not None:
        names["best"] = "solutions/" + program_file("best", bundle.best.program)
        files[names["best"]] = bundle.best.solution.code
    tests = [(t.input, t.answer) for t in pkg.tests]
    return write_native_package(dest, task_manifest(bundle, names), pkg.problem.statement, files, tests)


@export_format("native")
class NativeFormat(ExportFormat):
    """``--format native``: each task as a native package (``write_task_package``)."""

    summary = "one native package (problem.yaml) a task, judged by `frontiersmith judge DIR SOL`"

    async def write_task(self, bundle: TaskBundle, dest: Path, ctx: ExportContext) -> None:
        """Write the task's native package at ``dest``."""
        write_task_package(bundle, dest)
