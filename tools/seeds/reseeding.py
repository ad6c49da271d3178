"""Re-seeding: a published task rejoins the seed pool as a seed of origin ``task``, so later rounds and later
runs mutate it again (Algorithm 1's loop back from publish to the pool).

The seed carries the task's problem with the task's id in its provenance (``task_id``), from which the store
draws the lineage edge ``rejoins`` back to the task (store/records.py), so a family tree runs seed → candidate →
task → re-seeded seed → candidate. Publishing calls ``reseed`` (tools/synthesis/publish.py); a run's seed
selection takes a re-seeded seed along when ``taken_along`` says so (tools/seeds/select.py).
"""

from __future__ import annotations

from collections.abc import Container

from frontiersmith.models import Seed, Task, make_id
from frontiersmith.store import Store

# The origin of a seed that is a published task rejoining the pool.
ORIGIN = "task"


def reseed(store: Store, task: Task) -> Seed:
    """Store the published ``task`` as a seed of the pool and return it. Its id derives from the task's, so
    publishing the same task again stores the same seed; call it in the transaction that publishes the task."""
    problem = task.problem.model_copy(update={"provenance": {**task.problem.provenance, "task_id": task.id}})
    seed = Seed(id=make_id("seed", task.id), problem=problem, origin=ORIGIN)
    store.seeds.put(seed)
    return seed


def is_reseeded(seed: Seed) -> bool:
    """Whether ``seed`` is a published task that rejoined the pool (not a root: catalog, imported)."""
    return seed.origin == ORIGIN


def taken_along(store: Store, seed: Seed, chosen: Container[str], run_id: str | None) -> bool:
    """Whether a run's selection takes the re-seeded ``seed`` along although its selector did not name it: the
    run ``run_id`` published it, or it descends from a seed whose id is in ``chosen``."""
    if run_id is not None and seed.problem.provenance.get("run") == run_id:
        return True
    return any(a.id in chosen for a in store.lineage.ancestors(seed.id) if a.kind == "seed")
