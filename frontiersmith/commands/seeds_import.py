"""`frontiersmith seeds import`: a thin shell over ``tools/seeds/importer.import_seeds``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import anyio
import typer

from .shell import table_console
from .store_option import store_option

if TYPE_CHECKING:
    from frontiersmith.tools.seeds.importer import ImportSummary

SHOWN_REASONS = 10  # skipped rows and notes printed under the table (--json has the first thousand)


def seeds_import(
    path: Path = typer.Argument(
        ..., metavar="PATH", help="A .jsonl, .json or .parquet file, a seed folder, or a folder of them."
    ),
    format: str = typer.Option(
        "auto",
        "--format",
        help="auto | codecontests | taco | apps | native | frontiercs (auto: from the rows).",
    ),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Import only the first N rows."),
    as_seed: bool = typer.Option(
        False, "--as-seed", help="Take FrontierCS packages (open problems) as seeds to mutate."
    ),
    no_validate: bool = typer.Option(
        False, "--no-validate", help="Do not run the reference solutions (every seed is stored untested)."
    ),
    jobs: int = typer.Option(
        1,
        "--jobs",
        min=1,
        help="Processes reading the rows (with --no-validate and the offline tuple reader): about N times "
        "faster on N cores.",
    ),
    check_tests: bool = typer.Option(
        False,
        "--check-tests",
        help="Also run every correct and incorrect solution a row carries: each seed's test recall (share of "
        "incorrect solutions some test rejects) and precision (share of correct ones all tests accept).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON (and nothing else)."),
    store: Path | None = store_option(what="The store to import into"),
) -> None:
    """Import closed problems (CodeContests, TACO, APPS rows, native seed folders) as seeds to synthesise from.

    Each row's tuple is described by the configured provider (offline: from its statement), its reference
    solutions are run on its tests in the sandbox, and it is stored once: a re-import stores nothing new, a
    statement already stored from another row counts as a duplicate, a malformed row is skipped with FILE:ROW.
    """
    from rich.console import Console

    from frontiersmith.settings import get_settings
    from frontiersmith.store import open_store
    from frontiersmith.tools.llm.chat import keeping_bad_answers
    from frontiersmith.tools.llm.factory import MODEL_PROVIDERS, make_provider
    from frontiersmith.tools.seeds.importer import import_seeds

    settings = get_settings()
    # Only a model provider describes better than the offline reading of the statement, which describe falls
    # back to on its own.
    provider = (
        make_provider(settings.llm_provider, settings) if settings.llm_provider in MODEL_PROVIDERS else None
    )
    stderr = Console(stderr=True)
    with open_store(settings=settings) as opened, ProgressBar(stderr, enabled=not as_json) as progress:

        async def run() -> ImportSummary:
            # A model's unusable answers are kept as llm.bad_answer events of their seeds.
            with keeping_bad_answers(opened):
                return await import_seeds(
                    path,
                    opened,
                    format=format,
                    limit=limit,
                    as_seed=as_seed,
                    provider=provider,
                    validate=not no_validate,
                    settings=settings,
                    progress=progress,
                    jobs=jobs,
                    check_tests=check_tests,
                )

        summary = anyio.run(run)
    if as_json:
        typer.echo(summary.model_dump_json(indent=1))
    else:
        _print_summary(summary)
    if summary.skipped and not (summary.stored or summary.already_stored or summary.duplicates):
        # every row was refused: the command failed, whatever else it printed
        rows = "the one row was" if summary.skipped == 1 else f"all {summary.skipped} rows were"
        typer.echo(
            f"error: nothing was stored: {rows} skipped (the reasons are above); fix them or pass --format.",
            err=True,
        )
        raise typer.Exit(1)


class ProgressBar:
    """A rich progress bar on stderr when stderr is a terminal; the callback an importer reports to (done,
    total) as it goes, counting ``unit``."""

    def __init__(self, console, enabled: bool, unit: str = "rows"):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = None
        if enabled and sys.stderr.isatty():
            self.bar = Progress(
                TextColumn("[bold]importing"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn(unit),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            )
        self.task = None

    def __enter__(self):
        if self.bar is None:
            return None
        self.bar.__enter__()
        self.task = self.bar.add_task("import", total=None)
        return self.update

    def update(self, done: int, total: int | None, *_: object) -> None:
        """Show ``done`` of ``total`` rows imported (``total`` None while unknown)."""
        assert self.bar is not None and self.task is not None
        self.bar.update(self.task, completed=done, total=total)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)  # type: ignore[arg-type]


def _print_summary(summary: ImportSummary) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"{summary.format} rows")
    table.add_column("", style="bold")
    table.add_column("rows", justify="right")
    for label, count in (
        ("read", summary.rows),
        ("stored", summary.stored),
        ("already stored", summary.already_stored),
        ("duplicates", summary.duplicates),
        ("skipped", summary.skipped),
    ):
        table.add_row(label, str(count))
    for status, count in sorted(summary.statuses.items()):
        table.add_row(f"  {status}", str(count))
    for comparison, count in sorted(summary.comparisons.items()):
        table.add_row(f"  compared by {comparison}", str(count))
    console = table_console()
    console.print(table)
    if not summary.validated:
        console.print("references were not run (--no-validate): the stored seeds are untested")
    if summary.checked_tests:
        _print_test_quality(console, summary)
    for heading, notes, count in (
        ("skipped", summary.skipped_rows, summary.skipped),
        ("note", summary.notes, len(summary.notes)),
    ):
        for note in notes[:SHOWN_REASONS]:
            console.print(f"{heading}: {escape(note.where)}: {escape(note.reason)}", soft_wrap=True)
        if count > SHOWN_REASONS:
            console.print(f"... {count - SHOWN_REASONS} more ({heading}; --json lists them)")
    rate = summary.rows_per_s
    shown = f"{rate:.0f}" if rate >= 10 else f"{rate:.2f}"
    console.print(
        f"{escape(summary.path)}: {summary.rows} rows in {summary.elapsed_s:.1f} s ({shown} rows/s)",
        soft_wrap=True,
    )


def _print_test_quality(console, summary: ImportSummary) -> None:
    from rich.markup import escape

    measured = [t for t in summary.test_quality if t.quality.recall is not None]
    console.print(
        f"tests checked: {len(summary.test_quality)} seeds, {len(measured)} with incorrect solutions to catch; "
        f"{summary.weak_tests} with tests too weak",
        soft_wrap=True,
    )
    for seeds in summary.test_quality[:SHOWN_REASONS]:
        q = seeds.quality
        recall = (
            f"recall {q.recall:.2f} ({q.rejected}/{q.incorrect} incorrect rejected)" if q.incorrect else ""
        )
        precision = (
            f"precision {q.precision:.2f} ({q.accepted}/{q.correct} correct accepted)" if q.correct else ""
        )
        shown = ", ".join(p for p in (recall, precision) if p) or "no solution compiled"
        console.print(f"tests: {escape(seeds.where)}: {shown}", soft_wrap=True)
    if len(summary.test_quality) > SHOWN_REASONS:
        console.print(f"... {len(summary.test_quality) - SHOWN_REASONS} more (tests; --json lists them)")


COMMANDS = {"import": seeds_import}
