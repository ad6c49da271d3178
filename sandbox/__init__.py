"""Running untrusted code: ``open_sandbox`` gives one isolated environment per submission (DESIGN §7).

Backends: ``process`` (bubblewrap + rlimits) and ``docker`` (one container); both drive the same
small runner inside, which executes every test under its limits with nothing carried over.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from frontiersmith.errors import SandboxError
from frontiersmith.settings import Settings, get_settings

from .base import CompileResult, ExecResult, ProgramHandle, RunLimits, Sandbox

__all__ = [
    "BACKENDS",
    "CompileResult",
    "ExecResult",
    "ProgramHandle",
    "RunLimits",
    "Sandbox",
    "SandboxError",
    "open_sandbox",
    "start_sandbox",
]

BACKENDS = ("process", "docker")


async def start_sandbox(backend: str | None = None, settings: Settings | None = None) -> Sandbox:
    """Start a sandbox; the caller must ``await sb.close()`` (prefer ``open_sandbox``)."""
    settings = settings or get_settings()
    name = backend or settings.sandbox_backend
    if name == "process":
        from .process import ProcessSandbox

        sb: Sandbox = ProcessSandbox(settings)
    elif name == "docker":
        from .docker_backend import DockerSandbox

        sb = DockerSandbox(settings)
    else:
        raise SandboxError(f"Unknown sandbox backend {name!r}; use one of: {', '.join(BACKENDS)}.")
    await sb.start()  # type: ignore[attr-defined]
    return sb


@asynccontextmanager
async def open_sandbox(
    backend: str | None = None, settings: Settings | None = None
) -> AsyncIterator[Sandbox]:
    """``async with open_sandbox() as sb``: one isolation set-up, torn down on exit (also on errors)."""
    sb = await start_sandbox(backend, settings)
    try:
        yield sb
    finally:
        await sb.close()
