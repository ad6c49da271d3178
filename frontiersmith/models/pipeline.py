"""The records of Algorithm 1 a candidate passes through, with their lineage: ``Seed`` -> ``Candidate`` ->
``Solution`` -> ``TestCase`` / ``TestSuite`` -> ``Verifier`` -> ``Divergence`` -> ``Task``, and ``Submission``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from pydantic import BaseModel, Field, computed_field

from .card import TaskCard
from .crossval import Reference
from .ids import Record
from .judging import Normalisation, VerifierKind
from .problem import Axis, Language, Problem, ProblemSpec, Program, Sense


class SeedStatus(StrEnum):
    """What running a seed's reference solutions on its tests showed (docs/reference/seeds.md)."""

    VERIFIED = "verified"  # a reference passes every test
    UNVERIFIED = "unverified"  # references exist and none passes every test (``status_reason`` says why)
    UNTESTED = "untested"  # no reference to run, or no test with an answer, or validation was skipped


class Comparison(StrEnum):
    """How a closed problem's output is compared with its expected answer."""

    EXACT = "exact"  # byte for byte, after normalising line endings and trailing newlines
    TOKEN = "token"  # whitespace-separated tokens equal
    FLOAT = "float"  # tokens equal, numbers within 1e-6 absolute or relative


class SeedProvenance(BaseModel):
    """Where an imported seed came from: shown by ``lineage`` and ``seeds show``."""

    format: str = ""  # codecontests | taco | apps | native | frontiercs | authored
    file: str = ""  # the file (or folder) it was read from, as given
    row: int | None = None  # the row in that file, from 1 (None for a folder)
    name: str = ""  # the row's own name, when it has one
    source: str = ""  # the dataset's own source field (a judge, a contest)
    license: str = ""
    url: str = ""


class SeedChecker(BaseModel):
    """A closed problem's own testlib checker (``chk INPUT OUTPUT ANSWER``, ``quitf(_ok | _wa, ...)``): it judges
    an output where comparing it with the one expected answer cannot, as when any of several answers is right."""

    program: Program
    by: str  # who wrote it: "seed folder", "authored", or the model's provider name


class TestQuality(BaseModel):
    """How well a seed's tests tell right code from wrong, as HardTests measures a test suite: recall, the
    share of the row's incorrect solutions that some test rejects; precision, the share of its correct
    solutions that every test accepts."""

    __test__ = False  # not a pytest class
    incorrect: int = 0
    rejected: int = 0
    correct: int = 0
    accepted: int = 0

    @computed_field  # type: ignore[prop-decorator]
    @property
    def recall(self) -> float | None:
        """The share of incorrect solutions some test rejects (None without incorrect solutions)."""
        return self.rejected / self.incorrect if self.incorrect else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def precision(self) -> float | None:
        """The share of correct solutions every test accepts (None without correct solutions)."""
        return self.accepted / self.correct if self.correct else None


class Seed(Record):
    """A problem synthesis may mutate (Algorithm 1's pool): a catalog family, an imported problem or a
    published task rejoining the pool, with its reference and how its outputs are judged."""

    problem: Problem
    reference: Program | None = None  # the reference the status rests on (the first that passes)
    origin: str = "catalog"  # catalog | task (an accepted task rejoining the pool) | import | problem
    status: SeedStatus = SeedStatus.UNTESTED
    status_reason: str = ""
    comparison: Comparison = Comparison.TOKEN
    tags: list[str] = Field(default_factory=list)
    difficulty: float | None = None
    imported: SeedProvenance | None = None
    statement_hash: str = ""  # of the normalised statement: what import dedups on
    tuple_by: str = ""  # who wrote the (O, C_I, C_O) tuple: a provider's name, "offline", "seed.yaml", "user"
    # Why the objective has its kind: the statement's words it rests on, quoted (by whoever wrote the tuple).
    objective_reason: str | None = None
    checker: SeedChecker | None = None  # judges outputs instead of ``comparison`` when set
    test_quality: TestQuality | None = None  # measured by ``seeds import --check-tests``
    HASH_SKIPS_UNSET: ClassVar[frozenset[str]] = frozenset({"objective_reason", "checker", "test_quality"})

    @property
    def in_pool(self) -> bool:
        """Whether synthesis may mutate it: an imported open problem (origin ``problem``) is only solved."""
        return self.origin != "problem"


class CandidateStatus(StrEnum):
    """Where a candidate stands in Algorithm 1."""

    PROPOSED = "proposed"
    KEPT = "kept"  # passed the coarse judge
    REJECTED = "rejected"
    ACCEPTED = "accepted"  # published as a task


class Stage(StrEnum):
    """The stages of Algorithm 1 a candidate can fall out at, in pipeline order."""

    MUTATE = "mutate"
    COARSE = "coarse"
    SAMPLE = "sample"
    SEMANTIC = "semantic"
    PROTOCOL = "protocol"
    BEHAVIOURAL = "behavioural"
    SELECTION = "selection"
    # A rejection stored before stages were recorded whose reason named none (carried forward by migration 4).
    UNKNOWN = "unknown"


class Rejection(BaseModel):
    """Why a candidate was rejected: the stage it fell out at (what the pipeline counts) and the words."""

    stage: Stage
    reason: str = ""

    def __str__(self) -> str:
        return f"{self.stage.value}: {self.reason}" if self.reason else self.stage.value


class Candidate(Record):
    """A mutation of a seed or of another candidate (``parent_id``) along one axis, in one round, with its
    problem and status."""

    parent_id: str
    axis: Axis
    round: int = 0
    proposer: str = ""
    problem: Problem
    status: CandidateStatus = CandidateStatus.PROPOSED
    rejection: Rejection | None = None
    # The candidate's current test suite and the cross-validation report publish takes (None until built).
    suite_id: str | None = None
    report_id: str | None = None
    # The structured spec the problem was rendered from (targeted synthesis); None for the paper's mutations.
    spec: ProblemSpec | None = None

    @property
    def reason(self) -> str:
        """The rejection as one line for people ("stage: why"); code decides from ``rejection``."""
        return str(self.rejection) if self.rejection is not None else ""


class Solution(Record):
    """A program for a problem (a seed, candidate or task): a sampled solution, a reference or a baseline."""

    problem_id: str  # a candidate, seed or task id
    code: str
    language: Language
    strategy: str = ""
    author: str = ""


class TestCase(Record):
    """One test input (a blob) of a problem, with how it was generated and an optional reference answer."""

    problem_id: str
    input_hash: str  # blob hash of the input bytes
    answer_hash: str | None = None  # optional reference answer (testlib packages)
    name: str = ""
    generator_id: str | None = None
    args: list[str] = Field(default_factory=list)
    seed: int | None = None
    distribution: str = ""


class Verifier(Record):
    """A problem's verifier. An interactive one (FrontierCS ``type: interactive``) is an interactor: it talks
    to the running solution over the solution's stdin and stdout and then gives its verdict (tools/judging/judge.py)."""

    # Added later: a verifier stored before it keeps its hash.
    HASH_SKIPS_UNSET: ClassVar[frozenset[str]] = frozenset({"interactive"})

    problem_id: str
    code: str
    language: Language
    kind: VerifierKind = VerifierKind.NATIVE
    sense: Sense | None = None
    baseline_solution_id: str | None = None
    normalisation: Normalisation = Normalisation.PAPER
    author: str = ""
    interactive: bool | None = None  # True: an interactor; None (or False): it reads the solution's output


class TestSuite(Record):
    """One build of a candidate's tests: which tests it made, from which generator and validator (blob hashes
    of their code), the plan it ran and what failed. The candidate names its current suite (``suite_id``)."""

    __test__ = False  # not a pytest class
    candidate_id: str
    test_ids: list[str] = Field(default_factory=list)
    generator_hash: str
    generator_language: Language
    validator_hash: str
    validator_language: Language
    distributions: list[str] = Field(default_factory=list)
    adversarial: list[str] = Field(default_factory=list)  # the distributions aimed at weaknesses; empty: all
    tests_per_distribution: int = 0
    seed: int | None = None  # None for suites built before the seed was recorded
    failures: list[str] = Field(default_factory=list)
    # Added later (a suite stored before them keeps its hash): what the validator read of each test's size
    # (test name -> {"n": 37}), and the blob of the statement's example input (`gen example 0`).
    HASH_SKIPS_UNSET: ClassVar[frozenset[str]] = frozenset({"sizes", "example_hash"})
    sizes: dict[str, dict[str, float]] | None = None
    example_hash: str | None = None


class Divergence(Record):
    """Idea divergence of a candidate's sampled solutions (n of them) over its current suite (m tests)."""

    candidate_id: str
    semantic: float | None = None
    behavioural: float | None = None
    crossing: float | None = None  # share of solution pairs that trade wins across the tests
    combined: float | None = None
    behavioural_reason: str | None = None  # why behavioural is None when it was asked for (no judged tests)
    # What the gates read beside the behavioural estimate (formulas.separating_tests, formulas.top_ties);
    # None on estimates stored before them.
    separating_tests: int | None = None
    top_ties: int | None = None
    HASH_SKIPS_UNSET: ClassVar[frozenset[str]] = frozenset(
        {"behavioural_reason", "separating_tests", "top_ties"}
    )
    n: int = 0
    m: int = 0
    suite_id: str | None = None  # the suite the behavioural estimate was measured on
    labels: dict[str, int] = Field(default_factory=dict)  # solution id -> idea label
    strategies: dict[str, str] = Field(default_factory=dict)  # solution id -> its stated strategy
    mean_scores: dict[str, float] = Field(default_factory=dict)  # solution id -> mean normalised score
    judge: str | None = None


class Task(Record):
    """A published task: its problem, the verifier and baseline its scores are normalised with, its tests, the
    divergence it was published on and the gates it passed, the reference points of each test's score range
    and its task card (docs/design.md, "Task quality")."""

    # Added later: a task stored before them keeps its hash.
    HASH_SKIPS_UNSET: ClassVar[frozenset[str]] = frozenset({"references", "card"})

    candidate_id: str
    problem: Problem
    verifier_id: str
    baseline_solution_id: str
    test_ids: list[str] = Field(default_factory=list)
    divergence: dict[str, float | None] = Field(default_factory=dict)
    # The divergence gates it was published under, and whether the caller published it past them.
    gates: dict[str, float] = Field(default_factory=dict)
    forced: bool = False
    # Test id -> the reference points its scores are normalised against (range normalisation); None: the
    # baseline's objectives are computed from the baseline program (tasks published before references).
    references: dict[str, Reference] | None = None
    card: TaskCard | None = (
        None  # computed when it was published (tools/synthesis/card.py); None: before cards
    )


class Submission(Record):
    """A program submitted to a problem and judged: its mean score, the count of each verdict and its runs."""

    problem_id: str
    code: str
    language: Language
    author: str = ""
    score: float = 0.0
    verdicts: dict[str, int] = Field(default_factory=dict)  # verdict -> count
    run_ids: list[str] = Field(default_factory=list)
