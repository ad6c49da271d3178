"""Reader of FrontierCS / FrontierSmith-release problem directories (``config.yaml`` + ``chk.cc``).

Layout, as the FrontierCS algorithmic judge reads it::

    DIR/config.yaml      type: default, time: 2s, memory: 256m, checker: chk.cc,
                         subtasks: [{score: 100, n_cases: 10}]
    DIR/statement.txt    the statement
    DIR/chk.cc           a testlib checker: chk input output answer; quitp(ratio, "... Ratio: x")
    DIR/testdata/N.in    inputs 1..n (n = the sum of the subtasks' n_cases; all N.in when absent)
    DIR/testdata/N.ans   optional answers (N.out is accepted too); an empty answer when neither exists

Only ``type: default`` (a checker, no interactor) can be judged here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Language,
    Limits,
    Normalisation,
    Objective,
    ObjectiveKind,
    Problem,
    ProblemKind,
    Program,
    Seed,
    TestCase,
    Verifier,
    VerifierKind,
    make_id,
)

from .native import load_yaml, natural_key, validation_sentence

CONFIG = "config.yaml"
_UNITS_S = {"": 1.0, "s": 1.0, "sec": 1.0, "ms": 1e-3}
_UNITS_MB = {
    "": 1.0,
    "m": 1.0,
    "mb": 1.0,
    "mib": 1.0,
    "g": 1024.0,
    "gb": 1024.0,
    "gib": 1024.0,
    "k": 1 / 1024,
    "kb": 1 / 1024,
}


def _quantity(value: Any, units: dict[str, float], what: str) -> float:
    if isinstance(value, bool):
        raise ValueError(f"{what} must be a number with a unit")
    if isinstance(value, int | float):
        return float(value)
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([a-zA-Z]*)\s*", str(value))
    if not match or match.group(2).lower() not in units:
        raise ValueError(f"{what} {value!r} is not understood (use e.g. {'2s' if 's' in units else '256m'})")
    return float(match.group(1)) * units[match.group(2).lower()]


class Subtask(BaseModel):
    model_config = ConfigDict(extra="allow")

    score: float = 100
    n_cases: int | None = Field(None, ge=0)
    cases: list[dict[str, Any]] | None = None

    @model_validator(mode="after")
    def _has_cases(self) -> Subtask:
        if self.n_cases is None and self.cases is None:
            raise ValueError("a subtask needs n_cases or cases")
        return self


class FrontierCSConfig(BaseModel):
    """``config.yaml``; unknown keys (filename, checker_type, ...) are accepted and ignored."""

    model_config = ConfigDict(extra="allow")

    type: str = "default"
    time_ms: int = Field(1000, validation_alias="time")
    memory_mb: int = Field(256, validation_alias="memory")
    checker: str = "chk.cc"
    interactor: str | None = None
    subtasks: list[Subtask] | None = None

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        # FrontierCS also spells the limits time_limit / memory_limit.
        if isinstance(data, dict):
            data = dict(data)
            for alias, name in (("time_limit", "time"), ("memory_limit", "memory")):
                if alias in data and name not in data:
                    data[name] = data.pop(alias)
        return data

    @field_validator("time_ms", mode="before")
    @classmethod
    def _time(cls, v: Any) -> int:
        return max(1, round(_quantity(v, _UNITS_S, "time") * 1000))

    @field_validator("memory_mb", mode="before")
    @classmethod
    def _memory(cls, v: Any) -> int:
        return max(8, round(_quantity(v, _UNITS_MB, "memory")))


class FrontierCSPackage(BaseModel):
    """A loaded FrontierCS problem: the config, the statement, the checker and the tests."""

    root: Path
    config: FrontierCSConfig
    problem: Problem
    checker: Program
    tests: list[tuple[str, bytes, bytes | None]]


def is_frontiercs_package(root: Path) -> bool:
    return (root / CONFIG).is_file()


def _case_files(root: Path, config: FrontierCSConfig) -> list[tuple[str, Path, Path | None]]:
    testdata = root / "testdata"
    if not testdata.is_dir():
        raise InvalidInputError(f"{root} has no testdata folder; add testdata/1.in, 2.in, ...")

    def answer_for(inp: Path) -> Path | None:
        for suffix in (".ans", ".out"):
            candidate = inp.with_suffix(suffix)
            if candidate.is_file():
                return candidate
        return None

    if not config.subtasks:
        inputs = sorted(testdata.glob("*.in"), key=lambda p: natural_key(p.stem))
        return [(p.stem, p, answer_for(p)) for p in inputs]
    cases: list[tuple[str, Path, Path | None]] = []
    number = 1
    for subtask in config.subtasks:
        if subtask.n_cases is not None:
            for _ in range(subtask.n_cases):
                inp = testdata / f"{number}.in"
                cases.append((str(number), inp, answer_for(inp)))
                number += 1
        for case in subtask.cases or []:
            if "input" not in case:
                raise InvalidInputError(
                    f"{root / CONFIG}: field 'subtasks.cases' has an entry without input; add one."
                )
            inp = testdata / str(case["input"])
            out = case.get("output")
            cases.append((inp.stem, inp, testdata / str(out) if out else answer_for(inp)))
    return cases


def load_frontiercs(root: Path | str) -> FrontierCSPackage:
    """Read a FrontierCS / FrontierSmith problem directory; bad input is one InvalidInputError sentence."""
    root = Path(root)
    path = root / CONFIG
    if not path.is_file():
        raise InvalidInputError(f"{root} has no {CONFIG}; is it a FrontierCS problem directory?")
    try:
        config = FrontierCSConfig.model_validate(load_yaml(path))
    except ValidationError as exc:
        sentence = (
            validation_sentence(path, exc).replace("'time_ms'", "'time'").replace("'memory_mb'", "'memory'")
        )
        raise InvalidInputError(sentence) from None
    # FrontierCS ignores ``interactor`` on type: default problems (the checker judges), and so do we.
    if config.type != "default":
        raise InvalidInputError(
            f"{path}: field 'type' is {config.type!r}; only type: default (checker) problems can be judged here."
        )
    checker_path = root / config.checker
    if not checker_path.is_file():
        raise InvalidInputError(
            f"{path}: field 'checker' names {config.checker}, which does not exist in {root}."
        )
    tests = []
    for name, inp, ans in _case_files(root, config):
        if not inp.is_file():
            raise InvalidInputError(
                f"{path}: the subtasks ask for {inp.name}, which is missing from {inp.parent}."
            )
        tests.append(
            (name, inp.read_bytes(), ans.read_bytes() if ans is not None and ans.is_file() else None)
        )
    if not tests:
        raise InvalidInputError(f"{root / 'testdata'} holds no tests; add 1.in, 2.in, ...")
    statement_path = root / "statement.txt"
    statement = statement_path.read_text(errors="replace") if statement_path.is_file() else ""
    title = next((line.strip("# ").strip() for line in statement.splitlines() if line.strip()), root.name)
    problem = Problem(
        id=f"frontiercs_{root.name}",
        title=title[:200],
        statement=statement,
        objective=Objective(kind=ObjectiveKind.OPTIMISE, formula="the checker's ratio"),
        limits=Limits(time_ms=min(config.time_ms, 600_000), memory_mb=min(max(config.memory_mb, 8), 65536)),
        kind=ProblemKind.OPEN,
        provenance={
            "format": "frontiercs",
            "source": root.name,
            "subtask_scores": [s.score for s in config.subtasks or []],
        },
    )
    checker = Program(code=checker_path.read_text(errors="replace"), language=Language.CPP)
    return FrontierCSPackage(root=root, config=config, problem=problem, checker=checker, tests=tests)


class ImportSummary(BaseModel):
    """What ``import_frontiercs`` stored."""

    seed_id: str
    problem_id: str
    title: str
    test_ids: list[str]
    verifier_id: str
    inserted: bool  # False when the same package was imported before (nothing changed)


def import_frontiercs(root: Path | str, store: Any) -> ImportSummary:
    """Store a FrontierCS package as a seed (origin ``import``) with its tests and testlib checker.

    Ids derive from the content, so importing the same directory twice stores nothing new.
    """
    package = load_frontiercs(root)
    problem = package.problem
    seed = Seed(
        id=make_id("seed", "frontiercs", problem.id, problem.statement, package.checker.code), problem=problem
    )
    seed.origin = "import"
    with store.transaction():
        outcome = store.put_seed(seed)
        test_ids = []
        for name, inp, ans in package.tests:
            input_hash = store.put_blob(inp)
            answer_hash = store.put_blob(ans) if ans is not None else None
            test = TestCase(
                id=make_id("test", seed.id, name, input_hash, answer_hash),
                problem_id=seed.id,
                input_hash=input_hash,
                answer_hash=answer_hash,
                name=name,
                distribution="frontiercs",
            )
            store.put_test(test)
            test_ids.append(test.id)
        verifier = Verifier(
            id=make_id("verifier", seed.id, package.checker.code),
            problem_id=seed.id,
            code=package.checker.code,
            language=package.checker.language,
            kind=VerifierKind.TESTLIB,
            normalisation=Normalisation.CHECKER,
            author="frontiercs",
        )
        store.put_verifier(verifier)
    return ImportSummary(
        seed_id=seed.id,
        problem_id=problem.id,
        title=problem.title,
        test_ids=test_ids,
        verifier_id=verifier.id,
        inserted=str(outcome) != "unchanged",
    )
