"""Candidates (their status changes recorded as events), test suites, cross-validation reports and
divergence estimates: the records of Algorithm 1's steps."""

from __future__ import annotations

import builtins
import sqlite3
from collections.abc import Callable
from typing import Any

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Candidate,
    CandidateStatus,
    CrossValidationReport,
    Divergence,
    Record,
    Rejection,
    Stage,
    TestSuite,
)

from .._db import Connections
from ..records import PutOutcome
from .base import Repository, _filters
from .events import Events
from .records import Records


class Candidates(Repository):
    """``store.candidates``: candidates and what is built and measured for each (test suites, cross-validation
    reports, divergence estimates); a status change is written with its event."""

    def __init__(self, conns: Connections, records: Records, events: Events):
        super().__init__(conns)
        self._records = records
        self._events = events

    def put(self, candidate: Candidate) -> PutOutcome:
        """Store a candidate as it is (see PutOutcome for a repeated put); a status change goes through
        ``set_status``, which records its event."""
        return self._records.put(candidate)

    def get(self, candidate_id: str) -> Candidate:
        """The candidate with this id, or NotFoundError."""
        return self._records.get(Candidate, candidate_id)

    def list(
        self,
        round: int | None = None,
        status: CandidateStatus | str | None = None,
        parent_id: str | None = None,
    ) -> list[Candidate]:
        """Candidates in the order they were made (by round, then creation), narrowed by any filter given."""
        clauses, params = _filters(
            round=round, status=str(status) if status is not None else None, parent_id=parent_id
        )
        return self._records.select(Candidate, clauses, params, order="round, created_at, id")

    def set_status(
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

        return self._change(candidate_id, change, "candidate.status", event)

    def reject(self, candidate_id: str, stage: Stage | str, reason: str) -> Candidate:
        """Reject a candidate at ``stage`` of the pipeline, saying why."""
        if stage not in Stage.__members__.values():
            known = ", ".join(s.value for s in Stage)
            raise InvalidInputError(f"{stage!r} is not a stage of the pipeline; use one of {known}.")
        return self.set_status(
            candidate_id, CandidateStatus.REJECTED, Rejection(stage=Stage(stage), reason=reason)
        )

    def _change(
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
                self._records.put_in(conn, also)
            new = change(old)
            self._records.put_in(conn, new)
            if kind is not None and event is not None:
                self._events.add_in(conn, kind, candidate_id, event(old))
            return new

        return self._conns.write(write)

    def put_suite(self, suite: TestSuite) -> Candidate:
        """Store a build of a candidate's tests and make it the candidate's current suite, atomically."""
        return self._change(
            suite.candidate_id, lambda c: c.model_copy(update={"suite_id": suite.id}), also=suite
        )

    def get_suite(self, suite_id: str) -> TestSuite:
        """The test suite with this id, or NotFoundError."""
        return self._records.get(TestSuite, suite_id)

    def list_suites(self, candidate_id: str) -> builtins.list[TestSuite]:
        """Every stored build of a candidate's tests, oldest first."""
        return self._records.select(TestSuite, "candidate_id = ?", (candidate_id,))

    def current_suite(self, candidate_id: str) -> TestSuite | None:
        """The suite the candidate names as current, or None before its first build."""
        suite_id = self.get(candidate_id).suite_id
        return None if suite_id is None else self.get_suite(suite_id)

    def put_report(self, report: CrossValidationReport) -> Candidate:
        """Store a cross-validation report and make it the one the candidate's publication takes."""
        return self._change(
            report.candidate_id, lambda c: c.model_copy(update={"report_id": report.id}), also=report
        )

    def get_report(self, report_id: str) -> CrossValidationReport:
        """The cross-validation report with this id, or NotFoundError."""
        return self._records.get(CrossValidationReport, report_id)

    def list_reports(self, candidate_id: str) -> builtins.list[CrossValidationReport]:
        """Every cross-validation report of a candidate, oldest first."""
        return self._records.select(CrossValidationReport, "candidate_id = ?", (candidate_id,))

    def current_report(self, candidate_id: str) -> CrossValidationReport | None:
        """The report the candidate's publication takes (its last run_verifier), or None before any."""
        report_id = self.get(candidate_id).report_id
        return None if report_id is None else self.get_report(report_id)

    def put_divergence(self, divergence: Divergence) -> PutOutcome:
        """Store a divergence estimate; the latest one stored for a candidate is the one ``get_divergence`` reads."""
        return self._records.put(divergence)

    def get_divergence(self, candidate_id: str) -> Divergence:
        """The latest divergence estimate of a candidate, or NotFoundError."""
        found = self.find_divergence(candidate_id)
        if found is None:
            raise self._not_found(f"divergence estimate for candidate {candidate_id!r}")
        return found

    def find_divergence(self, candidate_id: str) -> Divergence | None:
        """The latest divergence estimate of a candidate, or None before the first."""
        return self._records.latest(Divergence, "candidate_id", candidate_id)
