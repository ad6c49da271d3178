"""A split honours its shares where the tasks allow and says what it did: the README's
`--split train:0.9,test:0.1` on the demo's 12 tasks gives verl a test file (by lineage family, siblings
together); fewer families than splits split by task; fewer tasks than splits leave a split empty, said so."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
from export_helpers import run_cli

from frontiersmith.tools.exports import assign_splits, family_split, parse_split, read_manifest


def test_the_readme_split_gives_every_split_a_task_and_keeps_siblings_together(
    demo_run: Any, tmp_path: Path
) -> None:
    store = demo_run.copy_to(tmp_path / "store.db")
    out = tmp_path / "verl"
    done = run_cli(
        tmp_path / "data",
        "export",
        "--format",
        "verl",
        str(out),
        "--split",
        "train:0.9,test:0.1",
        "--store",
        str(store),
    )
    manifest = read_manifest(out)
    assert manifest.counts["train"] >= 1 and manifest.counts["test"] >= 1
    assert sum(manifest.counts.values()) == len(manifest.tasks) == 12
    assert {r["extra_info"]["split"] for r in pq.read_table(out / "test.parquet").to_pylist()} == {"test"}
    assert len(pq.read_table(out / "train.parquet")) == manifest.counts["train"]
    by_family: dict[str, set[str]] = {}
    for task in manifest.tasks:
        by_family.setdefault(task.family, set()).add(task.split)
    assert len(by_family) >= 2 and all(len(splits) == 1 for splits in by_family.values())
    assert manifest.split_by == "family" and manifest.split_note.startswith("split by lineage family")
    assert manifest.split_note[:1].upper() + manifest.split_note[1:] in done.stdout  # the command says it too
    # a family the hash put in train and the split moved to fill test is named, and is the only move
    moved = [
        t.family
        for t in manifest.tasks
        if family_split(t.family, parse_split("train:0.9,test:0.1")) != t.split
    ]
    assert all(f in manifest.split_note for f in moved) and len(set(moved)) <= 1
    assert json.loads((out / "manifest.json").read_text())["split_note"] == manifest.split_note


@dataclass
class Placed:
    """What assign_splits reads of a task bundle: its id and its lineage family, and where it puts it."""

    task_id: str
    family: str
    split: str = ""


def test_fewer_families_than_splits_split_by_task_and_fewer_tasks_leave_a_split_empty() -> None:
    splits = parse_split("train:0.6,dev:0.2,test:0.2")
    siblings = [Placed(f"task_{i}", "seed_one") for i in range(4)] + [Placed("task_4", "seed_two")]
    report = assign_splits(siblings, splits)  # type: ignore[arg-type]
    counts = {name: sum(b.split == name for b in siblings) for name, _ in splits}
    assert report.by == "task" and all(n >= 1 for n in counts.values())
    assert "straddle" in report.describe(counts)

    families = [Placed(f"task_{i}", f"seed_{i % 3}") for i in range(9)]
    report = assign_splits(families, splits)  # type: ignore[arg-type]
    assert report.by == "family" and {b.split for b in families} == {"train", "dev", "test"}
    assert all(len({b.split for b in families if b.family == f}) == 1 for f in {b.family for b in families})

    two = [Placed("task_a", "seed_a"), Placed("task_b", "seed_b")]
    report = assign_splits(two, splits)  # type: ignore[arg-type]
    counts = {name: sum(b.split == name for b in two) for name, _ in splits}
    assert len(report.empty) == 1 and sorted(counts.values()) == [0, 1, 1]
    assert f"{report.empty[0]} left empty: 2 tasks cannot fill 3 splits" in report.describe(counts)
