"""`frontiersmith synthesize` and `frontiersmith demo`."""

from collections.abc import Callable

COMMANDS: dict[str, Callable[..., None]] = {}
