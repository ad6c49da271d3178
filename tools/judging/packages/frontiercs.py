"""Reader of FrontierCS / FrontierSmith-release problem directories (``config.yaml`` + a checker or interactor).

Layout, as the FrontierCS algorithmic judge reads it::

    DIR/config.yaml      type: default | interactive, time: 2s, memory: 256m,
                         checker: chk.cc (default) | interactor: interactor.cc (interactive),
                         subtasks: [{score: 100, n_cases: 10}]; other keys are kept and ignored
    DIR/statement.txt    the statement
    DIR/chk.cc           a testlib checker: chk input output answer; quitp(ratio, "... Ratio: x")
    DIR/interactor.cc    a testlib interactor: interactor input tout answer, talking to the solution
    DIR/testdata/N.in    inputs 1..n (n = the sum of the subtasks' n_cases; all N.in when absent)
    DIR/testdata/N.ans   optional answers (N.out is accepted too); an empty answer when neither exists

``checker:`` and ``interactor:`` may name any file of the package. Every file the package names must be a
regular file inside DIR once symlinks are followed. A test the subtasks ask for whose input is missing
(released packages have gaps in their numbering) does not refuse the package: it becomes a SYSTEM_ERROR line
saying it is missing, and the tests that exist are judged. An interactor runs under four times the problem's
time and memory (as FrontierCS's judge gives it), or the judge's own verifier limits where those are more.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
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
    Sense,
    TestCase,
    Verifier,
    VerifierKind,
    make_id,
)
from frontiersmith.sandbox import ProgramRole, Sandbox, open_sandbox
from frontiersmith.settings import Settings, get_settings

from ..testgen import check_test_count
from .native import (
    answer_file,
    load_yaml,
    natural_key,
    package_dir,
    package_file,
    read_package_file,
    read_statement,
    read_test_files,
    validation_sentence,
)

CONFIG = "config.yaml"
TIME_MS_MAX = 600_000
MEMORY_MB_MIN, MEMORY_MB_MAX = 8, 65536
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
        number = float(value)
    else:
        match = re.fullmatch(r"\s*([-+]?[0-9]*\.?[0-9]+)\s*([a-zA-Z]*)\s*", str(value))
        if not match or match.group(2).lower() not in units:
            raise ValueError(
                f"{what} {value!r} is not understood (use e.g. {'2s' if 's' in units else '256m'})"
            )
        number = float(match.group(1)) * units[match.group(2).lower()]
    if not math.isfinite(number) or number <= 0:
        raise ValueError(f"{what} {value!r} must be a positive amount")
    return number


class Subtask(BaseModel):
    """One subtask of ``config.yaml``: its points and its cases, given as a count (``n_cases``) or listed
    (``cases``); one of the two is required."""

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
    interactor: str = "interactor.cc"
    subtasks: list[Subtask] | None = None

    @property
    def interactive(self) -> bool:
        """An interactive problem: its interactor talks to the running solution."""
        return self.type == "interactive"

    @property
    def judge_file(self) -> str:
        """The file that judges: the interactor of an interactive problem, else the checker (FrontierCS
        ignores ``interactor`` on a default problem, and so do we)."""
        return self.interactor if self.interactive else self.checker

    @property
    def judge_field(self) -> str:
        """The config key that names the judging program (``interactor`` or ``checker``), for error messages."""
        return "interactor" if self.interactive else "checker"

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

    # Limits out of range are errors, not clamps: a package that asks for 5 MB or an hour is wrong,
    # and judging it under other limits than it says would score it silently differently.
    @field_validator("time_ms", mode="before")
    @classmethod
    def _time(cls, v: Any) -> int:
        ms = round(_quantity(v, _UNITS_S, "time") * 1000)
        if not 1 <= ms <= TIME_MS_MAX:
            raise ValueError(f"time {v!r} is outside 1 ms .. {TIME_MS_MAX // 1000} s")
        return ms

    @field_validator("memory_mb", mode="before")
    @classmethod
    def _memory(cls, v: Any) -> int:
        mb = round(_quantity(v, _UNITS_MB, "memory"))
        if not MEMORY_MB_MIN <= mb <= MEMORY_MB_MAX:
            raise ValueError(f"memory {v!r} is outside {MEMORY_MB_MIN} MB .. {MEMORY_MB_MAX} MB")
        return mb


class MissingTest(BaseModel):
    """A test the subtasks ask for whose input is not in the package: judged as SYSTEM_ERROR."""

    name: str
    position: int  # its place among the package's tests
    path: str  # the input as the package names it, relative to the package

    @property
    def reason(self) -> str:
        """The sentence the test's SYSTEM_ERROR carries."""
        return f"test {self.name} is missing: the subtasks ask for it but the package has no {self.path}"


class FrontierCSPackage(BaseModel):
    """A loaded FrontierCS problem: the config, the statement, the checker (an interactive problem's
    interactor) and the tests."""

    root: Path
    config: FrontierCSConfig
    problem: Problem
    checker: Program  # the program that judges: config.judge_file
    tests: list[tuple[str, bytes, bytes | None]]  # the tests that exist, in the package's order
    missing: list[MissingTest] = Field(default_factory=list)


def is_frontiercs_package(root: Path) -> bool:
    """A FrontierCS package is a directory with a ``config.yaml``."""
    return (root / CONFIG).is_file()


_Case = tuple[str, Path, Path | None, Path | None]  # name, input as named, input (None: missing), answer


def _case_files(root: Path, config: FrontierCSConfig, settings: Settings) -> list[_Case]:
    where = f"{root / CONFIG}: field 'subtasks' names"
    testdata = package_dir(root, "testdata", f"{root} holds")

    def answer_for(inp: Path) -> Path | None:
        return answer_file(root, inp, (".ans", ".out"))

    def case(name: str, relative: Path, answer: Path | None = None) -> _Case:
        if not os.path.lexists(root / relative):
            return (name, relative, None, None)
        inp = package_file(root, relative, f"{root} holds")
        return (name, relative, inp, answer if answer is not None else answer_for(root / relative))

    if not config.subtasks:
        inputs = sorted(testdata.glob("*.in"), key=lambda p: natural_key(p.stem))
        check_test_count(len(inputs), str(testdata), settings)
        return [case(p.stem, p.relative_to(root)) for p in inputs]
    # Counted before a single case is listed: n_cases can be any number.
    check_test_count(
        sum((s.n_cases or 0) + len(s.cases or []) for s in config.subtasks), str(root / CONFIG), settings
    )
    cases: list[_Case] = []
    number = 1
    for subtask in config.subtasks:
        if subtask.n_cases is not None:
            for _ in range(subtask.n_cases):
                cases.append(case(str(number), Path("testdata") / f"{number}.in"))
                number += 1
        for entry in subtask.cases or []:
            if "input" not in entry:
                raise InvalidInputError(
                    f"{root / CONFIG}: field 'subtasks.cases' has an entry without input; add one."
                )
            relative = Path("testdata") / str(entry["input"])
            out = entry.get("output")
            answer = package_file(root, Path("testdata") / str(out), where) if out else None
            cases.append(case(relative.stem, relative, answer))
    return cases


def load_frontiercs(root: Path | str, settings: Settings | None = None) -> FrontierCSPackage:
    """Read a FrontierCS / FrontierSmith problem directory; bad input is one InvalidInputError sentence. Every
    file is checked against its bound by its size on disk before it is read (tests and answers against
    ``max_test_bytes``, and ``max_build_bytes`` together; the rest against ``max_source_bytes``)."""
    root = Path(root)
    settings = settings or get_settings()
    path = root / CONFIG
    if not path.is_file():
        raise InvalidInputError(f"{root} has no {CONFIG}; is it a FrontierCS problem directory?")
    try:
        config = FrontierCSConfig.model_validate(load_yaml(path, settings))
    except ValidationError as exc:
        sentence = (
            validation_sentence(path, exc).replace("'time_ms'", "'time'").replace("'memory_mb'", "'memory'")
        )
        raise InvalidInputError(sentence) from None
    if config.type not in ("default", "interactive"):
        raise InvalidInputError(
            f"{path}: field 'type' is {config.type!r}; FrontierCS problems are type: default (a checker) or "
            "type: interactive (an interactor)."
        )
    checker_code = read_package_file(
        root, config.judge_file, f"{path}: field '{config.judge_field}' names", settings
    )
    present: list[tuple[str, str, Path, Path | None]] = []
    missing: list[MissingTest] = []
    for position, (name, relative, inp, ans) in enumerate(_case_files(root, config, settings)):
        if inp is None:
            missing.append(MissingTest(name=name, position=position, path=relative.as_posix()))
            continue
        present.append((name, relative.as_posix(), inp, ans))
    tests = read_test_files(root, present, settings) if present else []
    if not tests:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        shown = f" ({missing[0].path}{more} missing)" if missing else ""
        raise InvalidInputError(f"{root / 'testdata'} holds no tests{shown}; add 1.in, 2.in, ...")
    statement = read_statement(root, "statement.txt", f"{root} holds", settings)
    # A FrontierSmith export names its title in config.yaml; a FrontierCS statement starts with it.
    named = (config.model_extra or {}).get("title")
    first = next((line.strip("# ").strip() for line in statement.splitlines() if line.strip()), root.name)
    title = named.strip() if isinstance(named, str) and named.strip() else first
    problem = Problem(
        id=f"frontiercs_{root.name}",
        title=title[:200],
        statement=statement,
        objective=Objective(
            kind=ObjectiveKind.OPTIMISE,
            sense=Sense.MAX,
            formula=f"the {config.judge_field}'s ratio (1 is the best known)",
        ),
        limits=Limits(time_ms=config.time_ms, memory_mb=config.memory_mb),
        kind=ProblemKind.OPEN,
        provenance={
            "format": "frontiercs",
            "source": root.name,
            "type": config.type,
            "subtask_scores": [s.score for s in config.subtasks or []],
        },
    )
    checker = Program(code=checker_code.decode("utf-8", "replace"), language=Language.CPP)
    return FrontierCSPackage(
        root=root, config=config, problem=problem, checker=checker, tests=tests, missing=missing
    )


class ImportSummary(BaseModel):
    """What ``import_frontiercs`` stored for one package."""

    problem_id: str  # the stored open problem's id (``problem_…``): what judge, submit and lineage take
    source: str  # the package folder's name
    title: str
    type: str = "default"  # default (a checker) or interactive (an interactor)
    test_ids: list[str]
    verifier_id: str
    inserted: bool  # False when the same package was imported before (nothing changed)
    missing: list[str] = Field(default_factory=list)  # why each missing test was left out


class ImportOutcome(BaseModel):
    """One package of a folder ``import_frontiercs_tree`` went through: what was stored, or why not."""

    path: str
    stored: ImportSummary | None = None
    refused: str = ""  # one sentence, when nothing was stored


async def check_checker_compiles(package: FrontierCSPackage, sandbox: Sandbox) -> None:
    """Compile the package's checker (or interactor) in ``sandbox``; one that does not compile is refused,
    since every submission to it would be SYSTEM_ERROR."""
    compiled = await sandbox.compile(
        package.checker.code,
        package.checker.language,
        name=package.config.judge_field,
        role=ProgramRole.JUDGE,
    )
    if not compiled.ok:
        first = next((line.strip() for line in compiled.message.splitlines() if "error" in line), "")
        first = first or (compiled.message.strip().splitlines() or [compiled.verdict.value])[0]
        raise InvalidInputError(
            f"{package.root / CONFIG}: the {package.config.judge_field} {package.config.judge_file} does not "
            f"compile ({first[:200]}); fix it and import again."
        )


def imported_problem_id(package: FrontierCSPackage) -> str:
    """The id an imported package is stored under: from its content, so a re-import finds it."""
    problem = package.problem
    return make_id("problem", "frontiercs", problem.id, problem.statement, package.checker.code)


async def import_frontiercs(
    root: Path | str,
    store: Any,
    *,
    backend: str | None = None,
    settings: Settings | None = None,
    sandbox: Sandbox | None = None,
) -> ImportSummary:
    """Store a FrontierCS package as an imported open problem (origin ``problem``: solved and judged, never
    mutated as if it were closed; ``seeds import --as-seed`` takes one as a seed) with its tests and checker
    or interactor, compiled in ``sandbox`` (or a sandbox of its own) first.

    The package is read and its checker compiled before anything is stored, so a bad package
    stores nothing. Ids derive from the content, so importing the same directory twice stores
    nothing new. Tests the subtasks ask for but the package lacks are left out and listed in
    ``missing``.
    """
    package = load_frontiercs(root, settings)
    if sandbox is None:
        async with open_sandbox(backend, settings) as own:
            await check_checker_compiles(package, own)
    else:
        await check_checker_compiles(package, sandbox)
    return _store_package(package, store)


def _store_package(package: FrontierCSPackage, store: Any) -> ImportSummary:
    problem = package.problem
    seed = Seed(id=imported_problem_id(package), problem=problem)
    seed.origin = "problem"
    with store.transaction():
        outcome = store.seeds.put(seed)
        test_ids = []
        for name, inp, ans in package.tests:
            input_hash = store.blobs.put(inp)
            answer_hash = store.blobs.put(ans) if ans is not None else None
            test = TestCase(
                id=make_id("test", seed.id, name, input_hash, answer_hash),
                problem_id=seed.id,
                input_hash=input_hash,
                answer_hash=answer_hash,
                name=name,
                distribution="frontiercs",
            )
            store.problems.put_test(test)
            test_ids.append(test.id)
        verifier = Verifier(
            id=make_id("verifier", seed.id, package.checker.code),
            problem_id=seed.id,
            code=package.checker.code,
            language=package.checker.language,
            kind=VerifierKind.TESTLIB,
            normalisation=Normalisation.CHECKER,
            author="frontiercs",
            interactive=package.config.interactive or None,
        )
        store.problems.put_verifier(verifier)
    return ImportSummary(
        problem_id=seed.id,
        source=package.root.name,
        title=problem.title,
        type=package.config.type,
        test_ids=test_ids,
        verifier_id=verifier.id,
        inserted=str(outcome) != "unchanged",
        missing=[m.reason for m in package.missing],
    )


PACKAGE_SEARCH_DEPTH = 4  # how deep under the folder given packages are looked for


def find_packages(root: Path | str) -> list[Path]:
    """The FrontierCS packages at or under ``root``: ``root`` itself when it is one, else every folder with a
    ``config.yaml`` below it (a package's own sub-folders are not searched), in natural order (1, 2, ..., 10)."""
    root = Path(root)
    if not root.is_dir():
        raise InvalidInputError(
            f"{root} is not a directory; pass a FrontierCS problem folder or a folder of them."
        )
    if is_frontiercs_package(root):
        return [root]
    found: list[Path] = []

    def walk(folder: Path, depth: int) -> None:
        try:
            children = sorted(
                (c for c in folder.iterdir() if c.is_dir() and not c.name.startswith(".")),
                key=lambda c: natural_key(c.name),
            )
        except OSError:
            return
        for child in children:
            if is_frontiercs_package(child):
                found.append(child)
            elif depth < PACKAGE_SEARCH_DEPTH:
                walk(child, depth + 1)

    walk(root, 1)
    if not found:
        raise InvalidInputError(
            f"{root} holds no FrontierCS problem (a folder with config.yaml) within {PACKAGE_SEARCH_DEPTH} levels."
        )
    return found


async def import_frontiercs_tree(
    root: Path | str,
    store: Any,
    *,
    backend: str | None = None,
    settings: Settings | None = None,
    progress: Callable[[int, int, str], None] | None = None,
) -> list[ImportOutcome]:
    """Import every package at or under ``root`` (one, or a benchmark's folder of them), one at a time in one
    sandbox (memory bounded by the largest package), each stored or refused with one sentence; ``progress``
    hears (done, total, package name) after each. A ``root`` that is itself a package it cannot import raises
    that sentence (InvalidInputError), as ``import_frontiercs`` does."""
    packages = find_packages(root)
    single = packages == [Path(root)]
    outcomes: list[ImportOutcome] = []
    async with open_sandbox(backend, settings) as sandbox:
        for done, path in enumerate(packages, 1):
            try:
                summary = await import_frontiercs(path, store, settings=settings, sandbox=sandbox)
                outcomes.append(ImportOutcome(path=str(path), stored=summary))
            except InvalidInputError as exc:
                if single:
                    raise
                outcomes.append(ImportOutcome(path=str(path), refused=str(exc)))
            if progress is not None:
                progress(done, len(packages), path.name)
    return outcomes
