"""catalog:weak|medium|strong offline, end to end on real catalog families: the real sandbox, the one judge,
a real SQLite store, the diagnoser and the CLI. No model anywhere."""

from __future__ import annotations

import pytest
from frontier_helpers import CHEAP

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import FailureType, Verdict
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.frontier import diagnose, evaluate, select_problems
from frontiersmith.tools.frontier.board import BOARD_EVENT

pytestmark = pytest.mark.anyio
FAMILIES = [CHEAP, "catalog/max_3sat", "catalog/graph_coloring"]


async def test_catalog_weak_fails_more_than_strong_in_at_least_three_clusters(
    store: Store, settings: Settings
):
    weak = await evaluate(store, "catalog:weak", FAMILIES, attempts=3, settings=settings)
    strong = await evaluate(store, "catalog:strong", FAMILIES, attempts=3, settings=settings)
    # deterministic solvers make one attempt per problem: another would repeat it
    assert [t.problem_id for t in weak] == FAMILIES and [t.attempt for t in strong] == [1, 1, 1]
    assert all(t.failure is FailureType.SUCCESS for t in strong)
    assert sum(t.failure is not FailureType.SUCCESS for t in weak) > 0
    assert all(t.score <= s.score for t, s in zip(weak, strong, strict=True))
    # every attempt is stored with the judge's per-test verdicts and the features of its tests
    stored = store.frontier.list_trajectories(solver="catalog:weak")
    assert [t.id for t in stored] == [t.id for t in weak]
    first = stored[0].results()
    assert first and all(r.verdict is Verdict.OK for r in first) and stored[0].code
    assert set(stored[0].test_info) == {r.name for r in first}
    assert all(i.input_bytes > 0 and i.distribution for i in stored[0].test_info.values())
    # each problem's shipped solvers ran once: strong reused the board weak paid for
    assert all(len(store.events.list(p, kind=BOARD_EVENT)) == 1 for p in FAMILIES)

    weak_map, strong_map = diagnose(store, "catalog:weak"), diagnose(store, "catalog:strong")
    assert len({c.key for c in weak_map.clusters}) >= 3 and strong_map.clusters == []
    assert weak_map.success_rate < strong_map.success_rate == 1.0
    for c in weak_map.clusters:
        assert c.examples and all(
            store.frontier.get_trajectory(e).solver == "catalog:weak" for e in c.examples
        )
        assert c.features["family"] and c.label.endswith(".") and c.success_rate == 0.0
    assert store.frontier.latest_defect_map("catalog:weak") == weak_map


def test_selectors_name_the_catalog_the_latest_tasks_or_ids(store: Store):
    catalog = select_problems(store, "catalog")
    assert CHEAP in catalog and "catalog/two_sat" not in catalog  # open families only, no closed seed
    assert select_problems(store, f"{CHEAP}, catalog/max_3sat") == [CHEAP, "catalog/max_3sat"]
    with pytest.raises(InvalidInputError, match="names no problems"):
        select_problems(store, "latest")  # nothing is published in this store
