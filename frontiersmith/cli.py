"""The ``frontiersmith`` command: a thin shell over ``tools/``; each group lives in ``commands/``."""

from __future__ import annotations

import typer
from pydantic import ValidationError

from .commands.shell import App
from .errors import FrontierSmithError
from .version import __version__

app = App(
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
    from .commands import (
        audit,
        catalog,
        coevolve,
        export,
        frontier,
        judge,
        model,
        pipeline,
        sandbox,
        seeds,
        serve,
        store,
    )

    app.add_typer(store.app, name="store", help="Inspect the SQLite store and lineage.")
    app.add_typer(sandbox.app, name="sandbox", help="Manage the sandbox (build the Docker image).")
    app.add_typer(model.app, name="model", help="A local model: pull it (verified) and serve it on loopback.")
    app.add_typer(catalog.app, name="catalog", help="The built-in catalog of problem families.")
    app.add_typer(
        seeds.app, name="seeds", help="Closed problems to synthesise from: import, list, show, edit."
    )
    app.add_typer(judge.import_app, name="import", help="Import problems from other formats.")
    app.command("judge")(judge.judge)
    app.command("problems")(judge.problems)
    for name, fn in pipeline.COMMANDS.items():
        app.command(name)(fn)
    for name, fn in export.COMMANDS.items():
        app.command(name)(fn)
    app.command("audit")(audit.audit)
    for name, fn in serve.COMMANDS.items():
        app.command(name)(fn)
    for name, fn in [*frontier.COMMANDS.items(), *coevolve.COMMANDS.items()]:
        app.command(name)(fn)


_register()


def fail(message: str, code: int = 1) -> None:
    """Print one sentence to stderr and exit non-zero."""
    typer.echo(f"error: {message}", err=True)
    raise SystemExit(code)


# typer raises click's exception classes: its own vendored copy in recent releases, click's in older ones.
# Both hang under typer.BadParameter, so the bases are taken from there rather than imported by name.
_CLICK_CLASSES = {cls.__name__: cls for cls in typer.BadParameter.__mro__}
UsageError: type[Exception] = _CLICK_CLASSES["UsageError"]
ClickException: type[Exception] = _CLICK_CLASSES["ClickException"]


def usage_error(exc: Exception) -> None:
    """The command's usage line, where to find help, and one line saying what was wrong; exit 2."""
    ctx = getattr(exc, "ctx", None)
    message = exc.format_message()  # type: ignore[attr-defined]
    if type(exc).__name__ == "NoArgsIsHelpError":
        # A group called without a command: typer has already printed its help (older releases put the
        # help in the message instead); name the commands on the error line.
        if message:
            typer.echo(message, err=True)
        names = ctx.command.list_commands(ctx) if ctx is not None else []
        where = ctx.command_path if ctx is not None else "frontiersmith"
        fail(f"{where} needs a command: one of {', '.join(names)}.", 2)
    if ctx is not None:
        typer.echo(ctx.get_usage(), err=True)
        typer.echo(f"Try '{ctx.command_path} --help' for help.", err=True)
    line = (message[:1].lower() + message[1:]).rstrip(".") + "." if message else "bad usage."
    fail(line, exc.exit_code)  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> None:
    """Entry point: usage errors print the usage and one line (exit 2); user errors print one sentence
    (exit 1); never a traceback."""
    try:
        code = app(args=argv, prog_name="frontiersmith", standalone_mode=False)
    except FrontierSmithError as exc:
        fail(str(exc))
    except BaseExceptionGroup as group:  # concurrent work (a task group) that stopped on a user error
        found = group.subgroup(lambda e: isinstance(e, FrontierSmithError))
        if found is None:
            raise
        inner: BaseException = found
        while isinstance(inner, BaseExceptionGroup):
            inner = inner.exceptions[0]
        fail(str(inner))
    except typer.Exit as exc:
        raise SystemExit(exc.exit_code) from None
    except typer.Abort:
        fail("aborted.", 130)
    except UsageError as exc:
        usage_error(exc)
    except ClickException as exc:
        fail(exc.format_message(), exc.exit_code)  # type: ignore[attr-defined]
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "input"
        fail(f"{where}: {first.get('msg')}.")
    except KeyboardInterrupt:
        fail("interrupted.", 130)
    except OSError as exc:
        fail(f"{exc.strerror or exc} ({exc.filename or ''}).".replace(" ()", ""))
    # Without standalone mode typer hands back the code of a typer.Exit raised inside a command.
    if isinstance(code, int) and code:
        raise SystemExit(code)


if __name__ == "__main__":
    main()
