"""The scale tests' shared Ray cluster: ONE local cluster per session with 2 worker processes, started by the
first test that asks for it (Ray start-up takes seconds: paid once)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from scale_jobs import RAY_WORKERS


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[object]:
    """A local Ray cluster with 2 worker CPUs for the whole session."""
    ray = pytest.importorskip("ray", reason="the ray executor's tests need the [ray] extra")
    ray.init(num_cpus=RAY_WORKERS, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()
