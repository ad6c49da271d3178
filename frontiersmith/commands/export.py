"""`frontiersmith export`: a thin shell over ``tools/exports.export_tasks``."""

from __future__ import annotations

from pathlib import Path

import anyio
import typer


def export(
    out: Path = typer.Argument(..., metavar="OUT", help="A new (or empty) folder to write the export into."),
    fmt: str = typer.Option(
        ..., "--format", help="The export format: frontiercs, harbor, native, verl, trl, verifiers or hf."
    ),
    tasks: str | None = typer.Option(
        None,
        "--tasks",
        help="'latest' (default: each candidate's latest version), 'all' (every version), or task ids "
        "separated by commas (a candidate id stands for its latest task).",
    ),
    run: str | None = typer.Option(None, "--run", help="The latest tasks of one synthesis run."),
    everything: bool = typer.Option(False, "--all", help="Every published task, every version."),
    split: str | None = typer.Option(
        None,
        "--split",
        help="Splits by lineage family, e.g. train:0.9,test:0.1 (siblings never straddle two splits).",
    ),
    base_image: str | None = typer.Option(
        None,
        "--base-image",
        help="harbor: the image environment/Dockerfile builds FROM (default: the sandbox image).",
    ),
    card_ok: bool = typer.Option(
        False, "--card-ok", help="Only tasks whose task card raises no warning (see `frontiersmith audit`)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the manifest as JSON."),
) -> None:
    """Write published tasks out for a trainer or an agent harness, with a manifest.json."""
    from frontiersmith.store import open_store
    from frontiersmith.tools.exports import export_tasks

    options = {"base_image": base_image} if base_image else {}

    async def go():
        with open_store() as store:
            return await export_tasks(
                store,
                fmt,
                out,
                tasks=tasks,
                run=run,
                everything=everything,
                split=split,
                card_ok=card_ok,
                options=options,
            )

    manifest = anyio.run(go)
    if as_json:
        typer.echo(manifest.model_dump_json())
        return
    counts = ", ".join(f"{n} {name}" for name, n in manifest.counts.items())
    typer.echo(f"exported {len(manifest.tasks)} tasks as {manifest.format} to {out} ({counts})")
    for task in manifest.tasks:
        where = f"{task.path}: " if task.path else ""
        typer.echo(f"  {where}{task.task_id} {task.title!r} (family {task.family})")


COMMANDS = {"export": export}
