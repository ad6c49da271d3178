"""Re-seeding: a published task rejoins the seed pool, its lineage runs back through the task, and a run's
selection takes it along with the seed it descends from, the run that published it, or a selector naming it."""

from __future__ import annotations

from frontiersmith.models import Axis, Candidate, Objective, ObjectiveKind, Problem, Seed, Task
from frontiersmith.store import Store
from frontiersmith.tools.seeds.reseeding import is_reseeded, reseed
from frontiersmith.tools.seeds.select import select_seeds


def _problem(title: str, **provenance: str) -> Problem:
    return Problem(
        id="pending",
        title=title,
        statement=f"{title}: given n numbers, print the largest.",
        objective=Objective(kind=ObjectiveKind.OPTIMISE, sense="max"),
        provenance=dict(provenance),
    )


def _published(store: Store, root: str, run: str) -> Task:
    """seed ``root`` -> a candidate of run ``run`` -> its published task, stored."""
    seed = Seed(id=root, problem=_problem(f"Closed {root}"))
    candidate = Candidate(
        id=f"cand_{root}",
        parent_id=root,
        axis=Axis.OBJECTIVE,
        round=0,
        problem=_problem(f"Open {root}", run=run),
    )
    task = Task(
        id=f"task_{root}",
        candidate_id=candidate.id,
        problem=candidate.problem,
        verifier_id=f"ver_{root}",
        baseline_solution_id="",
    )
    for record in (seed, candidate, task):
        store.put(record)
    return task


def test_a_published_task_rejoins_the_pool_once_and_its_lineage_runs_back_through_the_task(
    store: Store,
) -> None:
    task = _published(store, "seed_a", run="run_1")
    with store.transaction():
        again = reseed(store, task)
    assert reseed(store, task).id == again.id  # the same task re-seeded twice is one seed
    assert is_reseeded(again) and again.problem.provenance["task_id"] == task.id
    assert [s.id for s in store.seeds.list() if is_reseeded(s)] == [again.id]
    assert [n.id for n in store.lineage.ancestors(again.id)] == ["seed_a", "cand_seed_a", task.id, again.id]


def test_a_selection_takes_a_reseeded_task_along_with_its_root_its_run_or_its_name(store: Store) -> None:
    reborn = reseed(store, _published(store, "seed_a", run="run_1")).id
    reseed(store, _published(store, "seed_b", run="run_2"))

    def ids(selector: str, run_id: str | None = None) -> set[str]:
        return {s.id for s in select_seeds(store, selector, run_id=run_id)}

    assert reborn in ids("seed_a") and reborn not in ids("seed_b")
    assert reborn in ids("seed_b", run_id="run_1") and reborn not in ids("seed_b", run_id="run_2")
    assert ids(reborn) == {reborn}
    assert reborn in ids("all")
