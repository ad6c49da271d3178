"""The stored seeds as people and clients read and correct them: the rows of ``seeds list``, the whole of
``seeds show`` (the tuple, provenance, status, comparison, tests and references) and an edit of a seed's
tuple (``seeds edit``). The CLI and the MCP tools are shells over these.
"""

from __future__ import annotations

import re

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from frontiersmith.drafts import check_tuple
from frontiersmith.errors import InvalidInputError, NotFoundError
from frontiersmith.models import (
    Comparison,
    InputSpec,
    Language,
    Limits,
    Objective,
    ObjectiveKind,
    OutputSpec,
    Seed,
    SeedProvenance,
    SeedStatus,
    Sense,
    Solution,
    TestCase,
    TestQuality,
)
from frontiersmith.store import Store

from .writer import REFERENCE_AUTHOR

USER = "user"  # tuple_by of a tuple the user corrected


class SeedRow(BaseModel):
    """One line of ``seeds list``."""

    id: str
    title: str
    origin: str
    source: str  # file:row of an imported seed, else its origin
    status: SeedStatus
    tests: int
    references: int
    objective: str  # the kind, with the sense of an optimisation ("optimise (max)")


class SeedTuple(BaseModel):
    """A seed's title and (O, C_I, C_O) tuple: what ``seeds edit`` opens in the editor and stores back."""

    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1)
    objective: Objective
    input_spec: InputSpec = Field(default_factory=InputSpec)
    output_spec: OutputSpec = Field(default_factory=OutputSpec)
    io_format: str = ""

    @model_validator(mode="after")
    def _usable(self) -> SeedTuple:
        check_tuple(self.objective, self.input_spec)  # the checks a model's tuple passes too
        return self


class SeedTestBrief(BaseModel):
    name: str
    kind: str  # public | private | generated, or a seed dir's own name
    input_bytes: int
    has_answer: bool


class ReferenceBrief(BaseModel):
    id: str
    language: Language
    author: str  # reference | incorrect
    lines: int


class SeedView(BaseModel):
    """Everything ``seeds show`` and ``get_seed`` tell about one seed."""

    id: str
    origin: str
    status: SeedStatus
    status_reason: str = ""
    comparison: Comparison
    tuple: SeedTuple
    tuple_by: str = ""
    objective_reason: str = ""  # why the objective has its kind: the statement's words
    checker_by: str = (
        ""  # who wrote the seed's own checker, when it has one (it judges instead of comparison)
    )
    test_quality: TestQuality | None = None
    provenance: SeedProvenance | None = None
    tags: list[str] = Field(default_factory=list)
    difficulty: float | None = None
    limits: Limits
    statement: str
    tests: list[SeedTestBrief] = Field(default_factory=list)
    references: list[ReferenceBrief] = Field(default_factory=list)
    reference_language: Language | None = None  # of the reference the status rests on


def objective_label(objective: Objective) -> str:
    """The objective's kind, with its sense in brackets when it has one (``optimise (min)``)."""
    return objective.kind.value + (f" ({objective.sense.value})" if objective.sense else "")


def source_of(seed: Seed) -> str:
    """Where the seed came from: ``FILE:ROW`` of an import, else its format or origin."""
    p = seed.imported
    if p is None or not p.file:
        return p.format if p is not None and p.format else seed.origin  # an authored seed has no file
    return f"{p.file}:{p.row}" if p.row is not None else p.file


def _row(seed: Seed, tests: int, references: int) -> SeedRow:
    return SeedRow(
        id=seed.id,
        title=seed.problem.title,
        origin=seed.origin,
        source=source_of(seed),
        status=seed.status,
        tests=tests,
        references=references or (1 if seed.reference else 0),
        objective=objective_label(seed.problem.objective),
    )


def list_seed_rows(store: Store) -> list[SeedRow]:
    """Every seed synthesis may start from (an imported open problem is solved, not mutated: left out)."""
    tests = store.problems.count_per_problem(TestCase)
    refs = store.problems.count_per_problem(Solution, author=REFERENCE_AUTHOR)
    return [_row(s, tests.get(s.id, 0), refs.get(s.id, 0)) for s in store.seeds.list() if s.in_pool]


def seed_row(store: Store, seed: Seed) -> SeedRow:
    """The seed's one-line summary, counting its tests and reference solutions."""
    refs = [s for s in store.problems.list_solutions(seed.id) if s.author == REFERENCE_AUTHOR]
    return _row(seed, len(store.problems.list_tests(seed.id)), len(refs))


def find_seed(store: Store, seed_id: str) -> Seed:
    """The seed with this id (a unique prefix is enough), or a one-sentence error."""
    record = store.get_any(seed_id)
    if not isinstance(record, Seed):
        raise NotFoundError(f"{seed_id} is a {type(record).__name__.lower()}, not a seed; see `seeds list`.")
    if not record.in_pool:  # an imported open problem is solved, never mutated
        raise NotFoundError(
            f"{record.id} is an imported open problem to solve, not a seed: judge a solution on it with "
            f"`frontiersmith judge {record.id} SOLUTION`, or take its package as a seed with `seeds import DIR "
            "--as-seed`; see `frontiersmith problems`."
        )
    return record


def seed_tuple(seed: Seed) -> SeedTuple:
    """The seed's (O, C_I, C_O) tuple as stored, not validated again."""
    p = seed.problem
    return SeedTuple.model_construct(
        title=p.title,
        objective=p.objective,
        input_spec=p.input_spec,
        output_spec=p.output_spec,
        io_format=p.io_format,
    )


def seed_view(store: Store, seed_id: str) -> SeedView:
    """Everything about one seed (a unique prefix of its id is enough); NotFoundError when it is not a seed."""
    seed = find_seed(store, seed_id)
    tests = [
        SeedTestBrief(
            name=t.name,
            kind=t.distribution,
            input_bytes=len(store.blobs.get(t.input_hash)),
            has_answer=t.answer_hash is not None,
        )
        for t in store.problems.list_tests(seed.id)
    ]
    refs = [
        ReferenceBrief(id=s.id, language=s.language, author=s.author, lines=s.code.count("\n") + 1)
        for s in store.problems.list_solutions(seed.id)
    ]
    return SeedView(
        id=seed.id,
        origin=seed.origin,
        status=seed.status,
        status_reason=seed.status_reason,
        comparison=seed.comparison,
        tuple=seed_tuple(seed),
        tuple_by=seed.tuple_by,
        objective_reason=seed.objective_reason or "",
        checker_by=seed.checker.by if seed.checker else "",
        test_quality=seed.test_quality,
        provenance=seed.imported,
        tags=seed.tags,
        difficulty=seed.difficulty,
        limits=seed.problem.limits,
        statement=seed.problem.statement,
        tests=tests,
        references=refs,
        reference_language=seed.reference.language if seed.reference else None,
    )


class TupleChange(BaseModel):
    """The fields ``seeds edit`` options change; None leaves a field as it is. A bound of None removes it."""

    title: str | None = None
    objective_kind: ObjectiveKind | None = None
    sense: Sense | None = None
    formula: str | None = None
    constraints: str | None = None
    bounds: dict[str, tuple[float, float] | None] = Field(default_factory=dict)
    output: str | None = None

    def is_empty(self) -> bool:
        """Whether no option asks for a change."""
        return not self.model_dump(exclude_defaults=True)


def checked_change(**fields: object) -> TupleChange:
    """The change the edit options ask for, or a one-sentence error naming the bad value."""
    try:
        return TupleChange.model_validate(fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        name = str(first["loc"][0]).replace("_", "-") if first["loc"] else "edit"
        raise InvalidInputError(
            f"The {name} value {first.get('input')!r} is wrong: {first['msg'].rstrip('.')}."
        ) from None


def changed_tuple(current: SeedTuple, change: TupleChange) -> SeedTuple:
    """``current`` with ``change`` applied, validated (a sense only stays on an optimise objective)."""
    o = current.objective
    kind = change.objective_kind or o.kind
    sense = change.sense or (o.sense if kind is ObjectiveKind.OPTIMISE else None)
    bounds = dict(current.input_spec.bounds)
    for name, bound in change.bounds.items():
        if bound is None:
            bounds.pop(name, None)
        else:
            bounds[name] = bound
    constraints = current.input_spec.constraints if change.constraints is None else change.constraints
    output = current.output_spec.description if change.output is None else change.output
    return checked_tuple(
        {
            "title": current.title if change.title is None else change.title,
            "objective": {
                "kind": kind,
                "sense": sense,
                "formula": o.formula if change.formula is None else change.formula,
            },
            "input_spec": {"constraints": constraints, "bounds": bounds},
            "output_spec": {"description": output},
            "io_format": current.io_format,
        }
    )


def checked_tuple(data: object) -> SeedTuple:
    """A tuple from plain data (an edited YAML file, an MCP argument), or a one-sentence error."""
    try:
        return SeedTuple.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        what = f"The tuple's {where}" if where else "The tuple"
        msg = first["msg"].removeprefix("Value error, ")
        raise InvalidInputError(f"{what} is wrong: {msg}; correct it and try again.") from None


_BOUND = re.compile(r"^\s*(?P<name>[^=\s]+)\s*=\s*(?:(?P<lo>[^:]+):(?P<hi>[^:]+))?\s*$")


def parse_bound(text: str) -> tuple[str, tuple[float, float] | None]:
    """``NAME=LO:HI`` as (name, (lo, hi)); ``NAME=`` removes the bound."""
    found = _BOUND.match(text)
    try:
        if found is None:
            raise ValueError
        if found.group("lo") is None:
            return found.group("name"), None
        return found.group("name"), (float(found.group("lo")), float(found.group("hi")))
    except ValueError:
        raise InvalidInputError(
            f"The bound {text!r} is not NAME=LO:HI (e.g. n=1:200000) or NAME= to remove it."
        ) from None


def tuple_yaml(t: SeedTuple) -> str:
    """The tuple as the YAML ``seeds edit`` opens in an editor."""
    return yaml.safe_dump(t.model_dump(mode="json"), sort_keys=False, allow_unicode=True, width=100)


def tuple_from_yaml(text: str) -> SeedTuple:
    """The tuple from edited YAML, or a one-sentence InvalidInputError saying what is wrong."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise InvalidInputError(f"The edited tuple is not valid YAML{where}; fix it and try again.") from None
    return checked_tuple(data)


def edit_seed(store: Store, seed_id: str, new: SeedTuple) -> Seed:
    """Store the seed with ``new`` as its title and tuple, written by the user; its id, tests, references and
    status stay (a re-import of the same statement keeps the edit)."""
    seed = find_seed(store, seed_id)
    problem = seed.problem.model_copy(
        update={
            "title": new.title,
            "objective": new.objective,
            "input_spec": new.input_spec,
            "output_spec": new.output_spec,
            "io_format": new.io_format,
        }
    )
    # The reason a reader gave for the objective's kind no longer holds once the user has set it.
    reason = seed.objective_reason if new.objective == seed.problem.objective else None
    edited = seed.model_copy(update={"problem": problem, "tuple_by": USER, "objective_reason": reason})
    store.seeds.put(edited)
    return edited


__all__ = [
    "USER",
    "ReferenceBrief",
    "SeedRow",
    "SeedTestBrief",
    "SeedTuple",
    "SeedView",
    "TupleChange",
    "changed_tuple",
    "checked_change",
    "checked_tuple",
    "edit_seed",
    "find_seed",
    "list_seed_rows",
    "objective_label",
    "parse_bound",
    "seed_row",
    "seed_tuple",
    "seed_view",
    "source_of",
    "tuple_from_yaml",
    "tuple_yaml",
]
