"""`frontiersmith judge` and `frontiersmith import ...`."""

import typer

import_app = typer.Typer(no_args_is_help=True)


def judge() -> None:
    """Judge a solution against a problem package (not yet built)."""
    raise typer.Exit(2)
