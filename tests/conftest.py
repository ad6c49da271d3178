"""Shared pytest fixtures: the asyncio backend for anyio tests."""

import pytest


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
