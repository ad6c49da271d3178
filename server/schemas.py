"""The pydantic shapes the MCP tools return (their output schemas), and the conversions from stored records.

Inputs reuse the drafts of ``frontiersmith.tools.llm`` and the domain models; these are the outputs, with
field descriptions written for a model that has never seen the project.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import Any

from pydantic import BaseModel, Field

from frontiersmith.models import (
    Axis,
    Candidate,
    Divergence,
    FeasibilityReport,
    Language,
    ProbeReport,
    Problem,
    ProtocolThresholds,
    Solution,
    Submission,
    Task,
    TaskCard,
    TestCase,
)
from frontiersmith.store import RecordSummary
from frontiersmith.tools.frontier.evaluate import BestKnown
from frontiersmith.tools.llm.prompts import solution_io
from frontiersmith.tools.problems.submit import ProblemSummary
from frontiersmith.tools.synthesis import VerifierResult


class ProblemBrief(BaseModel):
    """A problem as a solver or problem setter reads it."""

    id: str
    title: str
    statement: str = Field(description="Markdown: story, input format, output format, constraints, scoring.")
    objective: str = Field(description="kind (optimise, decide, ...), sense (min or max) and formula.")
    input_constraints: str = ""
    output_constraints: str = ""
    time_limit_ms: int = Field(description="CPU time a test allows.")
    memory_limit_mb: int
    interactive: bool = Field(
        False, description="The program talks to an interactor: see input_output for the protocol's rules."
    )
    input_output: str = Field(
        "", description="How the program reads and writes (and, if interactive, flushes)."
    )
    latest_version: str | None = Field(
        None,
        description="For a published task: the id of the latest version of its problem (equal to id when this "
        "is the latest). Tasks never change; an older version keeps its own submissions and leaderboard.",
    )

    @classmethod
    def of(
        cls, problem: Problem, latest_version: str | None = None, interactive: bool = False
    ) -> ProblemBrief:
        """The brief of ``problem``, with its latest task version and whether it is interactive."""
        o = problem.objective
        return cls(
            latest_version=latest_version,
            interactive=interactive,
            input_output=solution_io(interactive),
            id=problem.id,
            title=problem.title,
            statement=problem.statement,
            objective=f"{o.kind.value}"
            + (f" ({o.sense.value})" if o.sense else "")
            + (f": {o.formula}" if o.formula else ""),
            input_constraints=problem.input_spec.constraints,
            output_constraints=problem.output_spec.description,
            time_limit_ms=problem.limits.time_ms,
            memory_limit_mb=problem.limits.memory_mb,
        )


class CandidateOut(BaseModel):
    """A candidate: a mutated problem on its way to becoming a published task."""

    candidate_id: str
    parent_id: str = Field(description="The seed, candidate or task it was mutated from.")
    axis: Axis
    status: str = Field(
        description="proposed, kept (passed the coarse judge), rejected, or accepted (published)."
    )
    reason: str = Field("", description="Why it was rejected, if it was.")
    proposer: str = Field(
        "", description="Who wrote the mutation: caller, mcp-sampling, offline, openai:MODEL."
    )
    problem: ProblemBrief
    card: TaskCard | None = Field(
        None,
        description="get_candidate only: its task card as publishing it now would store it (statement, test "
        "scale and signal, score spread, the verifier's probes, divergence; warnings to look at).",
    )

    @classmethod
    def of(cls, c: Candidate) -> CandidateOut:
        """What a client is told of candidate ``c``."""
        return cls(
            candidate_id=c.id,
            parent_id=c.parent_id,
            axis=c.axis,
            status=c.status.value,
            reason=c.reason,
            proposer=c.proposer,
            problem=ProblemBrief.of(c.problem),
        )


class MutateOut(CandidateOut):
    """A mutation proposed, and whether the coarse judge kept it."""

    kept: bool = Field(
        description="True when the coarse judge kept it; only kept candidates are worth sampling."
    )


class CandidateList(BaseModel):
    """Candidates, as list_candidates returns them."""

    candidates: list[CandidateOut]


class SolutionOut(BaseModel):
    """A sampled solution: its idea, author and whether it compiles (the code stays on the server)."""

    solution_id: str
    language: Language
    strategy: str = Field(description="The algorithmic idea, in one or two sentences.")
    author: str
    compiles: bool = Field(
        description="False when the sandbox could not compile it; it then scores 0 everywhere."
    )
    compile_message: str = ""

    @classmethod
    def of(cls, s: Solution, compile_message: str | None) -> SolutionOut:
        """What a client is told of solution ``s``; ``compile_message`` None means it compiled."""
        return cls(
            solution_id=s.id,
            language=s.language,
            strategy=s.strategy,
            author=s.author,
            compiles=compile_message is None,
            compile_message=compile_message or "",
        )


class SampleOut(BaseModel):
    """The candidate's sampled solutions, after a sample_solutions call."""

    candidate_id: str
    solutions: list[SolutionOut] = Field(
        description="Every sampled solution stored for the candidate so far."
    )


class DivergenceOut(BaseModel):
    """Idea divergence: how different the algorithmic ideas of the sampled solutions are (0 = all alike)."""

    candidate_id: str
    semantic: float | None = Field(
        None, description="Share of solution pairs the judge says use different ideas, in [0, 1]."
    )
    behavioural: float | None = Field(
        None, description="Mean distance between the solutions' per-test score vectors, in [0, 1]."
    )
    behavioural_reason: str | None = Field(
        None, description="Why behavioural is null: the candidate's tests are missing or not judged yet."
    )
    combined: float | None = None
    separating_tests: int | None = Field(
        None, description="Tests on which the solutions' scores differ, below the score's ceiling."
    )
    top_ties: int | None = Field(
        None,
        description="Solutions scoring the best on every test; two or more, on enough separating tests, is an "
        "exact algorithm's signature, which publish_candidate refuses.",
    )
    labels: dict[str, int] = Field(
        default_factory=dict, description="Solution id -> idea label; equal labels share one idea."
    )
    mean_scores: dict[str, float] = Field(
        default_factory=dict, description="Solution id -> mean normalised score."
    )
    judge: str | None = Field(None, description="Who judged the ideas.")

    @classmethod
    def of(cls, d: Divergence) -> DivergenceOut:
        """What a client is told of divergence estimate ``d``."""
        return cls(
            candidate_id=d.candidate_id,
            semantic=d.semantic,
            behavioural=d.behavioural,
            behavioural_reason=d.behavioural_reason,
            combined=d.combined,
            separating_tests=d.separating_tests,
            top_ties=d.top_ties,
            labels=d.labels,
            mean_scores=d.mean_scores,
            judge=d.judge,
        )


class TestOut(BaseModel):
    """One generated test: its name, distribution and input size (the input stays on the server)."""

    test_id: str
    name: str
    distribution: str
    input_bytes: int


class TestsOut(BaseModel):
    """The tests generate_tests built for a candidate, or the checks they failed."""

    candidate_id: str
    ok: bool = Field(
        description="True when every generated input passed the validator and there is at least one."
    )
    tests: list[TestOut]
    failures: list[str] = Field(
        description="What went wrong (generator crashes, inputs the validator rejected)."
    )

    @classmethod
    def of(
        cls, candidate_id: str, tests: Sequence[TestCase], failures: list[str], sizes: Sequence[int]
    ) -> TestsOut:
        """A build's outcome; ``sizes`` are the tests' input sizes in bytes."""
        return cls(
            candidate_id=candidate_id,
            ok=bool(tests) and not failures,
            tests=[
                TestOut(test_id=t.id, name=t.name, distribution=t.distribution, input_bytes=size)
                for t, size in zip(tests, sizes, strict=True)
            ],
            failures=failures,
        )


class CheckOut(BaseModel):
    """One cross-validation check: its name, the author who owns it, whether it passed and why not."""

    name: str
    owner: str = Field(description="Whose fault a failure is: 'tests' (generator/validator) or 'verifier'.")
    passed: bool
    detail: str = ""


class VerifierOut(BaseModel):
    """The cross-validation report of a verifier and baseline against the candidate's tests and solutions."""

    candidate_id: str
    ok: bool = Field(description="True when every check passed: the candidate can then be published.")
    verifier_id: str
    baseline_solution_id: str
    checks: list[CheckOut]
    tests_failures: list[str] = Field(
        description="Failed checks to fix in the generator/validator (generate_tests)."
    )
    verifier_failures: list[str] = Field(
        description="Failed checks to fix in the verifier or baseline (run_verifier)."
    )
    scores: dict[str, dict[str, float]] = Field(
        description="Solution id -> test name -> normalised score in [0, 1] (0 = no better than the baseline)."
    )
    kill_rate: float | None = Field(
        None,
        description="Share of corrupted copies of the best sampled outputs the verifier rejected or scored "
        "lower (the mutation test); null when it could not run.",
    )
    surviving_mutants: list[str] = Field(
        default_factory=list, description="Corruptions the verifier scored as well as the original."
    )
    oracle: str = Field(
        "",
        description="The seed's checker that judged feasibility beside the verifier; empty when the seed "
        "cannot judge this candidate's outputs (feasibility.no_oracle says why).",
    )
    feasibility: FeasibilityReport = Field(
        description="Who judged feasibility beside the verifier: the oracle, related to the verifier by the "
        "mutation's axis, and your feasibility checker (the second opinion); how many well-formed mutants "
        "the verifier accepted; the first disagreements, each with the input, the output and both verdicts."
    )
    thresholds: ProtocolThresholds | None = Field(None, description="The thresholds this run applied.")
    probes: ProbeReport | None = Field(
        None,
        description="The probes where the mutation bites: structural mutants of the best outputs, the seed's "
        "own answers run on these tests, a bounded reward-hacking search; each passed, failed (with the "
        "offending test and output) or skipped (and why), and who wrote each feasibility check they asked "
        "(your own feasibility checker can refute your verifier, never confirm it).",
    )

    @classmethod
    def of(cls, candidate_id: str, result: VerifierResult) -> VerifierOut:
        """What a client is told of a run_verifier result: the report's checks and failures by author, the
        scores, the mutants and probes (the first 20 surviving mutants)."""
        report = result.report
        return cls(
            candidate_id=candidate_id,
            ok=result.ok,
            verifier_id=result.verifier.id,
            baseline_solution_id=result.baseline.id,
            checks=[
                CheckOut(name=c.name, owner=c.owner, passed=c.passed, detail=c.detail) for c in report.checks
            ],
            tests_failures=report.failures("tests"),
            verifier_failures=report.failures("verifier"),
            kill_rate=report.kill_rate,
            surviving_mutants=report.surviving_mutants[:20],
            oracle=report.feasibility.oracle,
            feasibility=report.feasibility,
            thresholds=report.thresholds,
            probes=report.probes,
            scores={
                sid: {name: cell.score for name, cell in cells.items()} for sid, cells in report.cells.items()
            },
        )


class TaskOut(BaseModel):
    """A published task: its id, candidate, title, tests, divergence and the task it supersedes."""

    task_id: str = Field(
        description="The published task; submit solutions to it with `submit`. It is named by its package "
        "(statement, tests, verifier, baseline, limits), so publishing the same package again returns it."
    )
    candidate_id: str
    title: str
    tests: int
    divergence: dict[str, float | None]
    supersedes: str | None = Field(
        None,
        description="The earlier version of this candidate's task that this one replaced when it was first "
        "published (the earlier one keeps its submissions and leaderboard); null for a first version.",
    )
    gates: dict[str, float] = Field(
        default_factory=dict, description="The divergence gates the task was published under."
    )
    forced: bool = Field(False, description="True when it was published past a gate it failed (force=true).")

    @classmethod
    def of(cls, task: Task, supersedes: str | None) -> TaskOut:
        """What a client is told of ``task``, which supersedes ``supersedes`` (None for a first version)."""
        return cls(
            task_id=task.id,
            candidate_id=task.candidate_id,
            title=task.problem.title,
            tests=len(task.test_ids),
            divergence=task.divergence,
            supersedes=supersedes,
            gates=task.gates,
            forced=task.forced,
        )


class ProblemList(BaseModel):
    """The problems a client may submit to."""

    problems: list[ProblemSummary] = Field(
        description="Problems you can submit to: published tasks, imported packages and catalog families."
    )


class LeaderboardEntry(BaseModel):
    """One author's best submission to a problem, with its rank and verdict counts."""

    rank: int
    submission_id: str
    author: str
    score: float = Field(description="Mean normalised score over the tests, in [0, 1].")
    language: Language
    verdicts: dict[str, int]
    created_at: float

    @classmethod
    def of(cls, rank: int, s: Submission) -> LeaderboardEntry:
        """Submission ``s`` as the ``rank``-th entry of a leaderboard."""
        return cls(
            rank=rank,
            submission_id=s.id,
            author=s.author,
            score=s.score,
            language=s.language,
            verdicts=s.verdicts,
            created_at=s.created_at,
        )


class LeaderboardOut(BaseModel):
    """A problem's leaderboard, best first, beside the best score known on it."""

    problem_id: str
    best_known: BestKnown | None = Field(
        None,
        description="The best score known on this problem (the frontier to beat) and where it was reached; "
        "null when nothing has been judged on it yet.",
    )
    entries: list[LeaderboardEntry] = Field(description="Each author's best submission, best first.")


class LineageNode(BaseModel):
    """One record of a lineage: its id and kind, what it is and how it came from the record before it."""

    id: str
    kind: str = Field(
        description="seed, candidate, solution, test, verifier, task, submission, catalog (a built-in family, "
        "whose status is open or pseudo-open), or external."
    )
    title: str | None = None
    axis: str | None = None
    round: int | None = None
    status: str | None = None
    relation: str | None = Field(None, description="How this record came from the one before it.")
    provenance: dict[str, Any] | None = Field(
        None,
        description="An imported seed's origin: format, file (its name), row, name, source and license.",
    )

    @classmethod
    def of(cls, r: RecordSummary) -> LineageNode:
        """The node of record summary ``r``, an imported file named without its folders."""
        data: dict[str, Any] = r.to_dict()
        data.pop("created_at", None)
        if data.get("provenance", {}).get("file"):
            # The file's name only: the folders it was imported from are the store owner's business.
            data["provenance"] = {**data["provenance"], "file": PurePath(data["provenance"]["file"]).name}
        return cls(**data)


class LineageOut(BaseModel):
    """A record's lineage: where it came from and what was derived from it."""

    id: str
    ancestors: list[LineageNode] = Field(description="Where it came from, oldest first, ending with itself.")
    descendants: list[LineageNode] = Field(description="What was derived from it, nearest first.")
