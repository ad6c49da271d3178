"""The structured problem spec: built from a catalog family's own metadata, derived offline from any
problem's tuple, rendered into the statement, and realised on the family's program as a variant whose tests
are built and validated in the real sandbox."""

from __future__ import annotations

import pytest

from frontiersmith.models import Complexity, DistributionRule, InputSpec, Objective, Problem
from frontiersmith.sandbox import open_sandbox
from frontiersmith.tools.catalog import family_for, get_family
from frontiersmith.tools.frontier.operators import variant_of
from frontiersmith.tools.frontier.spec import offline_spec, problem_spec, render_statement, spec_for_family
from frontiersmith.tools.judging.testgen import build_tests


def test_spec_for_a_family_types_its_bounds_and_keeps_its_test_rules():
    fam = get_family("graph_coloring")
    spec = spec_for_family(fam)
    assert spec.source == "catalog:graph_coloring" and spec.objective == fam.objective
    assert [r.name for r in spec.tests] == list(fam.distributions)
    assert all(r.tests == fam.tests_per_distribution and r.purpose == "default" for r in spec.tests)
    assert spec.generator == {"n_max": 5000, "m_max": 40000}  # the family's Config, its generator's knobs
    assert {f.name: f.bounds for f in spec.inputs} == dict(fam.input_spec.bounds)
    assert spec.complexity.constraint_count == len(spec.constraints) > 0
    assert spec.complexity.n_bounds and set(spec.complexity.n_bounds) <= {f.name for f in spec.inputs}


def test_the_statement_is_rendered_from_the_spec_so_a_raised_bound_shows():
    spec = spec_for_family(get_family("knapsack_01"))
    first = render_statement(spec)
    assert first.startswith("# 0/1 knapsack") and "## Constraints" in first and "n in [1, 200]" in first
    assert first.count("## Constraints") == 1  # the family's own section is replaced, not repeated
    raised = spec.model_copy(
        update={
            "inputs": [f.model_copy(update={"bounds": (1, 400)}) if f.name == "n" else f for f in spec.inputs]
        }
    )
    assert "n in [1, 400]" in render_statement(raised) and "n in [1, 200]" not in render_statement(raised)


@pytest.mark.anyio
async def test_a_problem_outside_the_catalog_gets_a_spec_from_its_tuple_offline():
    problem = Problem(
        id="seed_x",
        title="Paths",
        statement="# Paths\n\nCount them.\n\n## Constraints\n1 <= n <= 10\n",
        objective=Objective(kind="optimise", sense="min", formula="length"),
        input_spec=InputSpec(constraints="1 <= n <= 10, 1 <= a_i <= 5", bounds={"n": (1, 10), "a_i": (1, 5)}),
    )
    spec = await problem_spec(problem, provider=None)
    assert spec == offline_spec(problem) and spec.source == "offline"
    assert [(f.name, f.type, f.bounds) for f in spec.inputs] == [
        ("n", "int", (1, 10)),
        ("a_i", "int", (1, 5)),
    ]
    assert spec.constraints == ["1 <= n <= 10", "1 <= a_i <= 5"] and spec.complexity.n_bounds == {
        "n": (1, 10)
    }
    assert "## Constraints" not in spec.story and "Count them." in spec.story


@pytest.mark.anyio
async def test_a_spec_change_is_realised_on_the_familys_program_and_its_tests_validate():
    fam = get_family("graph_coloring")
    spec = spec_for_family(fam)
    spec = spec.model_copy(
        update={
            "generator": {**spec.generator, "n_max": 10000},
            "tests": [
                *spec.tests,
                DistributionRule(name="planted_boundary1", base="planted", purpose="boundary"),
            ],
            "complexity": Complexity(),
        }
    )
    variant = variant_of(fam, spec)
    assert variant == {
        "config": {"n_max": 10000},
        "aliases": {"planted_boundary1": "planted"},
        "distributions": [*fam.distributions, "planted_boundary1"],
    }
    problem = fam.problem().model_copy(update={"provenance": {"catalog": fam.name, "variant": variant}})
    realised = family_for(problem)
    assert realised is not None and realised.distributions[-1] == "planted_boundary1"
    async with open_sandbox("process") as sb:
        built = await build_tests(sb, realised.tests_draft())
    assert built.failures == []
    names = [t.name for t in built.tests]
    assert sum(n.startswith("planted_boundary1-") for n in names) == fam.tests_per_distribution
    redrawn = {t.input for t in built.tests if t.distribution == "planted_boundary1"}
    assert redrawn and redrawn.isdisjoint({t.input for t in built.tests if t.distribution == "planted"})


def test_a_variant_the_familys_config_refuses_is_refused_in_one_sentence():
    fam = get_family("graph_coloring")
    with pytest.raises(ValueError, match="n_max must be between"):
        fam.variant(config={"n_max": 10**9})
    with pytest.raises(ValueError, match="no Config field"):
        fam.variant(config={"nope": 1})
