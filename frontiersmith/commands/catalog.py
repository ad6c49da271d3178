"""`frontiersmith catalog ...`: list, show and export the built-in problem families (thin shells)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import typer

from .shell import App, table_console

app = App(no_args_is_help=True)


def family_summary(family: Any) -> dict[str, Any]:
    """The JSON row of ``catalog list --json``: name, kind, parent, axis, strategies, title."""
    solvers = family.solvers or ((family.reference,) if family.reference else ())
    return {
        "name": family.name,
        "kind": family.kind,
        "parent": family.parent,
        "axis": family.axis.value if family.axis else None,
        "strategies": [s.strategy for s in solvers],
        "title": family.title,
    }


@app.command("list")
def list_cmd(
    kind: str | None = typer.Option(None, "--kind", help="Only this kind: closed, open or pseudo-open."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list of families."),
) -> None:
    """List the catalog's families: kind, parent seed, mutation axis and solver strategies."""
    from frontiersmith.errors import InvalidInputError
    from frontiersmith.tools.catalog import KINDS, list_families

    if kind is not None and kind not in KINDS:
        raise InvalidInputError(f"--kind {kind!r} is not known; use one of: {', '.join(KINDS)}.")
    rows = [family_summary(f) for f in list_families(kind)]
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    from rich.table import Table

    table = Table(title=f"{len(rows)} catalog families")
    for column in ("name", "kind", "parent", "axis", "strategies"):
        table.add_column(column)
    for r in rows:
        table.add_row(r["name"], r["kind"], r["parent"] or "", r["axis"] or "", ", ".join(r["strategies"]))
    table_console().print(table)


@app.command("show")
def show_cmd(
    name: str = typer.Argument(..., help="A family name (see `frontiersmith catalog list`)."),
    as_json: bool = typer.Option(False, "--json", help="Print the family as JSON."),
) -> None:
    """Show one family: its statement, the (O, C_I, C_O) tuple, distributions and solvers."""
    from frontiersmith.tools.catalog import get_family

    family = get_family(name)
    solvers = [{"strategy": s.strategy, "summary": s.summary, "file": s.path.name} for s in family.solvers]
    info = {
        **family_summary(family),
        "statement": family.statement,
        "objective": family.objective.model_dump(mode="json"),
        "input_spec": family.input_spec.model_dump(mode="json"),
        "output_spec": family.output_spec.model_dump(mode="json"),
        "io_format": family.io_format,
        "limits": family.limits.model_dump(mode="json"),
        "distributions": list(family.distributions),
        "tests_per_distribution": family.tests_per_distribution,
        "solvers": solvers,
        "baseline": _spec(family.baseline),
        "reference": _spec(family.reference),
    }
    if as_json:
        typer.echo(json.dumps(info, indent=2))
        return
    lines = [
        f"{family.name}: {family.title} ({family.kind}"
        + (f", from {family.parent} on the {info['axis']} axis)" if family.parent else ")"),
        "",
        family.statement.rstrip(),
        "",
        f"O   : {family.objective.kind.value}"
        + (f", {family.objective.sense.value}" if family.objective.sense else "")
        + f" -- {family.objective.formula}",
        f"C_I : {family.input_spec.constraints}",
        f"C_O : {family.output_spec.description}",
        f"limits: {family.limits.time_ms} ms, {family.limits.memory_mb} MB",
        f"distributions: {', '.join(family.distributions)} ({family.tests_per_distribution} tests each)",
        "solvers:",
        *[f"  - {s['strategy']} ({s['file']}): {s['summary']}" for s in solvers],
    ]
    if family.baseline:
        lines.append(f"baseline: {family.baseline.strategy} ({family.baseline.path.name})")
    if family.reference:
        lines.append(f"reference: {family.reference.strategy} ({family.reference.path.name})")
    typer.echo("\n".join(lines))


def _spec(spec: Any) -> dict[str, str] | None:
    return (
        None if spec is None else {"strategy": spec.strategy, "summary": spec.summary, "file": spec.path.name}
    )


@app.command("export")
def export_cmd(
    name: str = typer.Argument(..., help="A family name (see `frontiersmith catalog list`)."),
    dest: Path = typer.Argument(..., metavar="DIR", help="A new (or empty) folder to write the package to."),
    seed: int = typer.Option(0, "--seed", min=0, help="Seed of the default test set."),
    backend: str | None = typer.Option(None, "--backend", help="process or docker (default: the setting)."),
) -> None:
    """Write a family as a judgeable package: statement, generated tests, verifier, baseline, manifest."""
    from frontiersmith.errors import InvalidInputError
    from frontiersmith.tools.catalog import get_family
    from frontiersmith.tools.catalog.export import export_family

    if backend is not None and backend not in ("process", "docker"):
        raise InvalidInputError(f"--backend {backend!r} is not known; use process or docker.")
    family = get_family(name)
    result = anyio.run(lambda: export_family(family, dest, seed=seed, backend=backend))
    typer.echo(f"wrote {family.name} to {result.path} with {len(result.tests)} tests")
