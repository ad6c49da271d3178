"""The environment of a test's child process: this one without the user's FRONTIERSMITH_* settings (no
developer's config reaches a test), but with the session's shared compile cache (tests/conftest.py)."""

from __future__ import annotations

import os

COMPILE_CACHE = "FRONTIERSMITH_COMPILE_CACHE_DIR"


def child_env(**settings: str) -> dict[str, str]:
    """``os.environ`` less every FRONTIERSMITH_* variable but the shared compile cache, plus ``settings``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FRONTIERSMITH_") or k == COMPILE_CACHE}
    env.update(settings)
    return env
