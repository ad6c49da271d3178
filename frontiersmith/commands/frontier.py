"""`frontiersmith evaluate` (a solver under evaluation, every attempt stored as a trajectory) and
`frontiersmith diagnose` (its Capability Defect Map): thin shells over ``frontiersmith.tools.frontier``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import typer
from rich.console import Console
from rich.table import Table

from frontiersmith.settings import get_settings

from .executor_options import executor_option, executor_settings, ray_address_option
from .shell import table_console
from .store_option import store_option

console = Console(stderr=True)
SOLVER_HELP = "catalog:weak|medium|strong, model:NAME, agent:NAME, command:PATH or files:DIR."


def evaluate(
    solver: str = typer.Option(..., "--solver", help=f"The solver under evaluation: {SOLVER_HELP}"),
    tasks: str | None = typer.Option(
        None,
        "--tasks",
        help="Task ids (comma-separated), all, latest or catalog (the open families; the default, but for "
        "files:DIR, which takes every problem its folders name).",
    ),
    attempts: int | None = typer.Option(
        None,
        "--attempts",
        min=1,
        max=20,
        help="Attempts per problem (k; default 1, for files:DIR all of them).",
    ),
    feedback: bool = typer.Option(
        False, "--feedback", help="Tell the solver the judge's data-free diagnostics between attempts."
    ),
    command_timeout: float = typer.Option(
        60.0, "--command-timeout", min=0.1, help="Seconds a command: solver may take per attempt."
    ),
    store_path: Path | None = store_option(),
    executor: str | None = executor_option("the judging (the boards and every attempt)"),
    ray_address: str | None = ray_address_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the trajectories' summary as JSON."),
) -> None:
    """Evaluate a solver on problems: k attempts each, judged by the one judge (here, or on the workers of a
    Ray cluster with --executor ray), stored as trajectories. files:DIR replays existing solutions
    (DIR/<problem>/<name>[_k].cpp, FrontierCS's algorithmic/solutions layout) as one solver per name and prints
    each one's Score@1, Avg@k and Best@k; replaying the same files again goes on where it stopped."""
    from frontiersmith.tools.frontier import evaluate as run_evaluate
    from frontiersmith.tools.frontier import parse_solver, select_problems

    settings = executor_settings(executor, ray_address)
    from frontiersmith.store import open_store  # here: `serve` must not import the store to answer initialize

    store = open_store(store_path, settings)

    def shown(line: str) -> None:
        if not as_json:
            console.print(line)

    if solver.startswith("files:"):
        _replay(store, solver.removeprefix("files:"), tasks, attempts, settings, shown, as_json)
        return
    chosen = parse_solver(solver, settings, command_timeout_s=command_timeout)
    problems = select_problems(store, tasks or "catalog")
    trajectories = anyio.run(
        lambda: run_evaluate(
            store, chosen, problems, attempts or 1, feedback=feedback, settings=settings, progress=shown
        )
    )
    rows = [
        {
            "id": t.id,
            "problem_id": t.problem_id,
            "attempt": t.attempt,
            "score": round(t.score, 6),
            "failure": t.failure.value,
            "detail": t.detail,
            "tokens": t.tokens,
            "wall_s": t.wall_s,
        }
        for t in trajectories
    ]
    summary = {
        "solver": chosen.spec,
        "evaluation_id": trajectories[0].evaluation_id if trajectories else None,
        "problems": len(problems),
        "trajectories": len(trajectories),
        "failures": dict(Counter(t.failure.value for t in trajectories)),
        "mean_score": round(sum(t.score for t in trajectories) / len(trajectories), 6)
        if trajectories
        else 0.0,
        "attempts": rows,
    }
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
        return
    table = Table(title=f"{chosen.spec}: {len(trajectories)} attempts on {len(problems)} problems")
    for column in ("problem", "attempt", "score", "failure", "detail"):
        table.add_column(column)
    for r in rows:
        table.add_row(
            str(r["problem_id"]),
            str(r["attempt"]),
            f"{r['score']:.3f}",
            str(r["failure"]),
            str(r["detail"])[:80],
        )
    table_console().print(table)


def _replay(
    store: Any,
    root: str,
    tasks: str | None,
    attempts: int | None,
    settings: Any,
    shown: Callable[[str], None],
    as_json: bool,
) -> None:
    from frontiersmith.tools.frontier import replay, scores_at, select_problems

    problems = select_problems(store, tasks) if tasks else None
    done = anyio.run(
        lambda: replay(store, root, attempts=attempts, problems=problems, settings=settings, progress=shown)
    )
    scores = scores_at(done.trajectories)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "solvers": [s.__dict__ for s in scores],
                    "trajectories": len(done.trajectories),
                    "resumed": done.resumed,
                    "skipped": done.skipped,
                },
                indent=2,
            )
        )
        return
    problems_judged = len({t.problem_id for t in done.trajectories})
    table = Table(
        title=f"{len(done.trajectories)} attempts on {problems_judged} problems ({done.resumed} stored before)"
    )
    for column in ("solver", "problems", "k", "Score@1", "Avg@k", "Best@k"):
        table.add_column(column, justify="left" if column == "solver" else "right")
    for s in scores:
        table.add_row(
            s.solver,
            str(s.problems),
            str(s.attempts),
            f"{s.score_at_1:.2f}",
            f"{s.avg_at_k:.2f}",
            f"{s.best_at_k:.2f}",
        )
    table_console().print(table)
    for folder, why in sorted(done.skipped.items()):
        console.print(f"skipped {folder}: {why}")


def diagnose(
    solver: str = typer.Option(
        ..., "--solver", help=f"The solver whose trajectories to diagnose: {SOLVER_HELP}"
    ),
    delta: float = typer.Option(
        0.05, "--delta", min=0.0, max=1.0, help="Near-success: within this share of the best known score."
    ),
    provider: str | None = typer.Option(
        None, "--provider", help="Who labels the clusters: offline, openai or local (default: from settings)."
    ),
    store_path: Path | None = store_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the defect map as JSON."),
) -> None:
    """The solver's Capability Defect Map: failure clusters by problem features, with difficulty anchors."""
    from frontiersmith.tools.frontier import diagnose as run_diagnose
    from frontiersmith.tools.frontier import label_clusters
    from frontiersmith.tools.llm.factory import MODEL_PROVIDERS, make_provider

    settings = get_settings()
    from frontiersmith.store import open_store  # here: `serve` must not import the store to answer initialize

    store = open_store(store_path, settings)
    name = provider or settings.llm_provider
    chosen = make_provider(name, settings) if name in ("offline", *MODEL_PROVIDERS) or provider else None
    defect_map = run_diagnose(store, solver, delta=delta)
    if chosen is not None and chosen.name != "offline":
        defect_map = anyio.run(lambda: label_clusters(store, defect_map, chosen))
    if as_json:
        typer.echo(defect_map.model_dump_json(indent=2))
        return
    print_defect_map(defect_map)


def print_defect_map(defect_map: Any) -> None:
    """Print a Capability Defect Map as a table: one row per failure cluster, with its attempts, success rate
    and label."""
    table = Table(
        title=f"Defect map of {defect_map.solver}: {defect_map.trajectories} attempts on {defect_map.problems} "
        f"problems, success rate {defect_map.success_rate:.0%}"
    )
    for column in ("failure", "features", "attempts", "success", "1st success", "entropy", "label"):
        table.add_column(column, overflow="fold")
    for c in defect_map.clusters:
        feats = ", ".join(f"{k}={v}" for k, v in sorted(c.features.items()))
        first = f"{c.attempts_to_first_success:.1f}" if c.attempts_to_first_success is not None else "-"
        table.add_row(
            c.failure.value,
            feats,
            str(c.attempts),
            f"{c.success_rate:.0%}",
            first,
            f"{c.score_entropy:.2f}",
            c.label,
        )
    table_console().print(table)


COMMANDS: dict[str, Callable[..., None]] = {"evaluate": evaluate, "diagnose": diagnose}
