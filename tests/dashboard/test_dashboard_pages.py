"""Every dashboard page in a real headless chromium, on the store the demo made: the numbers on the page are
the store's, a lineage can be clicked through, and each page is saved as a screenshot."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator

import httpx2
import pytest
from dashboard_helpers import DEFECT_MAP, TOKEN, DemoStore, screenshot

from frontiersmith.models import CandidateStatus
from frontiersmith.store import Store, open_store
from frontiersmith.thresholds import DEFAULT_THRESHOLDS
from frontiersmith.tools.synthesis.stages import stage_table

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
    progress = store.pipeline_runs.get(demo_store.run_id).progress
    if (
        progress.sandbox_cpu_seconds is not None
    ):  # a run records its cost as it goes (tools/synthesis/cost.py)
        assert str(progress.sandbox_cpu_seconds) in costs and str(progress.tokens) in costs
    else:  # a store made before cost accounting
        assert "not recorded" in costs
    assert "Time per stage" in costs
    # K beside what it means, and why fewer were proposed: the run's argument is not the funnel's first row
    run = store.pipeline_runs.get(demo_store.run_id)
    k, rounds = run.args["candidates"], run.progress.rounds_done
    params = {
        r.locator("td").nth(0).inner_text(): r.locator("td").nth(2).inner_text()
        for r in page.locator("table.parameters tbody tr").all()
    }
    assert params["candidates"].startswith("K: the most mutations a round asks for")
    note = page.locator("p.proposals").first.inner_text()
    assert f"counts the {table.proposed} proposed in {rounds} round" in note
    if table.proposed < k * rounds:  # the demo's offline provider offers fewer than it asks for
        assert f"fewer than the {k * rounds} asked for because the offline provider offered no more" in note
    headers = page.locator("table.funnel-table thead th").all_inner_texts()
    assert headers == ["stage", "candidates that got this far", "fell out here"]
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
    everyone = store.candidates.list()
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
    cand = next(c for c in store.candidates.list() if c.status is CandidateStatus.ACCEPTED)
    solutions = store.problems.list_solutions(cand.id)
    suite = store.candidates.current_suite(cand.id)
    report = store.candidates.current_report(cand.id)
    assert suite is not None and report is not None
    page.goto(f"{dashboard}/ui/candidates/{cand.id}")
    assert page.locator("h1").inner_text() == cand.problem.title
    assert page.locator("pre.statement").inner_text().strip() == cand.problem.statement.strip()
    seed = store.get_any(cand.parent_id)
    tuple_text = page.locator("table.tuple").inner_text()
    assert seed.problem.title in tuple_text and cand.problem.title in tuple_text
    assert page.locator("table.solutions tbody tr").count() == len(solutions)
    div = store.candidates.get_divergence(cand.id)
    strategies = page.locator("table.solutions").inner_text()
    assert all((div.strategies.get(s.id) or s.strategy) in strategies for s in solutions)
    matrix = store.problems.score_matrix([s.id for s in solutions], suite.test_ids)
    label_of = {s.id: (div.strategies.get(s.id) or s.strategy or s.id) for s in solutions}
    assert page.locator("svg.heatmap rect.cell").count() == len(solutions) * len(suite.test_ids)
    some_solution, some_test = solutions[0].id, suite.test_ids[0]
    score = matrix[some_solution].get(some_test)
    first_cell = page.locator("svg.heatmap rect.cell title").first.text_content()
    assert first_cell.endswith(f"{score:.3f}" if score is not None else "never run")
    # the colours span this task's own scores (pale at its lowest, dark at its highest), each cell shows its
    # score, and a legend of the range's tenths reads any colour
    scores = [v for row in matrix.values() for v in row.values() if v is not None]
    heat = page.locator("svg.heatmap")
    low, high = float(heat.get_attribute("data-low")), float(heat.get_attribute("data-high"))
    assert (low, high) == pytest.approx((min(scores), max(scores)), abs=1e-5) and high > low
    legend = heat.locator("g.legend")
    swatches = {r.get_attribute("data-score"): r.get_attribute("fill") for r in legend.locator("rect").all()}
    assert [float(v) for v in list(swatches)[:-1]] == pytest.approx(
        [low + i / 10 * (high - low) for i in range(11)], abs=1e-5
    )
    assert list(swatches)[-1] == "none" and "never run" in legend.text_content()
    assert legend.locator("text.tick").all_text_contents() == [
        f"{v:.3f}" for v in (low, (low + high) / 2, high)
    ]
    cells = heat.locator("rect.cell").all()
    fill_of = {
        round(float(c.locator("title").text_content().rsplit(": ", 1)[1]), 3): c.get_attribute("fill")
        for c in cells
    }
    assert (
        fill_of[round(low, 3)] == list(swatches.values())[0]
        and fill_of[round(high, 3)] == list(swatches.values())[-2]
    )
    assert heat.locator("text.value").count() == len(scores)  # every score written in its cell
    # readable at its size: whole labels on hover, cells wide enough for their score
    assert int(heat.get_attribute("width")) >= 640 and float(cells[0].get_attribute("width")) >= 32
    assert {t.text_content() for t in heat.locator("text.row-label title").all()} == set(label_of.values())
    assert page.locator("table.checks tbody tr").count() == len(report.checks)
    assert ("agreed" if report.ok else "failed") in page.locator("p.crossval").inner_text()
    assert report.feasibility is not None and report.thresholds is not None
    oracle = page.locator("p.oracle").inner_text()
    assert (report.feasibility.oracle or report.feasibility.no_oracle) in oracle
    assert f"{report.feasibility.well_formed_accepted} of {report.feasibility.well_formed} accepted" in oracle
    assert f"min kill rate {report.thresholds.min_kill_rate:.3f}" in page.locator("p.thresholds").inner_text()
    screenshot(page, "candidate")


def test_lineage_clicks_through_seed_candidates_tasks_and_folds(page, dashboard, store):
    task = store.tasks.list()[0]
    page.goto(f"{dashboard}/ui/tasks")
    page.click(f"text={task.id}")
    page.wait_for_url(f"**/ui/tasks/{task.id}")
    page.click("text=lineage")
    page.wait_for_url(f"**/ui/lineage/{task.id}")
    chain = store.lineage.ancestors(task.id)
    root = page.locator("details.node").first
    assert root.get_attribute("data-id") == chain[0].id  # the seed
    here = page.locator(f'details.node[data-id="{task.id}"]')
    assert here.get_attribute("class") == "node here" and here.is_visible()
    # every candidate mutated from the seed is in the tree under it
    seed_children = [c.id for c in store.candidates.list() if c.parent_id == chain[0].id]
    for cid in seed_children:
        assert page.locator(f'details.node[data-id="{cid}"]').count() == 1
    # the task rejoined the pool as a seed: its node holds the re-seeded record
    rejoined = [
        s for s in store.seeds.list() if s.origin == "task" and s.problem.provenance.get("task_id") == task.id
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
    assert page.locator("h1").inner_text() == store.candidates.get(task.candidate_id).problem.title


def test_divergence_page_plots_published_and_rejected_with_titles_on_hover(page, dashboard, store):
    points = store.views.divergence_points()
    page.goto(f"{dashboard}/ui/divergence")
    measured = [p for p in points if p.semantic is not None and p.behavioural is not None]
    first = page.locator("svg.scatter").first
    assert first.locator("a circle").count() == len(measured)
    assert first.locator("circle.pt-published").count() == sum(p.status == "accepted" for p in measured)
    assert first.locator("circle.pt-rejected").count() == sum(p.status == "rejected" for p in measured)
    titles = [t.text_content() for t in first.locator("a circle title").all()]
    assert sorted(t.split(" (")[0] for t in titles) == sorted(p.title for p in measured)
    crossing = page.locator("svg.scatter").nth(1)
    crossed = [p for p in points if p.semantic is not None and p.crossing is not None]
    # both axes carry ticks, and each gate is a named line off its axis (behavioural's on a square-root axis);
    # crossing only ranks candidates, so its plot draws the semantic gate alone
    gates = DEFAULT_THRESHOLDS  # the dashboard's, which runs without a config file
    for plot, y_gate in ((first, gates.min_behavioural), (crossing, None)):
        assert len(plot.locator("text.tick.x").all()) >= 5 and len(plot.locator("text.tick.y").all()) >= 5
        drawn = {g.get_attribute("data-axis"): g for g in plot.locator("g.gate").all()}
        assert float(drawn["x"].get_attribute("data-value")) == pytest.approx(gates.min_semantic)
        if y_gate is None:
            assert "y" not in drawn
            continue
        assert float(drawn["y"].get_attribute("data-value")) == pytest.approx(y_gate)
        axis_y = float(plot.locator("line.x-axis").get_attribute("y1"))
        assert axis_y - float(drawn["y"].locator("line").get_attribute("y1")) >= 8, (
            "the gate sits on the axis"
        )
        assert "gate" in drawn["y"].text_content()
    assert "square-root" in first.locator("text.axis-label").nth(1).text_content()
    assert crossing.locator("a circle").count() == len(crossed)
    assert page.locator("table.points tbody tr").count() == len(points)
    # The offline judge gives few semantic values, so candidates share a place: each is still drawn (no
    # marker covers another: centres a marker's width apart, to the 0.1 px the page is written in), and the
    # place is ringed with its count.
    shared = Counter((p.semantic, p.crossing) for p in crossed)
    assert max(shared.values()) > 1, "the demo has candidates on one place, as the issue saw"
    for plot in (first, crossing):
        centres = [
            (float(c.get_attribute("cx")), float(c.get_attribute("cy")))
            for c in plot.locator("a circle").all()
        ]
        closest = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1 :])
        assert closest >= 2 * 6 - 0.15, "two markers overlap"
    stacks = [int(g.get_attribute("data-count")) for g in crossing.locator("g.stack").all()]
    assert sorted(n for n in shared.values() if n > 1) == sorted(stacks)
    n = max(stacks)
    ring = crossing.locator(f'g.stack[data-count="{n}"]').first
    assert ring.locator("text.stack-count").text_content() == f"×{n}"
    assert (
        ring.locator("circle.stack-ring title")
        .text_content()
        .startswith(f"{n} candidates at semantic divergence")
    )
    assert (
        sum(f"of {n} candidates at" in t.text_content() for t in crossing.locator("a circle title").all())
        >= n
    )
    screenshot(page, "divergence")


def test_a_scatter_draws_every_candidate_of_a_crowded_place_apart():
    from frontiersmith.server.dashboard import svg

    crowd = [svg.Point(0.5, 0.5, "other", f"c{i}", f"/ui/candidates/c{i}") for i in range(300)]
    alone = [svg.Point(0.9, 0.1, "published", "alone", "/ui/candidates/alone")]
    drawn = svg.scatter(crowd + alone, "x", "y")
    centres = [
        (float(x), float(y))
        for x, y in re.findall(r'<circle class="pt-\w+" cx="([\d.]+)" cy="([\d.]+)"', drawn)
    ]
    assert len(centres) == 301
    assert min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1 :]) >= 2 * 6 - 0.15
    assert drawn.count('<g class=stack data-count="300">') == 1 and "×300" in drawn
    assert "c299 — 300 of 300 candidates at x 0.500, y 0.500" in drawn


def test_tasks_page_has_the_leaderboard_distribution_and_baseline_vs_best(page, dashboard, store, demo_store):
    tasks = store.tasks.list()
    page.goto(f"{dashboard}/ui/tasks")
    assert page.locator("table.tasks tbody tr").count() == len(tasks)
    screenshot(page, "tasks")
    sub = demo_store.submission
    page.goto(f"{dashboard}/ui/tasks/{sub.problem_id}")
    board = page.locator("table.leaderboard tbody tr")
    assert board.count() == len(store.tasks.leaderboard(sub.problem_id))
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


def test_defect_map_example_trajectories_open_their_own_pages(page, dashboard, store, demo_store):
    page.goto(f"{dashboard}/ui/defects")
    examples = demo_store.defect_map.clusters[0].examples
    assert examples, "the fixture stored the weak solver's real trajectories as the cluster's examples"
    links = page.locator("table.defects tbody tr").first.locator("td").last.locator("a")
    assert links.all_inner_texts() == examples[:3]
    links.first.click()
    page.wait_for_url(f"**/ui/trajectories/{examples[0]}")
    shown = store.frontier.get_trajectory(examples[0])
    facts = page.locator("table.trajectory").inner_text()
    assert shown.solver in facts and f"{shown.score:.3f}" in facts and shown.failure.value in facts
    assert page.locator("table.tests tbody tr").count() == len(shown.tests)
    screenshot(page, "trajectory")
    # the problem it attempted links back to the task
    page.locator("table.trajectory a").first.click()
    page.wait_for_url(f"**/ui/tasks/{shown.problem_id}")
    page.goto(f"{dashboard}/ui/trajectories/traj_not_stored")
    assert "No trajectory" in page.locator("p.error").inner_text()


def test_task_page_shows_what_evaluate_found_per_solver(page, dashboard, store, demo_store):
    attempts = store.frontier.list_trajectories(problem_id=demo_store.evaluated)
    assert {t.solver for t in attempts} >= {"catalog:weak"} and len(attempts) == 3
    page.goto(f"{dashboard}/ui/tasks/{demo_store.evaluated}")
    rows = {
        r.locator("td").first.inner_text(): r.locator("td").all_inner_texts()
        for r in page.locator("table.evaluations tbody tr").all()
    }
    assert set(rows) == {t.solver for t in attempts}
    for solver, cells in rows.items():
        scores = [t.score for t in attempts if t.solver == solver]
        assert cells[1] == str(len(scores)) and cells[3] == f"{max(scores):.3f}", cells
        assert cells[4] == f"{sum(scores) / len(scores):.3f}", cells
    second_try = next(s for s in rows if s.startswith("command:"))
    assert rows[second_try][3] != rows[second_try][4], (
        "its no-code first attempt pulls its mean below its best"
    )
    listed = page.locator("table.attempts tbody tr")
    assert listed.count() == len(attempts)
    listed.first.locator("a").click()
    page.wait_for_url("**/ui/trajectories/**")
    assert page.locator("h1").inner_text().startswith("Attempt")
    screenshot(page, "task-evaluations")


def test_defects_page_without_a_map_says_how_to_make_one():
    from frontiersmith.server.dashboard.solver_pages import defects_page

    html = defects_page([], "store")
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
    cand = store.candidates.list()[0]
    assert len(get(f"candidates/{cand.id}")["solutions"]) == len(store.problems.list_solutions(cand.id))
    assert get(f"lineage/{cand.id}")["root"] == cand.parent_id
    assert len(get("divergence")) == len(store.views.divergence_points())
    assert sorted(t["task"]["id"] for t in get("tasks")) == sorted(t.id for t in store.tasks.list())
    assert [m["solver"] for m in get("defects")] == [DEFECT_MAP.solver]
    trajectory = store.frontier.list_trajectories(problem_id=demo_store.evaluated)[0]
    assert get(f"trajectories/{trajectory.id}")["solver"] == trajectory.solver
    evaluations = get(f"tasks/{demo_store.evaluated}")["solvers"]
    assert {e["solver"] for e in evaluations} == {
        t.solver for t in store.frontier.list_trajectories(problem_id=demo_store.evaluated)
    }
