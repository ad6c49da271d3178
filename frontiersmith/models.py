"""Domain types of the paper: a problem is the tuple (O, C_I, C_O); pipeline records carry lineage.

Every record has a stable id and a content hash. Ids are derived from content (and parents), so
re-running a step produces the same id and a resumed run never stores a duplicate.
"""

from __future__ import annotations

import hashlib
import json
import re
import signal as signal_module
import time
from enum import StrEnum
from typing import Any, ClassVar

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, computed_field
from pydantic.json_schema import SkipJsonSchema

from frontiersmith.errors import InvalidInputError

# The canonical JSON every hash and id is taken of: sorted keys, no spaces, UTF-8 as is.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
# ``JSONEncoder.encode`` builds a C encoder on every call, which is most of the cost of hashing a small record
# (a bulk import hashes ~20 records per row); this one is built once, with the same arguments and so the same
# output (tests/store/test_content_hash.py checks), and without the cycle check: hashed payloads are JSON data, acyclic.
_make_encoder = getattr(json.encoder, "c_make_encoder", None)
_C_CANONICAL = (
    _make_encoder(None, str, json.encoder.encode_basestring, None, ":", ",", True, False, True)
    if _make_encoder is not None
    else None
)


def canonical_json(payload: Any) -> str:
    """``payload`` as the canonical JSON (what ``content_hash`` hashes)."""
    if _C_CANONICAL is None:
        return _CANONICAL.encode(payload)
    return "".join(_C_CANONICAL(payload, 0))


def content_hash(payload: Any) -> str:
    """sha256 of the canonical JSON of ``payload`` (pydantic models are dumped first)."""
    if isinstance(payload, BaseModel):
        payload = payload.model_dump(mode="json")
    return hashlib.sha256(canonical_json(payload).encode()).hexdigest()


def make_id(prefix: str, *parts: Any) -> str:
    """A stable id: ``prefix_`` + 16 hex digits of the hash of ``parts``."""
    return f"{prefix}_{content_hash(list(parts))[:16]}"


class Axis(StrEnum):
    """Which part of the tuple a mutation changes."""

    OBJECTIVE = "objective"
    OUTPUT = "output"
    INPUT = "input"


class ObjectiveKind(StrEnum):
    DECIDE = "decide"
    COUNT = "count"
    CONSTRUCT = "construct"
    OPTIMISE = "optimise"


class Sense(StrEnum):
    MIN = "min"
    MAX = "max"


class Language(StrEnum):
    """A solution's language. The one place names are parsed: any case, and the aliases people write (``Python``,
    ``py``, ``python3``, ``c++``, ``cpp17``, ...). The CLI, the MCP tools, the agents and every model field of
    this type accept them, since pydantic and ``Language(name)`` both end in ``_missing_``."""

    CPP = "cpp"
    PYTHON = "python"

    @classmethod
    def _missing_(cls, value: object) -> Language | None:
        if not isinstance(value, str):
            return None
        return _LANGUAGE_ALIASES.get(value.strip().lower().replace(" ", ""))

    @classmethod
    def parse(cls, name: str, what: str = "Language") -> Language:
        """``name`` as a Language, or one sentence saying which names are accepted."""
        try:
            return cls(name)
        except ValueError:
            raise _unsupported_language(name, what) from None

    @property
    def suffix(self) -> str:
        """The file suffix a program in this language is written under."""
        return ".cpp" if self is Language.CPP else ".py"

    @classmethod
    def of_file(cls, filename: str) -> Language | None:
        """The language a file's suffix says (.py, .cpp, .cc, .cxx, .c++), or None."""
        suffix = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
        return _SUFFIX_LANGUAGE.get(suffix)


_LANGUAGE_ALIASES: dict[str, Language] = {
    **{name: Language.PYTHON for name in ("python", "py", "python3", "py3", "cpython", "pypy3")},
    **{name: Language.CPP for name in ("cpp", "c++", "cxx", "cc", "g++", "gnu++17", "gnuc++17")},
    **{f"{prefix}{std}": Language.CPP for prefix in ("cpp", "c++", "g++") for std in ("11", "14", "17")},
}
_SUFFIX_LANGUAGE = {
    "py": Language.PYTHON,
    "cpp": Language.CPP,
    "cc": Language.CPP,
    "cxx": Language.CPP,
    "c++": Language.CPP,
}


def _unsupported_language(name: str, what: str) -> Exception:
    return InvalidInputError(
        f"{what} {name!r} is not supported; use cpp (also c++, cpp17, ...) or python (also py, python3)."
    )


class Verdict(StrEnum):
    OK = "OK"
    CE = "CE"  # compile error
    RE = "RE"  # runtime error
    TLE = "TLE"
    MLE = "MLE"
    OLE = "OLE"  # output limit exceeded
    INVALID = "INVALID"  # the verifier rejected the output
    SYSTEM_ERROR = "SYSTEM_ERROR"  # our fault; never scored against the contestant


class ProblemKind(StrEnum):
    CLOSED = "closed"
    OPEN = "open"


class Normalisation(StrEnum):
    """How an objective value becomes a score in [0, 1] (docs/design.md, "Scoring")."""

    PAPER = "paper"  # max(0, σ(O − O*) / max(O, O*))
    RATIO = "ratio"  # FrontierCS clamp(B/O, 0, k) (min) or clamp(O/B, 0, k) (max)
    RANGE = "range"  # (v − base) / (best − base)
    CHECKER = "checker"  # a testlib checker's own ratio


class Objective(BaseModel):
    kind: ObjectiveKind
    sense: Sense | None = None
    formula: str = ""


class InputSpec(BaseModel):
    """C_I: constraints as text plus structured bounds (name -> [lo, hi]) the validator enforces."""

    constraints: str = ""
    bounds: dict[str, tuple[float, float]] = Field(default_factory=dict)


class OutputSpec(BaseModel):
    """C_O: what a legal output is."""

    description: str = ""


class Limits(BaseModel):
    time_ms: int = Field(2000, ge=1, le=600_000)
    memory_mb: int = Field(256, ge=8, le=65536)
    output_kb: int = Field(65536, ge=1)


class Program(BaseModel):
    code: str
    language: Language


class Problem(BaseModel):
    id: str
    title: str
    statement: str
    objective: Objective
    input_spec: InputSpec = Field(default_factory=InputSpec)
    output_spec: OutputSpec = Field(default_factory=OutputSpec)
    io_format: str = ""
    limits: Limits = Field(default_factory=Limits)
    kind: ProblemKind = ProblemKind.OPEN
    provenance: dict[str, Any] = Field(default_factory=dict)


class SpecField(BaseModel):
    """One typed input or output field of a structured problem spec."""

    name: str
    type: str = Field("int", description="int, float, string, list, graph, grid, ...")
    shape: str = Field("scalar", description="scalar, or its dimensions in other fields' names: 'n', 'n x m'")
    bounds: tuple[float, float] | None = None
    description: str = ""


class DistributionRule(BaseModel):
    """A test-generation rule: a named input distribution, how many tests it gets, its parameters."""

    name: str
    tests: int = Field(2, ge=1, le=20)
    base: str | None = Field(None, description="the distribution this one re-draws (an injected rule)")
    params: dict[str, float | int | str] = Field(default_factory=dict)
    purpose: str = ""  # why the rule is there: "default", "boundary", "scale", "replacement"


class Complexity(BaseModel):
    """What makes a problem big or intricate: its size bounds, how many constraints, how deeply nested."""

    n_bounds: dict[str, tuple[float, float]] = Field(default_factory=dict)
    constraint_count: int = 0
    nesting: int = 1


class ProblemSpec(BaseModel):
    """The structured form of a problem (the FrontierSynth proposal's): typed I/O fields, constraints,
    complexity metadata and test-generation rules. The statement is rendered from it
    (tools/frontier/spec.py) and the targeted operators edit it."""

    title: str
    story: str = Field(
        "", description="The narrative: what is asked, without the I/O and constraint sections."
    )
    objective: Objective
    inputs: list[SpecField] = Field(default_factory=list)
    outputs: list[SpecField] = Field(default_factory=list)
    constraints: list[str] = Field(default_factory=list)
    complexity: Complexity = Field(default_factory=Complexity)
    tests: list[DistributionRule] = Field(default_factory=list)
    generator: dict[str, float | int] = Field(
        default_factory=dict, description="generator parameters (a catalog family's Config fields)"
    )
    limits: Limits = Field(default_factory=Limits)
    io_format: str = ""
    source: str = ""  # catalog:NAME | model | offline
    operators: list[str] = Field(default_factory=list)  # the targeted operators applied, in order


class Record(BaseModel):
    """Common shape of stored records."""

    model_config = ConfigDict(use_enum_values=False)

    id: str
    created_at: float = Field(default_factory=time.time)
    # Fields added after stores were written: left out of the hash while unset, so a stored row keeps its hash.
    HASH_SKIPS_UNSET: ClassVar[frozenset[str]] = frozenset()

    def hash(self) -> str:
        unset = {name for name in self.HASH_SKIPS_UNSET if getattr(self, name) is None}
        return content_hash(self.model_dump(mode="json", exclude={"id", "created_at", *unset}))


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
        return self.rejected / self.incorrect if self.incorrect else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def precision(self) -> float | None:
        return self.accepted / self.correct if self.correct else None


class Seed(Record):
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
    problem_id: str  # a candidate, seed or task id
    code: str
    language: Language
    strategy: str = ""
    author: str = ""


class TestCase(Record):
    problem_id: str
    input_hash: str  # blob hash of the input bytes
    answer_hash: str | None = None  # optional reference answer (testlib packages)
    name: str = ""
    generator_id: str | None = None
    args: list[str] = Field(default_factory=list)
    seed: int | None = None
    distribution: str = ""


class VerifierKind(StrEnum):
    """How a verifier gives its verdict (and, for an interactive one, how it is started)."""

    NATIVE = "native"  # prints {"feasible": bool, "objective": number, "message": str}
    TESTLIB = "testlib"  # chk input output answer, quitp/quitf


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


class Run(Record):
    solution_id: str
    test_id: str
    verdict: Verdict
    objective: float | None = None
    score: float = 0.0
    time_ms: float = 0.0
    memory_kb: int = 0
    message: str = ""


class TestResult(BaseModel):
    """One program on one test: the one per-test record of the project (the judge, submit, the
    cross-validation protocol and catalog evaluation all return it; stored as a Run)."""

    name: str
    verdict: Verdict
    score: float = Field(0.0, description="The normalised score on this test, in [0, 1].")
    objective: float | None = Field(None, description="The objective the verifier measured (OK only).")
    time_ms: float = Field(
        0.0,
        description="CPU time in ms; what a solver is shown is the upper edge of its bucket of the limit.",
    )
    memory_kb: int = Field(
        0,
        description="Peak memory in KiB; what a solver is shown is the upper edge of its bucket of the limit.",
    )
    message: str = Field(
        "",
        description="What may be said about the test: a solver is shown a diagnostic that carries no test data.",
    )  # the full story (stderr, the verifier's words) is for the problem's owner only
    exit_code: int | None = None  # of the program's run
    signal: int | None = None
    missing: bool = Field(
        False, description="The package lacks this test's files (a SYSTEM_ERROR without a run)."
    )
    # a SYSTEM_ERROR the verifier gave on this output (it crashed, called FAIL, printed no verdict), not
    # one the host caused: it counts as 0 (tools/judging/scoring.aggregate_scores), so no output gains by it
    verifier_failed: bool = Field(
        False,
        validation_alias=AliasChoices("verifier_failed", "counted"),  # its name in records stored before
        description="The verifier gave no verdict on this output (it crashed on it): the test scores 0.",
    )
    # the verifier's own one-line reason for rejecting the output (the `reason` of its verdict line), with
    # every number and quoted string blanked (``data_free``): the one thing of its words a solver is shown
    reason: str = Field(
        "",
        description="For INVALID: the verifier's one-line reason (which constraint broke), without test data.",
    )
    # a SYSTEM_ERROR that is the problem package's fault (its checker FAILs on the test for its references too):
    # no solution can be judged on the test, so like the host's failures it leaves the run without a score
    package_fault: bool = False
    # what the program printed, kept only when the caller asks (the protocol corrupts the best output); it
    # never leaves the process (excluded from every dump), so no schema names it: a bytes field would put a
    # `format` that MCP clients do not know (base64url) in submit's output schema
    output: SkipJsonSchema[bytes | None] = Field(None, exclude=True, repr=False)

    __test__: ClassVar[bool] = False  # not a pytest class

    def to_run(self, run_id: str, solution_id: str, test_id: str) -> Run:
        """This result as the store keeps it (a Run of ``solution_id`` on the stored test ``test_id``)."""
        return Run(
            id=run_id,
            solution_id=solution_id,
            test_id=test_id,
            verdict=self.verdict,
            objective=self.objective,
            score=self.score,
            time_ms=self.time_ms,
            memory_kb=self.memory_kb,
            message=self.message,
        )

    @property
    def measured(self) -> bool:
        """Whether a run of the program was measured (a test with no run, CE or missing, has neither)."""
        return self.time_ms > 0 or self.memory_kb > 0

    def diagnostic(self, limits: Limits | None) -> str:
        """What may be said about a test without its data: built only from the verdict and what the sandbox
        measured, never from ``message``, which can quote the test's input, answer or the solution's output
        (stderr echoing stdin, a checker's "expected 5, found 7").

        With ``limits`` it is what a solver is told (``submit``, every reward's feedback), and coarse: a
        solution can set its exit code, the signal it dies of, its CPU time and its memory from the input it
        read, so it gets "non-zero exit" or "killed by a signal" and each measurement as a bucket of the limit
        (``coarse_measure``). ``None`` is the problem owner's view (``frontiersmith judge``): the exit code and
        the signal's name (the exact time and memory stay in the record's fields, so the words are the same
        from run to run)."""
        if self.missing:
            return f"system error: test {self.name} is missing from the package (not the solution's fault)"
        if self.verifier_failed:
            return "the checker could not read your output (it counts as 0)"
        if self.package_fault:
            return (
                "system error: the problem's checker fails on this test for its reference solutions too: the "
                "problem's package is at fault, not the solution"
            )
        words = _DIAGNOSTICS.get(self.verdict, self.verdict.value)
        if self.verdict is Verdict.RE:
            words = f"runtime error: {self._failure(exact=limits is None)}"
        elif self.verdict is Verdict.INVALID and self.reason:
            words = f"{words}: {self.reason}"
        elif self.verdict is Verdict.OK and self.score == 0.0 and self.objective is not None:
            words = _NO_BETTER
        if not self.measured or limits is None:  # the owner has the exact figures in the record's own fields
            return words
        memory = coarse_measure(self.memory_kb, limits.memory_mb * 1024)[1]
        if self.verdict is Verdict.TLE:
            return f"{self._time_out(limits.time_ms)} (memory {memory})"
        time = coarse_measure(self.time_ms, limits.time_ms)[1]
        return f"{words} (CPU time {time}, memory {memory})"

    def _time_out(self, limit_ms: int) -> str:
        # A time-out is decided by CPU time (sandbox/_runner_client.classify), or by the wall clock when the
        # program sat idle: told apart, since the one wants a faster program and the other one that does
        # not wait for input that never comes (the usual end of an interactive program that did not flush).
        if self.time_ms < IDLE_SHARE * limit_ms:
            used = coarse_measure(self.time_ms, limit_ms)[1]
            return (
                f"time limit exceeded: it sat idle until the wall clock stopped it, its CPU time {used} "
                f"({limit_ms} ms): it was waiting for input that never came (an interactive program must flush "
                "after every line it writes, and read only what it is sent)"
            )
        return f"time limit exceeded: it used all {limit_ms} ms of CPU time the limit allows"

    def _failure(self, *, exact: bool) -> str:
        # Not even the signal's class for a solver: the program can raise any signal itself (SIGSEGV and
        # SIGABRT as easily as SIGUSR1), so a class would be a few bits of the input per test; that it died
        # of a signal rather than by exit is one bit, and worth telling.
        if self.signal is not None:
            if not exact:
                return "killed by a signal"
            try:
                return f"killed by signal {signal_module.Signals(self.signal).name}"
            except ValueError:
                return f"killed by signal {self.signal}"
        if self.exit_code is not None:
            return f"exit code {self.exit_code}" if exact else "non-zero exit"
        return "the program could not be started"


_DATA = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
REASON_CHARS = 160


def data_free(text: str) -> str:
    """The first line of a verifier's words with every number blanked to # and every quoted string to '…', cut
    to REASON_CHARS: which rule it names, without the values (a test's, or the output's) it quotes."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    blanked = _DATA.sub(lambda m: "#" if m.group(0)[0] not in "'\"`" else "'…'", first)
    return blanked if len(blanked) <= REASON_CHARS else blanked[: REASON_CHARS - 1] + "…"


# A time-out with less CPU time than this share of the limit was the wall clock's: the program sat idle.
IDLE_SHARE = 0.5
_NO_BETTER = (
    "accepted by the verifier, scoring 0: no better than the baseline (a FrontierCS checker or interactor also "
    "gives 0 points to a wrong answer)"
)
_DIAGNOSTICS = {
    Verdict.OK: "accepted by the verifier",
    Verdict.INVALID: "wrong answer: the verifier rejected the output",
    Verdict.TLE: "time limit exceeded",
    Verdict.MLE: "memory limit exceeded",
    Verdict.OLE: "output limit exceeded",
    Verdict.CE: "compilation error",
    Verdict.SYSTEM_ERROR: "system error: the judge could not score this test (not the solution's fault)",
}
# The buckets, as upper edges in fractions of the limit, that a solver is told a hidden test's CPU time and
# peak memory in. With "over the limit" that is five values per field, so a solution that sets its time or
# memory from the input it read passes out at most log2(5) < 2.4 bits through each per test, where the
# number itself carried a byte or more (docs/reference/threat-model.md).
COARSE_EDGES = (0.1, 0.25, 0.5, 1.0)


def coarse_measure(value: float, limit: float) -> tuple[float, str]:
    """The bucket of ``value`` against ``limit``: its upper edge (the limit itself when over it) and words."""
    for edge in COARSE_EDGES:
        if value <= edge * limit:
            return edge * limit, f"at most {edge:.0%} of the limit"
    return float(limit), "over the limit"


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


class CheckOwner(StrEnum):
    """Whose fault a failed protocol check is, so the failure goes back to that author."""

    TESTS = "tests"
    VERIFIER = "verifier"


class ProtocolCheck(BaseModel):
    name: str
    owner: CheckOwner
    passed: bool
    detail: str = ""


class OracleRelation(StrEnum):
    """How the verifier's feasibility verdicts must relate to the seed's checker's (by the mutation's axis)."""

    EQUAL = "equal"  # an objective mutation keeps C_I and C_O; an input one, on inputs in the seed's C_I
    IMPLIES = "implies"  # an output mutation only narrows C_O: what the verifier accepts, the seed's must
    NONE = "none"  # no oracle: the seed cannot judge this candidate's outputs


class Disagreement(BaseModel):
    """One output a feasibility judge and the verifier disagree on: what goes back to the verifier's author."""

    judge: str  # "seed's checker" or "feasibility checker"
    test: str
    output: str  # which output: a sampled solution's, the baseline's, a mutant of one
    input_excerpt: str = ""
    output_excerpt: str = ""
    verifier: str  # the verifier's verdict and message
    other: str  # the judge's


class FeasibilityReport(BaseModel):
    """Who judged feasibility beside the verifier in one protocol run, and what they found: the seed's
    checker (the oracle, when the seed can judge) and the author's feasibility-only checker (the second
    opinion), over the sampled outputs, the baseline's, the corrupted and the well-formed mutants."""

    oracle: str = ""  # the oracle used; empty: none
    relation: OracleRelation = OracleRelation.NONE
    no_oracle: str = ""  # why there is no oracle (or why it judged no test)
    tests_judged: int = 0  # tests whose input the oracle judged (inside the seed's C_I)
    tests_outside: int = 0  # tests whose input lies outside the seed's C_I
    outputs: int = 0  # distinct (test, output) pairs the verifier judged and the judges were asked about
    second_opinion: bool = False  # whether the verifier's author wrote a feasibility checker
    well_formed: int = 0  # well-formed mutants (one value changed, two swapped, one dropped, ...)
    well_formed_accepted: int = 0  # of those, how many the verifier calls feasible
    well_formed_feasible: int | None = None  # how many the oracle (else the second opinion) calls feasible
    disagreements: list[Disagreement] = Field(default_factory=list)  # the first few


class Reference(BaseModel):
    """A test's reference points, fixed when its task is published (as FrontierCS keeps a reference answer
    per test): the baseline's objective (a score of 0) and the best objective known (a score of 1 under
    range normalisation) with the solution that reached it."""

    baseline: float
    best: float
    best_by: str = ""


class StatementExample(BaseModel):
    """The statement's example, judged: a small input from the task's own generator, the best sampled
    output on it as the verifier scored it, and the baseline's objective there."""

    input: str
    output: str
    objective: float | None = None
    baseline_objective: float | None = None
    solution: str = ""  # the sampled solution that wrote the output


class ProtocolThresholds(BaseModel):
    """The thresholds one protocol run applied, stored with its report so a verdict can be read back."""

    min_kill_rate: float
    collapse_band: float  # every score within this band: collapsed
    strict_mutants: list[str] = Field(default_factory=list)  # corruptions never allowed above the original
    probed_tests: int = 0  # tests the garbage and out-of-range probes run on
    well_formed_per_output: int = 0  # at most this many well-formed mutants of each mutated output
    disagreements_allowed: int = 0  # outputs a feasibility judge may disagree with the verifier on


class ProbeStatus(StrEnum):
    PASSED = "passed"  # it ran and found nothing wrong
    FAILED = "failed"  # it found an output the verifier judges wrongly (``ProbeResult.output_excerpt``)
    SKIPPED = "skipped"  # it had nothing to run on (``ProbeResult.detail`` says why)


class ProbeResult(BaseModel):
    """One probe of the verifier where a mutation bites (docs/reference/crossval.md), in a short, stable form
    a task card shows: which probe, whether it ran and what it found, and the offending output when it failed."""

    name: str  # "structural mutants" | "seed's own answer" | "reward hacking"
    check: str  # the protocol check that carries it (owned by the verifier's author)
    status: ProbeStatus
    detail: str = ""  # why it was skipped, what failed and what to do, or what it covered
    test: str = ""  # the test of the offending output
    output: str = ""  # which output that is (a mutant of the best output, the seed's reference's answer, ...)
    output_excerpt: str = ""
    score: float | None = None  # the verifier's normalised score on it
    best_sampled: float | None = None  # the best sampled solution's score on that test
    outputs: int = 0  # outputs the probe had the verifier judge
    cpu_seconds: float = 0.0  # sandbox CPU the probe spent


class CheckAuthor(BaseModel):
    """A check that judged feasibility beside the verifier, and who wrote it. Only a check the verifier's
    author did not write is independent: the feasibility checker written beside the verifier can refute it,
    never confirm it."""

    check: (
        str  # "the verifier", "your feasibility checker", "the seed's checker", "the catalog's feasibility"
    )
    author: str
    independent: bool
    confirms: bool = False  # its "feasible" is a verdict on the candidate's own C_O (not only a bound on it)


class ProbeReport(BaseModel):
    """The verifier probes of one protocol run, who wrote each feasibility check they asked, and the bounds
    they ran under."""

    results: list[ProbeResult] = Field(default_factory=list)
    authors: list[CheckAuthor] = Field(default_factory=list)
    far_above: float = 0.0  # a score this far above every sampled one needs an independent check's "feasible"
    structural_per_output: int = 0  # structural mutants of the best output per test
    seed_answers: int = 0  # the seed's reference programs run at most
    hack_tests: int = 0  # tests the reward-hacking search runs on
    hack_runs: int = 0  # verifier runs it may spend per test
    hack_cpu_seconds: float = 0.0  # sandbox CPU it may spend in all

    def result(self, name: str) -> ProbeResult | None:
        return next((r for r in self.results if r.name == name), None)


class CrossValidationReport(Record):
    """The protocol's verdict on one verifier and baseline over one test suite: every check, pass or fail.

    One per run_verifier call; ``round`` is the cross-validation loop's round (0 outside a loop). The
    candidate names the report publish takes (``report_id``)."""

    # Added later: a report stored before them keeps its hash.
    HASH_SKIPS_UNSET: ClassVar[frozenset[str]] = frozenset(
        {"thresholds", "feasibility", "normalisation", "references", "example", "silent_tests", "probes"}
    )

    candidate_id: str
    verifier_id: str
    suite_id: str
    round: int = 0
    checks: list[ProtocolCheck] = Field(default_factory=list)
    ok: bool = False
    kill_rate: float | None = (
        None  # of the verifier mutation test: corrupted outputs rejected or scored lower
    )
    thresholds: ProtocolThresholds | None = None  # None on reports stored before thresholds were
    feasibility: FeasibilityReport | None = None  # the oracle and the second opinion; None: stored before
    normalisation: Normalisation | None = None  # how the scores were normalised; None: stored before (paper)
    references: dict[str, Reference] | None = None  # test name -> its reference points; None: stored before
    example: StatementExample | None = None  # the statement's example, judged; None: the tests have none
    silent_tests: list[str] | None = None  # tests on which every sampled solution scores the same
    probes: ProbeReport | None = None  # the verifier probes where the mutation bites; None: stored before

    def failures(self, owner: CheckOwner | str | None = None) -> list[str]:
        return [
            f"{c.name}: {c.detail}" for c in self.checks if not c.passed and owner in (None, c.owner.value)
        ]


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


class ScaleReach(BaseModel):
    """How far the tests go in one size the statement bounds: the largest value a test reaches, the bound."""

    reached: float
    bound: float

    @computed_field  # type: ignore[prop-decorator]
    @property
    def share(self) -> float:
        return self.reached / self.bound if self.bound > 0 else 1.0


class ScoreSpread(BaseModel):
    """The sampled solutions' mean scores on a task: the baseline scores 0 by construction, ``headroom`` is
    what is left above the best sampled mean. ``paper_*``: the same objectives under the paper's
    normalisation, for comparison (None when the task uses it, or cannot be compared)."""

    normalisation: Normalisation
    solutions: int
    best: float
    median: float
    worst: float
    headroom: float
    paper_best: float | None = None
    paper_median: float | None = None


class ProbeSummary(BaseModel):
    """What the protocol's probes of the verifier found (the cross-validation report's numbers)."""

    kill_rate: float | None = None
    well_formed: int = 0
    well_formed_accepted: int = 0
    oracle: str = ""  # the seed's checker used as a feasibility oracle; empty: none
    second_opinion: bool = False  # a feasibility checker written apart from the verifier
    disagreements: int = 0


class TaskCard(BaseModel):
    """A task's card (docs/design.md, "Task quality"): every field computed from its records, never written by
    hand. ``warnings`` is what a reviewer should look at; a card without any is ``ok``."""

    sections_missing: list[str] = Field(default_factory=list)
    example: bool = False
    interactive: bool = False
    scale: dict[str, ScaleReach] = Field(default_factory=dict)
    tests: int = 0
    silent_tests: list[str] = Field(default_factory=list)
    spread: ScoreSpread | None = None
    time_limit_ms: int = 0
    slowest_ms: float | None = None  # the slowest accepted sampled run
    probes: ProbeSummary | None = None
    divergence: dict[str, float | None] = Field(default_factory=dict)
    forced: bool = False
    warnings: list[str] = Field(default_factory=list)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def ok(self) -> bool:
        return not self.warnings


class Task(Record):
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
    problem_id: str
    code: str
    language: Language
    author: str = ""
    score: float = 0.0
    verdicts: dict[str, int] = Field(default_factory=dict)  # verdict -> count
    run_ids: list[str] = Field(default_factory=list)


# -- FrontierSynth (docs/design.md, "FrontierSynth"): solvers under evaluation, trajectories, the defect map --


class FailureType(StrEnum):
    """How one attempt of a solver went (tools/frontier/diagnose.classify), worst outcome first."""

    NO_SOLUTION = "no_solution"  # the solver gave no usable program: no code, a wrong language, it crashed
    COMPILE_ERROR = "compile_error"
    RUNTIME_ERROR = "runtime_error"
    TIME_OUT = "time_out"
    MEMORY_OUT = "memory_out"
    INVALID_OUTPUT = "invalid_output"  # the verifier rejected an output (``detail`` names its constraint)
    BELOW_BASELINE = "below_baseline"  # every output valid, none better than the baseline s*
    SUBOPTIMAL = "suboptimal"  # valid, better than s*, but well short of the best known score
    NEAR_SUCCESS = "near_success"  # within δ of the best known, or short on one distribution only
    SUCCESS = "success"  # at (or within a hair of) the best known score
    SYSTEM_ERROR = "system_error"  # the judge could not score it: not the solver's fault


class TestInfo(BaseModel):
    """What a trajectory keeps of one test besides its result: the features the diagnoser clusters on."""

    __test__ = False  # not a pytest class
    distribution: str = ""
    input_bytes: int = 0
    n: int | None = None  # the first number of the input, when it has one (most formats start with n)


class Trajectory(Record):
    """One attempt of a solver under evaluation on one problem: what it was told and wrote, and how the one
    judge scored it (``tests`` are data-free TestResults: each message is the test's diagnostic)."""

    solver: str  # the solver spec, e.g. "catalog:weak", "model:gpt-4o", "command:./solve.sh"
    problem_id: str  # a task, an imported problem or catalog/NAME
    attempt: int = 1  # from 1
    evaluation_id: str = ""  # the evaluate call it belongs to
    code: str = ""
    language: Language | None = None
    score: float = 0.0
    verdict: Verdict | None = None  # the judge's overall verdict (CE, SYSTEM_ERROR); None when not judged
    # tools.judge.TestResult dumps (data-free), in the judge's order; ``results()`` reads them back typed
    # (the judge imports this module, so the field cannot name its class)
    tests: list[dict[str, Any]] = Field(default_factory=list)
    test_info: dict[str, TestInfo] = Field(default_factory=dict)  # test name -> features
    messages: list[dict[str, Any]] = Field(default_factory=list)  # {"role", "content"} exchanged
    tokens: int = 0
    wall_s: float = 0.0
    failure: FailureType = FailureType.NO_SOLUTION
    detail: str = ""  # one line on the failure: the reason there was no code, the constraint, the input size
    # what the failure is about, when it is about some tests: their distribution and input-size bucket
    distribution: str = ""
    size: str = ""
    best_known: float | None = None  # the best known score of the problem when this attempt was classified
    strategy: str = ""  # what the solver said its idea was, when it said

    def results(self) -> list[TestResult]:
        """The per-test results as ``TestResult`` records."""
        return [TestResult.model_validate(t) for t in self.tests]


class DefectCluster(BaseModel):
    """Attempts that failed the same way on problems that share features: one row of the defect map."""

    key: str  # stable: failure + the features, e.g. "time_out|family=max_3sat|size=1e4-1e5"
    failure: FailureType
    features: dict[str, str] = Field(default_factory=dict)  # family, axis, distribution, size, tags
    attempts: int = 0  # attempts in the cluster
    problems: list[str] = Field(default_factory=list)
    # difficulty anchors over every attempt on the cluster's problems (not only the failed ones)
    success_rate: float = 0.0
    attempts_to_first_success: float | None = None  # mean over the problems solved; None when none was
    score_entropy: float = 0.0  # Shannon entropy (bits) of the attempts' scores in 10 bins
    mean_score: float = 0.0
    examples: list[str] = Field(default_factory=list)  # trajectory ids
    label: str = ""  # one sentence: by a model when one is configured, else a deterministic sentence
    detail: str = ""  # what the examples say: the constraint named, the input size a time-out starts at


class DefectMap(Record):
    """A solver's Capability Defect Map: its failure clusters over the trajectories stored for it."""

    solver: str
    clusters: list[DefectCluster] = Field(default_factory=list)  # largest first
    trajectories: int = 0
    problems: int = 0
    failures: dict[str, int] = Field(default_factory=dict)  # FailureType value -> attempts
    success_rate: float = 0.0
    labelled_by: str = ""  # "offline" or the provider that wrote the labels
    delta: float = 0.05  # δ of near-success
