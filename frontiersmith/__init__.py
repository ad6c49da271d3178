"""FrontierSmith: turn closed competitive-programming problems into open-ended ones and judge them.

The public API (docs/reference/api.md): ``import frontiersmith as fs`` and use what ``__all__`` names. Each
name is imported when first used, so ``import frontiersmith`` (and the CLI, which imports this package) loads
only what a call needs. Everything under ``frontiersmith.tools``, ``.store``, ``.sandbox``, ``.server`` and
``.agents`` is internal and may change without notice.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .version import __version__

# Each public name and the module that defines it.
_HOMES = {
    # functions (frontiersmith/api.py)
    "judge": "frontiersmith.api",
    "judge_async": "frontiersmith.api",
    "score": "frontiersmith.api",
    "synthesize": "frontiersmith.api",
    "Synthesis": "frontiersmith.api",
    "program_of": "frontiersmith.api",
    "open_store": "frontiersmith.store",
    "load_package": "frontiersmith.tools.judging.packages",
    "load_environment": "frontiersmith.rewards.environment",
    # types
    "Store": "frontiersmith.store",
    "Problem": "frontiersmith.models",
    "Task": "frontiersmith.models",
    "TaskCard": "frontiersmith.models",
    "Program": "frontiersmith.models",
    "Language": "frontiersmith.models",
    "Verdict": "frontiersmith.models",
    "TestResult": "frontiersmith.models",
    "JudgePackage": "frontiersmith.tools.judging.package",
    "JudgeReport": "frontiersmith.tools.judging.package",
    "Settings": "frontiersmith.settings",
    "SynthesisConfig": "frontiersmith.tools.synthesis.pipeline",
    # errors: every error the API raises is a FrontierSmithError
    "FrontierSmithError": "frontiersmith.errors",
    "InvalidInputError": "frontiersmith.errors",
    "NotFoundError": "frontiersmith.errors",
    "NotJudgedError": "frontiersmith.errors",
    "SandboxError": "frontiersmith.errors",
    "ProviderError": "frontiersmith.errors",
    "EndpointUnreachable": "frontiersmith.errors",
}

__all__ = [
    "__version__",
    "judge",
    "judge_async",
    "score",
    "synthesize",
    "Synthesis",
    "program_of",
    "open_store",
    "load_package",
    "load_environment",
    "Store",
    "Problem",
    "Task",
    "TaskCard",
    "Program",
    "Language",
    "Verdict",
    "TestResult",
    "JudgePackage",
    "JudgeReport",
    "Settings",
    "SynthesisConfig",
    "FrontierSmithError",
    "InvalidInputError",
    "NotFoundError",
    "NotJudgedError",
    "SandboxError",
    "ProviderError",
    "EndpointUnreachable",
]

if TYPE_CHECKING:
    from .api import Synthesis, judge, judge_async, program_of, score, synthesize
    from .errors import (
        EndpointUnreachable,
        FrontierSmithError,
        InvalidInputError,
        NotFoundError,
        NotJudgedError,
        ProviderError,
        SandboxError,
    )
    from .models import Language, Problem, Program, Task, TaskCard, TestResult, Verdict
    from .rewards.environment import load_environment
    from .settings import Settings
    from .store import Store, open_store
    from .tools.judging.judge import JudgeReport
    from .tools.judging.package import JudgePackage
    from .tools.judging.packages import load_package
    from .tools.synthesis.pipeline import SynthesisConfig


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'frontiersmith' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value  # imported once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
