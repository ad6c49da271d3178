"""The Store: one repository method per question the tools ask, over the one SQLite file.

Every record row holds a few indexed columns plus the full pydantic JSON in ``data``; blobs are
content-addressed; lineage edges are added by the puts themselves.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

# sqlite-utils pulls in numpy (and pandas, but for _db.py); `serve` must answer before it needs either
if TYPE_CHECKING:
    import sqlite_utils

from frontiersmith.errors import InvalidInputError, NotFoundError, StoreError
from frontiersmith.models import (
    Candidate,
    CandidateStatus,
    CrossValidationReport,
    DefectMap,
    Divergence,
    Record,
    Rejection,
    Run,
    Seed,
    Solution,
    Stage,
    Submission,
    Task,
    TestCase,
    TestSuite,
    Trajectory,
    Verifier,
)
from frontiersmith.settings import Settings, get_settings

from ._db import PRIVATE_DIR_MODE, Connections, describe, make_private_folder, sqlite_utils_database
from .migrations import RECORD_TABLES, migrate, schema_version
from .records import (
    BY_TABLE,
    PACKAGE_PARTS,
    PRIMARY_RELATIONS,
    SUPERSEDES,
    TABLES,
    TASK_PUBLISHED,
    CandidateRow,
    DivergencePoint,
    Event,
    PipelineRun,
    PutOutcome,
    RecordSummary,
    RecordTable,
    StoreInfo,
    summarise,
)

R = TypeVar("R", bound=Record)

# Blobs at least this big are zlib-compressed when that makes them smaller.
COMPRESS_FROM_BYTES = 1024
# Ids per IN (...) clause: well under SQLite's host-parameter limit.
_CHUNK = 500
# Lineage walks stop here, so a cycle someone added by hand cannot loop forever.
_MAX_DEPTH = 256
_HEX_DIGEST = re.compile(r"[0-9a-f]{64}")  # how a blob is named
# When each task was last published; tasks stored before publications were recorded count as published
# when they were created, before any recorded publication of their candidate.
_PUBLICATIONS = "SELECT subject_id, max(id) AS last FROM events WHERE kind = ? GROUP BY subject_id"
_PUBLISHED_ORDER = "coalesce(p.last, 0) DESC, t.created_at DESC, t.id DESC"


def open_store(path: Path | None = None, settings: Settings | None = None) -> Store:
    """Open (creating or migrating as needed) the store at ``path``, or at the settings' store path."""
    settings = settings or get_settings()
    explicit = path is not None or settings.store_path is not None
    hint = "FRONTIERSMITH_STORE_PATH" if explicit else "FRONTIERSMITH_DATA_DIR"
    # The XDG default may sit under folders a fresh HOME lacks, so it is created whole; a folder the user
    # named is only created one level deep, so a typo fails loudly instead of growing a tree somewhere odd.
    create_parents = not explicit and "data_dir" not in settings.model_fields_set
    target = Path(path if path is not None else settings.resolved_store_path).expanduser()
    _prepare_folder(target, hint, create_parents)
    if not explicit:
        make_private_folder(target.parent)  # the data dir is ours; a folder the user named is left as it is
    return Store(target, hint)


def _prepare_folder(path: Path, hint: str, create_parents: bool) -> None:
    folder = path.parent
    if not folder.exists():
        if not create_parents and not folder.parent.is_dir():
            raise StoreError(f"The folder {folder.parent} does not exist; create it or set {hint}.")
        try:
            folder.mkdir(mode=PRIVATE_DIR_MODE, parents=create_parents, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                f"The folder {folder} cannot be created ({exc.strerror}); create it or set {hint}."
            ) from None
    if not folder.is_dir():
        raise StoreError(f"{folder} is not a folder; set {hint} to a path inside a folder.")
    # SQLite in WAL mode creates -wal and -shm files beside the store, so the folder must be writable too.
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(
            f"The folder {folder} is read-only; make it writable or set {hint} to a writable place."
        )
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a store file; point {hint} at a file path instead.")
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise StoreError(f"{path} is read-only; make it writable or set {hint} to a writable place.")


class Store:
    """The FrontierSmith store. Safe to share between threads (one connection per thread) and to open from
    many processes at once (WAL; writers queue on BEGIN IMMEDIATE and retry, never failing on a lock)."""

    def __init__(self, path: Path, hint: str = "FRONTIERSMITH_STORE_PATH"):
        self.path = path
        self._hint = hint
        self._conns = Connections(path, hint)
        try:
            migrate(self._conns.get(), label=str(path))
        except sqlite3.Error as exc:
            self._conns.close()
            raise describe(exc, path, hint) from None
        except BaseException:
            self._conns.close()
            raise

    # -- plumbing ---------------------------------------------------------------------------------------

    def close(self) -> None:
        self._conns.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Store]:
        """Group several writes atomically: all of them are stored, or (on an exception) none.

        Nested blocks join the outer one. Other threads and processes wait for the commit.
        """
        try:
            with self._conns.transaction():
                yield self
        except sqlite3.Error as exc:
            raise describe(exc, self.path, self._hint) from None

    @contextlib.contextmanager
    def page_cache(self, megabytes: int) -> Iterator[Store]:
        """This thread's connection keeps up to ``megabytes`` of pages in memory inside the block (SQLite's
        default is 2 MB): what a bulk writer wants, whose batches dirty pages all over the indexes."""
        conn = self._conns.get()
        before = conn.execute("PRAGMA cache_size").fetchone()[0]
        conn.execute(f"PRAGMA cache_size = {-1024 * int(megabytes)}")
        try:
            yield self
        finally:
            with contextlib.suppress(sqlite3.Error):
                conn.execute(f"PRAGMA cache_size = {int(before)}")

    @property
    def db(self) -> sqlite_utils.Database:
        """This thread's connection as a sqlite-utils Database, for ad-hoc reads and introspection."""
        return sqlite_utils_database(self._conns.get())

    @property
    def schema_version(self) -> int:
        return self._conns.read(schema_version)

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._conns.read(lambda conn: conn.execute(sql, tuple(params)).fetchall())

    def _not_found(self, what: str) -> NotFoundError:
        # The path stays out of the sentence: it reaches MCP clients, who have no business knowing it
        # (`frontiersmith store info` shows it to the store's owner).
        return NotFoundError(f"No {what} is in the store; check the id or {self._hint}.")

    # -- records: generic --------------------------------------------------------------------------------

    def put(self, record: Record) -> PutOutcome:
        """Store any pipeline record (see PutOutcome for what a repeated put does) and its lineage edges."""
        return self._conns.write(lambda conn: self._put(conn, record))

    def get(self, model: type[R], record_id: str) -> R:
        """The record of type ``model`` with this exact id, or NotFoundError."""
        found = self.find(model, record_id)
        if found is None:
            raise self._not_found(f"{TABLES[model].kind} with id {record_id!r}")
        return found

    def find(self, model: type[R], record_id: str) -> R | None:
        """The record of type ``model`` with this exact id, or None when it is not stored (yet)."""
        spec = TABLES[model]
        row = self._conns.read(
            lambda conn: conn.execute(f"SELECT data FROM {spec.table} WHERE id = ?", (record_id,)).fetchone()
        )
        return None if row is None else model.model_validate_json(row[0])  # type: ignore[return-value]

    def stored_ids(self, model: type[Record], record_ids: Sequence[str]) -> set[str]:
        """Which of ``record_ids`` are stored as ``model``: one query per chunk, not a look-up per id."""
        table = TABLES[model].table

        def read(conn: sqlite3.Connection) -> set[str]:
            found: set[str] = set()
            for chunk in _chunks(list(record_ids)):
                marks = ", ".join("?" * len(chunk))
                found.update(
                    r[0] for r in conn.execute(f"SELECT id FROM {table} WHERE id IN ({marks})", chunk)
                )
            return found

        return self._conns.read(read)

    def get_any(self, record_id: str) -> Record:
        """The record with this id in any table; a unique id prefix also works (as in git)."""
        found = self._find(record_id)
        if found is not None:
            return found
        upper = record_id + "\U0010ffff"
        matches: list[tuple[str, str]] = []
        for table in RECORD_TABLES:
            rows = self._query(f"SELECT id FROM {table} WHERE id >= ? AND id < ? LIMIT 5", (record_id, upper))
            matches += [(table, r[0]) for r in rows]
        if not matches or not record_id:
            raise self._not_found(f"record with id {record_id!r}")
        if len(matches) > 1:
            shown = ", ".join(m[1] for m in matches[:5])
            raise InvalidInputError(
                f"The id prefix {record_id!r} matches several records ({shown}); give more of it."
            )
        table, full_id = matches[0]
        return self.get(BY_TABLE[table].model, full_id)

    def _find(self, record_id: str) -> Record | None:
        union = " UNION ALL ".join(f"SELECT '{t}', data FROM {t} WHERE id = :id" for t in RECORD_TABLES)
        row = self._conns.read(lambda conn: conn.execute(union, {"id": record_id}).fetchone())
        if row is None:
            return None
        return BY_TABLE[row[0]].model.model_validate_json(row[1])

    def _list(
        self, model: type[R], where: str = "", params: Sequence[Any] = (), order: str = "created_at, id"
    ) -> list[R]:
        spec = TABLES[model]
        sql = f"SELECT data FROM {spec.table} {('WHERE ' + where) if where else ''} ORDER BY {order}"
        rows = self._conns.read(lambda conn: conn.execute(sql, tuple(params)).fetchall())
        return [model.model_validate_json(r[0]) for r in rows]  # type: ignore[misc]

    def _latest(self, model: type[R], column: str, value: str) -> R | None:
        found = self._list(
            model, f"{column} = ?", (value,), order="updated_at DESC, created_at DESC, id DESC"
        )
        return found[0] if found else None

    def _put(self, conn: sqlite3.Connection, record: Record) -> PutOutcome:
        spec = TABLES[type(record)]
        known = conn.execute(f"SELECT 1 FROM {spec.table} WHERE id = ?", (record.id,)).fetchone()
        if not self._upsert(conn, [_prepared_row(spec, record)]):
            return PutOutcome.UNCHANGED
        for parent_id, relation in spec.edges(record):
            self._add_edge(conn, record.id, parent_id, relation)
        return PutOutcome.UPDATED if known else PutOutcome.INSERTED

    @staticmethod
    def prepare(records: Iterable[Record]) -> PreparedRecords:
        """What ``put_many`` would write, worked out without the store: hashes, columns, JSON, edges."""
        prepared = PreparedRecords()
        for record in records:
            spec = TABLES[type(record)]
            prepared.rows.setdefault(type(record), []).append(_prepared_row(spec, record))
            prepared.edges += [(record.id, parent, relation) for parent, relation in spec.edges(record)]
        return prepared

    def put_many(self, records: Iterable[Record]) -> int:
        """Store records of any types in one transaction (all or none), one upsert per table, with their lineage
        edges: what a bulk writer uses instead of a put per record. Returns how many were inserted or changed."""
        return self.put_prepared(self.prepare(records))

    def put_prepared(self, prepared: PreparedRecords) -> int:
        """``put_many`` of ``prepare``d records: a bulk writer (a seed import) hashes and dumps them before it
        takes the write lock, not while other writers wait for it."""

        def write(conn: sqlite3.Connection) -> int:
            changed = sum(self._upsert(conn, rows) for rows in prepared.rows.values())
            now = time.time()
            conn.executemany(
                "INSERT OR IGNORE INTO lineage (child_id, parent_id, relation, created_at) VALUES (?, ?, ?, ?)",
                [(*edge, now) for edge in prepared.edges],
            )
            return changed

        return self._conns.write(write) if prepared.rows else 0

    @staticmethod
    def _upsert(conn: sqlite3.Connection, prepared: Sequence[PreparedRow]) -> int:
        """Write the prepared rows of records of one type; returns how many were inserted or changed.

        An id already stored with the same content hash is skipped; with a new hash its row is replaced but
        keeps the first created_at (in the column and in the JSON). Callers hold the write lock, so the
        look-up and the write cannot race another writer.
        """
        if not prepared:
            return 0
        spec = TABLES[type(prepared[0].record)]
        known: dict[str, tuple[str, float]] = {}
        for chunk in _chunks([p.record.id for p in prepared]):
            marks = ", ".join("?" * len(chunk))
            for row in conn.execute(
                f"SELECT id, content_hash, created_at FROM {spec.table} WHERE id IN ({marks})", chunk
            ):
                known[row[0]] = (row[1], row[2])
        changed = [p.record for p in prepared if p.record.id in known and known[p.record.id][0] != p.digest]
        frozen = Store._frozen_package_rows(conn, spec.table, changed) if changed else set()
        now = time.time()
        rows = []
        for p in prepared:
            row = p.row
            if p.record.id in known:
                if known[p.record.id][0] == p.digest or p.record.id in frozen:
                    continue
                first = p.record.model_copy(update={"created_at": known[p.record.id][1]})
                row = _prepared_row(spec, first, p.digest).row
            rows.append({**row, "updated_at": now})
        if not rows:
            return 0
        names = list(rows[0])
        set_clause = ", ".join(f"{n} = excluded.{n}" for n in names if n not in ("id", "created_at"))
        sql = (
            f"INSERT INTO {spec.table} ({', '.join(names)}) VALUES ({', '.join(':' + n for n in names)}) "
            f"ON CONFLICT(id) DO UPDATE SET {set_clause}"
        )
        conn.executemany(sql, rows)
        return len(rows)

    @staticmethod
    def _frozen_package_rows(conn: sqlite3.Connection, table: str, changed: Sequence[Record]) -> set[str]:
        """Of ``changed`` (records stored before with other content), the ids of rows a published task is
        made of whose scored fields stay the same: those rows are kept as published. A change to a published
        task, or to what a task's scores depend on, raises StoreError: a new package is a new task.
        (Migration 3's triggers refuse the same writes from any other writer of the file.)"""
        if table == "tasks":
            raise StoreError(
                f"The task {changed[0].id!r} is published and cannot change; publish the new package as a new task."
            )
        part = PACKAGE_PARTS.get(table)
        if part is None:
            return set()
        if table == "tests":
            sql = (
                "SELECT DISTINCT t.value FROM tasks, json_each(tasks.data, ?) AS t WHERE t.value IN ({marks})"
            )
        else:
            sql = "SELECT DISTINCT json_extract(data, ?) AS ref FROM tasks WHERE ref IN ({marks})"
        by_id = {r.id: r for r in changed}
        frozen: set[str] = set()
        for chunk in _chunks(list(by_id)):
            marks = ", ".join("?" * len(chunk))
            published = [r[0] for r in conn.execute(sql.format(marks=marks), (part.reference, *chunk))]
            for record_id in published:
                row = conn.execute(f"SELECT data FROM {table} WHERE id = ?", (record_id,)).fetchone()
                stored = type(by_id[record_id]).model_validate_json(row[0])
                new = by_id[record_id]
                if any(getattr(stored, f) != getattr(new, f) for f in part.scored):
                    kind = BY_TABLE[table].kind
                    raise StoreError(
                        f"The {kind} {record_id!r} belongs to a published task and cannot change; store the "
                        f"new {kind} under a new id and publish a new task."
                    )
                frozen.add(record_id)
        return frozen

    # -- seeds, candidates -------------------------------------------------------------------------------

    def put_seed(self, seed: Seed) -> PutOutcome:
        return self.put(seed)

    def get_seed(self, seed_id: str) -> Seed:
        return self.get(Seed, seed_id)

    def list_seeds(self, origin: str | None = None) -> list[Seed]:
        return self._list(Seed, "origin = ?", (origin,)) if origin else self._list(Seed)

    def put_candidate(self, candidate: Candidate) -> PutOutcome:
        return self.put(candidate)

    def get_candidate(self, candidate_id: str) -> Candidate:
        return self.get(Candidate, candidate_id)

    def list_candidates(
        self,
        round: int | None = None,
        status: CandidateStatus | str | None = None,
        parent_id: str | None = None,
    ) -> list[Candidate]:
        clauses, params = _filters(
            round=round, status=str(status) if status is not None else None, parent_id=parent_id
        )
        return self._list(Candidate, clauses, params, order="round, created_at, id")

    def set_candidate_status(
        self, candidate_id: str, status: CandidateStatus | str, rejection: Rejection | None = None
    ) -> Candidate:
        """Move a candidate to ``status`` (with the ``rejection`` that says why, for REJECTED), recorded as a
        ``candidate.status`` event in the same transaction."""
        new_status = CandidateStatus(status)
        if (new_status is CandidateStatus.REJECTED) != (rejection is not None):
            raise InvalidInputError(
                "A candidate is rejected with a Rejection, and only a rejected one has one."
            )

        def change(old: Candidate) -> Candidate:
            return old.model_copy(update={"status": new_status, "rejection": rejection})

        def event(old: Candidate) -> dict[str, Any]:
            return {
                "from": str(old.status),
                "to": str(new_status),
                "stage": None if rejection is None else str(rejection.stage),
                "reason": "" if rejection is None else rejection.reason,
            }

        return self._change_candidate(candidate_id, change, "candidate.status", event)

    def reject_candidate(self, candidate_id: str, stage: Stage | str, reason: str) -> Candidate:
        """Reject a candidate at ``stage`` of the pipeline, saying why."""
        if stage not in Stage.__members__.values():
            known = ", ".join(s.value for s in Stage)
            raise InvalidInputError(f"{stage!r} is not a stage of the pipeline; use one of {known}.")
        return self.set_candidate_status(
            candidate_id, CandidateStatus.REJECTED, Rejection(stage=Stage(stage), reason=reason)
        )

    def _change_candidate(
        self,
        candidate_id: str,
        change: Callable[[Candidate], Candidate],
        kind: str | None = None,
        event: Callable[[Candidate], dict[str, Any]] | None = None,
        also: Record | None = None,
    ) -> Candidate:
        """Read, change and store a candidate in one write transaction (with ``also`` stored beside it)."""

        def write(conn: sqlite3.Connection) -> Candidate:
            row = conn.execute("SELECT data FROM candidates WHERE id = ?", (candidate_id,)).fetchone()
            if row is None:
                raise self._not_found(f"candidate with id {candidate_id!r}")
            old = Candidate.model_validate_json(row[0])
            if also is not None:
                self._put(conn, also)
            new = change(old)
            self._put(conn, new)
            if kind is not None and event is not None:
                self._add_event(conn, kind, candidate_id, event(old))
            return new

        return self._conns.write(write)

    # -- test suites and cross-validation reports --------------------------------------------------------

    def put_test_suite(self, suite: TestSuite) -> Candidate:
        """Store a build of a candidate's tests and make it the candidate's current suite, atomically."""
        return self._change_candidate(
            suite.candidate_id, lambda c: c.model_copy(update={"suite_id": suite.id}), also=suite
        )

    def get_test_suite(self, suite_id: str) -> TestSuite:
        return self.get(TestSuite, suite_id)

    def list_test_suites(self, candidate_id: str) -> list[TestSuite]:
        """Every stored build of a candidate's tests, oldest first."""
        return self._list(TestSuite, "candidate_id = ?", (candidate_id,))

    def current_suite(self, candidate_id: str) -> TestSuite | None:
        """The suite the candidate names as current, or None before its first build."""
        suite_id = self.get_candidate(candidate_id).suite_id
        return None if suite_id is None else self.get_test_suite(suite_id)

    def put_crossval_report(self, report: CrossValidationReport) -> Candidate:
        """Store a cross-validation report and make it the one the candidate's publication takes."""
        return self._change_candidate(
            report.candidate_id, lambda c: c.model_copy(update={"report_id": report.id}), also=report
        )

    def get_crossval_report(self, report_id: str) -> CrossValidationReport:
        return self.get(CrossValidationReport, report_id)

    def list_crossval_reports(self, candidate_id: str) -> list[CrossValidationReport]:
        """Every cross-validation report of a candidate, oldest first."""
        return self._list(CrossValidationReport, "candidate_id = ?", (candidate_id,))

    def current_report(self, candidate_id: str) -> CrossValidationReport | None:
        """The report the candidate's publication takes (its last run_verifier), or None before any."""
        report_id = self.get_candidate(candidate_id).report_id
        return None if report_id is None else self.get_crossval_report(report_id)

    # -- solutions, tests, verifiers ---------------------------------------------------------------------

    def put_solution(self, solution: Solution) -> PutOutcome:
        return self.put(solution)

    def get_solution(self, solution_id: str) -> Solution:
        return self.get(Solution, solution_id)

    def list_solutions(self, problem_id: str) -> list[Solution]:
        return self._list(Solution, "problem_id = ?", (problem_id,))

    def count_per_problem(
        self, model: type[TestCase] | type[Solution], author: str | None = None
    ) -> dict[str, int]:
        """How many tests (or solutions, of ``author`` if given) each problem has, in one query: listing
        thousands of seeds must not load every test."""
        table = TABLES[model].table
        where, params = (
            ("WHERE author = ?", (author,)) if author is not None and model is Solution else ("", ())
        )
        rows = self._query(f"SELECT problem_id, count(*) FROM {table} {where} GROUP BY problem_id", params)
        return {problem_id: count for problem_id, count in rows}

    def put_test(self, test: TestCase) -> PutOutcome:
        return self.put(test)

    def get_test(self, test_id: str) -> TestCase:
        return self.get(TestCase, test_id)

    def list_tests(self, problem_id: str) -> list[TestCase]:
        return self._list(TestCase, "problem_id = ?", (problem_id,))

    def delete_tests(self, test_ids: Sequence[str]) -> int:
        """Delete tests with their runs and lineage edges, and free the input and answer blobs nothing else
        names (no other test, no event); a test a task is made of is never deleted. Returns how many went."""

        def delete(conn: sqlite3.Connection) -> int:
            published = {
                row[0]
                for row in conn.execute("SELECT j.value FROM tasks, json_each(tasks.data, '$.test_ids') j")
            }
            doomed = [t for t in dict.fromkeys(test_ids) if t not in published]
            blobs: set[str] = set()
            for chunk in _chunks(doomed):
                marks = ", ".join("?" * len(chunk))
                for (data,) in conn.execute(f"SELECT data FROM tests WHERE id IN ({marks})", chunk):
                    test = TestCase.model_validate_json(data)
                    blobs.update(h for h in (test.input_hash, test.answer_hash) if h)
                conn.execute(f"DELETE FROM runs WHERE test_id IN ({marks})", chunk)
                conn.execute(f"DELETE FROM lineage WHERE child_id IN ({marks})", chunk)
                conn.execute(f"DELETE FROM tests WHERE id IN ({marks})", chunk)
            for chunk in _chunks(sorted(blobs)):
                marks = ", ".join("?" * len(chunk))
                answer = "json_extract(data, '$.answer_hash')"
                sql = (
                    f"SELECT input_hash FROM tests WHERE input_hash IN ({marks}) "
                    f"UNION SELECT {answer} FROM tests WHERE {answer} IN ({marks})"
                )
                blobs.difference_update(row[0] for row in conn.execute(sql, chunk + chunk))
            for (payload,) in conn.execute("SELECT payload FROM events"):  # a build's generator, say
                blobs.difference_update(_HEX_DIGEST.findall(payload))
            for generator, validator in conn.execute(
                "SELECT json_extract(data, '$.generator_hash'), json_extract(data, '$.validator_hash') "
                "FROM test_suites"
            ):
                blobs.difference_update((generator, validator))
            for chunk in _chunks(sorted(blobs)):
                conn.execute(f"DELETE FROM blobs WHERE hash IN ({', '.join('?' * len(chunk))})", chunk)
            return len(doomed)

        return self._conns.write(delete)

    def put_verifier(self, verifier: Verifier) -> PutOutcome:
        return self.put(verifier)

    def get_verifier(self, problem_id: str) -> Verifier:
        """The verifier of a problem (the most recently stored one if there were several)."""
        found = self._latest(Verifier, "problem_id", problem_id)
        if found is None:
            raise self._not_found(f"verifier for problem {problem_id!r}")
        return found

    def list_verifiers(self, problem_id: str) -> list[Verifier]:
        return self._list(Verifier, "problem_id = ?", (problem_id,))

    # -- runs ---------------------------------------------------------------------------------------------

    def put_runs(self, runs: Iterable[Run]) -> int:
        """Store a batch of runs in one transaction (all or none); returns how many were inserted or changed."""
        rows = self.prepare(runs).rows.get(Run, [])  # hashed and dumped before the write lock
        return self._conns.write(lambda conn: self._upsert(conn, rows)) if rows else 0

    def list_runs(self, solution_id: str | None = None, test_ids: Sequence[str] | None = None) -> list[Run]:
        if test_ids is None:
            where, params = _filters(solution_id=solution_id)
            return self._list(Run, where, params)
        runs: list[Run] = []
        for chunk in _chunks(list(test_ids)):
            where, params = _filters(solution_id=solution_id)
            marks = ", ".join("?" * len(chunk))
            where = f"{where + ' AND ' if where else ''}test_id IN ({marks})"
            runs += self._list(Run, where, [*params, *chunk])
        return runs

    def score_matrix(
        self, solution_ids: Sequence[str], test_ids: Sequence[str]
    ) -> dict[str, dict[str, float]]:
        """``{solution_id: {test_id: normalised score}}`` from stored runs; a pair never run is absent, and
        when a pair was run more than once the latest run counts."""
        matrix: dict[str, dict[str, float]] = {s: {} for s in solution_ids}
        wanted_tests = set(test_ids)
        for chunk in _chunks(list(solution_ids)):
            marks = ", ".join("?" * len(chunk))
            sql = (
                f"SELECT solution_id, test_id, score FROM runs WHERE solution_id IN ({marks}) "
                "ORDER BY updated_at, created_at, id"
            )
            rows = self._query(sql, chunk)
            for solution_id, test_id, score in rows:
                if test_id in wanted_tests:
                    matrix[solution_id][test_id] = score
        return matrix

    # -- divergence, tasks, submissions -------------------------------------------------------------------

    def put_divergence(self, divergence: Divergence) -> PutOutcome:
        return self.put(divergence)

    def get_divergence(self, candidate_id: str) -> Divergence:
        """The latest divergence estimate of a candidate, or NotFoundError."""
        found = self.find_divergence(candidate_id)
        if found is None:
            raise self._not_found(f"divergence estimate for candidate {candidate_id!r}")
        return found

    def find_divergence(self, candidate_id: str) -> Divergence | None:
        """The latest divergence estimate of a candidate, or None before the first."""
        return self._latest(Divergence, "candidate_id", candidate_id)

    def put_task(self, task: Task) -> PutOutcome:
        """Store a task; a task already stored under this id with other content is refused (StoreError)."""
        return self.put(task)

    def publish_task(self, task: Task) -> tuple[Task, str | None]:
        """Make ``task`` the latest version of its candidate, atomically: store it unless this exact package
        is stored already (then the stored task is kept as it is), link it to the version it replaces with a
        ``supersedes`` edge, and record the publication. Returns the stored task and the id of the version
        it replaced (None when it was the latest already, or the first)."""

        def publish(conn: sqlite3.Connection) -> tuple[Task, str | None]:
            previous = self._latest_task_id(conn, task.candidate_id)
            row = conn.execute("SELECT data FROM tasks WHERE id = ?", (task.id,)).fetchone()
            stored = Task.model_validate_json(row[0]) if row else task
            if row is None:
                self._put(conn, task)
            if previous == stored.id:
                return stored, None
            if previous is not None and row is None:
                self._add_edge(conn, stored.id, previous, SUPERSEDES)
            self._add_event(
                conn, TASK_PUBLISHED, stored.id, {"candidate_id": stored.candidate_id, "replaces": previous}
            )
            return stored, previous

        return self._conns.write(publish)

    def get_task(self, task_id: str) -> Task:
        return self.get(Task, task_id)

    def list_tasks(self, candidate_id: str | None = None) -> list[Task]:
        where, params = _filters(candidate_id=candidate_id)
        return self._list(Task, where, params)

    def latest_task(self, candidate_id: str) -> Task | None:
        """The task that is the latest version of a candidate (the one last published), or None."""
        found = self._conns.read(lambda conn: self._latest_task_id(conn, candidate_id))
        return None if found is None else self.get_task(found)

    def latest_task_ids(self) -> set[str]:
        """The id of every candidate's latest task; every other task is an older version of its candidate."""
        sql = f"""
            SELECT id FROM (
                SELECT t.id, ROW_NUMBER() OVER (
                    PARTITION BY t.candidate_id ORDER BY {_PUBLISHED_ORDER}
                ) AS rank
                FROM tasks AS t LEFT JOIN ({_PUBLICATIONS}) AS p ON p.subject_id = t.id
            ) WHERE rank = 1
        """
        return {r[0] for r in self._query(sql, (TASK_PUBLISHED,))}

    @staticmethod
    def _latest_task_id(conn: sqlite3.Connection, candidate_id: str) -> str | None:
        sql = (
            f"SELECT t.id FROM tasks AS t LEFT JOIN ({_PUBLICATIONS}) AS p ON p.subject_id = t.id "
            f"WHERE t.candidate_id = ? ORDER BY {_PUBLISHED_ORDER} LIMIT 1"
        )
        row = conn.execute(sql, (TASK_PUBLISHED, candidate_id)).fetchone()
        return row[0] if row else None

    def put_submission(self, submission: Submission) -> PutOutcome:
        return self.put(submission)

    def get_submission(self, submission_id: str) -> Submission:
        return self.get(Submission, submission_id)

    def list_submissions(
        self, problem_id: str, author: str | None = None, limit: int | None = None
    ) -> list[Submission]:
        where, params = _filters(problem_id=problem_id, author=author)
        order = "created_at DESC, id" + (f" LIMIT {int(limit)}" if limit is not None else "")
        return self._list(Submission, where, params, order=order)

    def leaderboard(self, problem_id: str, limit: int = 10) -> list[Submission]:
        """Each author's best submission to a problem, best score first (earlier wins a tie); anonymous
        submissions each stand alone."""
        sql = (
            "SELECT data FROM (SELECT data, score, created_at, ROW_NUMBER() OVER "
            "(PARTITION BY coalesce(nullif(author, ''), id) ORDER BY score DESC, created_at) AS rank FROM submissions WHERE problem_id = ?) "
            "WHERE rank = 1 ORDER BY score DESC, created_at LIMIT ?"
        )
        rows = self._conns.read(lambda conn: conn.execute(sql, (problem_id, int(limit))).fetchall())
        return [Submission.model_validate_json(r[0]) for r in rows]

    # -- solvers under evaluation (tools/frontier) ---------------------------------------------------------

    def put_trajectories(self, trajectories: Iterable[Trajectory]) -> int:
        """Store a batch of attempts in one transaction (all or none); returns how many were new or changed."""
        rows = self.prepare(trajectories).rows.get(Trajectory, [])  # hashed and dumped before the write lock
        return self._conns.write(lambda conn: self._upsert(conn, rows)) if rows else 0

    def get_trajectory(self, trajectory_id: str) -> Trajectory:
        return self.get(Trajectory, trajectory_id)

    def list_trajectories(
        self, solver: str | None = None, problem_id: str | None = None, evaluation_id: str | None = None
    ) -> list[Trajectory]:
        """Attempts, oldest first: of one solver spec, on one problem, or of one evaluate call."""
        where, params = _filters(solver=solver, problem_id=problem_id)
        if evaluation_id is not None:
            where = " AND ".join(w for w in (where, "json_extract(data, '$.evaluation_id') = ?") if w)
            params.append(evaluation_id)
        return self._list(Trajectory, where, params, order="created_at, problem_id, attempt, id")

    def trajectory_solvers(self) -> list[str]:
        """Every solver spec with stored trajectories."""
        return [r[0] for r in self._query("SELECT DISTINCT solver FROM trajectories ORDER BY solver")]

    def put_defect_map(self, defect_map: DefectMap) -> PutOutcome:
        return self.put(defect_map)

    def defect_map_solvers(self) -> list[str]:
        """Every solver with a stored defect map."""
        return [r[0] for r in self._query("SELECT DISTINCT solver FROM defect_maps ORDER BY solver")]

    def latest_defect_map(self, solver: str) -> DefectMap | None:
        """The newest defect map diagnosed for ``solver`` (None before the first diagnose)."""
        found = self._list(DefectMap, "solver = ?", (solver,), order="created_at DESC, id DESC LIMIT 1")
        return found[0] if found else None

    # -- blobs --------------------------------------------------------------------------------------------

    def put_blob(self, data: bytes) -> str:
        """Store bytes under their sha256 hex digest (idempotent) and return it."""
        return self.put_blobs([data])[0]

    def put_blobs(self, blobs: Sequence[bytes]) -> list[str]:
        """Store many blobs in one write (idempotent); their digests, in order."""
        return self.put_blob_rows(self.prepare_blobs(blobs))

    def put_blob_rows(self, rows: Sequence[BlobRow]) -> list[str]:
        """``put_blobs`` of ``prepare_blobs`` rows: what a bulk writer calls, having hashed and compressed
        them before it took the write lock."""
        if rows:
            self._conns.write(
                lambda conn: conn.executemany(
                    "INSERT OR IGNORE INTO blobs (hash, size, compressed, data, created_at) VALUES (?, ?, ?, ?, ?)",
                    rows,
                )
            )
        return [row[0] for row in rows]

    @staticmethod
    def prepare_blobs(blobs: Iterable[bytes]) -> list[BlobRow]:
        """The rows ``put_blobs`` writes for ``blobs``: (sha256 hex digest, size, compressed, data, created_at)."""
        rows = []
        now = time.time()
        for data in blobs:
            stored, compressed = data, 0
            if len(data) >= COMPRESS_FROM_BYTES:
                packed = zlib.compress(data, 6)
                if len(packed) < len(data):
                    stored, compressed = packed, 1
            rows.append((Store.blob_hash(data), len(data), compressed, stored, now))
        return rows

    @staticmethod
    def blob_hash(data: bytes) -> str:
        """The key a blob of ``data`` is stored under (its sha256 hex digest), without storing it."""
        return hashlib.sha256(data).hexdigest()

    def get_blob(self, digest: str) -> bytes:
        row = self._conns.read(
            lambda conn: conn.execute(
                "SELECT compressed, data FROM blobs WHERE hash = ?", (digest,)
            ).fetchone()
        )
        if row is None:
            raise self._not_found(f"blob with hash {digest!r}")
        return zlib.decompress(row[1]) if row[0] else bytes(row[1])

    def blob_size(self, digest: str) -> int:
        """The size of a stored blob's bytes (as written, before compression), without reading them."""
        row = self._conns.read(
            lambda conn: conn.execute("SELECT size FROM blobs WHERE hash = ?", (digest,)).fetchone()
        )
        if row is None:
            raise self._not_found(f"blob with hash {digest!r}")
        return int(row[0])

    def has_blob(self, digest: str) -> bool:
        return bool(
            self._conns.read(
                lambda conn: conn.execute("SELECT 1 FROM blobs WHERE hash = ?", (digest,)).fetchone()
            )
        )

    # -- lineage ------------------------------------------------------------------------------------------

    @staticmethod
    def _add_edge(conn: sqlite3.Connection, child_id: str, parent_id: str, relation: str) -> None:
        conn.execute(
            "INSERT OR IGNORE INTO lineage (child_id, parent_id, relation, created_at) VALUES (?, ?, ?, ?)",
            (child_id, parent_id, relation, time.time()),
        )

    def parents(self, record_id: str) -> list[tuple[str, str]]:
        """Every edge out of a record: ``(parent_id, relation)``."""
        return self._conns.read(
            lambda conn: [
                (r[0], r[1])
                for r in conn.execute(
                    "SELECT parent_id, relation FROM lineage WHERE child_id = ? ORDER BY relation, parent_id",
                    (record_id,),
                )
            ]
        )

    def ancestors(
        self, record_id: str, relations: Sequence[str] = PRIMARY_RELATIONS, include_self: bool = True
    ) -> list[RecordSummary]:
        """The chain a record came from, oldest first: seed, candidate, ..., and the record itself last."""
        return self._walk(record_id, relations, include_self, up=True)

    def descendants(
        self, record_id: str, relations: Sequence[str] = PRIMARY_RELATIONS, include_self: bool = True
    ) -> list[RecordSummary]:
        """Everything derived from a record, nearest first (the record itself first)."""
        return self._walk(record_id, relations, include_self, up=False)

    def _walk(
        self, record_id: str, relations: Sequence[str], include_self: bool, up: bool
    ) -> list[RecordSummary]:
        start = self.get_any(record_id)
        marks = ", ".join("?" * len(relations))
        near, far = ("child_id", "parent_id") if up else ("parent_id", "child_id")
        sql = f"""
            WITH RECURSIVE walk(id, depth) AS (
                SELECT ?, 0
                UNION
                SELECT l.{far}, walk.depth + 1 FROM lineage AS l JOIN walk ON l.{near} = walk.id
                WHERE l.relation IN ({marks}) AND walk.depth < {_MAX_DEPTH}
            )
            SELECT id, max(depth) AS depth FROM walk GROUP BY id
            ORDER BY depth {"DESC" if up else "ASC"}, id
        """
        rows = self._conns.read(lambda conn: conn.execute(sql, (start.id, *relations)).fetchall())
        summaries = []
        for node_id, depth in rows:
            if depth == 0 and not include_self:
                continue
            relation = self._primary_relation(node_id, relations)
            summaries.append(summarise(start if depth == 0 else self._find(node_id), node_id, relation))
        return summaries

    def _primary_relation(self, record_id: str, relations: Sequence[str]) -> str | None:
        marks = ", ".join("?" * len(relations))
        row = self._conns.read(
            lambda conn: conn.execute(
                f"SELECT relation FROM lineage WHERE child_id = ? AND relation IN ({marks}) ORDER BY relation LIMIT 1",
                (record_id, *relations),
            ).fetchone()
        )
        return row[0] if row else None

    # -- events and pipeline runs -------------------------------------------------------------------------

    def add_event(
        self, kind: str, subject_id: str | None = None, payload: dict[str, Any] | None = None
    ) -> int:
        """Remember something about ``subject_id`` (a protocol round, a transcript, a rejection); returns its id."""
        return self._conns.write(lambda conn: self._add_event(conn, kind, subject_id, payload or {}))

    @staticmethod
    def _add_event(
        conn: sqlite3.Connection, kind: str, subject_id: str | None, payload: dict[str, Any]
    ) -> int:
        cursor = conn.execute(
            "INSERT INTO events (kind, subject_id, payload, created_at) VALUES (?, ?, ?, ?)",
            (kind, subject_id, json.dumps(payload, default=str), time.time()),
        )
        return int(cursor.lastrowid or 0)

    def list_events(
        self, subject_id: str | None = None, kind: str | None = None, limit: int | None = None
    ) -> list[Event]:
        """Events in the order they happened, optionally of one subject and/or one kind."""
        where, params = _filters(subject_id=subject_id, kind=kind)
        sql = (
            f"SELECT id, kind, subject_id, payload, created_at FROM events {('WHERE ' + where) if where else ''} "
            f"ORDER BY id{f' LIMIT {int(limit)}' if limit is not None else ''}"
        )
        rows = self._conns.read(lambda conn: conn.execute(sql, params).fetchall())
        return [Event(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    def start_pipeline_run(self, run_id: str, args: dict[str, Any], status: str = "running") -> PipelineRun:
        """Register a synthesis run; if ``run_id`` is already known, return it unchanged so the caller resumes."""

        def start(conn: sqlite3.Connection) -> None:
            now = time.time()
            conn.execute(
                "INSERT OR IGNORE INTO pipeline_runs (id, args, status, progress, created_at, updated_at) "
                "VALUES (?, ?, ?, '{}', ?, ?)",
                (run_id, json.dumps(args, default=str), status, now, now),
            )

        self._conns.write(start)
        return self.get_pipeline_run(run_id)

    def get_pipeline_run(self, run_id: str) -> PipelineRun:
        row = self._conns.read(
            lambda conn: conn.execute(
                "SELECT id, args, status, progress, created_at, updated_at FROM pipeline_runs WHERE id = ?",
                (run_id,),
            ).fetchone()
        )
        if row is None:
            raise self._not_found(f"pipeline run with id {run_id!r}")
        return _pipeline_run(row)

    def update_pipeline_run(
        self, run_id: str, *, status: str | None = None, progress: dict[str, Any] | None = None
    ) -> PipelineRun:
        """Set a run's status and/or replace its progress checkpoint."""

        def update(conn: sqlite3.Connection) -> None:
            cursor = conn.execute(
                "UPDATE pipeline_runs SET status = coalesce(?, status), progress = coalesce(?, progress), "
                "updated_at = ? WHERE id = ?",
                (
                    status,
                    None if progress is None else json.dumps(progress, default=str),
                    time.time(),
                    run_id,
                ),
            )
            if cursor.rowcount == 0:
                raise self._not_found(f"pipeline run with id {run_id!r}")

        self._conns.write(update)
        return self.get_pipeline_run(run_id)

    def list_pipeline_runs(self, status: str | None = None) -> list[PipelineRun]:
        where, params = _filters(status=status)
        sql = (
            "SELECT id, args, status, progress, created_at, updated_at FROM pipeline_runs "
            f"{('WHERE ' + where) if where else ''} ORDER BY created_at, id"
        )
        return [_pipeline_run(r) for r in self._conns.read(lambda conn: conn.execute(sql, params).fetchall())]

    # -- dashboard reads (read-only, one query each, no record parsed whole) --------------------------------

    def candidate_rows(
        self,
        *,
        run_id: str | None = None,
        axis: str | None = None,
        parent_id: str | None = None,
        status: str | None = None,
        fell_at: str | None = None,
        passed_unless_fell_at: Sequence[str] = (),
        reason: str | None = None,
        limit: int | None = 50,
        offset: int = 0,
        oldest_first: bool = False,
    ) -> tuple[int, list[CandidateRow]]:
        """One page of candidates (newest round first) and how many match: ``fell_at`` keeps those rejected at
        that stage, ``passed_unless_fell_at`` drops those rejected at any of these stages, ``reason`` keeps
        those whose rejection reason contains it. Only a page of rows is read, so it stays fast on big stores;
        ``limit=None`` reads them all, and ``oldest_first`` orders them as ``list_candidates`` does."""
        where, params = _filters(axis=axis, parent_id=parent_id, status=status)
        clauses = [where] if where else []
        stage = "json_extract(data, '$.rejection.stage')"
        if run_id is not None:
            clauses.append("json_extract(data, '$.problem.provenance.run') = ?")
            params.append(run_id)
        if fell_at is not None:
            clauses.append(f"status = 'rejected' AND {stage} = ?")
            params.append(fell_at)
        if passed_unless_fell_at:
            marks = ", ".join("?" * len(passed_unless_fell_at))
            clauses.append(f"NOT (status = 'rejected' AND coalesce({stage}, '') IN ({marks}))")
            params += list(passed_unless_fell_at)
        if reason:
            clauses.append(
                "status = 'rejected' AND instr(lower(json_extract(data, '$.rejection.reason')), ?) > 0"
            )
            params.append(reason.lower())
        sql_where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        total = self._query(f"SELECT count(*) FROM candidates {sql_where}", params)[0][0]
        # The page's ids first, so the JSON of only those rows is read (not of every row the sort sees).
        order = "round, created_at, id" if oldest_first else "round DESC, created_at DESC, id"
        sql = (
            f"SELECT c.id, c.title, c.axis, c.round, c.status, c.parent_id, json_extract(c.data, '$.rejection.stage'), "
            "json_extract(c.data, '$.rejection.reason'), json_extract(c.data, '$.problem.provenance.run'), "
            "json_extract(c.data, '$.problem.provenance.catalog') "
            f"FROM (SELECT id FROM candidates {sql_where} ORDER BY {order} LIMIT ? OFFSET ?) AS page "
            f"JOIN candidates AS c ON c.id = page.id ORDER BY {', '.join('c.' + k for k in order.split(', '))}"
        )
        rows = self._query(sql, [*params, -1 if limit is None else int(limit), int(offset)])
        return total, [CandidateRow(*r) for r in rows]

    def candidate_facets(self) -> dict[str, dict[str, int]]:
        """How many candidates have each status and each parent: the filters' choices. Only indexed columns,
        so it costs milliseconds on a big store (axes and stages are fixed lists anyway)."""
        facets: dict[str, dict[str, int]] = {}
        for column in ("status", "parent_id"):
            sql = f"SELECT {column}, count(*) FROM candidates GROUP BY 1 ORDER BY 1"
            facets[column] = {str(k): n for k, n in self._query(sql)}
        return facets

    def submission_counts(self) -> dict[str, int]:
        """How many submissions each problem has."""
        sql = "SELECT problem_id, count(*) FROM submissions GROUP BY problem_id"
        return {pid: n for pid, n in self._query(sql)}

    def submission_scores(self, problem_id: str) -> list[float]:
        """Every submission's score on a problem, oldest first (a score distribution without the code)."""
        sql = "SELECT score FROM submissions WHERE problem_id = ? ORDER BY created_at, id"
        return [float(r[0]) for r in self._query(sql, (problem_id,))]

    def children(self, record_ids: Sequence[str], relations: Sequence[str]) -> list[tuple[str, str, str]]:
        """Every edge into these records over ``relations``: ``(parent_id, child_id, relation)``."""
        marks = ", ".join("?" * len(relations))
        edges: list[tuple[str, str, str]] = []
        for chunk in _chunks(list(record_ids)):
            sql = (
                f"SELECT parent_id, child_id, relation FROM lineage WHERE parent_id IN ({', '.join('?' * len(chunk))}) "
                f"AND relation IN ({marks}) ORDER BY parent_id, created_at, child_id"
            )
            edges += [(r[0], r[1], r[2]) for r in self._query(sql, [*chunk, *relations])]
        return edges

    def summaries(self, record_ids: Sequence[str]) -> dict[str, RecordSummary]:
        """A one-line summary of each id (kind "external" for one the store does not hold)."""
        return {rid: summarise(self._find(rid), rid, None) for rid in record_ids}

    def divergence_points(self) -> list[DivergencePoint]:
        """Each candidate's latest divergence estimate beside its title and status: the divergence plot."""
        sql = """
            SELECT c.id, c.title, c.status, json_extract(c.data, '$.rejection.stage'),
                   d.semantic, d.behavioural, json_extract(d.data, '$.crossing'), d.combined
            FROM (SELECT *, ROW_NUMBER() OVER (
                    PARTITION BY candidate_id ORDER BY updated_at DESC, created_at DESC, id DESC) AS rank
                  FROM divergences) AS d
            JOIN candidates AS c ON c.id = d.candidate_id
            WHERE d.rank = 1 ORDER BY c.id
        """
        return [DivergencePoint(*r) for r in self._query(sql)]

    def run_timeline(self, run_id: str) -> dict[str, tuple[float, float, int]]:
        """When each kind of record of a run was first and last written, and how many there are:
        ``{table: (first, last, count)}`` over its candidates and what was made for them."""
        of_run = "SELECT id FROM candidates WHERE json_extract(data, '$.problem.provenance.run') = ?"
        queries = {
            "candidates": f"SELECT min(created_at), max(created_at), count(*) FROM candidates WHERE id IN ({of_run})",
            "solutions": f"SELECT min(created_at), max(created_at), count(*) FROM solutions WHERE problem_id IN ({of_run})",
            "test_suites": f"SELECT min(created_at), max(created_at), count(*) FROM test_suites WHERE candidate_id IN ({of_run})",
            "crossval_reports": f"SELECT min(created_at), max(created_at), count(*) FROM crossval_reports WHERE candidate_id IN ({of_run})",
            "tasks": f"SELECT min(created_at), max(created_at), count(*) FROM tasks WHERE candidate_id IN ({of_run})",
        }
        found = {}
        for table, sql in queries.items():
            first, last, n = self._query(sql, (run_id,))[0]
            if n:
                found[table] = (float(first), float(last or first), int(n))
        return found

    def run_solution_time_ms(self, run_id: str) -> tuple[float, int]:
        """The summed recorded time of every judged run of a run's sampled solutions, and how many runs."""
        sql = """
            SELECT coalesce(sum(json_extract(r.data, '$.time_ms')), 0), count(*) FROM runs AS r
            JOIN solutions AS s ON s.id = r.solution_id
            JOIN candidates AS c ON c.id = s.problem_id
            WHERE json_extract(c.data, '$.problem.provenance.run') = ?
        """
        total, n = self._query(sql, (run_id,))[0]
        return float(total), int(n)

    # -- the whole store ----------------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """Rows per table, records first, then blobs, lineage, events and pipeline runs."""
        tables = [*RECORD_TABLES, "blobs", "lineage", "events", "pipeline_runs"]
        union = " UNION ALL ".join(f"SELECT '{t}', count(*) FROM {t}" for t in tables)
        return {name: n for name, n in self._conns.read(lambda conn: conn.execute(union).fetchall())}

    def info(self) -> StoreInfo:
        size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        return StoreInfo(str(self.path), self.schema_version, size, self.counts())

    def integrity_check(self) -> str:
        """SQLite's own verdict on the file: ``"ok"`` when it is sound."""
        rows = self._conns.read(lambda conn: conn.execute("PRAGMA integrity_check").fetchall())
        return "; ".join(str(r[0]) for r in rows)


def _filters(**equals: Any) -> tuple[str, list[Any]]:
    """``col = ?`` clauses for the arguments that are not None."""
    given = {k: v for k, v in equals.items() if v is not None}
    return " AND ".join(f"{k} = ?" for k in given), list(given.values())


BlobRow = tuple[str, int, int, bytes, float]


@dataclass(frozen=True)
class PreparedRow:
    """A record with its content hash and its row (columns and JSON, without ``updated_at``)."""

    record: Record
    digest: str
    row: dict[str, Any]


@dataclass
class PreparedRecords:
    """Records ready for ``put_many``: their rows by type, and their lineage edges."""

    rows: dict[type[Record], list[PreparedRow]] = field(default_factory=dict)
    edges: list[tuple[str, str, str]] = field(default_factory=list)

    @classmethod
    def join(cls, parts: Iterable[PreparedRecords]) -> PreparedRecords:
        joined = cls()
        for part in parts:
            for model, batch in part.rows.items():
                joined.rows.setdefault(model, []).extend(batch)
            joined.edges += part.edges
        return joined


def _prepared_row(spec: RecordTable, record: Record, digest: str | None = None) -> PreparedRow:
    digest = digest or record.hash()
    row = {"id": record.id, "content_hash": digest, "created_at": record.created_at}
    row.update(spec.columns(record))
    row["data"] = record.model_dump_json()
    return PreparedRow(record, digest, row)


def _chunks(items: list[str]) -> Iterator[list[str]]:
    for i in range(0, len(items), _CHUNK):
        yield items[i : i + _CHUNK]


def _pipeline_run(row: Sequence[Any]) -> PipelineRun:
    return PipelineRun(row[0], json.loads(row[1]), row[2], json.loads(row[3]), row[4], row[5])
