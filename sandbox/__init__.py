"""Running untrusted code: ``open_sandbox`` gives one isolated environment per submission (docs/design.md, "Sandboxes").

Backends, registered by name (``registry.py``): ``process`` (bubblewrap + rlimits) and ``docker`` (one
container); both drive the same small runner inside, which executes every test under its limits with
nothing carried over.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from frontiersmith.errors import SandboxError
from frontiersmith.metering import unmetered
from frontiersmith.settings import Settings, get_settings

from . import docker_backend, process  # noqa: F401  (each backend registers itself by name on import)
from .base import CompileResult, ExecResult, ProgramHandle, ProgramRole, RunLimits, Sandbox
from .registry import make_sandbox, registered_backends, sandbox_backend

__all__ = [
    "CompileResult",
    "ExecResult",
    "ProgramHandle",
    "ProgramRole",
    "RunLimits",
    "Sandbox",
    "SandboxError",
    "make_sandbox",
    "open_sandbox",
    "registered_backends",
    "sandbox_backend",
    "start_sandbox",
]


async def start_sandbox(
    backend: str | None = None, settings: Settings | None = None, limits: Sequence[RunLimits] = ()
) -> Sandbox:
    """Start a sandbox of the named (else the configured) backend, sized for runs under ``limits`` (beside the
    settings' own); the caller must ``await sb.close()`` (prefer ``open_sandbox``)."""
    settings = settings or get_settings()
    sb = make_sandbox(backend or settings.sandbox_backend, settings)
    sb.sized_for = tuple(limits)
    with unmetered():  # its self-test runs are the sandbox's, not any candidate's (frontiersmith/metering.py)
        await sb.start()
    return sb


@asynccontextmanager
async def open_sandbox(
    backend: str | None = None, settings: Settings | None = None, limits: Sequence[RunLimits] = ()
) -> AsyncIterator[Sandbox]:
    """``async with open_sandbox() as sb``: one isolation set-up, torn down on exit (also on errors). ``limits``:
    those of the runs it is opened for (a problem's, its verifier's), which its space is sized from."""
    sb = await start_sandbox(backend, settings, limits)
    try:
        yield sb
    finally:
        await sb.close()
