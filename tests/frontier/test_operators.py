"""The targeted mutation operators: chosen from the defect map, each editing a problem spec, realised
offline on the catalog, and stored with the candidate they make (a real SQLite store)."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontiersmith.models import Axis, DefectCluster, FailureType
from frontiersmith.store import Store
from frontiersmith.tools import synthesis
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.frontier.operators import (
    OPERATOR_AXIS,
    Operator,
    algorithm_replacement,
    boundary_injection,
    choose_operator,
    constraint_stacking,
    offline_target,
    scale_up,
    variant_of,
)
from frontiersmith.tools.frontier.spec import spec_draft, spec_for_family


def cluster(failure: FailureType, **features: str) -> DefectCluster:
    key = "|".join([failure.value, *(f"{k}={v}" for k, v in sorted(features.items()))])
    return DefectCluster(key=key, failure=failure, features=features, attempts=1, problems=["catalog/x"])


@pytest.fixture
def store(tmp_path: Path):
    opened = Store(tmp_path / "store.db")
    yield opened
    opened.close()


def test_each_defect_calls_for_the_operator_the_proposal_names():
    assert choose_operator(cluster(FailureType.TIME_OUT)) is Operator.SCALE_UP
    assert choose_operator(cluster(FailureType.MEMORY_OUT)) is Operator.SCALE_UP
    assert choose_operator(cluster(FailureType.INVALID_OUTPUT)) is Operator.CONSTRAINT_STACKING
    assert choose_operator(cluster(FailureType.NEAR_SUCCESS)) is Operator.BOUNDARY_INJECTION
    assert choose_operator(cluster(FailureType.SUCCESS)) is Operator.ALGORITHM_REPLACEMENT
    assert choose_operator(cluster(FailureType.SUBOPTIMAL)) is Operator.ALGORITHM_REPLACEMENT
    # failures that say nothing about the problem are not aimed at
    assert choose_operator(cluster(FailureType.COMPILE_ERROR)) is None
    assert choose_operator(cluster(FailureType.NO_SOLUTION)) is None


def test_boundary_injection_draws_the_distribution_the_solver_nearly_passes_again():
    spec = spec_for_family(get_family("graph_coloring"))
    near = cluster(FailureType.NEAR_SUCCESS, distribution="geometric")
    out = boundary_injection(spec, {"random": 0.3, "geometric": 0.1}, near)
    added = out.tests[len(spec.tests) :]
    assert [r.base for r in added] == ["geometric", "geometric"] and {r.purpose for r in added} == {
        "boundary"
    }
    assert out.tests[: len(spec.tests)] == spec.tests  # nothing of the original plan is dropped
    # without a named distribution the solver's weakest one is the boundary
    weakest = boundary_injection(
        spec,
        {"random": 0.3, "geometric": 0.2, "planted": 0.05, "large": 0.4},
        cluster(FailureType.NEAR_SUCCESS),
    )
    assert {r.base for r in weakest.tests if r.base} == {"planted"}


def test_algorithm_replacement_keeps_only_the_inputs_where_the_solvers_idea_loses():
    spec = spec_for_family(get_family("general_graph_mis"))
    scores = {"sparse": 0.30, "dense": 0.05, "clustered": 0.28, "planted": 0.10}
    out = algorithm_replacement(spec, scores, cluster(FailureType.SUBOPTIMAL))
    assert [r.name for r in out.tests if r.base is None] == ["dense", "planted"]
    assert {r.base for r in out.tests if r.base} == {"dense"}


def test_scale_up_raises_the_size_parameters_and_the_bounds_a_solver_reads():
    fam = get_family("knapsack_01")
    spec = spec_for_family(fam)
    out = scale_up(spec, fam, {}, cluster(FailureType.TIME_OUT, distribution="uncorrelated"))
    assert out.generator["n_max"] == 2 * spec.generator["n_max"]
    assert out.generator["v_max"] == spec.generator["v_max"]  # values are not sizes
    assert dict((f.name, f.bounds) for f in out.inputs)["n"] == (1, 400)
    assert out.complexity.n_bounds["n"] == (1, 400)
    assert {r.purpose for r in out.tests if r.base} == {"scale"}
    fam.variant(**variant_of(fam, out))  # the family's own Config accepts it


def test_constraint_stacking_picks_the_sibling_whose_verifier_checks_one_more_constraint():
    sibling = constraint_stacking(get_family("max_leaf_spanning_tree"))
    assert sibling is not None and sibling.parent == "mst" and sibling.axis is Axis.OUTPUT
    assert sibling.name != "max_leaf_spanning_tree"


def test_an_operator_without_a_catalog_realisation_falls_back_to_boundary_injection(store: Store):
    # coin_denominations is the only open mutation of its seed: no sibling adds a constraint
    target = offline_target(
        store,
        "catalog:weak",
        cluster(FailureType.INVALID_OUTPUT),
        Operator.CONSTRAINT_STACKING,
        "catalog/coin_denominations",
    )
    assert target is not None and target.operator is Operator.BOUNDARY_INJECTION
    assert target.spec.operators == ["boundary_injection"] and target.family == "coin_denominations"


@pytest.mark.anyio
async def test_a_targeted_candidate_is_stored_with_its_spec_and_its_variant(store: Store):
    target = offline_target(
        store,
        "catalog:weak",
        cluster(FailureType.SUBOPTIMAL),
        Operator.ALGORITHM_REPLACEMENT,
        "catalog/general_graph_mis",
    )
    assert target is not None and target.family == "general_graph_mis"
    fam = get_family("general_graph_mis")
    made = await synthesis.mutate_problem(
        store,
        target.parent_id,
        OPERATOR_AXIS[target.operator],
        authored=spec_draft(target.spec, target.rationale, catalog=target.family),
        run_id="run_test",
        spec=target.spec,
        provenance={"operator": target.operator.value, "variant": variant_of(fam, target.spec)},
    )
    stored = store.candidates.get(made.candidate.id)
    assert made.kept and stored.spec == target.spec and stored.parent_id == "catalog/general_graph_mis"
    assert stored.problem.provenance["operator"] == "algorithm_replacement"
    assert stored.problem.provenance["catalog"] == "general_graph_mis"
    assert "## Constraints" in stored.problem.statement
    # the same spec aimed again by another run is that run's own candidate
    again = await synthesis.mutate_problem(
        store,
        target.parent_id,
        Axis.INPUT,
        authored=spec_draft(target.spec, target.rationale, catalog=target.family),
        run_id="run_other",
        spec=target.spec,
    )
    assert again.candidate.id != made.candidate.id


@pytest.mark.anyio
async def test_a_candidate_resolves_for_measurement_but_is_not_open_to_submissions(store: Store):
    from frontiersmith.errors import InvalidInputError
    from frontiersmith.tools.problems.submit import submit

    target = offline_target(
        store,
        "catalog:weak",
        cluster(FailureType.NEAR_SUCCESS),
        Operator.BOUNDARY_INJECTION,
        "catalog/max_3sat",
    )
    assert target is not None
    made = await synthesis.mutate_problem(
        store,
        target.parent_id,
        Axis.INPUT,
        authored=spec_draft(target.spec, target.rationale, catalog=target.family),
        spec=target.spec,
    )
    with pytest.raises(InvalidInputError, match="is a candidate, not a published task; submit to its task"):
        await submit(store, made.candidate.id, "print(0)", "python")
