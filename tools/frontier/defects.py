"""The typed records of FrontierSynth's diagnoser, re-exported where the frontier code (and F2's targeted
synthesis) imports them: a failure type per attempt, the clusters and the Capability Defect Map."""

from __future__ import annotations

from frontiersmith.models import DefectCluster, DefectMap, FailureType, TestInfo, Trajectory

# Failures that are about the tests a solver failed on (their distribution and size are the cluster's).
TEST_FAILURES = frozenset(
    {
        FailureType.RUNTIME_ERROR,
        FailureType.TIME_OUT,
        FailureType.MEMORY_OUT,
        FailureType.INVALID_OUTPUT,
    }
)
SOLVED = frozenset({FailureType.SUCCESS})

__all__ = ["SOLVED", "TEST_FAILURES", "DefectCluster", "DefectMap", "FailureType", "TestInfo", "Trajectory"]
