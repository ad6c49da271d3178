"""Step 3's prompt: the divergence judge groups the sampled solutions by their core algorithm
(``GROUP_STRATEGIES``)."""

from __future__ import annotations

from pydantic import BaseModel, Field, create_model

from .prompt import Prompt


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
