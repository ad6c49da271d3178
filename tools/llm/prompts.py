"""Every prompt of the pipeline, in one place and versioned: a change to a prompt bumps its version,
and the version is stored with what the prompt produced.

The prompts are sized for a small model (a 0.5B-1.5B coder model on a laptop must follow them): a few lines of
task, ONE worked example, and the smallest answer that does the job. A judgement is a label from a fixed list
plus one sentence; a program is one fenced code block (code inside a JSON string comes out worse); the
generator, validator, verifier and baseline are plain Python functions that FrontierSmith wraps into the
program contracts (``tools/catalog.model_program``). The JSON schema of an answer constrains decoding where
the endpoint can; the text shows it only where it cannot (MCP sampling), because a small model that reads a
schema copies its descriptions into its answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field, create_model, field_validator

from frontiersmith.drafts import CoarseReason, DefectLabel, SeedTupleDraft
from frontiersmith.models import (
    Axis,
    InputSpec,
    Objective,
    ObjectiveKind,
    OutputSpec,
    Problem,
    ProblemKind,
    ProblemSpec,
    Sense,
)

SYSTEM = (
    "You help build optimisation problems for programming contests. Do exactly what is asked and answer in "
    "the format of the example."
)

# What a model is asked to change along each axis, in its words: each instruction is one the axis's worked example
# (MUTATE's examples) obeys to the letter.
AXIS_TASK = {
    Axis.OBJECTIVE: "change WHAT IS OPTIMISED. Keep the input's format (you may lower its bounds). If the old "
    "output is only a number (a count, a length, yes or no), the new output is the object that number was about "
    "(the path, the set, the order), so that the new objective can score it",
    Axis.OUTPUT: "change WHAT A LEGAL OUTPUT IS: add a rule the output must obey (a cap, a budget, a forbidden "
    "pattern) that defeats the old exact method. Keep the input's format (you may lower its bounds), adding only "
    "one parameter the rule needs (its cap). If the old output is only a number, the new output is the object "
    "that number was about",
    Axis.INPUT: "change THE INPUT: drop a promise the input made (a structure, an order, a special case) or "
    "allow a wider class of inputs, so the old exact method no longer applies. Keep what a legal output is "
    "wherever it still makes sense",
}

PROGRAM_CONTRACT = """Program contracts (C++17 or Python 3, standard library only, no network, no files outside the work dir):
- solution: reads the input on stdin, writes the answer on stdout.
- generator: `prog gen DIST SEED` prints ONE test input for distribution DIST, deterministic in SEED;
  `prog gen example 0` prints the statement's example, a tiny legal input (a few lines).
- validator: `prog validate` reads an input on stdin; exit 0 if it satisfies every input constraint, printing
  its sizes as one JSON line named as the statement bounds them ({"n": 37, "m": 120}); else exit 1 with one
  sentence on stderr. The largest tests must reach at least half of each size bound.
- verifier: `prog verify INPUT_FILE OUTPUT_FILE` prints ONE JSON line
  {"feasible": true|false, "objective": <number: the objective of a legal output>, "message": "..."};
  it must reject every output that breaks a rule of the statement with feasible=false, and be deterministic.
- baseline: a simple, always-legal solution: the answer a sensible first attempt gives. On each test a score is
  (O - O_base) / (O_best - O_base), clamped to [0, 1], against the baseline's objective and the best one the
  sampled solutions reached."""

# How a solution meets its tests, as every text a solver reads says it (the MCP server's statements and solve
# prompt, the trainer exports' prompts, Harbor's instruction): a file in and an answer out, or a conversation.
SOLUTION_IO = "A solution reads the input from standard input and writes its answer to standard output."
INTERACTIVE_IO = (
    "This problem is interactive: the program talks to an interactor over standard input and output, and each "
    "test is a conversation, not a file. Follow the statement's protocol: read each line the interactor sends "
    "before you answer, never read more than it sent, and FLUSH standard output after every line you write "
    "(C++: `std::endl` or `fflush(stdout)`; Python: `print(..., flush=True)`): an unflushed line never "
    "reaches the interactor, both sides wait, and the test ends in a time-out. Stop when the protocol says the "
    "conversation is over. Only the interactor's verdict scores the conversation."
)


def solution_io(interactive: bool) -> str:
    """The paragraph saying how a solution reads and writes (``SOLUTION_IO`` or ``INTERACTIVE_IO``)."""
    return INTERACTIVE_IO if interactive else SOLUTION_IO


# The languages a model may be asked to write solutions in (the ``llm_language`` setting): a fence tag each.
LanguageChoice = Literal["python", "cpp", "any"]
LANGUAGE_NAMES = {"python": "Python 3", "cpp": "C++17", "any": "C++17 or Python 3"}


@dataclass(frozen=True)
class Prompt:
    """A versioned prompt: its template, the shape of its answer (``answer``: a JSON object of that model,
    or None for one fenced code block) and one worked example, given to the model as an earlier turn of the
    conversation (the template filled with ``example``, then the answer, ``examples[variant]``): a small model
    imitates a turn it has seen, and copies an example shown inside its own task."""

    name: str
    version: str
    template: str
    answer: type[BaseModel] | None = None
    example: dict[str, object] | None = None
    examples: dict[str, str] = field(default_factory=dict)
    # A variant's own worked example, where it differs from ``example`` (the mutation's axes: each axis's
    # example obeys that axis's instruction).
    variant_examples: dict[str, dict[str, object]] = field(default_factory=dict)

    def render(self, schema: type[BaseModel] | None = None, **values: object) -> str:
        """The task's text; ``schema`` is shown only where the endpoint cannot constrain decoding to it."""
        text = self.template.format(**values)
        if schema is not None:
            text += "\n\nJSON schema of your answer:\n" + json.dumps(schema.model_json_schema())
        return text

    def messages(
        self, system: str, schema: type[BaseModel] | None = None, variant: str = "", **values: object
    ) -> list[dict[str, str]]:
        """The conversation that asks this prompt: the system line, the worked example's task and answer (the
        ``variant``'s, e.g. the language a program is written in), then the task."""
        turns = [{"role": "system", "content": system}]
        if self.example is not None:
            example = {**values, **self.example, **self.variant_examples.get(variant, {})}
            turns.append({"role": "user", "content": self.template.format(**example)})
            turns.append({"role": "assistant", "content": self.examples[variant]})
        turns.append({"role": "user", "content": self.render(schema, **values)})
        return turns


def number(x: float) -> str:
    """A bound as a statement writes it: 1000, 0.5."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def size(n: int) -> str:
    """Bytes in the largest unit that holds them whole-ish: 16 MiB, 300 KiB."""
    for unit, scale in (("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n / scale:g} {unit}"
    return f"{n} bytes"


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


def brief(problem: Problem) -> str:
    """A problem as a small model reads it: its statement (which names the title, the input, the output and the
    constraints), without the tuple repeated as JSON."""
    statement = problem.statement.strip()
    if problem.title and problem.title.lower() not in statement[:200].lower():
        statement = f"# {problem.title}\n\n{statement}"
    return statement


def seed_kind(problem: Problem) -> str:
    """What a seed is, as the mutation prompts present it: an accepted task rejoining the pool is already
    open-ended, and saying it is closed would misdirect the mutation."""
    if problem.kind is ProblemKind.OPEN:
        return "an open-ended optimisation problem (its answers are already scored continuously)"
    return "a closed competitive-programming problem (each input has one exactly checkable answer)"


class MutationAnswer(BaseModel):
    """A model's mutated problem, written whole (``chat.mutation_draft`` makes its statement): the story, the
    Input and Output sections a solver reads, the objective and its sense, and the input's size bounds (which
    the tests must reach and the validator enforces)."""

    title: str
    story: str
    input: str
    output: str
    objective: str
    sense: Sense
    bounds: dict[str, tuple[float, float]] = Field(default_factory=dict)

    @field_validator("title", "story", "input", "output", "objective")
    @classmethod
    def _said(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must say something")
        return value

    @field_validator("bounds")
    @classmethod
    def _ordered(cls, value: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        crossed = sorted(name for name, (lo, hi) in value.items() if lo > hi)
        if crossed:
            raise ValueError(f"the bounds of {', '.join(crossed)} have lo above hi")
        return value


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
        kind, sense = ASKED[self.kind]
        return SeedTupleDraft(
            objective=Objective(kind=kind, sense=sense, formula=self.asked),
            input_spec=InputSpec(constraints=self.constraints, bounds=self.bounds),
            output_spec=OutputSpec(description=self.output),
            io_format=self.io_format,
            reason=self.reason,
        )


class GroupAnswer(BaseModel):
    """The divergence judge's answer: what each solution's core algorithm is, then the labels. The explanation
    comes first so the labels follow the model's reading of the code (as the coarse judge's sentence comes
    before its label); both are required, since constrained decoding puts a schema's optional fields after its
    required ones."""

    explanation: str
    labels: list[int]


def labels_for(count: int) -> type[GroupAnswer]:
    """The divergence judge's answer for ``count`` solutions: its explanation, then exactly one label each."""
    return create_model(
        "GroupAnswer",
        __base__=GroupAnswer,
        labels=(list[int], Field(min_length=count, max_length=count)),
    )


class CoarseAnswer(BaseModel):
    """The coarse judge's answer: one sentence, then one label of a fixed list (``ok`` keeps the candidate). The
    sentence comes first so the label follows the model's reasoning: asked for the label first, small models
    labelled a problem `still_closed` and then explained that it is still open-ended. Both are required, since
    constrained decoding puts a schema's optional fields after its required ones."""

    explanation: str
    reason: CoarseReason


# The worked examples' problems: small, and unlike the catalog's, so nothing of one is copied into an answer.
_KNAPSACK = """# Packing a bag

There are n items; item i weighs w_i and is worth v_i. Choose items of total weight at most C, with the largest
total value.

## Input
The first line holds n and C (1 <= n <= 2000, 1 <= C <= 10^9). Each of the next n lines holds w_i and v_i
(1 <= w_i, v_i <= 10^6).

## Output
The indices (1-based) of the chosen items, on one line, separated by spaces."""

_NUMBERS = """# Spread the numbers

Given n integers a_i, reorder them so that the smallest difference between neighbours is as large as possible.

## Input
n (1 <= n <= 1000), then the n integers a_i (1 <= a_i <= 10^9) on one line.

## Output
The reordered numbers on one line."""

_ROUTE = """# Fastest route

A country has n towns and m roads; road i joins towns u_i and v_i and takes t_i minutes either way. Print the
fewest minutes needed to travel from town 1 to town n.

## Input
The first line holds n and m (2 <= n <= 10^5, 1 <= m <= 2*10^5). Each of the next m lines holds u_i, v_i and t_i
(1 <= t_i <= 10^9). Town n can be reached from town 1.

## Output
One integer: the fewest minutes."""

_ROOMS = """# Meeting rooms

n meetings are planned; meeting i runs from s_i to e_i. Two meetings that overlap need different rooms. Print
the fewest rooms that can hold all the meetings.

## Input
The first line holds n (1 <= n <= 10^5). Each of the next n lines holds s_i and e_i (0 <= s_i < e_i <= 10^9).

## Output
One integer: the fewest rooms."""

_TWO_TEAMS = """# Two teams

n players are to be split into two teams. m pairs of players are rivals; the rivalries are known to allow a
split with no rivals on the same team. Print such a split.

## Input
The first line holds n and m (2 <= n <= 10^5, 0 <= m <= 2*10^5). Each of the next m lines holds a pair a_i b_i
of rivals.

## Output
n integers, the team (1 or 2) of each player."""

MUTATE = Prompt(
    "mutate",
    "5",
    """Here is {seed_kind}:

{problem}

Make a NEW problem from it: {axis_task}.

The new problem must be an optimisation problem: every legal output is accepted and scored by one number, its
objective, to minimise or maximise; at the sizes you allow no known fast algorithm finds the best output; and
several different ideas (greedy rules, local search, dynamic programming on parts, ...) can compete. This is
variant {index} of this problem along this axis: variant 0 makes the most natural change, a later variant a
different one.

Write the new problem whole: a solver reads only what you write here, never the old statement.
Answer with JSON: "title"; "story" (what is given and what is asked, in a few sentences); "input" (the input
format line by line, with every bound, such as 1 <= n <= 2000); "output" (what a legal output is and its
format); "objective" (the number that scores a legal output, as a formula in the story's names; it may be 0 or
negative); "sense" ("min" or "max"); "bounds" (each size of the input: a count or a length such as n and m,
not the range of a value, as "name": [lo, hi] as the input section states them; the largest tests will reach at
least half of each).""",
    MutationAnswer,
    {
        "seed_kind": "a closed competitive-programming problem (each input has one exactly checkable answer)",
        "problem": _ROUTE,
        "axis_task": AXIS_TASK[Axis.OBJECTIVE],
        "index": 1,
    },
    {
        Axis.OBJECTIVE.value: '{"title": "Scenic route", "story": "A country has n towns and m roads; road i '
        "joins towns u_i and v_i and takes t_i minutes either way. A tourist wants the longest trip from town 1 "
        'to town n that never visits a town twice.", "input": "The first line holds n and m (2 <= n <= 2000, 1 <= '
        "m <= 10000). Each of the next m lines holds u_i, v_i and t_i (1 <= t_i <= 10^6). Town n can be reached "
        'from town 1.", "output": "The towns of the trip in order, on one line, separated by spaces: it starts at '
        'town 1, ends at town n, visits no town twice, and each two consecutive towns are joined by a road.", '
        '"objective": "the total minutes of the roads the trip uses", "sense": "max", "bounds": {"n": [2, 2000], '
        '"m": [1, 10000]}}',
        Axis.OUTPUT.value: '{"title": "Small meeting rooms", "story": "n meetings are planned; meeting i runs '
        "from s_i to e_i. Two meetings that overlap need different rooms, and a room can host at most K meetings "
        'in the day. Assign every meeting a room so that as few rooms as possible are used.", "input": "The '
        "first line holds n and K (1 <= n <= 5000, 1 <= K <= n). Each of the next n lines holds s_i and e_i (0 <= "
        's_i < e_i <= 10^9).", "output": "n integers on one line: the room (a number from 1 to n) of each '
        "meeting, in input order; overlapping meetings get different rooms, and no room gets more than K "
        'meetings.", "objective": "the number of distinct rooms used", "sense": "min", "bounds": {"n": [1, '
        '5000], "K": [1, 5000]}}',
        Axis.INPUT.value: '{"title": "Two teams, whatever the rivalries", "story": "n players are to be split '
        "into two teams. m pairs of players are rivals, and now the rivalries may make a split with no rivals "
        'on the same team impossible: split them so that as few pairs of rivals as possible share a team.", '
        '"input": "The first line holds n and m (2 <= n <= 5000, 0 <= m <= 50000). Each of the next m lines '
        'holds a pair a_i b_i of rivals (a_i != b_i).", "output": "n integers on one line, the team (1 or 2) of '
        'each player.", "objective": "the number of rival pairs on the same team", "sense": "min", "bounds": '
        '{"n": [2, 5000], "m": [0, 50000]}}',
    },
    variant_examples={
        Axis.OUTPUT.value: {"problem": _ROOMS, "axis_task": AXIS_TASK[Axis.OUTPUT]},
        Axis.INPUT.value: {"problem": _TWO_TEAMS, "axis_task": AXIS_TASK[Axis.INPUT]},
    },
)

COARSE_JUDGE = Prompt(
    "coarse_judge",
    "3",
    """Candidate problem:

{problem}

Is it a good open-ended optimisation problem? Pick ONE label:
- "ok": hard to solve exactly at this size, several different ideas compete, every legal output gets a score;
- "still_closed": a known fast algorithm finds the exact optimum at this size;
- "dominant_strategy": one simple strategy is clearly optimal or better than every other;
- "not_continuous": outputs cannot be given a numeric score.

Answer with JSON: "explanation" (one sentence: can a known algorithm find the exact optimum at this size?), then
"reason" (the label that sentence leads to).""",
    CoarseAnswer,
    {"problem": _KNAPSACK.replace("1 <= n <= 2000", "1 <= n <= 10^5").replace("10^6", "10^9")},
    {
        "": '{"explanation": "With weights up to 10^9 and n up to 10^5 no exact method runs in time, and greedy '
        'by value per weight, local search and dynamic programming on rounded weights all compete.", "reason": '
        '"ok"}'
    },
)

SOLVE = Prompt(
    "solve",
    "2",
    """Problem:

{problem}

Limits: {time_ms} ms of CPU time, {memory_mb} MB of memory.

Write a complete {language} program (standard library only) that reads the input on stdin and prints a legal
output on stdout. A simple legal answer beats a clever illegal one. You are solver {index} of several: choose
your own idea.

Answer with one line "Strategy: <your idea in one sentence>", then the program in one fenced code block.""",
    None,
    {"problem": _KNAPSACK, "time_ms": 2000, "memory_mb": 256, "index": 1},
    {
        "python": """Strategy: Greedy: take the items by decreasing value per weight while they fit.
```python
import sys


def main():
    data = sys.stdin.read().split()
    n, cap = int(data[0]), int(data[1])
    items = [(int(data[2 + 2 * i]), int(data[3 + 2 * i]), i + 1) for i in range(n)]
    items.sort(key=lambda t: t[1] / t[0], reverse=True)
    chosen, used = [], 0
    for w, v, i in items:
        if used + w <= cap:
            chosen.append(i)
            used += w
    print(" ".join(map(str, chosen)))


main()
```""",
        "cpp": """Strategy: Greedy: take the items by decreasing value per weight while they fit.
```cpp
#include <bits/stdc++.h>
using namespace std;
int main() {
    long long n, cap;
    cin >> n >> cap;
    vector<array<long long, 3>> items(n);
    for (int i = 0; i < n; i++) { cin >> items[i][0] >> items[i][1]; items[i][2] = i + 1; }
    sort(items.begin(), items.end(), [](auto& a, auto& b) { return a[1] * b[0] > b[1] * a[0]; });
    long long used = 0;
    for (auto& it : items)
        if (used + it[0] <= cap) { used += it[0]; cout << it[2] << " "; }
    cout << "\\n";
}
```""",
    },
)
SOLVE.examples["any"] = SOLVE.examples["python"]

GROUP_STRATEGIES = Prompt(
    "group_strategies",
    "4",
    """Here are {count} solutions to the problem "{title}", each as its author wrote it, compacted only where it is
long: blank lines, includes and input/output boilerplate are dropped first, and "⋯ N lines" marks lines left out
to fit. The idea its author named comes first.

Give each one a group number by its CORE ALGORITHM: the SAME number when two solutions run the same algorithm
(the same greedy rule or exact algorithm, the same local search or annealing over the same kind of move, the
same dynamic programming state, the same construction), even if they differ in language, data structures,
constants, time budget, random seed, tie-breaking or polish. DIFFERENT numbers when the algorithm differs: a
different rule, move, state or construction, or a phase added that changes what is searched (a greedy, and the
same greedy followed by a local search, are two ideas). Judge by the code; the named idea may be wrong.

{solutions}

Answer with JSON: first "explanation", one short line per solution naming its core algorithm, then "labels",
one integer per solution, in order.""",
    GroupAnswer,
    {
        "count": 3,
        "title": "Packing a bag",
        "solutions": "Solution 0 (python). Idea named: sort by value per weight, take items while they fit\n"
        "```\nitems.sort(key=lambda t: t[1] / t[0], reverse=True)\nfor w, v, i in items:\n if w <= cap:\n"
        "  ⋯ 2 lines\n```\n\n"
        "Solution 1 (cpp). Idea named: simulated annealing over sets of items\n"
        "```\nwhile (clock() < limit) {\n int i = rnd() % n;\n ⋯ 6 lines\n if (delta > 0 || exp(delta / T) > u)"
        " flip(i);\n T *= 0.9999; }\n```\n\n"
        "Solution 2 (python). Idea named: greedy\n"
        "```\nfor w, v, i in sorted(items, key=lambda t: -t[1] / t[0]):\n if used + w <= cap:\n  ⋯ 2 lines\n```",
    },
    {
        "": '{"explanation": "0: greedy by value/weight ratio. 1: simulated annealing flipping one item. '
        '2: greedy by value/weight ratio, the same rule as 0.", "labels": [0, 1, 0]}'
    },
)

WRITE_TESTS = Prompt(
    "write_tests",
    "5",
    """Problem:

{problem}

Write the test generator and the input validator as ONE Python 3 module, standard library only, with:
- DISTRIBUTIONS: a list of three or more names of kinds of input (for example "random", "clustered",
  "worst"); each gets {per_distribution} tests;
- ADVERSARIAL: the names in DISTRIBUTIONS meant to trouble these solvers' ideas: {strategies};
- EXAMPLE: one tiny legal input (a few lines), shown in the statement as its example, as a list of its lines;
- generate(dist, rng): returns ONE legal input of kind `dist` as a list of its lines, where a line is one value
  or a list of values (FrontierSmith prints a line's values separated by spaces, and a list of pairs as one
  line each); all randomness from `rng` (a random.Random);
- validate(text): raises ValueError when `text` breaks any input constraint; otherwise returns the input's
  sizes as a dict: {sizes}.
Scale: {scale} Each input must stay under {max_test} and let a simple solution finish well within {time_ms} ms.
Every test must tell solutions apart: an input on which every sensible output scores the same (no legal output
but a trivial one, or one the simplest rule already makes best) carries no signal and is sent back.
FrontierSmith calls these functions: do not read stdin or print.{feedback}

Answer with the module in one ```python block.""",
    None,
    {
        "problem": _NUMBERS,
        "strategies": "sort, then interleave the halves; random restarts",
        "per_distribution": 2,
        "sizes": '{"n": n}',
        "scale": "the largest tests must reach at least half of each size bound (n <= 1000).",
        "max_test": "16 MiB",
        "time_ms": 2000,
        "feedback": "",
    },
    {
        "": """```python
DISTRIBUTIONS = ["random", "clustered", "equal"]
ADVERSARIAL = ["clustered", "equal"]
EXAMPLE = [4, [7, 1, 9, 4]]


def generate(dist, rng):
    n = rng.randint(500, 1000)
    if dist == "equal":
        a = [rng.randint(1, 10**9)] * n
    elif dist == "clustered":
        centres = [rng.randint(1, 10**9) for _ in range(3)]
        a = [min(10**9, max(1, rng.choice(centres) + rng.randint(-50, 50))) for _ in range(n)]
    else:
        a = [rng.randint(1, 10**9) for _ in range(n)]
    return [n, a]


def validate(text):
    tokens = text.split()
    n = int(tokens[0])
    if not 1 <= n <= 1000 or len(tokens) != n + 1:
        raise ValueError("n is out of range, or the count of numbers is not n")
    if not all(1 <= int(t) <= 10**9 for t in tokens[1:]):
        raise ValueError("some a_i is out of range")
    return {"n": n}
```"""
    },
)

WRITE_VERIFIER = Prompt(
    "write_verifier",
    "6",
    """Problem:

{problem}

Score: {sense}imise {objective}.

Write ONE Python 3 module, standard library only, with three functions:
- verify(input_text, output_text): returns (feasible, objective, message). feasible is False for a malformed
  output or one that breaks ANY rule of the Output section, the rules the problem added included (caps,
  counts, every item used once, maximality); objective is the number to {sense}imise, {objective_rule}.
- feasible(input_text, output_text): returns (ok, message), deciding only whether the output is legal. Write
  it on its own: do not call verify, and verify must not call it.
- baseline(input_text): returns the output a simple but sensible first attempt gives, always legal, as a
  string or as a list of its lines (a line one value or a list of values, printed separated by spaces); its
  docstring says what it does in one sentence. Each test's scores run from its objective (0) to the best
  objective the sampled solutions reach (1), so a baseline far worse than any real attempt squeezes every
  solution near 1.
Each runs on inputs as large as the Input section allows, within a few seconds of CPU time (their limit is the
verifier's): near-linear work, no search. FrontierSmith calls these functions: do not read stdin, files or
print.{feedback}

Answer with the module in one ```python block.""",
    None,
    {
        "problem": _KNAPSACK,
        "sense": "max",
        "objective": "the total value of the chosen items",
        "objective_rule": "any number (0 and negative values are fine)",
        "feedback": "",
    },
    {
        "": """```python
def read_input(input_text):
    t = input_text.split()
    n, cap = int(t[0]), int(t[1])
    return n, cap, [(int(t[2 + 2 * i]), int(t[3 + 2 * i])) for i in range(n)]


def verify(input_text, output_text):
    n, cap, items = read_input(input_text)
    try:
        chosen = [int(x) for x in output_text.split()]
    except ValueError:
        return False, None, "the output is not a list of integers"
    if len(set(chosen)) != len(chosen) or not all(1 <= i <= n for i in chosen):
        return False, None, "an index is repeated or out of range"
    if sum(items[i - 1][0] for i in chosen) > cap:
        return False, None, "the items weigh more than C"
    return True, sum(items[i - 1][1] for i in chosen), "ok"


def feasible(input_text, output_text):
    n, cap, items = read_input(input_text)
    tokens = output_text.split()
    if not all(x.isdigit() for x in tokens):
        return False, "not indices"
    idx = [int(x) for x in tokens]
    if len(idx) != len(set(idx)) or any(i < 1 or i > n for i in idx):
        return False, "bad index"
    return sum(items[i - 1][0] for i in idx) <= cap, "weight checked"


def baseline(input_text):
    \"\"\"Take the items in input order while they fit.\"\"\"
    n, cap, items = read_input(input_text)
    chosen, used = [], 0
    for i, (w, v) in enumerate(items, 1):
        if used + w <= cap:
            chosen.append(i)
            used += w
    return [chosen]
```"""
    },
)

# What a verifier's objective may be, by normalisation: the paper's needs it positive, range any number.
OBJECTIVE_RULE = {
    "range": "any number (0 and negative values are fine)",
    "paper": "greater than 0 for a legal output (scores divide by it)",
}

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


def feedback_block(feedback: list[str]) -> str:
    if not feedback:
        return ""
    lines = "\n".join(f"- {f}" for f in feedback)
    return f"\nYour previous attempt failed these cross-validation checks; fix them:\n{lines}"


REPAIR_OPENING = "Your answer above failed these cross-validation checks:"


def repair_block(feedback: list[str]) -> str:
    """What a model reads after its own last program, when that program failed checks: fix it, whole."""
    lines = "\n".join(f"- {f}" for f in feedback)
    return (
        f"{REPAIR_OPENING}\n{lines}\n\nFix your code so these checks "
        "pass; keep what works. Answer with the whole corrected code, in the same format as before."
    )


def attempt_feedback_block(feedback: list[str]) -> str:
    """The judge's data-free diagnostics of a solver's previous attempts (verdicts, never test data)."""
    if not feedback:
        return ""
    lines = "\n".join(f"- {f}" for f in feedback)
    return f"\n\nThe judge's feedback on your previous attempts (fix what failed, keep what worked):\n{lines}"


def rejected_block(reason: str) -> str:
    """What a model is told when its answer could not be used, before it answers again."""
    return f"\n\nYour previous answer could not be used: {reason} Answer again, in the format of the example."


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
        WRITE_SPEC,
        APPLY_OPERATOR,
    )
}
