"""Published tasks are immutable: the repository refuses to change a task or what its scores depend on (its
verifier, baseline and tests), SQLite's triggers refuse the same from any other writer, publishing a new package
is a new version with a `supersedes` edge, and stores written before all this keep their tasks."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from store_helpers import chain

from frontiersmith.errors import StoreError
from frontiersmith.models import Language, Sense, Solution, Task, Verifier
from frontiersmith.models import TestCase as StoredTest
from frontiersmith.store import PutOutcome, Store, migrate, open_store


@pytest.fixture
def store(tmp_path: Path):
    with open_store(tmp_path / "store.db") as opened:
        yield opened


def _published(store: Store) -> tuple[Task, Verifier, Solution, StoredTest]:
    """A task over a stored verifier, baseline and test."""
    _, _, candidate, task = chain()
    baseline = Solution(id="sol_greedy", problem_id=candidate.id, code="print(1)", language=Language.PYTHON)
    verifier = Verifier(
        id="ver_k2",
        problem_id=candidate.id,
        code='print(\'{"feasible": true, "objective": 1}\')',
        language=Language.PYTHON,
        sense=Sense.MAX,
        baseline_solution_id=baseline.id,
    )
    test = StoredTest(id="test_k2_1", problem_id=candidate.id, input_hash=store.blobs.put(b"1\n"), name="t1")
    task = task.model_copy(update={"test_ids": [test.id]})
    for record in (candidate, baseline, verifier, test, task):
        store.put(record)
    return task, verifier, baseline, test


def test_a_stored_task_cannot_be_changed_and_its_row_stays_as_published(store: Store) -> None:
    task, *_ = _published(store)
    backdoored = task.model_copy(update={"verifier_id": "ver_accepts_everything"})

    with pytest.raises(StoreError, match="is published and cannot change"):
        store.tasks.put(backdoored)
    with pytest.raises(StoreError, match="is published and cannot change"):
        store.put(task.model_copy(update={"test_ids": []}))

    assert store.tasks.get(task.id) == task
    assert store.tasks.put(task) == PutOutcome.UNCHANGED  # the same content again is still a no-op


def test_the_verifier_baseline_and_tests_of_a_task_cannot_change_under_it(store: Store) -> None:
    task, verifier, baseline, test = _published(store)
    changes = [
        verifier.model_copy(update={"code": 'print(\'{"feasible": true, "objective": 1e9}\')'}),
        verifier.model_copy(update={"sense": Sense.MIN}),
        baseline.model_copy(update={"code": "print(0)"}),
        test.model_copy(update={"answer_hash": store.blobs.put(b"42\n")}),
    ]
    for changed in changes:
        with pytest.raises(StoreError, match="belongs to a published task and cannot change"):
            store.put(changed)
    assert store.get(Verifier, verifier.id) == verifier
    assert store.problems.get_solution(baseline.id) == baseline and store.problems.get_test(test.id) == test

    # Provenance is not part of the package: the row keeps what it was published with, and the put is a no-op.
    assert store.put(test.model_copy(update={"generator_id": "another_generator"})) == PutOutcome.UNCHANGED
    assert store.put(verifier.model_copy(update={"author": "someone else"})) == PutOutcome.UNCHANGED
    assert store.problems.get_test(test.id) == test and store.get(Verifier, verifier.id) == verifier
    # A verifier no task names is an ordinary record and may still change.
    loose = verifier.model_copy(update={"id": "ver_draft"})
    store.put(loose)
    assert store.put(loose.model_copy(update={"sense": Sense.MIN})) == PutOutcome.UPDATED


def test_sqlite_itself_refuses_to_rewrite_or_delete_a_published_package(store: Store) -> None:
    task, verifier, _, test = _published(store)
    conn = sqlite3.connect(store.path, isolation_level=None)
    try:
        statements = [
            ("UPDATE tasks SET data = replace(data, 'ver_k2', 'ver_evil') WHERE id = ?", task.id),
            ("DELETE FROM tasks WHERE id = ?", task.id),
            ("UPDATE verifiers SET data = replace(data, 'objective', 'objectiv') WHERE id = ?", verifier.id),
            ("DELETE FROM verifiers WHERE id = ?", verifier.id),
            ("DELETE FROM solutions WHERE id = ?", "sol_greedy"),
            ("DELETE FROM tests WHERE id = ?", test.id),
        ]
        for sql, record_id in statements:
            with pytest.raises(sqlite3.IntegrityError, match="published task"):
                conn.execute(sql, (record_id,))
    finally:
        conn.close()
    assert store.tasks.get(task.id) == task and store.get(Verifier, verifier.id) == verifier


def test_publishing_a_new_package_supersedes_the_latest_and_republishing_is_idempotent(store: Store) -> None:
    first, *_ = _published(store)
    assert store.tasks.latest(first.candidate_id) == first  # stored by a plain put: the first version

    second = first.model_copy(update={"id": "task_k2_v2", "verifier_id": "ver_k2_v2"})
    stored, replaced = store.tasks.publish(second)
    assert (stored, replaced) == (second, first.id)
    assert store.tasks.publish(second.model_copy(update={"divergence": {"semantic": 0.9}})) == (second, None)
    assert ("task_k2", "supersedes") in store.lineage.parents(second.id)
    assert store.tasks.latest(first.candidate_id) == second
    assert store.tasks.latest_ids() == {second.id}

    # Republishing the first package makes it the latest again, without touching either row.
    assert store.tasks.publish(first) == (first, second.id)
    assert store.tasks.latest(first.candidate_id) == first
    assert store.tasks.get(first.id) == first and store.tasks.get(second.id) == second
    assert len(store.tasks.list(first.candidate_id)) == 2


def test_a_store_from_before_task_versions_keeps_its_task_readable_as_the_latest(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=2) == 2
    _, _, candidate, task = chain()
    now = time.time()
    conn.execute(
        "INSERT INTO tasks (id, content_hash, created_at, updated_at, candidate_id, title, data) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (task.id, task.hash(), now, now, task.candidate_id, task.problem.title, task.model_dump_json()),
    )
    conn.close()

    with open_store(path) as store:
        assert store.schema_version >= 3
        assert store.tasks.get(task.id) == task
        assert store.tasks.latest(candidate.id) == task and store.tasks.latest_ids() == {task.id}
        newer = task.model_copy(update={"id": "task_k2_v2", "verifier_id": "ver_new"})
        assert store.tasks.publish(newer) == (newer, task.id)
        assert store.tasks.get(task.id) == task
        with pytest.raises(StoreError, match="cannot change"):
            store.tasks.put(task.model_copy(update={"verifier_id": "ver_new"}))
