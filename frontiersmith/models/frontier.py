"""FrontierSynth's records (docs/design.md, "FrontierSynth"): solvers under evaluation, their trajectories, the
Capability Defect Map.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from .ids import Record
from .judging import TestResult, Verdict
from .problem import Language


class FailureType(StrEnum):
    """How one attempt of a solver went (tools/frontier/diagnose.classify), worst outcome first."""

    NO_SOLUTION = "no_solution"  # the solver gave no usable program: no code, a wrong language, it crashed
    COMPILE_ERROR = "compile_error"
    RUNTIME_ERROR = "runtime_error"
    TIME_OUT = "time_out"
    MEMORY_OUT = "memory_out"
    INVALID_OUTPUT = "invalid_output"  # the verifier rejected an output (``detail`` names its constraint)
    BELOW_BASELINE = "below_baseline"  # every output valid, none better than the baseline s*
    SUBOPTIMAL = "suboptimal"  # valid, better than s*, but well short of the best known score
    NEAR_SUCCESS = "near_success"  # within δ of the best known, or short on one distribution only
    SUCCESS = "success"  # at (or within a hair of) the best known score
    SYSTEM_ERROR = "system_error"  # the judge could not score it: not the solver's fault


class TestInfo(BaseModel):
    """What a trajectory keeps of one test besides its result: the features the diagnoser clusters on."""

    __test__ = False  # not a pytest class
    distribution: str = ""
    input_bytes: int = 0
    n: int | None = None  # the first number of the input, when it has one (most formats start with n)


class Trajectory(Record):
    """One attempt of a solver under evaluation on one problem: what it was told and wrote, and how the one
    judge scored it (``tests`` are data-free TestResults: each message is the test's diagnostic)."""

    solver: str  # the solver spec, e.g. "catalog:weak", "model:gpt-4o", "command:./solve.sh"
    problem_id: str  # a task, an imported problem or catalog/NAME
    attempt: int = 1  # from 1
    evaluation_id: str = ""  # the evaluate call it belongs to
    code: str = ""
    language: Language | None = None
    score: float = 0.0
    verdict: Verdict | None = None  # the judge's overall verdict (CE, SYSTEM_ERROR); None when not judged
    # ``TestResult`` dumps (data-free), in the judge's order, as stored; ``results()`` reads them back typed
    tests: list[dict[str, Any]] = Field(default_factory=list)
    test_info: dict[str, TestInfo] = Field(default_factory=dict)  # test name -> features
    messages: list[dict[str, Any]] = Field(default_factory=list)  # {"role", "content"} exchanged
    tokens: int = 0
    wall_s: float = 0.0
    failure: FailureType = FailureType.NO_SOLUTION
    detail: str = ""  # one line on the failure: the reason there was no code, the constraint, the input size
    # what the failure is about, when it is about some tests: their distribution and input-size bucket
    distribution: str = ""
    size: str = ""
    best_known: float | None = None  # the best known score of the problem when this attempt was classified
    strategy: str = ""  # what the solver said its idea was, when it said

    def results(self) -> list[TestResult]:
        """The per-test results as ``TestResult`` records."""
        return [TestResult.model_validate(t) for t in self.tests]


class DefectCluster(BaseModel):
    """Attempts that failed the same way on problems that share features: one row of the defect map."""

    key: str  # stable: failure + the features, e.g. "time_out|family=max_3sat|size=1e4-1e5"
    failure: FailureType
    features: dict[str, str] = Field(default_factory=dict)  # family, axis, distribution, size, tags
    attempts: int = 0  # attempts in the cluster
    problems: list[str] = Field(default_factory=list)
    # difficulty anchors over every attempt on the cluster's problems (not only the failed ones)
    success_rate: float = 0.0
    attempts_to_first_success: float | None = None  # mean over the problems solved; None when none was
    score_entropy: float = 0.0  # Shannon entropy (bits) of the attempts' scores in 10 bins
    mean_score: float = 0.0
    examples: list[str] = Field(default_factory=list)  # trajectory ids
    label: str = ""  # one sentence: by a model when one is configured, else a deterministic sentence
    detail: str = ""  # what the examples say: the constraint named, the input size a time-out starts at


class DefectMap(Record):
    """A solver's Capability Defect Map: its failure clusters over the trajectories stored for it."""

    solver: str
    clusters: list[DefectCluster] = Field(default_factory=list)  # largest first
    trajectories: int = 0
    problems: int = 0
    failures: dict[str, int] = Field(default_factory=dict)  # FailureType value -> attempts
    success_rate: float = 0.0
    labelled_by: str = ""  # "offline" or the provider that wrote the labels
    delta: float = 0.05  # δ of near-success
