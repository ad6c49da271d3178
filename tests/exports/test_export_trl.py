"""The trl export read back with ``datasets`` and its reward called as TRL's GRPOTrainer calls
``reward_funcs`` (prompts, conversational completions, every other column by name): rewards equal ``submit``.
TRL itself needs torch, which this machine does not install; its call convention is what is pinned here."""

from __future__ import annotations

import importlib.util

import pytest
from datasets import DatasetDict, load_from_disk
from reward_helpers import baseline, export, fenced, invalid, solver, submit_score

from frontiersmith.rewards import clear_cache
from frontiersmith.rewards.trl import frontiersmith_reward

pytestmark = pytest.mark.anyio


async def test_trl_dataset_round_trips_and_its_reward_scores_as_submit(
    published, tmp_path, monkeypatch
) -> None:
    out = tmp_path / "trl"
    await export(published, "trl", out)

    dataset = load_from_disk(str(out / "dataset"))
    assert isinstance(dataset, DatasetDict) and list(dataset) == ["train"]
    rows = dataset["train"]
    assert rows.column_names == ["prompt", "ground_truth", "task_id"]
    assert sorted(rows["task_id"]) == sorted(t.id for t in published.tasks.values())
    assert all(p[-1]["role"] == "user" and "```python" in p[-1]["content"] for p in rows["prompt"])

    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path / "no-store"))
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_BACKEND", "process")
    monkeypatch.chdir(tmp_path)
    clear_cache()
    spec = importlib.util.spec_from_file_location("export_reward", out / "reward.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    family_by_task = {t.id: f for f, t in published.tasks.items()}
    inputs, completions, expected = [], [], []
    for example in rows:
        family = family_by_task[example["task_id"]]
        for program in (solver(family), baseline(family), invalid()):
            inputs.append(example)
            completions.append([{"role": "assistant", "content": fenced(program)}])
            expected.append(await submit_score(published, example["task_id"], program))
    # What GRPOTrainer passes: the prompts, the completions, their ids, and every column but the prompt.
    kwargs = {key: [ex[key] for ex in inputs] for key in inputs[0] if key != "prompt"}
    rewards = module.frontiersmith_reward(
        prompts=[ex["prompt"] for ex in inputs],
        completions=completions,
        completion_ids=[[1, 2, 3]] * len(inputs),
        trainer_state=None,
        **kwargs,
    )
    assert rewards == expected and any(r > 0 for r in expected)
    # The importable function, given plain-string completions, finds the packages through the env var.
    monkeypatch.setenv("FRONTIERSMITH_EXPORT_DIR", str(out))
    clear_cache()
    plain = frontiersmith_reward(
        prompts=[ex["prompt"] for ex in inputs[:3]],
        completions=[c[0]["content"] for c in completions[:3]],
        **{key: value[:3] for key, value in kwargs.items()},
    )
    assert plain == expected[:3]
    assert frontiersmith_reward(
        prompts=["p"], completions=["no code"], ground_truth=[kwargs["ground_truth"][0]]
    ) == [0.0]
