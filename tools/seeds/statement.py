"""The deterministic reading of a closed problem's statement: its sections (input, output, constraints), the
numeric bounds its constraints state, and the objective kind its output section asks for.

It is the offline provider's ``describe_seed`` and the fallback when a model's tuple is unusable, so it
must never fail: what it cannot read it leaves empty and says so in ``notes``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from frontiersmith.drafts import SeedTupleDraft
from frontiersmith.models import InputSpec, Objective, ObjectiveKind, OutputSpec, Sense

# A heading line as CodeContests, Codeforces, AtCoder, TACO / APPS ("-----Input-----"), CodeChef
# ("------ Input Format ------") and markdown ("## Input", "**Output:**") write them.
_SECTION_NAMES = {
    "input": "input",
    "input format": "input",
    "input specification": "input",
    "output": "output",
    "output format": "output",
    "output specification": "output",
    "constraints": "constraints",
    "constraint": "constraints",
    "limits": "constraints",
    "examples": "examples",
    "example": "examples",
    "sample": "examples",
    "samples": "examples",
    "sample input": "examples",
    "sample input 1": "examples",
    "sample test": "examples",
    "sample tests": "examples",
    "example input": "examples",
    "note": "note",
    "notes": "note",
    "explanation": "note",
    "scoring": "note",
    "subtasks": "note",
    "interaction": "note",
}
_HEADING = re.compile(r"^[\s#*_=\-]*(?P<name>[A-Za-z][A-Za-z ]*?[A-Za-z0-9]?)\s*:?[\s*_=\-]*:?\s*$")


@dataclass
class Sections:
    """The first input, output and constraints sections of a statement (the examples repeat the headings)."""

    input: str = ""
    output: str = ""
    constraints: str = ""


def split_sections(statement: str) -> Sections:
    found: dict[str, list[str]] = {}
    current: str | None = None
    for line in statement.splitlines():
        heading = _HEADING.match(line)
        name = _SECTION_NAMES.get(heading.group("name").strip().lower()) if heading else None
        if name is not None:
            # Once the examples start, an "Input" heading is a sample's, not the input section.
            current = None if name in found or "examples" in found else name
            found.setdefault(name, [])
            continue
        if current is not None:
            found[current].append(line)
    text = {name: "\n".join(lines).strip() for name, lines in found.items()}
    return Sections(text.get("input", ""), text.get("output", ""), text.get("constraints", ""))


# --- bounds -------------------------------------------------------------------------------------------

_REPLACEMENTS = [
    (r"\$+", " "),
    (r"\\left|\\right|\\,|\\!|\\;|\\displaystyle|\\mathrm|\\text|\\mathit", ""),
    (r"\\leq?(?![A-Za-z])|\\leqslant|≤|⩽|<=", " ≤ "),
    (r"\\geq?(?![A-Za-z])|\\geqslant|≥|⩾|>=", " ≥ "),
    (r"\\lt(?![A-Za-z])", " < "),
    (r"\\gt(?![A-Za-z])", " > "),
    (r"\\cdot|\\times|·|⋅|×|∙|\*", "·"),
    (r"\\ldots|\\cdots|\\dots|…|\.\.\.+", " … "),
    (r"−|–", "-"),
    (r"\\\|", "|"),
    (r"\{([^{}]*)\}", r"\1"),  # 10^{9}, a_{i}: twice, for one level of nesting
    (r"\{([^{}]*)\}", r"\1"),
]
_COMPILED_REPLACEMENTS = [(re.compile(pattern), repl) for pattern, repl in _REPLACEMENTS]
_MANTISSA = r"\d+(?:\.\d+)?"
_VALUE = (
    rf"-?(?:{_MANTISSA}[eE][+-]?\d+"  # 1e5
    rf"|(?:{_MANTISSA}\s*·\s*)?\d+\s*\^\s*-?\d+"  # 2·10^5, 10^9, 2^31
    r"|\d{1,3}(?:,\d{3})+(?!\d)"  # 100,000
    rf"|{_MANTISSA})"
    rf"(?:\s*-\s*1(?![\d.]))?"  # 2^31 - 1
)
# Possessive repeats, a bounded names list and a chain that starts only where a token starts keep the scan
# linear: with backtracking, a long word (a sample string) or a long "a, a, a, ..." took seconds per KB.
_NAME = r"\|?[A-Za-z][A-Za-z0-9']*+(?:_[A-Za-z0-9]+)?\|?"
_NAMES = rf"{_NAME}(?:\s*,\s*(?:{_NAME}|…)){{0,30}}+"
_TERM = rf"(?:{_VALUE}(?![A-Za-z_\d])|{_NAMES}|…)"
_REL = r"[≤<≥>]"
_CHAIN = re.compile(rf"(?<![\w'.|]){_TERM}(?:\s*{_REL}\s*{_TERM})+")
_TERM_RE = re.compile(_TERM)
_VALUE_RE = re.compile(rf"^{_VALUE}$")
_REL_RE = re.compile(_REL)
_SPACE = re.compile(r"\s+")
_COMMA = re.compile(r"\s*,\s*")
_SUBSCRIPT = re.compile(r"_[A-Za-z0-9]+$")


def normalise_maths(text: str) -> str:
    """Constraints text with TeX and Unicode relations, products, ellipses and braces in one spelling."""
    for pattern, repl in _COMPILED_REPLACEMENTS:
        text = pattern.sub(repl, text)
    return text


def number(token: str) -> float | None:
    """The value of one bound as statements write it (``2·10^5``, ``1e5``, ``100,000``, ``2^31 - 1``)."""
    token = _SPACE.sub("", token)
    if not _VALUE_RE.match(token):
        return None
    minus_one = token.endswith("-1") and len(token) > 2 and token[-3] not in "^e"
    if minus_one:
        token = token[:-2]
    sign = -1.0 if token.startswith("-") else 1.0
    token = token.lstrip("-").replace(",", "")
    if "^" in token:
        head, exp = token.rsplit("^", 1)
        factor, _, base = head.rpartition("·")
        value = (float(factor) if factor else 1.0) * float(base) ** int(exp)
    else:
        value = float(token)
    return sign * value - (1.0 if minus_one else 0.0)


def _variable(name: str) -> str:
    """A subscripted name as one variable: a_1, a_n, a_{i} and a_i are all ``a_i``."""
    return _SUBSCRIPT.sub("_i", name.strip())


def parse_bounds(text: str) -> dict[str, tuple[float, float]]:
    """name -> (lo, hi) for every chain ``lo ≤ names ≤ … ≤ hi`` in ``text`` (a descending ``≥`` chain is
    read backwards); a chain whose ends are not both numbers bounds nothing. The first bound of a name wins."""
    bounds: dict[str, tuple[float, float]] = {}
    for chain in _CHAIN.finditer(normalise_maths(text)):
        body = chain.group(0)
        rels = _REL_RE.findall(body)
        if len(set(r in "≤<" for r in rels)) != 1:
            continue  # a mix such as a < b > c states no interval
        terms = [t.strip() for t in _TERM_RE.findall(body)]
        if rels[0] in "≥>":
            terms.reverse()
        lo, hi = number(terms[0]), number(terms[-1])
        if lo is None or hi is None or lo > hi or len(terms) < 3:
            continue
        for term in terms[1:-1]:
            if number(term) is not None:
                continue
            for name in _COMMA.split(term):
                if name and name != "…":
                    bounds.setdefault(_variable(name), (lo, hi))
    return bounds


# --- the objective ------------------------------------------------------------------------------------

_DECIDE = re.compile(r"\b(?:YES|NO)\b|[\"“'`](?:Yes|No|yes|no)[\"”'`]")
_COUNT_STRONG = re.compile(
    r"number of ways|modulo|\bmod\s+\d|998\s*244\s*353|10\^9\s*\+\s*7|1000000007", re.I
)
_MIN = r"minim\w*|smallest|(?<!at )least|fewest|shortest|lowest|as small as possible|cheapest"
_MAX = r"maxim\w*|largest|greatest|longest|highest|(?<!at )most|as large as possible|biggest"
_OPTIMISE = re.compile(rf"\b(?:(?P<min>{_MIN})|(?P<max>{_MAX}))\b", re.I)
_COUNT = re.compile(r"\bnumber of\b|\bhow many\b|\bcount\b", re.I)
_CONSTRUCT = re.compile(
    r"\b(?:print|output) any\b|\bany of them\b|\bconstruct\w*|\boutput (?:a|the) permutation|"
    r"\bif there are (?:several|multiple|many)",
    re.I,
)
_POSSIBLE = re.compile(r"\b(?:im)?possible\b", re.I)


def _sentence(text: str, at: int) -> str:
    start = max(text.rfind(".", 0, at), text.rfind("\n\n", 0, at)) + 1
    end = text.find(".", at)
    return _SPACE.sub(" ", text[start : end + 1 if end >= 0 else len(text)]).strip()[:300]


def read_objective(output: str) -> tuple[Objective, str]:
    """The objective kind the output section asks for, and a note when the kind is a guess."""
    if m := _DECIDE.search(output):
        return Objective(kind=ObjectiveKind.DECIDE, formula=_sentence(output, m.start())), ""
    if m := _COUNT_STRONG.search(output):
        return Objective(kind=ObjectiveKind.COUNT, formula=_sentence(output, m.start())), ""
    if m := _OPTIMISE.search(output):
        sense = Sense.MIN if m.group("min") else Sense.MAX
        return Objective(kind=ObjectiveKind.OPTIMISE, sense=sense, formula=_sentence(output, m.start())), ""
    if m := _COUNT.search(output):
        return Objective(kind=ObjectiveKind.COUNT, formula=_sentence(output, m.start())), ""
    if m := _CONSTRUCT.search(output):
        return Objective(kind=ObjectiveKind.CONSTRUCT, formula=_sentence(output, m.start())), ""
    if m := _POSSIBLE.search(output):
        return Objective(kind=ObjectiveKind.DECIDE, formula=_sentence(output, m.start())), ""
    note = "the output section names no objective kind the offline reader knows; taken as construct"
    return Objective(kind=ObjectiveKind.CONSTRUCT), note


def _io_line(sections: Sections) -> str:
    def first(text: str) -> str:
        return _SPACE.sub(" ", text.split("\n\n", 1)[0]).strip()[:200]

    parts = [f"stdin: {first(sections.input)}" if sections.input else ""]
    parts.append(f"stdout: {first(sections.output)}" if sections.output else "")
    return "; ".join(p for p in parts if p)


def offline_tuple(statement: str) -> SeedTupleDraft:
    """The tuple read from the statement's text alone (no model)."""
    sections = split_sections(statement)
    notes = []
    output = sections.output
    if not output:
        notes.append("the statement has no output section; the objective is read from the whole statement")
    objective, note = read_objective(output or statement)
    notes += [note] if note else []
    constraints = sections.constraints or sections.input
    bounds = parse_bounds(sections.constraints)
    for name, bound in parse_bounds(sections.input or ("" if sections.constraints else statement)).items():
        bounds.setdefault(name, bound)
    if not bounds:
        notes.append("no numeric bound was found in the constraints")
    return SeedTupleDraft(
        objective=objective,
        input_spec=InputSpec(constraints=constraints, bounds=bounds),
        output_spec=OutputSpec(description=output),
        io_format=_io_line(sections),
        notes="; ".join(notes),
    )


__all__ = [
    "Sections",
    "normalise_maths",
    "number",
    "offline_tuple",
    "parse_bounds",
    "read_objective",
    "split_sections",
]
