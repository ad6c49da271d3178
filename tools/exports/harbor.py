"""The ``harbor`` export: one Harbor task folder a task.

What the agent sees is apart from what only the verifier sees::

    task.toml               limits, and how the task was made under [metadata.frontiersmith]
    instruction.md          the statement and where to write the solution (/app/solution.py or .cpp)
    environment/Dockerfile  FROM the locally built sandbox image (python3, g++): builds with no network
    environment/docker-compose.yaml   the container runs with ``network_mode: none`` and ``init: true``
    tests/test.sh           uploaded after the agent finishes: judges /app/solution.* and writes the mean
                            normalised score, the continuous reward, to /logs/verifier/reward.txt (and
                            .json); the solution runs under a uid of its own, away from the checker and
                            the answers (harbor_run_tests.py says how)
    tests/...               the FrontierCS form of the task (chk.cc, testdata/N.in + N.ans), testlib.h and
                            run_tests.py, the runner test.sh calls
    solution/solve.sh       the best sampled solution, written where the agent's would be (Harbor's oracle)

No network: Harbor's own ``network_mode = "no-network"`` is enforced by an egress-control sidecar whose
image Harbor pulls, which a machine without network (like a dockerd started with ``--bridge=none``) cannot
do, and Harbor then refuses the task; so task.toml leaves Harbor's policy at its default and the task's
compose file, which Harbor merges into its own, takes the network away from the container itself.

``init: true``: Harbor's main service runs ``sh -c "sleep infinity"`` as the container's first process,
which ignores SIGTERM, so every ``docker compose down`` at a trial's end waited out the 10 s stop grace
before a SIGKILL, longer than a short trial itself; with Docker's init as the first process the stop is at once.

The score of one output is the generated FrontierCS checker's (``frontiercs.native_checker``), the same
number FrontierSmith's judge gives; the runner adds only running the solution under the limits and the mean.
"""

from __future__ import annotations

import json
import math
from importlib import resources
from pathlib import Path
from typing import Any

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Language

from ..llm.prompts import solution_io
from .bundle import TaskBundle
from .frontiercs import write_frontiercs
from .native import lineage_of
from .registry import ExportContext, ExportFormat, export_format

SOLUTION_FILE = {Language.PYTHON: "/app/solution.py", Language.CPP: "/app/solution.cpp"}
TEST_SH = """#!/bin/bash
# Judges the agent's /app/solution.cpp or /app/solution.py on the hidden tests in this folder and writes the
# mean normalised score (0 = the baseline or worse, 1 = the best possible) to /logs/verifier/reward.txt.
# If the runner fails, the reward is 0 and nothing else in /logs/verifier (Harbor reads reward.json first).
set -u
mkdir -p /logs/verifier
python3 "$(dirname "$0")/run_tests.py" || {
  find /logs/verifier -mindepth 1 -maxdepth 1 ! -name test-stdout.txt -exec rm -rf {} +
  echo 0 > /logs/verifier/reward.txt
}
"""


def toml_value(value: Any) -> str:
    """One TOML value: strings as JSON-escaped basic strings (TOML reads the same escapes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(float(value)) if isinstance(value, float) else str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def to_toml(tables: dict[str, dict[str, Any]]) -> str:
    """``{"a.b": {key: value}}`` as TOML tables; None values and non-finite numbers are left out (TOML has no
    null), nested mappings become their own tables."""
    lines: list[str] = []

    def table(name: str, body: dict[str, Any]) -> None:
        scalars = {
            k: v
            for k, v in body.items()
            if v is not None
            and not isinstance(v, dict)
            and not (isinstance(v, float) and not math.isfinite(v))
        }
        lines.append(f"[{name}]")
        lines.extend(f"{json.dumps(k)} = {toml_value(v)}" for k, v in scalars.items())
        lines.append("")
        for k, v in body.items():
            if isinstance(v, dict):
                table(f"{name}.{json.dumps(k)}", v)

    for name, body in tables.items():
        table(name, body)
    return "\n".join(lines)


TOML_HEADER = (
    "# A FrontierSmith task. The container has no network: environment/docker-compose.yaml sets network_mode\n"
    "# none (Harbor's no-network mode needs its egress sidecar image, which a machine without network cannot pull).\n"
)
COMPOSE = "services:\n  main:\n    network_mode: none\n    init: true\n"


def task_toml(bundle: TaskBundle) -> str:
    """The task's ``task.toml``: its name, lineage, and time-outs and memory sized from its limits and test
    count."""
    limits, tests = bundle.package.limits, len(bundle.package.tests)
    # each test runs the solution and then the checker (which runs the verifier): room for both, and builds
    verifier_s = 120.0 + tests * (3 * limits.time_ms / 1000.0 + 15.0)
    lineage = {k: v for k, v in lineage_of(bundle).items() if v not in (None, {}, [])}
    return TOML_HEADER + to_toml(
        {
            "task": {
                "name": f"frontiersmith/{bundle.task_id}",
                "description": bundle.problem.title,
                "keywords": ["frontiersmith", "optimisation", bundle.axis or "task"],
            },
            "metadata": {"category": "programming", "frontiersmith": lineage},
            "verifier": {"timeout_sec": verifier_s},
            "agent": {"timeout_sec": 3600.0},
            "environment": {
                "build_timeout_sec": 600.0,
                "cpus": 1,
                "memory_mb": max(2048, 4 * limits.memory_mb),
            },
        }
    )


def instruction(bundle: TaskBundle) -> str:
    """The task's ``instruction.md``: the statement, where the solution goes, the limits and how it is rewarded."""
    pkg = bundle.package
    return (
        f"# {pkg.problem.title}\n\n{pkg.problem.statement.rstrip()}\n\n## Your solution\n\n"
        f"{solution_io(pkg.verifier.interactive)} Write it "
        f"as `{SOLUTION_FILE[Language.PYTHON]}` (Python 3) or `{SOLUTION_FILE[Language.CPP]}` (C++17, built "
        f"with `g++ -O2`). Each test allows {pkg.limits.time_ms} ms of CPU time and {pkg.limits.memory_mb} MB "
        "of memory. The tests are hidden. Your reward is the mean over them of the normalised score: 0 for an "
        "invalid output or one no better than the baseline solution's, rising towards 1 as your objective "
        "improves on the baseline's.\n"
    )


def solve_sh(bundle: TaskBundle) -> str:
    """The task's ``solution/solve.sh``, which writes the best program there is (``TaskBundle.reference``) where
    the agent's goes; InvalidInputError when the task has neither a sampled solution nor a baseline."""
    best = bundle.reference
    if best is None:
        raise InvalidInputError(
            f"The task {bundle.task_id} has no sampled solution or baseline for solution/solve.sh; sample one."
        )
    marker, n = "FRONTIERSMITH_SOLUTION", 0
    while f"{marker}_{n}" in best.code:
        n += 1
    return (
        "#!/bin/bash\n# The best sampled solution of the task, where the agent's solution goes.\nset -eu\n"
        f"mkdir -p /app\ncat > {SOLUTION_FILE[best.language]} <<'{marker}_{n}'\n{best.code.rstrip()}\n"
        f"{marker}_{n}\n"
    )


def write_harbor(bundle: TaskBundle, dest: Path, base_image: str) -> Path:
    """Write ``bundle`` as a Harbor task folder in ``dest`` (new or empty)."""
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise InvalidInputError(f"{dest} already exists and is not an empty folder; choose a new folder.")
    if not base_image.strip() or any(c.isspace() for c in base_image.strip()):
        raise InvalidInputError(f"The base image {base_image!r} is not an image name; pass e.g. name:tag.")
    tests = write_frontiercs(bundle, dest / "tests")
    here = resources.files("frontiersmith.tools.exports")
    (tests / "run_tests.py").write_text(here.joinpath("harbor_run_tests.py").read_text())
    (tests / "testlib.h").write_text(
        resources.files("frontiersmith.sandbox").joinpath("testlib.h").read_text()
    )
    limits = bundle.package.limits
    (tests / "limits.json").write_text(json.dumps({"time_ms": limits.time_ms, "memory_mb": limits.memory_mb}))
    (tests / "test.sh").write_text(TEST_SH)
    (tests / "test.sh").chmod(0o755)
    (dest / "environment").mkdir()
    (dest / "environment" / "Dockerfile").write_text(
        f"# The FrontierSmith sandbox image (python3, g++), built locally: nothing is fetched at build.\n"
        f"FROM {base_image.strip()}\nWORKDIR /app\n"
    )
    (dest / "environment" / "docker-compose.yaml").write_text(COMPOSE)
    (dest / "solution").mkdir()
    (dest / "solution" / "solve.sh").write_text(solve_sh(bundle))
    (dest / "solution" / "solve.sh").chmod(0o755)
    (dest / "instruction.md").write_text(instruction(bundle))
    (dest / "task.toml").write_text(task_toml(bundle))
    return dest


@export_format("harbor")
class HarborFormat(ExportFormat):
    """``--format harbor``: each task as the folder ``write_harbor`` writes; the ``base_image`` option names the
    image its environment builds from (the sandbox image by default)."""

    summary = "one Harbor task folder a task (task.toml, instruction.md, environment/, tests/, solution/)"

    async def write_task(self, bundle: TaskBundle, dest: Path, ctx: ExportContext) -> None:
        """Write the task's Harbor folder at ``dest``."""
        base = ctx.options.get("base_image") or ctx.settings.sandbox_image
        write_harbor(bundle, dest, str(base))
