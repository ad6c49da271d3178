"""`frontiersmith store ...` commands: a thin shell over ``frontiersmith.store``."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from .shell import App
from .store_option import empty_store_hint, store_option

app = App(no_args_is_help=True)
STORE = store_option(existing=True)


@app.command("info")
def info(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    store: Path | None = STORE,
) -> None:
    """Where the store is, its schema version, its size and how many rows each table holds."""
    from frontiersmith.store import open_store

    with open_store() as opened:
        report = opened.info()
    if as_json:
        typer.echo(json.dumps(report.to_dict(), indent=2))
        return
    typer.echo(f"path:           {report.path}")
    typer.echo(f"schema version: {report.schema_version}")
    typer.echo(f"size:           {report.size_bytes / 1024:.1f} KiB")
    for table, count in report.counts.items():
        typer.echo(f"{table + ':':<16}{count}")


@app.command("lineage")
def lineage(
    record_id: str = typer.Argument(..., metavar="ID", help="A record id (a unique prefix is enough)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, seed first."),
    store: Path | None = STORE,
) -> None:
    """The chain a record came from: seed -> candidate -> ... -> the record itself."""
    from frontiersmith.store import open_store
    from frontiersmith.tools.problems.resolver import lineage as lineage_of

    with open_store() as opened:
        chain, _ = lineage_of(opened, record_id)
    if as_json:
        typer.echo(json.dumps([node.to_dict() for node in chain], indent=2))
        return
    for depth, node in enumerate(chain):
        details = ", ".join(
            f"{k} {v}"
            for k, v in (("axis", node.axis), ("round", node.round), ("status", node.status))
            if v is not None
        )
        via = f"--{node.relation}--> " if node.relation else ""
        title = f" {node.title!r}" if node.title else ""
        typer.echo(f"{'  ' * depth}{via}{node.kind} {node.id}{title}{f' ({details})' if details else ''}")
        if node.provenance:
            typer.echo(f"{'  ' * depth}  from {_origin(node.provenance)}")


def _origin(p: dict) -> str:
    """An imported seed's provenance in one line: format, file:row, name, source, license."""
    where = f"{p.get('file', '')}:{p['row']}" if p.get("row") is not None else p.get("file", "")
    parts = [p.get("format", ""), where, p.get("name", "")]
    parts += [f"{k} {p[k]}" for k in ("source", "license", "url") if p.get(k)]
    return " ".join(x for x in parts if x)


@app.command("cost")
def cost(
    run_id: str | None = typer.Argument(
        None, metavar="[RUN]", help="A synthesis run id (default: the latest)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    store: Path | None = STORE,
) -> None:
    """What a synthesis run spent: model tokens and sandbox CPU-seconds per stage and per published task."""
    from frontiersmith.errors import InvalidInputError
    from frontiersmith.store import open_store
    from frontiersmith.tools.synthesis.cost import run_cost

    with open_store() as opened:
        runs = {r.id: r for r in opened.pipeline_runs.list()}
        if not runs:
            raise InvalidInputError(
                f"The store {opened.path} holds no synthesis run yet; {empty_store_hint('store cost')}"
            )
        if run_id is None:
            run_id = max(runs.values(), key=lambda r: r.updated_at).id
        elif run_id not in runs:
            raise InvalidInputError(
                f"No synthesis run {run_id} in the store; `frontiersmith store cost` names the latest."
            )
        cost = run_cost(opened, run_id)
        report = cost.to_json()
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    typer.echo(
        f"run {report['run']}: {report['tokens']} tokens, {report['cpu_seconds']:.2f} sandbox CPU-seconds"
    )
    typer.echo(
        f"{'stage':<16}{'tokens':>10}{'model calls':>13}{'cpu seconds':>13}{'sandbox runs':>14}  workers"
    )
    for stage, m in report["per_stage"].items():
        # where the stage's sandbox work ran (host:pid of the driver, or of each Ray worker)
        workers = ", ".join(m.get("workers", [])) or "-"
        typer.echo(
            f"{stage:<16}{m['tokens']:>10}{m['model_calls']:>13}{m['cpu_seconds']:>13.2f}{m['sandbox_runs']:>14}"
            f"  {workers}"
        )
    if cost.model_time_line():
        typer.echo(cost.model_time_line())
    per = report["per_published_task"]
    if per is None:
        typer.echo("no task published: no cost per published task")
    else:
        typer.echo(
            f"per published task ({report['published_tasks']}): {per['tokens']:.0f} tokens, "
            f"{per['cpu_seconds']:.2f} CPU-seconds"
        )


@app.command("exchanges")
def exchanges(
    run_id: str | None = typer.Argument(
        None, metavar="[RUN]", help="A synthesis run id (default: the latest run that asked a model)."
    ),
    candidate: str = typer.Option(
        None, "--candidate", help="Only the exchanges about this record (a candidate, a seed)."
    ),
    step: str = typer.Option(None, "--step", help="Only this step's (mutate, solve, write_tests, ...)."),
    full: bool = typer.Option(False, "--full", help="Print each exchange's messages and answer in full."),
    export: Path = typer.Option(
        None,
        "--export",
        metavar="FILE",
        help="Write the run's exchanges to FILE (JSONL), which `synthesize --replay FILE` replays.",
    ),
    store: Path | None = STORE,
    as_json: bool = typer.Option(False, "--json", help="Print the exchanges as JSON (with their messages)."),
) -> None:
    """Every model exchange of a synthesis run: each request (step, record, parameters, attempt), its answer,
    model, tokens and latency, and why an answer could not be used."""
    from frontiersmith.errors import InvalidInputError
    from frontiersmith.store import open_store
    from frontiersmith.tools.synthesis.replay import export_run

    with open_store() as opened:
        runs = dict(opened.exchanges.runs())
        if not runs:
            raise InvalidInputError(
                f"The store {opened.path} holds no model exchange yet: a run keeps them when a model (not the "
                "offline provider) answers it."
            )
        if run_id is None:
            run_id = list(runs)[-1]
        elif run_id not in runs:
            raise InvalidInputError(
                f"The run {run_id} has no model exchanges in the store; these have: {', '.join(runs)}."
            )
        if export is not None:
            written = export_run(opened, run_id, export)
            typer.echo(f"wrote {written} exchanges of run {run_id} to {export}")
            return
        found = opened.exchanges.list(run_id, subject_id=candidate, step=step, messages=full or as_json)
    if as_json:
        typer.echo(json.dumps([e.model_dump(mode="json") for e in found], indent=1))
        return
    typer.echo(f"run {run_id}: {len(found)} exchanges")
    for e in found:
        params = " ".join(f"{k}={v}" for k, v in e.context.items())
        where = " ".join(
            x
            for x in (
                f"ask {e.ask}" if e.ask else "",
                f"attempt {e.attempt}" if e.attempt > 1 else "",
                f"turn {e.turn}" if e.turn else "",
            )
            if x
        )
        verdict = (
            f"ERROR {e.error}" if e.error else f"UNUSABLE {e.unusable}" if e.unusable else "ok"
        ).replace("\n", " ")[:160]
        typer.echo(
            f"{e.step:<16} {e.subject_id or '-':<22} {params:<24} {where:<18} {e.model:<20} "
            f"{e.tokens:>7} tok {e.latency_s:>7.1f} s{' (replayed)' if e.replayed else ''}  {verdict}"
        )
        if full:
            for m in e.messages:
                typer.echo(f"--- {m.get('role', m.get('type', '?'))}\n{m.get('content', json.dumps(m))}")
            typer.echo(f"--- answer\n{e.answer}\n")
