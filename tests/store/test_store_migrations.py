"""Opening a store written by an older schema version migrates it and keeps every row."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from store_helpers import chain, runs

from frontiersmith.errors import StoreError
from frontiersmith.models import Candidate
from frontiersmith.store import LATEST_VERSION, MIGRATIONS, migrate, open_store


def _version_one_store(path: Path) -> tuple[list, list]:
    """A store as migration 1 alone left it, filled through plain SQL in the version-1 table shapes."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == 1
    seed, first, second, task = chain()
    batch = runs("sol_old", 0, 50)
    conn.execute("BEGIN")
    conn.execute(
        "INSERT INTO seeds (id, content_hash, created_at, title, origin, data) VALUES (?, ?, ?, ?, ?, ?)",
        (seed.id, seed.hash(), seed.created_at, seed.problem.title, seed.origin, seed.model_dump_json()),
    )
    for c in (first, second):
        conn.execute(
            "INSERT INTO candidates (id, content_hash, created_at, parent_id, axis, round, status, title, data) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                c.id,
                c.hash(),
                c.created_at,
                c.parent_id,
                c.axis.value,
                c.round,
                c.status.value,
                c.problem.title,
                c.model_dump_json(),
            ),
        )
        conn.execute(
            "INSERT INTO lineage (child_id, parent_id, relation, created_at) VALUES (?, ?, 'mutation', ?)",
            (c.id, c.parent_id, time.time()),
        )
    conn.executemany(
        "INSERT INTO runs (id, content_hash, created_at, solution_id, test_id, verdict, score, data) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                r.id,
                r.hash(),
                r.created_at,
                r.solution_id,
                r.test_id,
                r.verdict.value,
                r.score,
                r.model_dump_json(),
            )
            for r in batch
        ],
    )
    conn.execute(
        "INSERT INTO events (kind, subject_id, payload, created_at) VALUES ('note', ?, '{}', 1.0)", (seed.id,)
    )
    conn.execute("COMMIT")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    conn.close()
    return [seed, first, second], batch


def test_there_is_a_real_migration_path() -> None:
    assert [v for v, _ in MIGRATIONS] == list(range(1, LATEST_VERSION + 1))
    assert LATEST_VERSION >= 2


def test_opening_a_version_one_store_migrates_it_and_keeps_every_row(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    records, batch = _version_one_store(path)

    with open_store(path) as store:
        assert store.schema_version == LATEST_VERSION
        counts = store.counts()
        assert (counts["seeds"], counts["candidates"], counts["runs"], counts["events"]) == (1, 2, 50, 1)
        assert store.seeds.get(records[0].id) == records[0]
        assert store.candidates.get(records[2].id) == records[2]
        assert store.problems.list_runs(solution_id="sol_old") == batch
        # what migration 2 added: updated_at (backfilled from created_at) and the runs-by-test index
        assert "updated_at" in store.db["runs"].columns_dict
        assert store.db.execute("SELECT count(*) FROM runs WHERE updated_at = created_at").fetchone()[0] == 50
        assert "runs_test" in {index.name for index in store.db["runs"].indexes}
        assert [node.id for node in store.lineage.ancestors(records[2].id)] == [r.id for r in records]
        # the migrated store takes new writes in the new shape
        later = Candidate(**{**records[2].model_dump(), "id": "cand_new"})
        assert store.candidates.put(later) == "inserted"


def test_a_failed_migration_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.db"
    _version_one_store(path)

    def broken(db) -> None:
        db.execute("ALTER TABLE runs ADD COLUMN half_done TEXT")
        raise RuntimeError("migration bug")

    monkeypatch.setattr("frontiersmith.store.migrations.MIGRATIONS", [MIGRATIONS[0], (2, broken)])
    monkeypatch.setattr("frontiersmith.store.migrations.LATEST_VERSION", 2)
    with pytest.raises(RuntimeError):
        open_store(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("SELECT count(*) FROM runs").fetchone()[0] == 50
    assert "half_done" not in {row[1] for row in conn.execute("PRAGMA table_info(runs)")}
    conn.close()


def test_a_store_from_a_newer_schema_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    open_store(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 7}")
    conn.close()
    with pytest.raises(StoreError, match="newer FrontierSmith"):
        open_store(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION + 7
    conn.close()


@pytest.mark.anyio
async def test_an_imported_problem_stored_under_a_seed_id_moves_to_its_problem_id(tmp_path: Path) -> None:
    """Migration 7: a store that filed an imported FrontierCS problem under ``seed_…`` (and its tests and checker
    under ids made from that) holds it, once opened, under exactly the ids an import makes today, every
    reference moved, so importing the same package again stores nothing."""
    from frontiersmith.models import Submission, make_id
    from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs

    mini = Path(__file__).parents[1] / "judge" / "data" / "frontiercs_mini"
    path = tmp_path / "store.db"
    with open_store(path) as store:
        now = await import_frontiercs(mini, store, backend="process")
        store.tasks.put_submission(
            Submission(id="sub_1", problem_id=now.problem_id, code="x", language="python", score=0.5)
        )
        store.db.execute(
            "INSERT INTO events (kind, subject_id, payload, created_at) VALUES ('note', ?, '{}', 1)",
            (now.problem_id,),
        )
    # the same rows as the import of an older version left them: ids made from seed_…
    old = "seed_" + now.problem_id.removeprefix("problem_")
    with open_store(path) as store:
        tests = store.problems.list_tests(now.problem_id)
    back = {
        now.problem_id: old,
        now.verifier_id: make_id("verifier", old, store.problems.get_verifier(now.problem_id).code),
    }
    back.update({t.id: make_id("test", old, t.name, t.input_hash, t.answer_hash) for t in tests})
    conn = sqlite3.connect(path, isolation_level=None)
    for table in ("seeds", "tests", "verifiers", "submissions", "events"):
        columns = [c[1] for c in conn.execute(f"PRAGMA table_info({table})") if c[2] == "TEXT"]
        for new_id, old_id in back.items():
            for column in columns:
                conn.execute(f"UPDATE {table} SET {column} = replace({column}, ?, ?)", (new_id, old_id))
    conn.execute("PRAGMA user_version = 6")
    conn.close()

    with open_store(path) as store:
        assert store.find(type(store.seeds.get(now.problem_id)), old) is None
        assert store.seeds.get(now.problem_id).origin == "problem"
        assert sorted(t.id for t in store.problems.list_tests(now.problem_id)) == sorted(now.test_ids)
        assert store.problems.get_verifier(now.problem_id).id == now.verifier_id
        assert store.tasks.get_submission("sub_1").problem_id == now.problem_id
        assert store.db.execute("SELECT subject_id FROM events").fetchone()[0] == now.problem_id
        again = await import_frontiercs(mini, store, backend="process")
        assert not again.inserted and again.test_ids == now.test_ids
