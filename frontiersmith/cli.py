"""The ``frontiersmith`` command: a thin shell over ``tools/``; each group lives in ``commands/``."""

from __future__ import annotations

import os
import sys
from importlib import import_module
from typing import Any

import typer
from pydantic import ValidationError

from .commands.shell import App
from .errors import FrontierSmithError
from .version import __version__

_app = App(
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


@_app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """FrontierSmith."""


# Each command (or group of commands) and the module of ``commands/`` that defines it, in the order `--help`
# lists them. A command line names its command first, so `main` imports that module alone: `frontiersmith
# judge` never loads the synthesis commands (bench/startup.py measures it); `--help`, no command and an unknown
# name load them all (tests/test_cli.py checks this table against the modules).
COMMAND_MODULES = {
    "store": "store",
    "sandbox": "sandbox",
    "model": "model",
    "catalog": "catalog",
    "seeds": "seeds",
    "import": "judge",
    "judge": "judge",
    "problems": "judge",
    "synthesize": "pipeline",
    "demo": "pipeline",
    "evaluate-divergence": "pipeline",
    "export": "export",
    "audit": "audit",
    "serve": "serve",
    "mcp-config": "serve",
    "dashboard": "serve",
    "evaluate": "frontier",
    "diagnose": "frontier",
    "coevolve": "coevolve",
}
GROUP_HELP = {
    "store": "Inspect the SQLite store and lineage.",
    "sandbox": "Manage the sandbox (build the Docker image).",
    "model": "A local model: pull it (verified) and serve it on loopback.",
    "catalog": "The built-in catalog of problem families.",
    "seeds": "Closed problems to synthesise from: import, list, show, edit.",
    "import": "Import problems from other formats.",
}
_registered: set[str] = set()


def _commands_of(module: str) -> dict[str, Any]:
    """The commands and groups ``commands/<module>.py`` defines, by name."""
    loaded = import_module(f"frontiersmith.commands.{module}")
    if module == "judge":
        return {"import": loaded.import_app, "judge": loaded.judge, "problems": loaded.problems}
    if hasattr(loaded, "COMMANDS"):
        return dict(loaded.COMMANDS)
    return {module: loaded.app}


def register(command: str | None = None) -> App:
    """The CLI with ``command``'s module registered (every module when ``command`` is None or unknown)."""
    modules = (
        [COMMAND_MODULES[command]]
        if command in COMMAND_MODULES
        else list(dict.fromkeys(COMMAND_MODULES.values()))
    )
    for module in modules:
        if module in _registered:
            continue
        _registered.add(module)
        for name, target in _commands_of(module).items():
            if isinstance(target, typer.Typer):
                _app.add_typer(target, name=name, help=GROUP_HELP[name])
            else:
                _app.command(name)(target)
    return _app


def _for(args: list[str]) -> App:
    """The CLI as a command line needs it: its command's module, none for `--version` alone, else them all."""
    if args == ["--version"]:
        return _app
    return register(args[0] if args else None)


def __getattr__(name: str) -> Any:
    if name == "app":  # the whole CLI, every command registered (what a test or an embedding program drives)
        return register()
    raise AttributeError(f"module 'frontiersmith.cli' has no attribute {name!r}")


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
    args = sys.argv[1:] if argv is None else argv
    # `--store` points the rest of the command at a store through the environment; a caller that runs commands
    # in-process (a test, a program embedding the CLI) gets its environment back.
    store_before = os.environ.get("FRONTIERSMITH_STORE_PATH")
    try:
        _main(args)
    finally:
        if store_before is None:
            os.environ.pop("FRONTIERSMITH_STORE_PATH", None)
        else:
            os.environ["FRONTIERSMITH_STORE_PATH"] = store_before


def _main(args: list[str]) -> None:
    try:
        code = _for(args)(args=args, prog_name="frontiersmith", standalone_mode=False)
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
