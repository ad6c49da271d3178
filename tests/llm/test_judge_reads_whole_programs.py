"""The divergence judge reads what it judges: each solution's whole program within its share of the token budget
(compacted, the least telling lines left out and marked, never cut after N characters, where a long program's
search would be lost), grouped by the prompt's rubric, with its explanation written before its labels."""

from __future__ import annotations

import json

import pytest

from frontiersmith.drafts import SolutionDraft
from frontiersmith.models import Language
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.llm import prompts
from frontiersmith.tools.llm.chat import ChatProvider
from frontiersmith.tools.llm.programs import compact, judge_budget

pytestmark = pytest.mark.anyio

# A long program whose idea (the annealing loop) sits after 200 lines of reading and bookkeeping: the old judge,
# reading its first 1,500 characters, saw only the reading.
PARSING = "\n".join(
    f'    int field{i} = readInt(); if (field{i} < 0) {{ cerr << "bad field {i}"; return 1; }}'
    for i in range(200)
)
LONG = f"""#include <bits/stdc++.h>
using namespace std;

int readInt() {{ int x; cin >> x; return x; }}

int main() {{
    ios::sync_with_stdio(false);
{PARSING}
    // simulated annealing over single flips, geometric cooling
    double T = 1000.0;
    while (clock() < limit) {{
        int i = rng() % n;
        long long delta = gain(i);
        if (delta > 0 || exp(delta / T) > uniform(rng)) flip(i);
        T *= 0.9995;
    }}
    printAnswer();
}}
"""


def test_a_long_program_keeps_its_idea_within_the_budget_and_a_short_one_is_shown_whole():
    shown = compact(LONG, 2500)
    assert len(LONG) > 15_000 and len(shown) <= 2500
    for line in ("// simulated annealing", "while (clock() < limit) {", "exp(delta / T)", "T *= 0.9995;"):
        assert line in shown, line
    assert "⋯" in shown and "#include" not in shown and "sync_with_stdio" not in shown
    assert shown.index("int readInt()") < shown.index("while (clock()")  # the program's order is kept

    code = get_family("min_rooms").solvers[0].path.read_text()
    whole = compact(code, 2500)
    assert "⋯" not in whole
    assert [line.strip() for line in whole.splitlines()] == [
        line.strip() for line in code.splitlines() if line.strip()
    ]
    assert judge_budget(5000, 4) == 4375 and judge_budget(5000, 64) == 600  # a share, never below the floor


async def test_the_group_prompt_shows_whole_programs_and_asks_for_the_explanation_before_the_labels():
    """Scripted model: it answers the group prompt; what it was sent and the schema it decodes under are read."""
    asked: list[tuple[list[dict], object]] = []
    answer = {"explanation": "0: annealing over flips. 1: sweep by start time.", "labels": [0, 1]}

    async def complete(messages: list[dict], schema: object) -> str:
        asked.append((messages, schema))
        return json.dumps(answer)

    rooms = get_family("min_rooms")
    solutions = [
        SolutionDraft(code=LONG, language=Language.CPP, strategy="local search"),
        SolutionDraft(code=rooms.solvers[0].path.read_text(), language=Language.PYTHON, strategy=""),
    ]
    groups = await ChatProvider(complete, name="scripted").group_strategies(rooms.problem(), solutions)
    assert groups.labels == [0, 1] and groups.explanation == answer["explanation"]

    [(messages, schema)] = asked
    task = messages[-1]["content"]
    assert prompts.GROUP_STRATEGIES.version == "4"
    assert "exp(delta / T)" in task and "Idea named: local search" in task and "Idea named: (none)" in task
    assert "CORE ALGORITHM" in task and "the named idea may be wrong" in task
    json_schema = schema.model_json_schema()  # type: ignore[attr-defined]
    assert list(json_schema["properties"]) == ["explanation", "labels"]
    assert set(json_schema["required"]) == {"explanation", "labels"}
    # the worked example obeys its own instruction: explanation first, then one label per solution
    example = json.loads(prompts.GROUP_STRATEGIES.examples[""])
    assert list(example) == ["explanation", "labels"] and len(example["labels"]) == 3
