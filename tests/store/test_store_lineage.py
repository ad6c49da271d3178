"""Lineage is first-class: a task's chain back to its seed, in order, from the API and the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

from store_helpers import chain, cli

from frontiersmith.models import Language, Seed, Solution
from frontiersmith.store import CHAIN_RELATIONS, open_store


def _store_chain(data_dir: Path):
    records = chain()
    with open_store(data_dir / "store.db") as store:
        for record in records:
            store.put(record)
    return records


def test_cli_lineage_json_lists_seed_candidate_candidate_task_in_order(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    seed, first, second, task = _store_chain(data_dir)

    result = cli("store", "lineage", task.id, "--json", data_dir=data_dir)

    assert result.returncode == 0, result.stderr
    nodes = json.loads(result.stdout)
    assert [(n["kind"], n["id"]) for n in nodes] == [
        ("seed", seed.id),
        ("candidate", first.id),
        ("candidate", second.id),
        ("task", task.id),
    ]
    assert [(n.get("axis"), n.get("round")) for n in nodes[1:3]] == [("objective", 1), ("input", 2)]
    assert [n.get("relation") for n in nodes] == [None, "mutation", "mutation", "publishes"]
    assert nodes[0]["title"] == "Knapsack" and nodes[3]["title"] == "Huge knapsack"


def test_cli_lineage_accepts_a_unique_id_prefix_and_prints_text(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    seed, _, _, task = _store_chain(data_dir)

    result = cli("store", "lineage", "task_k", data_dir=data_dir)

    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"seed {seed.id}") and task.id in lines[-1] and len(lines) == 4


def test_descendants_of_a_seed_reach_its_task_and_the_solutions_hanging_off_it(tmp_path: Path) -> None:
    seed, first, second, task = _store_chain(tmp_path)
    with open_store(tmp_path / "store.db") as store:
        store.problems.put_solution(
            Solution(id="sol_dp", problem_id=second.id, code="pass", language=Language.PYTHON)
        )
        everything = [n.id for n in store.lineage.descendants(seed.id)]
        family = [n.id for n in store.lineage.descendants(seed.id, relations=CHAIN_RELATIONS)]
        assert everything[:3] == [seed.id, first.id, second.id] and set(everything[3:]) == {task.id, "sol_dp"}
        assert family == [seed.id, first.id, second.id, task.id]
        assert [n.id for n in store.lineage.ancestors("sol_dp")] == [seed.id, first.id, second.id, "sol_dp"]


def test_an_accepted_task_rejoining_the_seed_pool_extends_the_chain(tmp_path: Path) -> None:
    seed, first, second, task = _store_chain(tmp_path)
    reborn = Seed(
        id="seed_reborn",
        problem=task.problem.model_copy(update={"provenance": {"task_id": task.id}}),
        origin="task",
    )
    with open_store(tmp_path / "store.db") as store:
        store.seeds.put(reborn)
        chain_ids = [n.id for n in store.lineage.ancestors(reborn.id)]
    assert chain_ids == [seed.id, first.id, second.id, task.id, reborn.id]


def test_a_parent_the_store_does_not_hold_shows_as_external(tmp_path: Path) -> None:
    _, first, _, _ = chain()
    with open_store(tmp_path / "store.db") as store:
        store.candidates.put(first)  # its seed was never stored
        nodes = store.lineage.ancestors(first.id)
    assert [(n.kind, n.id) for n in nodes] == [("external", first.parent_id), ("candidate", first.id)]
