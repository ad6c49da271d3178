"""Seeds, candidates (their status changes recorded as events), test suites, cross-validation reports and
divergence estimates: the records of Algorithm 1's steps."""

from __future__ import annotations

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
    Seed,
    Stage,
    TestSuite,
)

from ..records import PutOutcome
from .base import _filters
from .events import Events
from .records import Records


class CandidateRecords(Records, Events):
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
