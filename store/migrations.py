"""Numbered schema migrations; ``PRAGMA user_version`` records the version a store file is at.

Append a new ``(version, step)`` to MIGRATIONS to change the schema; never edit a released step. A step is
SQL text (statements separated by ``;``) or a function of a sqlite-utils Database. Opening an older store
runs the missing steps in one transaction, so every row is kept or nothing changes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

# sqlite-utils pulls in numpy (and pandas, but for _db.py); `serve` must answer before it needs either
if TYPE_CHECKING:
    import sqlite_utils

from frontiersmith.errors import StoreError

from ._db import retry_busy, sqlite_utils_database
from .records import TABLES

# The tables that hold one pydantic record each, in pipeline order (used by lineage, get_any, counts).
RECORD_TABLES = (
    "seeds",
    "candidates",
    "solutions",
    "tests",
    "verifiers",
    "runs",
    "divergences",
    "tasks",
    "submissions",
    "test_suites",
    "crossval_reports",
    "trajectories",
    "defect_maps",
)
# The record tables as migration 1 made them (released steps must not follow later changes to RECORD_TABLES).
_V1_RECORD_TABLES = RECORD_TABLES[:9]

_V1_INITIAL = """
CREATE TABLE seeds (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL,
    title TEXT NOT NULL DEFAULT '', origin TEXT NOT NULL DEFAULT '', data TEXT NOT NULL
);
CREATE TABLE candidates (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL,
    parent_id TEXT NOT NULL, axis TEXT NOT NULL, round INTEGER NOT NULL, status TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '', data TEXT NOT NULL
);
CREATE INDEX candidates_round_status ON candidates (round, status);
CREATE INDEX candidates_parent ON candidates (parent_id);
CREATE TABLE solutions (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL,
    problem_id TEXT NOT NULL, language TEXT NOT NULL, author TEXT NOT NULL DEFAULT '', data TEXT NOT NULL
);
CREATE INDEX solutions_problem ON solutions (problem_id);
CREATE TABLE tests (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL,
    problem_id TEXT NOT NULL, input_hash TEXT NOT NULL, data TEXT NOT NULL
);
CREATE INDEX tests_problem ON tests (problem_id);
CREATE TABLE verifiers (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL,
    problem_id TEXT NOT NULL, data TEXT NOT NULL
);
CREATE INDEX verifiers_problem ON verifiers (problem_id);
CREATE TABLE runs (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL,
    solution_id TEXT NOT NULL, test_id TEXT NOT NULL, verdict TEXT NOT NULL, score REAL NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX runs_solution_test ON runs (solution_id, test_id);
CREATE TABLE divergences (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL,
    candidate_id TEXT NOT NULL, semantic REAL, behavioural REAL, combined REAL, data TEXT NOT NULL
);
CREATE INDEX divergences_candidate ON divergences (candidate_id);
CREATE TABLE tasks (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL,
    candidate_id TEXT NOT NULL, title TEXT NOT NULL DEFAULT '', data TEXT NOT NULL
);
CREATE INDEX tasks_candidate ON tasks (candidate_id);
CREATE TABLE submissions (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL,
    problem_id TEXT NOT NULL, author TEXT NOT NULL DEFAULT '', score REAL NOT NULL, data TEXT NOT NULL
);
CREATE INDEX submissions_problem ON submissions (problem_id);
CREATE TABLE blobs (
    hash TEXT PRIMARY KEY, size INTEGER NOT NULL, compressed INTEGER NOT NULL, data BLOB NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE lineage (
    child_id TEXT NOT NULL, parent_id TEXT NOT NULL, relation TEXT NOT NULL, created_at REAL NOT NULL,
    PRIMARY KEY (child_id, parent_id, relation)
) WITHOUT ROWID;
CREATE INDEX lineage_parent ON lineage (parent_id);
CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, subject_id TEXT,
    payload TEXT NOT NULL DEFAULT '{}', created_at REAL NOT NULL
);
CREATE INDEX events_subject ON events (subject_id, id);
CREATE INDEX events_kind ON events (kind, id);
CREATE TABLE pipeline_runs (
    id TEXT PRIMARY KEY, args TEXT NOT NULL DEFAULT '{}', status TEXT NOT NULL,
    progress TEXT NOT NULL DEFAULT '{}', created_at REAL NOT NULL, updated_at REAL NOT NULL
);
"""


def _v2_updated_at_and_query_indexes(db: sqlite_utils.Database) -> None:
    """Record tables learn when a record last changed (status updates); runs by test, leaderboards by score."""
    for table in _V1_RECORD_TABLES:
        db[table].add_column("updated_at", float)  # type: ignore[union-attr]
        db.execute(f"UPDATE {table} SET updated_at = created_at")
    db["runs"].create_index(["test_id"], index_name="runs_test")  # type: ignore[union-attr]
    db["submissions"].create_index(["problem_id", "score"], index_name="submissions_problem_score")  # type: ignore[union-attr]


# Published tasks are immutable and so is everything they are made of (issue: a republish used to rewrite a
# task's verifier in place, under its submissions). The repository refuses such writes with a clear error
# first; these triggers are the backstop for any other writer of the file. Tasks stored before this version
# keep their ids and stay readable: they simply become the first version of their candidate.
_V3_IMMUTABLE_TASKS = """
CREATE TRIGGER tasks_are_immutable BEFORE UPDATE ON tasks
WHEN new.id IS NOT old.id OR new.data IS NOT old.data OR new.content_hash IS NOT old.content_hash
BEGIN SELECT RAISE(ABORT, 'published tasks are immutable; publish a new version instead'); END;
CREATE TRIGGER tasks_are_kept BEFORE DELETE ON tasks
BEGIN SELECT RAISE(ABORT, 'published tasks are never deleted'); END;
CREATE TRIGGER task_verifiers_are_immutable BEFORE UPDATE ON verifiers
WHEN (new.id IS NOT old.id OR new.data IS NOT old.data)
    AND EXISTS (SELECT 1 FROM tasks WHERE json_extract(tasks.data, '$.verifier_id') = old.id)
BEGIN SELECT RAISE(ABORT, 'the verifier of a published task is immutable'); END;
CREATE TRIGGER task_verifiers_are_kept BEFORE DELETE ON verifiers
WHEN EXISTS (SELECT 1 FROM tasks WHERE json_extract(tasks.data, '$.verifier_id') = old.id)
BEGIN SELECT RAISE(ABORT, 'the verifier of a published task is never deleted'); END;
CREATE TRIGGER task_baselines_are_immutable BEFORE UPDATE ON solutions
WHEN (new.id IS NOT old.id OR new.data IS NOT old.data)
    AND EXISTS (SELECT 1 FROM tasks WHERE json_extract(tasks.data, '$.baseline_solution_id') = old.id)
BEGIN SELECT RAISE(ABORT, 'the baseline of a published task is immutable'); END;
CREATE TRIGGER task_baselines_are_kept BEFORE DELETE ON solutions
WHEN EXISTS (SELECT 1 FROM tasks WHERE json_extract(tasks.data, '$.baseline_solution_id') = old.id)
BEGIN SELECT RAISE(ABORT, 'the baseline of a published task is never deleted'); END;
CREATE TRIGGER task_tests_are_immutable BEFORE UPDATE ON tests
WHEN (new.id IS NOT old.id OR new.data IS NOT old.data)
    AND EXISTS (SELECT 1 FROM tasks, json_each(tasks.data, '$.test_ids') AS t WHERE t.value = old.id)
BEGIN SELECT RAISE(ABORT, 'the tests of a published task are immutable'); END;
CREATE TRIGGER task_tests_are_kept BEFORE DELETE ON tests
WHEN EXISTS (SELECT 1 FROM tasks, json_each(tasks.data, '$.test_ids') AS t WHERE t.value = old.id)
BEGIN SELECT RAISE(ABORT, 'the tests of a published task are never deleted'); END;
"""


_V4_TABLES = """
CREATE TABLE test_suites (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL,
    candidate_id TEXT NOT NULL, data TEXT NOT NULL
);
CREATE INDEX test_suites_candidate ON test_suites (candidate_id, created_at);
CREATE TABLE crossval_reports (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL,
    candidate_id TEXT NOT NULL, verifier_id TEXT NOT NULL, suite_id TEXT NOT NULL, ok INTEGER NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX crossval_reports_candidate ON crossval_reports (candidate_id, created_at);
"""
# The stages rejection reasons started with before the stage was a field of its own.
_V4_STAGES = ("mutate", "coarse", "sample", "semantic", "protocol", "behavioural", "selection")


def _v4_typed_pipeline_records(db: sqlite_utils.Database) -> None:
    """Typed pipeline records instead of event payloads and reason prefixes: a candidate's rejection stage,
    its test suites (from ``tests.built`` events) and cross-validation reports (from ``verifier.checked``
    events), which of them are current, and divergence estimates with typed fields instead of ``detail``.

    This is the one place that reads the old shapes: the reason prefixes and the last event of each kind.
    The events stay as they were (a log); the rows are written in the shapes the models give them today."""
    conn = db.conn
    for statement in _statements(_V4_TABLES):
        conn.execute(statement)
    suites = _v4_suites(conn)
    reports = _v4_reports(conn, suites)
    for cid, data in _v4_rows(conn, "candidates"):
        data["rejection"] = _v4_rejection(data.pop("reason", ""), data.get("status"))
        data["suite_id"] = suites[cid][-1][1] if cid in suites else None
        data["report_id"] = reports.get(cid)
        _v4_rewrite(conn, "candidates", cid, data)
    for did, data in _v4_rows(conn, "divergences"):
        detail = data.pop("detail", None) or {}
        labels = detail.get("labels", {})
        means = detail.get("mean_scores", {})
        data.update(
            crossing=detail.get("crossing"),
            n=len(labels or means or detail.get("strategies", {})),
            m=int(detail.get("tests", 0)),
            suite_id=None,
            labels=labels,
            strategies=detail.get("strategies", {}),
            mean_scores=means,
            judge=detail.get("judge"),
        )
        _v4_rewrite(conn, "divergences", did, data)


def _v4_rejection(reason: str, status: str | None) -> dict[str, str] | None:
    if status != "rejected":
        return None  # an accepted candidate's reason was "published": not a rejection
    head, sep, rest = reason.partition(":")
    if sep and head.strip() in _V4_STAGES:
        return {"stage": head.strip(), "reason": rest.strip()}
    return {"stage": "unknown", "reason": reason}


def _v4_suites(conn: sqlite3.Connection) -> dict[str, list[tuple[int, str, set[str]]]]:
    """A test_suites row per ``tests.built`` event; per candidate, (event id, suite id, test ids) in order."""
    out: dict[str, list[tuple[int, str, set[str]]]] = {}
    events = conn.execute(
        "SELECT id, subject_id, payload, created_at FROM events WHERE kind = 'tests.built' ORDER BY id"
    )
    for event_id, cid, payload, created_at in events.fetchall():
        built = json.loads(payload)
        test_ids = list(built.get("test_ids", []))
        seeds = [r[0] for r in conn.execute(_V4_TEST_SEEDS, (cid, json.dumps(test_ids))) if r[0] is not None]
        data = {
            "candidate_id": cid,
            "test_ids": test_ids,
            "generator_hash": built.get("generator", ""),
            "generator_language": built.get("generator_language", "python"),
            "validator_hash": built.get("validator", ""),
            "validator_language": built.get("validator_language", "python"),
            "distributions": list(built.get("distributions", [])),
            "adversarial": [],  # not recorded before: every distribution counts as adversarial
            "tests_per_distribution": int(built.get("tests_per_distribution", 0)),
            # a test's seed is seed * 1000 + its index (1-based): the build's seed is the shared quotient
            "seed": min(seeds) // 1000 if seeds else None,
            "failures": list(built.get("failures", [])),
        }
        suite_id = "suite_" + _v4_hash([cid, data])[:16]
        _v4_insert(conn, "test_suites", suite_id, created_at, {"candidate_id": cid}, data)
        out.setdefault(cid, []).append((event_id, suite_id, set(test_ids)))
    return out


_V4_TEST_SEEDS = (
    "SELECT json_extract(data, '$.seed') FROM tests WHERE problem_id = ? "
    "AND id IN (SELECT value FROM json_each(?))"
)


def _v4_reports(
    conn: sqlite3.Connection, suites: dict[str, list[tuple[int, str, set[str]]]]
) -> dict[str, str]:
    """A crossval_reports row per ``verifier.checked`` event, on the suite it checked (the last build before
    it with the same tests); returns each candidate's last report, the one publish took."""
    last: dict[str, str] = {}
    events = conn.execute(
        "SELECT id, subject_id, payload, created_at FROM events WHERE kind = 'verifier.checked' ORDER BY id"
    )
    for event_id, cid, payload, created_at in events.fetchall():
        check = json.loads(payload)
        tested = set(check.get("test_ids", []))
        before = [s for s in suites.get(cid, []) if s[0] < event_id]
        same = [s for s in before if s[2] == tested]
        suite_id = (same or before or [(0, "", set())])[-1][1]
        data = {
            "candidate_id": cid,
            "verifier_id": check.get("verifier_id", ""),
            "suite_id": suite_id,
            "round": 0,
            "checks": [
                {
                    "name": c["name"],
                    "owner": c["owner"],
                    "passed": bool(c["passed"]),
                    "detail": c.get("detail", ""),
                }
                for c in check.get("checks", [])
            ],
            "ok": bool(check.get("ok")),
            "kill_rate": None,  # the mutation test did not exist before these records
        }
        report_id = "xval_" + _v4_hash([cid, event_id, data])[:16]
        columns = {
            "candidate_id": cid,
            "verifier_id": data["verifier_id"],
            "suite_id": suite_id,
            "ok": data["ok"],
        }
        _v4_insert(conn, "crossval_reports", report_id, created_at, columns, data)
        last[cid] = report_id
    return last


def _v4_hash(payload: Any) -> str:
    # models.content_hash, spelled out so this step keeps computing what it computed when it was released
    raw = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()


def _v4_rows(conn: sqlite3.Connection, table: str) -> list[tuple[str, dict[str, Any]]]:
    return [(r[0], json.loads(r[1])) for r in conn.execute(f"SELECT id, data FROM {table}").fetchall()]


def _v4_insert(
    conn: sqlite3.Connection,
    table: str,
    record_id: str,
    created_at: float,
    columns: dict[str, Any],
    data: dict,
) -> None:
    row = {"id": record_id, "created_at": created_at, **data}
    names = ["id", "content_hash", "created_at", "updated_at", *columns, "data"]
    values = [record_id, _v4_hash(data), created_at, created_at, *columns.values(), json.dumps(row)]
    marks = ", ".join("?" * len(names))
    conn.execute(f"INSERT OR IGNORE INTO {table} ({', '.join(names)}) VALUES ({marks})", values)


def _v4_rewrite(conn: sqlite3.Connection, table: str, record_id: str, data: dict[str, Any]) -> None:
    # The content hash covers everything but the id and created_at, as Record.hash() does.
    digest = _v4_hash({k: v for k, v in data.items() if k not in ("id", "created_at")})
    conn.execute(
        f"UPDATE {table} SET data = ?, content_hash = ? WHERE id = ?", (json.dumps(data), digest, record_id)
    )


def _v5_seed_status_and_imported_problems(db: sqlite_utils.Database) -> None:
    """Seeds get the columns import dedups and selection filters on (status, statement hash). A FrontierCS
    package ``import frontiercs`` stored before this version was filed as a seed of origin ``import``, and
    so reached the mutation prompt as a closed problem; it is an open problem to solve: origin ``problem``."""
    conn = db.conn
    conn.execute("ALTER TABLE seeds ADD COLUMN status TEXT")
    conn.execute("ALTER TABLE seeds ADD COLUMN statement_hash TEXT")
    conn.execute("CREATE INDEX seeds_statement_hash ON seeds (statement_hash)")
    for sid, data in _v4_rows(conn, "seeds"):
        if data.get("origin") == "import" and data.get("problem", {}).get("provenance", {}).get("format") == (
            "frontiercs"
        ):
            data["origin"] = "problem"
            _v4_rewrite(conn, "seeds", sid, data)
            conn.execute("UPDATE seeds SET origin = 'problem' WHERE id = ?", (sid,))


# FrontierSynth: every attempt of a solver under evaluation, and the defect maps diagnosed from them.
_V6_TRAJECTORIES = """
CREATE TABLE trajectories (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL,
    solver TEXT NOT NULL, problem_id TEXT NOT NULL, attempt INTEGER NOT NULL, failure TEXT NOT NULL,
    score REAL NOT NULL, data TEXT NOT NULL
);
CREATE INDEX trajectories_solver ON trajectories (solver, created_at);
CREATE INDEX trajectories_problem ON trajectories (problem_id, solver);
CREATE TABLE defect_maps (
    id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, created_at REAL NOT NULL, updated_at REAL,
    solver TEXT NOT NULL, data TEXT NOT NULL
);
CREATE INDEX defect_maps_solver ON defect_maps (solver, created_at);
"""

_V7_ID = re.compile(r"\b(?:seed|test|verifier)_[0-9a-f]{16}\b")


def _v7_id(prefix: str, *parts: Any) -> str:
    # models.make_id, spelled out so this step keeps computing what it computed when it was released
    return f"{prefix}_{_v4_hash(list(parts))[:16]}"


def _v7_imported_problem_ids(db: sqlite_utils.Database) -> None:
    """An imported open problem (origin ``problem``) was stored under a ``seed_`` id, as if it were a seed that
    synthesis starts from; it takes an id of its own kind, ``problem_`` and the same hash, and its tests and
    checker the ids ``import frontiercs`` now gives them. Every reference to them, in any table, moves along."""
    conn = db.conn
    renames: dict[str, str] = {}
    for sid, data in _v4_rows(conn, "seeds"):
        if data.get("origin") == "problem" and sid.startswith("seed_"):
            renames[sid] = "problem_" + sid[len("seed_") :]
    for old, new in list(renames.items()):
        for tid, data in _v4_rows_where(conn, "tests", old):
            renames[tid] = _v7_id(
                "test", new, data.get("name"), data.get("input_hash"), data.get("answer_hash")
            )
        for vid, data in _v4_rows_where(conn, "verifiers", old):
            renames[vid] = _v7_id("verifier", new, data.get("code"))
    if not renames:
        return

    def moved(text: str) -> str:
        return _V7_ID.sub(lambda m: renames.get(m.group(0), m.group(0)), text)

    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        if table == "blobs" or table.startswith("sqlite_"):
            continue
        info = conn.execute(f"PRAGMA table_info({table})").fetchall()
        text_columns = [c[1] for c in info if (c[2] or "").upper() == "TEXT"]
        # a row is named by its primary key (the lineage table has no rowid), else by its rowid
        key = [c[1] for c in sorted(info, key=lambda c: c[5]) if c[5] > 0] or ["rowid"]
        if not text_columns:
            continue
        names = ", ".join([*key, *text_columns])
        for row in conn.execute(f"SELECT {names} FROM {table}").fetchall():
            values = dict(zip(text_columns, row[len(key) :], strict=True))
            changed = {k: moved(v) for k, v in values.items() if isinstance(v, str) and moved(v) != v}
            if not changed:
                continue
            if "data" in changed and "content_hash" in values:  # as the record's own hash() takes it
                changed["content_hash"] = _v7_record_hash(table, json.loads(changed["data"]))
            sets = ", ".join(f"{k} = ?" for k in changed)
            where = " AND ".join(f"{k} = ?" for k in key)
            conn.execute(f"UPDATE {table} SET {sets} WHERE {where}", (*changed.values(), *row[: len(key)]))


def _v7_record_hash(table: str, data: dict[str, Any]) -> str:
    """A record row's content hash as its model computes it (``Record.hash``: fields added later and unset stay
    out of it), so a record moved here and the same record written again by today's code hash alike."""
    model = next(spec.model for spec in TABLES.values() if spec.table == table)
    return model.model_validate(data).hash()


def _v4_rows_where(conn: sqlite3.Connection, table: str, problem_id: str) -> list[tuple[str, dict[str, Any]]]:
    query = f"SELECT id, data FROM {table} WHERE problem_id = ?"
    return [(r[0], json.loads(r[1])) for r in conn.execute(query, (problem_id,)).fetchall()]


# Every model exchange of a run (tools/llm/exchanges.py): the columns a replay looks an answer up by, and the
# rest (its messages as blob digests, the answer, tokens, latency) in data.
_V8_EXCHANGES = """
CREATE TABLE IF NOT EXISTS exchanges (
    id TEXT PRIMARY KEY, run_id TEXT, step TEXT NOT NULL, subject_id TEXT, context TEXT NOT NULL DEFAULT '{}',
    ask INTEGER NOT NULL, attempt INTEGER NOT NULL, turn INTEGER NOT NULL, role TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '', created_at REAL NOT NULL, data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS exchanges_run ON exchanges (run_id);
CREATE INDEX IF NOT EXISTS exchanges_subject ON exchanges (subject_id);
CREATE INDEX IF NOT EXISTS exchanges_key ON exchanges (run_id, step, subject_id, context, attempt, turn);
"""


Step: TypeAlias = "str | Callable[[sqlite_utils.Database], None]"

MIGRATIONS: list[tuple[int, Step]] = [
    (1, _V1_INITIAL),
    (2, _v2_updated_at_and_query_indexes),
    (3, _V3_IMMUTABLE_TASKS),
    (4, _v4_typed_pipeline_records),
    (5, _v5_seed_status_and_imported_problems),
    (6, _V6_TRAJECTORIES),
    (7, _v7_imported_problem_ids),
    (8, _V8_EXCHANGES),
]

LATEST_VERSION = MIGRATIONS[-1][0]


def schema_version(conn: sqlite3.Connection) -> int:
    """The schema version the database file is at (SQLite's ``user_version``)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _statements(script: str) -> list[str]:
    """Split SQL text into statements (executescript would COMMIT our transaction first)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip():
        statements.append(current.strip())
    return statements


def migrate(conn: sqlite3.Connection, target: int | None = None, label: str = "the store") -> int:
    """Bring the database behind ``conn`` (driver autocommit mode) to ``target`` (default: the latest).

    Returns the version it is at afterwards. Raises StoreError for a newer schema or a foreign database.
    """
    target = LATEST_VERSION if target is None else target
    current = schema_version(conn)
    _check_known(conn, current, label)
    if current >= target:
        return current
    retry_busy(lambda: conn.execute("BEGIN IMMEDIATE"))
    try:
        # Another process may have migrated while we waited for the write lock.
        current = schema_version(conn)
        _check_known(conn, current, label)
        db = sqlite_utils_database(conn)
        for version, step in MIGRATIONS:
            if current < version <= target:
                if isinstance(step, str):
                    for statement in _statements(step):
                        conn.execute(statement)
                else:
                    step(db)
                conn.execute(f"PRAGMA user_version = {int(version)}")
                current = version
        retry_busy(lambda: conn.execute("COMMIT"))
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            if conn.in_transaction:
                conn.execute("ROLLBACK")
        raise
    return current


def _check_known(conn: sqlite3.Connection, version: int, label: str) -> None:
    if version > LATEST_VERSION:
        raise StoreError(
            f"{label} was written by a newer FrontierSmith (schema version {version}, this one knows up to "
            f"{LATEST_VERSION}); upgrade frontiersmith or point FRONTIERSMITH_STORE_PATH elsewhere."
        )
    if version == 0:
        foreign = conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchone()[0]
        if foreign:
            raise StoreError(
                f"{label} is an SQLite database but not a FrontierSmith store; move it aside or point "
                "FRONTIERSMITH_STORE_PATH elsewhere."
            )
