"""Drafts: what an author (a model, the MCP caller, an agent or the built-in catalog) proposes at a step
of Algorithm 1, before the tools validate, run and store it, and ``Provider``, the interface of an author
that writes every LLM step. Nothing here runs code.
"""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, dataclasses, model_validator

from .models import (
    Axis,
    Comparison,
    InputSpec,
    Language,
    Objective,
    ObjectiveKind,
    OutputSpec,
    Problem,
    Program,
    SeedChecker,
    SeedProvenance,
    Sense,
)


class MutationDraft(BaseModel):
    """A mutated problem: the seed's tuple with one axis changed."""

    model_config = ConfigDict(extra="forbid")  # a misnamed field is an error, never dropped
    title: str
    statement: str = Field(
        description="Markdown, written whole: the story, then `## Input` (the format with every bound), "
        "`## Output` (what a legal output is; `## Interaction` instead of both for an interactive problem), "
        "optionally `## Constraints` and `## Objective`. FrontierSmith renders the Scoring section, the limits "
        "and a judged example when it publishes the task."
    )
    objective: Objective
    input_spec: InputSpec = Field(default_factory=InputSpec)
    output_spec: OutputSpec = Field(default_factory=OutputSpec)
    io_format: str = ""
    rationale: str = Field("", description="Why exact optimality is now infeasible.")
    catalog: str | None = Field(
        None, description="Set only by the built-in catalog: the catalog family used."
    )


def check_tuple(objective: Objective, input_spec: InputSpec) -> None:
    """Raise ValueError when a seed's tuple cannot be used: an optimise objective without its sense, or a
    bound whose lo is above its hi."""
    if objective.kind is ObjectiveKind.OPTIMISE and objective.sense is None:
        raise ValueError("an optimise objective needs its sense (min or max)")
    crossed = sorted(name for name, (lo, hi) in input_spec.bounds.items() if lo > hi)
    if crossed:
        raise ValueError(f"the bounds of {', '.join(crossed)} have lo above hi")


class SeedTupleDraft(BaseModel):
    """An imported closed problem's tuple (O, C_I, C_O), read from its statement."""

    objective: Objective = Field(
        description="kind: decide (yes/no), count (number of ways, modulo), optimise (a minimum or maximum; "
        "give its sense) or construct (print any valid object); formula: what is asked, in one sentence."
    )
    reason: str = Field(
        "", description="Why the objective has this kind: the words of the statement it rests on, quoted."
    )
    input_spec: InputSpec = Field(
        default_factory=InputSpec,
        description="constraints: the constraints text as written; bounds: variable name -> [lo, hi] for each "
        "numeric bound stated (subscripted names as a_i).",
    )
    output_spec: OutputSpec = Field(
        default_factory=OutputSpec, description="description: what a correct output is."
    )
    io_format: str = Field("", description="One line: the input layout, then the output layout.")
    notes: str = ""

    @model_validator(mode="after")
    def _usable(self) -> SeedTupleDraft:
        check_tuple(self.objective, self.input_spec)
        return self


CoarseReason = Literal["ok", "still_closed", "dominant_strategy", "not_continuous"]


class CoarseVerdict(BaseModel):
    """The paper's pre-filter on a candidate, before any solution is sampled (``unjudged``: the judge gave no
    usable answer, so the candidate is rejected with why)."""

    keep: bool
    reason: CoarseReason | Literal["unjudged"] = "ok"
    explanation: str = ""


class SolutionDraft(BaseModel):
    """A solution an author wrote: its code, language and the idea it follows."""

    model_config = ConfigDict(extra="forbid")  # a misnamed field is an error, never dropped
    code: str
    language: Language
    strategy: str = Field(description="One or two sentences naming the algorithmic idea.")


class StrategyGroups(BaseModel):
    """The divergence judge's answer for one group: solutions with the same label share one idea."""

    labels: list[int]
    explanation: str = ""


class TestsDraft(BaseModel):
    """A test generator (`gen DIST SEED` prints one input) and a validator (`validate` < input, exit 0 if valid).

    Both may be one program with subcommands, as catalog families are.
    """

    model_config = ConfigDict(extra="forbid")  # a misnamed field is an error, never dropped
    __test__ = False  # not a pytest class
    generator: Program
    validator: Program
    distributions: list[str] = Field(min_length=1)
    tests_per_distribution: int = Field(2, ge=1, le=20)
    adversarial: list[str] = Field(
        default_factory=list,
        description="The distributions aimed at the sampled solutions' weaknesses (names from "
        "`distributions`); some test of one of them must lower a sampled solution below its median on the "
        "others. Empty: any distribution may.",
    )
    notes: str = ""

    @model_validator(mode="after")
    def _adversarial_are_distributions(self) -> TestsDraft:
        unknown = sorted(set(self.adversarial) - set(self.distributions))
        if unknown:
            raise ValueError(f"adversarial names {', '.join(unknown)}, which is not in distributions")
        return self


class VerifierDraft(BaseModel):
    """A native verifier (`verify INPUT OUTPUT` prints {"feasible", "objective", "message"}) and a baseline s*;
    for an interactive problem, an interactor (`interact INPUT RESULT`: it talks to the solution on stdin and
    stdout, then writes that line to RESULT)."""

    model_config = ConfigDict(extra="forbid")  # a misnamed field is an error, never dropped
    verifier: Program
    baseline: Program
    sense: Sense
    interactive: bool = Field(
        False,
        description="True when the verifier is an interactor: `interact INPUT RESULT` talks to the running "
        "solution over its stdin/stdout, then writes the JSON verdict line to the file RESULT.",
    )
    feasibility: Program | None = Field(
        None,
        description="A feasibility-only checker, written apart from the verifier: `verify INPUT OUTPUT` prints "
        '{"feasible": bool, "message": str} and nothing decides but C_O. It must agree with the verifier on '
        "every output the protocol sees; without it, and without a seed whose checker can judge, the "
        "verifier's verdicts on well-formed mutants are unexplained and the protocol fails. Being yours, it "
        "can refute the verifier but never vouch for it: an output scored far above every sampled solution "
        "needs a check you did not write.",
    )
    baseline_summary: str = Field(
        "",
        description="What the baseline does, in one sentence (the task's Scoring section names it).",
    )
    notes: str = ""


class CheckerDraft(BaseModel):
    """A closed problem's testlib checker (``chk INPUT OUTPUT ANSWER``), for a seed whose output may be any of
    several correct answers."""

    model_config = ConfigDict(extra="forbid")  # a misnamed field is an error, never dropped
    checker: Program = Field(description="C++17 against testlib.h; quitf(_ok, ...) or quitf(_wa, ...).")
    notes: str = ""


class DefectLabel(BaseModel):
    """A model's one-sentence label for a cluster of a solver's failures (tools/frontier/diagnose)."""

    label: str = Field(description="One sentence naming the capability the solver lacks.")


def problem_from_draft(problem_id: str, draft: MutationDraft, provenance: dict) -> Problem:
    """The candidate problem a mutation draft describes (its catalog family, if any, kept in provenance)."""
    return Problem(
        id=problem_id,
        title=draft.title,
        statement=draft.statement,
        objective=draft.objective,
        input_spec=draft.input_spec,
        output_spec=draft.output_spec,
        io_format=draft.io_format,
        provenance={**provenance, "catalog": draft.catalog} if draft.catalog else provenance,
    )


@dataclasses.dataclass
class SeedTest:
    """One test of an imported closed problem, with its expected answer when the source gives one."""

    name: str
    input: bytes
    answer: bytes | None
    kind: str = "public"  # public | private | generated (the dataset's own split), or the seed dir's name


@dataclasses.dataclass
class SeedDraft:
    """A closed problem as an importer read it (a row, a seed folder, an MCP client's ``add_seed``), before it is
    validated and stored (tools/seeds/writer.py): the problem (its tuple described or given), tests, references,
    and where it came from."""

    problem: Problem
    tests: list[SeedTest] = Field(default_factory=list)
    references: list[Program] = Field(default_factory=list)
    incorrect: list[Program] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    difficulty: float | None = None
    provenance: SeedProvenance = Field(default_factory=SeedProvenance)
    comparison: Comparison | None = None  # None: chosen from the answers (float if any answer has a decimal)
    checker: SeedChecker | None = None  # the seed's own checker (a seed folder's, an author's, a model's)
    tuple_by: str = ""
    objective_reason: str = ""  # why the objective has its kind (``describe``: the statement's words)
    notes: list[str] = Field(default_factory=list)  # what was left out (a Java solution, tests over the cap)

    @property
    def size(self) -> int:
        """About how many bytes the draft holds: its tests, programs and statement."""
        tests = sum(len(t.input) + len(t.answer or b"") for t in self.tests)
        checker = [self.checker.program] if self.checker else []
        programs = sum(len(p.code) for p in (*self.references, *self.incorrect, *checker))
        return tests + programs + len(self.problem.statement)


# The author roles (agents/roles.py names the same): each a small protocol, so a step asks for the one role it uses
# and an author that plays one role (a caller's strategy labels, a scripted test writer) is passed as that role.


class SeedDescriber(Protocol):
    """Reads a closed problem's statement into its tuple, and writes a checker for a seed that has none."""

    async def describe_seed(self, problem: Problem) -> SeedTupleDraft:
        """The seed's tuple (O, C_I, C_O) read from its statement."""

    async def write_checker(self, problem: Problem, feedback: list[str]) -> CheckerDraft:
        """A testlib checker for a seed whose output may be any of several correct answers."""


class Mutator(Protocol):
    """Step 1: the mutations it offers of a seed, and each one written whole."""

    def axes_for(self, seed: Problem) -> list[Axis]:
        """The mutations it offers of ``seed``, as axes in order; an axis offered twice is two mutations
        (``mutate``'s ``index`` 0 and 1)."""
        ...

    async def mutate(self, seed: Problem, axis: Axis, *, index: int) -> MutationDraft:
        """The ``index``-th mutation of ``seed`` along ``axis``, its statement written whole."""


class CoarseJudge(Protocol):
    """Step 1's filter: is a mutation open-ended, well-posed and new."""

    async def coarse_judge(self, problem: Problem) -> CoarseVerdict:
        """Whether ``problem`` is worth keeping, as one label and the sentence it rests on."""


class Solver(Protocol):
    """Step 2: an independent solution, the ``index``-th."""

    async def solve(self, problem: Problem, *, index: int) -> SolutionDraft:
        """The ``index``-th independent solution of ``problem``."""


class DivergenceJudge(Protocol):
    """Step 3: which solutions share an idea (equal labels)."""

    async def group_strategies(self, problem: Problem, solutions: list[SolutionDraft]) -> StrategyGroups:
        """One label per solution, in order: equal labels for solutions sharing a core algorithm."""


class TestsAuthor(Protocol):
    """Step 4: the generator and validator (``feedback``: the failed checks it owns)."""

    async def write_tests(
        self, problem: Problem, solutions: list[SolutionDraft], feedback: list[str]
    ) -> TestsDraft:
        """The generator and validator of ``problem``'s tests, aimed at the ``solutions``' ideas."""


class VerifierAuthor(Protocol):
    """Step 4: the verifier and baseline (``feedback``: the failed checks it owns)."""

    async def write_verifier(self, problem: Problem, feedback: list[str]) -> VerifierDraft:
        """The verifier, the feasibility-only checker and the baseline of ``problem``."""


class Provider(
    SeedDescriber, Mutator, CoarseJudge, Solver, DivergenceJudge, TestsAuthor, VerifierAuthor, Protocol
):
    """Every role at once, which the pipeline asks of a model (tools/llm/: a chat model, the MCP client's model
    through sampling, the offline catalog): one method per LLM step, each returning a draft. ``feedback``
    carries failed protocol checks back to the author. A provider never runs code."""

    name: str


def provider_name(provider: object) -> str:
    """How records name ``provider`` (a solution's author, a divergence's judge): its ``name``, else "provider"."""
    name: str = getattr(provider, "name", "provider")
    return name


__all__ = [
    "CheckerDraft",
    "CoarseJudge",
    "DivergenceJudge",
    "Mutator",
    "SeedDescriber",
    "Solver",
    "TestsAuthor",
    "VerifierAuthor",
    "DefectLabel",
    "CoarseReason",
    "CoarseVerdict",
    "MutationDraft",
    "Provider",
    "SeedTupleDraft",
    "SeedDraft",
    "SeedTest",
    "SolutionDraft",
    "StrategyGroups",
    "TestsDraft",
    "VerifierDraft",
    "check_tuple",
    "problem_from_draft",
    "provider_name",
]
