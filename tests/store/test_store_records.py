"""Repository behaviour: idempotent puts, blobs, atomic transactions and the queries the tools ask."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from store_helpers import chain, runs

from frontiersmith import models
from frontiersmith.errors import InvalidInputError, NotFoundError
from frontiersmith.models import (
    CandidateStatus,
    Divergence,
    Language,
    Rejection,
    Stage,
    Submission,
    Verifier,
)
from frontiersmith.store import PutOutcome, RunProgress, Store, open_store


@pytest.fixture
def store(tmp_path: Path):
    with open_store(tmp_path / "store.db") as opened:
        yield opened


def test_blobs_round_trip_and_are_stored_once(store: Store) -> None:
    small, large = b"3\n1 2 3\n", os.urandom(64) * 2_000
    small_hash, large_hash = store.blobs.put(small), store.blobs.put(large)

    assert store.blobs.put(large) == large_hash and store.blobs.put(small) == small_hash
    assert store.blobs.get(small_hash) == small and store.blobs.get(large_hash) == large
    assert store.counts()["blobs"] == 2
    compressed, stored = store.db.execute(
        "SELECT compressed, length(data) FROM blobs WHERE hash = ?", (large_hash,)
    ).fetchone()
    assert compressed == 1 and stored < len(large) // 10
    assert store.blobs.has(small_hash) and not store.blobs.has("0" * 64)
    with pytest.raises(NotFoundError, match="No blob"):
        store.blobs.get("0" * 64)


def test_putting_the_same_record_twice_is_a_no_op(store: Store) -> None:
    seed, first, _, _ = chain()
    assert store.seeds.put(seed) == PutOutcome.INSERTED
    assert store.candidates.put(first) == PutOutcome.INSERTED
    # a re-run builds a fresh object (new created_at) with the same content: still a no-op
    again = first.model_copy(update={"created_at": first.created_at + 100})
    assert store.candidates.put(again) == PutOutcome.UNCHANGED
    assert store.seeds.put(seed) == PutOutcome.UNCHANGED
    assert store.counts()["candidates"] == 1 and store.counts()["lineage"] == 1
    assert store.candidates.get(first.id) == first
    assert store.problems.put_runs(runs("sol_a", 0, 20)) == 20
    assert store.problems.put_runs(runs("sol_a", 0, 20)) == 0
    assert store.counts()["runs"] == 20


def test_a_changed_record_with_a_known_id_is_updated_but_keeps_its_creation_time(store: Store) -> None:
    seed, first, _, _ = chain()
    store.candidates.put(first)
    changed = first.model_copy(update={"status": CandidateStatus.KEPT, "created_at": first.created_at + 100})

    assert store.candidates.put(changed) == PutOutcome.UPDATED
    stored = store.candidates.get(first.id)
    assert stored.status == CandidateStatus.KEPT and stored.created_at == first.created_at


def test_set_candidate_status_records_the_reason_as_an_event(store: Store) -> None:
    _, first, second, _ = chain()
    store.candidates.put(first)
    store.candidates.put(second)

    rejected = store.candidates.reject(second.id, "coarse", "the coarse judge saw one idea only")

    assert rejected.rejection == Rejection(stage=Stage.COARSE, reason="the coarse judge saw one idea only")
    assert rejected.reason == "coarse: the coarse judge saw one idea only"
    assert [c.id for c in store.candidates.list(status=CandidateStatus.REJECTED)] == [second.id]
    assert [c.id for c in store.candidates.list(round=1, status="proposed")] == [first.id]
    events = store.events.list(second.id, kind="candidate.status")
    assert [e.payload for e in events] == [
        {
            "from": "proposed",
            "to": "rejected",
            "stage": "coarse",
            "reason": "the coarse judge saw one idea only",
        }
    ]
    with pytest.raises(NotFoundError):
        store.candidates.set_status("cand_nope", "kept")


def test_a_rejection_always_names_its_stage(store: Store) -> None:
    _, first, _, _ = chain()
    store.candidates.put(first)
    with pytest.raises(InvalidInputError, match="Rejection"):
        store.candidates.set_status(first.id, CandidateStatus.REJECTED)
    with pytest.raises(InvalidInputError, match="not a stage"):
        store.candidates.reject(first.id, "nowhere", "a stage the pipeline does not have")
    assert store.candidates.get(first.id).status is CandidateStatus.PROPOSED


def test_a_transaction_stores_all_its_writes_or_none(store: Store) -> None:
    seed, first, second, _ = chain()
    with pytest.raises(RuntimeError), store.transaction():
        store.candidates.put(first)
        store.events.add("mutation.transcript", first.id, {"turns": 3})
        store.blobs.put(b"a test input")  # each repository writes in the store's one transaction
        raise RuntimeError("the agent crashed before the candidate was complete")
    assert (
        store.counts()["candidates"] == 0 and store.counts()["events"] == 0 and store.counts()["blobs"] == 0
    )

    with store.transaction() as tx:
        tx.candidates.put(second)
        with tx.transaction():  # nested blocks join the outer one
            tx.events.add("mutation.transcript", second.id, {"turns": 2})
    assert store.candidates.get(second.id) == second
    assert [e.payload for e in store.events.list(second.id)] == [{"turns": 2}]


def test_put_many_stores_records_of_several_types_with_the_edges_each_put_adds(store: Store) -> None:
    seed, first, second, _ = chain()
    one_by_one = open_store(store.path.with_name("one-by-one.db"))
    for record in (seed, first, second):
        one_by_one.put(record)
    assert store.put_many([second, seed, first]) == 3
    assert store.lineage.ancestors(second.id) == one_by_one.lineage.ancestors(second.id)
    assert store.put_many([seed, first, second]) == 0  # unchanged records are skipped, as put skips them
    digests = store.blobs.put_many([b"1\n", b"2\n", b"1\n"])
    assert digests == [store.blobs.put(b"1\n"), store.blobs.put(b"2\n"), store.blobs.put(b"1\n")]
    assert store.counts()["blobs"] == 2
    one_by_one.close()


def test_other_threads_do_not_see_a_transaction_until_it_commits(store: Store) -> None:
    _, first, _, _ = chain()
    seen: list[int] = []
    with store.transaction():
        store.candidates.put(first)
        reader = threading.Thread(target=lambda: seen.append(store.counts()["candidates"]))
        reader.start()
        reader.join()
    assert seen == [0] and store.counts()["candidates"] == 1


def test_runs_answer_score_matrix_and_test_filters(store: Store) -> None:
    store.problems.put_runs(runs("sol_a", 0, 3) + runs("sol_a", 1, 3) + runs("sol_b", 0, 3))
    # runs(...) gives each batch one test id, so make per-test runs by hand here
    by_test = [
        r.model_copy(update={"id": f"{r.id}_t", "test_id": f"t{i}"})
        for i, r in enumerate(runs("sol_c", 0, 3))
    ]
    store.problems.put_runs(by_test)

    assert len(store.problems.list_runs(solution_id="sol_a")) == 6
    assert len(store.problems.list_runs(test_ids=["batch_000000"])) == 6
    assert store.problems.score_matrix(["sol_c", "sol_x"], ["t0", "t2"]) == {
        "sol_c": {"t0": 0.0, "t2": 0.02},
        "sol_x": {},
    }


def test_tests_verifiers_divergence_and_leaderboard(store: Store) -> None:
    _, _, second, task = chain()
    digest = store.blobs.put(b"5 10\n")
    store.problems.put_test(
        models.TestCase(id="test_1", problem_id=second.id, input_hash=digest, distribution="random")
    )
    store.problems.put_verifier(
        Verifier(id="ver_1", problem_id=second.id, code="print(1)", language=Language.PYTHON)
    )
    store.candidates.put_divergence(Divergence(id="div_1", candidate_id=second.id, semantic=0.6))
    store.candidates.put_divergence(
        Divergence(id="div_2", candidate_id=second.id, semantic=0.6, behavioural=0.3)
    )
    for n, (author, score) in enumerate([("ann", 0.4), ("bob", 0.7), ("ann", 0.9), ("cy", 0.1)]):
        store.tasks.put_submission(
            Submission(
                id=f"sub_{n}", problem_id=task.id, code="", language=Language.CPP, author=author, score=score
            )
        )

    assert [t.id for t in store.problems.list_tests(second.id)] == ["test_1"]
    assert store.blobs.get(store.problems.list_tests(second.id)[0].input_hash) == b"5 10\n"
    assert store.problems.get_verifier(second.id).id == "ver_1"
    assert store.candidates.get_divergence(second.id).behavioural == 0.3
    assert [(s.author, s.score) for s in store.tasks.leaderboard(task.id, limit=2)] == [
        ("ann", 0.9),
        ("bob", 0.7),
    ]
    assert len(store.tasks.list_submissions(task.id)) == 4
    with pytest.raises(NotFoundError, match="verifier"):
        store.problems.get_verifier("cand_nope")


def test_pipeline_runs_resume_with_their_progress(store: Store) -> None:
    started = store.pipeline_runs.start("synth_1", {"rounds": 3})
    store.pipeline_runs.update("synth_1", progress=RunProgress(rounds_done=2, seed_ids=["seed_k1"]))

    resumed = store.pipeline_runs.start("synth_1", {"rounds": 99})

    assert resumed.args == {"rounds": 3} and resumed.progress == RunProgress(
        rounds_done=2, seed_ids=["seed_k1"]
    )
    assert resumed.created_at == started.created_at and resumed.status == "running"
    assert [r.id for r in store.pipeline_runs.list(status="running")] == ["synth_1"]
    assert store.pipeline_runs.update("synth_1", status="done").status == "done"


def test_get_any_finds_records_by_id_or_unique_prefix(store: Store) -> None:
    seed, first, second, task = chain()
    for record in (seed, first, second, task):
        store.put(record)
    assert store.get_any(task.id) == task
    assert store.get_any("seed_kn") == seed
    with pytest.raises(Exception, match="matches several records"):
        store.get_any("cand_k")
    with pytest.raises(NotFoundError):
        store.get_any("nothing_here")
