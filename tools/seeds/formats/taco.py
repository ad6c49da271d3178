"""TACO (BAAI/TACO) and APPS (codeparrot/apps) rows: one shape, tests and solutions as JSON text, limits in
words ("2 seconds"), and call-based rows (``fn_name``) judged through a stdin/stdout harness."""

from __future__ import annotations

import json
import re
from typing import Any

from frontiersmith.drafts import SeedDraft, SeedTest
from frontiersmith.models import Language, Program, SeedProvenance
from frontiersmith.settings import Settings

from ..bounds import Bounds, MalformedRow, loads
from .fields import (
    as_finite,
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

# Fields only TACO writes: a row with one of them (or with no APPS ``problem_id``) is TACO's.
_TACO_ONLY = {"skill_types", "raw_tags", "tags", "time_limit", "memory_limit", "Expected Time Complexity"}
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
        return as_finite(value, field)
    match = _QUANTITY.match(str(value))
    if match and match.group(2).lower() in units:
        return as_finite(float(match.group(1)) * units[match.group(2).lower()], field)
    notes.append(f"field {field!r} {str(value)[:40]!r} is not understood; the default limit is kept")
    return None


def _io_text(value: Any, field: str) -> str:
    # APPS writes some inputs and outputs as lists of lines.
    if isinstance(value, list):
        return "\n".join(as_text(v, field) for v in value) + "\n"
    return as_text(value, field)


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
            input=encoded(_io_text(inp, "input_output.inputs")),
            answer=encoded(_io_text(out, "input_output.outputs")),
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
            SeedTest(name=f"test-{i}", input=encoded(text[0] + "\n"), answer=encoded(text[1] + "\n"))
        )
    return tests


def _taco_solutions(row: dict[str, Any], notes: list[str], bounds: Bounds, call: str) -> list[Program]:
    """The row's Python solutions; each with the harness after it when the row is call-based (``call``)."""
    raw = row.get("solutions")
    if isinstance(raw, str) and not raw.strip():
        raw = []
    codes = as_texts(_json_field(raw, "solutions", bounds), "solutions")
    harness = CALL_HARNESS.format(name=call) if call else ""
    return kept_programs(
        ((Language.PYTHON, "Python 3", code + harness) for code in codes), notes, "solutions"
    )


def _difficulty(value: Any) -> tuple[float | None, list[str]]:
    """A number when the dataset gives one; a word (TACO's MEDIUM_HARD, APPS' interview) as a tag."""
    if value is None or isinstance(value, bool):
        return None, []
    if isinstance(value, int | float):
        return as_finite(value, "difficulty"), []
    word = as_text(value, "difficulty").strip()
    try:
        return as_finite(float(word), "difficulty"), []
    except ValueError:
        return None, [] if not word or word.upper().startswith("UNKNOWN") else [word.lower()]


def _parse_taco_like(row: dict[str, Any], settings: Settings, format: str) -> SeedDraft:
    notes: list[str] = []
    bounds = Bounds.of(settings)
    statement = required_statement(as_text(row.get("question"), "question"), "question")
    tests, call = _taco_tests(row, bounds)
    tests = cap_tests(tests, settings, notes)
    if call:
        statement += call_judging(call)
        notes.append(f"call-based (fn_name {call!r}): judged through a stdin/stdout harness")
    time_s = _quantity(row.get("time_limit"), _SECONDS, "time_limit", notes)
    memory_mb = _quantity(row.get("memory_limit"), _MEGABYTES, "memory_limit", notes)
    limits = row_limits(time_s * 1000 if time_s else None, memory_mb)
    difficulty, level = _difficulty(row.get("difficulty"))
    tags = [
        *as_string_list(row.get("tags"), "tags", bounds),
        *as_string_list(row.get("skill_types"), "skill_types", bounds),
        *level,
    ]
    name = as_text(row.get("name"), "name")
    return SeedDraft(
        problem=closed_problem(seed_title(name, statement), statement, limits),
        tests=tests,
        references=_taco_solutions(row, notes, bounds, call),
        tags=list(dict.fromkeys(tags)),
        difficulty=difficulty,
        provenance=SeedProvenance(
            format=format,
            name=name or as_text(row.get("problem_id"), "problem_id"),
            source=as_text(row.get("source"), "source"),
            license=as_text(row.get("license"), "license"),
            url=as_text(row.get("url"), "url"),
        ),
        notes=notes,
    )


def _is_taco(fields: set[str]) -> bool:
    return bool(fields & _TACO_ONLY) or "problem_id" not in fields


class _TacoShape(RowFormat):
    def parse(self, row: dict[str, Any], settings: Settings) -> SeedDraft:
        return _parse_taco_like(row, settings, self.name)


@seed_format("taco")
class Taco(_TacoShape):
    """A row of TACO's shape (BAAI/TACO)."""

    def recognises(self, fields: set[str]) -> bool:
        """TACO's fields, told from APPS' by a field only TACO has or by having no ``problem_id``."""
        return {"question", "input_output"} <= fields and _is_taco(fields)


@seed_format("apps")
class Apps(_TacoShape):
    """A row of APPS' shape (codeparrot/apps)."""

    def recognises(self, fields: set[str]) -> bool:
        """TACO's fields with a ``problem_id`` and none of the fields only TACO has."""
        return {"question", "input_output"} <= fields and not _is_taco(fields)
