"""Record factories and a CLI runner shared by the store tests (imported by name from this folder)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from suite_env import run_cli

from frontiersmith.models import (
    Axis,
    Candidate,
    Language,
    Objective,
    ObjectiveKind,
    Problem,
    Run,
    Seed,
    Sense,
    Task,
    Verdict,
)


def problem(title: str) -> Problem:
    return Problem(
        id=f"prob_{title.lower().replace(' ', '_')}",
        title=title,
        statement=f"# {title}\n\nMaximise the packed value.",
        objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=Sense.MAX, formula="sum of values"),
    )


def chain() -> tuple[Seed, Candidate, Candidate, Task]:
    """seed -> candidate (objective axis, round 1) -> candidate (input axis, round 2) -> task."""
    seed = Seed(id="seed_knapsack", problem=problem("Knapsack"))
    first = Candidate(
        id="cand_k1", parent_id=seed.id, axis=Axis.OBJECTIVE, round=1, problem=problem("Open knapsack")
    )
    second = Candidate(
        id="cand_k2", parent_id=first.id, axis=Axis.INPUT, round=2, problem=problem("Huge knapsack")
    )
    task = Task(
        id="task_k2",
        candidate_id=second.id,
        problem=second.problem,
        verifier_id="ver_k2",
        baseline_solution_id="sol_greedy",
    )
    return seed, first, second, task


def runs(solution_id: str, batch: int, size: int, start: int = 0) -> list[Run]:
    """Runs ``start .. start+size`` of one batch; every run of batch ``b`` has test_id ``batch_<b>``, so whole
    batches can be counted."""
    return [
        Run(
            id=f"run_{solution_id}_{batch:06d}_{i:05d}",
            solution_id=solution_id,
            test_id=f"batch_{batch:06d}",
            verdict=Verdict.OK,
            objective=float(i),
            score=(i % 100) / 100,
            time_ms=1.5,
            memory_kb=1024,
        )
        for i in range(start, start + size)
    ]


def cli(
    *args: str, data_dir: Path | None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the real ``frontiersmith`` CLI in a subprocess against the store under ``data_dir`` (None: the
    default data dir, which ``env`` should then move, e.g. with XDG_DATA_HOME)."""
    config = data_dir.parent / "no-config.toml" if data_dir is not None else None
    return run_cli(args, data_dir, config=config, timeout=120, **(env or {}))


__all__ = ["Language", "chain", "cli", "problem", "runs"]
