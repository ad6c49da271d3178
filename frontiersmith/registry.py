"""Classes by name, each registering itself with a class decorator: the sandbox backends
(``sandbox/registry.py``) and the export formats (``tools/exports/registry.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

Base = TypeVar("Base")
ClassT = TypeVar("ClassT", bound=type)


class ClassRegistry(Generic[Base]):
    """Subclasses of one base by name; registering sets the class attribute ``attribute`` to its name."""

    def __init__(self, what: str, attribute: str):
        self.what = what  # e.g. "sandbox backend", for the error when a name is taken twice
        self.attribute = attribute
        self._classes: dict[str, type[Base]] = {}

    def decorator(self, name: str) -> Callable[[ClassT], ClassT]:
        """A class decorator registering its class under ``name``; another class under a taken name raises
        ValueError."""

        def register(cls: ClassT) -> ClassT:
            known = self._classes.get(name)
            if known is not None and known is not cls:
                raise ValueError(f"{self.what} {name!r} is already registered ({known.__qualname__})")
            setattr(cls, self.attribute, name)
            self._classes[name] = cls
            return cls

        return register

    def names(self) -> tuple[str, ...]:
        """The names, in the order they registered."""
        return tuple(self._classes)

    def get(self, name: str) -> type[Base] | None:
        """The class registered under ``name``, or None."""
        return self._classes.get(name)

    def remove(self, name: str) -> None:
        """Forget ``name`` (a class registered for a while, as tests do)."""
        self._classes.pop(name, None)

    def copy(self) -> ClassRegistry[Base]:
        """A registry holding the same classes, whose later registrations stay its own."""
        twin: ClassRegistry[Base] = ClassRegistry(self.what, self.attribute)
        twin._classes = dict(self._classes)
        return twin
