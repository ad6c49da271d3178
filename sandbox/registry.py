"""Sandbox backends by name: each backend's class registers itself with ``@sandbox_backend("name")``.

``open_sandbox`` (and the ``sandbox_backend`` setting) pick a backend through this registry, so adding
one is a new module with a decorated ``Sandbox`` subclass, imported by the package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from frontiersmith.errors import SandboxError
from frontiersmith.registry import ClassRegistry
from frontiersmith.settings import Settings

from .base import Sandbox

SandboxT = TypeVar("SandboxT", bound=type[Sandbox])

_BACKENDS: ClassRegistry[Sandbox] = ClassRegistry("sandbox backend", "backend")


def sandbox_backend(name: str) -> Callable[[SandboxT], SandboxT]:
    """Class decorator: make a ``Sandbox`` subclass (built from ``Settings``) available as ``name``."""
    return _BACKENDS.decorator(name)


def registered_backends() -> tuple[str, ...]:
    """The backend names, in the order they registered."""
    return _BACKENDS.names()


def make_sandbox(name: str, settings: Settings) -> Sandbox:
    """A sandbox of backend ``name``, not yet started (``await sb.start()``)."""
    cls = _BACKENDS.get(name)
    if cls is None:
        raise SandboxError(f"Unknown sandbox backend {name!r}; use one of: {', '.join(_BACKENDS.names())}.")
    return cls(settings)
