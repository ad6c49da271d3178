"""The dashboard's read models: read-only, one query each, no record parsed whole, so pages stay fast on big
stores."""

from __future__ import annotations

from collections.abc import Sequence

from .._db import Connections
from ..records import (
    CandidateRow,
    DivergencePoint,
    RecordSummary,
    summarise,
)
from .base import Repository, _filters
from .records import Records


class Views(Repository):
    """``store.views``: the dashboard's read models, what its pages read."""

    def __init__(self, conns: Connections, records: Records):
        super().__init__(conns)
        self._records = records

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
        ``limit=None`` reads them all, and ``oldest_first`` orders them as ``candidates.list`` does."""
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

    def summaries(self, record_ids: Sequence[str]) -> dict[str, RecordSummary]:
        """A one-line summary of each id (kind "external" for one the store does not hold)."""
        return {rid: summarise(self._records.find_any(rid), rid, None) for rid in record_ids}

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
