"""The pipeline decides from typed records: behavioural divergence is measured on the candidate's current
test suite (not on every test ever built for it), publication takes the current cross-validation report
(not the last event), and the stage table counts each rejection's stage (not the words of its reason)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from mcp_helpers import SEED

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Candidate,
    CheckOwner,
    CrossValidationReport,
    Normalisation,
    ProtocolCheck,
    Rejection,
    Stage,
    TestSuite,
)
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools import synthesis as syn
from frontiersmith.tools.llm.offline import OfflineProvider
from frontiersmith.tools.problems.resolver import get_problem as load_problem
from frontiersmith.tools.seeds.pool import ensure_catalog_seeds
from frontiersmith.tools.synthesis.crossval.authors import provider_authors
from frontiersmith.tools.synthesis.crossval.loop import cross_validation_loop
from frontiersmith.tools.synthesis.divergence import formulas as dm
from frontiersmith.tools.synthesis.pipeline import Pipeline, SynthesisConfig

pytestmark = pytest.mark.anyio


async def test_estimate_divergence_uses_the_current_suite(settings: Settings) -> None:
    store = open_store(None, settings)
    ensure_catalog_seeds(store)
    provider = OfflineProvider()
    cid = (await syn.mutate_problem(store, SEED, "objective", provider=provider)).candidate.id
    sols = await syn.sample_solutions(store, cid, 4, provider=provider, settings=settings)
    first = await syn.generate_tests(store, cid, provider=provider, seed=1, settings=settings)
    await syn.run_verifier(store, cid, provider=provider, settings=settings)
    second = await syn.generate_tests(store, cid, provider=provider, seed=2, settings=settings)
    checked = await syn.run_verifier(store, cid, provider=provider, settings=settings)
    assert checked.ok and second.suite is not None

    div = await syn.estimate_divergence(store, cid, "behavioural")

    current = [t.id for t in second.tests]
    assert len(store.problems.list_tests(cid)) == len(first.tests) + len(
        current
    )  # both builds are still stored
    assert (div.m, div.n, div.suite_id) == (len(current), len(sols), second.suite.id)
    matrix = store.problems.score_matrix([s.id for s in sols], current)
    q = np.array([[matrix[s.id].get(t, 0.0) for t in current] for s in sols])
    assert div.behavioural == pytest.approx(dm.behavioural(q))
    assert div.crossing == pytest.approx(dm.crossing(q))
    # under range normalisation a score of 1 is the best sampled objective itself: no ceiling hides a tie there
    ranged = store.candidates.current_report(cid).normalisation is Normalisation.RANGE
    ceiling = math.inf if ranged else 1.0
    assert (div.separating_tests, div.top_ties) == (dm.separating_tests(q, ceiling=ceiling), dm.top_ties(q))
    assert store.candidates.get_divergence(cid) == div


def _candidate_with_a_failed_report(store) -> str:
    """A candidate, its current suite and a cross-validation report that failed, stored as the tools do."""
    ensure_catalog_seeds(store)
    first = Candidate(id="cand_a", parent_id=SEED, axis="objective", problem=load_problem(store, SEED))
    store.candidates.put(first)
    suite = TestSuite(
        id="suite_1",
        candidate_id=first.id,
        test_ids=[],
        generator_hash="a" * 64,
        generator_language="python",
        validator_hash="b" * 64,
        validator_language="python",
    )
    store.candidates.put_suite(suite)
    failed = ProtocolCheck(name="determinism", owner=CheckOwner.VERIFIER, passed=False, detail="two answers")
    report = CrossValidationReport(
        id="xval_1", candidate_id=first.id, verifier_id="ver_1", suite_id=suite.id, checks=[failed], ok=False
    )
    store.candidates.put_report(report)
    return first.id


async def test_publish_takes_the_current_report_not_the_last_event(settings: Settings) -> None:
    store = open_store(None, settings)
    cid = _candidate_with_a_failed_report(store)
    # An event claiming a passing check used to grant publication; only the typed report does now.
    store.events.add(
        "verifier.checked", cid, {"verifier_id": "ver_1", "ok": True, "checks": [], "test_ids": []}
    )

    with pytest.raises(InvalidInputError, match="no verifier that passed cross-validation"):
        await syn.publish_candidate(store, cid)
    assert store.candidates.current_report(cid).failures("verifier") == ["determinism: two answers"]  # type: ignore[union-attr]
    assert store.tasks.list(cid) == []


def test_the_stage_table_counts_the_typed_stage_not_the_words(settings: Settings) -> None:
    store = open_store(None, settings)
    config = SynthesisConfig()
    pipeline = Pipeline(store, OfflineProvider(), config, settings)
    ensure_catalog_seeds(store)
    problem = load_problem(store, SEED).model_copy(update={"provenance": {"run": pipeline.run_id}})
    store.candidates.put(Candidate(id="cand_a", parent_id=SEED, axis="objective", problem=problem))
    # The reason's words name another stage: the table must not be fooled by them.
    store.candidates.reject("cand_a", Stage.PROTOCOL, "semantic: the verifier said so")

    table = pipeline.table()

    assert dict(table.rejected) == {"protocol": 1}
    assert (table.kept_coarse, table.sampled, table.passed_semantic, table.passed_protocol) == (1, 1, 1, 0)
    assert table.reasons == [
        ("cand_a", Rejection(stage=Stage.PROTOCOL, reason="semantic: the verifier said so"))
    ]


async def test_a_report_records_the_loop_round_that_made_it(settings: Settings) -> None:
    store = open_store(None, settings)
    ensure_catalog_seeds(store)
    provider = OfflineProvider()
    cid = (await syn.mutate_problem(store, SEED, "objective", provider=provider)).candidate.id
    await syn.sample_solutions(store, cid, 3, provider=provider, settings=settings)

    outcome = await cross_validation_loop(
        store, cid, provider_authors(store, cid, provider, settings=settings)
    )

    reports = store.candidates.list_reports(cid)
    assert outcome.ok and [r.round for r in reports] == list(range(1, outcome.rounds + 1))
    candidate = store.candidates.get(cid)
    assert candidate.report_id == reports[-1].id and reports[-1].suite_id == candidate.suite_id
