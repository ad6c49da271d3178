"""The export framework: which tasks a selector takes, one bundle each (baseline objectives, best sampled
solution, lineage), dedup by content hash, splits by lineage family, the manifest, and one-sentence errors."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from export_helpers import RUN_ID, Published, judge_json, run_cli

from frontiersmith.errors import InvalidInputError
from frontiersmith.tools.exports import (
    ExportFormat,
    dedup,
    export_format,
    export_tasks,
    family_split,
    load_bundle,
    parse_split,
    read_manifest,
    select_tasks,
)
from frontiersmith.tools.exports.registry import _FORMATS
from frontiersmith.tools.problems.submit import submit

pytestmark = pytest.mark.anyio


def test_latest_is_the_default_selection(published: Published) -> None:
    store = published.store
    latest = store.tasks.latest_ids()
    chosen = select_tasks(store)
    assert {t.id for t in chosen} == latest == {t.id for t in published.tasks.values()}
    assert {t.id for t in select_tasks(store, "all")} >= latest
    one = published.tasks["max_3sat"]
    assert [t.id for t in select_tasks(store, one.id)] == [one.id]
    # a candidate id stands for its latest task
    assert [t.id for t in select_tasks(store, one.candidate_id)] == [one.id]


def test_a_run_selects_the_latest_tasks_of_its_candidates(published: Published) -> None:
    assert [t.id for t in select_tasks(published.store, run=RUN_ID)] == [
        published.tasks["weighted_tardiness"].id
    ]
    published.store.pipeline_runs.start("export-test-empty-run", {})
    with pytest.raises(InvalidInputError, match="published no task"):
        select_tasks(published.store, run="export-test-empty-run")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"tasks": "task_nope"}, "task_nope is not a published task"),
        ({"tasks": " , "}, "--tasks is empty"),
        ({"tasks": "all", "everything": True}, "Pass only one of --tasks and --all"),
        ({"run": "no-such-run"}, "There is no synthesis run 'no-such-run'"),
    ],
)
def test_a_bad_selection_is_one_sentence(published: Published, kwargs: dict, words: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        select_tasks(published.store, **kwargs)
    assert words in str(err.value) and str(err.value).count(". ") == 0


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("train:0.9,test:0.2", "adding up to 1.1"),
        ("train:0.9,train:0.1", "names a split twice"),
        ("train=0.9", "is not NAME:SHARE"),
        ("train:abc,test:0.5", "is not NAME:SHARE"),
        ("train:0,test:1", "is not NAME:SHARE"),
    ],
)
def test_a_bad_split_spec_is_one_sentence(spec: str, words: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        parse_split(spec)
    assert words in str(err.value)
    assert parse_split("train:0.9,test:0.1") == [("train", 0.9), ("test", 0.1)]


async def test_bundle_carries_baseline_objectives_best_sampled_solution_and_lineage(
    published: Published,
) -> None:
    store, task = published.store, published.tasks["min_true_2sat"]
    bundle = await load_bundle(store, task, published.settings)
    assert bundle.family == "seed_two_sat" and [n.id for n in bundle.lineage][-2:] == [
        task.candidate_id,
        task.id,
    ]
    assert bundle.seed_id == "seed_two_sat" and bundle.axis == "objective"
    assert bundle.baseline_objectives is not None
    assert set(bundle.baseline_objectives) == {t.name for t in bundle.package.tests}
    # the best sampled solution has the highest mean score, and that mean is what submit gives it
    assert bundle.best is not None and bundle.best.solution.author != "baseline"
    result = await submit(
        store, task.id, bundle.best.solution.code, bundle.best.solution.language, settings=published.settings
    )
    assert result.score == pytest.approx(bundle.best.mean_score, abs=1e-9) and result.score > 0


def test_siblings_of_a_lineage_family_never_straddle_splits(published: Published) -> None:
    splits = parse_split("train:0.5,test:0.5")
    by_family: dict[str, set[str]] = {}
    # Many families' names, to see both splits used and each family in one.
    names = [f"seed_family_{i}" for i in range(200)]
    placed = {name: family_split(name, splits) for name in names}
    assert set(placed.values()) == {"train", "test"}
    assert 60 < sum(v == "train" for v in placed.values()) < 140
    # A family's split depends on the family alone: the same in a bigger or smaller export.
    assert all(family_split(name, splits) == split for name, split in placed.items())
    for task in published.tasks.values():
        chain = published.store.lineage.ancestors(task.id)
        by_family.setdefault(chain[0].id, set()).add(family_split(chain[0].id, splits))
    assert all(len(s) == 1 for s in by_family.values())


async def test_dedup_keeps_one_bundle_per_content_hash(published: Published) -> None:
    task = published.tasks["weighted_tardiness"]
    bundle = await load_bundle(published.store, task, published.settings)
    twin = replace(bundle, task=task.model_copy(update={"id": "task_twin"}), duplicates=[])
    other = await load_bundle(published.store, published.tasks["max_3sat"], published.settings)
    kept = dedup([bundle, other, twin])
    assert [b.task_id for b in kept] == [task.id, other.task_id]
    assert kept[0].duplicates == ["task_twin"]


async def test_manifest_records_counts_hashes_and_how_each_task_was_made(
    published: Published, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    manifest = await export_tasks(
        published.store, "native", out, split="train:0.5,test:0.5", settings=published.settings
    )
    assert read_manifest(out) == manifest
    assert manifest.format == "native" and manifest.format_version == 1 and manifest.selection == "latest"
    assert sum(manifest.counts.values()) == len(manifest.tasks) == 3 and set(manifest.counts) == {
        "train",
        "test",
    }
    for entry in manifest.tasks:
        task = published.store.tasks.get(entry.task_id)
        assert entry.path == f"{entry.split}/{task.id}" and (out / entry.path / "problem.yaml").is_file()
        assert entry.candidate_id == task.candidate_id and entry.forced and entry.gates == task.gates
        assert entry.divergence == task.divergence and entry.axis and entry.seed_id == entry.family
        assert entry.lineage[-1] == task.id and len(entry.content_hash) == 64
        assert entry.best_mean_score is not None and entry.best_solution_id
    families = {}
    for entry in manifest.tasks:
        families.setdefault(entry.family, set()).add(entry.split)
    assert all(len(s) == 1 for s in families.values())


async def test_native_export_is_judged_as_submit_scores_it(published: Published, tmp_path: Path) -> None:
    task = published.tasks["max_3sat"]
    out = tmp_path / "native"
    await export_tasks(published.store, "native", out, tasks=task.id, settings=published.settings)
    bundle = await load_bundle(published.store, task, published.settings)
    assert bundle.best is not None
    solution = (
        out
        / task.id
        / "solutions"
        / ("best.py" if bundle.best.solution.language.value == "python" else "best.cpp")
    )
    judged = judge_json(published.data_dir, str(out / task.id), solution)
    submitted = await submit(
        published.store,
        task.id,
        solution.read_text(),
        bundle.best.solution.language,
        settings=published.settings,
    )
    assert [t["score"] for t in judged["tests"]] == pytest.approx(
        [t.score for t in submitted.tests], abs=1e-6
    )


async def test_a_failed_export_leaves_nothing_behind(published: Published, tmp_path: Path) -> None:
    @export_format("broken-for-test")
    class Broken(ExportFormat):
        async def write_task(self, bundle, dest, ctx) -> None:  # noqa: ANN001
            dest.mkdir(parents=True)
            raise InvalidInputError("The broken format cannot write this task.")

    try:
        with pytest.raises(InvalidInputError):
            await export_tasks(
                published.store, "broken-for-test", tmp_path / "out", settings=published.settings
            )
        assert list(tmp_path.iterdir()) == []
    finally:
        _FORMATS.remove("broken-for-test")


def test_export_command_errors_are_one_sentence(published: Published, tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("kept")
    cases = [
        (["--format", "nope", str(tmp_path / "a")], "There is no export format 'nope'; use one of:"),
        (["--format", "native", str(tmp_path / "full")], "already exists and is not an empty folder"),
        (["--format", "native", "--split", "train:2", str(tmp_path / "b")], "--split 'train:2'"),
        (
            ["--format", "native", "--tasks", "task_nope", str(tmp_path / "c")],
            "task_nope is not a published task",
        ),
    ]
    # Subprocesses, not cli.main in-process: a second Store opened in this process would drop the shared
    # store's SQLite locks when it closes its file descriptors (see store/_db.make_private).
    for args, words in cases:
        proc = run_cli(published.data_dir, "export", *args, check=False)
        assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
        assert proc.stderr.startswith("error: ") and words in proc.stderr and proc.stderr.count("\n") == 1
    assert (tmp_path / "full" / "x").read_text() == "kept"
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_export_command_writes_the_selection_and_prints_its_manifest(
    published: Published, tmp_path: Path
) -> None:
    out = tmp_path / "all"
    proc = run_cli(published.data_dir, "export", "--format", "native", str(out), "--all", "--json")
    manifest = json.loads(proc.stdout)
    assert manifest["selection"] == "all" and manifest["counts"] == {"all": 3}
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [*(t.id for t in published.tasks.values()), "manifest.json"]
    )
    text = run_cli(published.data_dir, "export", "--format", "native", str(tmp_path / "t")).stdout
    assert text.startswith("exported 3 tasks as native to") and "family seed_two_sat" in text
