"""`frontiersmith seeds list | show | edit`."""

from __future__ import annotations

COMMANDS: dict = {}
