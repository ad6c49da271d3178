"""Fixtures shared by the real-model tests."""

import pytest


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
