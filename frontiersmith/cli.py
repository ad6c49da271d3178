"""The ``frontiersmith`` command: a thin shell over ``tools/``; each group lives in ``commands/``."""

from __future__ import annotations

import click
import typer
from pydantic import ValidationError

from . import __version__
from .errors import FrontierSmithError

app = typer.Typer(
    name="frontiersmith",
    help="Synthesise open-ended coding problems, judge solutions continuously, serve them over MCP.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"frontiersmith {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """FrontierSmith."""


def _register() -> None:
    from .commands import catalog, judge, pipeline, sandbox, serve, store

    app.add_typer(store.app, name="store", help="Inspect the SQLite store and lineage.")
    app.add_typer(sandbox.app, name="sandbox", help="Manage the sandbox (build the Docker image).")
    app.add_typer(catalog.app, name="catalog", help="The built-in catalog of problem families.")
    app.add_typer(judge.import_app, name="import", help="Import problems from other formats.")
    app.command("judge")(judge.judge)
    for name, fn in pipeline.COMMANDS.items():
        app.command(name)(fn)
    for name, fn in serve.COMMANDS.items():
        app.command(name)(fn)


_register()


def fail(message: str, code: int = 1) -> None:
    """Print one sentence to stderr and exit non-zero."""
    typer.echo(f"error: {message}", err=True)
    raise SystemExit(code)


def main() -> None:
    """Entry point: user errors become one sentence and a non-zero exit code, never a traceback."""
    try:
        app(standalone_mode=False)
    except FrontierSmithError as exc:
        fail(str(exc))
    except click.exceptions.Exit as exc:
        raise SystemExit(exc.exit_code) from None
    except click.exceptions.Abort:
        fail("aborted.", 130)
    except click.ClickException as exc:
        exc.show()
        raise SystemExit(exc.exit_code) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "input"
        fail(f"{where}: {first.get('msg')}.")
    except KeyboardInterrupt:
        fail("interrupted.", 130)
    except OSError as exc:
        fail(f"{exc.strerror or exc} ({exc.filename or ''}).".replace(" ()", ""))


if __name__ == "__main__":
    main()
