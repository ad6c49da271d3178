"""The field readers every seed format shares: a field as text, a list, a finite number; the row's limits, its
tests cut to the settings' bounds, its programs kept a few per language, and the closed problem they make.

Each refuses a field it cannot read with ``MalformedRow`` naming the field, so a bad row is skipped as FILE:ROW.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterable
from typing import Any

from frontiersmith.drafts import SeedTest
from frontiersmith.models import Language, Limits, Objective, ObjectiveKind, Problem, ProblemKind, Program
from frontiersmith.settings import Settings

from ..bounds import Bounds, MalformedRow, NotJSON, loads
from ..statement import read_title

# The tuple before ``describe`` fills it; ``tuple_by`` "" says it is still to be described.
UNDESCRIBED = Objective(kind=ObjectiveKind.CONSTRUCT)
# A CodeContests row can carry hundreds of accepted programs; a handful per language is enough to verify a seed.
MAX_PROGRAMS_PER_LANGUAGE = 5


def as_text(value: Any, field: str) -> str:
    """A field's value as text (bytes decoded, numbers spelled); "" when absent, MalformedRow when not text."""
    if value is None:
        return ""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise MalformedRow(f"field {field!r} is a {type(value).__name__}, not text")


def as_texts(value: Any, field: str) -> list[str]:
    """A list field's items as text; [] when absent, MalformedRow when not a list."""
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise MalformedRow(f"field {field!r} is a {type(value).__name__}, not a list")
    if all(type(v) is str for v in value):  # the common case, kept cheap for big files
        return list(value)
    return [as_text(v, field) for v in value]


def as_mapping(row: dict[str, Any], field: str) -> dict[str, Any]:
    """An object field of the row; {} when absent, MalformedRow when not an object."""
    value = row.get(field)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise MalformedRow(f"field {field!r} is a {type(value).__name__}, not an object")
    return value


def as_string_list(value: Any, field: str, bounds: Bounds) -> list[str]:
    """A list given as a list, a JSON string or a Python literal string (TACO writes "['Sorting', 'Math']")."""
    if isinstance(value, str):
        literal = value.strip()
        if not literal:
            return []
        try:
            value = loads(literal, bounds, f"field {field!r}")
        except NotJSON:  # within the bounds (checked), so the literal is bounded too
            try:
                value = ast.literal_eval(literal)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                raise MalformedRow(f"field {field!r} is neither a list nor a JSON list") from None
    return [t.strip() for t in as_texts(value, field) if t.strip()]


def as_finite(value: float | int, field: str) -> float:
    """A number as a float, refused when it is none (inf, NaN, an integer past a float's range)."""
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise MalformedRow(f"field {field!r} is {str(value)[:40]}, not a finite number")
    return number


def as_number(row: dict[str, Any], field: str) -> float | None:
    """A number field of the row as a finite float; None when absent or "", MalformedRow when not a number."""
    value = row.get(field)
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedRow(f"field {field!r} is {value!r}, not a number")
    return as_finite(value, field)


def required_statement(text: str, field: str) -> str:
    """The statement, or MalformedRow when it is blank."""
    if not text.strip():
        raise MalformedRow(f"field {field!r} is empty: a seed needs its statement")
    return text


def seed_title(name: str, statement: str) -> str:
    """The row's own name, else the statement's heading or first sentence, short (``read_title``)."""
    return " ".join(name.split())[:200] or read_title(statement) or "untitled"


def closed_problem(title: str, statement: str, limits: Limits) -> Problem:
    """The row's problem as a closed one, its tuple still to be described (``UNDESCRIBED``)."""
    return Problem(
        id="import",  # seed_record gives it the seed's id
        title=title,
        statement=statement,
        objective=UNDESCRIBED,
        limits=limits,
        kind=ProblemKind.CLOSED,
    )


def row_limits(time_ms: float | None, memory_mb: float | None, memory_field: str = "memory_limit") -> Limits:
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


def cap_tests(tests: list[SeedTest], settings: Settings, notes: list[str]) -> list[SeedTest]:
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


def encoded(text: str) -> bytes:
    """Text as the UTF-8 bytes a test holds."""
    return text.encode("utf-8")


def kept_programs(
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
