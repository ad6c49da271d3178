"""Solutions, tests, verifiers and runs (a solution on a test): what a problem is judged with and how it scored."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence

from frontiersmith.models import (
    Run,
    Solution,
    TestCase,
    Verifier,
)

from .._db import Connections
from ..records import (
    TABLES,
    PutOutcome,
)
from .base import Repository, _chunks, _filters
from .blobs import HEX_DIGEST
from .records import Records


class Problems(Repository):
    """``store.problems``: what a problem is judged with (its solutions, tests and verifier) and how each
    solution scored on each test (its runs)."""

    def __init__(self, conns: Connections, records: Records):
        super().__init__(conns)
        self._records = records

    def put_solution(self, solution: Solution) -> PutOutcome:
        """Store a solution (see PutOutcome for a repeated put); one a published task is made of cannot change
        (StoreError)."""
        return self._records.put(solution)

    def get_solution(self, solution_id: str) -> Solution:
        """The solution with this id, or NotFoundError."""
        return self._records.get(Solution, solution_id)

    def list_solutions(self, problem_id: str) -> list[Solution]:
        """Every solution of a problem, oldest first."""
        return self._records.select(Solution, "problem_id = ?", (problem_id,))

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
        """Store a test, which names its input and answer by blob digest (``store.blobs`` holds the bytes); one
        a published task is made of cannot change (StoreError)."""
        return self._records.put(test)

    def get_test(self, test_id: str) -> TestCase:
        """The test with this id, or NotFoundError."""
        return self._records.get(TestCase, test_id)

    def list_tests(self, problem_id: str) -> list[TestCase]:
        """Every test of a problem, oldest first."""
        return self._records.select(TestCase, "problem_id = ?", (problem_id,))

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
                blobs.difference_update(HEX_DIGEST.findall(payload))
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
        """Store a verifier; a problem judges with the one stored last (``get_verifier``)."""
        return self._records.put(verifier)

    def get_verifier(self, problem_id: str) -> Verifier:
        """The verifier of a problem (the most recently stored one if there were several)."""
        found = self._records.latest(Verifier, "problem_id", problem_id)
        if found is None:
            raise self._not_found(f"verifier for problem {problem_id!r}")
        return found

    def list_verifiers(self, problem_id: str) -> list[Verifier]:
        """Every verifier stored for a problem, oldest first."""
        return self._records.select(Verifier, "problem_id = ?", (problem_id,))

    def put_runs(self, runs: Iterable[Run]) -> int:
        """Store a batch of runs in one transaction (all or none); returns how many were inserted or changed."""
        rows = self._records.prepare(runs).rows.get(Run, [])  # hashed and dumped before the write lock
        return self._conns.write(lambda conn: self._records.upsert(conn, rows)) if rows else 0

    def list_runs(self, solution_id: str | None = None, test_ids: Sequence[str] | None = None) -> list[Run]:
        """Runs of one solution, or on some tests, or both; with neither, every run in the store."""
        if test_ids is None:
            where, params = _filters(solution_id=solution_id)
            return self._records.select(Run, where, params)
        runs: list[Run] = []
        for chunk in _chunks(list(test_ids)):
            where, params = _filters(solution_id=solution_id)
            marks = ", ".join("?" * len(chunk))
            where = f"{where + ' AND ' if where else ''}test_id IN ({marks})"
            runs += self._records.select(Run, where, [*params, *chunk])
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
