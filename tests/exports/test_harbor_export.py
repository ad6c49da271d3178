"""The harbor export: the layout Harbor reads, lineage in task.toml, what only the verifier sees kept in
tests/, and the reward a Harbor trial writes equal to the `submit` score: with Harbor's own oracle agent on
the local Docker engine where Harbor is installed (.ci/run puts it in a Python 3.12 venv of its own), else by
doing what Harbor does (build environment/, run solution/solve.sh, upload tests/, run tests/test.sh, read
/logs/verifier/reward.txt)."""

from __future__ import annotations

import os
import subprocess
import tomllib
import uuid
from pathlib import Path

import pytest
from export_helpers import INVALID_CODE, Published, docker_config_with_compose, find_harbor

from frontiersmith.tools.exports import export_tasks, load_bundle
from frontiersmith.tools.submit import submit

pytestmark = pytest.mark.anyio


async def test_harbor_export_is_a_harbor_task_with_lineage_and_hidden_tests(
    published: Published, tmp_path: Path
) -> None:
    task = published.tasks["min_true_2sat"]
    out = tmp_path / "harbor"
    await export_tasks(
        published.store,
        "harbor",
        out,
        tasks=task.id,
        options={"base_image": "my/base:1"},
        settings=published.settings,
    )
    folder = out / task.id
    config = tomllib.loads((folder / "task.toml").read_text())
    meta = config["metadata"]["frontiersmith"]
    assert (
        meta["task"] == task.id
        and meta["candidate"] == task.candidate_id
        and meta["family"] == "seed_two_sat"
    )
    assert meta["chain"][-1] == task.id and meta["axis"] == "objective" and meta["forced"] is True
    assert config["task"]["name"] == f"frontiersmith/{task.id}" and config["verifier"]["timeout_sec"] > 0
    assert "FROM my/base:1" in (folder / "environment" / "Dockerfile").read_text()
    compose = (folder / "environment" / "docker-compose.yaml").read_text()
    assert "network_mode: none" in compose and "init: true" in compose  # init: `compose down` stops at once
    assert task.problem.statement.strip() in (folder / "instruction.md").read_text()
    bundle = await load_bundle(published.store, task, published.settings)
    assert (
        bundle.best is not None
        and bundle.best.solution.code.strip() in (folder / "solution" / "solve.sh").read_text()
    )
    # what the agent sees (instruction, environment) holds no test input and no baseline objective
    seen = (folder / "instruction.md").read_text() + "".join(
        p.read_text() for p in (folder / "environment").iterdir()
    )
    assert all(t.input.decode().strip()[:40] not in seen for t in bundle.package.tests)
    assert sorted(p.name for p in (folder / "tests").iterdir()) == [
        "chk.cc",
        "config.yaml",
        "limits.json",
        "run_tests.py",
        "statement.txt",
        "test.sh",
        "testdata",
        "testlib.h",
    ]
    assert os.access(folder / "tests" / "test.sh", os.X_OK) and os.access(
        folder / "solution" / "solve.sh", os.X_OK
    )
    default = tmp_path / "default"
    await export_tasks(published.store, "harbor", default, tasks=task.id, settings=published.settings)
    assert (
        f"FROM {published.settings.sandbox_image}"
        in (default / task.id / "environment" / "Dockerfile").read_text()
    )


def _docker(*args: str, timeout: float = 300) -> str:
    done = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"docker {' '.join(args[:2])}: {done.stderr[-2000:]}"
    return done.stdout


def reward_as_harbor_does(task_dir: Path, agent_solution: tuple[str, str] | None = None) -> float:
    """Harbor's trial by hand: build environment/, start the container (no network), put the solution where
    the agent's goes (solution/solve.sh, as the oracle agent does, or ``(path, code)``), upload tests/ to
    /tests, run test.sh, read the reward file."""
    tag = f"frontiersmith-harbor-test-{uuid.uuid4().hex[:8]}"
    _docker("build", "-q", "-t", tag, str(task_dir / "environment"))
    container = _docker("run", "-d", "--network", "none", "--init", tag, "sleep", "900").strip()
    try:
        if agent_solution is None:
            _docker("cp", str(task_dir / "solution"), f"{container}:/solution")
            _docker("exec", container, "bash", "/solution/solve.sh")
        else:
            path, code = agent_solution
            subprocess.run(
                ["docker", "exec", "-i", container, "sh", "-c", f"cat > {path}"],
                input=code,
                text=True,
                check=True,
            )
        _docker("cp", str(task_dir / "tests"), f"{container}:/tests")
        _docker("exec", container, "bash", "/tests/test.sh", timeout=600)
        return float(_docker("exec", container, "cat", "/logs/verifier/reward.txt"))
    finally:
        subprocess.run(["docker", "rm", "-f", container], capture_output=True)
        subprocess.run(["docker", "rmi", "-f", tag], capture_output=True)


def reward_from_harbor_oracle(harbor: Path, task_dir: Path, tmp: Path) -> float:
    # LiteLLM (in Harbor) otherwise tries to fetch its model price list from the network, retrying, at every run
    env = {**os.environ, **docker_config_with_compose(harbor, tmp), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    jobs = tmp / "jobs"
    done = subprocess.run(
        [str(harbor), "run", "-p", str(task_dir), "-a", "oracle", "-o", str(jobs), "-n", "1", "-y", "-q"],
        capture_output=True,
        text=True,
        timeout=900,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    rewards = list(jobs.glob("*/*/verifier/reward.txt"))
    assert len(rewards) == 1, (done.stdout[-3000:], list(jobs.rglob("*")))
    return float(rewards[0].read_text())


@pytest.mark.slow
@pytest.mark.docker
async def test_harbor_oracle_agent_reward_equals_the_submit_score(
    published: Published, tmp_path: Path, docker_required: None
) -> None:
    task = published.tasks["max_3sat"]
    out = tmp_path / "harbor"
    await export_tasks(published.store, "harbor", out, tasks=task.id, settings=published.settings)
    bundle = await load_bundle(published.store, task, published.settings)
    assert bundle.best is not None
    best = bundle.best.program
    expected = await submit(published.store, task.id, best.code, best.language, settings=published.settings)
    harbor = find_harbor()
    reward = (
        reward_from_harbor_oracle(harbor, out / task.id, tmp_path)
        if harbor is not None
        else reward_as_harbor_does(out / task.id)
    )
    assert reward == pytest.approx(expected.score, abs=1e-6) and reward > 0


@pytest.mark.docker
async def test_harbor_reward_of_an_agents_file_equals_the_submit_score(
    published: Published, tmp_path: Path, docker_required: None
) -> None:
    task = published.tasks["weighted_tardiness"]
    out = tmp_path / "harbor"
    await export_tasks(published.store, "harbor", out, tasks=task.id, settings=published.settings)
    bundle = await load_bundle(published.store, task, published.settings)
    assert bundle.best is not None
    best = bundle.best.program
    expected = await submit(published.store, task.id, best.code, best.language, settings=published.settings)
    assert reward_as_harbor_does(out / task.id) == pytest.approx(expected.score, abs=1e-6)
    invalid = await submit(published.store, task.id, INVALID_CODE, "python", settings=published.settings)
    assert invalid.score == 0.0
    assert reward_as_harbor_does(out / task.id, ("/app/solution.py", INVALID_CODE)) == 0.0
