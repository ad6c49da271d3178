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
    references: {"1": {baseline: 12.0, best: 40.0}}                # optional; per test stem, the fixed
                                 # baseline and best objectives (a published task's), used instead of running them
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

import os
import re
import stat
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
    Reference,
    Sense,
    VerifierKind,
)
from frontiersmith.settings import Settings, get_settings

from ..testgen import _size

MANIFEST = "problem.yaml"
# The settings that bound a package file's size: a test's or answer's, and everything else's (the manifest,
# the statement, the programs).
TEST_BOUND, SOURCE_BOUND = "max_test_bytes", "max_source_bytes"


class ProgramRef(BaseModel):
    """A program file of the package, relative to the package directory."""

    model_config = ConfigDict(extra="forbid")

    file: str
    language: Language | None = None

    def resolved_language(self) -> Language | None:
        """The language given, else the one the file's suffix says; None when neither says."""
        return self.language or Language.of_file(self.file)


class VerifierRef(ProgramRef):
    """The manifest's ``verifier``: a program file, how it judges (native or testlib) and whether it is an
    interactor."""

    kind: VerifierKind = VerifierKind.NATIVE
    interactive: bool = (
        False  # an interactor: it talks to the running solution (tools/judging/judge.Judge._interact)
    )


class NativeManifest(BaseModel):
    """The ``problem.yaml`` of a native package (see the module docstring)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    title: str = Field(min_length=1)
    statement: str = "statement.md"
    objective: str = ""
    sense: Sense | None = None
    normalisation: Normalisation | None = None
    ratio_cap: float = Field(1.0, gt=0, allow_inf_nan=False)
    time_ms: int = Field(2000, ge=1, le=600_000)
    memory_mb: int = Field(256, ge=8, le=65536)
    verifier: VerifierRef
    baseline: ProgramRef | None = None
    reference: ProgramRef | None = None
    references: dict[str, Reference] | None = None
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


def _shown(root: Path, name: str | Path) -> str:
    given = Path(name)
    if given.is_absolute():
        try:
            return given.relative_to(root).as_posix()
        except ValueError:
            return given.as_posix()
    return given.as_posix()


def _resolved_inside(root: Path, name: str | Path, context: str) -> Path:
    """``root / name`` with every symlink followed, refused unless it stays inside ``root``."""
    shown = _shown(root, name)
    try:
        real = (root / name).resolve()
        inside = real.is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop
        raise InvalidInputError(
            f"{context} {shown}, which cannot be resolved (a symlink loop?); fix the link."
        ) from None
    if not inside:
        raise InvalidInputError(
            f"{context} {shown}, which leads outside the package; keep every file a package names inside "
            "its folder (no absolute paths, '..' or symlinks that lead out)."
        )
    return real


def package_file(root: Path, name: str | Path, context: str, *, optional: bool = False) -> Path | None:
    """The regular file a package names (``name``, relative to ``root``), resolved inside ``root``.

    ``context`` starts the one-sentence error, e.g. ``"DIR/problem.yaml: field 'verifier' names"``;
    the error names the path as the package gave it. With ``optional``, a path that does not exist
    (and is no dangling symlink) is None instead of an error; one that leads out never is.
    """
    real = _resolved_inside(root, name, context)
    shown = _shown(root, name)
    if not os.path.lexists(root / name) and optional:
        return None
    if real.is_dir():
        raise InvalidInputError(f"{context} {shown}, which is a directory, not a file; put a file there.")
    if not real.exists():
        raise InvalidInputError(f"{context} {shown}, which does not exist; add it or fix the path.")
    if not real.is_file():
        raise InvalidInputError(f"{context} {shown}, which is not a regular file; use a regular file.")
    return real


def package_dir(root: Path, name: str | Path, context: str) -> Path:
    """The folder a package names, checked to be a folder inside ``root``; returned unresolved
    (``root / name``) so the files found in it can be named relative to the package."""
    real = _resolved_inside(root, name, context)
    if not real.is_dir():
        raise InvalidInputError(
            f"{context} {_shown(root, name)}, which is not a folder; add N.in files there."
        )
    return root / name


def read_package_file(
    root: Path, name: str | Path, context: str, settings: Settings, bound: str = SOURCE_BOUND
) -> bytes:
    """The bytes of the file a package names, no more than the setting ``bound`` allows (``read_bounded``)."""
    path = package_file(root, name, context)
    assert path is not None
    return read_bounded(path, _shown(root, name), context, settings, bound)


def read_bounded(
    path: Path, shown: str, context: str, settings: Settings, bound: str = SOURCE_BOUND
) -> bytes:
    """The bytes of a package's file, refused in one sentence (``context`` ``shown``, which is ...) when its size
    on disk is over the setting ``bound``: checked before a byte is read (st_size, which a sparse file reports
    in full too), and reading stops one byte past the bound, so a file that grows meanwhile is refused too.
    Opened without blocking, so a file swapped for a FIFO meanwhile is refused, not waited on."""
    limit = getattr(settings, bound)
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise InvalidInputError(
            f"{context} {shown}, which cannot be read ({exc.strerror}); fix it."
        ) from None
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise InvalidInputError(f"{context} {shown}, which is not a regular file; use a regular file.")
        data = handle.read(limit + 1) if info.st_size <= limit else b""
    if info.st_size > limit or len(data) > limit:
        raise InvalidInputError(too_big(f"{context} {shown}", max(info.st_size, len(data)), limit, bound))
    return data


def too_big(what: str, size: int, limit: int, bound: str) -> str:
    """The sentence refusing ``what`` (a package's file, its tests together) of ``size`` bytes over a bound."""
    return (
        f"{what}, which is {_size(size)}, over the limit of {_size(limit)} set by {bound} "
        f"(FRONTIERSMITH_{bound.upper()}); make it smaller or raise the setting."
    )


def check_test_sizes(root: Path, files: list[tuple[str, Path]], settings: Settings) -> None:
    """Refuse a package, before any of its tests is read, when a test or answer (shown name, path) is over
    ``max_test_bytes`` or all of them together are over ``max_build_bytes``, by their sizes on disk."""
    total = 0
    for shown, path in files:
        size = path.stat().st_size
        if size > settings.max_test_bytes:
            raise InvalidInputError(
                too_big(f"{root} holds {shown}", size, settings.max_test_bytes, TEST_BOUND)
            )
        total += size
    if total > settings.max_build_bytes:
        raise InvalidInputError(
            too_big(
                f"{root} holds {len(files)} test files", total, settings.max_build_bytes, "max_build_bytes"
            )
        )


def nested_over(value: Any, depth: int, values: int | None = None) -> str:
    """Why a parsed document (JSON, YAML) is over its bounds: lists and mappings nested more than ``depth``
    deep, or more than ``values`` values in all (YAML's aliases can make a small file a huge document);
    "" when it is within. Walked a container at a time, without recursion, and stopped at the first excess."""
    stack = [(value, 1)] if isinstance(value, dict | list) else []
    seen = 0
    while stack:
        item, level = stack.pop()
        if level > depth:
            return f"nests more than {depth} levels deep"
        children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
        seen += len(children)
        if values is not None and seen > values:
            return f"holds more than {values} values (aliases that repeat one another?)"
        stack.extend((c, level + 1) for c in children if isinstance(c, dict | list))
    return ""


def read_statement(root: Path, name: str, context: str, settings: Settings, *, optional: bool = True) -> str:
    """The statement a package names, as text ("" when it is optional and missing), within max_source_bytes."""
    path = package_file(root, name, context, optional=optional)
    if path is None:
        return ""
    return read_bounded(path, _shown(root, name), context, settings).decode("utf-8", "replace")


def answer_file(root: Path, inp: Path, suffixes: tuple[str, ...] = (".ans",)) -> Path | None:
    """The answer next to test input ``inp`` (the first suffix present), or None when there is none;
    an answer that is a directory, a special file or leads out of the package is an error."""
    for suffix in suffixes:
        candidate = inp.with_suffix(suffix)
        if os.path.lexists(candidate):
            return package_file(root, candidate.relative_to(root), f"{root} holds")
    return None


def read_tests(
    root: Path, folder_name: str | Path, context: str, settings: Settings
) -> list[tuple[str, bytes, bytes | None]]:
    """(stem, input, answer-or-None) for every ``*.in`` in the package folder ``folder_name``, in natural order;
    their sizes are checked (``check_test_sizes``) before any is read."""
    folder = package_dir(root, folder_name, context)
    cases = []
    for path in sorted(folder.glob("*.in"), key=lambda p: natural_key(p.stem)):
        inp = package_file(root, path.relative_to(root), f"{root} holds")
        assert inp is not None
        cases.append((path.stem, _shown(root, path), inp, answer_file(root, path)))
    if not cases:
        raise InvalidInputError(f"The tests folder {folder} holds no N.in files; add at least one test.")
    return read_test_files(root, cases, settings)


def read_test_files(
    root: Path, cases: list[tuple[str, str, Path, Path | None]], settings: Settings
) -> list[tuple[str, bytes, bytes | None]]:
    """(name, input, answer-or-None) of the cases (name, input as shown, input, answer), their sizes checked
    before any is read."""
    files = [(shown, inp) for _, shown, inp, _ in cases]
    files += [(_shown(root, ans), ans) for *_, ans in cases if ans is not None]
    check_test_sizes(root, files, settings)
    context = f"{root} holds"

    def read(shown: str, path: Path) -> bytes:
        return read_bounded(path, shown, context, settings, TEST_BOUND)

    return [
        (name, read(shown, inp), read(_shown(root, ans), ans) if ans is not None else None)
        for name, shown, inp, ans in cases
    ]


def load_yaml(path: Path, settings: Settings | None = None) -> dict[str, Any]:
    """A YAML mapping, or a one-sentence error naming the file. The file is no bigger than
    ``max_source_bytes``, and the document no deeper than ``max_nesting_depth`` nor bigger than the file."""
    settings = settings or get_settings()
    try:
        text = read_bounded(path, path.name, f"{path.parent} holds", settings).decode("utf-8")
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        line = f" at line {where.line + 1}" if where is not None else ""
        raise InvalidInputError(f"{path} is not valid YAML{line}; fix its syntax.") from None
    except UnicodeDecodeError:
        raise InvalidInputError(f"{path} is not UTF-8 text; save it as UTF-8.") from None
    except RecursionError:
        raise InvalidInputError(f"{path} nests too deep to read; flatten it.") from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise InvalidInputError(f"{path} holds a value that cannot be read ({exc}); fix it.") from None
    if not isinstance(data, dict):
        raise InvalidInputError(f"{path} must be a YAML mapping of fields, not {type(data).__name__}.")
    excess = nested_over(data, settings.max_nesting_depth, len(text))
    if excess:
        raise InvalidInputError(f"{path} {excess}; write it out plainly.")
    return data


def validation_sentence(path: Path, exc: ValidationError) -> str:
    """The first of a manifest's validation errors as one sentence naming the file and field to fix."""
    first = exc.errors()[0]
    field = ".".join(str(p) for p in first.get("loc", ())) or "(top level)"
    message = str(first.get("msg", "invalid")).removeprefix("Value error, ")
    return f"{path}: field {field!r}: {message}; fix that field."


class NativePackage(BaseModel):
    """A loaded native package: the manifest plus file contents the judge needs."""

    root: Path
    manifest: NativeManifest
    problem: Problem
    verifier: Program
    baseline: Program | None = None
    reference: Program | None = None
    tests: list[tuple[str, bytes, bytes | None]]

    @property
    def references(self) -> dict[str, Reference] | None:
        """The manifest's fixed baseline and best objectives per test stem (a published task's), or None to run
        the baseline and reference."""
        return self.manifest.references


def _program(root: Path, ref: ProgramRef, field: str, settings: Settings) -> Program:
    context = f"{root / MANIFEST}: field {field!r} names"
    data = read_package_file(root, ref.file, context, settings)
    language = ref.resolved_language()
    if language is None:
        raise InvalidInputError(
            f"{root / MANIFEST}: field {field!r}: cannot tell the language of {ref.file}; add language: cpp|python."
        )
    try:
        code = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{context} {ref.file}, which is not UTF-8 text; save it as UTF-8.") from None
    return Program(code=code, language=language)


def is_native_package(root: Path) -> bool:
    """A native package is a directory with a ``problem.yaml``."""
    return (root / MANIFEST).is_file()


def load_native(root: Path | str, settings: Settings | None = None) -> NativePackage:
    """Read and check a native package directory; bad input is one InvalidInputError sentence. Every file is
    checked against its bound (``read_bounded``) before it is read."""
    root = Path(root)
    settings = settings or get_settings()
    path = root / MANIFEST
    if not path.is_file():
        raise InvalidInputError(f"{root} has no {MANIFEST}; is it a native FrontierSmith package?")
    try:
        manifest = NativeManifest.model_validate(load_yaml(path, settings))
    except ValidationError as exc:
        raise InvalidInputError(validation_sentence(path, exc)) from None
    statement = read_statement(root, manifest.statement, f"{path}: field 'statement' names", settings)
    for field in ("generator", "validator"):  # not run by the judge, but a package names only its own files
        ref = getattr(manifest, field)
        if ref is not None:
            package_file(root, ref.file, f"{path}: field {field!r} names")
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
        verifier=_program(root, manifest.verifier, "verifier", settings),
        baseline=_program(root, manifest.baseline, "baseline", settings) if manifest.baseline else None,
        reference=_program(root, manifest.reference, "reference", settings) if manifest.reference else None,
        tests=read_tests(root, manifest.tests, f"{path}: field 'tests' names", settings),
    )


def write_native_package(
    dest: Path,
    manifest: dict[str, Any],
    statement: str,
    files: dict[str, str],
    tests: list[tuple[bytes, bytes | None]],
) -> Path:
    """Write a native package: ``problem.yaml`` (``manifest``, the fields this module reads), the statement,
    ``files`` (package-relative path -> text: the verifier, the baseline, solutions) and ``testdata/N.in``
    (+ ``N.ans``) numbered from 1 in the order given. ``dest`` must not exist or be an empty folder, so
    nothing is ever overwritten. The catalog exporter and the task exports both write through here."""
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise InvalidInputError(f"{dest} already exists and is not an empty folder; choose a new folder.")
    dest.mkdir(parents=True, exist_ok=True)
    (dest / str(manifest.get("statement", "statement.md"))).write_text(statement)
    for name, text in files.items():
        path = dest / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    folder = dest / str(manifest.get("tests", "testdata"))
    folder.mkdir(parents=True, exist_ok=True)
    for i, (inp, ans) in enumerate(tests, 1):
        (folder / f"{i}.in").write_bytes(inp)
        if ans is not None:
            (folder / f"{i}.ans").write_bytes(ans)
    text = yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True)
    (dest / MANIFEST).write_text(text)
    return dest
