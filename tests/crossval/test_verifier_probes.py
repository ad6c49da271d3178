"""The verifier probes where a mutation bites (tools/synthesis/crossval/probes.py), on problems written here
(tests/crossval/probe_problems.py), not the catalog's: issue 46's two published defects are each refused
with a reason its author can act on, and the honest verifier of the same candidate passes on its first try.

The seeds are added as a client adds one (``add_seed``: statement, tuple, a test with its answer, a
reference), mutated, sampled and given tests by authored drafts; store, sandbox and programs are real, and
no model is involved: the modules are what a model writes now (plain functions under the catalog harness)."""

from __future__ import annotations

import random

import probe_problems as pp
import pytest

from frontiersmith.drafts import MutationDraft, SolutionDraft
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Axis,
    InputSpec,
    Language,
    Objective,
    ObjectiveKind,
    OutputSpec,
    ProbeStatus,
    Program,
    Sense,
)
from frontiersmith.server.schemas import VerifierOut
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools import synthesis as syn
from frontiersmith.tools.llm.answers import read_tests, read_verifier
from frontiersmith.tools.seeds.authored import AuthoredSeed, AuthoredTest, add_authored_seed
from frontiersmith.tools.seeds.validate import SeedValidator
from frontiersmith.tools.synthesis.crossval.feasibility import SECOND_CHECK
from frontiersmith.tools.synthesis.crossval.mutants import structural_mutants
from frontiersmith.tools.synthesis.crossval.probes import (
    FAR_ABOVE,
    HACKING_CHECK,
    SEED_ANSWER_CHECK,
    STRUCTURAL_CHECK,
)

WELL_FORMED_CHECK = "verifier judges well-formed mutants"
# What a lax verifier may fail besides the probe that names its defect: the other checks that judge
# feasibility, and the mutation test, whose dropped line a lax verifier scores higher.
FEASIBILITY_CHECKS = {WELL_FORMED_CHECK, SECOND_CHECK, STRUCTURAL_CHECK, SEED_ANSWER_CHECK, HACKING_CHECK}


def python(code: str) -> Program:
    return Program(code=code, language=Language.PYTHON)


async def candidate(
    store: Store,
    settings: Settings,
    seed: AuthoredSeed,
    mutation: MutationDraft,
    axis: Axis,
    tests: str,
    solutions: dict[str, str],
) -> str:
    """``seed`` added and validated as a client adds one, mutated by ``mutation``, with ``solutions``
    sampled and the tests ``tests`` builds."""
    async with SeedValidator(settings) as validator:
        stored, validation = await add_authored_seed(store, seed, validator)
    assert validation is not None and stored.status.value == "verified", stored.status_reason
    made = await syn.mutate_problem(store, stored.id, axis, authored=mutation)
    assert made.kept, made.reason
    cid = made.candidate.id
    drafts = [SolutionDraft(code=code, language=Language.PYTHON, strategy=s) for s, code in solutions.items()]
    await syn.sample_solutions(store, cid, authored=drafts, settings=settings)
    built = await syn.generate_tests(store, cid, authored=read_tests(tests), settings=settings)
    assert built.tests and not built.failures, built.failures
    return cid


def failed(report) -> set[str]:
    return {c.name for c in report.checks if not c.passed}


def detail(report, name: str) -> str:
    return next(c.detail for c in report.checks if c.name == name)


MATCHING_SEED = AuthoredSeed(
    title="Maximum bipartite matching",
    statement=pp.MATCHING_STATEMENT,
    objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=Sense.MAX, formula="the matching's edges"),
    tests=[AuthoredTest(input="2 2 3\n1 1\n1 2\n2 1\n", answer="2\n1 2\n2 1\n")],
    references=[python(pp.MATCHING_REFERENCE)],
)
MIN_MAXIMAL = MutationDraft(
    title="Smallest maximal matching",
    statement=pp.MIN_MAXIMAL_STATEMENT,
    objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=Sense.MIN, formula="the matching's edges"),
    input_spec=InputSpec(constraints="a, b <= 30", bounds={"a": (1, 30), "b": (1, 30)}),
    output_spec=OutputSpec(description="a maximal matching of the input's edges"),
    rationale="a maximal matching of minimum size is NP-hard, even in bipartite graphs",
)
MATCHING_SOLUTIONS = {
    "edge domination: the free edge touching most free edges first": pp.MATCHING_DOMINATE,
    "thirty shuffled greedy matchings, the smallest kept": pp.MATCHING_RESTARTS,
    "edges between low-degree vertices first": pp.MATCHING_LOW_DEGREE,
}


@pytest.mark.anyio
async def test_a_verifier_without_maximality_and_its_equally_lax_checker_are_refused(
    store: Store, settings: Settings
) -> None:
    """Issue 46, 4(a): the verifier and its author's feasibility checker both forget maximality, so they
    agree on everything; no seed can judge the outputs. The reward-hacking search finds the output with one
    edge or none, scored far above every sampled solution, and only the verifier's author vouches for it."""
    cid = await candidate(
        store, settings, MATCHING_SEED, MIN_MAXIMAL, Axis.OBJECTIVE, pp.MATCHING_TESTS, MATCHING_SOLUTIONS
    )
    problem = store.candidates.get(cid).problem
    honest = await syn.run_verifier(
        store, cid, authored=read_verifier(pp.MATCHING_VERIFIER, problem), settings=settings
    )
    assert honest.ok, honest.report.failures()
    probes = honest.report.probes
    assert probes is not None
    assert [r.status for r in probes.results] == [ProbeStatus.PASSED] * 3, probes.results
    # The seed's maximum matching is maximal too: a feasible answer on every test, never better than the
    # greedy baseline.
    seed = probes.result("seed's own answer")
    assert seed is not None and seed.detail.startswith("the verifier accepts 6 of the 6 answers"), seed

    lax = await syn.run_verifier(
        store,
        cid,
        authored=read_verifier(pp.MATCHING_VERIFIER_NO_MAXIMALITY, problem),
        settings=settings,
    )
    report = lax.report
    assert HACKING_CHECK in failed(report) and failed(report) <= FEASIBILITY_CHECKS | {
        "verifier kills mutants"
    }, report.failures()
    why = detail(report, HACKING_CHECK)
    assert "far above every sampled solution" in why and "no check you did not write confirms" in why
    assert "your feasibility checker is yours, so it confirms nothing" in why
    # The author's own checker agreed with the verifier throughout: it is no second opinion.
    assert SECOND_CHECK not in failed(report)

    # The typed record the task card reads, stored with the report and shown by run_verifier over MCP.
    stored = store.candidates.get_report(lax.record.id)
    assert stored.probes is not None
    hack = stored.probes.result("reward hacking")
    assert hack is not None and hack.status is ProbeStatus.FAILED and hack.check == HACKING_CHECK
    edges = int(hack.output_excerpt.split()[0])
    assert edges <= 1 and hack.test and hack.score is not None and hack.best_sampled is not None
    assert hack.score >= hack.best_sampled + FAR_ABOVE
    assert [(a.check, a.independent) for a in stored.probes.authors] == [
        ("the verifier", False),
        ("your feasibility checker", False),
    ]
    shown = VerifierOut.of(cid, lax)
    assert shown.probes == stored.probes and any(HACKING_CHECK in f for f in shown.verifier_failures)
    with pytest.raises(InvalidInputError, match="no verifier that passed cross-validation"):
        await syn.publish_candidate(store, cid, force=True)


COVER_SEED = AuthoredSeed(
    title="Minimum path cover of a DAG",
    statement=pp.PATH_COVER_STATEMENT,
    objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=Sense.MIN, formula="the number of paths"),
    tests=[AuthoredTest(input="3 2\n1 2\n2 3\n", answer="1\n1 2 3\n")],
    references=[python(pp.PATH_COVER_REFERENCE)],
)
CAPPED_COVER = MutationDraft(
    title="Path cover with paths of at most L vertices",
    statement=pp.CAPPED_COVER_STATEMENT,
    objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=Sense.MIN, formula="the number of paths"),
    input_spec=InputSpec(constraints="n <= 50, m <= 2000, 2 <= L <= n", bounds={"n": (1, 50), "L": (2, 50)}),
    output_spec=OutputSpec(
        description="vertex-disjoint paths covering every vertex, each of at most L vertices"
    ),
    rationale="the cap turns the matching-based exact cover into a packing problem",
)
COVER_SOLUTIONS = {
    "the minimum path cover, each path cut into pieces of L": pp.COVER_SPLIT,
    "greedy paths in vertex order, extended by the smallest free successor": pp.COVER_GREEDY,
    "pairs of a vertex and one free successor": pp.COVER_PAIRS,
}


@pytest.mark.anyio
async def test_a_verifier_that_forgets_the_new_cap_is_refused_by_the_seeds_own_answer(
    store: Store, settings: Settings
) -> None:
    """Issue 46, 4(b): the verifier forgets the cap L the mutation added; its author's feasibility checker
    keeps it. The seed's reference, run on the candidate's tests, prints the uncapped minimum cover: the
    verifier scores it above every sampled solution, and the feasibility checker says which path is too long."""
    cid = await candidate(
        store, settings, COVER_SEED, CAPPED_COVER, Axis.OUTPUT, pp.PATH_COVER_TESTS, COVER_SOLUTIONS
    )
    problem = store.candidates.get(cid).problem
    honest = await syn.run_verifier(
        store, cid, authored=read_verifier(pp.PATH_COVER_VERIFIER, problem), settings=settings
    )
    assert honest.ok, honest.report.failures()
    assert honest.report.probes is not None
    seed = honest.report.probes.result("seed's own answer")
    assert seed is not None and seed.status is ProbeStatus.PASSED and seed.outputs > 0, seed

    lax = await syn.run_verifier(
        store, cid, authored=read_verifier(pp.PATH_COVER_VERIFIER_NO_CAP, problem), settings=settings
    )
    report = lax.report
    assert SEED_ANSWER_CHECK in failed(report) and failed(report) <= FEASIBILITY_CHECKS, report.failures()
    why = detail(report, SEED_ANSWER_CHECK)
    assert "the seed's own answer to the problem before the mutation breaks what the mutation added" in why
    assert "your feasibility checker calls it infeasible (a path has" in why and "> L =" in why
    stored = store.candidates.get_report(lax.record.id).probes
    assert stored is not None
    answer = stored.result("seed's own answer")
    assert answer is not None and answer.status is ProbeStatus.FAILED
    assert answer.output.startswith(f"seed {store.candidates.get(cid).parent_id}'s reference")
    assert answer.output_excerpt and answer.score is not None and answer.best_sampled is not None
    assert answer.score > answer.best_sampled  # fewer paths than any sampled cover, by breaking the cap


def test_structural_mutants_edit_whole_items_and_keep_the_count_right() -> None:
    """Paths after a count line: every mutant's count line counts its lines, and a merge keeps every
    vertex; lines that start with their own length stay counted when merged; the entries of one counted
    list are items too; a single value has none."""
    found = structural_mutants(b"3\n1 2 3\n4 5\n6\n", random.Random(0))
    assert set(found) >= {"an item dropped", "every item dropped", "an item duplicated", "two lines merged"}
    for label, mutant in found.items():
        lines = mutant.decode().splitlines()
        assert int(lines[0]) == len(lines) - 1, (label, mutant)
    merged = found["two lines merged"].decode().split()
    assert merged[0] == "2" and sorted(merged[1:]) == ["1", "2", "3", "4", "5", "6"]
    assert structural_mutants(b"2\n2 1 2\n1 3\n", random.Random(0))["two lines merged"] == b"1\n3 1 2 3\n"
    one = structural_mutants(b"4\n7 8 9 10\n", random.Random(0))["all items but one dropped"].split()
    assert one[0] == b"1" and len(one) == 2 and one[1] in (b"7", b"8", b"9", b"10")
    assert structural_mutants(b"42\n", random.Random(0)) == {}
