"""Native seed folders: ``seed.yaml`` + ``statement.md`` + ``tests/*.in`` (+ ``.ans``) + ``solutions/*.py|.cpp``
+ an optional testlib ``checker.cc``; the only format whose author may give the tuple (O, C_I, C_O) itself."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from frontiersmith.drafts import SeedDraft, SeedTest
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Comparison,
    InputSpec,
    Language,
    Limits,
    Objective,
    OutputSpec,
    Program,
    SeedChecker,
    SeedProvenance,
)
from frontiersmith.settings import Settings, get_settings

from ...judging.packages.native import (
    load_yaml,
    natural_key,
    read_package_file,
    read_statement,
    read_tests,
    validation_sentence,
)
from ..readers import SEED_MANIFEST, is_seed_dir
from .fields import UNDESCRIBED, cap_tests, closed_problem, required_statement
from .registry import FolderFormat, seed_format


class SeedManifest(BaseModel):
    """``seed.yaml`` of a native seed dir; the tuple is optional (left out, it is described on import)::

    title: Shortest route
    objective: {kind: optimise, sense: min, formula: total length of the route}
    input: {constraints: "1 <= n <= 10^5", bounds: {n: [1, 100000]}}
    output: {description: the length of the shortest route}
    limits: {time_ms: 2000, memory_mb: 256}
    tags: [graph]
    source: my contest
    license: CC-BY-4.0
    comparison: token          # exact | token | float (default: chosen from the answers)
    checker: checker.cc        # a testlib checker judging outputs instead (default: checker.cc when present)
    """

    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1)
    statement: str = "statement.md"
    objective: Objective | None = None
    input: InputSpec = Field(default_factory=InputSpec)
    output: OutputSpec = Field(default_factory=OutputSpec)
    io_format: str = ""
    limits: Limits = Field(default_factory=Limits)
    tags: list[str] = Field(default_factory=list)
    difficulty: float | None = None
    source: str = ""
    license: str = ""
    url: str = ""
    comparison: Comparison | None = None
    checker: str | None = None


SEED_CHECKER = "checker.cc"  # a seed folder's testlib checker, when its seed.yaml names none


def _dir_checker(root: Path, named: str | None, settings: Settings) -> SeedChecker | None:
    """The folder's testlib checker: the file seed.yaml names, else checker.cc when there is one."""
    if named is None and not (root / SEED_CHECKER).is_file():
        return None
    name = named or SEED_CHECKER
    language = Language.of_file(name)
    if language is None:
        raise InvalidInputError(
            f"{root / name} is not C++ or Python (.cc, .cpp or .py); name a checker in one."
        )
    data = read_package_file(root, name, f"{root / SEED_MANIFEST}: field 'checker' names", settings)
    try:
        return SeedChecker(program=Program(code=data.decode("utf-8"), language=language), by="seed folder")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{root / name} is not UTF-8 text; save it as UTF-8.") from None


def _dir_solutions(root: Path, settings: Settings) -> list[Program]:
    folder = root / "solutions"
    if not folder.is_dir():
        return []
    programs = []
    for path in sorted(folder.iterdir(), key=lambda p: natural_key(p.name)):
        language = Language.of_file(path.name)
        if language is None:
            continue
        data = read_package_file(root, path.relative_to(root), f"{root} holds", settings)
        try:
            programs.append(Program(code=data.decode("utf-8"), language=language))
        except UnicodeDecodeError:
            raise InvalidInputError(f"{path} is not UTF-8 text; save it as UTF-8.") from None
    return programs


def load_seed_dir(root: Path, shown: str | None = None, settings: Settings | None = None) -> SeedDraft:
    """A native seed dir: ``seed.yaml`` + ``statement.md`` + ``tests/*.in`` (+ ``.ans``) + ``solutions/*.py|.cpp``."""
    settings = settings or get_settings()
    path = root / SEED_MANIFEST
    try:
        manifest = SeedManifest.model_validate(load_yaml(path, settings))
    except ValidationError as exc:
        raise InvalidInputError(validation_sentence(path, exc)) from None
    context = f"{path}: field 'statement' names"
    statement = required_statement(
        read_statement(root, manifest.statement, context, settings, optional=False), "statement"
    )
    tests = []
    if (root / "tests").exists():
        tests = [
            SeedTest(name=name, input=inp, answer=ans, kind="native")
            for name, inp, ans in read_tests(root, "tests", f"{root} holds", settings)
        ]
    problem = closed_problem(manifest.title, statement, manifest.limits)
    problem = problem.model_copy(
        update={
            "objective": manifest.objective or UNDESCRIBED,
            "input_spec": manifest.input,
            "output_spec": manifest.output,
            "io_format": manifest.io_format,
        }
    )
    notes: list[str] = []
    return SeedDraft(
        problem=problem,
        tests=cap_tests(tests, settings, notes),
        references=_dir_solutions(root, settings),
        tags=manifest.tags,
        difficulty=manifest.difficulty,
        provenance=SeedProvenance(
            format="native",
            file=shown or str(root),
            name=root.name,
            source=manifest.source,
            license=manifest.license,
            url=manifest.url,
        ),
        comparison=manifest.comparison,
        checker=_dir_checker(root, manifest.checker, settings),
        tuple_by=SEED_MANIFEST if manifest.objective is not None else "",
        notes=notes,
    )


@seed_format("native")
class NativeFolder(FolderFormat):
    """A native seed dir, marked by its ``seed.yaml``."""

    marker = SEED_MANIFEST
    noun = "a native seed dir"

    def recognises(self, folder: Path) -> bool:
        """Whether the folder has a ``seed.yaml``."""
        return is_seed_dir(folder)

    def load(self, folder: Path, shown: str, settings: Settings) -> SeedDraft:
        """The folder as a seed draft (``load_seed_dir``)."""
        return load_seed_dir(folder, shown, settings)
