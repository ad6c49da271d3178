"""Step 1's prompts: a seed mutated along one axis (``MUTATE``), and the coarse judge's verdict on the candidate
(``COARSE_JUDGE``), with the answers each asks for."""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from frontiersmith.drafts import CoarseReason
from frontiersmith.models import Axis, Problem, ProblemKind, Sense

from . import examples
from .prompt import Prompt

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


class CoarseAnswer(BaseModel):
    """The coarse judge's answer: one sentence, then one label of a fixed list (``ok`` keeps the candidate). The
    sentence comes first so the label follows the model's reasoning: asked for the label first, small models
    labelled a problem `still_closed` and then explained that it is still open-ended. Both are required, since
    constrained decoding puts a schema's optional fields after its required ones."""

    explanation: str
    reason: CoarseReason


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
        "problem": examples.ROUTE,
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
        Axis.OUTPUT.value: {"problem": examples.ROOMS, "axis_task": AXIS_TASK[Axis.OUTPUT]},
        Axis.INPUT.value: {"problem": examples.TWO_TEAMS, "axis_task": AXIS_TASK[Axis.INPUT]},
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
    {"problem": examples.KNAPSACK.replace("1 <= n <= 2000", "1 <= n <= 10^5").replace("10^6", "10^9")},
    {
        "": '{"explanation": "With weights up to 10^9 and n up to 10^5 no exact method runs in time, and greedy '
        'by value per weight, local search and dynamic programming on rounded weights all compete.", "reason": '
        '"ok"}'
    },
)
