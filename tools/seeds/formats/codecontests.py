"""CodeContests rows (deepmind/code_contests; HardTests uses the same fields): public, private and generated
tests, correct and incorrect solutions by language code, limits in seconds + nanos and bytes."""

from __future__ import annotations

from typing import Any

from frontiersmith.drafts import SeedDraft, SeedTest
from frontiersmith.models import Language, Program, SeedProvenance
from frontiersmith.settings import Settings

from ..bounds import Bounds, MalformedRow
from .fields import (
    as_mapping,
    as_number,
    as_string_list,
    as_text,
    as_texts,
    cap_tests,
    closed_problem,
    encoded,
    kept_programs,
    required_statement,
    row_limits,
    seed_title,
)
from .registry import RowFormat, seed_format

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


def _codecontests_tests(row: dict[str, Any]) -> list[SeedTest]:
    tests = []
    for split in ("public", "private", "generated"):
        field = f"{split}_tests"
        group = as_mapping(row, field)
        inputs, outputs = (
            as_texts(group.get("input"), f"{field}.input"),
            as_texts(group.get("output"), f"{field}.output"),
        )
        if len(inputs) != len(outputs):
            raise MalformedRow(f"field {field!r} has {len(inputs)} inputs but {len(outputs)} outputs")
        tests += [
            SeedTest(name=f"{split}-{i}", input=encoded(inp), answer=encoded(out), kind=split)
            for i, (inp, out) in enumerate(zip(inputs, outputs, strict=True), start=1)
        ]
    return tests


def _codecontests_programs(row: dict[str, Any], field: str, notes: list[str]) -> list[Program]:
    group = as_mapping(row, field)
    languages, codes = group.get("language") or [], as_texts(group.get("solution"), f"{field}.solution")
    if not isinstance(languages, list | tuple) or len(languages) != len(codes):
        raise MalformedRow(f"field {field!r} needs as many languages as solutions")
    pairs = []
    for code_number, code in zip(languages, codes, strict=True):
        if not isinstance(code_number, int) or isinstance(code_number, bool):
            raise MalformedRow(f"field '{field}.language' holds {code_number!r}, not a language code")
        label = CODECONTESTS_LANGUAGES.get(code_number, f"language {code_number}")
        pairs.append((KEPT_LANGUAGES.get(code_number), label, code))
    return kept_programs(pairs, notes, field.replace("_", " "))


@seed_format("codecontests")
class CodeContests(RowFormat):
    """A row of CodeContests' shape (deepmind/code_contests; HardTests uses the same fields)."""

    def recognises(self, fields: set[str]) -> bool:
        """A ``description`` and at least one of the test fields."""
        return "description" in fields and bool(fields & {"public_tests", "private_tests", "generated_tests"})

    def parse(self, row: dict[str, Any], settings: Settings) -> SeedDraft:
        """The row as a closed seed: statement, limits, tests (public, private, generated) and the accepted and
        incorrect programs in languages that can run, a few per language."""
        notes: list[str] = []
        statement = required_statement(as_text(row.get("description"), "description"), "description")
        time = as_mapping(row, "time_limit")
        seconds, nanos = as_number(time, "seconds") or 0.0, as_number(time, "nanos") or 0.0
        memory = as_number(row, "memory_limit_bytes")
        limits = row_limits(
            seconds * 1000 + nanos / 1e6, memory / 2**20 if memory else None, "memory_limit_bytes"
        )
        tests = cap_tests(_codecontests_tests(row), settings, notes)
        references = _codecontests_programs(row, "solutions", notes)
        incorrect = _codecontests_programs(row, "incorrect_solutions", notes)
        rating, difficulty = as_number(row, "cf_rating"), as_number(row, "difficulty")
        source = row.get("source")
        name = as_text(row.get("name"), "name")
        return SeedDraft(
            problem=closed_problem(seed_title(name, statement), statement, limits),
            tests=tests,
            references=references,
            incorrect=incorrect,
            tags=as_string_list(row.get("cf_tags"), "cf_tags", Bounds.of(settings)),
            difficulty=rating if rating else difficulty or None,
            provenance=SeedProvenance(
                format="codecontests",
                name=name,
                source=CODECONTESTS_SOURCES.get(source, str(source))
                if isinstance(source, int)
                else as_text(source, "source"),
                license=as_text(row.get("license"), "license"),
                url=as_text(row.get("url"), "url"),
            ),
            notes=notes,
        )
