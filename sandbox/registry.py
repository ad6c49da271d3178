"""Sandbox backends by name: each backend's class registers itself with ``@sandbox_backend("name")``.

``open_sandbox`` (and the ``sandbox_backend`` setting) pick a backend through this registry, so adding
one is a new module with a decorated ``Sandbox`` subclass, imported by the package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from frontiersmith.errors import SandboxError
from frontiersmith.settings import Settings

from .base import Sandbox

SandboxT = TypeVar("SandboxT", bound=type[Sandbox])

_BACKENDS: dict[str, type[Sandbox]] = {}


def sandbox_backend(name: str) -> Callable[[SandboxT], SandboxT]:
    """Class decorator: make a ``Sandbox`` subclass (built from ``Settings``) available as ``name``."""

    def register(cls: SandboxT) -> SandboxT:
        known = _BACKENDS.get(name)
        if known is not None and known is not cls:
            raise ValueError(f"sandbox backend {name!r} is already registered ({known.__qualname__})")
        cls.backend = name
        _BACKENDS[name] = cls
        return cls

    return register


def registered_backends() -> tuple[str, ...]:
    """The backend names, in the order they registered."""
    return tuple(_BACKENDS)


def make_sandbox(name: str, settings: Settings) -> Sandbox:
    """A sandbox of backend ``name``, not yet started (``await sb.start()``)."""
    cls = _BACKENDS.get(name)
    if cls is None:
        raise SandboxError(f"Unknown sandbox backend {name!r}; use one of: {', '.join(_BACKENDS)}.")
    return cls(settings)
