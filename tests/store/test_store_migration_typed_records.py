"""Migration 4 carries a store written by the old code (rejection stages in reason prefixes, test suites and
verifier checks only as events, divergence detail as a dict) forward into typed records, once."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from store_helpers import chain

from frontiersmith import models
from frontiersmith.models import (
    CandidateStatus,
    CheckOwner,
    Divergence,
    Rejection,
    Stage,
)
from frontiersmith.store import PutOutcome, migrate, open_store

GEN, VAL = "a" * 64, "b" * 64


def _old_candidate(conn: sqlite3.Connection, cid: str, status: str, reason: str) -> None:
    """A candidate row as the version-3 code wrote it: ``reason`` a field, prefixed with the stage."""
    _, first, _, _ = chain()
    data = first.model_dump(mode="json", exclude={"rejection", "suite_id", "report_id"})
    data.update(id=cid, status=status, reason=reason)
    conn.execute(
        "INSERT INTO candidates (id, content_hash, created_at, updated_at, parent_id, axis, round, status, "
        "title, data) VALUES (?, 'old', ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            cid,
            data["created_at"],
            data["created_at"],
            data["parent_id"],
            "objective",
            1,
            status,
            "t",
            json.dumps(data),
        ),
    )


def _old_test(conn: sqlite3.Connection, cid: str, name: str, seed: int) -> str:
    test = models.TestCase(id=f"test_{cid}_{name}", problem_id=cid, input_hash="c" * 64, name=name, seed=seed)
    conn.execute(
        "INSERT INTO tests (id, content_hash, created_at, updated_at, problem_id, input_hash, data) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            test.id,
            test.hash(),
            test.created_at,
            test.created_at,
            cid,
            test.input_hash,
            test.model_dump_json(),
        ),
    )
    return test.id


def _event(conn: sqlite3.Connection, kind: str, subject: str, payload: dict) -> None:
    conn.execute(
        "INSERT INTO events (kind, subject_id, payload, created_at) VALUES (?, ?, ?, (SELECT count(*) + 1.0 FROM events))",
        (kind, subject, json.dumps(payload)),
    )


def _build(cid: str, test_ids: list[str], failures: list[str]) -> dict:
    return {
        "generator": GEN,
        "generator_language": "python",
        "validator": VAL,
        "validator_language": "cpp",
        "distributions": ["random", "adversarial"],
        "tests_per_distribution": 1,
        "test_ids": test_ids,
        "failures": failures,
    }


def _version_three_store(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=3) == 3
    conn.execute("BEGIN")
    _old_candidate(conn, "cand_coarse", "rejected", "coarse:still_closed: a greedy algorithm is optimal")
    _old_candidate(conn, "cand_semantic", "rejected", "semantic: idea divergence 0.10 < 0.3: one idea")
    _old_candidate(conn, "cand_by_hand", "rejected", "someone said no")
    _old_candidate(conn, "cand_ok", "accepted", "published")
    first = [_old_test(conn, "cand_ok", f"random-{7000 + i}", 7000 + i) for i in (1, 2)]
    second = [_old_test(conn, "cand_ok", f"random-{8000 + i}", 8000 + i) for i in (1, 2)]
    _event(conn, "tests.built", "cand_ok", _build("cand_ok", first, ["one input rejected"]))
    check = {"name": "determinism", "owner": "verifier", "passed": False, "detail": "two answers"}
    _event(
        conn,
        "verifier.checked",
        "cand_ok",
        {"verifier_id": "ver_1", "ok": False, "checks": [check], "test_ids": first},
    )
    _event(conn, "tests.built", "cand_ok", _build("cand_ok", second, []))
    passed = {**check, "passed": True, "detail": ""}
    _event(
        conn,
        "verifier.checked",
        "cand_ok",
        {"verifier_id": "ver_2", "ok": True, "checks": [passed], "test_ids": second[::-1]},
    )
    detail = {
        "labels": {"sol_a": 0, "sol_b": 1, "sol_c": 1},
        "strategies": {"sol_a": "greedy", "sol_b": "dp", "sol_c": "dp again"},
        "judge": "offline",
        "crossing": 0.5,
        "mean_scores": {"sol_a": 0.25, "sol_b": 0.5, "sol_c": 0.75},
        "tests": 2,
    }
    div = {
        "id": "div_ok",
        "created_at": 1.0,
        "candidate_id": "cand_ok",
        "semantic": 0.67,
        "behavioural": 0.04,
        "combined": 0.3,
        "detail": detail,
    }
    conn.execute(
        "INSERT INTO divergences (id, content_hash, created_at, updated_at, candidate_id, semantic, behavioural, "
        "combined, data) VALUES ('div_ok', 'old', 1.0, 1.0, 'cand_ok', 0.67, 0.04, 0.3, ?)",
        (json.dumps(div),),
    )
    _, _, _, task = chain()
    task = task.model_copy(update={"candidate_id": "cand_ok", "test_ids": second})
    conn.execute(
        "INSERT INTO tasks (id, content_hash, created_at, updated_at, candidate_id, title, data) "
        "VALUES (?, ?, ?, ?, 'cand_ok', 't', ?)",
        (task.id, task.hash(), task.created_at, task.created_at, task.model_dump_json()),
    )
    conn.execute("COMMIT")
    conn.close()


def test_an_old_store_migrates_into_typed_rejections_suites_reports_and_divergences(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    _version_three_store(path)
    task_row = sqlite3.connect(path).execute("SELECT data, content_hash FROM tasks").fetchone()

    with open_store(path) as store:
        rejected = {c.id: c.rejection for c in store.candidates.list(status=CandidateStatus.REJECTED)}
        assert rejected == {
            "cand_coarse": Rejection(
                stage=Stage.COARSE, reason="still_closed: a greedy algorithm is optimal"
            ),
            "cand_semantic": Rejection(stage=Stage.SEMANTIC, reason="idea divergence 0.10 < 0.3: one idea"),
            "cand_by_hand": Rejection(stage=Stage.UNKNOWN, reason="someone said no"),
        }
        ok = store.candidates.get("cand_ok")
        assert ok.rejection is None and ok.reason == ""

        suites = store.candidates.list_suites("cand_ok")
        assert [s.test_ids for s in suites] == [
            ["test_cand_ok_random-7001", "test_cand_ok_random-7002"],
            ["test_cand_ok_random-8001", "test_cand_ok_random-8002"],
        ]
        assert ok.suite_id == suites[-1].id and store.candidates.current_suite("cand_ok") == suites[-1]
        assert suites[0].failures == ["one input rejected"] and suites[-1].failures == []
        assert (suites[0].seed, suites[-1].seed) == (7, 8)  # from the tests' seeds (seed * 1000 + i)
        assert (suites[-1].generator_hash, suites[-1].validator_language.value) == (GEN, "cpp")

        reports = store.candidates.list_reports("cand_ok")
        assert [(r.verifier_id, r.ok, r.suite_id) for r in reports] == [
            ("ver_1", False, suites[0].id),
            ("ver_2", True, suites[1].id),  # the same tests in another order is the same suite
        ]
        assert store.candidates.current_report("cand_ok") == reports[-1] and ok.report_id == reports[-1].id
        assert reports[0].failures(CheckOwner.VERIFIER) == ["determinism: two answers"]

        div = store.candidates.get_divergence("cand_ok")
        assert (div.semantic, div.behavioural, div.combined, div.crossing) == (0.67, 0.04, 0.3, 0.5)
        assert (div.n, div.m, div.judge) == (3, 2, "offline")
        assert div.labels == {"sol_a": 0, "sol_b": 1, "sol_c": 1}
        assert div.mean_scores["sol_c"] == 0.75 and div.strategies["sol_a"] == "greedy"

        # the rewritten rows carry the hash the models give them: putting them back changes nothing
        for record in [ok, store.candidates.get("cand_coarse"), div, *suites, *reports]:
            assert store.put(record) is PutOutcome.UNCHANGED, record.id
        assert isinstance(div, Divergence)
        # published tasks are not touched, and the immutability triggers still stand
        assert store.db.execute("SELECT data, content_hash FROM tasks").fetchone() == task_row
        assert [t.id for t in store.tasks.list("cand_ok")] == ["task_k2"]
