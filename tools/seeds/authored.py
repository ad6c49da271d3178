"""A closed problem a client wrote (MCP ``add_seed``): its statement, tuple, tests with answers and reference
solutions become a ``SeedDraft``, are validated like any import and stored by the one writer."""

from __future__ import annotations

from pydantic import BaseModel, Field, model_validator

from frontiersmith.drafts import SeedDraft, SeedTest, check_tuple
from frontiersmith.models import (
    Comparison,
    InputSpec,
    Limits,
    Objective,
    OutputSpec,
    Problem,
    ProblemKind,
    Program,
    Seed,
    SeedChecker,
    SeedProvenance,
)
from frontiersmith.store import Store

from .validate import SeedValidator, Validation
from .writer import seed_id, seed_record, store_seed

AUTHORED = "authored"  # provenance format and tuple_by of a seed a client wrote
MAX_TESTS = 200
MAX_TEST_CHARS = 4 * 1024 * 1024


class AuthoredTest(BaseModel):
    input: str = Field(max_length=MAX_TEST_CHARS, description="The test's input, as the program reads it.")
    answer: str = Field(max_length=MAX_TEST_CHARS, description="The expected output.")
    name: str = Field("", max_length=100, description="Optional; tests are numbered from 1 otherwise.")


class AuthoredSeed(BaseModel):
    """A closed competitive-programming problem with its (O, C_I, C_O) tuple."""

    title: str = Field(min_length=1, max_length=200)
    statement: str = Field(
        min_length=1,
        max_length=200_000,
        description="Markdown: story, input format, output format, constraints, examples.",
    )
    objective: Objective = Field(
        description="kind decide | count | construct | optimise (with sense min or max), formula: what is asked."
    )
    input_spec: InputSpec = Field(default_factory=InputSpec)
    output_spec: OutputSpec = Field(default_factory=OutputSpec)
    io_format: str = ""
    limits: Limits = Field(default_factory=Limits)
    tests: list[AuthoredTest] = Field(default_factory=list, max_length=MAX_TESTS)
    references: list[Program] = Field(
        default_factory=list, max_length=10, description="Reference solutions ('cpp' or 'python')."
    )
    comparison: Comparison | None = Field(
        None,
        description="exact | token | float (1e-6); left out: float when an answer holds a decimal, else token.",
    )
    checker: Program | None = Field(
        None,
        description="A testlib checker (C++, `chk INPUT OUTPUT ANSWER`, quitf(_ok|_wa, ...)) that judges outputs "
        "instead of the comparison: needed when any of several answers is correct.",
    )
    tags: list[str] = Field(default_factory=list, max_length=50)
    difficulty: float | None = None
    source: str = Field("", max_length=500, description="Where the problem comes from (a contest, a judge).")
    license: str = Field("", max_length=200)

    @model_validator(mode="after")
    def _usable(self) -> AuthoredSeed:
        check_tuple(self.objective, self.input_spec)
        return self

    def draft(self) -> SeedDraft:
        """The seed as an import's draft, its tuple given by its author (``tuple_by`` ``authored``), so it is
        validated and stored as an imported row is; tests without a name are numbered from 1."""
        problem = Problem(
            id="authored",
            title=self.title,
            statement=self.statement,
            objective=self.objective,
            input_spec=self.input_spec,
            output_spec=self.output_spec,
            io_format=self.io_format,
            limits=self.limits,
            kind=ProblemKind.CLOSED,
        )
        tests = [
            SeedTest(t.name or str(i), t.input.encode(), t.answer.encode())
            for i, t in enumerate(self.tests, 1)
        ]
        return SeedDraft(
            problem=problem,
            tests=tests,
            references=list(self.references),
            tags=list(self.tags),
            difficulty=self.difficulty,
            provenance=SeedProvenance(format=AUTHORED, source=self.source, license=self.license),
            comparison=self.comparison,
            checker=SeedChecker(program=self.checker, by=AUTHORED) if self.checker else None,
            tuple_by=AUTHORED,
        )


async def add_authored_seed(
    store: Store, authored: AuthoredSeed, validator: SeedValidator
) -> tuple[Seed, Validation | None]:
    """Validate and store the seed; a statement already stored comes back as it is, unvalidated (None)."""
    draft = authored.draft()
    if (known := store.find(Seed, seed_id(draft))) is not None:
        return known, None
    validation = await validator.validate(draft)
    seed = seed_record(
        draft, validation.status, validation.reason, validation.reference, validation.test_quality
    )
    store_seed(store, draft, seed)
    return seed, validation


__all__ = ["AUTHORED", "AuthoredSeed", "AuthoredTest", "add_authored_seed"]
