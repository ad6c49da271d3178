"""`frontiersmith seeds import`."""

from __future__ import annotations

COMMANDS: dict = {}
