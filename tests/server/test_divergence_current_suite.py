"""Behavioural divergence is measured on the candidate's current test suite, not on every test ever built
for it (older builds are kept beside the current one but were not judged by the current verifier)."""

from __future__ import annotations

import numpy as np
import pytest
from mcp_helpers import SEED

from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools import divergence_math as dm
from frontiersmith.tools import synthesis as syn
from frontiersmith.tools.llm.offline import OfflineProvider

pytestmark = pytest.mark.anyio


async def test_estimate_divergence_uses_the_current_suite(settings: Settings) -> None:
    store = open_store(None, settings)
    syn.ensure_catalog_seeds(store)
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
    assert len(store.list_tests(cid)) == len(first.tests) + len(current)  # both builds are still stored
    assert (div.m, div.n, div.suite_id) == (len(current), len(sols), second.suite.id)
    matrix = store.score_matrix([s.id for s in sols], current)
    q = np.array([[matrix[s.id].get(t, 0.0) for t in current] for s in sols])
    assert div.behavioural == pytest.approx(dm.behavioural(q))
    assert div.crossing == pytest.approx(dm.crossing(q))
    assert store.get_divergence(cid) == div
