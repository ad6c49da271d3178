"""Fixtures of the agent tests: settings over a fresh store in tmp_path (tests/store_fixtures.py), and tracing
off so no span ever leaves the machine."""

from __future__ import annotations

import pytest
from store_fixtures import settings, store

__all__ = ["settings", "store"]


@pytest.fixture(autouse=True)
def _no_tracing() -> None:
    from agents import set_tracing_disabled

    set_tracing_disabled(True)
