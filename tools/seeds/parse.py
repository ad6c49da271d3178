"""A row of a public dataset's shape (or a seed folder) -> SeedDraft: CodeContests, TACO, APPS, native, FrontierCS.

A draft whose tuple the row does not give carries ``UNDESCRIBED`` and an empty ``tuple_by``; the importer has
it described (``describe``). A row that cannot become a seed raises ``MalformedRow`` with the reason.
"""

from __future__ import annotations

import ast
import json
import math
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from frontiersmith.drafts import SeedDraft, SeedTest
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Comparison,
    InputSpec,
    Language,
    Limits,
    Objective,
    ObjectiveKind,
    OutputSpec,
    Problem,
    ProblemKind,
    Program,
    SeedChecker,
    SeedProvenance,
)
from frontiersmith.settings import Settings, get_settings

from ..judging.packages.frontiercs import load_frontiercs
from ..judging.packages.native import (
    load_yaml,
    natural_key,
    read_package_file,
    read_statement,
    read_tests,
    validation_sentence,
)
from .bounds import Bounds, MalformedRow, NotJSON, loads
from .readers import SEED_MANIFEST, Row, is_frontiercs_dir, is_seed_dir
from .statement import read_title

FORMATS = ("codecontests", "taco", "apps", "native", "frontiercs")
# The tuple before ``describe`` fills it; ``tuple_by`` "" says it is still to be described.
UNDESCRIBED = Objective(kind=ObjectiveKind.CONSTRUCT)
# A CodeContests row can carry hundreds of accepted programs; a handful per language is enough to verify a seed.
MAX_PROGRAMS_PER_LANGUAGE = 5
# CodeContests' language codes; C++ and Python 3 are what the sandbox runs.
CODECONTESTS_LANGUAGES = {0: "unknown", 1: "Python 2", 2: "C++", 3: "Python 3", 4: "Java"}
KEPT_LANGUAGES = {2: Language.CPP, 3: Language.PYTHON}
CODECONTESTS_SOURCES = {
    0: "",
    1: "CodeChef",
    2: "Codeforces",
    3: "HackerEarth",
    4: "Code Jam",
    5: "AtCoder",
    6: "Aizu",
}
_TACO_ONLY = {"skill_types", "raw_tags", "tags", "time_limit", "memory_limit", "Expected Time Complexity"}


# -- choosing the format --------------------------------------------------------------------------------


def detect_format(row: Row) -> str:
    """The format of a row: a folder by its files, a mapping by its keys."""
    if row.number is None:
        folder = Path(row.data)
        if is_seed_dir(folder):
            return "native"
        if is_frontiercs_dir(folder):
            return "frontiercs"
        raise InvalidInputError(
            f"{folder} has neither {SEED_MANIFEST} nor config.yaml; it is not a seed folder."
        )
    value = row.value()
    keys = set(value) if isinstance(value, dict) else set()
    if "description" in keys and keys & {"public_tests", "private_tests", "generated_tests"}:
        return "codecontests"
    if "question" in keys and "input_output" in keys:
        return "taco" if keys & _TACO_ONLY or "problem_id" not in keys else "apps"
    shown = ", ".join(sorted(keys)[:8]) or "none"
    raise InvalidInputError(
        f"{row.where}: cannot tell the rows' format from their fields ({shown}); pass --format codecontests, "
        "taco or apps."
    )


def parse_row(format: str, row: Row, settings: Settings | None = None) -> SeedDraft:
    """The draft of one row in ``format``; MalformedRow (or a folder's InvalidInputError) when it is not one."""
    settings = settings or get_settings()
    if format in ("native", "frontiercs"):
        if row.number is not None:
            raise MalformedRow(f"a {format} seed is a folder, not a row of a file; pass the folder")
        if format == "native":
            return load_seed_dir(Path(row.data), row.file, settings)
        return load_frontiercs_seed(Path(row.data), row.file, settings)
    if row.number is None:
        raise MalformedRow(
            f"a folder is a native seed dir or a FrontierCS package, not {format} rows; pass --format auto"
        )
    value = row.value()
    if not isinstance(value, dict):
        raise MalformedRow(f"the row is a JSON {type(value).__name__}, not an object of fields")
    parse = PARSERS.get(format)
    if parse is None:
        raise InvalidInputError(f"Unknown seed format {format!r}; choose one of: auto, {', '.join(FORMATS)}.")
    draft = parse(value, settings)
    draft.provenance = draft.provenance.model_copy(update={"file": row.file, "row": row.number})
    return draft


# -- fields ---------------------------------------------------------------------------------------------


def _text(value: Any, field: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise MalformedRow(f"field {field!r} is a {type(value).__name__}, not text")


def _texts(value: Any, field: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise MalformedRow(f"field {field!r} is a {type(value).__name__}, not a list")
    if all(type(v) is str for v in value):  # the common case, kept cheap for big files
        return list(value)
    return [_text(v, field) for v in value]


def _mapping(row: dict[str, Any], field: str) -> dict[str, Any]:
    value = row.get(field)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise MalformedRow(f"field {field!r} is a {type(value).__name__}, not an object")
    return value


def _string_list(value: Any, field: str, bounds: Bounds) -> list[str]:
    """A list given as a list, a JSON string or a Python literal string (TACO writes "['Sorting', 'Math']")."""
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return []
        try:
            value = loads(text, bounds, f"field {field!r}")
        except NotJSON:  # within the bounds (checked), so the literal is bounded too
            try:
                value = ast.literal_eval(text)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                raise MalformedRow(f"field {field!r} is neither a list nor a JSON list") from None
    return [t.strip() for t in _texts(value, field) if t.strip()]


def _finite(value: float | int, field: str) -> float:
    """A number as a float, refused when it is none (inf, NaN, an integer past a float's range)."""
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise MalformedRow(f"field {field!r} is {str(value)[:40]}, not a finite number")
    return number


def _statement(text: str, field: str) -> str:
    if not text.strip():
        raise MalformedRow(f"field {field!r} is empty: a seed needs its statement")
    return text


def _title(name: str, statement: str) -> str:
    """The row's own name, else the statement's heading or first sentence, short (``read_title``)."""
    return " ".join(name.split())[:200] or read_title(statement) or "untitled"


def _problem(title: str, statement: str, limits: Limits) -> Problem:
    return Problem(
        id="import",  # seed_record gives it the seed's id
        title=title,
        statement=statement,
        objective=UNDESCRIBED,
        limits=limits,
        kind=ProblemKind.CLOSED,
    )


def _limits(time_ms: float | None, memory_mb: float | None, memory_field: str = "memory_limit") -> Limits:
    """The row's limits, the default where it gives none (0 or missing); nonsense is refused, never clamped,
    since a seed validated under other limits than its own would be judged differently."""
    default = Limits()
    values = {}
    for name, field, got, low, high, unit in (
        ("time_ms", "time_limit", time_ms, 1, 600_000, "ms"),
        ("memory_mb", memory_field, memory_mb, 8, 65_536, "MB"),
    ):
        if not got:
            values[name] = getattr(default, name)
        elif not low <= round(got) <= high:
            raise MalformedRow(f"field {field!r} ({got:g} {unit}) is outside {low}..{high} {unit}")
        else:
            values[name] = round(got)
    return Limits(**values)


def _cap_tests(tests: list[SeedTest], settings: Settings, notes: list[str]) -> list[SeedTest]:
    """Tests in the row's order (public first) up to the settings' bounds; what was cut is noted."""
    too_big = [t for t in tests if len(t.input) > settings.max_test_bytes]
    if too_big:
        notes.append(f"left out {len(too_big)} tests over max_test_bytes ({settings.max_test_bytes} bytes)")
        tests = [t for t in tests if len(t.input) <= settings.max_test_bytes]
    cap = settings.max_tests_per_problem
    if len(tests) > cap:
        cut: dict[str, int] = {}
        for t in tests[cap:]:
            cut[t.kind] = cut.get(t.kind, 0) + 1
        shown = ", ".join(f"{n} {kind}" for kind, n in cut.items())
        notes.append(f"kept {cap} of {len(tests)} tests (max_tests_per_problem); left out {shown}")
        tests = tests[:cap]
    return tests


def _encoded(text: str) -> bytes:
    return text.encode("utf-8")


def _programs(
    pairs: Iterable[tuple[Language | None, str, str]], notes: list[str], what: str
) -> list[Program]:
    """Programs (language, label, code) kept up to MAX_PROGRAMS_PER_LANGUAGE each; None languages left out."""
    kept: list[Program] = []
    per_language: dict[Language, int] = {}
    left_out: dict[str, int] = {}
    for language, label, code in pairs:
        if not code.strip():
            continue
        if language is None or per_language.get(language, 0) >= MAX_PROGRAMS_PER_LANGUAGE:
            why = label if language is None else f"{label} beyond the first {MAX_PROGRAMS_PER_LANGUAGE}"
            left_out[why] = left_out.get(why, 0) + 1
            continue
        per_language[language] = per_language.get(language, 0) + 1
        kept.append(Program(code=code, language=language))
    if left_out:
        shown = ", ".join(f"{n} {label}" for label, n in left_out.items())
        notes.append(f"left out {what}: {shown}")
    return kept


# -- CodeContests ---------------------------------------------------------------------------------------


def _codecontests_tests(row: dict[str, Any]) -> list[SeedTest]:
    tests = []
    for split in ("public", "private", "generated"):
        field = f"{split}_tests"
        group = _mapping(row, field)
        inputs, outputs = (
            _texts(group.get("input"), f"{field}.input"),
            _texts(group.get("output"), f"{field}.output"),
        )
        if len(inputs) != len(outputs):
            raise MalformedRow(f"field {field!r} has {len(inputs)} inputs but {len(outputs)} outputs")
        tests += [
            SeedTest(name=f"{split}-{i}", input=_encoded(inp), answer=_encoded(out), kind=split)
            for i, (inp, out) in enumerate(zip(inputs, outputs, strict=True), start=1)
        ]
    return tests


def _codecontests_programs(row: dict[str, Any], field: str, notes: list[str]) -> list[Program]:
    group = _mapping(row, field)
    languages, codes = group.get("language") or [], _texts(group.get("solution"), f"{field}.solution")
    if not isinstance(languages, list | tuple) or len(languages) != len(codes):
        raise MalformedRow(f"field {field!r} needs as many languages as solutions")
    pairs = []
    for code_number, code in zip(languages, codes, strict=True):
        if not isinstance(code_number, int) or isinstance(code_number, bool):
            raise MalformedRow(f"field '{field}.language' holds {code_number!r}, not a language code")
        label = CODECONTESTS_LANGUAGES.get(code_number, f"language {code_number}")
        pairs.append((KEPT_LANGUAGES.get(code_number), label, code))
    return _programs(pairs, notes, field.replace("_", " "))


def _number(row: dict[str, Any], field: str) -> float | None:
    value = row.get(field)
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedRow(f"field {field!r} is {value!r}, not a number")
    return _finite(value, field)


def parse_codecontests(row: dict[str, Any], settings: Settings) -> SeedDraft:
    """A row of CodeContests' shape (deepmind/code_contests; HardTests uses the same fields)."""
    notes: list[str] = []
    statement = _statement(_text(row.get("description"), "description"), "description")
    time = _mapping(row, "time_limit")
    seconds, nanos = _number(time, "seconds") or 0.0, _number(time, "nanos") or 0.0
    memory = _number(row, "memory_limit_bytes")
    limits = _limits(seconds * 1000 + nanos / 1e6, memory / 2**20 if memory else None, "memory_limit_bytes")
    tests = _cap_tests(_codecontests_tests(row), settings, notes)
    references = _codecontests_programs(row, "solutions", notes)
    incorrect = _codecontests_programs(row, "incorrect_solutions", notes)
    rating, difficulty = _number(row, "cf_rating"), _number(row, "difficulty")
    source = row.get("source")
    name = _text(row.get("name"), "name")
    return SeedDraft(
        problem=_problem(_title(name, statement), statement, limits),
        tests=tests,
        references=references,
        incorrect=incorrect,
        tags=_string_list(row.get("cf_tags"), "cf_tags", Bounds.of(settings)),
        difficulty=rating if rating else difficulty or None,
        provenance=SeedProvenance(
            format="codecontests",
            name=name,
            source=CODECONTESTS_SOURCES.get(source, str(source))
            if isinstance(source, int)
            else _text(source, "source"),
            license=_text(row.get("license"), "license"),
            url=_text(row.get("url"), "url"),
        ),
        notes=notes,
    )


# -- TACO / APPS ----------------------------------------------------------------------------------------

_QUANTITY = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*([a-zA-Z]*)")
_SECONDS = {
    "": 1.0,
    "s": 1.0,
    "sec": 1.0,
    "secs": 1.0,
    "second": 1.0,
    "seconds": 1.0,
    "ms": 1e-3,
    "milliseconds": 1e-3,
}
_MEGABYTES = {"": 1.0, "mb": 1.0, "m": 1.0, "mib": 1.0, "megabyte": 1.0, "megabytes": 1.0}
_MEGABYTES |= {"kb": 1 / 1024, "kilobytes": 1 / 1024, "gb": 1024.0, "gigabyte": 1024.0, "gigabytes": 1024.0}


def _quantity(value: Any, units: dict[str, float], field: str, notes: list[str]) -> float | None:
    """ "2 seconds" / "256.0 megabytes" / a bare number in the base unit; None (noted) when not understood."""
    if value is None or value == "":
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _finite(value, field)
    match = _QUANTITY.match(str(value))
    if match and match.group(2).lower() in units:
        return _finite(float(match.group(1)) * units[match.group(2).lower()], field)
    notes.append(f"field {field!r} {str(value)[:40]!r} is not understood; the default limit is kept")
    return None


def _io_text(value: Any, field: str) -> str:
    # APPS writes some inputs and outputs as lists of lines.
    if isinstance(value, list):
        return "\n".join(_text(v, field) for v in value) + "\n"
    return _text(value, field)


def _json_field(raw: Any, field: str, bounds: Bounds) -> Any:
    """A field that holds JSON as text (TACO's tests and solutions), parsed within the row's bounds."""
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", "replace")
    return loads(raw, bounds, f"field {field!r}") if isinstance(raw, str) else raw


def _taco_tests(row: dict[str, Any], bounds: Bounds) -> tuple[list[SeedTest], str]:
    """The row's tests, and the function a call-based row (``fn_name``) calls ("" for a stdin/stdout row)."""
    raw = row.get("input_output")
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return [], ""
    spec = _json_field(raw, "input_output", bounds)
    if not isinstance(spec, dict):
        raise MalformedRow("field 'input_output' is not a JSON object with inputs and outputs")
    inputs, outputs = spec.get("inputs") or [], spec.get("outputs") or []
    if not isinstance(inputs, list) or not isinstance(outputs, list) or len(inputs) != len(outputs):
        raise MalformedRow("field 'input_output' needs lists 'inputs' and 'outputs' of the same length")
    if spec.get("fn_name"):
        name = spec["fn_name"]
        return _call_tests(name, inputs, outputs), name
    tests = [
        SeedTest(
            name=f"test-{i}",
            input=_encoded(_io_text(inp, "input_output.inputs")),
            answer=_encoded(_io_text(out, "input_output.outputs")),
        )
        for i, (inp, out) in enumerate(zip(inputs, outputs, strict=True), start=1)
    ]
    return tests, ""


# A call-based row (APPS / TACO ``fn_name``) is judged as a stdin/stdout program: each test's input is the JSON
# array of the call's arguments, its answer the JSON of the result, and each solution runs with this harness
# after it, which reads the arguments, calls the function (or LeetCode's ``Solution().name``) and prints that.
CALL_HARNESS = """

# -- the stdin/stdout harness FrontierSmith runs a call-based solution through --
import json as _harness_json
import sys as _harness_sys


def _harness_call(name):
    arguments = _harness_json.loads(_harness_sys.stdin.read())
    function = globals().get(name)
    if function is None and "Solution" in globals():
        function = getattr(globals()["Solution"](), name)
    result = function(*arguments)
    print(_harness_json.dumps(result, default=lambda v: sorted(v) if isinstance(v, (set, frozenset)) else str(v)))


_harness_call({name!r})
"""


def call_judging(name: str) -> str:
    """What a call-based seed's statement says of its input and output, as the harness runs it."""
    return (
        f"\n\nJudging (a call-based problem)\n\nThe program reads one line: the JSON array of the arguments of "
        f"`{name}`. It prints the JSON of `{name}`'s result."
    )


def _call_tests(name: Any, inputs: list[Any], outputs: list[Any]) -> list[SeedTest]:
    left_out = f"it is call-based (fn_name {str(name)[:40]!r})"
    if not isinstance(name, str) or not name.isidentifier():
        raise MalformedRow(f"{left_out}, and that is no Python name to call; it is left out")
    if not all(isinstance(arguments, list) for arguments in inputs):
        raise MalformedRow(
            f"{left_out}, and its inputs are not lists of arguments to call it with; it is left out"
        )
    tests = []
    for i, (arguments, result) in enumerate(zip(inputs, outputs, strict=True), start=1):
        # APPS and TACO wrap each expected result in a list of one, and accept the result or the list.
        if isinstance(result, list) and len(result) == 1:
            result = result[0]
        try:
            text = json.dumps(arguments), json.dumps(result)
        except ValueError:  # NaN or an infinity: JSON has no such number
            raise MalformedRow(
                f"{left_out}, and test {i} holds a number JSON cannot write; it is left out"
            ) from None
        tests.append(
            SeedTest(name=f"test-{i}", input=_encoded(text[0] + "\n"), answer=_encoded(text[1] + "\n"))
        )
    return tests


def _taco_solutions(row: dict[str, Any], notes: list[str], bounds: Bounds, call: str) -> list[Program]:
    """The row's Python solutions; each with the harness after it when the row is call-based (``call``)."""
    raw = row.get("solutions")
    if isinstance(raw, str) and not raw.strip():
        raw = []
    codes = _texts(_json_field(raw, "solutions", bounds), "solutions")
    harness = CALL_HARNESS.format(name=call) if call else ""
    return _programs(((Language.PYTHON, "Python 3", code + harness) for code in codes), notes, "solutions")


def _difficulty(value: Any) -> tuple[float | None, list[str]]:
    """A number when the dataset gives one; a word (TACO's MEDIUM_HARD, APPS' interview) as a tag."""
    if value is None or isinstance(value, bool):
        return None, []
    if isinstance(value, int | float):
        return _finite(value, "difficulty"), []
    text = _text(value, "difficulty").strip()
    try:
        return _finite(float(text), "difficulty"), []
    except ValueError:
        return None, [] if not text or text.upper().startswith("UNKNOWN") else [text.lower()]


def _parse_taco_like(row: dict[str, Any], settings: Settings, format: str) -> SeedDraft:
    notes: list[str] = []
    bounds = Bounds.of(settings)
    statement = _statement(_text(row.get("question"), "question"), "question")
    tests, call = _taco_tests(row, bounds)
    tests = _cap_tests(tests, settings, notes)
    if call:
        statement += call_judging(call)
        notes.append(f"call-based (fn_name {call!r}): judged through a stdin/stdout harness")
    time_s = _quantity(row.get("time_limit"), _SECONDS, "time_limit", notes)
    memory_mb = _quantity(row.get("memory_limit"), _MEGABYTES, "memory_limit", notes)
    limits = _limits(time_s * 1000 if time_s else None, memory_mb)
    difficulty, level = _difficulty(row.get("difficulty"))
    tags = [
        *_string_list(row.get("tags"), "tags", bounds),
        *_string_list(row.get("skill_types"), "skill_types", bounds),
        *level,
    ]
    name = _text(row.get("name"), "name")
    return SeedDraft(
        problem=_problem(_title(name, statement), statement, limits),
        tests=tests,
        references=_taco_solutions(row, notes, bounds, call),
        tags=list(dict.fromkeys(tags)),
        difficulty=difficulty,
        provenance=SeedProvenance(
            format=format,
            name=name or _text(row.get("problem_id"), "problem_id"),
            source=_text(row.get("source"), "source"),
            license=_text(row.get("license"), "license"),
            url=_text(row.get("url"), "url"),
        ),
        notes=notes,
    )


def parse_taco(row: dict[str, Any], settings: Settings) -> SeedDraft:
    """A row of TACO's shape (BAAI/TACO)."""
    return _parse_taco_like(row, settings, "taco")


def parse_apps(row: dict[str, Any], settings: Settings) -> SeedDraft:
    """A row of APPS' shape (codeparrot/apps)."""
    return _parse_taco_like(row, settings, "apps")


PARSERS: dict[str, Callable[[dict[str, Any], Settings], SeedDraft]] = {
    "codecontests": parse_codecontests,
    "taco": parse_taco,
    "apps": parse_apps,
}


# -- folders --------------------------------------------------------------------------------------------


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
    statement = _statement(
        read_statement(root, manifest.statement, context, settings, optional=False), "statement"
    )
    tests = []
    if (root / "tests").exists():
        tests = [
            SeedTest(name=name, input=inp, answer=ans, kind="native")
            for name, inp, ans in read_tests(root, "tests", f"{root} holds", settings)
        ]
    problem = _problem(manifest.title, statement, manifest.limits)
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
        tests=_cap_tests(tests, settings, notes),
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


def load_frontiercs_seed(root: Path, shown: str | None = None, settings: Settings | None = None) -> SeedDraft:
    """A FrontierCS package taken as a seed (``--as-seed``): an open problem, its tuple described from its
    statement (never the checker's ratio, which says nothing about what is optimised), no reference."""
    package = load_frontiercs(root, settings)
    problem = package.problem
    first = next((line.strip("# ").strip() for line in problem.statement.splitlines() if line.strip()), "")
    # A title the package's config names stays; one taken from the statement's first line is read again, so
    # "Problem: Long Trail" is titled "Long Trail".
    title = read_title(problem.statement) if problem.title == first[:200] else problem.title
    problem = problem.model_copy(
        update={"id": "import", "title": title, "objective": UNDESCRIBED, "provenance": {}}
    )
    notes = [m.reason for m in package.missing]
    return SeedDraft(
        problem=problem,
        tests=[
            SeedTest(name=name, input=inp, answer=ans, kind="frontiercs") for name, inp, ans in package.tests
        ],
        provenance=SeedProvenance(
            format="frontiercs", file=shown or str(root), name=root.name, source=root.name
        ),
        notes=notes,
    )


__all__ = [
    "FORMATS",
    "UNDESCRIBED",
    "SeedManifest",
    "detect_format",
    "load_frontiercs_seed",
    "load_seed_dir",
    "parse_apps",
    "parse_codecontests",
    "parse_row",
    "parse_taco",
]
