"""The problem as the paper writes it, the tuple (O, C_I, C_O): its objective, input and output constraints,
limits and statement, the language a program is written in, and the structured spec targeted synthesis edits.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from frontiersmith.errors import InvalidInputError


class Axis(StrEnum):
    """Which part of the tuple a mutation changes."""

    OBJECTIVE = "objective"
    OUTPUT = "output"
    INPUT = "input"


class ObjectiveKind(StrEnum):
    DECIDE = "decide"
    COUNT = "count"
    CONSTRUCT = "construct"
    OPTIMISE = "optimise"


class Sense(StrEnum):
    MIN = "min"
    MAX = "max"


class Language(StrEnum):
    """A solution's language. The one place names are parsed: any case, and the aliases people write (``Python``,
    ``py``, ``python3``, ``c++``, ``cpp17``, ...). The CLI, the MCP tools, the agents and every model field of
    this type accept them, since pydantic and ``Language(name)`` both end in ``_missing_``."""

    CPP = "cpp"
    PYTHON = "python"

    @classmethod
    def _missing_(cls, value: object) -> Language | None:
        if not isinstance(value, str):
            return None
        return _LANGUAGE_ALIASES.get(value.strip().lower().replace(" ", ""))

    @classmethod
    def parse(cls, name: str, what: str = "Language") -> Language:
        """``name`` as a Language, or one sentence saying which names are accepted."""
        try:
            return cls(name)
        except ValueError:
            raise _unsupported_language(name, what) from None

    @property
    def suffix(self) -> str:
        """The file suffix a program in this language is written under."""
        return ".cpp" if self is Language.CPP else ".py"

    @classmethod
    def of_file(cls, filename: str) -> Language | None:
        """The language a file's suffix says (.py, .cpp, .cc, .cxx, .c++), or None."""
        suffix = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
        return _SUFFIX_LANGUAGE.get(suffix)


_LANGUAGE_ALIASES: dict[str, Language] = {
    **{name: Language.PYTHON for name in ("python", "py", "python3", "py3", "cpython", "pypy3")},
    **{name: Language.CPP for name in ("cpp", "c++", "cxx", "cc", "g++", "gnu++17", "gnuc++17")},
    **{f"{prefix}{std}": Language.CPP for prefix in ("cpp", "c++", "g++") for std in ("11", "14", "17")},
}
_SUFFIX_LANGUAGE = {
    "py": Language.PYTHON,
    "cpp": Language.CPP,
    "cc": Language.CPP,
    "cxx": Language.CPP,
    "c++": Language.CPP,
}


def _unsupported_language(name: str, what: str) -> Exception:
    return InvalidInputError(
        f"{what} {name!r} is not supported; use cpp (also c++, cpp17, ...) or python (also py, python3)."
    )


class ProblemKind(StrEnum):
    """Closed (one exactly checkable answer per input) or open (outputs scored continuously)."""

    CLOSED = "closed"
    OPEN = "open"


class Objective(BaseModel):
    kind: ObjectiveKind
    sense: Sense | None = None
    formula: str = ""


class InputSpec(BaseModel):
    """C_I: constraints as text plus structured bounds (name -> [lo, hi]) the validator enforces."""

    constraints: str = ""
    bounds: dict[str, tuple[float, float]] = Field(default_factory=dict)


class OutputSpec(BaseModel):
    """C_O: what a legal output is."""

    description: str = ""


class Limits(BaseModel):
    time_ms: int = Field(2000, ge=1, le=600_000)
    memory_mb: int = Field(256, ge=8, le=65536)
    output_kb: int = Field(65536, ge=1)


class Program(BaseModel):
    """Source code and its language: a solution, a generator, a verifier, a baseline."""

    code: str
    language: Language


class Problem(BaseModel):
    """A problem as the paper's tuple: its objective O, input constraints C_I (``input_spec``) and output
    constraints C_O (``output_spec``), with the statement a solver reads, its time and memory ``limits``,
    whether it is closed or open (``kind``) and where it came from (``provenance``)."""

    id: str
    title: str
    statement: str
    objective: Objective
    input_spec: InputSpec = Field(default_factory=InputSpec)
    output_spec: OutputSpec = Field(default_factory=OutputSpec)
    io_format: str = ""
    limits: Limits = Field(default_factory=Limits)
    kind: ProblemKind = ProblemKind.OPEN
    provenance: dict[str, Any] = Field(default_factory=dict)


class SpecField(BaseModel):
    """One typed input or output field of a structured problem spec."""

    name: str
    type: str = Field("int", description="int, float, string, list, graph, grid, ...")
    shape: str = Field("scalar", description="scalar, or its dimensions in other fields' names: 'n', 'n x m'")
    bounds: tuple[float, float] | None = None
    description: str = ""


class DistributionRule(BaseModel):
    """A test-generation rule: a named input distribution, how many tests it gets, its parameters."""

    name: str
    tests: int = Field(2, ge=1, le=20)
    base: str | None = Field(None, description="the distribution this one re-draws (an injected rule)")
    params: dict[str, float | int | str] = Field(default_factory=dict)
    purpose: str = ""  # why the rule is there: "default", "boundary", "scale", "replacement"


class Complexity(BaseModel):
    """What makes a problem big or intricate: its size bounds, how many constraints, how deeply nested."""

    n_bounds: dict[str, tuple[float, float]] = Field(default_factory=dict)
    constraint_count: int = 0
    nesting: int = 1


class ProblemSpec(BaseModel):
    """The structured form of a problem (the FrontierSynth proposal's): typed I/O fields, constraints,
    complexity metadata and test-generation rules. The statement is rendered from it
    (tools/frontier/spec.py) and the targeted operators edit it."""

    title: str
    story: str = Field(
        "", description="The narrative: what is asked, without the I/O and constraint sections."
    )
    objective: Objective
    inputs: list[SpecField] = Field(default_factory=list)
    outputs: list[SpecField] = Field(default_factory=list)
    constraints: list[str] = Field(default_factory=list)
    complexity: Complexity = Field(default_factory=Complexity)
    tests: list[DistributionRule] = Field(default_factory=list)
    generator: dict[str, float | int] = Field(
        default_factory=dict, description="generator parameters (a catalog family's Config fields)"
    )
    limits: Limits = Field(default_factory=Limits)
    io_format: str = ""
    source: str = ""  # catalog:NAME | model | offline
    operators: list[str] = Field(default_factory=list)  # the targeted operators applied, in order
