"""The deterministic reading of a closed problem's statement: its sections (input, output, constraints), the
numeric bounds its constraints state, and the objective kind its output section asks for.

It is the offline provider's ``describe_seed`` and the fallback when a model's tuple is unusable, so it
must never fail: what it cannot read it leaves empty and says so in ``notes``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from frontiersmith.drafts import SeedTupleDraft
from frontiersmith.models import InputSpec, Objective, ObjectiveKind, OutputSpec, Sense
from frontiersmith.statement import Sections, section_name, split_sections

# --- bounds -------------------------------------------------------------------------------------------

_GROUP_SEPARATORS = " \u00a0\u2009\u202f\u2007"  # a space, a no-break space, thin spaces, a figure space
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_REPLACEMENTS: list[tuple[str, str | Callable[[re.Match[str]], str]]] = [
    (r"&nbsp;", "\u00a0"),
    (r"&le;|&leq;", " ≤ "),
    (r"&ge;|&geq;", " ≥ "),
    (r"&lt;", " < "),
    (r"&gt;", " > "),
    (r"\$+", " "),
    (r"\\left|\\right|\\[,!;: ]|\\displaystyle|\\mathrm|\\text|\\mathit|\\mathbf", ""),
    (r"\\[lr]?vert|\\[lr]?Vert", "|"),
    (r"\\(?:leqq|leqslant|leq|le)(?![A-Za-z])|≤|⩽|≦|<=", " ≤ "),
    (r"\\(?:geqq|geqslant|geq|ge)(?![A-Za-z])|≥|⩾|≧|>=", " ≥ "),
    (r"\\lt(?![A-Za-z])", " < "),
    (r"\\gt(?![A-Za-z])", " > "),
    (r"\*\*", "^"),  # 10**5
    (r"[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+", lambda m: "^" + m.group(0).translate(_SUPERSCRIPTS)),  # 10⁵
    (r"\\cdot|\\times|·|⋅|×|∙|\*", "·"),
    (r"\\ldots|\\cdots|\\dots|…|\.\.\.+", " … "),
    (r"−|–", "-"),
    (r"\\\|", "|"),
    (r"\{([^{}]*)\}", r"\1"),  # 10^{9}, a_{i}, 10{,}000: twice, for one level of nesting
    (r"\{([^{}]*)\}", r"\1"),
    # Digit groups as Codeforces writes them (200 000), or with a thin space; never across a line.
    (
        rf"(?<![\d.,])\d{{1,3}}(?:[{_GROUP_SEPARATORS}]\d{{3}})++(?![\d.])",
        lambda m: re.sub(r"\D", "", m.group(0)),
    ),
]
_COMPILED_REPLACEMENTS = [(re.compile(pattern), repl) for pattern, repl in _REPLACEMENTS]
_MANTISSA = r"\d+(?:\.\d+)?"
# A bound's own parts stay on one line: "20\n - 1 ≤ B" is a bound of 20 and an AtCoder bullet, not 20 - 1.
_VALUE = (
    rf"-?(?:{_MANTISSA}[eE][+-]?\d+"  # 1e5
    rf"|(?:{_MANTISSA}[ \t]*·[ \t]*)?\d+[ \t]*\^[ \t]*-?\d+"  # 2·10^5, 10^9, 2^31
    r"|\d{1,3}(?:,\d{3})+(?!\d)"  # 100,000
    rf"|{_MANTISSA})"
    rf"(?:[ \t]*-[ \t]*1(?![\d.]))?"  # 2^31 - 1
)
# Possessive repeats, a bounded names list and a chain that starts only where a token starts keep the scan
# linear: with backtracking, a long word (a sample string) or a long "a, a, a, ..." took seconds per KB.
# Relations may end or start a line, so a bound written over two lines is one chain.
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
    """Constraints text in one spelling: TeX, HTML and Unicode relations, products, powers (``10⁵``, ``10**5``),
    ellipses and braces, and digit groups (``200 000``) joined into one number."""
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

_YES_NO = re.compile(r"\b(?:YES|NO)\b|[\"“'`](?:Yes|No|yes|no)[\"”'`]")
# An answer written as a literal: "First", “Alice”, «NO», `Yes`, 'D' (a single-quoted one is one word, so an
# apostrophe is never read as a quote).
_LITERAL = re.compile(
    r"\"([^\"\n]{1,20})\"|“([^”\n]{1,20})”|«([^»\n]{1,20})»|`([^`\n]{1,20})`|(?<![A-Za-z])'([^'\s]{1,20})'(?![A-Za-z])"
)
_ANSWER_LITERAL = re.compile(r"[A-Za-z0-9][\w\- ]*")  # "First", 'D', "0"; not "(" nor "-1"
# Unquoted verdicts that games and duels print ("print Alice if she wins, and Bob otherwise").
_VERDICT = re.compile(
    r"\b(?i:print|output)\s+(?P<word>Alice|Bob|First|Second|Draw|Win|Lose|Takahashi|Aoki|Possible|Impossible)\b"
)
_VERDICT_WORD = re.compile(r"\b(?:Alice|Bob|First|Second|Draw|Win|Lose|Takahashi|Aoki|Possible|Impossible)\b")
# An object printed after the verdict ("print YES, then the permutation"): a construction, not a decision.
_OBJECT_FOLLOWS = re.compile(
    r"\b(?:then\s+(?:print|output)|and\s+then|followed\s+by|after\s+that|(?:in|on)\s+the\s+(?:next|second|following)"
    r"\s+(?:\w+\s+)?lines?)\b",
    re.I,
)
_COUNT_STRONG = re.compile(
    r"number of ways|modulo|\bmod\s+\d|998\s*244\s*353|10\^9\s*\+\s*7|1000000007", re.I
)
_MIN = r"minim\w*|smallest|(?<!at )least|fewest|shortest|lowest|as small as possible|cheapest"
_MAX = r"maxim\w*|largest|greatest|longest|highest|(?<!at )most|as large as possible|biggest"
_OPTIMISE = re.compile(rf"\b(?:(?P<min>{_MIN})|(?P<max>{_MAX}))\b", re.I)
# What a superlative qualifies: a quantity (the answer is an optimum's value: optimise) or an object (the
# answer is the object it picks, one right answer: construct).
_QUANTITY_NOUN = (
    r"number|count|amount|sum|total|cost|value|length|size|weight|distance|time|price|area|perimeter|volume|"
    r"score|profit|difference|product|height|width|depth|radius|diameter|ratio|probability|speed|power|degree|"
    r"money|integer|answer|penalty|load|charge|payment|fuel|energy|damage|gain|loss"
)
_OBJECT_NOUN = (
    r"substring|string|word|subsequence|sequence|permutation|array|subarray|segment|path|route|tour|subset|"
    r"matching|tree|name|prefix|suffix|palindrome|cycle|walk|colou?ring|assignment|arrangement|schedule|grid|"
    r"matrix|partition|team"
)
_QUANTITY_OF = re.compile(rf"\b(?:{_QUANTITY_NOUN})s?\s+of\s+(?:(?:the|a|an|all|its|their)\s+)?$", re.I)
_QUANTITY_WORD = re.compile(rf"(?:{_QUANTITY_NOUN})s?", re.I)
_OBJECT_WORD = re.compile(rf"(?:{_OBJECT_NOUN})s?", re.I)
_FILLER = {"possible", "total", "overall", "such", "the", "a", "an", "resulting", "achievable", "final"}
_NUMBER_ASKED = re.compile(
    r"\b(?:print|output)\s+(?:(?:one|a|an|the|single|only)\s+){0,3}(?:non-negative\s+|positive\s+)?"
    r"(?:integer|number|real|value)\b",
    re.I,
)
_WORDS = re.compile(r"[A-Za-z_][A-Za-z_0-9']*|[^\sA-Za-z_0-9]")
_COUNT = re.compile(
    r"\b(?:print|output|find|compute|calculate|determine|count|return)\b[^.\n]{0,40}?\b(?:number|count)\s+of\b"
    r"|\bhow many\b",
    re.I,
)
_CONSTRUCT = re.compile(
    r"\b(?:print|output) any\b|\bany of them\b|\bconstruct\w*|\boutput (?:a|the) permutation|"
    r"\bif there are (?:several|multiple|many)|\blexicographically (?:smallest|largest|minimal|maximal)",
    re.I,
)
_POSSIBLE = re.compile(r"\b(?:im)?possible\b", re.I)
# An open problem's Goal or Scoring section, or a legend, saying what is optimised.
_GOAL = re.compile(
    r"\b(?:(?P<min>minimi[sz]e|as (?:few|small|short|low|cheap|little)\b[^.\n]{0,40}?\bas possible)"
    r"|(?P<max>maximi[sz]e|as (?:many|large|long|high|much)\b[^.\n]{0,40}?\bas possible))",
    re.I,
)
# The output may be any of several valid answers: comparing it with one expected answer is wrong.
_ANY_ANSWER = re.compile(
    r"\b(?:print|output|return|choose|give)\s+any\b"
    r"|\bany\s+(?:one\s+)?of\s+(?:them|those|these|the\s+(?:\w+\s+)?(?:answers|solutions|ways|options))\b"
    r"|\bany\s+(?:valid|correct|possible|optimal|suitable|such)\s+(?:answer|solution|output|one|way)s?\b"
    r"|\bin\s+any\s+order\b",
    re.I,
)
_TOLERANCE = re.compile(r"\berror\b|\bprecision\b|10\^-|1e-", re.I)


@dataclass(frozen=True)
class ObjectiveReading:
    """The objective a statement asks for; ``reason``: which section's words decided the kind, quoted; ``note``:
    said when no words did and the kind is a guess."""

    objective: Objective
    reason: str
    note: str = ""


def _sentence(text: str, at: int) -> str:
    start = max(text.rfind(".", 0, at), text.rfind("\n\n", 0, at)) + 1
    end = text.find(".", at)
    return _SPACE.sub(" ", text[start : end + 1 if end >= 0 else len(text)]).strip()[:300]


def _reading(
    kind: ObjectiveKind, text: str, at: int, where: str, why: str, sense: Sense | None = None
) -> ObjectiveReading:
    formula = _sentence(text, at)
    return ObjectiveReading(
        Objective(kind=kind, sense=sense, formula=formula),
        f"{kind.value}: the {where} asks for {why}: “{formula}”",
    )


def _verdicts(text: str) -> tuple[list[str], int]:
    """The fixed answers the text asks to print (YES / NO counts as two; else two or more literals or game
    verdicts), and where the first is; none when it asks for no fixed answers."""
    if m := _YES_NO.search(text):
        return list(dict.fromkeys(w.strip("\"“”'`") for w in _YES_NO.findall(text))), m.start()
    found = [
        (m.start(), next(g for g in m.groups() if g is not None).strip()) for m in _LITERAL.finditer(text)
    ]
    if _VERDICT.search(text):
        found += [(m.start(), m.group(0)) for m in _VERDICT_WORD.finditer(text)]
    answers = [(at, literal) for at, literal in sorted(found) if _ANSWER_LITERAL.fullmatch(literal)]
    distinct = list(dict.fromkeys(literal for _, literal in answers))
    return (distinct, answers[0][0]) if len(distinct) >= 2 else ([], 0)


def _qualifies(text: str, match: re.Match[str]) -> str | None:
    """What the superlative ``match`` picks: None for a quantity (its optimum is the answer), else the object's
    noun (the answer is that object)."""
    if match.group(0).lower().startswith("as "):
        return None  # "as small as possible" follows the quantity it qualifies
    start = max(text.rfind(".", 0, match.start()), text.rfind("\n", 0, match.start())) + 1
    if _QUANTITY_OF.search(text[start : match.start()]):
        return None  # "the length of the longest ..."
    for word in _WORDS.findall(text[match.end() : match.end() + 80])[:5]:
        if word.lower() in _FILLER:
            continue
        if not word[0].isalpha() or len(word) <= 2 or "_" in word or _QUANTITY_WORD.fullmatch(word):
            return None  # "the maximum.", "the largest k", "the minimum number of ..."
        if _OBJECT_WORD.fullmatch(word):
            return word.lower()
        break
    return None


def _kind_from(text: str, where: str) -> ObjectiveReading | None:
    """The kind the words of ``text`` (an output section, or the legend) ask for, or None."""
    if m := _COUNT_STRONG.search(text):
        return _reading(ObjectiveKind.COUNT, text, m.start(), where, "a count, modulo a number")
    verdicts, at = _verdicts(text)
    follows = _OBJECT_FOLLOWS.search(text) or _ANY_ANSWER.search(text)
    if verdicts and not follows:
        shown = " / ".join(f"“{v}”" for v in verdicts)
        return _reading(ObjectiveKind.DECIDE, text, at, where, f"one of the fixed answers {shown}")
    for m in _OPTIMISE.finditer(text):
        if text[max(0, m.start() - 20) : m.start()].lower().rstrip().endswith("lexicographically"):
            continue  # a tie-break between answers, not an objective
        picked = _qualifies(text, m)
        if picked is not None and not _NUMBER_ASKED.search(text[: m.start()]):
            why = f"the {picked} itself, which “{m.group(0)}” picks (one right answer)"
            return _reading(ObjectiveKind.CONSTRUCT, text, m.start(), where, why)
        sense = Sense.MIN if m.group("min") else Sense.MAX
        why = f"the {'minimum' if sense is Sense.MIN else 'maximum'} of a quantity (“{m.group(0)}”)"
        return _reading(ObjectiveKind.OPTIMISE, text, m.start(), where, why, sense)
    if m := (_CONSTRUCT.search(text) or follows):
        return _reading(
            ObjectiveKind.CONSTRUCT, text, m.start(), where, "an object that meets the conditions"
        )
    if m := _COUNT.search(text):
        return _reading(ObjectiveKind.COUNT, text, m.start(), where, "a number of objects")
    if m := _POSSIBLE.search(text):
        return _reading(ObjectiveKind.DECIDE, text, m.start(), where, "whether it is possible")
    return None


def _goal_from(text: str, where: str) -> ObjectiveReading | None:
    if m := _GOAL.search(text):
        sense = Sense.MIN if m.group("min") else Sense.MAX
        why = f"the {'minimum' if sense is Sense.MIN else 'maximum'} (“{_SPACE.sub(' ', m.group(0))}”)"
        return _reading(ObjectiveKind.OPTIMISE, text, m.start(), where, why, sense)
    return None


def read_objective(output: str, goal: str = "", legend: str = "") -> ObjectiveReading:
    """The objective kind a statement asks for: what an open problem's Goal or Scoring section says is
    optimised, else what its Output section asks to print, else what its legend asks; construct, with a note,
    when none of them says."""
    reading = (
        _goal_from(goal, "Goal or Scoring section")
        or _kind_from(output, "Output section")
        or _goal_from(legend, "statement")
        or _kind_from(legend, "statement")
    )
    if reading is not None:
        return reading
    note = "the output section names no objective kind the offline reader knows; taken as construct"
    return ObjectiveReading(
        Objective(kind=ObjectiveKind.CONSTRUCT), "no words of the statement name a kind", note
    )


def accepts_any_answer(statement: str) -> str:
    """The sentence of the Output section (of the whole statement, when it has none) saying that any of several
    answers is accepted ("print any of them", "in any order"), or "" when it says no such thing. Such a seed
    needs a checker: comparing its output with one expected answer fails a correct solution."""
    text = split_sections(statement).output or statement
    for m in _ANY_ANSWER.finditer(text):
        sentence = _sentence(text, m.start())
        if not _TOLERANCE.search(sentence):  # "any answer within 10^-6" is about precision, not choice
            return sentence
    return ""


# --- the title ----------------------------------------------------------------------------------------

TITLE_CHARS = 80  # a title read from a statement is cut, at a word, to this many characters
_TITLE_LINE = re.compile(
    r"^(?:#+\s*|\*\*)?(?:(?:problem|task)\s*(?:[A-Z]\d?|\d{1,4})?\s*[:.]\s*)?(?P<title>.+?)\**$", re.I
)
_NOT_TITLE = re.compile(r"^(?:time|memory)\s+limit\b|^this is an interactive problem", re.I)
_SENTENCE_END = re.compile(r"(?<=[.?!])\s")


def _short(text: str) -> str:
    text = _SPACE.sub(" ", text.replace("$", "")).strip()
    if len(text) <= TITLE_CHARS:
        return text
    cut = text[: TITLE_CHARS - 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;:—- ") + "…"


def read_title(statement: str) -> str:
    """A short title for a statement that comes without one: its heading ("# Sum of Two Numbers", "Problem:
    Tree distance", a short first line standing alone), else its first sentence, cut at a word to
    ``TITLE_CHARS``; "" for an empty statement."""
    lines = statement.splitlines()
    for i, line in enumerate(lines):
        text = line.strip()
        if not text or _NOT_TITLE.match(text) or section_name(text) is not None:
            continue
        alone = i + 1 == len(lines) or not lines[i + 1].strip()
        heading = text.startswith("#") or re.match(r"^(?:problem|task)\b[^:.]{0,6}[:.]\s", text, re.I)
        if (m := _TITLE_LINE.match(text)) and (
            heading or (alone and len(text) <= TITLE_CHARS and text[-1] not in ".:?!")
        ):
            return _short(m.group("title").strip("#* "))
        break
    legend = split_sections(statement).legend or statement
    return _short(_SENTENCE_END.split(_SPACE.sub(" ", legend).strip(), 1)[0])


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
    reading = read_objective(
        output or statement, sections.goal, "\n\n".join((sections.legend, sections.goal))
    )
    notes += [reading.note] if reading.note else []
    constraints = sections.constraints or sections.input
    bounds = parse_bounds(sections.constraints)
    for name, bound in parse_bounds(sections.input or ("" if sections.constraints else statement)).items():
        bounds.setdefault(name, bound)
    if not bounds:
        notes.append("no numeric bound was found in the constraints")
    return SeedTupleDraft(
        objective=reading.objective,
        reason=reading.reason,
        input_spec=InputSpec(constraints=constraints, bounds=bounds),
        output_spec=OutputSpec(description=output),
        io_format=_io_line(sections),
        notes="; ".join(notes),
    )


__all__ = [
    "TITLE_CHARS",
    "ObjectiveReading",
    "Sections",
    "accepts_any_answer",
    "normalise_maths",
    "number",
    "offline_tuple",
    "parse_bounds",
    "read_objective",
    "read_title",
    "split_sections",
]
