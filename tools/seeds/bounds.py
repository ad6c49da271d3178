"""The bounds a row of a seed file is read within (bytes, nesting depth, integer digits), checked before it is
parsed, and ``MalformedRow``, the row the importer skips and reports as ``FILE:ROW: reason``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings

from ..judging.packages.native import nested_over
from ..judging.testgen import _size

# A JSON string (escapes and all), a bracket or a comma: what splitting an array into its elements steps over
# or stops at. A string is matched whole, so what is inside one is text, and the regex engine walks over it.
_ITEMS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{},]', re.DOTALL)


def over(limit: str, setting: str) -> str:
    """The end of a sentence saying a bound was passed: which, and how to raise it."""
    return f"over the limit of {limit} set by {setting} (FRONTIERSMITH_{setting.upper()})"


class MalformedRow(InvalidInputError):
    """One row that cannot become a seed; the importer skips it and reports ``FILE:ROW: reason``."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Bounds:
    """The settings' bounds on one row: ``max_row_bytes``, ``max_decompressed_bytes``, ``max_integer_digits``
    and ``max_nesting_depth``."""

    row_bytes: int
    decompressed_bytes: int
    integer_digits: int
    nesting_depth: int

    @classmethod
    def of(cls, settings: Settings) -> Bounds:
        """The bounds the settings set."""
        return cls(
            settings.max_row_bytes,
            settings.max_decompressed_bytes,
            settings.max_integer_digits,
            settings.max_nesting_depth,
        )

    def over_row_bytes(self, what: str, size: int) -> str:
        """``what`` (ending in its verb: "the line is") ``size``, and which bound that passes."""
        return f"{what} {_size(size)}, {over(_size(self.row_bytes), 'max_row_bytes')}"

    def integer(self, digits: str) -> int:
        """``json.loads``' ``parse_int``: the digits' count is checked before ``int()`` converts them (which
        is quadratic in their number, and refuses over 4300 with a traceback)."""
        count = len(digits) - digits.startswith("-")
        if count > self.integer_digits:
            raise MalformedRow(
                f"the row holds an integer of {count} digits, {over(str(self.integer_digits), 'max_integer_digits')}"
            )
        return int(digits)


class NotJSON(MalformedRow):
    """Text that is not JSON at all (as opposed to JSON over a bound)."""


def check_size(text: str, bounds: Bounds, what: str) -> None:
    """Refuse ``text`` longer than a row may be (``max_row_bytes``) with a MalformedRow naming ``what``."""
    if len(text) > bounds.row_bytes:
        raise MalformedRow(bounds.over_row_bytes(f"{what} is", len(text)))


def loads(text: str, bounds: Bounds, what: str) -> Any:
    """``text`` parsed as JSON within ``bounds``, naming ``what`` in the reason when it is not: its length is
    checked before it is parsed, each integer's digits before it is converted, and its nesting as it is
    parsed (the parser's own recursion guard) and after. NotJSON when it is not JSON."""
    check_size(text, bounds, what)
    try:
        value = json.loads(text, parse_int=bounds.integer)
    except json.JSONDecodeError as exc:
        raise NotJSON(f"{what} is not valid JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:  # deeper than the interpreter's stack, so far deeper than the bound
        value, excess = None, f"nests more than {bounds.nesting_depth} levels deep"
    else:
        excess = nested_over(value, bounds.nesting_depth)
    if excess:
        raise MalformedRow(f"{what} {excess}, {over(str(bounds.nesting_depth), 'max_nesting_depth')}")
    return value


def array_items(text: str) -> list[str] | None:
    """The elements of the JSON array ``text``, each as its text (parsed later, one at a time, so a bad one is
    one bad row); None when ``text`` is not an array. ValueError when the array's brackets do not close."""
    start = len(text) - len(text.lstrip())
    if not text.startswith("[", start):
        return None
    items: list[str] = []
    depth, begin = 0, start + 1
    for match in _ITEMS.finditer(text, start):
        at = match.start()
        char = text[at]
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                last = text[begin:at]
                if items or (last and not last.isspace()):
                    items.append(last)
                if text[at + 1 :].strip():
                    raise ValueError("there is text after the array")
                return items
        elif char == "," and depth == 1:
            items.append(text[begin:at])
            begin = at + 1
    raise ValueError("the array is not closed")


__all__ = [
    "Bounds",
    "MalformedRow",
    "array_items",
    "NotJSON",
    "check_size",
    "loads",
    "over",
]
