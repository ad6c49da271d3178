"""The prompts that read a closed seed: its tuple described (``DESCRIBE_SEED``) and, where its output may be any of
several correct answers, its checker written (``WRITE_CHECKER``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from frontiersmith.drafts import SeedTupleDraft
from frontiersmith.models import InputSpec, Objective, ObjectiveKind, OutputSpec, Sense

from .prompt import Prompt

# A seed's kind of answer in a statement's words, and the objective (kind, sense) each one is.
ASKED = {
    "minimum": (ObjectiveKind.OPTIMISE, Sense.MIN),
    "maximum": (ObjectiveKind.OPTIMISE, Sense.MAX),
    "yes/no": (ObjectiveKind.DECIDE, None),
    "count": (ObjectiveKind.COUNT, None),
    "any valid object": (ObjectiveKind.CONSTRUCT, None),
}


class DescribeAnswer(BaseModel):
    """A seed's tuple as a small model can give it: what is asked first (so the kind follows from it), the
    kind as a word of the statement's (``ASKED``), the constraints and the output."""

    asked: str
    kind: Literal["minimum", "maximum", "yes/no", "count", "any valid object"]
    reason: str = ""
    constraints: str = ""
    bounds: dict[str, tuple[float, float]] = Field(default_factory=dict)
    output: str = ""
    io_format: str = ""

    def seed_tuple(self) -> SeedTupleDraft:
        """The answer as a tuple draft, its kind word mapped to an objective kind and sense (``ASKED``); the
        formula is what the model said is asked."""
        kind, sense = ASKED[self.kind]
        return SeedTupleDraft(
            objective=Objective(kind=kind, sense=sense, formula=self.asked),
            input_spec=InputSpec(constraints=self.constraints, bounds=self.bounds),
            output_spec=OutputSpec(description=self.output),
            io_format=self.io_format,
            reason=self.reason,
        )


DESCRIBE_SEED = Prompt(
    "describe_seed",
    "2",
    """Here is the statement of a competitive-programming problem, "{title}":

{statement}

Describe it as JSON:
- "asked": what the output must be, in one sentence;
- "kind": "minimum" or "maximum" (the smallest or largest value of something), "yes/no", "count" (a number of
  ways, often modulo a prime) or "any valid object" (print any answer that satisfies the conditions; the
  object a superlative picks, such as "the longest repeated substring" itself, is one too);
- "reason": the words of the statement the kind rests on, quoted;
- "constraints": the constraints as written; "bounds": each numeric bound as name: [lo, hi];
- "output": what a correct output is; "io_format": one line, the input then the output.""",
    DescribeAnswer,
    {
        "title": "Best stretch",
        "statement": "Given n integers a_i, print the largest sum of a contiguous stretch of them.\n\nInput: n "
        "(1 ≤ n ≤ 10^5), then the n integers (|a_i| ≤ 10^9).\n\nOutput: one integer.",
    },
    {
        "": '{"asked": "the largest sum of a contiguous stretch", "kind": "maximum", "reason": "print the largest sum", "constraints": "1 <= n <= '
        '10^5, |a_i| <= 10^9", "bounds": {"n": [1, 100000], "a_i": [-1000000000, 1000000000]}, "output": "one '
        'integer, the largest sum", "io_format": "n, then n integers; output one integer"}'
    },
)

WRITE_CHECKER = Prompt(
    "write_checker",
    "2",
    """Here is a closed competitive-programming problem whose output may be any of several correct answers,
so an output cannot be judged by comparing it with one expected answer:

{problem}

Write its checker in C++17 against testlib.h: `chk INPUT OUTPUT ANSWER` (call registerTestlibCmd) reads the
test from `inf`, the contestant's output from `ouf` and one correct answer from `ans` (use it only for what
every correct answer shares, such as an optimum's value or whether an answer exists), checks every condition
the statement puts on a correct output, and ends with quitf(_ok, ...) when the output is correct and
quitf(_wa, ...) when it is not (an empty or malformed output is not correct). Answer with the program in one
```cpp block.
{feedback}""",
)
