"""The hf export read back with ``datasets.load_from_disk``, and its dataset card: tasks, families, axes,
divergence, baseline and best scores, each as the store and the manifest have them."""

from __future__ import annotations

import pytest
import yaml
from datasets import DatasetDict, load_dataset, load_from_disk
from reward_helpers import export

from frontiersmith.rewards import GroundTruth
from frontiersmith.tools.exports import read_manifest

pytestmark = pytest.mark.anyio


async def test_hf_folder_loads_with_datasets_and_its_card_tells_how_tasks_score(published, tmp_path) -> None:
    out = tmp_path / "hf"
    await export(published, "hf", out, split="train:0.7,test:0.3")
    manifest = read_manifest(out)

    loaded = load_from_disk(str(out))
    assert isinstance(loaded, DatasetDict)
    assert {name: len(ds) for name, ds in loaded.items()} == {k: v for k, v in manifest.counts.items() if v}
    rows = {r["task_id"]: (split, r) for split, ds in loaded.items() for r in ds}
    assert set(rows) == {t.id for t in published.tasks.values()}
    card = (out / "README.md").read_text()
    header = yaml.safe_load(card.split("---")[1])
    assert {c["split"] for c in header["configs"][0]["data_files"]} == set(loaded)
    # The card's configs also let `load_dataset` (the Hub's loader) read the folder as it is.
    hub = load_dataset(str(out), cache_dir=str(tmp_path / "hf-cache"))
    assert {name: sorted(ds["task_id"]) for name, ds in hub.items()} == {
        name: sorted(ds["task_id"]) for name, ds in loaded.items()
    }

    for entry in manifest.tasks:
        split, row = rows[entry.task_id]
        task = published.store.tasks.get(entry.task_id)
        assert (row["family"], row["axis"], row["seed_id"], split) == (
            entry.family,
            entry.axis,
            entry.seed_id,
            entry.split,
        )
        assert row["best_score"] == entry.best_mean_score and row["tests"] == entry.tests == len(
            task.test_ids
        )
        assert row["baseline_score"] == 0.0  # range (and the paper's) normalisation scores s* 0 on every test
        assert row["divergence_behavioural"] == task.divergence.get("behavioural")
        assert GroundTruth.parse(row["ground_truth"]).package == row["package"]
        assert (out / row["package"] / "problem.yaml").is_file()
        line = next(x for x in card.splitlines() if x.startswith(f"| {entry.task_id} |"))
        assert f"| {entry.family} | {entry.axis} |" in line and f"{entry.best_mean_score:.3f}" in line
    assert any(r["divergence_behavioural"] is not None for _, r in rows.values())  # the fixture estimates it
    for family in {e.family for e in manifest.tasks}:
        count = sum(e.family == family for e in manifest.tasks)
        assert f"| {family} | {count} |" in card
    assert "| objective |" in card or "| output |" in card or "| input |" in card
