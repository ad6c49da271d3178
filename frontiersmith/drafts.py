"""Drafts: what an author (a model, the MCP caller, an agent or the built-in catalog) proposes at a step
of Algorithm 1, before the tools validate, run and store it. Nothing here runs code.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator

from .models import InputSpec, Language, Objective, ObjectiveKind, OutputSpec, Problem, Program, Sense


class MutationDraft(BaseModel):
    """A mutated problem: the seed's tuple with one axis changed."""

    title: str
    statement: str = Field(description="Markdown: story, input format, output format, constraints, scoring.")
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
    """A native verifier (`verify INPUT OUTPUT` prints {"feasible", "objective", "message"}) and a baseline s*."""

    verifier: Program
    baseline: Program
    sense: Sense
    feasibility: Program | None = Field(
        None,
        description="A feasibility-only checker, written apart from the verifier: `verify INPUT OUTPUT` prints "
        '{"feasible": bool, "message": str} and nothing decides but C_O. It must agree with the verifier on '
        "every output the protocol sees; without it, and without a seed whose checker can judge, the "
        "verifier's verdicts on well-formed mutants are unexplained and the protocol fails.",
    )
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


__all__ = [
    "DefectLabel",
    "CoarseReason",
    "CoarseVerdict",
    "MutationDraft",
    "SeedTupleDraft",
    "SolutionDraft",
    "StrategyGroups",
    "TestsDraft",
    "VerifierDraft",
    "check_tuple",
    "problem_from_draft",
]
