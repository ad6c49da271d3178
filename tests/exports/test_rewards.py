"""frontiersmith.rewards: the code in a completion judged on the task's tests, scored exactly as ``submit``
scores it; 0 for garbage, no code and hostile code, never an exception. Real sandbox, real store, real
exports; no model."""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

import anyio
import pytest
from reward_helpers import (
    FORK_BOMB,
    NETWORK,
    READS_FILES,
    SPINS,
    baseline,
    export,
    fenced,
    invalid,
    solver,
    storeless_settings,
    submit_score,
    use_store,
)

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Language, Program
from frontiersmith.rewards import GroundTruth, clear_cache, extract_code, judging, score_completions
from frontiersmith.rewards.verl import compute_score

pytestmark = pytest.mark.anyio


@pytest.fixture(autouse=True)
def fresh_cache():
    clear_cache()
    yield
    clear_cache()


@pytest.fixture(scope="module")
def verl_export(published, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("rewards") / "verl"
    anyio.run(export, published, "verl", out)
    return out


def truths(out: Path) -> dict[str, str]:
    """Task id -> the ground truth its exported row carries."""
    import json

    rows = [json.loads(line) for line in (out / "train.jsonl").read_text().splitlines()]
    return {r["extra_info"]["task_id"]: r["reward_model"]["ground_truth"] for r in rows}


def test_extract_code_takes_the_last_fenced_block_in_a_judged_language() -> None:
    text = "```python\nprint(1)\n```\nthen\n~~~cpp\nint main(){}\n~~~\nand the output:\n```text\n3\n```\n"
    assert extract_code(text) == Program(code="int main(){}\n", language=Language.CPP)
    for tag, language in (("c++", "cpp"), ("CC", "cpp"), ("py", "python"), ("python3", "python")):
        assert extract_code(f"```{tag}\nx\n```").language.value == language  # type: ignore[union-attr]
    chat = [
        {"role": "user", "content": "```python\nno\n```"},
        {"role": "assistant", "content": "```py\nyes\n```"},
    ]
    assert extract_code(chat).code == "yes\n"  # type: ignore[union-attr]
    parts = [{"role": "assistant", "content": [{"type": "text", "text": "```cpp\nparts\n```"}]}]
    assert extract_code(parts).code == "parts\n"  # type: ignore[union-attr]
    no_code = [
        "",
        "just words",
        "```\nuntagged\n```",
        "```rust\nfn main(){}\n```",
        "```python\nunclosed",
        None,
        42,
    ]
    assert [extract_code(c) for c in no_code] == [None] * len(no_code)


async def test_reward_from_an_export_equals_submit_for_baseline_best_and_invalid(
    published, verl_export, tmp_path, monkeypatch
) -> None:
    # A trainer machine: no store, only the export; the reward finds each package beside the rows.
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path / "no-store"))
    gts = truths(verl_export)
    completions, ground, expected = [], [], []
    for family, task in published.tasks.items():
        for program in (baseline(family), solver(family), invalid()):
            completions.append(fenced(program))
            ground.append(gts[task.id])
            expected.append(await submit_score(published, task.id, program))
    got = await score_completions(
        completions, ground, export_dir=verl_export, settings=storeless_settings(tmp_path)
    )
    assert got == expected  # exactly, not approximately
    assert any(s > 0 for s in expected), (
        "a solver beats its baseline somewhere, so the check is not all zeros"
    )


async def test_reward_falls_back_to_the_store_by_task_id(published, tmp_path, monkeypatch) -> None:
    store_env = use_store(published, monkeypatch)
    family, task = next(iter(published.tasks.items()))
    program = solver(family)
    truth = GroundTruth(task_id=task.id, package="tasks/not-here").dumps()
    [got] = await score_completions([fenced(program)], [truth], export_dir=tmp_path, settings=store_env)
    assert got == await submit_score(published, task.id, program)


async def test_garbage_no_code_and_hostile_code_score_zero_and_a_row_naming_no_task_raises(
    published, verl_export, tmp_path
) -> None:
    family, task = next(iter(published.tasks.items()))
    truth = truths(verl_export)[task.id]
    hostile = [
        fenced(Program(code=c, language=Language.PYTHON)) for c in (FORK_BOMB, READS_FILES, NETWORK, SPINS)
    ]
    garbage: list[object] = [
        "",
        "no code at all",
        None,
        7,
        {"role": "assistant"},
        [{"content": 3}],
        "```cpp\nint main( {\n```",
    ]
    completions = hostile + garbage
    got = await score_completions(
        completions, [truth] * len(completions), export_dir=verl_export, settings=storeless_settings(tmp_path)
    )
    assert got == [0.0] * len(completions)
    # a row whose task cannot be found is a broken dataset, never a reward of 0 (nor of anything)
    for bad in ("{not json", {"task": "?"}, "task_does_not_exist"):
        with pytest.raises(InvalidInputError, match="Row 1 of the batch cannot be scored"):
            await score_completions(
                [fenced(solver(family))] * 2,
                [truth, bad],
                export_dir=verl_export,
                settings=storeless_settings(tmp_path),
            )


async def test_a_batch_is_judged_in_one_sandbox(published, verl_export, tmp_path, monkeypatch) -> None:
    opened = []
    real = judging.open_sandbox

    def counting(*args, **kwargs):
        opened.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(judging, "open_sandbox", counting)
    gts = truths(verl_export)
    completions = [fenced(p) for family in published.tasks for p in (baseline(family), solver(family))]
    ground = [gts[t.id] for t in published.tasks.values() for _ in range(2)]
    got = await score_completions(
        completions, ground, export_dir=verl_export, workers=2, settings=storeless_settings(tmp_path)
    )
    assert len(opened) == 1 and len(got) == 6 and any(s > 0 for s in got)


async def test_a_batch_over_several_tasks_runs_at_most_workers_programs_at_once(
    published, verl_export, tmp_path, monkeypatch
) -> None:
    running, peak = 0, 0
    real = judging.open_sandbox

    @contextlib.asynccontextmanager
    async def watched(*args, **kwargs):
        async with real(*args, **kwargs) as sb:
            run = sb.run

            async def counted(*a, **k):
                nonlocal running, peak
                running += 1
                peak = max(peak, running)
                try:
                    return await run(*a, **k)
                finally:
                    running -= 1

            sb.run = counted  # type: ignore[method-assign]
            yield sb

    monkeypatch.setattr(judging, "open_sandbox", watched)
    gts = truths(verl_export)
    completions = [fenced(solver(family)) for family in published.tasks] * 2
    ground = [gts[t.id] for t in published.tasks.values()] * 2
    got = await score_completions(
        completions, ground, export_dir=verl_export, workers=1, settings=storeless_settings(tmp_path)
    )
    # Three tasks' judges share one bound: one program (a solution or a verifier) runs at a time.
    assert peak == 1 and got[:3] == got[3:] and all(s > 0 for s in got)


async def test_loaded_packages_are_kept_for_the_process(published, verl_export, tmp_path) -> None:
    family, task = next(iter(published.tasks.items()))
    copy = tmp_path / "export"
    shutil.copytree(verl_export, copy)
    truth = truths(copy)[task.id]
    settings = storeless_settings(tmp_path)
    [first] = await score_completions([fenced(solver(family))], [truth], export_dir=copy, settings=settings)
    shutil.rmtree(copy / "tasks")  # the package is gone from disk, not from the process
    [again] = await score_completions([fenced(solver(family))], [truth], export_dir=copy, settings=settings)
    assert first == again > 0
    clear_cache()
    with pytest.raises(InvalidInputError, match="is in none of"):  # gone: no reward at all, and it says why
        await score_completions([fenced(solver(family))], [truth], export_dir=copy, settings=settings)


async def test_compute_score_finds_the_export_through_the_env_var_inside_an_event_loop(
    published, verl_export, tmp_path, monkeypatch
) -> None:
    # verl calls compute_score from plain code; a trainer's async reward loop calls it from a running loop.
    family, task = next(iter(published.tasks.items()))
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path / "no-store"))
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_BACKEND", "process")
    monkeypatch.chdir(tmp_path)
    truth = truths(verl_export)[task.id]
    with pytest.raises(
        InvalidInputError, match="FRONTIERSMITH_EXPORT_DIR"
    ):  # a worker that cannot find its task
        compute_score("frontiersmith", fenced(solver(family)), truth)
    monkeypatch.setenv("FRONTIERSMITH_EXPORT_DIR", str(verl_export))
    score = compute_score("frontiersmith", fenced(solver(family)), truth, {"task_id": task.id})
    assert score == await submit_score(published, task.id, solver(family))
