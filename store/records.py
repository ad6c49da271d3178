"""How each pipeline record maps onto its table: the indexed columns queries need and its lineage edges."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from frontiersmith.models import (
    Candidate,
    CrossValidationReport,
    DefectMap,
    Divergence,
    Record,
    Run,
    Seed,
    Solution,
    Submission,
    Task,
    TestCase,
    TestSuite,
    Trajectory,
    Verifier,
)


class PutOutcome(StrEnum):
    """What a put did: a new id is INSERTED; a known id with a new content hash is UPDATED (its created_at is
    kept); a known id with the same content hash is left UNCHANGED, so re-running a step is a no-op."""

    INSERTED = "inserted"
    UPDATED = "updated"
    UNCHANGED = "unchanged"


# Lineage relations. A record has at most one PRIMARY parent: the record it was derived from. Following
# primary edges from a task walks task -> candidate -> ... -> seed; SECONDARY edges record what else it used.
MUTATION = "mutation"  # candidate -> the seed or candidate it mutates
PUBLISHES = "publishes"  # task -> the candidate it publishes
REJOINS = "rejoins"  # seed (origin "task") -> the task that rejoined the seed pool
SOLVES = "solves"  # solution -> its problem (candidate, seed or task)
TESTS = "tests"  # test case -> its problem
VERIFIES = "verifies"  # verifier -> its problem
MEASURES = "measures"  # divergence -> its candidate
BASELINE = "baseline"  # verifier or task -> the baseline solution s*
USES_VERIFIER = "uses_verifier"  # task -> its verifier
SUPERSEDES = "supersedes"  # task -> the task of the same candidate it replaced as the latest version

PRIMARY_RELATIONS: tuple[str, ...] = (MUTATION, PUBLISHES, REJOINS, SOLVES, TESTS, VERIFIES, MEASURES)
# Only the problems' own family tree: seeds, candidates and tasks.
CHAIN_RELATIONS: tuple[str, ...] = (MUTATION, PUBLISHES, REJOINS)

Edges = list[tuple[str, str]]  # (parent_id, relation)

# The event that makes a task the latest version of its candidate (the newest such event wins, so
# republishing an older package makes it the latest again without touching any stored task).
TASK_PUBLISHED = "task.published"


@dataclass(frozen=True)
class PackagePart:
    """A kind of record a published task is made of: where the task's JSON names it, and the fields its
    scores depend on. Once a task names a row, those fields may never change (nor may the row go away), or
    the task's package would change under its submissions and leaderboard; the other fields are provenance,
    and the row keeps the provenance it was published with."""

    reference: str  # JSON path in tasks.data
    scored: tuple[str, ...]


PACKAGE_PARTS: dict[str, PackagePart] = {
    "verifiers": PackagePart(
        "$.verifier_id", ("code", "language", "kind", "sense", "normalisation", "baseline_solution_id")
    ),
    "solutions": PackagePart("$.baseline_solution_id", ("code", "language")),
    "tests": PackagePart("$.test_ids", ("name", "input_hash", "answer_hash")),
}


@dataclass(frozen=True)
class RecordTable:
    """How one record type is stored: its table, the word messages name it by, its indexed columns and the
    lineage edges a put adds."""

    table: str
    kind: str
    model: type[Record]
    columns: Callable[[Any], dict[str, Any]]
    edges: Callable[[Any], Edges] = lambda _record: []


def _seed_edges(seed: Seed) -> Edges:
    task_id = seed.problem.provenance.get("task_id")
    return [(str(task_id), REJOINS)] if seed.origin == "task" and task_id else []


def _verifier_edges(verifier: Verifier) -> Edges:
    edges = [(verifier.problem_id, VERIFIES)]
    if verifier.baseline_solution_id:
        edges.append((verifier.baseline_solution_id, BASELINE))
    return edges


TABLES: dict[type[Record], RecordTable] = {
    spec.model: spec
    for spec in (
        RecordTable(
            "seeds",
            "seed",
            Seed,
            lambda s: {
                "title": s.problem.title,
                "origin": s.origin,
                "status": str(s.status),
                "statement_hash": s.statement_hash or None,
            },
            _seed_edges,
        ),
        RecordTable(
            "candidates",
            "candidate",
            Candidate,
            lambda c: {
                "parent_id": c.parent_id,
                "axis": str(c.axis),
                "round": c.round,
                "status": str(c.status),
                "title": c.problem.title,
            },
            lambda c: [(c.parent_id, MUTATION)],
        ),
        RecordTable(
            "solutions",
            "solution",
            Solution,
            lambda s: {"problem_id": s.problem_id, "language": str(s.language), "author": s.author},
            lambda s: [(s.problem_id, SOLVES)],
        ),
        RecordTable(
            "tests",
            "test",
            TestCase,
            lambda t: {"problem_id": t.problem_id, "input_hash": t.input_hash},
            lambda t: [(t.problem_id, TESTS)],
        ),
        RecordTable(
            "verifiers", "verifier", Verifier, lambda v: {"problem_id": v.problem_id}, _verifier_edges
        ),
        # Runs and submissions are measurements, not derivations: their columns link them, and skipping
        # lineage edges keeps the hot path (thousands of runs per candidate) to one row per run.
        RecordTable(
            "runs",
            "run",
            Run,
            lambda r: {
                "solution_id": r.solution_id,
                "test_id": r.test_id,
                "verdict": str(r.verdict),
                "score": r.score,
            },
        ),
        RecordTable(
            "divergences",
            "divergence",
            Divergence,
            lambda d: {
                "candidate_id": d.candidate_id,
                "semantic": d.semantic,
                "behavioural": d.behavioural,
                "combined": d.combined,
            },
            lambda d: [(d.candidate_id, MEASURES)],
        ),
        RecordTable(
            "tasks",
            "task",
            Task,
            lambda t: {"candidate_id": t.candidate_id, "title": t.problem.title},
            lambda t: [
                (t.candidate_id, PUBLISHES),
                (t.verifier_id, USES_VERIFIER),
                (t.baseline_solution_id, BASELINE),
            ],
        ),
        RecordTable(
            "submissions",
            "submission",
            Submission,
            lambda s: {"problem_id": s.problem_id, "author": s.author, "score": s.score},
        ),
        # A suite and a report name their candidate, tests and verifier by id; like runs they add no
        # lineage edges, so a candidate's family tree stays what it was.
        RecordTable("test_suites", "test suite", TestSuite, lambda s: {"candidate_id": s.candidate_id}),
        RecordTable(
            "crossval_reports",
            "cross-validation report",
            CrossValidationReport,
            lambda r: {
                "candidate_id": r.candidate_id,
                "verifier_id": r.verifier_id,
                "suite_id": r.suite_id,
                "ok": r.ok,
            },
        ),
        # Measurements of a solver under evaluation (tools/frontier): linked by columns, no lineage edges.
        RecordTable(
            "trajectories",
            "trajectory",
            Trajectory,
            lambda t: {
                "solver": t.solver,
                "problem_id": t.problem_id,
                "attempt": t.attempt,
                "failure": str(t.failure),
                "score": t.score,
            },
        ),
        RecordTable("defect_maps", "defect map", DefectMap, lambda d: {"solver": d.solver}),
    )
}
BY_TABLE: dict[str, RecordTable] = {spec.table: spec for spec in TABLES.values()}


@dataclass
class RecordSummary:
    """One line of a lineage: enough to show a family tree without loading every record in full."""

    id: str
    kind: str  # seed | candidate | ... | task, or "external" for an id the store does not hold
    title: str | None = None
    axis: str | None = None
    round: int | None = None
    status: str | None = None
    relation: str | None = None  # how this record came from the one before it in the chain
    created_at: float | None = None
    # an imported seed's origin: format, file, row, name, source, license (the fields it has)
    provenance: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data, fields that are None left out."""
        return {k: v for k, v in asdict(self).items() if v is not None}


def summarise(record: Record | None, record_id: str, relation: str | None) -> RecordSummary:
    """The lineage line of ``record`` (an ``external`` one naming ``record_id`` when the store does not hold it),
    reached by ``relation``."""
    if record is None:
        return RecordSummary(id=record_id, kind="external", relation=relation)
    spec = TABLES[type(record)]
    summary = RecordSummary(id=record.id, kind=spec.kind, relation=relation, created_at=record.created_at)
    problem = getattr(record, "problem", None)
    if problem is not None:
        summary.title = problem.title
    if isinstance(record, Candidate):
        summary.axis, summary.round, summary.status = str(record.axis), record.round, str(record.status)
    if isinstance(record, Seed):
        summary.status = str(record.status)
        if record.origin == "problem":  # an imported open problem: solved, never mutated (no seed)
            summary.kind, summary.status = "problem", "imported"
            summary.provenance = {
                k: v for k, v in record.problem.provenance.items() if k in ("format", "source", "type")
            }
        elif record.imported is not None:
            summary.provenance = record.imported.model_dump(mode="json", exclude_defaults=True)
    return summary


@dataclass
class Event:
    """Something the pipeline wants remembered about a record: a protocol round, a transcript, a rejection."""

    id: int
    kind: str
    subject_id: str | None
    payload: dict[str, Any]
    created_at: float


class RunProgress(BaseModel):
    """What a synthesis run has done, checkpointed as it goes: a resumed run goes on from there, and the
    dashboard follows a live one. Keys a run of an older version wrote and this one does not know are left
    out when it is read."""

    model_config = ConfigDict(extra="ignore")

    # The seeds the run's selector named, resolved once, so a resumed run mutates the same seeds even if seeds
    # were imported in between (None: not resolved yet).
    seed_ids: list[str] | None = None
    rounds_done: int = 0
    tokens: int | None = None  # model tokens spent so far (None: a run made before cost was recorded)
    sandbox_cpu_seconds: float | None = None  # ... and sandbox CPU-seconds
    # A finished run's cost per stage and per published task (tools/synthesis/cost.RunCost.to_json).
    cost: dict[str, Any] | None = None
    # Wall-clock seconds the run ran, summed over its sessions (a resumed run adds its own), the most model
    # calls it had in flight at once and its bound on them (the llm_concurrency setting).
    wall_seconds: float | None = None
    peak_model_calls: int | None = None
    llm_concurrency: int | None = None
    # A replay (tools/synthesis/replay.py): the recorded run whose answers it reused (its own id too).
    replay_of: str | None = None

    # Why a run stopped before its end (status failed): the sentence its user was shown; "" otherwise.
    stop_reason: str = ""


class Exchange(BaseModel):
    """One request to a model and its answer, kept for every model call a piece of work makes: what was sent,
    what came back, what it cost, and which step asked it (its logical key: the step, the record it worked
    on, the step's distinguishing parameters, which ask of that step it was, the attempt and, for an agent,
    the model turn). The key is what a replay finds the answer by (tools/llm/exchanges.py), so a changed
    prompt text still finds its recorded answer."""

    model_config = ConfigDict(extra="ignore")

    id: str
    run_id: str | None = None  # the synthesis run that asked (None: a tool call or a command outside a run)
    step: str  # the prompt's name (mutate, solve, write_tests, ...)
    prompt_version: str = ""
    subject_id: str | None = (
        None  # the record the step worked on: the seed for a mutation, else the candidate
    )
    role: str = ""  # who asked: the step's role (mutator, solver, divergence_judge, test_case_agent, ...)
    # The step's parameters that tell its asks apart (axis and index of a mutation, a solver's index, ...);
    # feedback is left out: it is what a repair round says, not which round it is.
    context: dict[str, Any] = Field(default_factory=dict)
    ask: int = (
        0  # how many times this step had been asked of this subject with this context before (a repair)
    )
    attempt: int = 1  # an unusable answer is asked again with its reason: attempt 2, ...
    turn: int = 0  # an agent's model turns within one ask: its tool calls, then its final answer
    messages: list[dict[str, Any]] = Field(default_factory=list)  # the request's conversation, as sent
    answer: str = ""  # the answer's text as the model gave it (an agent's turn: its output items as JSON)
    error: str = ""  # the call failed (the endpoint's error), so there is no answer
    unusable: str = ""  # the parsing layer refused the answer: why
    model: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    latency_s: float = 0.0  # from the request sent to the answer read
    started_at: float = Field(default_factory=time.time)
    replayed: bool = False  # the answer came from a recorded run, not from a model

    @property
    def tokens(self) -> int:
        """The call's input and output tokens together."""
        return self.input_tokens + self.output_tokens


@dataclass
class PipelineRun:
    """A resumable synthesis run: its arguments, status and its progress so far."""

    id: str
    args: dict[str, Any]
    status: str
    progress: RunProgress = field(default_factory=RunProgress)
    created_at: float = field(default_factory=time.time)
    updated_at: float = field(default_factory=time.time)


@dataclass
class CandidateRow:
    """A candidate as a list shows it, read from its columns without parsing the record."""

    id: str
    title: str
    axis: str
    round: int
    status: str
    parent_id: str
    rejection_stage: str | None
    rejection_reason: str | None
    run_id: str | None
    catalog: str | None = None  # the catalog family a mutation the catalog wrote is (the demo report's kind)


@dataclass
class DivergencePoint:
    """A candidate's latest divergence estimate, with what the divergence plot colours it by."""

    candidate_id: str
    title: str
    status: str
    rejection_stage: str | None
    semantic: float | None
    behavioural: float | None
    crossing: float | None
    combined: float | None


@dataclass
class StoreInfo:
    """What ``frontiersmith store info`` shows: the file, its schema version, its size on disk (the write-ahead
    log included) and its rows per table."""

    path: str
    schema_version: int
    size_bytes: int
    counts: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        """The info as JSON-ready data."""
        return asdict(self)
