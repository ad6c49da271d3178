"""`frontiersmith coevolve`: the co-evolution loop (tools/frontier/coevolve.py) over a solver under evaluation."""

from __future__ import annotations

from pathlib import Path

import anyio
import typer
from rich.console import Console
from rich.table import Table

from .executor_options import executor_option, executor_settings, ray_address_option
from .shell import table_console
from .store_option import store_option

console = Console(stderr=True)


def coevolve(
    solver: str = typer.Option(
        ...,
        "--solver",
        help="The solver under evaluation: catalog:weak|medium|strong, model:NAME, agent:NAME, command:PATH.",
    ),
    rounds: int = typer.Option(2, "--rounds", "-R", help="R: targeted rounds."),
    per_round: int = typer.Option(4, "--per-round", "-K", help="K: targeted candidates proposed per round."),
    train_hook: str = typer.Option(
        None,
        "--train-hook",
        metavar="CMD",
        help="Run after each round as `CMD BATCH_PATH` (the round's tasks); its last output line, when it is "
        "a solver spec, is the solver evaluated next.",
    ),
    problems: str = typer.Option(
        "catalog",
        "--problems",
        metavar="SELECTOR",
        help="What the solver is evaluated on first: catalog, all, latest or problem ids (comma-separated).",
    ),
    export_format: str = typer.Option(
        "verl",
        "--export-format",
        help="The format the train hook's batch is exported in (frontiersmith export).",
    ),
    band: str = typer.Option(
        "0.2-0.8", "--band", help="The learning band, as shares of the best known score."
    ),
    no_untargeted: bool = typer.Option(
        False, "--no-untargeted", help="Skip the untargeted round measured for comparison."
    ),
    provider: str | None = typer.Option(
        None,
        "--provider",
        help="offline | openai | local (a served local model: `frontiersmith model serve`); default: the "
        "llm_provider setting (offline)",
    ),
    model: str = typer.Option(None, "--model", help="Model name for an OpenAI-compatible endpoint."),
    base_url: str = typer.Option(None, "--base-url", help="Base URL of an OpenAI-compatible endpoint."),
    api_key_env: str = typer.Option(None, "--api-key-env", help="Environment variable holding the API key."),
    seed: int = typer.Option(0, "--seed", help="Everything random in the run derives from this."),
    store: Path | None = store_option(),
    executor: str | None = executor_option(
        "the judging and the synthesis runs' sandbox work (the model calls stay here)"
    ),
    ray_address: str | None = ray_address_option(),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Evaluate a solver, diagnose where it fails, synthesise tasks at its frontier, publish them, hand them to
    a trainer, re-evaluate; then measure an untargeted round with the same budget for comparison. With
    --executor ray all of its judging runs on the workers of a Ray cluster."""
    from pydantic import ValidationError

    from frontiersmith.store import open_store
    from frontiersmith.tools.frontier.coevolve import CoevolveConfig
    from frontiersmith.tools.frontier.coevolve import coevolve as run_coevolve
    from frontiersmith.tools.llm.factory import make_provider

    try:
        lo, hi = (float(x) for x in band.split("-", 1))
        cfg = CoevolveConfig(
            solver=solver,
            rounds=rounds,
            per_round=per_round,
            band=(lo, hi),
            seed=seed,
            train_hook=train_hook,
            untargeted=not no_untargeted,
            problems=problems,
            export_format=export_format,
        )
    except ValueError as exc:
        first = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else "expected LO-HI, e.g. 0.2-0.8"
        raise typer.BadParameter(str(first).removeprefix("Value error, ")) from None
    settings = executor_settings(executor, ray_address)
    chosen = make_provider(provider, settings, model=model, base_url=base_url, api_key_env=api_key_env)
    st = open_store(store, settings)
    report = anyio.run(run_coevolve, st, cfg, chosen, settings)
    if as_json:
        typer.echo(report.model_dump_json(indent=1))
        return
    _print(report)


def _print(report) -> None:
    table = Table(title=f"co-evolution of {report.solver}")
    for col in (
        "round",
        "clusters",
        "targeted",
        "operators",
        "validated",
        "published",
        "hit rate",
        "R_agent",
        "R_synth",
    ):
        table.add_column(col)
    for r in report.rounds:
        ops = ", ".join(f"{k} {v}" for k, v in r.operators.items())
        table.add_row(
            str(r.round),
            str(r.clusters_found),
            str(r.clusters_targeted),
            ops,
            str(r.validated),
            str(len(r.published)),
            f"{r.frontier_hit_rate:.2f}",
            f"{r.r_agent:.2f}",
            f"{r.r_synth:.2f}",
        )
    table_console().print(table)
    arms = [("targeted", report.targeted), ("untargeted", report.untargeted)]
    for name, arm in arms:
        if arm is not None:
            typer.echo(
                f"{name}: frontier hit rate {arm.frontier_hit_rate:.2f} over {arm.validated} validated of "
                f"{arm.proposed} proposed; solvability {arm.solvability_rate:.2f}; published {len(arm.published)}"
            )
    typer.echo(f"distinct failure clusters: {report.distinct_clusters}; {report.wall_s:.0f}s")
    typer.echo("published: " + " ".join(report.targeted.published))


COMMANDS = {"coevolve": coevolve}
