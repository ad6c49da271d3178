"""Reader of native FrontierSmith task packages: a directory with a ``problem.yaml`` manifest.

The catalog exporter writes this layout and ``frontiersmith judge`` reads it::

    DIR/
      problem.yaml        the manifest (below)
      statement.md        the statement shown to solvers (markdown)
      verifier.py|.cpp    the verifier program (native or testlib kind)
      baseline.py|.cpp    the baseline solution s* (optional)
      testdata/1.in       test inputs, judged in natural order of their stems ("1", "2", ..., "10")
      testdata/1.ans      optional reference answers (given to testlib checkers as ``answer.txt``)

``problem.yaml``::

    id: knapsack_open            # required, the problem's id
    title: Open knapsack         # required
    statement: statement.md      # default statement.md
    objective: "total value"     # optional one-line formula
    sense: max                   # min | max; required unless normalisation is checker
    normalisation: paper         # paper | ratio | range | checker (default: paper, or checker for testlib)
    ratio_cap: 1.0               # k of FrontierCS clamp(B/O, 0, k), for normalisation ratio
    time_ms: 2000
    memory_mb: 256
    verifier: {kind: native, file: verifier.py, language: python}   # kind native | testlib
    baseline: {file: baseline.py, language: python}                 # optional
    reference: {file: best.cpp, language: cpp}                      # optional; "best" of range
    generator: {file: gen.py, language: python}                     # optional, not run by the judge
    validator: {file: val.py, language: python}                     # optional, not run by the judge
    tests: testdata              # folder of N.in [+ N.ans]
    lineage: {}                  # free-form provenance (seed id, candidate id, axis, round, ...)

A ``language`` may be left out when the file's suffix says it (.py python, .cpp/.cc/.cxx cpp).
A native verifier is run as ``VERIFIER verify input.txt output.txt`` and prints one JSON line
``{"feasible": bool, "objective": number|null, "message": str}``; a testlib checker is run as
``CHK input.txt output.txt answer.txt``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

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
    Sense,
    VerifierKind,
)

MANIFEST = "problem.yaml"
SUFFIX_LANGUAGE = {".py": Language.PYTHON, ".cpp": Language.CPP, ".cc": Language.CPP, ".cxx": Language.CPP}


class ProgramRef(BaseModel):
    """A program file of the package, relative to the package directory."""

    model_config = ConfigDict(extra="forbid")

    file: str
    language: Language | None = None

    def resolved_language(self) -> Language | None:
        return self.language or SUFFIX_LANGUAGE.get(Path(self.file).suffix.lower())


class VerifierRef(ProgramRef):
    kind: VerifierKind = VerifierKind.NATIVE


class NativeManifest(BaseModel):
    """The ``problem.yaml`` of a native package (see the module docstring)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    title: str = Field(min_length=1)
    statement: str = "statement.md"
    objective: str = ""
    sense: Sense | None = None
    normalisation: Normalisation | None = None
    ratio_cap: float = Field(1.0, gt=0)
    time_ms: int = Field(2000, ge=1, le=600_000)
    memory_mb: int = Field(256, ge=8, le=65536)
    verifier: VerifierRef
    baseline: ProgramRef | None = None
    reference: ProgramRef | None = None
    generator: ProgramRef | None = None
    validator: ProgramRef | None = None
    tests: str = "testdata"
    lineage: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _defaults(self) -> NativeManifest:
        if self.normalisation is None:
            testlib = self.verifier.kind is VerifierKind.TESTLIB
            self.normalisation = Normalisation.CHECKER if testlib else Normalisation.PAPER
        if self.normalisation is not Normalisation.CHECKER and self.sense is None:
            raise ValueError("sense (min or max) is required unless normalisation is checker")
        return self


def natural_key(name: str) -> tuple[Any, ...]:
    """Order test stems as people number them: 2 before 10."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))


def read_tests(folder: Path) -> list[tuple[str, bytes, bytes | None]]:
    """(stem, input, answer-or-None) for every ``*.in`` in ``folder``, in natural order."""
    if not folder.is_dir():
        raise InvalidInputError(f"The tests folder {folder} does not exist; add N.in files there.")
    tests = []
    for path in sorted(folder.glob("*.in"), key=lambda p: natural_key(p.stem)):
        ans = path.with_suffix(".ans")
        tests.append((path.stem, path.read_bytes(), ans.read_bytes() if ans.is_file() else None))
    if not tests:
        raise InvalidInputError(f"The tests folder {folder} holds no N.in files; add at least one test.")
    return tests


def load_yaml(path: Path) -> dict[str, Any]:
    """A YAML mapping, or a one-sentence error naming the file."""
    try:
        data = yaml.safe_load(path.read_text())
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        line = f" at line {where.line + 1}" if where is not None else ""
        raise InvalidInputError(f"{path} is not valid YAML{line}; fix its syntax.") from None
    except UnicodeDecodeError:
        raise InvalidInputError(f"{path} is not UTF-8 text; save it as UTF-8.") from None
    if not isinstance(data, dict):
        raise InvalidInputError(f"{path} must be a YAML mapping of fields, not {type(data).__name__}.")
    return data


def validation_sentence(path: Path, exc: ValidationError) -> str:
    first = exc.errors()[0]
    field = ".".join(str(p) for p in first.get("loc", ())) or "(top level)"
    return f"{path}: field {field!r}: {first.get('msg', 'invalid')}; fix that field."


class NativePackage(BaseModel):
    """A loaded native package: the manifest plus file contents the judge needs."""

    root: Path
    manifest: NativeManifest
    problem: Problem
    verifier: Program
    baseline: Program | None = None
    reference: Program | None = None
    tests: list[tuple[str, bytes, bytes | None]]


def _program(root: Path, ref: ProgramRef, field: str) -> Program:
    path = root / ref.file
    if not path.is_file():
        raise InvalidInputError(f"{root / MANIFEST}: field {field!r} names {ref.file}, which does not exist.")
    language = ref.resolved_language()
    if language is None:
        raise InvalidInputError(
            f"{root / MANIFEST}: field {field!r}: cannot tell the language of {ref.file}; add language: cpp|python."
        )
    return Program(code=path.read_text(), language=language)


def is_native_package(root: Path) -> bool:
    return (root / MANIFEST).is_file()


def load_native(root: Path | str) -> NativePackage:
    """Read and check a native package directory; bad input is one InvalidInputError sentence."""
    root = Path(root)
    path = root / MANIFEST
    if not path.is_file():
        raise InvalidInputError(f"{root} has no {MANIFEST}; is it a native FrontierSmith package?")
    try:
        manifest = NativeManifest.model_validate(load_yaml(path))
    except ValidationError as exc:
        raise InvalidInputError(validation_sentence(path, exc)) from None
    statement_path = root / manifest.statement
    statement = statement_path.read_text() if statement_path.is_file() else ""
    problem = Problem(
        id=manifest.id,
        title=manifest.title,
        statement=statement,
        objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=manifest.sense, formula=manifest.objective),
        limits=Limits(time_ms=manifest.time_ms, memory_mb=manifest.memory_mb),
        kind=ProblemKind.OPEN,
        provenance={"format": "native", **manifest.lineage},
    )
    return NativePackage(
        root=root,
        manifest=manifest,
        problem=problem,
        verifier=_program(root, manifest.verifier, "verifier"),
        baseline=_program(root, manifest.baseline, "baseline") if manifest.baseline else None,
        reference=_program(root, manifest.reference, "reference") if manifest.reference else None,
        tests=read_tests(root / manifest.tests),
    )
