"""Every prompt of the pipeline, in one place and versioned: a change to a prompt bumps its version,
and the version is stored with what the prompt produced.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pydantic import BaseModel

from frontiersmith.models import Axis, Problem, ProblemKind

SYSTEM = (
    "You are an expert competitive programmer and problem setter helping to build open-ended optimisation "
    "problems with continuous scores. Answer with ONE JSON object matching the given JSON schema, nothing else."
)

AXIS_MEANING = {
    Axis.OBJECTIVE: "change the objective O (what is optimised), keeping input and output constraints",
    Axis.OUTPUT: "change the output constraints C_O (what a legal answer is), keeping the objective",
    Axis.INPUT: "change the input constraints C_I (drop a structural promise or widen the class of inputs)",
}

PROGRAM_CONTRACT = """Program contracts (C++17 or Python 3, standard library only, no network, no files outside the work dir):
- solution: reads the input on stdin, writes the answer on stdout.
- generator: `prog gen DIST SEED` prints ONE test input for distribution DIST, deterministic in SEED.
- validator: `prog validate` reads an input on stdin; exit 0 if it satisfies every input constraint, else exit 1
  with one sentence on stderr.
- verifier: `prog verify INPUT_FILE OUTPUT_FILE` prints ONE JSON line
  {"feasible": true|false, "objective": <number, strictly positive when feasible>, "message": "..."};
  it must reject malformed or infeasible outputs with feasible=false and must be deterministic.
- baseline: a simple, always-feasible solution; scores are normalised against it:
  max(0, s*(O - O_base)/max(O, O_base)), s=+1 for max, -1 for min."""


@dataclass(frozen=True)
class Prompt:
    name: str
    version: str
    template: str

    def render(self, schema: type[BaseModel] | None = None, **values: object) -> str:
        text = self.template.format(**values)
        if schema is not None:
            text += "\n\nJSON schema of your answer:\n" + json.dumps(schema.model_json_schema())
        return text


def describe(problem: Problem) -> str:
    return json.dumps(
        {
            "title": problem.title,
            "objective": problem.objective.model_dump(mode="json"),
            "input_constraints": problem.input_spec.model_dump(mode="json"),
            "output_constraints": problem.output_spec.model_dump(mode="json"),
            "statement": problem.statement,
        },
        indent=1,
    )


def seed_kind(problem: Problem) -> str:
    """What a seed is, as the mutation prompts present it: an accepted task rejoining the pool is already
    open-ended, and saying it is closed would misdirect the mutation."""
    if problem.kind is ProblemKind.OPEN:
        return "an open-ended optimisation problem (its answers are already scored continuously)"
    return "a closed competitive-programming problem (each input has one exactly checkable answer)"


MUTATE = Prompt(
    "mutate",
    "2",
    """Here is {seed_kind} as the tuple (objective O, input constraints C_I,
output constraints C_O):

{problem}

Mutate it along ONE axis: {axis} — {axis_meaning}. The result must be an optimisation problem whose exact
optimum is infeasible to compute at the stated scale (NP-hard or practically so), that admits several
genuinely different algorithmic ideas (greedy, local search, DP on parts, exact search on small cases...),
and whose answers can be scored continuously. This is variant #{index}: make it differ from other variants.
Write a full statement (story, input format, output format, constraints, scoring).""",
)

COARSE_JUDGE = Prompt(
    "coarse_judge",
    "1",
    """Judge whether this candidate problem is a good OPEN-ENDED optimisation problem:

{problem}

Reject it (keep=false) with reason "still_closed" if a known polynomial algorithm solves it exactly at this
scale, "dominant_strategy" if one simple strategy is optimal or clearly dominates all others,
"not_continuous" if answers cannot be given a continuous score. Otherwise keep=true, reason "ok".""",
)

SOLVE = Prompt(
    "solve",
    "1",
    """Solve this optimisation problem as well as you can within its limits ({limits}):

{problem}

{contract}

You are independent solver #{index}: pick the algorithmic idea you believe in, write complete code, and say in
`strategy` which idea it is in one or two sentences.""",
)

GROUP_STRATEGIES = Prompt(
    "group_strategies",
    "1",
    """Below are {count} solutions to the same problem. Group them by ALGORITHMIC IDEA: two solutions share a
label when their core strategy is the same (the same greedy rule, the same local-search neighbourhood, the same
DP), even if the code differs; they get different labels when the ideas differ.

Problem: {title}

{solutions}

Answer with `labels`: one integer per solution, in order.""",
)

WRITE_TESTS = Prompt(
    "write_tests",
    "1",
    """Write the test generator and the input validator for this problem:

{problem}

{contract}

Use at least three named distributions (e.g. sparse/dense, uniform/skewed) and at least one adversarial
distribution aimed at the weaknesses of these sampled solutions' strategies: {strategies}.
{feedback}""",
)

WRITE_VERIFIER = Prompt(
    "write_verifier",
    "2",
    """Write the verifier and the baseline solution for this problem:

{problem}

{contract}
- feasibility: a second, feasibility-only checker, written apart from the verifier (do not reuse its code):
  `prog verify INPUT_FILE OUTPUT_FILE` prints ONE JSON line {{"feasible": true|false, "message": "..."}}
  deciding only whether the output satisfies C_O. Cross-validation requires it to agree with the verifier
  on every output, well-formed near-misses included.
{feedback}""",
)

DESCRIBE_SEED = Prompt(
    "describe_seed",
    "2",
    """Here is the statement of a closed competitive-programming problem, "{title}":

{statement}

Write it as the tuple (objective O, input constraints C_I, output constraints C_O):
- objective.kind: "decide" (the answer is one of a few fixed answers: yes/no, "First"/"Second", 'D'/'R'),
  "count" (a number of ways or objects, often modulo a prime), "optimise" (a minimum or maximum; set
  objective.sense to "min" or "max") or "construct" (print an object that satisfies the conditions; an object
  a superlative picks, such as "the longest repeated substring" itself, has one right answer and is
  construct); objective.formula: what is asked, in one sentence.
- reason: the words of the statement the kind rests on, quoted.
- input_spec.constraints: the constraints as the statement states them; input_spec.bounds: every numeric
  bound as variable name -> [lo, hi] (10^5 as 100000; a_1 ... a_n as a_i); leave out bounds that depend on
  another variable.
- output_spec.description: what a correct output is.
- io_format: one line, the input layout then the output layout.""",
)

WRITE_CHECKER = Prompt(
    "write_checker",
    "1",
    """Here is a closed competitive-programming problem whose output may be any of several correct answers,
so an output cannot be judged by comparing it with one expected answer:

{problem}

Write its checker in C++17 against testlib.h: `chk INPUT OUTPUT ANSWER` (call registerTestlibCmd) reads the
test from `inf`, the contestant's output from `ouf` and one correct answer from `ans` (use it only for what
every correct answer shares, such as an optimum's value or whether an answer exists), checks every condition
the statement puts on a correct output, and ends with quitf(_ok, ...) when the output is correct and
quitf(_wa, ...) when it is not (an empty or malformed output is not correct).
{feedback}""",
)

# FrontierSynth (tools/frontier): a solver under evaluation, and the diagnoser's cluster labels.
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
    "1",
    """A solver under evaluation fails in a recurring way. Here is one cluster of its failed attempts:

{cluster}

Example attempts (the judge's data-free verdicts and the solver's code, shortened):

{examples}

Write `label`: ONE sentence naming the capability the solver lacks here (what kind of input or constraint
defeats it and how), specific enough to target new problems at it.""",
)

ALL = {
    p.name: p
    for p in (
        MUTATE,
        COARSE_JUDGE,
        SOLVE,
        GROUP_STRATEGIES,
        WRITE_TESTS,
        WRITE_VERIFIER,
        DESCRIBE_SEED,
        WRITE_CHECKER,
        EVALUATE_SOLVE,
        LABEL_DEFECT,
    )
}


def feedback_block(feedback: list[str]) -> str:
    if not feedback:
        return ""
    lines = "\n".join(f"- {f}" for f in feedback)
    return f"\nYour previous attempt failed these cross-validation checks; fix them:\n{lines}"


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
