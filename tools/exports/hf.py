"""The ``hf`` format: a Hugging Face ``datasets`` folder (``save_to_disk``; one split a ``--split`` name)
of the tasks with how each was made and how it scores, a dataset card (``README.md``: tasks, families,
axes, divergence, baseline and best scores) and the task packages its ``ground_truth`` column names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .bundle import TaskBundle
from .registry import ExportContext, ExportFormat, export_format
from .rows import TaskRow, baseline_score, by_split, save_dataset, write_packages

CARD = "README.md"
DIVERGENCE_KEYS = ("semantic", "behavioural", "combined")


def hf_row(row: TaskRow) -> dict[str, Any]:
    """The task's row in the Hugging Face dataset: the prompt, ground truth and package, and how the task was
    made."""
    bundle, verifier = row.bundle, row.bundle.package.verifier
    divergence = bundle.task.divergence
    return {
        "task_id": bundle.task_id,
        "title": bundle.problem.title,
        "statement": bundle.problem.statement,
        "prompt": row.prompt,
        "ground_truth": row.ground_truth,
        "package": row.package,
        "family": bundle.family,
        "seed_id": bundle.seed_id,
        "axis": bundle.axis,
        "candidate_id": bundle.task.candidate_id,
        "lineage": [node.id for node in bundle.lineage],
        "content_hash": bundle.content_hash,
        "sense": verifier.sense.value if verifier.sense else None,
        "normalisation": verifier.normalisation.value,
        "tests": len(bundle.package.tests),
        "time_ms": bundle.package.limits.time_ms,
        "memory_mb": bundle.package.limits.memory_mb,
        **{f"divergence_{k}": _float(divergence.get(k)) for k in DIVERGENCE_KEYS},
        "baseline_score": baseline_score(bundle),
        "best_score": bundle.best.mean_score if bundle.best else None,
        "best_strategy": bundle.best.solution.strategy if bundle.best else None,
    }


def _float(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def _shown(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def dataset_card(splits: dict[str, list[dict[str, Any]]]) -> str:
    """The card: YAML metadata (the splits as configs), then the tasks, families, axes and scores."""
    every = [r for chosen in splits.values() for r in chosen]
    lines = [
        "---",
        "pretty_name: FrontierSmith open-ended programming tasks",
        "tags: [frontiersmith, code, open-ended, reinforcement-learning]",
        "configs:",
        "- config_name: default",
        "  data_files:",
        *[f"  - split: {split}\n    path: {split}/*.arrow" for split in splits],
        "---",
        "",
        "# FrontierSmith tasks",
        "",
        f"{len(every)} open-ended programming tasks synthesised by FrontierSmith from closed problems; each is "
        "scored continuously against its baseline s* (`datasets.load_from_disk` this folder; the "
        "`ground_truth` column names each task's package under `tasks/`, which "
        "`frontiersmith.rewards` judges).",
        "",
        "| split | tasks |",
        "| --- | --- |",
        *[f"| {split} | {len(chosen)} |" for split, chosen in splits.items()],
        "",
        "## Families and axes",
        "",
        "| lineage family (root seed) | tasks |",
        "| --- | --- |",
        *[f"| {fam} | {n} |" for fam, n in sorted(Counter(r["family"] for r in every).items())],
        "",
        "| axis | tasks |",
        "| --- | --- |",
        *[f"| {axis} | {n} |" for axis, n in sorted(Counter(str(r["axis"]) for r in every).items())],
        "",
        "## Tasks",
        "",
        "| task | title | split | family | axis | divergence (sem / beh / comb) | baseline | best | tests |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for split, chosen in splits.items():
        for r in chosen:
            div = " / ".join(_shown(r[f"divergence_{k}"]) for k in DIVERGENCE_KEYS)
            lines.append(
                f"| {r['task_id']} | {r['title']} | {split} | {r['family']} | {r['axis']} | {div} | "
                f"{_shown(r['baseline_score'])} | {_shown(r['best_score'])} | {r['tests']} |"
            )
    lines += [
        "",
        "Baseline and best are mean normalised scores over the task's tests (best: the best "
        "solution sampled while the task was made).",
        "",
    ]
    return "\n".join(lines)


@export_format("hf")
class HfFormat(ExportFormat):
    """``--format hf``: the task packages under ``tasks/``, one ``datasets`` split of rows a split, and a dataset
    card (``README.md``)."""

    summary = "a Hugging Face datasets folder (save_to_disk) with a dataset card"

    async def write(self, bundles: Sequence[TaskBundle], out: Path, ctx: ExportContext) -> dict[str, str]:
        """Write the packages, the dataset and its card; each task's path is its package folder."""
        rows = write_packages(bundles, out)
        splits = {split: [hf_row(r) for r in chosen] for split, chosen in by_split(rows).items()}
        save_dataset(splits, out)
        (out / CARD).write_text(dataset_card(splits))
        return {r.bundle.task_id: r.package for r in rows}
