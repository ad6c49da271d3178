"""`frontiersmith seeds list | show | edit`: shells over ``tools/seeds/view``."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from .shell import table_console
from .store_option import store_option

JSON = typer.Option(False, "--json", help="Print JSON instead of text.")
STORE = store_option(existing=True)


def list_cmd(as_json: bool = JSON, store: Path | None = STORE) -> None:
    """List the seeds synthesis can start from: id, title, source, status, tests, references, objective."""
    from frontiersmith.store import open_store
    from frontiersmith.tools.seeds.view import list_seed_rows

    with open_store() as opened:
        rows = list_seed_rows(opened)
    if as_json:
        typer.echo(json.dumps([r.model_dump(mode="json") for r in rows], indent=2))
        return
    from rich.table import Table

    table = Table(title=f"{len(rows)} seed{'' if len(rows) == 1 else 's'}")
    for column in ("id", "title", "source", "status", "tests", "refs", "objective"):
        table.add_column(column, overflow="fold", no_wrap=column == "id")
    for r in rows:
        table.add_row(r.id, r.title, r.source, r.status.value, str(r.tests), str(r.references), r.objective)
    table_console().print(table)


def show_cmd(
    seed_id: str = typer.Argument(..., metavar="ID", help="A seed id (a unique prefix is enough)."),
    as_json: bool = JSON,
    store: Path | None = STORE,
) -> None:
    """Show one seed: its (O, C_I, C_O) tuple, provenance, status and reason, comparison, tests, references."""
    from frontiersmith.store import open_store
    from frontiersmith.tools.seeds.view import objective_label, seed_view

    with open_store() as opened:
        view = seed_view(opened, seed_id)
    if as_json:
        typer.echo(view.model_dump_json(indent=2))
        return
    t, p = view.tuple, view.provenance
    lines = [
        f"{view.id}  {t.title}",
        f"status:      {view.status.value}{f' ({view.status_reason})' if view.status_reason else ''}",
        f"comparison:  {f'its checker (by {view.checker_by})' if view.checker_by else view.comparison.value}",
        f"objective:   {objective_label(t.objective)}{f': {t.objective.formula}' if t.objective.formula else ''}",
        f"kind from:   {view.objective_reason or 'unknown'}",
        "bounds:      "
        + (", ".join(f"{k} in [{lo:g}, {hi:g}]" for k, (lo, hi) in t.input_spec.bounds.items()) or "none"),
        f"constraints: {_first_line(t.input_spec.constraints)}",
        f"output:      {_first_line(t.output_spec.description)}",
        f"tuple by:    {view.tuple_by or 'unknown'}",
    ]
    if p is not None:
        where = f"{p.file}:{p.row}" if p.row is not None else p.file
        lines.append(f"from:        {p.format} {where} {p.name}".rstrip())
        lines += [f"{k + ':':<13}{v}" for k, v in (("source", p.source), ("license", p.license)) if v]
    answered = sum(1 for x in view.tests if x.has_answer)
    lines.append(f"tests:       {len(view.tests)} ({answered} with answers)")
    if (q := view.test_quality) is not None:
        measured = [
            f"{name} {value:.2f} ({part}/{whole} {what})"
            for name, value, part, whole, what in (
                ("recall", q.recall, q.rejected, q.incorrect, "incorrect solutions rejected"),
                ("precision", q.precision, q.accepted, q.correct, "correct solutions accepted"),
            )
            if value is not None
        ]
        lines.append(f"test quality: {', '.join(measured) or 'no solution compiled'}")
    refs = ", ".join(f"{r.language.value} ({r.author})" for r in view.references)
    lines.append(f"solutions:   {refs or 'none'}")
    typer.echo("\n".join(lines))


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    more = " ..." if text.strip().count("\n") else ""
    return (line[:100] + more) if line else "(none)"


def edit_cmd(
    seed_id: str = typer.Argument(..., metavar="ID", help="A seed id (a unique prefix is enough)."),
    title: str | None = typer.Option(None, "--title", help="The seed's title."),
    objective_kind: str | None = typer.Option(
        None, "--objective-kind", help="decide, count, construct or optimise."
    ),
    sense: str | None = typer.Option(None, "--sense", help="min or max (an optimise objective needs one)."),
    formula: str | None = typer.Option(None, "--formula", help="What is asked, in one sentence."),
    constraints: str | None = typer.Option(None, "--constraints", help="The input constraints text."),
    bound: list[str] = typer.Option(
        [], "--bound", help="NAME=LO:HI sets a bound, NAME= removes it (repeat the option)."
    ),
    output: str | None = typer.Option(None, "--output", help="What a correct output is."),
    store: Path | None = STORE,
) -> None:
    """Correct a seed's title and (O, C_I, C_O) tuple: with options, the fields they name; with none, the
    tuple as YAML in $EDITOR. The edit is validated and the tuple is then marked as written by you."""
    from frontiersmith.store import open_store
    from frontiersmith.tools.seeds import view as cat

    change = cat.checked_change(
        title=title,
        objective_kind=objective_kind,
        sense=sense,
        formula=formula,
        constraints=constraints,
        bounds=dict(cat.parse_bound(b) for b in bound),
        output=output,
    )
    with open_store() as opened:
        current = cat.seed_tuple(cat.find_seed(opened, seed_id))
        if change.is_empty():
            text = edit_text(cat.tuple_yaml(current), f"{seed_id}.yaml")
            if text is None:
                typer.echo("No change: the tuple was not saved.")
                return
            new = cat.tuple_from_yaml(text)
        else:
            new = cat.changed_tuple(current, change)
        seed = cat.edit_seed(opened, seed_id, new)
    typer.echo(f"{seed.id}: tuple saved ({cat.objective_label(seed.problem.objective)}), written by you.")


def edit_text(text: str, name: str) -> str | None:
    """``text`` after the user's $VISUAL or $EDITOR saved it, or None when it came back unchanged (the
    typer in use no longer carries click's ``edit``)."""
    import os
    import shlex
    import subprocess
    import tempfile
    from pathlib import Path

    from frontiersmith.errors import InvalidInputError

    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name.replace("/", "_")
        path.write_text(text)
        try:
            done = subprocess.run([*shlex.split(editor), str(path)])
        except OSError:
            raise InvalidInputError(
                f"The editor {editor!r} could not be started; set $EDITOR or pass the fields as options."
            ) from None
        if done.returncode != 0:
            raise InvalidInputError(
                f"The editor {editor!r} exited with {done.returncode}; nothing was saved."
            )
        edited = path.read_text()
    return None if edited == text else edited


COMMANDS = {"list": list_cmd, "show": show_cmd, "edit": edit_cmd}
