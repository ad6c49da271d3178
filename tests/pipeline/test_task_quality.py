"""Task quality at the tests' step (docs/design.md, "Task quality"), on a problem authored here: a statement must be
whole before it is stored, and a test author's module goes back with an actionable reason when its tests stay
below the scale the statement promises, when its validator reports no sizes, or when it gives the statement no
example; the honest module passes on the first try. Store, sandbox and programs are real; no model is involved
(the test author's module is written here, as a model would write it)."""

from __future__ import annotations

import pytest

from frontiersmith.drafts import MutationDraft, TestsDraft
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import InputSpec, Objective, ObjectiveKind, OutputSpec, Sense
from frontiersmith.store import Store
from frontiersmith.tools import synthesis as syn
from frontiersmith.tools.catalog import seed_id_for
from frontiersmith.tools.catalog.model_programs import model_program
from frontiersmith.tools.seeds.pool import ensure_catalog_seeds

pytestmark = pytest.mark.anyio

STORY = "Given n items with weights and a capacity C, choose items of total weight at most C, as heavy as possible."
WHOLE = f"""# Heavy bag

{STORY}

## Input

The first line holds n and C (1 <= n <= 60, 1 <= C <= 1000); the second holds the n weights (1 <= w_i <= C).

## Output

k, then the k distinct 0-based indices of the chosen items, on one line.
"""

MODULE = """
DISTRIBUTIONS = ["small", "large", "mixed"]
ADVERSARIAL = ["mixed"]
EXAMPLE = [[3, 10], [4, 5, 6]]


def generate(dist, rng):
    n = rng.randint(LOW, HIGH)
    c = rng.randint(500, 1000)
    hi = {"small": c // 10, "large": c // 2, "mixed": c}[dist]
    return [[n, c], [rng.randint(1, max(1, hi)) for _ in range(n)]]


def validate(text):
    t = [int(x) for x in text.split()]
    n, c, w = t[0], t[1], t[2:]
    if not 1 <= n <= 60 or len(w) != n or not 1 <= c <= 1000 or not all(1 <= x <= c for x in w):
        raise ValueError("n, C or a weight is out of range")
    return {"n": n}
"""


def draft(module: str) -> TestsDraft:
    program = model_program(module, "tests")
    return TestsDraft(generator=program, validator=program, distributions=["small", "large", "mixed"])


@pytest.fixture
async def candidate(tmp_path) -> tuple[Store, str]:
    store = Store(tmp_path / "store.db")
    ensure_catalog_seeds(store)
    authored = MutationDraft(
        title="Heavy bag",
        statement=WHOLE,
        objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=Sense.MAX, formula="total weight chosen"),
        input_spec=InputSpec(constraints="weights at most C", bounds={"n": (1, 60), "C": (1, 1000)}),
        output_spec=OutputSpec(description="k distinct indices"),
    )
    made = await syn.mutate_problem(store, seed_id_for("knapsack_01"), "objective", authored=authored)
    return store, made.candidate.id


async def test_a_statement_without_its_output_section_is_refused_before_anything_is_stored(tmp_path) -> None:
    store = Store(tmp_path / "store.db")
    ensure_catalog_seeds(store)
    torn = MutationDraft(
        title="Heavy bag",
        statement=WHOLE.split("## Output")[0],
        objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=Sense.MAX, formula="total weight"),
    )
    with pytest.raises(InvalidInputError, match="lacks an Output section"):
        await syn.mutate_problem(store, seed_id_for("knapsack_01"), "objective", authored=torn)
    assert store.candidates.list() == []


async def test_the_honest_module_passes_and_keeps_its_sizes_and_example(candidate) -> None:
    store, cid = candidate
    result = await syn.generate_tests(
        store, cid, authored=draft(MODULE.replace("LOW", "20").replace("HIGH", "60"))
    )
    assert result.failures == []
    suite = result.suite
    assert suite is not None and suite.sizes and max(s["n"] for s in suite.sizes.values()) >= 30
    assert suite.example_hash is not None and store.blobs.get(suite.example_hash) == b"3 10\n4 5 6\n"


async def test_tests_below_the_promised_scale_go_back_with_the_sizes_they_reach(candidate) -> None:
    store, cid = candidate
    result = await syn.generate_tests(
        store, cid, authored=draft(MODULE.replace("LOW", "2").replace("HIGH", "5"))
    )
    (failure,) = result.failures
    assert "the largest test has n = " in failure and "statement allows n <= 60" in failure
    assert "at least 30 (half the bound)" in failure


async def test_a_validator_that_reports_no_sizes_and_a_module_without_an_example_go_back(candidate) -> None:
    store, cid = candidate
    silent = MODULE.replace("LOW", "20").replace("HIGH", "60").replace('    return {"n": n}\n', "")
    result = await syn.generate_tests(store, cid, authored=draft(silent))
    assert (
        result.failures
        and "reports no input sizes" in result.failures[0]
        and '{"n": 37}' in result.failures[0]
    )
    bare = MODULE.replace("LOW", "20").replace("HIGH", "60").replace("EXAMPLE = [[3, 10], [4, 5, 6]]\n", "")
    result = await syn.generate_tests(store, cid, authored=draft(bare))
    assert result.failures == [
        "the generator gives no example: `gen example 0` must print a tiny legal input (a few lines), which the "
        "published statement shows with a judged output"
    ]


def test_a_task_time_limit_is_three_times_its_slowest_reference_in_half_seconds_within_one_to_the_checked_limit() -> (
    None
):
    from frontiersmith.tools.synthesis.quality import fitted_time_limit

    assert fitted_time_limit(None, 2000) == 2000  # nothing ran: the limit it was checked under stands
    assert fitted_time_limit(40, 2000) == 1000  # never under a second (start-up, a loaded machine)
    assert fitted_time_limit(400, 2000) == 1500  # 1,200 ms rounded up to the next half second
    assert fitted_time_limit(900, 2000) == 2000  # never over the limit the references were judged under
    assert fitted_time_limit(900, 5000) == 3000
