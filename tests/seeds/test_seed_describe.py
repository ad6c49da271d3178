"""The (O, C_I, C_O) tuple of an imported statement: read offline from statements written in the
CodeContests / Codeforces, AtCoder, TACO and LaTeX styles, and written by a model through the loopback chat
endpoint (the model is the only scripted part: its answers are canned; the provider, the prompt and the
HTTP client are real)."""

from __future__ import annotations

import json
import time

import pytest
from model_answers import mutation
from pipeline.scripted_llm import ScriptedEndpoint
from seed_helpers import model_step

from frontiersmith.drafts import SeedDraft, SeedTupleDraft
from frontiersmith.errors import ProviderError
from frontiersmith.models import Axis, ObjectiveKind, Problem, ProblemKind, Sense
from frontiersmith.settings import Settings
from frontiersmith.tools.llm.answers import parse_structured
from frontiersmith.tools.llm.factory import make_provider
from frontiersmith.tools.llm.offline import OfflineProvider
from frontiersmith.tools.seeds.describe import describe
from frontiersmith.tools.seeds.statement import offline_tuple, parse_bounds, split_sections

pytestmark = pytest.mark.anyio

# CodeContests keeps Codeforces statements with plain headings and Unicode relations.
EQUAL_PAIRS = """You are given an array a of n integers. Can you split it into two non-empty parts with equal sums?

Input

The first line contains a single integer t (1 ≤ t ≤ 10^4) — the number of test cases.

The first line of each test case contains one integer n (2 ≤ n ≤ 2·10^5). The second line contains n
integers a_1, a_2, …, a_n (1 ≤ a_i ≤ 10^9).

It is guaranteed that the sum of n over all test cases does not exceed 2·10^5.

Output

For each test case, print "YES" if such a split exists, and "NO" otherwise.

You may print every letter in any case you want.

Example

Input

2
2
1 1
3
1 2 4

Output

YES
NO

Note

In the first test case the split is [1], [1].
"""

# Raw Codeforces markup: $$$ ... $$$ with TeX relations.
PATHS_MODULO = """There is a grid with $$$n$$$ rows and $$$m$$$ columns; some cells are blocked.

Input

The first line contains two integers $$$n$$$ and $$$m$$$ ($$$1 \\le n, m \\le 2 \\cdot 10^5$$$, $$$n \\cdot m \\le 10^{6}$$$).

Each of the next $$$n$$$ lines contains a string of $$$m$$$ characters.

Output

Print the number of paths from the top-left to the bottom-right cell, modulo $$$998\\,244\\,353$$$.

Examples

Input

2 2
..
..

Output

2
"""

# AtCoder: a Constraints section of its own, \\leq and \\times.
ATCODER_MAX = """Problem Statement

We have N boxes; box i holds A_i candies. Choose some boxes, no two adjacent.

Constraints

* 1 \\leq N \\leq 2\\times 10^5
* 0 \\leq A_i \\leq 10^9
* All values in input are integers.

Input

Input is given from Standard Input in the following format:

N
A_1 A_2 \\ldots A_N

Output

Print the maximum total number of candies you can take.

Sample Input 1

3
1 2 3

Sample Output 1

4
"""

# TACO / APPS: dashed headings, "print any", 1e5.
TACO_CONSTRUCT = """Given n, output a permutation p of 1..n such that no p_i equals i.

-----Input-----

The only line contains an integer n (2 <= n <= 1e5).

-----Output-----

Print n distinct integers p_1, ..., p_n. If there are several answers, print any of them.

-----Examples-----
Input
2

Output
2 1
"""

MINIMUM_OPS = """Make every element of the array equal using the fewest operations.

Input

The first line contains n (1 ≤ n ≤ 100). The second line contains 1 ≤ a_1 ≤ a_2 ≤ … ≤ a_n ≤ 10^9.

Output

Print the minimum number of operations.
"""

NO_KIND = """A story with no question words.

Input

One integer x (−10^9 ≤ x ≤ 10^9).

Output

Print x written backwards.
"""


def _draft(statement: str, title: str = "Seed") -> SeedDraft:
    problem = Problem(
        id="x", title=title, statement=statement, objective={"kind": "construct"}, kind=ProblemKind.CLOSED
    )
    return SeedDraft(problem=problem)


def test_codeforces_yes_no_statement_reads_as_decide_with_its_bounds():
    t = offline_tuple(EQUAL_PAIRS)
    assert t.objective.kind is ObjectiveKind.DECIDE and t.objective.sense is None
    assert t.input_spec.bounds == {"t": (1, 10**4), "n": (2, 2 * 10**5), "a_i": (1, 10**9)}
    assert "sum of n over all test cases" in t.input_spec.constraints  # the text is kept whole
    assert t.output_spec.description.startswith('For each test case, print "YES"')
    assert "2\n2\n1 1" not in t.input_spec.constraints, "the example's Input is not the input section"


def test_latex_markup_bounds_and_modulo_read_as_count():
    t = offline_tuple(PATHS_MODULO)
    assert t.objective.kind is ObjectiveKind.COUNT
    assert t.input_spec.bounds == {"n": (1, 2 * 10**5), "m": (1, 2 * 10**5)}
    assert "modulo" in t.objective.formula


def test_atcoder_constraints_section_and_maximum_read_as_optimise_max():
    t = offline_tuple(ATCODER_MAX)
    assert t.objective.kind is ObjectiveKind.OPTIMISE and t.objective.sense is Sense.MAX
    assert t.input_spec.bounds == {"N": (1, 2 * 10**5), "A_i": (0, 10**9)}
    assert t.input_spec.constraints.startswith("* 1 \\leq N")  # the constraints section, not the input
    assert "Sample" not in t.output_spec.description


def test_taco_dashed_headings_and_print_any_read_as_construct():
    t = offline_tuple(TACO_CONSTRUCT)
    assert t.objective.kind is ObjectiveKind.CONSTRUCT and t.notes == ""
    assert t.input_spec.bounds == {"n": (2, 10**5)}
    assert (
        t.io_format.startswith("stdin: The only line contains") and "stdout: Print n distinct" in t.io_format
    )


def test_minimum_and_chained_bounds_read_as_optimise_min():
    t = offline_tuple(MINIMUM_OPS)
    assert t.objective.kind is ObjectiveKind.OPTIMISE and t.objective.sense is Sense.MIN
    assert t.input_spec.bounds == {"n": (1, 100), "a_i": (1, 10**9)}


def test_unrecognised_output_is_construct_with_a_note():
    t = offline_tuple(NO_KIND)
    assert t.objective.kind is ObjectiveKind.CONSTRUCT
    assert "taken as construct" in t.notes
    assert t.input_spec.bounds == {"x": (-(10**9), 10**9)}


@pytest.mark.parametrize(
    ("text", "bounds"),
    [
        ("1 <= n <= 10^5", {"n": (1, 10**5)}),
        ("1 ≤ n, m ≤ 2·10^5", {"n": (1, 2e5), "m": (1, 2e5)}),
        ("$1 \\le n \\le 2 \\cdot 10^5$", {"n": (1, 2e5)}),
        ("1 ≤ a_i ≤ 10^{9}", {"a_i": (1, 1e9)}),
        ("1 ≤ k ≤ 1e5, 1 ≤ |s| ≤ 100,000", {"k": (1, 1e5), "|s|": (1, 1e5)}),
        ("1 \\le w_i \\le 2^{31} - 1", {"w_i": (1, 2**31 - 1)}),
        ("10^9 ≥ x ≥ 1", {"x": (1, 1e9)}),
        ("0 ≤ k ≤ n - 1", {}),  # a bound on another variable is not numeric
        ("- 1 ≤ n ≤ 5", {"n": (1, 5)}),  # a list bullet is not a minus sign
    ],
)
def test_bounds_are_parsed_in_every_notation(text, bounds):
    assert parse_bounds(text) == bounds


def test_a_statement_without_sections_still_gets_a_tuple():
    statement = "Given 1 ≤ n ≤ 50 coins, print the minimum number of coins that sum to n."
    assert split_sections(statement).output == ""
    t = offline_tuple(statement)
    assert t.objective.kind is ObjectiveKind.OPTIMISE and t.input_spec.bounds == {"n": (1, 50)}
    assert "no output section" in t.notes


def test_the_offline_reader_does_not_hang_on_a_long_sample_or_a_long_list():
    # A statement without sections is read whole, samples included. The old pattern backtracked through
    # every long word and comma list: this one statement took minutes, and the import with it. The 2 s
    # bound is a hang detector, about 1000x what the reading takes now, not a speed target.
    sample = "ab" * 10_000
    names = ", ".join(["x"] * 3_000)
    statement = f"Given 1 ≤ n ≤ 50 and the string {sample} and {names}, print the minimum."
    started = time.perf_counter()
    t = offline_tuple(statement)
    assert time.perf_counter() - started < 2.0
    assert t.input_spec.bounds == {"n": (1, 50)}


async def test_describe_offline_fills_the_tuple_and_says_who_wrote_it():
    for provider in (None, OfflineProvider()):
        out = await describe(_draft(ATCODER_MAX), provider)
        assert out.tuple_by == "offline"
        assert out.problem.objective.kind is ObjectiveKind.OPTIMISE
        assert out.problem.input_spec.bounds["N"] == (1, 2 * 10**5)


async def test_describe_keeps_a_tuple_already_written():
    draft = _draft(ATCODER_MAX)
    draft.tuple_by = "seed.yaml"
    assert (await describe(draft, OfflineProvider())) is draft


def test_a_model_tuple_without_a_sense_or_with_crossed_bounds_is_unusable():
    senseless = json.dumps({"objective": {"kind": "optimise"}})
    with pytest.raises(ProviderError, match="needs its sense"):
        parse_structured(senseless, SeedTupleDraft)
    crossed = json.dumps({"objective": {"kind": "count"}, "input_spec": {"bounds": {"n": [5, 1]}}})
    with pytest.raises(ProviderError, match="bounds of n have lo above hi"):
        parse_structured(crossed, SeedTupleDraft)


async def test_describe_with_a_model_uses_its_tuple_and_falls_back_when_unusable(tmp_path):
    """The scripted model answers three statements: a good tuple (used, the empty output text filled from
    the statement), a tuple with crossed bounds twice (unusable: the offline reading, with a note), and
    garbage twice (the same)."""
    endpoint = ScriptedEndpoint(model_step)
    good = {
        "asked": "candies taken",
        "kind": "maximum",
        "constraints": "",
        "bounds": {"N": [1, 200000], "A_i": [0, 1e9]},
        "output": "",
    }
    crossed = {"asked": "pairs", "kind": "count", "bounds": {"N": [5, 1]}}
    endpoint.script("describe", json.dumps(good), *[json.dumps(crossed)] * 2, "not json {", "```nope```")
    settings = Settings(data_dir=tmp_path)
    with endpoint:
        provider = make_provider("openai", settings, model="scripted", base_url=endpoint.base_url)
        by_model = await describe(_draft(ATCODER_MAX, "Candies"), provider)
        crossed_out = await describe(_draft(EQUAL_PAIRS), provider)
        garbage_out = await describe(_draft(PATHS_MODULO), provider)

    assert endpoint.unanswered == []
    assert len(endpoint.requests) == 5 and '"Candies"' in endpoint.requests[0][1]
    assert by_model.tuple_by == "openai:scripted"
    assert by_model.problem.objective.formula == "candies taken"
    assert by_model.problem.input_spec.bounds == {"N": (1, 200000), "A_i": (0, 1e9)}
    assert by_model.problem.input_spec.constraints.startswith("* 1 \\leq N")
    assert by_model.problem.output_spec.description.startswith("Print the maximum")
    # The model gave no reason and the statement's words give its kind: their reason is kept.
    assert by_model.objective_reason.startswith("optimise: the Output section asks for the maximum")

    assert crossed_out.tuple_by == "offline"
    assert crossed_out.problem.objective.kind is ObjectiveKind.DECIDE
    assert any("unusable" in n for n in crossed_out.notes), crossed_out.notes
    assert garbage_out.tuple_by == "offline" and garbage_out.problem.objective.kind is ObjectiveKind.COUNT
    assert any("unusable" in n and "could not be used" in n for n in garbage_out.notes)


async def test_mutate_prompt_says_what_kind_of_seed_it_is(tmp_path):
    """An accepted task rejoining the pool is open-ended: the mutation prompt must not call it closed."""
    endpoint = ScriptedEndpoint(model_step)
    endpoint.script("mutate", mutation("T"), mutation("T"))
    closed = _draft(ATCODER_MAX).problem
    opened = closed.model_copy(update={"kind": ProblemKind.OPEN})
    with endpoint:
        provider = make_provider(
            "openai", Settings(data_dir=tmp_path), model="scripted", base_url=endpoint.base_url
        )
        await provider.mutate(closed, Axis.OBJECTIVE, index=0)
        await provider.mutate(opened, Axis.OBJECTIVE, index=0)
    (_, closed_prompt), (_, open_prompt) = endpoint.requests
    assert "Here is a closed competitive-programming problem" in closed_prompt
    assert "Here is an open-ended optimisation problem" in open_prompt and "closed" not in open_prompt


async def test_a_models_reason_is_kept_and_a_kind_the_statement_does_not_give_has_none_of_its(tmp_path):
    """Scripted model: one tuple with its own reason, one with another kind than the statement's words and no
    reason (the offline reason would explain a kind the model did not choose, so none is given)."""
    endpoint = ScriptedEndpoint(model_step)
    reasoned = {
        "asked": "whether the pairs are equal",
        "kind": "yes/no",
        "reason": "decide: it asks YES or NO",
    }
    other_kind = {"asked": "the number of candies", "kind": "count"}
    endpoint.script("describe", json.dumps(reasoned), json.dumps(other_kind))
    with endpoint:
        provider = make_provider(
            "openai", Settings(data_dir=tmp_path), model="scripted", base_url=endpoint.base_url
        )
        first = await describe(_draft(EQUAL_PAIRS), provider)
        second = await describe(_draft(ATCODER_MAX), provider)
    assert first.objective_reason == "decide: it asks YES or NO"
    assert second.problem.objective.kind is ObjectiveKind.COUNT and second.objective_reason == ""
    assert '"reason": the words of the statement the kind rests on' in endpoint.requests[0][1]
