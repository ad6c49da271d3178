"""The verl export read back with pyarrow (as verl's RLHFDataset reads Parquet), and its reward.py loaded from
its path (as verl's custom_reward_function loads it): the rows' rewards equal ``submit``."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from reward_helpers import baseline, export, fenced, invalid, solver, submit_score

from frontiersmith.rewards import GroundTruth, clear_cache
from frontiersmith.tools.exports import read_manifest

pytestmark = pytest.mark.anyio


def load_reward_module(path: Path):
    spec = importlib.util.spec_from_file_location("custom_module", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_verl_rows_round_trip_through_pyarrow_and_score_as_submit(
    published, tmp_path, monkeypatch
) -> None:
    out = tmp_path / "verl"
    manifest = await export(published, "verl", out, split="train:0.7,test:0.3")

    splits = {name for name, n in manifest.counts.items() if n}
    assert {p.stem for p in out.glob("*.parquet")} == {p.stem for p in out.glob("*.jsonl")} == splits
    rows = []
    for split in sorted(splits):
        table = pq.read_table(out / f"{split}.parquet")
        assert table.column_names == ["data_source", "prompt", "ability", "reward_model", "extra_info"]
        parquet_rows = table.to_pylist()
        assert parquet_rows == [
            json.loads(line) for line in (out / f"{split}.jsonl").read_text().splitlines()
        ]
        assert [r["extra_info"]["index"] for r in parquet_rows] == list(range(len(parquet_rows)))
        assert {r["extra_info"]["split"] for r in parquet_rows} == {split}
        rows += parquet_rows
    assert sorted(r["extra_info"]["task_id"] for r in rows) == sorted(t.id for t in published.tasks.values())
    for row in rows:
        assert row["data_source"] == "frontiersmith" and row["ability"] == "code"
        assert [m["role"] for m in row["prompt"]] == ["system", "user"] and "```cpp" in row["prompt"][1][
            "content"
        ]
        assert row["reward_model"]["style"] == "rule"
        truth = GroundTruth.parse(row["reward_model"]["ground_truth"])
        assert (
            truth.task_id == row["extra_info"]["task_id"]
            and (out / str(truth.package) / "problem.yaml").is_file()
        )
    # Siblings (one lineage family) share a split.
    family_of = {t.task_id: t.family for t in read_manifest(out).tasks}
    split_of = {r["extra_info"]["task_id"]: r["extra_info"]["split"] for r in rows}
    for a in split_of:
        assert all(split_of[a] == split_of[b] for b in split_of if family_of[a] == family_of[b])

    # The trainer machine: no store; reward.py finds the packages beside itself, from any working directory.
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path / "no-store"))
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_BACKEND", "process")
    monkeypatch.chdir(tmp_path)
    clear_cache()
    reward = load_reward_module(out / "reward.py")
    family_by_task = {t.id: f for f, t in published.tasks.items()}
    samples, expected = [], []
    for row in rows:
        task_id = row["extra_info"]["task_id"]
        for program in (solver(family_by_task[task_id]), baseline(family_by_task[task_id]), invalid()):
            samples.append((row, fenced(program)))
            expected.append(await submit_score(published, task_id, program))
    batch = reward.compute_score_batch(
        data_sources=[r["data_source"] for r, _ in samples],
        solution_strs=[s for _, s in samples],
        ground_truths=[r["reward_model"]["ground_truth"] for r, _ in samples],
        extra_infos=[r["extra_info"] for r, _ in samples],
    )
    assert batch == expected and any(s > 0 for s in expected)
    row, solution = samples[0]
    one = reward.compute_score(
        row["data_source"], solution, row["reward_model"]["ground_truth"], row["extra_info"]
    )
    assert one == expected[0]
