"""FrontierSynth's prompts (tools/frontier): a solver under evaluation, the diagnoser's cluster labels, a problem's
structured spec and the targeted operators applied to it."""

from __future__ import annotations

from frontiersmith.drafts import DefectLabel
from frontiersmith.models import ProblemSpec

from .prompt import Prompt

EVALUATE_SYSTEM = (
    "You are a competitive programmer solving an optimisation problem with a continuous score. Answer with "
    "ONE complete program in a fenced code block tagged cpp (C++17) or python (Python 3), standard library only."
)

EVALUATE_SOLVE = Prompt(
    "evaluate_solve",
    "1",
    """# {title}

{statement}

Input/output: {io_format}
Limits: {time_ms} ms of CPU time and {memory_mb} MB of memory per test.

Write a program that reads the input on stdin and writes the answer on stdout. Answer with one fenced code
block tagged cpp or python.""",
)

LABEL_DEFECT = Prompt(
    "label_defect",
    "2",
    """A solver under evaluation fails in a recurring way. Here is one cluster of its failed attempts:

{cluster}

Example attempts (the judge's data-free verdicts and the solver's code, shortened):

{examples}

Answer with JSON: "label", ONE sentence naming the capability the solver lacks here (what kind of input or
constraint defeats it and how), specific enough to aim new problems at it.""",
    DefectLabel,
    {
        "cluster": '{"failure": "TLE", "features": {"n": "large"}}',
        "examples": "attempt 1: TLE on 3 of 10 tests (the largest); code: for each move, recompute the whole tour",
    },
    {
        "": '{"label": "It runs out of time on the largest inputs because its local search re-scores the whole '
        'tour after every move."}'
    },
)


def attempt_feedback_block(feedback: list[str]) -> str:
    """The judge's data-free diagnostics of a solver's previous attempts (verdicts, never test data)."""
    if not feedback:
        return ""
    lines = "\n".join(f"- {f}" for f in feedback)
    return f"\n\nThe judge's feedback on your previous attempts (fix what failed, keep what worked):\n{lines}"


WRITE_SPEC = Prompt(
    "write_spec",
    "1",
    """Write the STRUCTURED SPEC of this problem: its input and output as typed fields (name, type, shape in
other fields' names, numeric bounds), its constraints one per entry, its complexity metadata (the bounds of
the size variables, how many constraints, how deeply the structure nests) and its test-generation rules
(named input distributions, tests per distribution, their parameters). `story` is the statement without its
constraints section; the statement is rendered from the spec.

{problem}""",
    ProblemSpec,
)

APPLY_OPERATOR = Prompt(
    "apply_operator",
    "1",
    """A solver under evaluation fails on this problem in a systematic way:

{cluster}

Apply the targeted mutation operator "{operator}" to the problem's structured spec below: {meaning}. Change
what the operator needs and keep the rest (the objective stays an optimisation with a continuous score);
list the new test-generation rules with their parameters, and mark each rule you add with its `purpose`.
Answer with the whole new spec.

{spec}""",
    ProblemSpec,
)

OPERATOR_MEANING = {
    "boundary_injection": "add test-generation rules for the boundary and degenerate inputs the solver nearly "
    "passes (extreme sizes, ties, empty or minimal structures)",
    "constraint_stacking": "add ONE constraint on a legal answer that the verifier can check, so the solver's "
    "invalid outputs on the constraint it already breaks are no longer rare",
    "algorithm_replacement": "change the inputs (or the constraints) so the solver's dominant idea is no longer "
    "sufficient, while other ideas still work",
    "scale_up": "raise the size bounds (and the test-generation parameters with them) so the solver's "
    "complexity, not its idea, decides",
}
