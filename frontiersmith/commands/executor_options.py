"""``--executor local|ray`` and ``--ray-address``: the options of every command whose sandbox work can run on
a Ray cluster (judge, synthesize, evaluate, coevolve), and the settings they make."""

from __future__ import annotations

from typing import Any

import typer

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings


def executor_option(what: str) -> Any:
    """The ``--executor`` option of a command whose ``what`` (its judging, its sandbox work) can run on Ray."""
    return typer.Option(
        None,
        "--executor",
        help=f"local (this process) or ray (the workers of a Ray cluster): where {what} runs; the driver "
        "alone writes the store (default: the setting).",
    )


def ray_address_option() -> Any:
    """The ``--ray-address`` option a command that judges takes beside ``--executor``."""
    return typer.Option(
        None, "--ray-address", help="The Ray cluster to use with --executor ray (default: start a local one)."
    )


def executor_settings(
    executor: str | None, ray_address: str | None, settings: Settings | None = None
) -> Settings:
    """``settings`` (default: the configured ones) with ``--executor`` and ``--ray-address`` applied."""
    from frontiersmith.settings import get_settings

    settings = settings or get_settings()
    if executor is not None and executor not in ("local", "ray"):
        raise InvalidInputError(f"--executor {executor!r} is not known; use local or ray.")
    if ray_address is not None and (executor or settings.executor) != "ray":
        raise InvalidInputError("--ray-address needs --executor ray.")
    update = {"executor": executor, "ray_address": ray_address}
    return settings.model_copy(update={k: v for k, v in update.items() if v is not None})
