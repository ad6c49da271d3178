"""Host faults are errors, not rewards: with the host's C++ compiler unusable (a file that cannot be executed
bound over it, in a mount namespace of the test's own, bubblewrap's), a correct C++ solution is judged at no
door, where it used to be a compilation error on every test, a clean 0: `frontiersmith judge` exits non-zero,
MCP `submit` answers an error and stores nothing, the verl reward raises and TRL's gives None. (The checker
comes from the compile cache, made before the compiler went: only the solution's compile meets the fault.)

Part of the hostile suite: `make test` also runs this file as an unprivileged user (tests/unprivileged.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from suite_env import child_env

from frontiersmith.rewards.tasks import GroundTruth
from frontiersmith.store import open_store
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs

pytestmark = pytest.mark.anyio

DATA = Path(__file__).parent / "data"
MINI = DATA / "frontiercs_mini"
CGROUP = "FRONTIERSMITH_SANDBOX_CGROUP"
GXX = os.path.realpath(shutil.which("g++") or "/usr/bin/g++")
REWARDS = """
import json, sys
from frontiersmith.rewards.trl import reward_function
from frontiersmith.rewards.verl import compute_score
code, truth = sys.argv[1], sys.argv[2]
print(json.dumps(reward_function()(completions=[code], ground_truth=[truth])), flush=True)
compute_score("frontiersmith", code, truth)
"""


def python(code: str) -> list[str]:
    """A Python process running ``code`` with this test's imports: this interpreter as root; as an unprivileged
    user (tests/unprivileged.py) the system's, given this one's import path, since the user namespace
    ``without_compiler`` makes cannot enter the home the venv's base interpreter may live in."""
    if os.geteuid() == 0:
        return [sys.executable, "-c", code]
    sites = [p for p in sys.path if p.endswith("-packages")]
    boot = f"import site, sys\nsys.path[:0] = {sys.path!r}\nfor p in {sites!r}:\n    site.addsitedir(p)\n"
    return ["/usr/bin/python3", "-c", boot + code]


CLI = "import runpy\nrunpy.run_module('frontiersmith.cli', run_name='__main__', alter_sys=True)\n"


def without_compiler(argv: list[str]) -> list[str]:
    """``argv`` run where the host's g++ cannot be executed (/dev/null bound over it): as root with the
    capabilities the process sandbox needs, else in a user namespace of its own (the uid stays the same)."""
    if shutil.which("bwrap") is None:
        pytest.fail("bubblewrap is needed to take the compiler away from a test's processes")
    own = ["--cap-add", "ALL"] if os.geteuid() == 0 else ["--unshare-user"]
    return ["bwrap", "--dev-bind", "/", "/", *own, "--ro-bind", "/dev/null", GXX, "--", *argv]


@pytest.fixture
async def imported(tmp_path: Path) -> tuple[Path, str, str]:
    """The mini package imported into a store (its checker compiled into the session's compile cache while
    the compiler was there), and a correct C++ solution no cache has seen."""
    with open_store(tmp_path / "store.db") as store:
        problem = (await import_frontiercs(MINI, store, backend="process")).problem_id
    code = (DATA / "solutions" / "best.cpp").read_text() + f"// {uuid.uuid4().hex}\n"
    return tmp_path, problem, code


async def test_a_compiler_missing_on_the_host_is_a_system_error_at_every_door(
    imported: tuple[Path, str, str],
) -> None:
    data_dir, problem, code = imported
    solution = data_dir / "best.cpp"
    solution.write_text(code)
    env = child_env(
        FRONTIERSMITH_DATA_DIR=str(data_dir),
        FRONTIERSMITH_CONFIG=str(data_dir / "no-config.toml"),
        FRONTIERSMITH_SANDBOX_BACKEND="process",
    )
    if CGROUP in os.environ:  # as an unprivileged user (tests/unprivileged.py): the cgroup delegated to it
        env[CGROUP] = os.environ[CGROUP]
    cli = python(CLI)

    judged = subprocess.run(
        without_compiler([*cli, "judge", str(MINI), str(solution), "--json"]),
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert judged.returncode != 0, judged.stdout
    assert "could not be judged" in judged.stderr and "compilation error" not in judged.stdout
    report = json.loads(judged.stdout)
    assert report["complete"] is False and {t["verdict"] for t in report["tests"]} == {"SYSTEM_ERROR"}

    server = without_compiler([*cli, "serve", "--tools", "solve"])
    params = StdioServerParameters(command=server[0], args=server[1:], env=env)
    async with Client(params) as client:
        result = await client.call_tool("submit", {"problem_id": problem, "code": code, "language": "cpp"})
    assert result.is_error and "could not be judged" in result.content[0].text  # type: ignore[union-attr]
    with open_store(data_dir / "store.db") as store:
        assert store.tasks.list_submissions(problem) == []

    truth = GroundTruth(task_id="mini", package=str(MINI)).dumps()
    fenced = f"```cpp\n{code}\n```"
    rewards = subprocess.run(
        without_compiler([*python(REWARDS), fenced, truth]),
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert json.loads(rewards.stdout.splitlines()[0]) == [None]  # TRL: no reward for this completion
    assert rewards.returncode != 0 and "NotJudgedError" in rewards.stderr  # verl: the step stops, says why
