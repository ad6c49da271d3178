"""``--store FILE``: how every command that reads or writes a store is pointed at one, and what a command says
when the store it read holds nothing yet (the last demo's store, when there is one).

Which store a command uses, one rule for all (docs/reference/cli.md, "Which store"): ``--store FILE``, else
``FRONTIERSMITH_STORE_PATH`` (``store_path`` in the config file), else ``DATA_DIR/store.db``. The option sets
``FRONTIERSMITH_STORE_PATH`` for the rest of the command, so every part of it (the MCP server it serves, the
agents' server processes it starts) opens the same file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from frontiersmith.settings import Settings, get_settings

STORE_ENV = "FRONTIERSMITH_STORE_PATH"


def _pointed(existing: bool) -> Callable[[Path | None], Path | None]:
    def use(value: Path | None) -> Path | None:
        if value is None:
            return None
        path = value.expanduser().absolute()
        if existing and not path.is_file():
            raise typer.BadParameter(
                f"there is no store at {path}; pass the store.db a run printed", param_hint="'--store'"
            )
        os.environ[STORE_ENV] = str(path)
        return path

    return use


def store_option(*, existing: bool = False, what: str = "") -> Any:
    """The ``--store FILE`` option; ``existing``: the command only reads, so a path with no store is an error
    (rather than an empty store made there)."""
    return typer.Option(
        None,
        "--store",
        metavar="FILE",
        callback=_pointed(existing),
        help=(what or "The store file")
        + " (default: FRONTIERSMITH_STORE_PATH, else DATA_DIR/store.db; `frontiersmith demo` prints its own).",
    )


def empty_store_hint(command: str, settings: Settings | None = None) -> str:
    """What to do about a store that holds no run yet: the last demo's store when the command read the default
    one (``command`` is how to run it again there), else to run a synthesis first."""
    from frontiersmith.store import last_demo_store

    settings = settings or get_settings()
    demo = last_demo_store(settings)
    if demo is not None and settings.store_path is None:
        return (
            f"the last `frontiersmith demo` wrote to its own store: `frontiersmith {command} --store {demo}`."
        )
    return (
        "run `frontiersmith synthesize` (or `frontiersmith demo`) first, or pass --store with a run's store."
    )
