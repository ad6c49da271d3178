"""`frontiersmith export`: a thin shell over ``tools/exports.export_tasks``."""

from __future__ import annotations

from pathlib import Path

import anyio
import typer

from .store_option import empty_store_hint, store_option


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
        help="Splits by lineage family, e.g. train:0.9,test:0.1 (siblings never straddle two splits); every "
        "split gets a task when there are enough (by task when there are fewer families than splits), and the "
        "export says what it did.",
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
    store: Path | None = store_option(existing=True, what="The store to export from"),
) -> None:
    """Write published tasks out for a trainer or an agent harness, with a manifest.json."""
    from frontiersmith.errors import InvalidInputError
    from frontiersmith.store import open_store
    from frontiersmith.tools.exports import export_tasks

    options = {"base_image": base_image} if base_image else {}

    async def go():
        with open_store() as opened:
            if not opened.tasks.list():
                raise InvalidInputError(
                    f"The store {opened.path} holds no published task yet; {empty_store_hint('export ...')}"
                )
            return await export_tasks(
                opened,
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
    n = len(manifest.tasks)
    typer.echo(f"exported {n} task{'s' * (n != 1)} as {manifest.format} to {out} ({counts})")
    if manifest.split_note:
        typer.echo(manifest.split_note[:1].upper() + manifest.split_note[1:])
    for task in manifest.tasks:
        where = f"{task.path}: " if task.path else ""
        typer.echo(f"  {where}{task.task_id} {task.title!r} (family {task.family})")


COMMANDS = {"export": export}
