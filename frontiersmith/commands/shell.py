"""How every command reads to a person: the typer app its groups are made of (``App``), whose help and usage
lines show a flag without a value type and an argument by its name, and the console its tables print to,
which never cuts a cell when the output is piped (``table_console``)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand, TyperGroup

if TYPE_CHECKING:
    from rich.console import Console

# Wide enough for any row a command prints: piped output is read by programs and pagers, which want every id
# whole on its line rather than cut to 80 columns.
PIPED_WIDTH = 100_000


def table_console() -> Console:
    """The console a command prints its tables to on stdout: the terminal's width on a terminal, and no limit
    when piped, so a table never cuts or folds a name to fit 80 columns."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else PIPED_WIDTH)


def _usage_name(argument: Any) -> str:
    """An argument as the usage line shows it: NAME when required, [NAME] when not (once, whatever its
    metavar already holds), NAME... when it takes several values."""
    name = (argument.metavar or argument.name or "").strip("[]{}").upper()
    if argument.nargs != 1:
        name += "..."
    return name if argument.required else f"[{name}]"


class _Plain:
    """The help and usage of one command or group. typer shows every option's value type, so a flag, which
    takes no value, read `--json <bool>` and `--help <bool>` as if it took one; and its usage line put
    required arguments in braces (`{PROBLEM}`) and an optional one with a bracketed metavar in two pairs."""

    options_metavar: str | None

    def _plain(self, params: list[Any]) -> list[Any]:
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""  # shown as the value type: none
        return params

    def get_params(self, ctx: Any) -> list[Any]:
        return self._plain(super().get_params(ctx))  # type: ignore[misc]

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        return pieces + [_usage_name(p) for p in self.get_params(ctx) if p.param_type_name == "argument"]


class Command(_Plain, TyperCommand):
    """A CLI command whose flags and usage line read as ``_Plain`` says."""


class Group(_Plain, TyperGroup):
    """A CLI group whose flags and usage line read as ``_Plain`` says, its usage ending in the subcommand."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """The usage line's pieces, with the subcommand's metavar last."""
        return [*super().collect_usage_pieces(ctx), self.subcommand_metavar]


class App(typer.Typer):
    """``typer.Typer`` whose groups and commands read as ``_Plain`` says; every group of the CLI is one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cls=Group, **kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Any:
        """Register a command whose class is ``Command`` unless ``cls`` says otherwise."""
        kwargs.setdefault("cls", Command)
        return super().command(*args, **kwargs)
