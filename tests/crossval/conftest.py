"""Fixtures of the cross-validation tests: settings over a fresh store in tmp_path (tests/store_fixtures.py)."""

from store_fixtures import settings, store

__all__ = ["settings", "store"]
