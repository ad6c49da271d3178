"""Every dashboard page in a real headless chromium, on the store the demo made: the numbers on the page are
the store's, a lineage can be clicked through, and each page is saved as a screenshot."""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest
from dashboard_helpers import DEFECT_MAP, TOKEN, DemoStore, screenshot

from frontiersmith.models import CandidateStatus
from frontiersmith.store import Store, open_store
from frontiersmith.tools.pipeline import stage_table

BEARER = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def store(demo_store: DemoStore) -> Iterator[Store]:
    opened = open_store(demo_store.path)
    yield opened
    opened.close()


def test_runs_page_funnel_counts_are_the_stores_and_what_the_demo_printed(page, dashboard, store, demo_store):
    page.goto(f"{dashboard}/ui/runs")
    table = stage_table(store, demo_store.run_id)
    for _name, n, _lost, stage in table.funnel():
        cell = page.locator(f'[data-stage="{demo_store.run_id}:{stage.value}"]')
        assert cell.inner_text() == str(n), stage
    if "stages" in demo_store.demo:  # the demo ran in this session: its printed table is the page's too
        printed = demo_store.demo["stages"]
        assert page.locator(f'[data-stage="{demo_store.run_id}:selection"]').inner_text() == str(
            printed["published"]
        )
        assert page.locator(f'[data-stage="{demo_store.run_id}:semantic"]').inner_text() == str(
            printed["passed_semantic"]
        )
    assert page.locator("svg.funnel rect.bar").count() == len(table.funnel())
    costs = page.locator("section.run").first.inner_text()
    progress = store.get_pipeline_run(demo_store.run_id).progress
    if "sandbox_cpu_seconds" in progress:  # a run records its cost as it goes (tools/cost.py)
        assert str(progress["sandbox_cpu_seconds"]) in costs and str(progress["tokens"]) in costs
    else:  # a store made before cost accounting
        assert "not recorded" in costs
    assert "Time per stage" in costs
    screenshot(page, "runs")


def test_funnel_rows_link_to_exactly_the_candidates_that_got_that_far(page, dashboard, store, demo_store):
    table = stage_table(store, demo_store.run_id)
    for _name, n, lost, stage in table.funnel()[1:]:
        page.goto(f"{dashboard}/ui/candidates?run={demo_store.run_id}&reached={stage.value}")
        assert page.locator(".count").get_attribute("data-total") == str(n), stage
        page.goto(f"{dashboard}/ui/candidates?run={demo_store.run_id}&fell={stage.value}")
        assert page.locator(".count").get_attribute("data-total") == str(lost), stage
    # and the bar itself, clicked in the browser
    page.goto(f"{dashboard}/ui/runs")
    page.locator("svg.funnel rect.bar").nth(6).click()
    page.wait_for_url("**/ui/candidates?**")
    assert page.locator(".count").get_attribute("data-total") == str(table.published)
    assert page.locator("table.candidates tbody tr").count() == table.published


def test_candidates_page_filters_by_axis_seed_status_and_reason(page, dashboard, store):
    everyone = store.list_candidates()
    page.goto(f"{dashboard}/ui/candidates")
    assert page.locator(".count").get_attribute("data-total") == str(len(everyone))
    page.select_option("select[name=axis]", "objective")
    page.select_option("select[name=status]", "rejected")
    page.click("form.filters button")
    page.wait_for_url("**axis=objective**")
    expected = [c for c in everyone if c.axis.value == "objective" and c.status is CandidateStatus.REJECTED]
    assert page.locator(".count").get_attribute("data-total") == str(len(expected))
    seed = everyone[0].parent_id
    page.goto(f"{dashboard}/ui/candidates?seed={seed}")
    assert page.locator("table.candidates tbody tr").count() == sum(c.parent_id == seed for c in everyone)
    page.goto(f"{dashboard}/ui/candidates?reason=share+one+idea")
    shared = [c for c in everyone if c.rejection and "share one idea" in c.rejection.reason]
    assert shared and page.locator(".count").get_attribute("data-total") == str(len(shared))
    page.goto(f"{dashboard}/ui/candidates?reached=nonsense")
    assert "is not valid" in page.locator("p.error").inner_text()
    page.goto(f"{dashboard}/ui/candidates")
    screenshot(page, "candidates")


def test_candidate_page_shows_statement_tuples_solutions_heatmap_and_crossval(page, dashboard, store):
    cand = next(c for c in store.list_candidates() if c.status is CandidateStatus.ACCEPTED)
    solutions = store.list_solutions(cand.id)
    suite = store.current_suite(cand.id)
    report = store.current_report(cand.id)
    assert suite is not None and report is not None
    page.goto(f"{dashboard}/ui/candidates/{cand.id}")
    assert page.locator("h1").inner_text() == cand.problem.title
    assert page.locator("pre.statement").inner_text().strip() == cand.problem.statement.strip()
    seed = store.get_any(cand.parent_id)
    tuple_text = page.locator("table.tuple").inner_text()
    assert seed.problem.title in tuple_text and cand.problem.title in tuple_text
    assert page.locator("table.solutions tbody tr").count() == len(solutions)
    div = store.get_divergence(cand.id)
    strategies = page.locator("table.solutions").inner_text()
    assert all((div.strategies.get(s.id) or s.strategy) in strategies for s in solutions)
    matrix = store.score_matrix([s.id for s in solutions], suite.test_ids)
    assert page.locator("svg.heatmap rect").count() == len(solutions) * len(suite.test_ids)
    some_solution, some_test = solutions[0].id, suite.test_ids[0]
    score = matrix[some_solution].get(some_test)
    first_cell = page.locator("svg.heatmap rect title").first.text_content()
    assert first_cell.endswith(f"{score:.3f}" if score is not None else "never run")
    assert page.locator("table.checks tbody tr").count() == len(report.checks)
    assert ("agreed" if report.ok else "failed") in page.locator("p.crossval").inner_text()
    assert report.feasibility is not None and report.thresholds is not None
    oracle = page.locator("p.oracle").inner_text()
    assert (report.feasibility.oracle or report.feasibility.no_oracle) in oracle
    assert f"{report.feasibility.well_formed_accepted} of {report.feasibility.well_formed} accepted" in oracle
    assert f"min kill rate {report.thresholds.min_kill_rate:.3f}" in page.locator("p.thresholds").inner_text()
    screenshot(page, "candidate")


def test_lineage_clicks_through_seed_candidates_tasks_and_folds(page, dashboard, store):
    task = store.list_tasks()[0]
    page.goto(f"{dashboard}/ui/tasks")
    page.click(f"text={task.id}")
    page.wait_for_url(f"**/ui/tasks/{task.id}")
    page.click("text=lineage")
    page.wait_for_url(f"**/ui/lineage/{task.id}")
    chain = store.ancestors(task.id)
    root = page.locator("details.node").first
    assert root.get_attribute("data-id") == chain[0].id  # the seed
    here = page.locator(f'details.node[data-id="{task.id}"]')
    assert here.get_attribute("class") == "node here" and here.is_visible()
    # every candidate mutated from the seed is in the tree under it
    seed_children = [c.id for c in store.list_candidates() if c.parent_id == chain[0].id]
    for cid in seed_children:
        assert page.locator(f'details.node[data-id="{cid}"]').count() == 1
    # the task rejoined the pool as a seed: its node holds the re-seeded record
    rejoined = [
        s for s in store.list_seeds() if s.origin == "task" and s.problem.provenance.get("task_id") == task.id
    ]
    for seed in rejoined:
        assert (
            page.locator(f'details.node[data-id="{task.id}"] details.node[data-id="{seed.id}"]').count() == 1
        )
    screenshot(page, "lineage")
    # fold the seed: its subtree is hidden
    page.locator("details.node > summary").first.click()
    assert not here.is_visible()
    page.locator("details.node > summary").first.click()
    # and on to the candidate that was published
    page.locator(f'details.node[data-id="{task.candidate_id}"] > summary a').first.click()
    page.wait_for_url(f"**/ui/candidates/{task.candidate_id}")
    assert page.locator("h1").inner_text() == store.get_candidate(task.candidate_id).problem.title


def test_divergence_page_plots_published_and_rejected_with_titles_on_hover(page, dashboard, store):
    points = store.divergence_points()
    page.goto(f"{dashboard}/ui/divergence")
    measured = [p for p in points if p.semantic is not None and p.behavioural is not None]
    first = page.locator("svg.scatter").first
    assert first.locator("circle").count() == len(measured)
    assert first.locator("circle.pt-published").count() == sum(p.status == "accepted" for p in measured)
    assert first.locator("circle.pt-rejected").count() == sum(p.status == "rejected" for p in measured)
    titles = [t.text_content() for t in first.locator("circle title").all()]
    assert sorted(t.split(" (")[0] for t in titles) == sorted(p.title for p in measured)
    crossing = page.locator("svg.scatter").nth(1)
    assert crossing.locator("circle").count() == sum(
        p.semantic is not None and p.crossing is not None for p in points
    )
    assert page.locator("table.points tbody tr").count() == len(points)
    screenshot(page, "divergence")


def test_tasks_page_has_the_leaderboard_distribution_and_baseline_vs_best(page, dashboard, store, demo_store):
    tasks = store.list_tasks()
    page.goto(f"{dashboard}/ui/tasks")
    assert page.locator("table.tasks tbody tr").count() == len(tasks)
    screenshot(page, "tasks")
    sub = demo_store.submission
    page.goto(f"{dashboard}/ui/tasks/{sub.problem_id}")
    board = page.locator("table.leaderboard tbody tr")
    assert board.count() == len(store.leaderboard(sub.problem_id))
    assert sub.author in board.first.inner_text() and f"{sub.score:.3f}" in board.first.inner_text()
    assert page.locator("svg.histogram").count() >= 1
    best = page.locator("table.baseline").inner_text()
    assert f"best submission\t{sub.score:.3f}" in best
    screenshot(page, "task")


def test_defects_page_shows_each_solvers_defect_map(page, dashboard):
    page.goto(f"{dashboard}/ui/defects")
    assert page.locator("h2.solver").inner_text() == DEFECT_MAP.solver
    rows = page.locator("table.defects tbody tr")
    assert rows.count() == len(DEFECT_MAP.clusters)
    first = rows.first.inner_text()
    cluster = DEFECT_MAP.clusters[0]
    assert cluster.failure.value in first and cluster.label in first and "family=max_cut" in first
    # a label is stored text: shown escaped, never markup
    assert "<b>" in page.locator("table.defects").inner_text()
    screenshot(page, "defects")


def test_defects_page_without_a_map_says_how_to_make_one():
    from frontiersmith.server.dashboard import pages

    html = pages.defects_page([], "store")
    assert "No defect map yet" in html and "frontiersmith diagnose" in html


def test_every_page_is_also_json_with_the_stores_numbers(dashboard, store, demo_store):
    def get(path: str) -> object:
        joiner = "&" if "?" in path else "?"
        response = httpx2.get(f"{dashboard}/ui/{path}{joiner}format=json", headers=BEARER)
        assert response.status_code == 200, (path, response.text[-300:])
        return response.json()

    table = stage_table(store, demo_store.run_id)
    (run,) = get("runs")
    assert run["run"]["id"] == demo_store.run_id and run["table"]["published"] == table.published
    semantic = get(f"candidates?run={demo_store.run_id}&reached=semantic")
    assert semantic["total"] == table.passed_semantic and len(semantic["rows"]) == table.passed_semantic
    cand = store.list_candidates()[0]
    assert len(get(f"candidates/{cand.id}")["solutions"]) == len(store.list_solutions(cand.id))
    assert get(f"lineage/{cand.id}")["root"] == cand.parent_id
    assert len(get("divergence")) == len(store.divergence_points())
    assert sorted(t["task"]["id"] for t in get("tasks")) == sorted(t.id for t in store.list_tasks())
    assert [m["solver"] for m in get("defects")] == [DEFECT_MAP.solver]
