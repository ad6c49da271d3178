"""A problem statement's sections, read and written (docs/design.md, "Task quality").

Reading: the first input, output, constraints and interaction sections of a statement as CodeContests,
Codeforces, AtCoder, TACO / APPS, FrontierCS and markdown write them, the story before them and the goal an open
problem scores. Writing: a task's statement whole, from the sections its author wrote plus what FrontierSmith
renders from the task itself (the Scoring section, the limits, a judged example), so nothing of a seed's
statement is laid over a mutated one and what an author wrote about scoring is replaced by what the task measures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from frontiersmith.models import Limits, Normalisation, Problem, Sense, StatementExample

# A heading line as CodeContests, Codeforces, AtCoder, TACO / APPS ("-----Input-----"), CodeChef
# ("------ Input Format ------"), FrontierCS ("Scoring (if bounded)") and markdown ("## Input", "**Output:**")
# write them; a trailing number ("Sample Input 2") and a short parenthesis are not part of the name.
_SECTION_NAMES = {
    "input": "input",
    "input format": "input",
    "input specification": "input",
    "output": "output",
    "output format": "output",
    "output specification": "output",
    "constraints": "constraints",
    "constraint": "constraints",
    "constraints and limits": "constraints",
    "input constraints": "constraints",
    "limits": "constraints",
    "examples": "examples",
    "example": "examples",
    "sample": "examples",
    "samples": "examples",
    "sample input": "examples",
    "sample test": "examples",
    "sample tests": "examples",
    "example input": "examples",
    "note": "note",
    "notes": "note",
    "notes and clarifications": "note",
    "explanation": "note",
    "subtasks": "note",
    "interaction": "interaction",
    "interaction protocol": "interaction",
    # What an open problem (a FrontierCS package) scores: where its objective is stated.
    "goal": "goal",
    "objective": "goal",
    "your task": "goal",
    "task": "goal",
    "scoring": "goal",
    # The story before the input section, under a heading of its own (AtCoder, FrontierCS, markdown).
    "problem statement": "legend",
    "problem": "legend",
    "statement": "legend",
    "story": "legend",
    "overview": "legend",
    "formal definition": "legend",
}
_HEADING = re.compile(
    r"^[\s#*_=\-]*(?P<name>[A-Za-z][A-Za-z ]*?)(?:\s*\d+)?(?:\s*\([^()\n]{0,40}\))?\s*:?[\s*_=\-]*:?\s*$"
)


@dataclass
class Sections:
    """The first input, output and constraints sections of a statement (the examples repeat the headings), the
    legend (the text before them) and the goal an open problem scores (a Goal or Scoring section)."""

    input: str = ""
    output: str = ""
    constraints: str = ""
    legend: str = ""
    goal: str = ""
    interaction: str = ""  # an interactive problem's protocol (it has no input or output section of its own)
    note: str = ""


def section_name(line: str) -> str | None:
    """The section a heading line opens (``input``, ``output``, ``legend``, ...), or None when the line is no
    heading."""
    heading = _HEADING.match(line)
    return _SECTION_NAMES.get(" ".join(heading.group("name").lower().split())) if heading else None


def split_sections(statement: str) -> Sections:
    """A statement cut into its sections (the first of each kind); text before any heading is the legend."""
    found: dict[str, list[str]] = {"legend": []}
    current: str | None = "legend"
    for line in statement.splitlines():
        name = section_name(line)
        if name == "legend" and not "".join(found["legend"]).strip():
            current = "legend"  # "Problem Statement" above the story: the story is the legend
            continue
        if name is not None:
            # Once the examples start, an "Input" heading is a sample's, not the input section.
            current = None if name in found or "examples" in found else name
            found.setdefault(name, [])
            continue
        if current is not None:
            found[current].append(line)
    text = {name: "\n".join(lines).strip() for name, lines in found.items()}
    return Sections(
        text.get("input", ""),
        text.get("output", ""),
        text.get("constraints", ""),
        text.get("legend", ""),
        text.get("goal", ""),
        text.get("interaction", ""),
        text.get("note", ""),
    )


# --- writing a statement ------------------------------------------------------------------------------

EXAMPLE_LINES = 40  # an example output longer than this is cut in the statement (it is judged whole)


@dataclass(frozen=True)
class Scoring:
    """What the Scoring section says: how objectives become scores on this task."""

    normalisation: Normalisation
    sense: Sense
    objective: str  # the formula, in the objective's words
    baseline: str = ""  # what the baseline s* does, in one sentence


def objective_section(formula: str, sense: Sense) -> str:
    """The Objective section of a candidate's statement, before its task renders the Scoring section."""
    verb = "Maximise" if sense is Sense.MAX else "Minimise"
    return (
        f"## Objective\n\n{verb} O = {formula.strip().rstrip('.')}. Every legal output is accepted and scored "
        "continuously; an exact optimum is not required."
    )


def write_statement(
    title: str,
    story: str,
    *,
    input: str = "",
    output: str = "",
    interaction: str = "",
    constraints: str = "",
    objective: str = "",
    sense: Sense | None = None,
) -> str:
    """A statement from its sections (an author's, a catalog family's), with an Objective section when the
    objective is known: what solvers read before the task renders its Scoring."""
    parts = [f"# {title.strip()}", story.strip()]
    for heading, text in (
        ("Input", input),
        ("Output", output),
        ("Interaction", interaction),
        ("Constraints", constraints),
    ):
        if text.strip():
            parts.append(f"## {heading}\n\n{text.strip()}")
    if objective.strip() and sense is not None:
        parts.append(objective_section(objective, sense))
    return "\n\n".join(p for p in parts if p) + "\n"


def sections_of(problem: Problem) -> Sections:
    """The author's sections of ``problem``'s statement (its story is the text before the first heading, less a
    title line); an author's own Scoring or Examples are left out, since the task renders its own."""
    found = split_sections(problem.statement)
    lines = found.legend.splitlines()
    if lines and lines[0].lstrip("# ").strip().lower() == problem.title.strip().lower():
        found.legend = "\n".join(lines[1:]).strip()
    return found


def missing_sections(problem: Problem) -> list[str]:
    """What a whole statement lacks: a story, and an Input and an Output section (an Interaction section for an
    interactive problem)."""
    found = sections_of(problem)
    missing = [] if found.legend else ["a story (the text before the first section)"]
    if found.interaction:
        return missing
    missing += [f"an {name} section" for name in ("Input", "Output") if not getattr(found, name.lower())]
    return missing


def scoring_text(scoring: Scoring) -> str:
    """The Scoring section's text: the objective and its sense, and how each test's score is normalised."""
    verb = "maximise" if scoring.sense is Sense.MAX else "minimise"
    baseline = f" ({scoring.baseline.strip().rstrip('.')})" if scoring.baseline.strip() else ""
    head = f"Every legal output is accepted and has an objective O = {scoring.objective.strip().rstrip('.')}: {verb} it."
    if scoring.normalisation is Normalisation.RANGE:
        return (
            f"{head} On each test, O is scored against two reference points fixed with the task: O_base, the "
            f"objective of a simple baseline{baseline}, and O_best, the best objective the task's reference "
            "solutions reached. The score is (O − O_base) / (O_best − O_base), clamped to [0, 1]: 0 is no better "
            "than the baseline, 1 matches the best known. Beating the best known also scores 1 (the judge "
            "reports the unclamped value beside it). An illegal output, a crash, a time-out or a memory-out "
            "scores 0, and your score is the mean over all tests."
        )
    sigma = "+1" if scoring.sense is Sense.MAX else "−1"
    return (
        f"{head} On each test, O is scored against O*, the objective of a simple baseline{baseline}: the score "
        f"is max(0, σ·(O − O*) / max(O, O*)) with σ = {sigma}, so 0 is no better than the baseline and the score "
        "approaches 1 as O leaves O* behind. An illegal output, a crash, a time-out or a memory-out scores 0, "
        "and your score is the mean over all tests."
    )


def _number(x: float | None) -> str:
    if x is None:
        return "none"
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _block(text: str) -> str:
    lines = text.rstrip("\n").splitlines() or [""]
    if len(lines) > EXAMPLE_LINES:
        lines = [*lines[:EXAMPLE_LINES], f"... ({len(lines) - EXAMPLE_LINES} more lines)"]
    return "```\n" + "\n".join(lines) + "\n```"


def example_text(example: StatementExample) -> str:
    """The example's text: its input, a legal output and their objectives beside the baseline's."""
    return (
        f"Input:\n\n{_block(example.input)}\n\nA legal output, with objective O = {_number(example.objective)} "
        f"(the baseline's is {_number(example.baseline_objective)}):\n\n{_block(example.output)}"
    )


def render_statement(
    problem: Problem,
    scoring: Scoring,
    *,
    limits: Limits | None = None,
    example: StatementExample | None = None,
    reached: dict[str, tuple[float, float]] | None = None,
) -> str:
    """``problem``'s statement whole: ``# title``, the story, Input, Output (or Interaction), Constraints, Notes,
    then the Scoring section ``scoring`` says, the limits and the judged example. ``reached`` (size -> the
    largest value a test reaches, the bound) adds to the Input section how large the tests get."""
    found = sections_of(problem)
    if reached and found.input:
        sizes = ", ".join(
            f"{name} = {_number(top)} (of {_number(bound)})" for name, (top, bound) in reached.items()
        )
        found.input += f"\n\nThe largest tests reach {sizes}."
    limits = limits or problem.limits
    parts = [f"# {problem.title.strip()}", found.legend]
    for heading, text in (
        ("Input", found.input),
        ("Output", found.output),
        ("Interaction", found.interaction),
        ("Constraints", found.constraints),
    ):
        if text:
            parts.append(f"## {heading}\n\n{text}")
    if found.interaction:
        parts.append(
            "Flush your output after every line you write (`fflush(stdout)`, `cout << endl`, or "
            "`print(..., flush=True)`), or the other side waits for it forever and the run ends as a time-out."
        )
    if found.note:
        parts.append(f"## Notes\n\n{found.note}")
    parts.append(f"## Scoring\n\n{scoring_text(scoring)}")
    parts.append(
        # not "Limits", which statements also use for their constraints
        f"## Time and memory\n\n{limits.time_ms} ms of CPU time and {limits.memory_mb} MB of memory per test."
    )
    if example is not None:
        parts.append(f"## Example\n\n{example_text(example)}")
    return "\n\n".join(p.strip() for p in parts if p.strip()) + "\n"
